// Night tab: one tap runs the Darkness Spreads; then each card and each step to mirror on the
// physical board, with its rule, ticked off for every phone (the At the table panel's ticks), and a
// way to correct a location or undo.

import { api } from "../api.js";
import { h, sheet, toast } from "../dom.js";
import { locationName, needTexts } from "../content.js";
import { openAction, quick } from "./common.js";
import { tick } from "./table-panel.js";
import { ruleNote } from "../words.js";
import { need, t } from "../i18n.js";
import { Speaker, StepPlayer } from "../narrator.js";

await need("table");

// A phone that opts in follows the steps the app resolves one at a time and may read them aloud
// (as the table's screen does, docs/display.md): two switches kept on this phone.
const PHONE_STEPS = "dotr.phone.steps";
const PHONE_SPEAK = "dotr.phone.speak";
const PHONE_STEP_SECONDS = 6;
let phone = null; // { session, player, speaker, after, unsubscribe }

function flag(key) {
  try { return localStorage.getItem(key) === "1"; } catch { return false; }
}

function setFlag(key, on) {
  try { localStorage.setItem(key, on ? "1" : "0"); } catch { /* this visit only */ }
}

function phoneNarration(ctx) {
  const steps = flag(PHONE_STEPS);
  const speak = flag(PHONE_SPEAK);
  if (phone && (phone.session !== ctx.session || (!steps && !speak))) {
    phone.unsubscribe();
    phone.player.stop();
    phone = null;
  }
  if (!steps && !speak) return null;
  if (!phone) {
    const session = ctx.session;
    const speaker = new Speaker({ onNoVoice: () => toast(t("night.phone.no_voice"), "info", 6000) });
    const player = new StepPlayer({ speaker, seconds: PHONE_STEP_SECONDS, onShow: () => ctx.rerender() });
    phone = { session, speaker, player, after: session.lastSeq || 0 };
    phone.unsubscribe = session.subscribe((reason) => {
      if (reason !== "events" || !phone) return;
      for (const event of session.events) {
        if (event.seq <= phone.after) continue;
        phone.after = event.seq;
        player.add(event);
      }
    });
  }
  phone.speaker.on = speak;
  return phone;
}

function phoneSwitches(ctx) {
  const toggle = (key, label, testid) => h("button", {
    type: "button", class: "ghost", "aria-pressed": String(flag(key)), "data-testid": testid,
    onclick: () => { setFlag(key, !flag(key)); phoneNarration(ctx); ctx.rerender(); },
    text: `${flag(key) ? "✓ " : ""}${label}`,
  });
  return h("div", { class: "row wrap" },
    toggle(PHONE_STEPS, t("night.phone.steps"), "phone-steps"),
    toggle(PHONE_SPEAK, t("night.phone.speak"), "phone-speak"));
}

function phoneStep(narration) {
  const step = narration && flag(PHONE_STEPS) ? narration.player.current : null;
  if (!step) return null;
  return h("section", { class: "card night-step-now", "data-testid": "phone-step" },
    h("small", { class: "muted", text: `${step.summary} · ${step.index + 1}/${step.of}` }),
    h("p", { class: "huge-text", "data-testid": "phone-step-text", text: step.text }),
    h("div", { class: "row" },
      h("button", { type: "button", class: "ghost big", onclick: () => narration.player.previous(), text: `◀ ${t("back")}` }),
      h("button", { type: "button", class: "primary big", "data-testid": "phone-step-next", onclick: () => narration.player.next(), text: `${t("night.phone.next")} ▶` })));
}

const CARDS = { early: 1, mid: 2, late: 3 };
const NIGHT_TYPES = new Set(["night_began", "darkness_spreads_card", "turn_passed"]);

// What the table does beside the night while it waits (ticks, a seat taken): not its steps.
const BESIDE_THE_NIGHT = new Set(["table_step_ticked", "setup_step_ticked", "seat_joined", "seat_claimed"]);
const NIGHT_ENDS = new Set(["turn_passed", "game_lost", "game_won", "game_ended"]);

// The last night: from the event that began it to the one that passed the turn (or lost the
// game), whatever came in it. The night may wait (a card to read, where Sterling lands, the
// Winds of War); the command that answers carries it on, so its events are the night's too.
export function lastNight(events) {
  let start = -1;
  for (let i = events.length - 1; i >= 0; i -= 1) {
    if (events[i].type === "night_began") { start = i; break; }
  }
  if (start < 0) return [];
  const night = [];
  let ended = null; // the version of the command that passed the turn: all of it is the night's
  for (const event of events.slice(start)) {
    if (ended !== null && event.version !== ended) break;
    if (BESIDE_THE_NIGHT.has(event.type)) continue;
    night.push(event);
    if (NIGHT_ENDS.has(event.type)) ended = event.version;
  }
  return night;
}

// The events this phone holds, with the last night's read from the server when they do not
// reach back to it (a long log, a page opened after the night): once a visit, on demand.
function nightEvents(ctx) {
  const session = ctx.session;
  const held = session.events;
  // Every event since the game began is held, or they are still on their way.
  if (held.some((event) => event.type === "night_began") || session.firstSeq === 0 || session.eventsLoading) return held;
  // Read again once the phone reads its recent events anew (back from a sleep, say).
  const fetched = session.lastNightFetched;
  if (!fetched || fetched.from !== session.firstSeq) {
    const from = session.firstSeq;
    session.lastNightFetched = { from, events: null };
    readLastNight(session).then((events) => {
      if (session.lastNightFetched && session.lastNightFetched.from === from) session.lastNightFetched = { from, events };
      ctx.rerender();
    }, () => { session.lastNightFetched = null; });
    return held;
  }
  if (!fetched.events) return held;
  const seen = new Set(held.map((event) => event.seq));
  return [...fetched.events.filter((event) => !seen.has(event.seq)), ...held].sort((a, b) => a.seq - b.seq);
}

async function readLastNight(session) {
  const events = [];
  let page = await api.lastNight(session.id, session.token);
  for (let i = 0; i < 10; i += 1) {
    events.push(...page.events);
    const ends = page.events.some((event) => NIGHT_ENDS.has(event.type));
    if (ends || !page.next || !page.events.length) break;
    page = await api.events(session.id, session.token, page.events[page.events.length - 1].seq, 500);
  }
  return events;
}

// One night at a time from this phone: a second tap while the first is on its way does nothing,
// and the night names the turn it ends, so the server refuses it once that night has run.
let running = false;

// The turn this night ends, as this phone shows it.
function turnArgs(state) {
  const turn = state.turn || {};
  return turn.active_seat ? { seat: turn.active_seat, round: turn.number } : {};
}

// Whether the active hero still has the evening's Hero Cards to draw.
function eveningOwed(state) {
  const turn = state.turn || {};
  return Boolean(turn.active_seat && (state.heroes || {})[turn.active_seat] && turn.phase === "actions");
}

function playerName(session, seat) {
  const info = ((session.state || {}).seats || {})[seat];
  return info && info.name ? info.name : t("night.active_player");
}

function turnLine(ctx) {
  const state = ctx.session.state;
  const turn = state.turn || {};
  if (!turn.active_seat || !(state.heroes || {})[turn.active_seat]) return null;
  const name = playerName(ctx.session, turn.active_seat);
  return h("p", { class: "muted", "data-testid": "night-turn", text: eveningOwed(state)
    ? t("night.evening_owed", { name })
    : t("night.evening_drawn", { name }) });
}

async function runNight(ctx, button, tableOwned) {
  if (running) return;
  const state = ctx.session.state;
  const args = turnArgs(state);
  if (eveningOwed(state)) {
    const name = playerName(ctx.session, state.turn.active_seat);
    sheet(t("night.run?"), (body, close) => {
      body.append(
        h("p", { "data-testid": "skip-question", text: t("night.skip?", { name }) }),
        h("p", { class: "muted", text: t("night.skip.rule", { name }) }),
        h("div", { class: "row" },
          h("button", { type: "button", class: "primary big", "data-testid": "skip-evening", text: t("night.skip"),
            onclick: () => { close(); go(ctx, button, { ...args, skip_evening: true }, tableOwned); } }),
          h("button", { type: "button", class: "ghost big", text: t("night.not_yet", { name }), onclick: close })));
    });
    return;
  }
  go(ctx, button, args, tableOwned);
}

async function go(ctx, button, args, tableOwned) {
  if (tableOwned) {
    openAction(ctx, "night", { title: t("night.which_cards"), preset: args, lock: ["seat", "round", "skip_evening"] });
    return;
  }
  running = true;
  if (button) button.disabled = true;
  try {
    await quick(ctx, "night", args, t("night.run"));
  } finally {
    running = false;
    ctx.rerender();
  }
}

export function render(ctx) {
  needTexts(ctx); // the cards' placements (stepCard)
  const { session, content } = ctx;
  const state = session.state;
  const action = ctx.action("night");
  const deck = (state.decks || {}).darkness_spreads;
  const tableOwned = deck && deck.owner === "table";
  const count = CARDS[state.war_status] || 1;
  const pending = state.pending || [];
  const night = lastNight(nightEvents(ctx));
  const parts = [
    h("section", { class: "card night-head" },
      h("h2", { text: t("night.title") }),
      h("p", { text: t(tableOwned ? "night.cards.table" : "night.cards.app", { war: state.war_status ? t(`war.${state.war_status}`) : "", count }) }),
      pending.length && action && action.reason ? h("p", { class: "banner banner-warn", "data-testid": "night-waits", text: action.reason }) : null,
      h("button", {
        type: "button",
        class: "primary huge",
        "data-testid": "run-night",
        disabled: !action || action.available === false || Boolean(state.outcome) || running,
        title: action && action.reason ? action.reason : "",
        onclick: (event) => runNight(ctx, event.currentTarget, tableOwned),
        text: `☾ ${t("night.run")}`,
      }),
      turnLine(ctx),
      action && action.reason && !pending.length ? h("p", { class: "muted", text: action.reason }) : null,
      phoneSwitches(ctx)),
    phoneStep(phoneNarration(ctx)),
  ];
  if (!night.length) {
    // A night ran, and could not be read back (offline): never "no night yet".
    const ran = (state.turn || {}).last_night;
    parts.push(h("p", { class: "muted center", "data-testid": "night-none", text: ran ? t("night.earlier", { n: ran.number }) : t("night.none") }));
    return h("div", { class: "tab-body night-tab" }, parts);
  }
  // The ticks are the table's (every phone sees them, as in the At the table panel).
  const done = state.table_steps || {};
  const undo = state.history && state.history.undo;
  const first = night[0];
  parts.push(h("h2", { class: "section-title", text: t("night.last", { name: session.seatName(first.actor) }) }));
  for (const event of night) {
    parts.push(stepCard(ctx, event, done));
  }
  parts.push(h("div", { class: "row" },
    h("button", {
      type: "button", class: "big",
      onclick: () => {
        const keys = night.flatMap((event) => (event.steps || []).map((_, i) => `${event.seq}.${i}`)).filter((key) => !done[key]);
        if (keys.length) tick(ctx, keys, true, "the board matches the night");
      },
      text: `✓ ${t("night.matches")}`,
    }),
    h("button", { type: "button", class: "ghost big", onclick: () => openAction(ctx, "set_location", { preset: { reason: t("night.matches.reason") } }), text: t("correct_location") })),
  undo && undo.type === "night" ? h("button", {
    type: "button", class: "ghost big danger-text", "data-testid": "undo-night",
    onclick: () => quick(ctx, "undo", {}, t("undo.label", { label: undo.label })), text: `↺ ${t("night.undo")}`,
  }) : null);
  return h("div", { class: "tab-body night-tab" }, parts);
}

function stepCard(ctx, event, done) {
  const { session, content } = ctx;
  const steps = event.steps || [];
  const card = event.data && event.data.card ? content.cards[event.data.card] : null;
  const places = card && card.data ? [...(card.data.placements || []).map((p) => p.location), card.data.general_to !== "next" ? card.data.general_to : null].filter(Boolean) : [];
  const allDone = steps.length > 0 && steps.every((_, i) => done[`${event.seq}.${i}`]);
  return h("article", { class: `card night-card${allDone ? " all-done" : ""}`, "data-event": event.type, "data-seq": String(event.seq) },
    h("h3", { text: event.summary }),
    steps.length ? h("ol", { class: "steps" }, steps.map((step, i) => {
      const key = `${event.seq}.${i}`;
      return h("li", {},
        h("label", { class: "step-row" },
          h("input", {
            type: "checkbox", checked: Boolean(done[key]),
            "data-step": key,
            onchange: (e) => tick(ctx, [key], e.target.checked, step.text, e.target),
          }),
          h("span", {}, h("span", { class: "step-text", text: step.text }))),
        ruleNote(step.rule));
    })) : null,
    places.length ? h("div", { class: "row wrap" }, places.map((id) => h("button", {
      type: "button", class: "chip",
      onclick: () => openAction(ctx, "set_location", { preset: { location: id, reason: t("night.reason", { summary: event.summary }) }, title: t("correct", { name: locationName(content, id) }) }),
      text: t("correct", { name: locationName(content, id) }),
    }))) : null);
}

export { NIGHT_TYPES };
