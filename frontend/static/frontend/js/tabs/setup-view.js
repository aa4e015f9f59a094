// The setup checklist for the physical table (the setup events' steps, each with its rule),
// and the invitation: a QR code, the short code and the link that opens straight into the game.

import { api } from "../api.js";
import { h, sheet, toast } from "../dom.js";
import { qrBox, shareButton } from "./share.js";
import { ruleNote, settingValue, words } from "../words.js";
import { need, t } from "../i18n.js";

await need("table");

export function joinUrl(code) {
  return `${location.origin}/join/${code}`;
}

export function invitation(ctx) {
  const code = ctx.session.joinCode || "";
  const url = joinUrl(code);
  return h("div", { class: "invite", "data-testid": "invite" },
    qrBox(url),
    h("p", { class: "join-code", "data-testid": "join-code", text: code }),
    h("p", { class: "muted center", text: t("invite.hint") }),
    h("div", { class: "row" },
      h("input", { class: "grow", readonly: true, value: url, "aria-label": t("invite.link"), onfocus: (e) => e.target.select() }),
      shareButton(url, t("invite.share"))));
}

export function showShare(ctx) {
  const session = ctx.session;
  const me = (session.seats || []).find((seat) => seat.id === session.seat);
  sheet(t("table.invite"), (body) => {
    body.append(invitation(ctx));
    if (!me || !me.is_host) return;
    const moves = h("section", { class: "seat-moves" },
      h("h3", { text: t("invite.lost") }),
      h("p", { class: "muted small", text: t("invite.lost.hint") }),
      h("button", { type: "button", class: "ghost big", "data-testid": "move-seat", text: t("seats.move"), onclick: (event) => {
        event.currentTarget.disabled = true;
        import("./seats.js").then((module) => moves.replaceWith(module.seatMoves(ctx)))
          .catch((error) => toast(error.message, "error"));
      } }));
    body.append(moves);
    const screen = h("section", { class: "seat-moves" },
      h("h3", { text: t("invite.display") }),
      h("p", { class: "muted small", text: t("invite.display.hint") }),
      h("button", { type: "button", class: "ghost big", "data-testid": "show-display", text: t("invite.display"), onclick: (event) => {
        event.currentTarget.disabled = true;
        import("./show-display.js").then((module) => screen.replaceWith(module.displayLink(ctx)))
          .catch((error) => toast(error.message, "error"));
      } }));
    body.append(screen);
  });
}

// The setup checklist as a tab that stays all game: each tick is a command, so every phone
// sees it at once and the shared undo takes it back.
// The session keeps the recent log only; late in a game the setup's events are read once more
// from the start of the log and kept here for the tab.
const setupLogs = new Map();

function setupEvents(ctx) {
  const { session } = ctx;
  const pick = (events) => events.filter((event) => event.version === 0 || event.type === "hero_entered");
  if (!session.firstSeq) return pick(session.events);
  const cached = setupLogs.get(session.id);
  if (Array.isArray(cached)) {
    const seen = new Set(cached.map((event) => event.seq));
    return pick([...cached, ...session.events.filter((event) => !seen.has(event.seq))]);
  }
  if (!cached) {
    setupLogs.set(session.id, "loading");
    api.events(session.id, session.token, 0, 500)
      .then((page) => { setupLogs.set(session.id, page.events || []); ctx.rerender(); })
      .catch(() => setupLogs.delete(session.id));
  }
  return null;
}

// Every setting's title and its values' labels in the reader's language, read once.
let settingWords = null;

function settingWordsOf(ctx) {
  if (settingWords === null) {
    settingWords = "loading";
    api.setupOptions()
      .then((body) => { settingWords = body.words || {}; ctx.rerender(); })
      .catch(() => { settingWords = null; });
  }
  return typeof settingWords === "object" ? settingWords : {};
}

// A game system that lists its own settings in its view (Talisman: The Dragon's `options`, in
// the reader's language) names them itself.
function ownSettingWords(state) {
  return Object.fromEntries((state.options || []).map((option) => [option.name, {
    title: option.title,
    labels: Object.fromEntries((option.choices || []).map((c) => [typeof c.value === "string" ? c.value : JSON.stringify(c.value), c.label])),
  }]));
}

function settingFacts(ctx, settings) {
  const own = ownSettingWords(ctx.session.state || {});
  const known = { ...settingWordsOf(ctx), ...own };
  return Object.entries(settings).flatMap(([name, value]) => {
    const shown = known[name] || {};
    const label = (shown.labels || {})[typeof value === "string" ? value : JSON.stringify(value)];
    return [h("dt", { text: shown.title || words(name) }), h("dd", { text: label || settingValue(value) })];
  });
}

export function setupSteps(ctx) {
  const events = setupEvents(ctx);
  return events && events.flatMap((event) => (event.steps || []).map((step, i) => ({ key: `${event.seq}.${i}`, ...step })));
}

export function renderSetup(ctx) {
  const { session } = ctx;
  const ticked = session.state.checklist || {};
  const found = setupSteps(ctx);
  const steps = found || [];
  const loading = !found;
  const done = steps.filter((step) => ticked[step.key]).length;
  const settings = session.state.settings || {};
  const tick = async (step, input) => {
    input.disabled = true;
    const label = step.text.length > 200 ? `${step.text.slice(0, 199)}…` : step.text;
    const result = await session.act("tick_setup_step", { step: step.key, done: input.checked, label },
      { label: t(input.checked ? "setup.tick" : "setup.untick") });
    if (!result) input.checked = Boolean((session.state.checklist || {})[step.key]);
    input.disabled = false;
  };
  return h("div", { class: "tab-body setup-tab" },
    h("section", { class: "card" }, h("h2", { text: t("invite.title") }), invitation(ctx)),
    h("section", { class: "card" },
      h("h2", { text: t("setup.title") }),
      h("p", { class: "muted", "data-testid": "checklist-progress", text: loading ? t("setup.reading") : steps.length
        ? t("setup.progress", { done, count: steps.length })
        : t("setup.none") }),
      h("ol", { class: "checklist", "data-testid": "checklist" }, steps.map((step) => h("li", {},
        h("label", { class: "step-row" },
          h("input", { type: "checkbox", "data-step": step.key, checked: Boolean(ticked[step.key]), onchange: (e) => tick(step, e.target) }),
          h("span", {}, h("span", { class: "step-text", text: step.text }))),
        ruleNote(step.rule))))),
    // The settings as the engine names them, with their sources: for the curious, folded.
    Object.keys(settings).length ? h("section", { class: "card" },
      h("details", { class: "settings-facts" },
        h("summary", { text: t("setup.settings") }),
        h("dl", { class: "facts" }, settingFacts(ctx, settings)))) : null,
    h("button", { type: "button", class: "primary big", "data-testid": "start-playing", onclick: () => ctx.go("board"), text: t("setup.start") }),
    h("p", { class: "muted center", text: t("setup.stays") }));
}
