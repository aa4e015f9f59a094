// Enter tab: the table's results in few taps (combat, healed land, wounds, moves, gates,
// corrections), then every other action the server offers, each form built from its schema.

import { h } from "../dom.js";
import { actionLabel } from "../forms.js";
import { openAction } from "./common.js";
import { need, t } from "../i18n.js";

await need("table");

const QUICK = [
  ["defeat_minions", "⚔", t("enter.defeat_minions")],
  ["wound_general", "♛", t("enter.wound_general")],
  ["heal_taint", "✚", t("enter.heal_taint")],
  ["move_hero", "➜", t("enter.move_hero")],
  ["wound_hero", "♥−", t("enter.wound_hero")],
  ["heal_hero", "♥+", t("enter.heal_hero")],
  ["build_gate", "◎", t("enter.build_gate")],
  ["rumors", "☕", t("enter.rumors")],
  ["set_location", "✎", t("correct_location")],
];

export function render(ctx) {
  const actions = ctx.actions;
  const quickTypes = new Set(QUICK.map(([type]) => type));
  const offered = QUICK.filter(([type]) => ctx.action(type));
  // A card to read is answered in its own sheet ("Read the card you drew"), not here; the
  // setup checklist is ticked in the Setup tab, the steps at the table in their panel (a tap on
  // the step, never its key typed).
  const rest = actions.filter((a) => !quickTypes.has(a.type) && !["undo", "redo", "night", "read_card", "tick_setup_step", "tick_table_step"].includes(a.type));
  return h("div", { class: "tab-body enter-tab" },
    h("p", { class: "muted", text: t("enter.hint") }),
    offered.length ? h("div", { class: "tile-grid" }, offered.map(([type, icon, label]) => {
      const action = ctx.action(type);
      return h("button", {
        type: "button", class: "tile", "data-quick": type, disabled: action.available === false, title: action.reason || "",
        onclick: () => openAction(ctx, type, { preset: type === "set_location" ? { reason: t("enter.matches") } : {} }),
      }, h("span", { class: "tile-icon", "aria-hidden": "true", text: icon }), h("span", { text: label }));
    })) : null,
    h("h2", { class: "section-title", text: t("enter.every") }),
    actions.length ? h("ul", { class: "list" }, rest.map((action) => h("li", {},
      h("button", { type: "button", class: "list-button", disabled: action.available === false, onclick: () => openAction(ctx, action.type) },
        h("strong", { text: actionLabel(action.type) }),
        h("small", { class: "muted block", text: action.available === false ? action.reason : action.description }))))) : h("p", { class: "muted", text: t("enter.loading") }));
}
