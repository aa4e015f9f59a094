// At the table: on every tab, what the physical table still owes. Every step that a night, an
// event, a card or a choice asked of the board since the last night began stays listed until a
// phone ticks it (then it leaves the list) (a command: every phone sees the tick, the shared undo takes it back), and every
// choice still pending comes with the button that opens its form. Loaded by the table screen
// once a night has run or a choice waits. It stays small (the Board loads it on the change
// that first owes the table something): its own words and styles (the "panel" part, styled by
// app.css), the forms (tabs/common.js) when a choice is opened, the pending choices' words
// (words.js) when one waits.

import { h } from "../dom.js";
import { need, t } from "../i18n.js";

await need("panel");

let choiceWords = null; // words.js, once a choice waits

// The words of this panel (the "panel" part of the catalogues).
const WORDS = {
  title: () => t("panel.title"),
  choices: (count) => t("panel.choices", { count }),
  steps: (count) => t("panel.steps", { count }),
  choose: () => t("panel.choose"),
  notOffered: () => t("panel.not_offered"),
  allDone: () => `✓ ${t("panel.all_done")}`,
  allDoneLabel: (count) => t("panel.all_done_label", { count }),
};

// The command that settles each kind of pending choice (from the state when it depends on it).
const SETTLES = {
  hand_limit: "discard_to_limit",
  sterling_location: "sterling_lands",
  sterling_bonus: "sterling_bonus",
  winds_of_war: "winds_of_war",
  recruitment: (state) => ((state.recruitment || {}).waiting ? "recruit_choose" : "hire"),
  dungeon_run: (state) => {
    const run = state.dungeon_run || {};
    if (run.current) return "resolve_dungeon_room";
    return run.total >= run.goal ? "fight_treasure_room" : "reveal_dungeon_room";
  },
  dungeon_death: "dungeon_death",
  token_destination: "place_token",
  troll_attack: "reroll_troll",
  warlords: "place_warlords",
};

// The setup's steps are the Setup tab's checklist, not this panel's; a card read at the table
// asks nothing more of the board than what the command it interrupted goes on to list.
const owesNothing = (event) => event.version === 0 || ["hero_entered", "card_read"].includes(event.type);

// Whether the events a phone holds reach back to the last night's start (the stream's since the
// page opened, when a night ran meanwhile): the panel's steps need none older.
export function reachesNight(events) {
  return liveEvents(events).some((event) => event.type === "night_began");
}

function liveEvents(events) {
  const undone = new Set();
  for (const event of events) {
    const data = event.data || {};
    if (event.type === "action_undone") undone.add(data.undoes);
    if (event.type === "action_redone") undone.delete(data.redoes);
  }
  return events.filter((event) => !undone.has(event.version) && !owesNothing(event));
}

// The steps of the events since the last night began (the whole game after the setup before the
// first night), leaving out the commands undone since. Each step keyed "<seq>.<index>".
export function tableSteps(events, ticked) {
  const live = liveEvents(events);
  let start = 0;
  for (let i = live.length - 1; i >= 0; i -= 1) {
    if (live[i].type === "night_began") { start = i; break; }
  }
  return live.slice(start).flatMap((event) => (event.steps || []).map((step, i) => {
    const key = `${event.seq}.${i}`;
    return { key, text: step.text, done: Boolean(ticked[key]) };
  }));
}

// Send ticks (one step, or several at once); the checkbox shows the table's answer.
export async function tick(ctx, keys, done, text, input) {
  if (input) input.disabled = true;
  // The log keeps at most 200 characters of the step's text.
  const label = text.length > 200 ? `${text.slice(0, 199)}…` : text;
  const result = await ctx.session.act("tick_table_step", { steps: keys.slice(0, 60), done, label },
    { label: t(done ? "panel.tick" : "panel.untick", { label }) });
  if (input) {
    input.checked = result ? done : Boolean((ctx.session.state.table_steps || {})[keys[0]]);
    input.disabled = false;
  }
  return result;
}

let open = true;

// The panel, or null when nothing is owed.
export function render(ctx) {
  const { session } = ctx;
  const state = session.state;
  if (!state || state.system !== "dotr") return null;
  const pending = Array.isArray(state.pending) ? state.pending : [];
  // The events since the last night began: those the stream brought, when they reach it or
  // when nothing was under way before they came (`owedSince`, set by the table screen).
  const known = session.eventsLoaded || session.owedSince !== undefined || reachesNight(session.events);
  if (!known) session.ensureEvents().catch(() => {});
  if (pending.length) {
    ctx.ensureActions();
    if (!choiceWords) {
      choiceWords = import("../words.js").then((module) => { choiceWords = module; ctx.rerender(); }, () => { choiceWords = null; });
    }
  }
  const steps = known ? tableSteps(session.events, state.table_steps || {}) : [];
  const left = steps.filter((step) => !step.done);
  if (!pending.length && !left.length) return null;
  const night = ctx.action("night");
  const head = [pending.length ? WORDS.choices(pending.length) : null, left.length ? WORDS.steps(left.length) : null]
    .filter(Boolean).join(" · ");
  return h("section", { class: "card table-panel", "data-testid": "table-panel", "aria-label": WORDS.title() },
    h("details", { open, ontoggle: (event) => { open = event.currentTarget.open; } },
      h("summary", {}, h("strong", { text: WORDS.title() }), " ", h("span", { class: "muted", "data-testid": "table-panel-count", text: head })),
      pending.length ? h("ul", { class: "list panel-choices" }, pending.map((entry, i) => choiceRow(ctx, entry, i === 0 && night ? night.reason : null))) : null,
      // Only what is left to do, in a box that leaves the tab its room (the Night tab keeps the
      // ticked ones, with their rules).
      left.length ? h("ol", { class: "checklist panel-steps", "data-testid": "table-steps", style: "max-height:30vh;overflow-y:auto" }, left.map((step) => h("li", { "data-key": step.key },
        h("label", { class: "step-row" },
          h("input", { type: "checkbox", "data-step": step.key, onchange: (e) => tick(ctx, [step.key], e.target.checked, step.text, e.target) }),
          h("span", {}, h("span", { class: "step-text", text: step.text })))))) : null,
      left.length > 1 ? h("button", {
        type: "button", class: "ghost", "data-testid": "table-steps-all",
        onclick: () => tick(ctx, left.map((step) => step.key), true, WORDS.allDoneLabel(left.length)),
        text: WORDS.allDone(),
      }) : null));
}

// A choice that the server offers this phone to make only for another hero (a hand limit owed by
// that hero): the phone holding that seat switches to it; any other phone leaves it to them.
function heldElsewhere(ctx, entry, action) {
  const seat = action && action.args && ((action.args.properties || {}).seat || {}).oneOf;
  if (!entry.seat || !seat || seat.some((choice) => choice.const === entry.seat)) return null;
  const session = ctx.session;
  const name = session.seatName(entry.seat);
  if (session.saved && session.saved.seats && session.saved.seats[entry.seat]) {
    return h("button", { type: "button", class: "ghost", "data-testid": "settle-switch",
      onclick: () => session.switchSeat(entry.seat), text: t("panel.switch_to", { name }) });
  }
  return h("span", { class: "muted small", text: t("panel.their_phone", { name }) });
}

function choiceRow(ctx, entry, reason) {
  const settles = SETTLES[entry.type];
  const name = typeof settles === "function" ? settles(ctx.session.state) : settles;
  const action = name ? ctx.action(name) : null;
  const type = action && action.available !== false ? name : null;
  const elsewhere = heldElsewhere(ctx, entry, action);
  const text = entry.says || reason || (choiceWords && choiceWords.pendingText ? choiceWords.pendingText(entry, (seat) => ctx.session.seatName(seat)) : "…");
  if (elsewhere) return h("li", { class: "list-row", "data-pending": entry.type }, h("span", { class: "grow", text }), elsewhere);
  return h("li", { class: "list-row", "data-pending": entry.type },
    h("span", { class: "grow", text }),
    h("button", {
      type: "button", class: "primary", "data-testid": "settle-choice", disabled: !type,
      title: type ? "" : (action && action.reason) || WORDS.notOffered(),
      onclick: () => import("./common.js").then((module) => module.openAction(ctx, type)),
      text: WORDS.choose(),
    }));
}
