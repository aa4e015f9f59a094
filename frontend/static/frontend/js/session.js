// One game as this phone sees it: state, version, events and the live stream.
//
// Every change comes back from the server: the phone never edits its state by itself. A POST
// answers with the new state; other phones' changes arrive on the event stream (SSE), which
// resumes from the last event id after a drop; a phone that slept or lost the network catches
// up (state + missed events) when it wakes. Each stream message carries what changed: the
// events, then the seat's game view as a patch from the version the phone holds, applied here
// without another request; a phone that missed a message reads the game again. A refused action (stale version, a rule) leaves a
// notice saying why and what changed, and the fresh state on screen: the events the refusal
// carries, then the stream's patch, with no GET.
//
// Offline: the last table this phone saw (its game view and recent events, with the time) is
// kept on the phone. Opened without a network, or losing it, the phone shows that table
// read-only (`offlineSince`); an action is then not sent and says so, kept for a retry; back
// online it reads the game again and goes live.

import { ApiError, api, readEvents } from "./api.js";
import { uuid } from "./dom.js";
import { lang, t } from "./i18n.js";
// later: need("table"): its notices follow an action, after the table's first paint.
import { lastSeen, saveLastSeen, savedGame, setActiveSeat, updateSeatInfo } from "./storage.js";

// The JSON patch module comes with the first state message the stream brings (a first visit
// needs none): messages that arrive while it loads wait for it, in order.
let applyPatch = null;
const loadPatch = () => import("./patch.js").then((module) => { applyPatch = module.applyPatch; });
// A patch of what the stream sent (the actions list): once the module is here.
export const patchOf = (base, patch) => applyPatch(base, patch);

const KEEP_EVENTS = 400;
const FALLBACK_POLL_MS = 10000;
// A change whose state message has not come by then is read with a GET.
export const STATE_MESSAGE_WAIT_MS = 1500;

export class GameSession {
  constructor(gameId) {
    this.id = gameId;
    const saved = savedGame(gameId);
    this.saved = saved;
    this.seat = saved ? saved.active : null;
    this.token = saved && this.seat ? saved.seats[this.seat].token : null;
    this.joinCode = saved ? saved.joinCode : null;
    this.version = -1;
    this.lastSeq = 0;
    this.firstSeq = null;
    this.state = null;
    this.view = null; // the whole game view at `view.version`: what stream patches apply to
    // The ETag of this seat's actions list at `actionsTagVersion`, as the stream names it, and
    // the stream's patch to it (`{ base, patch }`: from the list tagged `base`), if it changed:
    // a screen holding the list tagged `base` applies the patch, any other reads it again.
    this.actionsTag = null;
    this.actionsTagVersion = -1;
    this.actionsPatch = null;
    this.seats = [];
    this.events = [];
    this.status = "connecting";
    this.notice = null;
    this.failed = null; // an action that could not be sent, kept for a retry
    this.listeners = new Set();
    this.streaming = false;
    this.abortStream = null;
    this.skipPause = null;
    this.refreshTimer = null;
    this.pollTimer = null;
    this.closed = false;
    this.seenAt = null; // when the table on screen was last read from the server (ms)
    this.offlineSince = null; // set while the table on screen is the last one seen, read-only
    this._onWake = () => this.wake();
  }

  get hasToken() {
    return Boolean(this.token);
  }

  subscribe(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(reason) {
    for (const listener of this.listeners) listener(reason);
  }

  get readOnly() {
    return this.offlineSince !== null;
  }

  async start() {
    try {
      await this.refresh();
      // The events are read when a screen shows them (Night, Log, the setup checklist): the
      // Board needs the state only. The stream then resumes from the last event either way.
      if (this.wantEvents) await this.loadRecentEvents();
      else this.lastSeq = Math.max(this.lastSeq, this.serverLastSeq || 0);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === "network") || !this.showLastSeen()) throw error;
    }
    this.connect();
    document.addEventListener("visibilitychange", this._onWake);
    window.addEventListener("online", this._onWake);
    window.addEventListener("pageshow", this._onWake);
    window.addEventListener("offline", this._onOffline = () => this.wentOffline());
  }

  get eventsLoaded() {
    return this.firstSeq !== null;
  }

  // Read the recent events once, the first time a screen needs them.
  ensureEvents() {
    if (this.eventsLoaded) return Promise.resolve();
    this.eventsLoading = this.eventsLoading || this.loadRecentEvents().finally(() => { this.eventsLoading = null; });
    return this.eventsLoading;
  }

  // The table as this phone last saw it, when the server cannot be reached: false if none.
  showLastSeen() {
    const last = lastSeen(this.id, this.seat);
    if (!last) return false;
    this.adoptView(last.game, { force: true });
    this.events = last.events || [];
    this.lastSeq = this.events.length ? this.events[this.events.length - 1].seq : 0;
    this.firstSeq = this.events.length ? this.events[0].seq - 1 : this.lastSeq;
    this.seenAt = last.at;
    this.wentOffline();
    this.emit("state");
    this.emit("events");
    return true;
  }

  wentOffline() {
    if (this.offlineSince === null) this.offlineSince = Date.now();
    this.setStatus("offline");
    this.emit("notice");
  }

  // The server answered: the table on screen is live again.
  backOnline() {
    this.seenAt = Date.now();
    if (this.offlineSince === null) return;
    this.offlineSince = null;
    if (this.status === "offline") this.setStatus("connecting");
    this.emit("notice");
  }

  remember() {
    if (!this.view || this.readOnly) return;
    clearTimeout(this.rememberTimer);
    this.rememberTimer = setTimeout(() => {
      saveLastSeen(this.id, this.seat, { game: this.view, events: this.events.slice(-60), at: this.seenAt || Date.now() });
    }, 300);
  }

  stop() {
    this.closed = true;
    if (this.abortStream) this.abortStream();
    clearTimeout(this.refreshTimer);
    clearInterval(this.pollTimer);
    document.removeEventListener("visibilitychange", this._onWake);
    window.removeEventListener("online", this._onWake);
    window.removeEventListener("pageshow", this._onWake);
    if (this._onOffline) window.removeEventListener("offline", this._onOffline);
  }

  switchSeat(seat) {
    const saved = savedGame(this.id);
    if (!saved || !saved.seats[seat]) return;
    setActiveSeat(this.id, seat);
    this.saved = savedGame(this.id);
    this.seat = seat;
    this.token = saved.seats[seat].token;
    this.events = [];
    this.lastSeq = 0;
    this.firstSeq = null;
    this.version = -1;
    this.view = null;
    this.actionsTag = null;
    this.actionsTagVersion = -1;
    this.actionsPatch = null;
    this.refresh()
      .then(() => this.loadRecentEvents())
      .then(() => this.restartStream())
      .catch((error) => this.connectionTrouble(error));
  }

  // Drop the current stream response (it may be dead after a sleep) and open a fresh one.
  restartStream() {
    if (this.skipPause) this.skipPause();
    else if (this.abortStream) this.abortStream();
    this.connect();
  }

  // ---- reading -------------------------------------------------------------------------

  async refresh() {
    const game = await api.game(this.id, this.token, "table");
    this.backOnline();
    this.adoptView(game, { force: true });
    const me = game.seats.find((seat) => seat.id === game.seat);
    if (me) updateSeatInfo(this.id, game.seat, { name: me.name, hero: me.hero });
    if (game.last_seq > this.lastSeq && this.firstSeq !== null) await this.loadEventsAfter(this.lastSeq);
    else if (this.firstSeq === null) {
      // Events skipped: those held no longer run unbroken from the first draw (`owedSince`).
      if ((game.last_seq || 0) > this.lastSeq) this.owedSince = undefined;
      this.lastSeq = Math.max(this.lastSeq, game.last_seq || 0);
    }
    if (this.notice && this.notice.code === "refresh_failed") this.notice = null;
    this.emit("state");
    this.remember();
    return game;
  }

  // Refresh soon; a failed refresh is retried (with a growing pause) until one succeeds, so
  // a change announced by the stream is never left unshown.
  scheduleRefresh(delay = 60, attempt = 0) {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => {
      this.refresh().catch((error) => {
        if (this.closed) return;
        if (attempt >= 2) this.connectionTrouble(error);
        this.scheduleRefresh(Math.min(8000, 400 * 2 ** attempt), attempt + 1);
      });
    }, delay);
  }

  // The game as `GET /games/{id}/` answers it, read or rebuilt from stream patches.
  adoptView(game, { force = false } = {}) {
    this.view = game;
    this.joinCode = game.join_code;
    this.serverLastSeq = game.last_seq;
    this.seats = game.seats;
    return this.applyState(game.state, game.version, { force });
  }

  applyState(state, version, { force = false } = {}) {
    if (!state || typeof version !== "number") return false;
    if (!force && version < this.version) return false;
    this.state = state;
    this.version = version;
    return true;
  }

  async loadRecentEvents() {
    const last = this.serverLastSeq || 0;
    const from = Math.max(0, last - 150);
    this.events = [];
    this.firstSeq = from;
    this.lastSeq = from;
    await this.loadEventsAfter(from);
  }

  async loadEventsAfter(after) {
    let cursor = after;
    for (let page = 0; page < 10; page += 1) {
      const result = await api.events(this.id, this.token, cursor, 200);
      this.addEvents(result.events);
      if (!result.next || !result.events.length) break;
      cursor = result.events[result.events.length - 1].seq;
    }
    this.emit("events");
  }

  async loadOlderEvents() {
    if (!this.firstSeq) return false;
    const from = Math.max(0, this.firstSeq - 100);
    const result = await api.events(this.id, this.token, from, this.firstSeq - from);
    this.firstSeq = from;
    this.addEvents(result.events);
    this.emit("events");
    return true;
  }

  addEvents(events) {
    if (!events || !events.length) return;
    const known = new Set(this.events.map((event) => event.seq));
    for (const event of events) {
      if (!known.has(event.seq)) this.events.push(event);
      if (event.seq > this.lastSeq) this.lastSeq = event.seq;
    }
    this.events.sort((a, b) => a.seq - b.seq);
    if (this.events.length > KEEP_EVENTS) {
      this.events = this.events.slice(-KEEP_EVENTS);
      this.firstSeq = this.events[0].seq - 1;
    }
  }

  // ---- live ----------------------------------------------------------------------------

  // The event stream is read with fetch rather than EventSource: fetch can send the Bearer
  // token in a header (not in the address) and the Last-Event-ID we choose, and this server
  // refuses EventSource's `Accept: text/event-stream` (406). Each response lasts a while
  // (STREAM_MAX_SECONDS), then the loop reconnects from the last event id.
  connect() {
    if (this.closed || !this.token) return;
    if (this.streaming) return;
    this.streaming = true;
    this.streamLoop().finally(() => { this.streaming = false; });
    clearInterval(this.pollTimer);
    // Should the stream stay down (a proxy that buffers, a sleeping radio), poll instead.
    this.pollTimer = setInterval(() => {
      if (this.status !== "live" && !document.hidden) this.wake();
    }, FALLBACK_POLL_MS);
  }

  async streamLoop() {
    let failures = 0;
    while (!this.closed) {
      const controller = new AbortController();
      this.abortStream = () => controller.abort();
      try {
        const token = this.token;
        const response = await fetch(api.streamUrl(this.id, this.lastSeq), {
          headers: { Authorization: `Bearer ${token}`, Accept: "*/*", "Accept-Language": lang, "Last-Event-ID": String(this.lastSeq) },
          cache: "no-store",
          signal: controller.signal,
        });
        if (!response.ok || !response.body) throw new Error(`stream ${response.status}`);
        if (this.readOnly) this.scheduleRefresh(0); // back online: read the table again
        this.setStatus("live");
        failures = 0;
        await this.readStream(response.body.getReader(), token);
      } catch (error) {
        if (this.closed) return;
        if (error.name === "AbortError") continue; // restarted on purpose: reconnect at once
        failures += 1;
        if (failures > 1) this.wentOffline();
        else this.setStatus("connecting");
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, Math.min(8000, 500 * 2 ** failures));
          this.skipPause = () => { clearTimeout(timer); resolve(); };
        });
        this.skipPause = null;
      }
    }
  }

  // `token`: the seat the stream was opened for. Once the phone switched seats (players sharing
  // it, the turn passing), what that stream still sends is another seat's view: it is dropped.
  async readStream(reader, token = this.token) {
    await readEvents(reader, (fields) => {
      if (fields.event === "change" && fields.data) this.onChange({ data: fields.data });
      else if (fields.event === "state" && fields.data) this.onState(fields.data);
      else if (fields.event === "revoked") this.onRevoked();
    }, () => token === this.token);
  }

  onChange(message) {
    let event;
    try {
      event = JSON.parse(message.data);
    } catch {
      return;
    }
    this.setStatus("live");
    if (event.seq <= this.lastSeq && this.events.some((known) => known.seq === event.seq)) return;
    this.addEvents([event]);
    this.emit("events");
    if (typeof event.game_version === "number" && event.game_version > this.version) {
      this.scheduleRefresh(STATE_MESSAGE_WAIT_MS);
    }
  }

  // The seat's game view after the changes: whole, or as a patch from `base_version`.
  onState(data) {
    if (!applyPatch) {
      const loading = this.statesQueued || loadPatch();
      this.statesQueued = loading.then(() => this.onState(data), () => {
        this.statesQueued = null;
        this.scheduleRefresh(0); // the module could not come: read the game whole
      });
      return;
    }
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    let game = message.game || null;
    if (!game && this.view && this.view.version === message.base_version) {
      try {
        game = applyPatch(this.view, message.patch || []);
      } catch {
        game = null;
      }
    }
    if (!game) {
      this.scheduleRefresh(0); // a message was missed: read the game
      return;
    }
    clearTimeout(this.refreshTimer);
    this.backOnline();
    this.adoptView(game);
    if (message.actions_tag && game.version >= this.actionsTagVersion) {
      this.actionsTag = message.actions_tag;
      this.actionsTagVersion = game.version;
      this.actionsPatch = message.actions_patch ? { base: message.actions_base, patch: message.actions_patch } : null;
    }
    this.lastApplied = { version: game.version, at: performance.now() };
    this.emit("state");
    this.remember();
  }

  // The host gave this seat a new token: this phone no longer speaks for it.
  onRevoked() {
    this.closed = true;
    if (this.abortStream) this.abortStream();
    clearInterval(this.pollTimer);
    this.setStatus("offline");
    this.setNotice({
      kind: "error",
      code: "token_reissued",
      title: t("seat.revoked"),
      detail: t("seat.revoked.detail"),
    });
  }

  setStatus(status) {
    if (this.status === status) return;
    this.status = status;
    this.emit("status");
  }

  async wake() {
    if (this.closed || document.hidden) return;
    this.restartStream();
    try {
      await this.refresh();
      await this.loadEventsAfter(this.lastSeq);
    } catch (error) {
      this.connectionTrouble(error);
    }
  }

  connectionTrouble(error) {
    if (error instanceof ApiError && error.code === "network") this.wentOffline();
    else this.setNotice({ kind: "error", code: "refresh_failed", title: t("refresh.failed"), detail: `${error.message} ${t("refresh.trying")}` });
  }

  // ---- acting --------------------------------------------------------------------------

  setNotice(notice) {
    this.notice = notice;
    this.emit("notice");
  }

  // Send one action with the version on screen. Resolves to the response, or null when
  // the action was refused (the notice says why and the fresh state is already shown).
  // `seat`: act as another seat this phone holds (players sharing one phone); the active seat's
  // view stays on screen.
  async act(type, args = {}, { label, key = uuid(), version = this.version, seat = null } = {}) {
    const what = label || type.replace(/_/g, " ");
    const envelope = { type, args, expected_version: version };
    const held = seat && seat !== this.seat ? (savedGame(this.id) || { seats: {} }).seats[seat] : null;
    this.failed = null;
    if (this.readOnly && !navigator.onLine) {
      // Nothing can reach the server: say so at once, keep the action for a retry.
      this.failed = { type, args, label: what, key, version };
      this.setNotice(this.offlineNotice(what));
      return null;
    }
    try {
      const seatSent = this.seat;
      const result = await api.act(this.id, held ? held.token : this.token, envelope, key);
      this.backOnline();
      if (this.seat !== seatSent) {
        // The phone switched seats meanwhile (the turn passed on a shared device): the answer
        // is the other seat's view; this seat's is on its way.
        this.scheduleRefresh(0);
        return result;
      }
      this.applyState(result.state, result.version);
      this.addEvents(result.events);
      this.notice = null;
      this.emit("state");
      this.emit("events");
      return result;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === "network") {
        this.failed = { type, args, label: what, key, version };
        this.wentOffline();
        this.setNotice(this.offlineNotice(what));
        return null;
      }
      // Two phones ran the night at the same moment: this one lost, but the night it wanted ran.
      // It shows that night (the Night tab lists it), not a red error.
      const body = error.body || {};
      if (type === "night" && (error.code === "night_already_run"
        || (error.code === "stale_version" && (body.changes || []).some((event) => event.type === "night_began")))) {
        if (body.state && Object.keys(body.state).length) this.applyState(body.state, body.current_version, { force: true });
        this.addEvents(body.changes || []);
        this.setNotice({ kind: "ok", code: "night_ran", title: t("act.night_ran"), detail: t("act.night_ran.detail") });
        this.emit("state");
        this.emit("events");
        this.scheduleRefresh(this.status === "live" ? STATE_MESSAGE_WAIT_MS : 0);
        return null;
      }
      if (error.code === "stale_version") {
        if (body.state && Object.keys(body.state).length) {
          this.applyState(body.state, body.current_version, { force: true });
        }
        this.addEvents(body.changes || []);
        this.setNotice({
          kind: "error",
          code: "stale_version",
          title: t("act.stale", { what }),
          detail: t("act.stale.detail"),
          changes: (body.changes || []).map((event) => event.summary).filter(Boolean),
        });
        this.emit("state");
        this.emit("events");
        // A live stream brings the new table as a patch (it is often there already): a GET
        // only if it has not come by then, or at once without a stream.
        if (body.current_version > this.version) this.scheduleRefresh(this.status === "live" ? STATE_MESSAGE_WAIT_MS : 0);
        return null;
      }
      this.setNotice({
        kind: "error",
        code: error.code,
        title: t("act.refused", { what }),
        detail: error.message,
        fields: error.fields,
      });
      // A refusal changed nothing and the table on screen is current (a stale one is refused
      // as such, above); only a server in trouble leaves the table in doubt.
      if (error.status >= 500) this.scheduleRefresh(0);
      return null;
    }
  }

  offlineNotice(what) {
    return {
      kind: "warn",
      code: "offline",
      title: t("act.unsent", { what }),
      detail: t("act.unsent.detail"),
      retry: true,
    };
  }

  retryFailed() {
    const failed = this.failed;
    if (!failed) return null;
    return this.act(failed.type, failed.args, { label: failed.label, key: failed.key, version: failed.version });
  }

  // ---- helpers for the screens ---------------------------------------------------------

  seatName(seatId) {
    if (!seatId) return t("the_app");
    const seat = (this.state && this.state.seats && this.state.seats[seatId]) || null;
    if (!seat) return t("a_player");
    // A hero by its name, never its id: a printed one, or the base hero a Hero's Calling
    // hero was built from ("dwarf" is the Dwarf).
    const content = this.content;
    // A game system that names its heroes itself (a Talisman character) gives the name.
    const hero = seat.hero_name || (seat.hero && content && content.heroes && content.heroes[seat.hero] ? content.heroes[seat.hero].name : seat.hero);
    return hero ? `${seat.name} (${hero})` : seat.name;
  }

  mySeats() {
    const saved = savedGame(this.id);
    return saved ? Object.keys(saved.seats) : [];
  }
}
