// Board tab: the map, then the War Status, the Generals, the supply, the decks and what the
// expansions add (Global Effect, Winds of War) when they are in play.

import { h, sheet } from "../dom.js";
import { COLOURS, FACTIONS, cardName, deckLabel, generalName, locationName, needTexts } from "../content.js";
import { factionBadge, labelsReady, prepareLabels, renderMap } from "../map.js";
import { need, t } from "../i18n.js";

// A location's sheet (and the forms it opens) and Talisman's board come on demand: the first
// load of the table carries the Board only.
const openLocation = (ctx, id) => Promise.all([import("./common.js"), ctx.ensureActions()])
  .then(([module]) => module.openLocation(ctx, id));
let talisman = null;
// The forecast (tabs/forecast.js) loads the first time the table asks for one.
let forecast = null;
function forecastButton(ctx) {
  if (forecast) return forecast.panel(ctx);
  return h("button", { type: "button", class: "ghost", "data-testid": "forecast-open", text: t("forecast"),
    onclick: () => import("./forecast.js").then((module) => { forecast = module; module.ask(ctx); }) });
}

let firstScreen = null; // the table screen whose Board has had its first, map-only draw
let drawn = null; // the map last drawn, and the table it shows

const WAR_TRACK = [["war.early", 1], ["war.mid", 2], ["war.mid", 2], ["war.late", 3]];

export function render(ctx) {
  const { session, content, view } = ctx;
  const state = session.state;
  if (state.system === "talisman-dragon") {
    if (talisman) return talisman.render(ctx);
    import("../systems/talisman-dragon.js").then((module) => { talisman = module; ctx.rerender(); });
    return h("p", { class: "boot", text: t("opening") });
  }
  const parts = [];
  if (state.board && !labelsReady(content)) {
    // The place names' layout is worked out in short slices first (map.js): until then the
    // map's room is kept, so nothing moves when it is drawn.
    prepareLabels(content).then(() => ctx.rerender());
    return h("div", { class: "tab-body board-tab" },
      h("section", { class: "map-wrap", "aria-busy": "true" }, h("div", { class: "map map-pending", role: "img", "aria-label": t("map.board") })));
  }
  if (state.board) {
    const shaded = forecast ? forecast.mapOptions(ctx) : null;
    // The screen draws again as its words, panels and sheets arrive; the map is drawn anew only
    // when the table changed (on a slow phone, building it is a long task of its own).
    const same = drawn && !shaded && drawn.ctx === ctx && drawn.content === content && drawn.state === state && drawn.version === session.version;
    const map = same ? drawn.map : renderMap(content, state, shaded || { onSelect: (id) => { view.selected = id; openLocation(ctx, id); } });
    drawn = shaded ? null : { ctx, content, state, version: session.version, map };
    parts.push(h("section", { class: `map-wrap${view.zoom ? " zoomed" : ""}`, "data-testid": "map", "data-version": String(session.version) }, map),
      h("div", { class: "row map-tools" },
        h("button", { type: "button", class: "ghost", "aria-pressed": String(view.zoom), onclick: () => { view.zoom = !view.zoom; ctx.rerender(); }, text: t(view.zoom ? "map.fit" : "map.zoom") }),
        h("button", { type: "button", class: "ghost", onclick: () => Promise.all([import("./legend.js"), need("table")]).then(([module]) => module.legend(ctx)), text: t("map.key") }),
        forecastButton(ctx)),
      locationList(ctx, (id) => { view.selected = id; openLocation(ctx, id); }),
      forecast ? forecast.section(ctx) : null);
    // The first screen is the map: what lies below it is drawn in the next task, so a slow
    // phone shows the board (and answers a tap) before it builds what it does not show yet.
    if (firstScreen !== ctx) {
      firstScreen = ctx;
      setTimeout(() => ctx.rerender(), 0);
      return h("div", { class: "tab-body board-tab" }, parts);
    }
    parts.push(state.heros_calling ? herosCalling(ctx) : warStatus(state), generals(ctx), supply(state));
  }
  parts.push(decks(ctx), expansions(ctx));
  return h("div", { class: "tab-body board-tab" }, parts);
}

// The Hero's Calling panel (tabs/heros-calling.js and its words) lies below the map, out of a
// phone's first screen: it loads when the Board is first scrolled or its place comes into view
// (at once on a screen tall enough to show it). Until then its place holds the War Status
// heading and the room of the card, so that nothing moves when it comes.
let hc = null;
const hcWait = { place: null, ctx: null, loading: false, seen: null };
function herosCalling(ctx) {
  if (hc) return hc.parts(ctx);
  const place = h("section", { class: "card hc-pending", "data-testid": "hc-pending", "aria-busy": "true" }, h("h2", { text: t("war.status") }));
  Object.assign(hcWait, { place, ctx });
  if (hcWait.loading) return place;
  if (!hcWait.seen) {
    const scrolled = (event) => { if (event.target.contains && event.target.contains(hcWait.place)) load(); };
    const load = () => {
      if (hcWait.loading) return;
      hcWait.loading = true;
      hcWait.seen.disconnect();
      removeEventListener("scroll", scrolled, true);
      import("./heros-calling.js").then((module) => { hc = module; hcWait.ctx.rerender(); },
        () => { Object.assign(hcWait, { loading: false, seen: null }); });
    };
    hcWait.seen = new IntersectionObserver((entries) => { if (entries.some((entry) => entry.isIntersecting)) load(); });
    addEventListener("scroll", scrolled, { capture: true, passive: true });
  }
  hcWait.seen.disconnect(); // the place the previous draw showed
  hcWait.seen.observe(place);
  return place;
}

// The map as a list, for a keyboard or a screen reader (tabs/location-list.js, loaded when the
// list is first opened): each location a button naming what stands there, opening the same
// sheet as a tap on the map.
function locationList(ctx, select) {
  const list = h("ul", { class: "location-list" });
  const fill = () => import("./location-list.js").then((module) => module.fill(list, ctx, select));
  const details = h("details", { class: "location-list-wrap", "data-testid": "location-list", ontoggle: () => { if (details.open) fill(); } },
    h("summary", { text: t("map.as_list") }), list);
  if (ctx.view.locationsOpen) { details.open = true; fill(); }
  details.addEventListener("toggle", () => { ctx.view.locationsOpen = details.open; });
  return details;
}

function warStatus(state) {
  const level = state.war_level ?? ({ early: 0, mid: 1, late: 3 }[state.war_status] || 0);
  return h("section", { class: "card" },
    h("h2", { text: t("war.status") }),
    h("ol", { class: "war-track" }, WAR_TRACK.map(([name, cards], i) => h("li", { class: i === level ? "now" : i < level ? "past" : "" },
      h("strong", { text: t(name) }), h("small", { text: t(i ? "war.cards" : "war.cards_night", { count: cards }) })))));
}

function generals(ctx) {
  const { session, content } = ctx;
  const state = session.state;
  return h("section", { class: "card" },
    h("h2", { text: t("generals") }),
    h("ul", { class: "list" }, Object.entries(state.generals || {}).map(([id, general]) => {
      const info = content.generals[id] || {};
      const life = info.life || 0;
      return h("li", { class: `general-row${general.defeated ? " defeated" : ""}`, "data-general": id },
        factionBadge(general.colour, FACTIONS[general.colour] ? FACTIONS[general.colour].letter : "?", 34),
        h("div", { class: "grow" },
          h("strong", { text: generalName(content, id) }),
          h("small", { class: "muted block", text: general.defeated ? t("general.defeated") : t("general.at", { location: locationName(content, general.location), step: general.path_index + 1, steps: (info.path || []).length }) }),
          life ? h("div", { class: "wound-track", role: "img", "aria-label": t("general.wounds", { count: life, wounds: general.wounds }) },
            Array.from({ length: life }, (_, i) => h("span", { class: i < general.wounds ? "pip hit" : "pip" }))) : null));
    })));
}

function supply(state) {
  const sup = state.supply || {};
  return h("section", { class: "card" },
    h("h2", { text: t("supply") }),
    h("div", { class: "supply" },
      COLOURS.map((c) => h("div", { class: "supply-item" }, factionBadge(c, (sup.minions || {})[c] ?? "?", 34), h("small", { text: FACTIONS[c].name }))),
      h("div", { class: "supply-item" }, h("span", { class: "big-number", text: String(sup.taint ?? "?") }), h("small", { text: t("supply.crystals") })),
      h("div", { class: "supply-item" }, h("span", { class: "big-number", text: String(sup.gates ?? "?") }), h("small", { text: t("supply.gates") }))));
}

function decks(ctx) {
  const { session, content } = ctx;
  const state = session.state;
  return h("section", { class: "card" },
    h("h2", { text: t("decks") }),
    h("ul", { class: "list" }, Object.entries(state.decks || {}).map(([name, deck]) => h("li", { class: "deck-row", "data-deck": name },
      h("div", { class: "grow" },
        h("strong", { text: deckLabel(name, content) }),
        h("small", { class: "muted block", text: t(deck.owner === "table" ? "deck.table" : "deck.app") })),
      h("span", { class: "counter", title: t("deck.draw_pile") }, h("b", { "data-testid": `draw-${name}`, text: String(deck.draw_size) }), h("small", { text: t("deck.draw") })),
      h("button", {
        type: "button", class: "counter", disabled: !deck.discard.length,
        onclick: () => sheet(t("deck.discard_pile", { deck: deckLabel(name, content) }), (body) => body.append(
          h("ol", { class: "list", reversed: true }, [...deck.discard].reverse().map((id) => h("li", { text: cardName(content, id) }))))),
      }, h("b", { text: String(deck.discard.length) }), h("small", { text: t("deck.discard") }))))));
}

function expansions(ctx) {
  const state = ctx.session.state;
  const effect = state.global_effect || null;
  const winds = state.winds_of_war || null;
  if (!effect && !winds) {
    return h("section", { class: "card muted-card" },
      h("h2", { text: `${t("global_effect")} · ${t("winds")}` }),
      h("p", { class: "muted", text: t("dragon.not_in_play") }));
  }
  return h("section", { class: "card" },
    effect ? [h("h2", { text: t("global_effect") }), h("p", { "data-testid": "global-effect", text: cardName(ctx.content, effect.card || effect) }),
      effectText(ctx, effect.card || effect)] : null,
    winds ? [h("h2", { text: t("winds") }), windsBoard(ctx.content, winds)] : null);
}

function effectText(ctx, id) {
  needTexts(ctx);
  const { content } = ctx;
  const card = typeof id === "string" ? content.cards[id] : null;
  const d = (card && card.data) || {};
  const text = [d.immediate, d.ongoing].filter(Boolean).join(" ") || d.text || d.summary;
  return text ? h("p", { class: "muted", text }) : null;
}

// The Winds of War board: the cards on it, by name.
function windsBoard(content, winds) {
  const cards = (winds.board || []).map((entry) => cardName(content, entry.card || entry));
  return h("div", { "data-testid": "winds-of-war" },
    h("p", { class: "muted", text: cards.length ? t("winds.cards", { count: cards.length }) : t("winds.none") }),
    cards.length ? h("ul", { class: "list" }, cards.map((name) => h("li", { text: name }))) : null);
}
