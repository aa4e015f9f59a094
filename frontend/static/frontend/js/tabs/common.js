// Pieces shared by the table's tabs: action sheets and the location sheet.

import { h, s, sheet } from "../dom.js";
import { COLOURS, FACTIONS, locationName } from "../content.js";
import { actionForm, actionLabel } from "../forms.js";
import { boardTokens, drawToken, factionBadge } from "../map.js";
import { need, t } from "../i18n.js";

await need("table");

// Open the form of one action in a bottom sheet.
export function openAction(ctx, type, { preset = {}, lock = [], title, submitLabel } = {}) {
  const action = ctx.action(type);
  if (!action) {
    sheet(title || actionLabel(type), (body) => body.append(h("p", { class: "muted", text: t("action.not_offered") })));
    return;
  }
  sheet(title || actionLabel(type), (body, close) => {
    if (action.description) body.append(h("p", { class: "muted", text: action.description }));
    body.append(actionForm(ctx.session, ctx.content, action, { preset, lock, submitLabel, onDone: () => close() }));
  });
}

// One tap: an action that needs no form.
// `seat`: act as another seat this phone holds (players sharing a phone).
export async function quick(ctx, type, args = {}, label, { seat } = {}) {
  const button = document.activeElement;
  if (button && button.tagName === "BUTTON") button.disabled = true;
  try {
    return await ctx.session.act(type, args, { label: label || actionLabel(type), seat });
  } finally {
    if (button && button.tagName === "BUTTON") button.disabled = false;
  }
}

export function minionList(minions) {
  const items = COLOURS.filter((c) => (minions || {})[c]);
  if (!items.length) return h("span", { class: "muted", text: t("no_minions") });
  return h("span", { class: "minion-list" }, items.map((c) => h("span", { class: "minion-chip", title: FACTIONS[c].name },
    factionBadge(c, minions[c], 26), h("span", { class: "sr-text", text: ` ${minions[c]} ${t(`minion.${c}`, { count: minions[c] })}` }))));
}

// A space's neighbours: the other ends of its roads (the disputed ones left aside), by id.
function neighbours(content, id, location) {
  if (location.neighbours) return location.neighbours;
  return content.roads.filter((road) => road.status !== "disputed" && (road.a === id || road.b === id))
    .map((road) => (road.a === id ? road.b : road.a)).sort();
}

export function openLocation(ctx, id) {
  const { content, session } = ctx;
  const state = session.state;
  const location = content.locations[id];
  if (!location) return;
  sheet(location.name, (body, close) => {
    const build = () => {
      const place = (session.state.board || {})[id] || {};
      const here = boardTokens(content, session.state)[id] || [];
      const faction = FACTIONS[location.colour];
      body.replaceChildren(
        h("p", { class: "loc-kind" },
          faction ? factionBadge(location.colour, faction.letter, 26) : null,
          faction ? ` ${t("location.land", { colour: t(`colour.${location.colour}`), faction: faction.name })}` : location.kind === "inn" ? t("location.inn") : location.name,
          location.treasure_chest ? ` · ${t("location.chest")}` : ""),
        tokenList(here),
        h("dl", { class: "facts" },
          h("dt", { text: t("minions") }), h("dd", {}, minionList(place.minions)),
          h("dt", { text: t("taint") }), h("dd", { text: String(place.taint || 0) }),
          h("dt", { text: t("map.gate") }), h("dd", { text: t(place.gate ? "yes" : "no") }),
          place.fire !== undefined ? [h("dt", { text: t("token.on_fire") }), h("dd", { text: t(place.fire ? "yes" : "no") })] : null,
          h("dt", { text: t("location.roads") }), h("dd", { class: "neighbours" }, neighbours(content, id, location).map((n) =>
            h("button", { type: "button", class: "chip", text: locationName(content, n), onclick: () => { close(); openLocation(ctx, n); } })))),
        h("div", { class: "tile-grid" },
          tile(t("enter.defeat_minions"), "defeat_minions", { location: id }),
          place.taint ? tile(t("enter.heal_taint"), "heal_taint", { location: id }) : null,
          !place.gate && location.kind !== "inn" ? tile(t("enter.build_gate"), "build_gate", { location: id }) : null,
          state.heroes && state.heroes[session.seat] && state.heroes[session.seat].location !== id
            ? h("button", { type: "button", class: "tile", "data-quick": "move_hero", text: t("location.move_here"), onclick: async () => { if (await quick(ctx, "move_hero", { location: id }, t("location.move_to", { name: location.name }))) close(); } }) : null,
          tile(t("location.correct"), "set_location", { location: id, reason: t("enter.matches") })));
    };
    const tile = (label, type, preset) => {
      const action = ctx.action(type);
      if (!action) return null;
      return h("button", {
        type: "button", class: "tile", "data-quick": type, disabled: action.available === false, title: action.reason || "",
        onclick: () => {
          body.replaceChildren(
            h("button", { type: "button", class: "link", text: `‹ ${t("back")}`, onclick: build }),
            actionForm(session, content, action, { preset, lock: ["location"], submitLabel: label, onDone: () => close() }));
        },
        text: label,
      });
    };
    build();
  });
}

// What stands on a space, each token drawn as on the map, by name, with what the rules say
// happens there.
export function tokenList(tokens) {
  const shown = tokens.filter((token) => token.kind !== "minions" && token.kind !== "taint");
  if (!shown.length) return null;
  return h("ul", { class: "token-list", "data-testid": "location-tokens" }, shown.map((token) => h("li", { "data-token": token.kind },
    s("svg", { class: "token-svg", width: 32, height: 32, viewBox: "-26 -30 52 60", "aria-hidden": "true" }, drawToken(token, 0, 0)),
    h("div", { class: "grow" },
      h("strong", { text: token.name }),
      token.rule ? h("small", { class: "muted block", text: token.rule() }) : null))));
}
