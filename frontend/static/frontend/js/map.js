// The board as a picture: 45 spaces and their roads; each faction drawn in its colour and its
// shape (triangle Orcs, square Undead, diamond Demons, hexagon Dragonkin) so the map reads
// without colour too. Minions, crystals, fire, gates, Generals, heroes and Sterling on top.

import { s } from "./dom.js";
import { COLOURS, FACTIONS, generalName, heroName } from "./content.js";
import { POSITIONS, VIEW } from "./layout.js";

export function shapePoints(shape, cx, cy, r) {
  const poly = (n, rotation) =>
    Array.from({ length: n }, (_, i) => {
      const a = rotation + (i * 2 * Math.PI) / n;
      return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
    }).join(" ");
  switch (shape) {
    case "triangle": return poly(3, -Math.PI / 2);
    case "square": return poly(4, Math.PI / 4);
    case "diamond": return poly(4, 0);
    case "hexagon": return poly(6, 0);
    case "star": return Array.from({ length: 10 }, (_, i) => {
      const a = -Math.PI / 2 + (i * Math.PI) / 5;
      const rr = i % 2 ? r * 0.55 : r;
      return `${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`;
    }).join(" ");
    default: return poly(24, 0);
  }
}

// A faction badge (shape + number) usable in the map and in the page (as its own <svg>).
export function factionBadge(colour, count, size = 28) {
  const faction = FACTIONS[colour];
  const r = size / 2 - 2;
  return s("svg", { class: "badge-svg", width: size, height: size, viewBox: `0 0 ${size} ${size}`, "aria-hidden": "true" },
    s("polygon", { points: shapePoints(faction.shape, size / 2, size / 2 + (faction.shape === "triangle" ? 2 : 0), r), fill: faction.fill, stroke: colour === "black" ? "#d8d8d8" : "#0b0c0f", "stroke-width": 1.5 }),
    count === undefined ? null : s("text", { x: size / 2, y: size / 2 + (faction.shape === "triangle" ? 5 : 4), "text-anchor": "middle", "font-size": size * 0.42, "font-weight": 700, fill: faction.ink }, String(count)));
}

const BADGE_OFFSETS = { green: [-38, -30], black: [38, -30], red: [-38, 28], blue: [38, 28] };

// `overlay(svg)`, when given, draws over the finished map (risk-map.js shades it).
export function renderMap(content, state, { onSelect, selected, overlay } = {}) {
  const board = state.board || {};
  const showDisputed = state.settings && state.settings.disputed_roads;
  const root = s("svg", {
    class: "map",
    viewBox: `0 0 ${VIEW.width} ${VIEW.height}`,
    role: "img",
    "aria-label": "The board",
  });
  const roads = s("g", { class: "roads" });
  for (const road of content.roads) {
    if (road.status === "disputed" && !showDisputed) continue;
    const a = POSITIONS[road.a];
    const b = POSITIONS[road.b];
    if (!a || !b) continue;
    roads.append(s("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: road.status === "disputed" ? "road disputed" : "road" }));
  }
  root.append(roads);

  // Each General's path to Monarch City, faintly, in its colour.
  const paths = s("g", { class: "general-paths" });
  for (const general of Object.values(content.generals)) {
    const live = (state.generals || {})[general.id];
    if (live && live.defeated) continue;
    const points = general.path.map((id) => POSITIONS[id]).filter(Boolean).map((p) => p.join(",")).join(" ");
    paths.append(s("polyline", { points, class: "general-path", stroke: FACTIONS[general.colour].fill }));
  }
  root.append(paths);

  const nodes = s("g", { class: "nodes" });
  for (const [id, location] of Object.entries(content.locations)) {
    const pos = POSITIONS[id];
    if (!pos) continue;
    nodes.append(renderLocation(content, state, id, location, pos, board[id] || {}, { onSelect, selected: selected === id }));
  }
  root.append(nodes);
  if (overlay) overlay(root);
  return root;
}

function renderLocation(content, state, id, location, [x, y], place, { onSelect, selected }) {
  const minions = place.minions || {};
  const total = COLOURS.reduce((sum, colour) => sum + (minions[colour] || 0), 0);
  const faction = FACTIONS[location.colour];
  const danger = location.kind === "location" && (total >= 3 || (minions.red || 0) >= 2);
  const label = describeLocation(content, state, id, place);
  const group = s("g", {
    class: `loc${selected ? " selected" : ""}${danger ? " danger" : ""}`,
    "data-location": id,
    tabindex: 0,
    role: "button",
    "aria-label": label,
    onclick: () => onSelect && onSelect(id),
    onkeydown: (event) => { if ((event.key === "Enter" || event.key === " ") && onSelect) { event.preventDefault(); onSelect(id); } },
  });
  group.append(s("title", {}, label));
  // A generous invisible target: each space is easy to tap.
  group.append(s("circle", { cx: x, cy: y, r: 62, class: "hit" }));
  if (place.gate) group.append(s("circle", { cx: x, cy: y, r: 41, class: "gate-ring" }));
  if (danger) group.append(s("circle", { cx: x, cy: y, r: 47, class: "danger-ring" }));
  if (location.kind === "city") {
    group.append(s("polygon", { points: shapePoints("star", x, y, 46), class: "city" }));
  } else if (location.kind === "inn") {
    group.append(s("rect", { x: x - 22, y: y - 18, width: 44, height: 36, rx: 6, class: "inn" }));
    group.append(s("text", { x, y: y + 6, class: "inn-text", "text-anchor": "middle" }, "INN"));
  } else {
    group.append(s("polygon", {
      points: shapePoints(faction.shape, x, y + (faction.shape === "triangle" ? 6 : 0), faction.shape === "triangle" ? 34 : 28),
      class: `land land-${location.colour}`,
    }));
  }
  if (place.taint) {
    group.append(s("polygon", { points: shapePoints("diamond", x, y, 15), class: "crystal" }));
    group.append(s("text", { x, y: y + 6, class: "crystal-text", "text-anchor": "middle" }, String(place.taint)));
  }
  if (place.fire) {
    group.append(s("path", { d: `M${x + 24},${y - 48} c-12,14 -14,22 -4,30 c-2,-9 4,-12 6,-18 c4,7 8,12 2,18 c12,-6 10,-20 -4,-30z`, class: "fire" }));
  }
  for (const colour of COLOURS) {
    const count = minions[colour] || 0;
    if (!count) continue;
    const [dx, dy] = BADGE_OFFSETS[colour];
    const f = FACTIONS[colour];
    group.append(s("polygon", {
      points: shapePoints(f.shape, x + dx, y + dy + (f.shape === "triangle" ? 3 : 0), f.shape === "triangle" ? 27 : 21),
      class: `minion minion-${colour}`,
    }));
    group.append(s("text", { x: x + dx, y: y + dy + (f.shape === "triangle" ? 10 : 8), class: `minion-text ink-${colour}`, "text-anchor": "middle" }, String(count)));
  }
  const name = location.name;
  group.append(s("text", { x, y: y + 58, class: "loc-name", "text-anchor": "middle" }, name));

  // Generals standing here (a banner with their initial).
  const generals = Object.entries(state.generals || {}).filter(([, g]) => g.location === id && !g.defeated);
  generals.forEach(([generalId, general], i) => {
    const gx = x - 6 + i * 30;
    const gy = y - 66;
    group.append(s("path", {
      d: `M${gx - 15},${gy - 16} h30 v22 l-15,12 l-15,-12 z`,
      class: `general general-${general.colour}`,
    }, s("title", {}, generalName(content, generalId))));
    group.append(s("text", { x: gx, y: gy + 5, class: `general-text ink-${general.colour}`, "text-anchor": "middle" }, generalName(content, generalId)[0]));
  });

  // Heroes here (a round token with two letters); Sterling likewise when in play.
  const heroes = Object.entries(state.heroes || {}).filter(([, hero]) => hero.location === id);
  const tokens = heroes.map(([, hero]) => heroName(content, hero.hero));
  const sterling = state.sterling && state.sterling.location === id;
  if (sterling) tokens.push("Sterling");
  tokens.forEach((nameOfHero, i) => {
    const hx = x - 46 - (i % 2) * 30;
    const hy = y + 4 - Math.floor(i / 2) * 30 + (i % 2 ? 14 : 0);
    group.append(s("circle", { cx: hx, cy: hy, r: 15, class: nameOfHero === "Sterling" ? "hero sterling" : "hero" }));
    group.append(s("text", { x: hx, y: hy + 6, class: "hero-text", "text-anchor": "middle" }, initials(nameOfHero)));
  });
  return group;
}

export function initials(name) {
  const words = String(name).split(/[\s-]+/).filter(Boolean);
  return (words.length > 1 ? words[0][0] + words[1][0] : String(name).slice(0, 2)).toUpperCase();
}

export function describeLocation(content, state, id, place) {
  const location = content.locations[id];
  const parts = [location ? location.name : id];
  const minions = (place && place.minions) || {};
  const counts = COLOURS.filter((c) => minions[c]).map((c) => `${minions[c]} ${FACTIONS[c].name}`);
  parts.push(counts.length ? counts.join(", ") : "no minions");
  if (place && place.taint) parts.push(`${place.taint} tainted crystal${place.taint > 1 ? "s" : ""}`);
  if (place && place.gate) parts.push("Magic Gate");
  if (place && place.fire) parts.push("on fire");
  for (const [generalId, general] of Object.entries(state.generals || {})) {
    if (general.location === id && !general.defeated) parts.push(generalName(content, generalId));
  }
  for (const hero of Object.values(state.heroes || {})) {
    if (hero.location === id) parts.push(heroName(content, hero.hero));
  }
  return parts.join(". ");
}
