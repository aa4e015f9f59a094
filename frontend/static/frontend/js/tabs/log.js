// Log tab: labelled undo and redo shared by the table (who did what), the recent history and
// the whole event log with each step's rule.

import { h, timeOf } from "../dom.js";
import { quick } from "./common.js";
import { ruleNote } from "../words.js";
import { need, t } from "../i18n.js";

await need("table");

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
        onclick: () => quick(ctx, "undo", {}, undo ? t("undo.quoted", { label: undo.label }) : t("undo")),
      }, h("span", { class: "tab-icon", text: "↺" }), h("span", {}, h("strong", { text: t("undo") }),
        h("small", { class: "block", text: undo ? t("log.by", { label: undo.label, name: session.seatName(undo.actor) }) : t("undo.nothing") }))),
      h("button", {
        type: "button", class: "big redo", "data-testid": "redo", disabled: !redo,
        onclick: () => quick(ctx, "redo", {}, redo ? t("redo.quoted", { label: redo.label }) : t("redo")),
      }, h("span", { class: "tab-icon", text: "↻" }), h("span", {}, h("strong", { text: t("redo") }),
        h("small", { class: "block", text: redo ? t("log.by", { label: redo.label, name: session.seatName(redo.actor) }) : t("redo.nothing") }))),
      h("p", { class: "muted small", text: t("log.shared") })),
    history.recent && history.recent.length ? h("section", { class: "card" },
      h("h2", { text: t("log.undoable") }),
      h("ol", { class: "list history", reversed: true }, [...history.recent].reverse().map((entry) => h("li", {},
        h("strong", { text: session.seatName(entry.actor) }), ": ", entry.label)))) : null,
    h("section", { class: "card" },
      h("h2", { text: t("log.events") }),
      h("ul", { class: "list events", "data-testid": "events" }, events.map((event) => h("li", { class: "event", "data-type": event.type },
        h("details", {},
          h("summary", {},
            h("small", { class: "muted", text: `#${event.seq} · ${timeOf(event.at)} · ${event.actor ? session.seatName(event.actor) : t("log.app")}` }),
            h("span", { class: "block", text: event.summary })),
          (event.steps || []).length ? h("ol", { class: "steps" }, event.steps.map((step) => h("li", {}, step.text, ruleNote(step.rule)))) : h("p", { class: "muted small", text: t("log.nothing") }))))),
      session.firstSeq > 0 ? h("button", { type: "button", class: "ghost big", onclick: () => session.loadOlderEvents(), text: t("log.older") }) : null),
    h("section", { class: "card" },
      h("h2", { text: t("log.awards") }),
      h("p", { class: "muted", text: t("log.awards.hint") }),
      h("a", { href: "/awards", class: "button big", "data-link": "", text: t("log.awards.open") })));
}
