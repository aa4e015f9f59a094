// The setup checklist for the physical table (the setup events' steps, each with its rule),
// and the invitation: a QR code, the short code and the link that opens straight into the game.

import { h, sheet, toast } from "../dom.js";
import { ticks, saveTicks } from "../storage.js";
import { qrBox, shareButton } from "./share.js";
import { ruleNote, settingValue, words } from "../words.js";

export function joinUrl(code) {
  return `${location.origin}/join/${code}`;
}

export function invitation(ctx) {
  const code = ctx.session.joinCode || "";
  const url = joinUrl(code);
  return h("div", { class: "invite", "data-testid": "invite" },
    qrBox(url),
    h("p", { class: "join-code", "data-testid": "join-code", text: code }),
    h("p", { class: "muted center", text: "Scan the code, or open the app on another phone and type the code." }),
    h("div", { class: "row" },
      h("input", { class: "grow", readonly: true, value: url, "aria-label": "Join link", onfocus: (e) => e.target.select() }),
      shareButton(url, "Join our Defenders of the Realm table")));
}

export function showShare(ctx) {
  const session = ctx.session;
  const me = (session.seats || []).find((seat) => seat.id === session.seat);
  sheet("Invite players", (body) => {
    body.append(invitation(ctx));
    if (!me || !me.is_host) return;
    const moves = h("section", { class: "seat-moves" },
      h("h3", { text: "A phone was lost?" }),
      h("p", { class: "muted small", text: "Give its seat a new token and open the seat on another phone; the lost phone's token stops working." }),
      h("button", { type: "button", class: "ghost big", "data-testid": "move-seat", text: "Move a seat to a new phone", onclick: (event) => {
        event.currentTarget.disabled = true;
        import("./seats.js").then((module) => moves.replaceWith(module.seatMoves(ctx)))
          .catch((error) => toast(error.message, "error"));
      } }));
    body.append(moves);
  });
}

export function renderSetup(ctx) {
  const { session } = ctx;
  const done = ticks(session.id);
  const setupEvents = session.events.filter((event) => event.version === 0 || event.type === "hero_entered");
  const settings = session.state.settings || {};
  return h("div", { class: "tab-body setup-tab" },
    h("section", { class: "card" }, h("h2", { text: "Invite the table" }), invitation(ctx)),
    h("section", { class: "card" },
      h("h2", { text: "Set up the physical table" }),
      h("p", { class: "muted", text: "Tick each step as you do it on the table." }),
      h("ol", { class: "checklist", "data-testid": "checklist" }, setupEvents.flatMap((event) => (event.steps || []).map((step, i) => {
        const key = `${event.seq}.${i}`;
        return h("li", {}, h("label", { class: "step-row" },
          h("input", { type: "checkbox", checked: Boolean(done[key]), onchange: (e) => { const all = ticks(session.id); all[key] = e.target.checked; saveTicks(session.id, all); } }),
          h("span", {}, h("span", { class: "step-text", text: step.text }))),
        ruleNote(step.rule));
      })))),
    // The settings as the engine names them, with their sources: for the curious, folded.
    Object.keys(settings).length ? h("section", { class: "card" },
      h("details", { class: "settings-facts" },
        h("summary", { text: "Rule settings of this game" }),
        h("dl", { class: "facts" }, Object.entries(settings).flatMap(([name, value]) => [h("dt", { text: words(name) }), h("dd", { text: settingValue(value) })])))) : null,
    h("button", { type: "button", class: "primary big", "data-testid": "start-playing", onclick: () => ctx.go("board"), text: "Start playing" }));
}
