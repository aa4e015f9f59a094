// The board as a picture: 45 spaces and their roads; each faction drawn in its colour and its
// shape (triangle Orcs, square Undead, diamond Demons, hexagon Dragonkin) so the map reads
// without colour too. On top, every token the rules put on the board, in one style: a shape and
// a mark (minions: their faction's shape and a number; heroes: a round token; Generals and the
// Agent: a banner; Trolls, Giant Spiders, Warlords, Dungeons, fire: a square token with a
// letter), each mark unique in the game. Place names are placed last, where no other name is.
//
// The drawing is a stack of small layers (roads, General paths, extra layers passed in
// `layers`, locations with their tokens, names), so another layer can hook in.

import { s } from "./dom.js";
import { COLOURS, FACTIONS, generalName, heroName } from "./content.js";
import { POSITIONS, SHORT_NAMES, VIEW } from "./layout.js";
import { lang, t } from "./i18n.js";
// later: need("table"): a token's rule is read in a location's sheet, after the first paint.

// Text on the map is drawn in SVG units; the map is never narrower than MAP_MIN_WIDTH CSS px
// (app.css), so MAP_TEXT units are at least 11 CSS px on screen.
export const MAP_TEXT = 30;
export const MAP_MIN_WIDTH = Math.ceil((11 * VIEW.width) / MAP_TEXT);
const NAME_FONT = `600 ${MAP_TEXT}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
const TOKEN_R = 22; // a token's radius
const RING = [58, 106]; // where tokens sit around a space: the first ring, then the second
const NODE_R = 34; // the space's own shape

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

// ---------------------------------------------------------------------------------------------
// What stands on each space (the map draws it, the location's details list it).

// The kinds of token, in the order they are drawn around a space. `rule` is what the rulebook
// says happens on a space holding one.
export const TOKEN_KINDS = {
  minions: { style: "minion" },
  taint: { style: "crystal", word: "token.taint" },
  troll: { style: "square", letter: "T", word: "token.troll", rule: () => t("rule.troll") },
  spider: { style: "square", letter: "S", word: "token.spider", rule: () => t("rule.spider") },
  warlord: { style: "square", letter: "W", word: "token.warlord", rule: () => t("rule.warlord") },
  dungeon: { style: "square", letter: "Dg", word: "token.dungeon", rule: () => t("rule.dungeon") },
  fire: { style: "square", letter: "F", word: "token.fire", rule: () => t("rule.fire") },
  general: { style: "banner" },
  agent: { style: "banner", rule: () => t("rule.agent") },
  sterling: { style: "round", letter: "St", one: t("token.sterling"), rule: () => t("rule.sterling") },
  hero: { style: "round" },
};

const counted = (kind, count) => t(kind.word, { count });

// A short mark for each name, unique among `names` (never "HR" for two heroes).
export function uniqueMarks(names, { single = false } = {}) {
  const used = new Set();
  const marks = {};
  for (const name of names) {
    const letters = String(name).replace(/[^A-Za-z ]/g, "").trim();
    const words = letters.split(/\s+/).filter(Boolean);
    const flat = words.join("");
    const candidates = [];
    if (single && flat) candidates.push(flat[0].toUpperCase());
    if (words.length > 1) candidates.push((words[0][0] + words[1][0]).toUpperCase());
    for (let i = 1; i < flat.length; i++) candidates.push(flat[0].toUpperCase() + flat[i].toLowerCase());
    for (let n = 2; n < 10; n++) candidates.push(`${(flat[0] || "?").toUpperCase()}${n}`);
    const mark = candidates.find((c) => !used.has(c)) || "?";
    used.add(mark);
    marks[name] = mark;
  }
  return marks;
}

export function heroTitle(content, state, seat, hero) {
  const known = content && content.heroes[hero.hero];
  if (known) return known.name;
  const seated = ((state.seats || {})[seat] || {}).hero;
  return seated || heroName(content, hero.hero);
}

function agentTitle(content, agent) {
  const card = content && content.cards[agent.id];
  const title = card && ((card.data && card.data.title) || card.name);
  return title ? t("token.agent.named", { title }) : t("token.agent");
}

// Every token of the game, by space: [{kind, name, mark, count, colour, rule}].
export function boardTokens(content, state) {
  const board = state.board || {};
  const out = {};
  const add = (id, token) => { (out[id] = out[id] || []).push(token); };
  for (const [id, place] of Object.entries(board)) {
    const minions = place.minions || {};
    for (const colour of COLOURS) {
      if (minions[colour]) add(id, { kind: "minions", colour, count: minions[colour], mark: String(minions[colour]), name: `${minions[colour]} ${minions[colour] === 1 ? FACTIONS[colour].one : FACTIONS[colour].name}` });
    }
    if (place.taint) add(id, { kind: "taint", count: place.taint, mark: String(place.taint), name: counted(TOKEN_KINDS.taint, place.taint) });
    for (const [kind, key] of [["troll", "trolls"], ["spider", "spiders"], ["warlord", "warlords"]]) {
      const count = Number(place[key] || 0);
      if (count) add(id, { kind, count, mark: TOKEN_KINDS[kind].letter + (count > 1 ? count : ""), name: counted(TOKEN_KINDS[kind], count), rule: TOKEN_KINDS[kind].rule });
    }
    if (place.fire) add(id, { kind: "fire", count: 1, mark: "F", name: t("token.on_fire"), rule: TOKEN_KINDS.fire.rule });
  }
  for (const id of Object.keys(state.dungeons || {})) {
    add(id, { kind: "dungeon", count: 1, mark: "Dg", name: t("token.a_dungeon"), rule: TOKEN_KINDS.dungeon.rule });
  }
  const generals = Object.entries(state.generals || {}).filter(([, g]) => !g.defeated && g.location);
  const generalMarks = uniqueMarks(generals.map(([gid]) => generalName(content, gid)), { single: true });
  for (const [gid, general] of generals) {
    const name = generalName(content, gid);
    add(general.location, { kind: "general", colour: general.colour, mark: generalMarks[name], name: t("token.general", { name }) });
  }
  const agent = state.agent;
  if (agent && agent.location && !agent.defeated) {
    add(agent.location, { kind: "agent", mark: "Ag", name: agentTitle(content, agent), rule: TOKEN_KINDS.agent.rule });
  }
  const sterling = state.sterling;
  if (sterling && sterling.location) {
    add(sterling.location, { kind: "sterling", mark: "St", name: TOKEN_KINDS.sterling.one, rule: TOKEN_KINDS.sterling.rule });
  }
  const heroes = Object.entries(state.heroes || {}).map(([seat, hero]) => [seat, hero, heroTitle(content, state, seat, hero)]);
  // Heroes' marks must differ from each other and from Sterling's.
  const heroMarks = uniqueMarks(["Sterling", ...heroes.map(([, , name]) => name)]);
  for (const [seat, hero, name] of heroes) {
    if (!hero.location) continue;
    const player = ((state.seats || {})[seat] || {}).name;
    add(hero.location, { kind: "hero", seat, mark: heroMarks[name], name: player ? `${name} (${player})` : name });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The drawing.

// `overlay(svg)`, when given, draws over the finished map (risk-map.js shades it).
export function renderMap(content, state, { onSelect, selected, layers = [], overlay } = {}) {
  const root = s("svg", {
    class: "map",
    viewBox: `0 0 ${VIEW.width} ${VIEW.height}`,
    role: "img",
    "aria-label": t("map.board"),
  });
  root.append(drawRoads(content, state), drawGeneralPaths(content, state));
  for (const layer of layers) {
    const drawn = layer({ content, state, positions: POSITIONS, view: VIEW });
    if (drawn) root.append(drawn);
  }
  // The names first (they depend on the board only, so they never move during a game), then
  // the tokens round them.
  const labels = placeLabels(content);
  const tokens = placeTokens(content, boardTokens(content, state), labels);
  const nodes = s("g", { class: "nodes" });
  for (const [id, location] of Object.entries(content.locations)) {
    const pos = POSITIONS[id];
    if (!pos) continue;
    nodes.append(drawLocation(content, state, id, location, pos, tokens[id] || [], { onSelect, selected: selected === id }));
  }
  root.append(nodes, drawLabels(labels, onSelect));
  if (overlay) overlay(root);
  return root;
}

export function drawRoads(content, state) {
  const showDisputed = state.settings && state.settings.disputed_roads;
  const roads = s("g", { class: "roads" });
  for (const road of content.roads) {
    if (road.status === "disputed" && !showDisputed) continue;
    const a = POSITIONS[road.a];
    const b = POSITIONS[road.b];
    if (!a || !b) continue;
    roads.append(s("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: road.status === "disputed" ? "road disputed" : "road" }));
  }
  return roads;
}

// Each General's path to Monarch City, faintly, in its colour.
export function drawGeneralPaths(content, state) {
  const paths = s("g", { class: "general-paths" });
  for (const general of Object.values(content.generals)) {
    const live = (state.generals || {})[general.id];
    if (!live || live.defeated || !FACTIONS[general.colour]) continue;
    const points = (general.path || []).map((id) => POSITIONS[id]).filter(Boolean).map((p) => p.join(",")).join(" ");
    if (points) paths.append(s("polyline", { points, class: "general-path", stroke: FACTIONS[general.colour].fill }));
  }
  return paths;
}

// The places a token may take round a space: the first ring (from the top, clockwise), then
// the second, then a third.
const SLOTS = [[RING[0], 8, 0.5], [RING[1], 14, 0], [RING[1] + 46, 18, 0.5]].flatMap(([r, n, shift]) =>
  Array.from({ length: n }, (_, i) => {
    const a = -Math.PI / 2 + ((i + shift) * 2 * Math.PI) / n;
    return [r * Math.cos(a), r * Math.sin(a)];
  }));

// How far a token reaches from its centre (a triangle badge is taller).
function reach(token) {
  const triangle = token.kind === "minions" && FACTIONS[token.colour].shape === "triangle";
  return TOKEN_R + (triangle ? 9 : 3);
}

// Where every token goes: the first free place round its space, clear of every space, every
// name and the tokens already placed (the least crowded one when none is free).
export function placeTokens(content, tokens, labels = []) {
  const spaces = Object.keys(content.locations).filter((id) => POSITIONS[id]).map((id) => ({ id, x: POSITIONS[id][0], y: POSITIONS[id][1] }));
  const taken = [];
  const out = {};
  for (const space of spaces) {
    out[space.id] = (tokens[space.id] || []).map((token) => {
      let best = null;
      for (const [index, [dx, dy]] of SLOTS.entries()) {
        const x = space.x + dx;
        const y = space.y + dy;
        if (x < TOKEN_R || x > VIEW.width - TOKEN_R || y < TOKEN_R || y > VIEW.height - TOKEN_R) continue;
        let crowd = 0;
        for (const other of spaces) {
          if (other !== space) crowd += Math.max(0, NODE_R + TOKEN_R + 4 - Math.hypot(other.x - x, other.y - y));
        }
        for (const t of taken) crowd += Math.max(0, 2 * TOKEN_R + 3 - Math.hypot(t.x - x, t.y - y));
        const r = reach(token);
        for (const label of labels) if (overlap(label.box, { x1: x - r, x2: x + r, y1: y - r, y2: y + r })) crowd += 50;
        const cost = crowd * 100 + index;
        if (!best || cost < best.cost) best = { cost, x, y };
        if (!crowd) break;
      }
      const placed = { ...token, x: best.x, y: best.y };
      taken.push(placed);
      return placed;
    });
  }
  return out;
}

function drawLocation(content, state, id, location, [x, y], tokens, { onSelect, selected }) {
  const place = (state.board || {})[id] || {};
  const minions = place.minions || {};
  const total = COLOURS.reduce((sum, colour) => sum + (minions[colour] || 0), 0);
  const danger = location.kind === "location" && (total >= 3 || (minions.red || 0) >= 2);
  const label = describeLocation(content, state, id, place, tokens);
  const group = s("g", {
    class: `loc${selected ? " selected" : ""}${danger ? " danger" : ""}`,
    "data-location": id,
    // The map is a picture for the eye, each space a target for a finger; a keyboard or a screen
    // reader has the same locations as a list of buttons under it (tabs/board.js).
    "aria-label": label,
    onclick: () => onSelect && onSelect(id),
  });
  group.append(s("title", {}, label));
  // A generous invisible target: each space is easy to tap.
  group.append(s("circle", { cx: x, cy: y, r: 62, class: "hit" }));
  if (place.gate) group.append(s("circle", { cx: x, cy: y, r: NODE_R + 8, class: "gate-ring" }));
  if (danger) group.append(s("circle", { cx: x, cy: y, r: NODE_R + 14, class: "danger-ring" }));
  group.append(drawSpace(location, x, y));
  for (const token of tokens) group.append(drawToken(token, token.x, token.y));
  return group;
}

function drawSpace(location, x, y) {
  if (location.kind === "city") return s("polygon", { points: shapePoints("star", x, y, NODE_R + 10), class: "city" });
  if (location.kind === "inn") {
    // A mark in the inn's box: squeezed to fit when the language's word is longer than "Inn".
    const mark = t("map.inn.mark");
    return s("g", {}, s("rect", { x: x - 26, y: y - 20, width: 52, height: 40, rx: 6, class: "inn" }),
      s("text", { x, y: y + 10, class: "inn-text", "text-anchor": "middle", textLength: mark.length > 3 ? 46 : null, lengthAdjust: "spacingAndGlyphs" }, mark));
  }
  const faction = FACTIONS[location.colour];
  if (!faction) return s("circle", { cx: x, cy: y, r: NODE_R - 6, class: "land" });
  const triangle = faction.shape === "triangle";
  return s("polygon", { points: shapePoints(faction.shape, x, y + (triangle ? 6 : 0), triangle ? NODE_R + 4 : NODE_R - 4), class: `land land-${location.colour}` });
}

// One token: its shape, then its mark.
export function drawToken(token, x, y) {
  const g = s("g", { class: `token token-${token.kind}`, "data-token": token.kind });
  g.append(s("title", {}, token.name));
  const text = (cls, dy = 10) => s("text", { x, y: y + dy, class: `token-text ${cls}`, "text-anchor": "middle" }, token.mark);
  if (token.kind === "minions") {
    const f = FACTIONS[token.colour];
    const triangle = f.shape === "triangle";
    g.append(s("polygon", { points: shapePoints(f.shape, x, y + (triangle ? 5 : 0), triangle ? TOKEN_R + 8 : TOKEN_R + 1), class: `minion minion-${token.colour}` }),
      text(`ink-${token.colour}`, triangle ? 16 : 10));
  } else if (token.kind === "taint") {
    g.append(s("polygon", { points: shapePoints("diamond", x, y, TOKEN_R + 2), class: "crystal" }), text("crystal-text"));
  } else if (token.kind === "general" || token.kind === "agent") {
    const colour = token.kind === "general" ? token.colour : "agent";
    g.append(s("path", { d: `M${x - TOKEN_R},${y - TOKEN_R} h${2 * TOKEN_R} v${TOKEN_R + 6} l-${TOKEN_R},${TOKEN_R - 4} l-${TOKEN_R},-${TOKEN_R - 4} z`, class: `general general-${colour}` }),
      text(`ink-${colour}`, 6));
  } else if (token.kind === "hero" || token.kind === "sterling") {
    g.append(s("circle", { cx: x, cy: y, r: TOKEN_R, class: token.kind === "sterling" ? "hero sterling" : "hero" }), text("hero-text"));
  } else {
    g.append(s("rect", { x: x - TOKEN_R, y: y - TOKEN_R, width: 2 * TOKEN_R, height: 2 * TOKEN_R, rx: 7, class: `square square-${token.kind}` }), text("square-text"));
  }
  return g;
}

// ---------------------------------------------------------------------------------------------
// Place names: each name where it overlaps no other name (and as little of the spaces and
// tokens as can be), in full when it fits, else on two lines, else short (the full name is in
// the space's details and its accessible name).

let measureContext = null;
const widths = new Map();
function textWidth(text) {
  if (!widths.has(text)) {
    if (!measureContext) {
      measureContext = document.createElement("canvas").getContext("2d");
      measureContext.font = NAME_FONT;
    }
    // A margin for the fonts a phone substitutes.
    widths.set(text, measureContext.measureText(text).width * 1.08 + 4);
  }
  return widths.get(text);
}

function nameOptions(id, name) {
  const options = [[name]];
  const words = name.split(" ");
  if (words.length > 1) {
    let best = null;
    for (let i = 1; i < words.length; i++) {
      const lines = [words.slice(0, i).join(" "), words.slice(i).join(" ")];
      const width = Math.max(...lines.map(textWidth));
      if (!best || width < best.width) best = { lines, width };
    }
    options.push(best.lines);
  }
  const short = lang == "en" ? SHORT_NAMES[id] || words[0] : words.at(-1);
  if (short !== name) options.push([short]);
  return options;
}

const LINE = MAP_TEXT * 1.15;
const PAD = 5;

function boxFor(lines, cx, top, width = Math.max(...lines.map(textWidth))) {
  return { x1: cx - width / 2 - PAD, x2: cx + width / 2 + PAD, y1: top - PAD, y2: top + lines.length * LINE + PAD };
}

function overlap(a, b) {
  const w = Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1);
  const h = Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1);
  return w > 0 && h > 0 ? w * h : 0;
}

function distanceTo(box, { x, y }) {
  return Math.hypot(Math.max(box.x1 - x, 0, x - box.x2), Math.max(box.y1 - y, 0, y - box.y2));
}

function circleArea(box, { x, y, r }) {
  return overlap(box, { x1: x - r, x2: x + r, y1: y - r, y2: y + r });
}

const placedLabels = new WeakMap();

export function placeLabels(content) {
  if (!placedLabels.has(content)) placedLabels.set(content, finish(layLabels(content)));
  return placedLabels.get(content);
}

// Whether the names of `content`'s board are laid out (renderMap then draws at once).
export const labelsReady = (content) => placedLabels.has(content);

// The same layout, worked out in slices of at most SLICE_MS between which the phone paints and
// answers taps: on a slow phone the whole layout is several hundred milliseconds of script, one
// long task that would hold the first screen (Lighthouse's mobile run slows this machine's
// script about four times, so a slice stays well under its 50 ms). Resolves when renderMap can
// draw at once.
const SLICE_MS = 5;
const pending = new WeakMap();
export function prepareLabels(content) {
  if (placedLabels.has(content)) return Promise.resolve();
  if (!pending.has(content)) {
    const steps = layLabels(content);
    pending.set(content, (async () => {
      for (;;) {
        const start = performance.now();
        let step;
        do step = steps.next(); while (!step.done && performance.now() - start < SLICE_MS);
        if (step.done) {
          placedLabels.set(content, step.value);
          return;
        }
        await nextTask();
      }
    })());
  }
  return pending.get(content);
}

const nextTask = () => globalThis.scheduler && scheduler.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));

function finish(steps) {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

// Yields after each space's name is placed; returns every name's place.
function* layLabels(content) {
  const spaces = Object.entries(content.locations).filter(([id]) => POSITIONS[id])
    .map(([id, location]) => ({ id, x: POSITIONS[id][0], y: POSITIONS[id][1], r: NODE_R + 4, label: location.name }));
  const obstacles = spaces;
  const placed = [];
  // The most crowded spaces choose first.
  const crowds = new Map(spaces.map((o) => [o, spaces.filter((p) => p !== o && Math.hypot(p.x - o.x, p.y - o.y) < 260).length]));
  const order = [...spaces].sort((a, b) => crowds.get(b) - crowds.get(a) || a.id.localeCompare(b.id));
  for (const space of order) {
    const options = nameOptions(space.id, space.label);
    // The spaces nearest first: a covered one adds most to a cost, so a place that cannot win is
    // dropped sooner, and the far ones, which cannot touch a box, are not weighed at all.
    const near = obstacles.map((o) => ({ o, d: Math.hypot(o.x - space.x, o.y - space.y) })).sort((a, b) => a.d - b.d);
    let best = null;
    options.forEach((lines, rank) => {
      const height = lines.length * LINE;
      const width = Math.max(...lines.map(textWidth));
      for (const distance of [0, 1, 2, 3, 4, 5]) {
        const below = NODE_R + 6 + distance * 22;
        const side = NODE_R + 8 + distance * 22 + width / 2;
        // [centre's x offset, top's y offset]: below, above, right, left, the diagonals, then
        // below and above shifted half a name either way.
        const candidates = [
          [0, below], [0, -below - height], [side, -height / 2], [-side, -height / 2],
          [side * 0.8, below * 0.5], [-side * 0.8, below * 0.5], [side * 0.8, -below * 0.5 - height], [-side * 0.8, -below * 0.5 - height],
          [width / 2, below], [-width / 2, below], [width / 2, -below - height], [-width / 2, -below - height],
        ];
        candidates.forEach(([dx, dy], index) => {
          const cx = space.x + dx;
          const box = boxFor(lines, cx, space.y + dy, width);
          // Clear of every space and token, near its space, in full.
          const gap = distanceTo(box, space);
          let cost = rank * 700 + gap * 12 + index * 10;
          // The obstacles only add to a cost: a place that cannot beat the best one so far is
          // left unweighed (the same names, placed in a fraction of the first paint's time).
          if (best && cost >= best.cost) return;
          if (box.x1 < 0 || box.x2 > VIEW.width || box.y1 < 0 || box.y2 > VIEW.height) return;
          if (placed.some((p) => overlap(p.box, box) > 0)) return;
          // A space weighs only when it is nearer the box than both its own reach (r√2 covers
          // its square) and gap + 10; the box's farthest corner bounds how near that can be.
          const far = Math.hypot(Math.max(space.x - box.x1, box.x2 - space.x), Math.max(space.y - box.y1, box.y2 - space.y));
          for (const { o, d } of near) {
            if (d - far >= Math.max(o.r * Math.SQRT2, gap + 10)) break;
            const covered = circleArea(box, o);
            if (covered) cost += 5000 + covered * (o.id !== space.id ? 8 : 3);
            // A name nearer another space than its own reads as that space's.
            else if (o.id !== space.id && distanceTo(box, o) < gap + 10) cost += 2500;
            if (best && cost >= best.cost) return;
          }
          if (!best || cost < best.cost) best = { cost, lines, cx, top: space.y + dy, box };
        });
      }
    });
    if (!best) {
      // Nowhere free near the space: its short name straight below, further out.
      const lines = [options[options.length - 1][0]];
      let top = space.y + NODE_R + 6;
      let box = boxFor(lines, space.x, top);
      while (placed.some((p) => overlap(p.box, box) > 0) && top < VIEW.height) {
        top += 8;
        box = boxFor(lines, space.x, top);
      }
      best = { lines, cx: space.x, top, box };
    }
    placed.push({ id: space.id, full: space.label, x: space.x, y: space.y, ...best });
    yield;
  }
  return placed;
}

export function drawLabels(labels, onSelect) {
  const layer = s("g", { class: "labels" });
  // A name set apart from its space gets a faint leader line to it.
  for (const label of labels) {
    const { box } = label;
    const nx = Math.min(Math.max(label.x, box.x1 + PAD), box.x2 - PAD);
    const ny = Math.min(Math.max(label.y, box.y1 + PAD), box.y2 - PAD);
    const gap = Math.hypot(nx - label.x, ny - label.y);
    if (gap < NODE_R + 30) continue;
    const ex = label.x + ((nx - label.x) * (NODE_R + 6)) / gap;
    const ey = label.y + ((ny - label.y) * (NODE_R + 6)) / gap;
    layer.append(s("line", { x1: nx.toFixed(1), y1: ny.toFixed(1), x2: ex.toFixed(1), y2: ey.toFixed(1), class: "leader" }));
  }
  for (const label of labels) {
    const text = s("text", {
      class: "loc-name",
      "data-label": label.id,
      "text-anchor": "middle",
      onclick: () => onSelect && onSelect(label.id),
    });
    label.lines.forEach((line, i) => {
      text.append(s("tspan", { x: label.cx.toFixed(1), y: (label.top + MAP_TEXT * 0.92 + i * LINE).toFixed(1) }, line));
    });
    if (label.lines.join(" ") !== label.full) text.append(s("title", {}, label.full));
    layer.append(text);
  }
  return layer;
}

export function describeLocation(content, state, id, place, tokens) {
  const location = content.locations[id];
  const parts = [location ? location.name : id];
  const here = tokens || boardTokens(content, state)[id] || [];
  if (!here.some((t) => t.kind === "minions")) parts.push(t("map.no_minions"));
  for (const token of here) parts.push(token.name);
  if (place && place.gate) parts.push(t("map.gate"));
  return parts.join(". ");
}
