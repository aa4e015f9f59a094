// Log tab: labelled undo and redo shared by the table (who did what), the recent history and
// the whole event log with each step's rule.

import { h, timeOf } from "../dom.js";
import { quick } from "./common.js";
import { ruleNote } from "../words.js";

export function render(ctx) {
  const { session } = ctx;
  const state = session.state;
  const history = state.history || {};
  const undo = history.undo;
  const redo = history.redo;
  const events = [...session.events].reverse();
  return h("div", { class: "tab-body log-tab" },
    h("section", { class: "card undo-card" },
      h("button", {
        type: "button", class: "big undo", "data-testid": "undo", disabled: !undo,
        onclick: () => quick(ctx, "undo", {}, undo ? `Undo “${undo.label}”` : "Undo"),
      }, h("span", { class: "tab-icon", text: "↺" }), h("span", {}, h("strong", { text: "Undo" }),
        h("small", { class: "block", text: undo ? `${undo.label} — by ${session.seatName(undo.actor)}` : "Nothing to undo" }))),
      h("button", {
        type: "button", class: "big redo", "data-testid": "redo", disabled: !redo,
        onclick: () => quick(ctx, "redo", {}, redo ? `Redo “${redo.label}”` : "Redo"),
      }, h("span", { class: "tab-icon", text: "↻" }), h("span", {}, h("strong", { text: "Redo" }),
        h("small", { class: "block", text: redo ? `${redo.label} — by ${session.seatName(redo.actor)}` : "Nothing to redo" }))),
      h("p", { class: "muted small", text: "Undo and redo are shared by the whole table: every phone sees them." })),
    history.recent && history.recent.length ? h("section", { class: "card" },
      h("h2", { text: "Undoable actions" }),
      h("ol", { class: "list history", reversed: true }, [...history.recent].reverse().map((entry) => h("li", {},
        h("strong", { text: session.seatName(entry.actor) }), ": ", entry.label)))) : null,
    h("section", { class: "card" },
      h("h2", { text: "Event log" }),
      h("ul", { class: "list events", "data-testid": "events" }, events.map((event) => h("li", { class: "event", "data-type": event.type },
        h("details", {},
          h("summary", {},
            h("small", { class: "muted", text: `#${event.seq} · ${timeOf(event.at)} · ${event.actor ? session.seatName(event.actor) : "the app"}` }),
            h("span", { class: "block", text: event.summary })),
          (event.steps || []).length ? h("ol", { class: "steps" }, event.steps.map((step) => h("li", {}, step.text, ruleNote(step.rule)))) : h("p", { class: "muted small", text: "Nothing to do at the table." }))))),
      session.firstSeq > 0 ? h("button", { type: "button", class: "ghost big", onclick: () => session.loadOlderEvents(), text: "Load older events" }) : null),
    h("section", { class: "card" },
      h("h2", { text: "History and awards" }),
      h("p", { class: "muted", text: "Finished games, the players of your groups and the rewards they won: the award tracker keeps them with an account." }),
      h("a", { href: "/awards", class: "button big", "data-link": "", text: "Open history & awards" })));
}
