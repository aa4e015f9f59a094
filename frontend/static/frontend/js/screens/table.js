// The table: one game as this seat sees it, live. Tabs: Board, Night, Me, Fame, Enter, Log and
// Setup (the shared checklist, all game); the join QR code and the seats' new tokens on demand.

import { api } from "../api.js";
import { announce, h, mount, sheet } from "../dom.js";
import { learnBuiltHeroes, loadGameContent } from "../content.js";
import { GameSession, STATE_MESSAGE_WAIT_MS, patchOf } from "../session.js";
import { savedGame } from "../storage.js";
import { need, t } from "../i18n.js";

// The setup checklist (a tab all game) and the invitation, on demand too.
const SETUP = { id: "setup", label: "tab.setup", icon: "☑", module: null, load: () => import("../tabs/setup-view.js") };

// A tab with `load` is fetched the first time it shows (the first load stays small: only the
// Board, and not while the sheet of a card to read covers it: see `covered`).
const TABS = [
  { id: "board", label: "tab.board", icon: "◈", module: null, load: () => import("../tabs/board.js").then(kept) },
  { id: "night", label: "tab.night", icon: "☾", module: null, dotr: true, load: () => import("../tabs/night.js") },
  { id: "me", label: "tab.me", icon: "☺", module: null, load: () => import("../tabs/seat.js") },
  { id: "fame", label: "tab.fame", icon: "★", module: null, dotr: true, load: () => import("../tabs/fame.js") },
  { id: "enter", label: "tab.enter", icon: "✎", module: null, load: () => import("../tabs/enter.js") },
  { id: "log", label: "tab.log", icon: "↺", module: null, load: () => import("../tabs/log.js") },
  SETUP,
];

// The Board comes after the service worker was told which files the page loaded (js/main.js):
// it is told again, so the Board opens offline after a first visit.
function kept(module) {
  if (navigator.serviceWorker) {
    navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({
      keep: performance.getEntriesByType("resource").map((entry) => entry.name),
    })).catch(() => {});
  }
  return module;
}

function loaded(tab, then) {
  if (tab.module) return tab.module;
  tab.loading = tab.loading || tab.load().catch((error) => { tab.loading = null; throw error; });
  tab.loading.then((module) => { tab.module = module; then(); });
  return null;
}

const WAR = { early: "war.early", mid: "war.mid", late: "war.late" };
// The Hero's Calling: its War Status card's four levels, named as the card prints them.
const HC_WAR = ["war.early", "war.early_mid", "war.late_mid", "war.late"];
const warName = (state) => (state.heros_calling && HC_WAR[state.war_level] ? t(HC_WAR[state.war_level])
  : WAR[state.war_status] ? t(WAR[state.war_status]) : state.war_status);

// A card the app does not know yet (tabs/read-card.js, loaded the first time one waits).
let readCard = null;
function syncReading(ctx) {
  if (readCard) {
    readCard.syncReadCard(ctx);
    return;
  }
  if (!((ctx.session.state || {}).reading || []).length) return;
  import("../tabs/read-card.js").then((module) => {
    readCard = module;
    module.syncReadCard(ctx);
    ctx.rerender();
  });
}

// A first screen that opens on a card to read (a Quest dealt into this phone's hand that nobody
// has entered yet: most deals with every expansion) shows its sheet over the Board: the Board
// and its map (tabs/board.js, map.js) come once the card is answered or its sheet closed.
function covered(session, tab) {
  const reading = ((session.state || {}).reading || [])[0];
  return tab.id === "board" && !tab.module && !tab.loading && Boolean(reading) && !reading.private
    && session.readDismissed !== reading.id;
}

// At the table (tabs/table-panel.js), on every tab once play is under way or a choice waits:
// loaded at the first draw when play was under way, else with the first change that owes the
// table a step (an event with steps, as the stream or an answer brings it) or a choice.
let panel = null;
const owesSteps = (event) => event.version !== 0 && (event.steps || []).length > 0 && !["hero_entered", "card_read"].includes(event.type);
function syncPanel(session, then) {
  const state = session.state;
  const last = (state.history || {}).undo;
  const first = session.panelFrom === undefined;
  if (first) session.panelFrom = session.lastSeq;
  const underWay = last && last.type !== "tick_setup_step";
  // No play before the first draw: the events the stream brings since are all the panel reads.
  if (first && !underWay) session.owedSince = session.lastSeq;
  if (panel) return panel.then ? panel : null;
  const owed = (state.pending || []).length || (first ? underWay
    : session.events.some((event) => event.seq > session.panelFrom && owesSteps(event)));
  if (!owed) return null;
  panel = import("../tabs/table-panel.js").then((module) => { panel = module; then(); }, () => { panel = null; });
  return panel;
}

// How long after a change of screen the second tap of a double tap is not taken (ms).
const TAP_GUARD_MS = 700;

export function show(app, gameId) {
  const saved = savedGame(gameId);
  if (!saved) {
    need("table").then(() => mount(app, h("main", { class: "screen" },
      h("h1", { text: t("table.no_seat") }),
      h("p", { class: "muted", text: t("table.no_seat.hint") }),
      h("a", { href: "/join", class: "button primary big", "data-link": "", text: t("join.title") }),
      h("a", { href: "/", class: "button big", "data-link": "", text: t("home") }))));
    return null;
  }
  const session = new GameSession(gameId);
  const params = new URLSearchParams(location.search);
  const view = { tab: params.get("setup") ? "setup" : (location.hash.slice(1) || "board"), actions: [], content: null, selected: null, zoom: false };
  const header = h("header", { class: "topbar" });
  // What the table owes, a choice waiting, a refusal: a landmark of its own.
  const notice = h("aside", { class: "notice-slot", "aria-label": t("table.notices") });
  // The tab scrolls: a keyboard can reach it to scroll it, even where every control is greyed.
  const main = h("main", { class: "table-main", id: "table-main", tabindex: "0" });
  const nav = h("nav", { class: "tabbar", id: "tabbar", "aria-label": t("table") });
  // By keyboard, the tabs are one step away: past the header, the panel and the map.
  const skip = h("a", { class: "skip-link", href: "#tabbar", onclick: (event) => {
    event.preventDefault();
    const current = nav.querySelector("[aria-current=page]") || nav.querySelector("button");
    if (current) current.focus();
  }, text: t("skip.tabs") });
  mount(app, h("div", { class: "table-shell" }, skip, header, notice, main, nav));
  mount(main, h("p", { class: "boot", text: t("table.joining") }));

  // A double tap on a button that changes the screen ("Go to the night", a tab) must not carry
  // its second tap through to whatever the new screen puts under the finger: the second click
  // of a double click (detail 2+) soon after a change of screen is swallowed.
  let tapGuardUntil = 0;
  const guardTap = () => { tapGuardUntil = performance.now() + TAP_GUARD_MS; };
  const swallowCarriedTap = (event) => {
    if (event.detail > 1 && performance.now() < tapGuardUntil) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  };
  document.addEventListener("click", swallowCarriedTap, true);
  document.addEventListener("dblclick", swallowCarriedTap, true);

  const ctx = {
    session,
    view,
    get content() { return view.content; },
    get actions() { return view.actions; },
    action: (type) => view.actions.find((a) => a.type === type),
    go: (tab) => { view.tab = tab; history.replaceState({}, "", `${location.pathname}#${tab}`); guardTap(); render(); main.scrollTop = 0; },
    rerender: () => render(),
  };

  // The actions on offer are read when a screen needs them (a tab's forms and buttons, a
  // location's sheet); the Board's first paint needs none. After a change the stream names the
  // list (`session.actionsTag`) and, when it changed, brings the patch from the list it named
  // before (`session.actionsPatch`): the phone holding that list applies it and reads nothing.
  // A list the patch does not fit, or a change the stream has not named (no stream, a missed
  // message), is asked with the tag held, which costs a 304 while the list is unchanged.
  let actionsTimer = null;
  let actionsTag = null; // the ETag of `view.actions`
  let actionsSeat = null;
  let actionsWanted = false;
  let actionsRead = null;
  let actionsReading = 0;
  const readActions = async () => {
    try {
      const seat = session.seat;
      const result = await api.actions(gameId, session.token, seat === actionsSeat ? actionsTag : null);
      if (result) {
        view.actions = result.actions;
        actionsTag = result.tag;
        actionsSeat = seat;
        render();
      }
    } catch { /* the next change retries */ }
  };
  const readActionsOnce = () => {
    actionsReading += 1;
    actionsRead = (actionsRead || Promise.resolve()).then(readActions).finally(() => { actionsReading -= 1; });
    return actionsRead;
  };
  // The stream's patch, when it starts from the list held (and no read of it is under way).
  const patchActions = () => {
    const patch = session.actionsPatch;
    if (!patch || actionsReading || patch.base !== actionsTag) return false;
    try {
      view.actions = patchOf(view.actions, patch.patch);
    } catch {
      return false;
    }
    actionsTag = session.actionsTag;
    return true;
  };
  const loadActions = () => {
    if (!actionsWanted) return;
    clearTimeout(actionsTimer);
    if (actionsSeat !== session.seat) {
      readActionsOnce();
    } else if (session.actionsTagVersion >= session.version) {
      if (session.actionsTag !== actionsTag && !patchActions()) readActionsOnce();
    } else {
      // This change came with an action's answer or a GET: the stream's message names the
      // list in a moment; ask with the tag held only if it does not.
      actionsTimer = setTimeout(() => {
        if (session.actionsTagVersion < session.version) readActionsOnce();
      }, STATE_MESSAGE_WAIT_MS);
    }
  };
  ctx.ensureActions = () => {
    if (!actionsWanted) {
      actionsWanted = true;
      readActionsOnce();
    }
    return actionsRead;
  };
  session.wantEvents = ["night", "log", "setup"].includes(view.tab);

  let frame = null;
  const scheduleRender = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => { frame = null; render(); });
  };

  // One device for several players ("Players sharing this phone"): when the turn passes it acts
  // as the new active hero without a switch; a turn of a seat it does not hold (a player with a
  // phone of their own, at a mixed table) leaves it as it is, and a seat chosen by hand during
  // a turn (another player settling a choice) stays until the turn passes.
  let turnSeen = null;
  const followTurn = () => {
    const turn = (session.state && session.state.turn) || {};
    const active = turn.active_seat;
    const key = active ? `${turn.number}:${active}` : null;
    if (!key || key === turnSeen) return;
    const first = turnSeen === null;
    turnSeen = key;
    if (first || active === session.seat || !session.mySeats().includes(active)) return;
    session.switchSeat(active);
  };

  // What another phone did is said once to a screen reader (the screen is not a live region).
  let announced = null;
  const announceOthers = () => {
    const last = session.events[session.events.length - 1];
    if (!last || last.seq === announced) return;
    const first = announced === null;
    announced = last.seq;
    if (!first && last.actor && last.actor !== session.seat && last.summary) announce(last.summary);
  };

  const unsubscribe = session.subscribe((reason) => {
    if (reason === "events") announceOthers();
    if (reason === "state") { loadActions(); followTurn(); }
    if (reason === "status") { renderHeader(); renderNotice(); }
    else scheduleRender();
  });

  function renderHeader() {
    const state = session.state;
    const status = t(`status.${session.status}`);
    const turn = state && state.turn;
    const active = turn && turn.active_seat ? session.seatName(turn.active_seat) : null;
    mount(header,
      h("a", { href: "/", class: "icon-btn", "data-link": "", "aria-label": t("home"), text: "⌂" }),
      h("div", { class: "topbar-mid" },
        state && state.war_status ? h("span", { class: `war-chip war-${state.war_status}`, "data-testid": "war-status", text: warName(state) }) : h("span", { class: "war-chip", text: state ? state.system_name || (state.system === "battlefields" && t("system.battlefields")) || state.system : "…" }),
        h("small", { class: "muted turn-line", "data-testid": "turn-line", text: turnText(state, turn, active) })),
      h("span", { class: `live live-${session.status}`, role: "status", title: t("table.version", { status, version: session.version }), "data-testid": "live", "data-version": String(session.version) },
        h("span", { class: "dot", "aria-hidden": "true" }), h("span", { class: "live-text", text: status })),
      h("a", { href: `/game/${gameId}/known`, class: "icon-btn", "data-link": "", "aria-label": t("known.title"), title: t("known.title"), "data-testid": "known-link", text: "❏" }),
      h("button", { class: "icon-btn", type: "button", "aria-label": t("table.invite"), "data-testid": "share", onclick: () => SETUP.load().then((module) => module.showShare(ctx)), text: "⊞" }));
  }

  function renderNotice() {
    const n = session.notice;
    const state = session.state;
    const outcome = state && state.outcome;
    const ball = state && state.grand_ball;
    const proposals = (state && state.fame && state.fame.proposals) || [];
    const away = view.tab !== "fame";
    const offline = session.readOnly || session.status === "offline";
    main.classList.toggle("read-only", offline);
    mount(notice,
      offline ? h("div", { class: "banner banner-offline", role: "status", "data-testid": "offline" },
        h("div", { class: "grow" },
          h("strong", { text: session.seenAt ? t("offline.seen", { time: clock(session.seenAt) }) : t("offline.unreached") }),
          h("p", { text: t("offline.read_only") }))) : null,
      state && readCard ? readCard.readingBanner(ctx) : null,
      panel && panel.render ? panel.render(ctx) : null,
      outcome ? h("div", { class: `banner banner-${outcome.result === "won" ? "ok" : "error"}`, role: "alert", "data-testid": "outcome" },
        h("div", { class: "grow" }, h("strong", { text: outcome.side ? t("outcome.side", { side: outcome.side }) : t(`outcome.${["won", "lost"].includes(outcome.result) ? outcome.result : "stopped"}`) }), " ", outcome.reason || ""),
        outcome.result === "won" && away && !(ball && ball.done) && state.system === "dotr"
          ? h("button", { class: "primary", type: "button", "data-testid": "to-grand-ball", onclick: () => ctx.go("fame"), text: t("fame.ball") }) : null,
        // Closing is final (no undo after it); only then is the game's seed shown for audit.
        state.closed ? h("span", { "data-testid": "closed", text: t("table.closed") })
          : h("button", { class: "ghost", type: "button", "data-testid": "close-game", title: t("table.close.hint"),
            onclick: () => session.act("close_game", {}, { label: t("table.close") }), text: t("table.close") })) : null,
      proposals.length && away && !outcome ? h("div", { class: "banner banner-fame", "data-testid": "fame-banner" },
        h("span", { class: "grow", text: `★ ${t("fame.to_confirm", { count: proposals.length })}` }),
        h("button", { class: "ghost", type: "button", onclick: () => ctx.go("fame"), text: t("fame.review") })) : null,
      n ? h("div", { class: `banner banner-${n.kind}`, role: "alert", "data-testid": "notice", "data-code": n.code || "" },
        h("div", { class: "grow" },
          h("strong", { text: n.title }),
          h("p", { text: n.detail }),
          n.changes && n.changes.length ? h("details", { open: true }, h("summary", { text: t("notice.changed") }), h("ul", {}, n.changes.slice(-6).map((c) => h("li", { text: c })))) : null,
          n.fields ? h("ul", {}, Object.entries(n.fields).map(([k, v]) => h("li", { text: `${k}: ${[].concat(v).join(" ")}` }))) : null),
        h("div", { class: "banner-actions" },
          n.retry ? h("button", { class: "primary", type: "button", text: t("retry"), onclick: () => session.retryFailed() }) : null,
          h("button", { class: "ghost", type: "button", text: t("ok"), "aria-label": t("dismiss"), onclick: () => session.setNotice(null) }))) : null);
  }

  const tabsShown = () => TABS.filter((tab) => (!tab.dotr || !session.state || session.state.system === "dotr")
    && (!session.state || session.state.system !== "battlefields" || ["board", "log", "setup"].includes(tab.id)));

  function renderNav() {
    mount(nav, tabsShown().map((tab) => h("button", {
      type: "button",
      class: `tab${view.tab === tab.id ? " active" : ""}`,
      "aria-current": view.tab === tab.id ? "page" : null,
      "data-tab": tab.id,
      onclick: () => ctx.go(tab.id),
    }, h("span", { class: "tab-icon", "aria-hidden": "true", text: tab.icon }), h("span", { text: t(tab.label) }))));
  }

  function render() {
    renderHeader();
    renderNotice();
    renderNav();
    if (!session.state || !view.content) return;
    learnBuiltHeroes(view.content, session.state);
    if (view.tab !== "board" || session.state.system !== "dotr") ctx.ensureActions();
    if (["night", "log", "setup"].includes(view.tab) && !session.eventsLoaded) session.ensureEvents().catch(() => {});
    // A card the app does not know yet: every phone shows the sheet to read it.
    syncReading(ctx);
    // The Board comes with the screen whichever tab shows (a reload offline opens it), unless
    // the sheet of a card to read covers it.
    if (!covered(session, TABS[0])) loaded(TABS[0], view.tab === "board" ? render : () => {});
    syncPanel(session, scheduleRender);
    const scroll = main.scrollTop;
    const tab = view.tab === "setup" ? SETUP : tabsShown().find((t) => t.id === view.tab) || TABS[0];
    let body;
    if (session.state.system === "battlefields" && tab.id === "board") body = systemBoard(ctx, session.state.system, render);
    else if (covered(session, tab)) body = h("div", { class: "tab-body board-tab" });
    else {
      let module = null;
      try {
        module = loaded(tab, render);
      } catch { /* loaded() only throws synchronously if import() does */ }
      if (module) body = tab === SETUP ? module.renderSetup(ctx) : module.render(ctx);
      else {
        body = h("p", { class: "boot", text: t("opening") });
        if (tab.loading) tab.loading.catch((error) => need("table").then(() => mount(main, h("p", { class: "form-error", text: t("table.tab_failed", { error: error.message }) }))));
      }
    }
    // Each tab is a page of its own for a screen reader: its name is the page's heading.
    mount(main, h("h1", { class: "visually-hidden", text: t(tab.label) }), body);
    main.dataset.view = view.tab;
    // Setting the scroll lays the page out at once; at the top (a first draw) there is nothing
    // to keep, and the layout waits for the frame.
    if (scroll) main.scrollTop = scroll;
  }

  // The content packs are known from the game's state (the last seen one, when offline).
  session.start()
    .then(() => loadGameContent(session.state.packs).catch(() => emptyContent()))
    .then((content) => {
      view.content = content;
      session.content = content; // a seat's hero by its printed name ("Ada (Dwarf)")
      // A panel the table shows comes before the first draw, so that the tab does not move
      // down under the player's thumb when it arrives.
      return Promise.resolve(syncPanel(session, scheduleRender)).catch(() => {}).then(() => content);
    })
    .then(() => {
      loadActions();
      render();
      // The rest of the table's words (sheets, the other tabs) and more.css come with the
      // modules that show them: the Board's first screen reads the core words only.
    })
    .catch((error) => need("table").then(() => {
      mount(main, h("div", { class: "screen" },
        h("h1", { text: t("table.failed") }),
        h("p", { text: error.status === 404 ? t("table.failed.404")
          : error.code === "network" ? t("table.failed.network") : error.message }),
        h("button", { class: "primary big", onclick: () => location.reload(), text: t("try_again") }),
        h("a", { href: "/", class: "button big", "data-link": "", text: t("home") })));
    }));

  return {
    stop() {
      document.removeEventListener("click", swallowCarriedTap, true);
      document.removeEventListener("dblclick", swallowCarriedTap, true);
      unsubscribe();
      session.stop();
      clearTimeout(actionsTimer);
      document.querySelectorAll("dialog.sheet").forEach((d) => d.remove());
    },
  };
}

// A game system's own board (systems/<system>.js), loaded the first time it shows. Each import
// names its file whole, so that collectstatic rewrites it to the file's hashed name.
const SYSTEM_MODULES = {
  battlefields: () => import("../systems/battlefields.js"),
  "talisman-dragon": () => import("../systems/talisman-dragon.js"),
};
const SYSTEM_BOARDS = {};
function systemBoard(ctx, system, rerender) {
  if (SYSTEM_BOARDS[system]) return SYSTEM_BOARDS[system].render(ctx);
  SYSTEM_MODULES[system]().then((module) => { SYSTEM_BOARDS[system] = module; rerender(); });
  return h("p", { class: "boot", text: t("opening") });
}

// The header's turn line: the round, whose turn, and "night next" once the evening is drawn
// (the player's name alone then, to fit a phone's width).
function turnText(state, turn, active) {
  if (!turn) return "";
  if (!active) return t("turn", { n: turn.number });
  if (turn.phase !== "night") return `${t("turn", { n: turn.number })} · ${active}`;
  const seat = (state.seats || {})[turn.active_seat];
  return `${t("turn", { n: turn.number })} · ${(seat && seat.name) || active} · ${t("turn.night_next")}`;
}

function emptyContent() {
  return { pack: { decks: {} }, packs: [], locations: {}, roads: [], generals: {}, heroes: {}, minions: {}, cards: {}, decks: {} };
}

function clock(ms) {
  const at = new Date(ms);
  return `${String(at.getHours()).padStart(2, "0")}:${String(at.getMinutes()).padStart(2, "0")}`;
}

export { sheet };
