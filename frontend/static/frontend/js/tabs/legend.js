// The map's key (tabs/board.js, its "Key" button): the marks of this game's heroes, Generals and
// the Agent with their names, then what every colour, shape and mark of the map means. Loaded
// when the key is first opened, with the table's words.

import { h, s, sheet } from "../dom.js";
import { COLOURS, FACTIONS } from "../content.js";
import { boardTokens, drawToken, factionBadge } from "../map.js";
import { need, t } from "../i18n.js";

await need("table");

export function legend(ctx) {
  // The marks of this game's heroes, Generals and the Agent, with their names.
  const named = Object.values(boardTokens(ctx.content, ctx.session.state)).flat()
    .filter((t) => ["hero", "general", "agent", "sterling"].includes(t.kind));
  sheet(t("legend.title"), (body) => body.append(
    ...(named.length ? [h("h3", { text: t("legend.now") }), h("ul", { class: "token-list", "data-testid": "legend-marks" }, named.map((token) => h("li", {},
      s("svg", { class: "token-svg", width: 32, height: 32, viewBox: "-26 -30 52 60", "aria-hidden": "true" }, drawToken(token, 0, 0)),
      h("span", { text: token.name }))))] : []),
    h("ul", { class: "list legend" },
      COLOURS.map((c) => h("li", {}, factionBadge(c, FACTIONS[c].letter, 30), ` ${t("legend.faction", { name: FACTIONS[c].name, colour: t(`colour.${c}`), shape: t(`shape.${FACTIONS[c].shape}`), letter: FACTIONS[c].letter })}`)),
      h("li", {}, h("span", { class: "key key-crystal" }), ` ${t("legend.crystal")}`),
      h("li", {}, h("span", { class: "key key-gate" }), ` ${t("legend.gate")}`),
      h("li", {}, h("span", { class: "key key-danger" }), ` ${t("legend.danger")}`),
      h("li", {}, h("span", { class: "key key-general" }), ` ${t("legend.general")}`),
      h("li", {}, h("span", { class: "key key-hero" }), ` ${t("legend.hero")}`),
      [["T", "square-troll", "troll"], ["S", "square-spider", "spider"], ["W", "square-warlord", "warlord"], ["Dg", "square-dungeon", "dungeon"], ["F", "square-fire", "fire"]]
        .map(([mark, cls, name]) => h("li", {}, h("span", { class: `key key-square ${cls}`, text: mark }), ` ${t(mark.length === 1 && mark !== "F" ? "legend.square.many" : "legend.square", { name: t(`legend.${name}`), mark })}`)),
      h("li", {}, t("legend.names")))));
}
