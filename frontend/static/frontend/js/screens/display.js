// The table's own screen (/display/<game>#<display token>): a tablet or a TV the whole table
// watches. Landscape, large type, read-only: the board with every token, whose turn and what
// phase, the threat (the forecast's shading when one was asked), live from the stream; the
// steps the app resolves shown one at a time (the space lit on the map) and, when asked, read
// aloud. It holds a display token, which reads the table's public view and nothing else.

import { h, mount, s } from "../dom.js";
import { asset, lang, need, t } from "../i18n.js";
import { readEvents, request } from "../api.js";
import { applyPatch } from "../patch.js";
import { loadGameContent, locationName } from "../content.js";
import { renderMap } from "../map.js";
import { POSITIONS } from "../layout.js";
import { Speaker, StepPlayer } from "../narrator.js";
import { languagePicker } from "../language.js";

const KEY = (id) => `dotr.display.${id}`;
const SPEAK_KEY = "dotr.display.speak";
const AUTO_KEY = "dotr.display.auto";
const RETRY_MS = 2000;
// A few lines of what happened last, each naming who acted.
const LOG_LINES = 3;

function remembered(id) {
  const hash = location.hash.replace(/^#/, "");
  try {
    if (hash) {
      localStorage.setItem(KEY(id), hash);
      // The token leaves the address bar (and any photo of the screen).
      history.replaceState(history.state, "", location.pathname + location.search);
      return hash;
    }
    return localStorage.getItem(KEY(id));
  } catch {
    return hash || null;
  }
}

function flag(key, fallback) {
  try {
    const value = localStorage.getItem(key);
    return value === null ? fallback : value === "1";
  } catch {
    return fallback;
  }
}

function keep(key, on) {
  try { localStorage.setItem(key, on ? "1" : "0"); } catch { /* this visit only */ }
}

function stylesheet() {
  if (document.querySelector("link[data-display]")) return;
  const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: asset("display.css") });
  link.dataset.display = "";
  document.head.append(link);
}

export function show(root, gameId) {
  stylesheet();
  document.documentElement.classList.add("on-display");
  const screen = new DisplayScreen(root, gameId, remembered(gameId));
  screen.start();
  return { stop: () => screen.stop() };
}

class DisplayScreen {
  constructor(root, id, token) {
    this.root = root;
    this.id = id;
    this.token = token;
    this.view = null;
    this.content = null;
    this.events = [];
    this.closed = false;
    this.notice = "";
    this.speaker = new Speaker({ language: lang, onNoVoice: () => { this.notice = t("display.no_voice"); this.draw(); } });
    this.speaker.on = flag(SPEAK_KEY, false);
    this.player = new StepPlayer({ speaker: this.speaker, seconds: 6, onShow: () => this.drawStep() });
    this.player.auto = flag(AUTO_KEY, true);
  }

  async start() {
    await need("display");
    if (!this.token) {
      mount(this.root, h("main", { class: "display-empty" }, h("h1", { text: t("display.no_token") }), h("p", { text: t("display.no_token.how") })));
      return;
    }
    mount(this.root, h("main", { class: "display-empty" }, h("p", { class: "boot", text: t("display.opening") })));
    try {
      await this.read();
    } catch (error) {
      mount(this.root, h("main", { class: "display-empty" }, h("h1", { text: t("display.refused") }), h("p", { text: error.message })));
      return;
    }
    this.listen();
  }

  stop() {
    this.closed = true;
    this.player.stop();
    if (this.abort) this.abort();
    document.documentElement.classList.remove("on-display");
  }

  async read() {
    const view = await request(`games/${this.id}/display/view/?lang=${lang}`, { token: this.token });
    this.player.seconds = view.step_seconds || this.player.seconds;
    if (!this.content) this.content = await loadGameContent((view.state || {}).packs);
    this.events = view.events || [];
    delete view.events;
    this.forecast = view.forecast;
    this.view = view;
    this.draw();
  }

  // The live stream, read with fetch so that the token goes in a header, never in an address.
  async listen() {
    let failures = 0;
    while (!this.closed) {
      const controller = new AbortController();
      this.abort = () => controller.abort();
      try {
        const response = await fetch(`/api/v1/games/${this.id}/stream/?after=${this.view.last_seq}&lang=${lang}`, {
          headers: { Authorization: `Bearer ${this.token}`, Accept: "*/*", "Accept-Language": lang },
          cache: "no-store",
          signal: controller.signal,
        });
        if (!response.ok || !response.body) throw new Error(`stream ${response.status}`);
        failures = 0;
        this.live(true);
        await this.readStream(response.body.getReader());
      } catch (error) {
        if (this.closed) return;
        failures += 1;
        this.live(false);
        await new Promise((resolve) => setTimeout(resolve, Math.min(10000, RETRY_MS * failures)));
        // The forecast and anything missed while away: read the screen's view again.
        await this.read().catch(() => {});
      }
    }
  }

  readStream(reader) {
    return readEvents(reader, (fields) => {
      if (fields.event === "change" && fields.data) this.onChange(JSON.parse(fields.data));
      else if (fields.event === "state" && fields.data) this.onState(JSON.parse(fields.data));
      else if (fields.event === "revoked") this.onRevoked();
    });
  }

  onChange(event) {
    if (this.events.some((known) => known.seq === event.seq)) return;
    this.events.push(event);
    if (this.events.length > 200) this.events.splice(0, this.events.length - 200);
    this.player.add(event);
  }

  onState(message) {
    let view = message.game || null;
    if (!view && this.view && this.view.version === message.base_version) {
      try { view = applyPatch(this.view, message.patch || []); } catch { view = null; }
    }
    if (!view) {
      this.read().catch(() => {});
      return;
    }
    if (view.version !== (this.view && this.view.version)) this.forecast = null; // a new position
    this.view = view;
    this.draw();
  }

  onRevoked() {
    this.closed = true;
    try { localStorage.removeItem(KEY(this.id)); } catch { /* nothing kept */ }
    mount(this.root, h("main", { class: "display-empty" }, h("h1", { text: t("display.replaced") })));
  }

  live(on) {
    const mark = this.root.querySelector("[data-testid=display-live]");
    if (mark) {
      mark.dataset.live = on ? "1" : "0";
      mark.textContent = on ? t("display.live") : t("display.offline");
    }
  }

  seatName(seat) {
    const found = ((this.view && this.view.seats) || []).find((one) => one.id === seat);
    return found ? found.name : "";
  }

  // ---- the drawing ------------------------------------------------------------------------

  draw() {
    if (!this.view || this.closed) return;
    const state = this.view.state || {};
    const board = state.system && state.system !== "dotr" ? this.systemPanel(state) : this.map(state);
    mount(this.root, h("main", { class: "display", "data-testid": "display", "data-version": String(this.view.version), "data-system": state.system || "" },
      h("section", { class: "display-board" }, board),
      h("section", { class: "display-side" },
        this.head(state),
        h("div", { class: "display-step-box", "data-testid": "display-step-box" }),
        this.controls(),
        this.notice ? h("p", { class: "display-notice", role: "status", "data-testid": "display-notice", text: this.notice }) : null,
        this.log(),
        h("footer", { class: "display-foot" },
          h("span", { class: "display-live", "data-testid": "display-live", "data-live": "1", text: t("display.live") }),
          h("span", { text: t("display.code", { code: this.view.join_code }) }),
          languagePicker()))));
    this.drawStep();
  }

  head(state) {
    const turn = state.turn || {};
    const active = turn.active_seat;
    const heroes = state.heroes || {};
    const hero = active && heroes[active] ? (this.content.heroes[heroes[active].hero] || {}).name || heroes[active].hero : "";
    const who = active ? this.seatName(active) : "";
    const phase = turn.phase ? t(`display.phase.${turn.phase}`) : "";
    const outcome = state.outcome;
    return h("header", { class: "display-head" },
      h("p", { class: "display-round", text: turn.number ? t("turn", { n: turn.number }) : "" }),
      h("h1", { "data-testid": "display-turn", text: who ? t("display.whose_turn", { name: who }) : t("display.no_turn") }),
      hero ? h("p", { class: "display-hero", "data-testid": "display-hero", text: hero }) : null,
      phase ? h("p", { class: "display-phase", "data-testid": "display-phase", text: phase }) : null,
      state.war_status ? h("p", { class: "display-war", text: `${t("war.status")}: ${t(`war.${state.war_status}`)}` }) : null,
      outcome ? h("p", { class: `display-outcome outcome-${outcome.result}`, "data-testid": "display-outcome", text: outcome.result === "won" ? t("display.won") : t("display.lost") }) : null);
  }

  map(state) {
    const step = this.player.current;
    const lit = step ? step.places : [];
    const overlay = (svg) => {
      for (const id of lit) {
        const pos = POSITIONS[id];
        const group = svg.querySelector(`[data-location="${id}"]`);
        if (!pos || !group) continue;
        group.classList.add("lit");
        group.querySelector(".hit").after(s("circle", { cx: pos[0], cy: pos[1], r: 66, class: "lit-ring" }));
      }
      if (this.forecast && this.forecast.night) this.shade(svg);
    };
    return renderMap(this.content, state, { overlay });
  }

  shade(svg) {
    const locations = this.forecast.night.locations || {};
    const risks = Object.fromEntries(Object.entries(locations).map(([id, figures]) => [id, figures.taint]).filter(([, figure]) => figure));
    import("../risk-map.js").then(({ shadeMap, riskLegend }) => {
      shadeMap(svg, risks);
      const box = this.root.querySelector(".display-board");
      if (box && !box.querySelector(".risk-legend")) box.append(riskLegend(t("display.threat")));
    });
  }

  systemPanel(state) {
    if (state.system === "battlefields") return battlefieldsPanel(state);
    if (state.system === "talisman-dragon" || state.system === "talisman_dragon") return talismanPanel(state);
    return h("p", { class: "display-notice", text: state.system });
  }

  drawStep() {
    const box = this.root.querySelector("[data-testid=display-step-box]");
    if (!box) return;
    const step = this.player.current;
    if (!step) {
      box.replaceChildren(h("p", { class: "display-idle", text: t("display.waiting") }));
    } else {
      const where = step.places.map((id) => locationName(this.content, id)).filter(Boolean).join(", ");
      box.replaceChildren(h("article", {
        class: "display-step", "data-testid": "display-step", "data-seq": String(step.seq), "data-index": String(step.index),
        role: "button", tabindex: 0,
        title: t("display.next"),
        onclick: () => this.player.next(),
      },
      h("p", { class: "display-step-head", text: `${step.summary} · ${t("display.step_of", { n: step.index + 1, of: step.of })}` }),
      h("p", { class: "display-step-text", "data-testid": "display-step-text", text: step.text }),
      where ? h("p", { class: "display-step-where", "data-testid": "display-step-where", text: where }) : null,
      this.player.waiting > 0 ? h("p", { class: "display-step-more", text: t("display.more", { count: this.player.waiting }) }) : null));
    }
    // The lit spaces follow the step.
    const board = this.root.querySelector(".display-board");
    const state = this.view && this.view.state;
    if (board && state && (!state.system || state.system === "dotr")) {
      const legend = board.querySelector(".risk-legend");
      board.replaceChildren(this.map(state));
      if (legend) board.append(legend);
    }
  }

  controls() {
    const speak = h("button", {
      type: "button", class: "display-button", "data-testid": "display-speak", "aria-pressed": String(this.speaker.on),
      onclick: () => {
        this.speaker.on = !this.speaker.on;
        keep(SPEAK_KEY, this.speaker.on);
        if (!this.speaker.on) this.speaker.stop();
        else if (this.player.current) this.speaker.say(this.player.current.text);
        this.draw();
      },
      text: this.speaker.on ? t("display.speak.on") : t("display.speak.off"),
    });
    const auto = h("button", {
      type: "button", class: "display-button", "data-testid": "display-auto", "aria-pressed": String(this.player.auto),
      onclick: () => { this.player.setAuto(!this.player.auto); keep(AUTO_KEY, this.player.auto); this.draw(); },
      text: this.player.auto ? t("display.auto.on", { seconds: this.player.seconds }) : t("display.auto.off"),
    });
    return h("div", { class: "display-controls" },
      h("button", { type: "button", class: "display-button", "data-testid": "display-previous", onclick: () => this.player.previous(), text: `◀ ${t("display.previous")}` }),
      h("button", { type: "button", class: "display-button primary", "data-testid": "display-next", onclick: () => this.player.next(), text: `${t("display.next")} ▶` }),
      auto, speak);
  }

  log() {
    const shown = this.events.filter((event) => event.summary).slice(-LOG_LINES).reverse();
    return h("ol", { class: "display-log", "data-testid": "display-log" }, shown.map((event) => {
      const who = event.actor ? this.seatName(event.actor) : "";
      return h("li", { text: who ? `${who}: ${event.summary}` : event.summary });
    }));
  }
}

// Battlefields: the battlefields in play and the score.
function battlefieldsPanel(state) {
  const field = state.field || [];
  const sides = Object.entries(state.sides || {});
  return h("div", { class: "display-system", "data-testid": "display-battlefields" },
    h("h2", { text: t("display.battlefields") }),
    h("ul", { class: "display-list" }, field.map((battle) => h("li", { text: (battle.tile && battle.tile.name) || "" }))),
    h("h2", { text: t("display.score") }),
    h("ul", { class: "display-list" }, sides.map(([side, info]) => h("li", {
      text: `${t(`display.side.${side}`)}: ${(info.score || {}).battlefields ?? 0} / ${(state.goal || {}).battlefields ?? "?"}${(info.won_names || []).length ? ` (${info.won_names.join(", ")})` : ""}`,
    }))));
}

// Talisman: The Dragon: the Lords' scales, the King, the scales on the board.
function talismanPanel(state) {
  const lords = state.lords_view || [];
  const king = lords.find((lord) => lord.king);
  return h("div", { class: "display-system", "data-testid": "display-talisman" },
    h("h2", { text: king ? t("display.king", { name: king.name }) : t("display.no_king") }),
    h("ul", { class: "display-list" }, lords.map((lord) => h("li", { text: t("display.lord_scales", { name: lord.name, count: lord.scales ?? 0 }) }))),
    h("h2", { text: t("display.board_scales") }),
    h("ul", { class: "display-list" }, (state.board_scales_by_region || []).map((region) => h("li", {
      text: `${region.name}: ${(region.scales || []).map((scale) => `${scale.space_name} (${scale.lord_name})`).join(", ") || "—"}`,
    }))));
}
