// Enter tab: the table's results in few taps (combat, healed land, wounds, moves, gates,
// corrections), then every other action the server offers, each form built from its schema.

import { h } from "../dom.js";
import { actionLabel } from "../forms.js";
import { openAction } from "./common.js";

const QUICK = [
  ["defeat_minions", "⚔", "Minions defeated"],
  ["wound_general", "♛", "Wound a General"],
  ["heal_taint", "✚", "Heal the land"],
  ["move_hero", "➜", "Move a hero"],
  ["wound_hero", "♥−", "Hero wounded"],
  ["heal_hero", "♥+", "Hero healed"],
  ["build_gate", "◎", "Build a Magic Gate"],
  ["rumors", "☕", "Rumors at the Inn"],
  ["set_location", "✎", "Correct a location"],
];

export function render(ctx) {
  const actions = ctx.actions;
  const quickTypes = new Set(QUICK.map(([type]) => type));
  const offered = QUICK.filter(([type]) => ctx.action(type));
  // A card to read is answered in its own sheet ("Read the card you drew"), not here; the
  // setup checklist is ticked in the Setup tab.
  const rest = actions.filter((a) => !quickTypes.has(a.type) && !["undo", "redo", "night", "read_card", "tick_setup_step"].includes(a.type));
  return h("div", { class: "tab-body enter-tab" },
    h("p", { class: "muted", text: "Record what happened on the table. Tip: tap a space on the map to enter its results directly." }),
    offered.length ? h("div", { class: "tile-grid" }, offered.map(([type, icon, label]) => {
      const action = ctx.action(type);
      return h("button", {
        type: "button", class: "tile", "data-quick": type, disabled: action.available === false, title: action.reason || "",
        onclick: () => openAction(ctx, type, { preset: type === "set_location" ? { reason: "Matches the physical board" } : {} }),
      }, h("span", { class: "tile-icon", "aria-hidden": "true", text: icon }), h("span", { text: label }));
    })) : null,
    h("h2", { class: "section-title", text: "Every action" }),
    actions.length ? h("ul", { class: "list" }, rest.map((action) => h("li", {},
      h("button", { type: "button", class: "list-button", disabled: action.available === false, onclick: () => openAction(ctx, action.type) },
        h("strong", { text: actionLabel(action.type) }),
        h("small", { class: "muted block", text: action.available === false ? action.reason : action.description }))))) : h("p", { class: "muted", text: "Loading the actions…" }));
}
