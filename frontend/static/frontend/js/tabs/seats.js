// The host moves a seat to a new phone (loaded on demand from the invitation sheet): a new
// token (POST /api/v1/games/{id}/seats/{seat}/token/) shown as a QR code and a link that opens
// straight into that seat (/seat/<game>/<seat>#token=...). The old token stops working.

import { api } from "../api.js";
import { h, toast } from "../dom.js";
import { heroName } from "../content.js";
import { forgetSeat, savedGame } from "../storage.js";
import { qrBox, shareButton } from "./share.js";
import { need, t } from "../i18n.js";

await need("table");

export function seatUrl(gameId, seat, token, { code, name } = {}) {
  const fragment = new URLSearchParams({ token, ...(code ? { code } : {}), ...(name ? { name } : {}) });
  return `${location.origin}/seat/${gameId}/${seat}#${fragment}`;
}

export function seatMoves(ctx) {
  const { session } = ctx;
  const wrap = h("section", { class: "seat-moves", "data-testid": "seat-moves" });
  const result = h("div", { "aria-live": "polite" });
  // Not the seat this phone plays now: moving it would lock this phone out.
  const seats = (session.seats || []).filter((seat) => seat.id !== session.seat);
  wrap.append(
    h("h3", { text: t("seats.move") }),
    seats.length ? h("ul", { class: "list" }, seats.map((seat) => {
      const named = ((session.state && session.state.seats) || {})[seat.id];
      const hero = (named && named.hero_name) || (seat.hero && heroName(ctx.content, seat.hero));
      const label = hero ? `${seat.name} (${hero})` : seat.name;
      const button = h("button", { type: "button", class: "ghost", "data-testid": "reissue", "data-seat": seat.id, text: t("seats.new_token") });
      const row = h("li", { class: "list-row" }, h("span", { class: "grow", text: label }), button);
      button.addEventListener("click", () => {
        if (button.dataset.confirm !== "1") {
          button.dataset.confirm = "1";
          button.textContent = t("seats.sure");
          button.classList.add("danger-text");
          return;
        }
        reissue(seat, label, button);
      });
      return row;
    })) : h("p", { class: "muted", text: t("seats.nobody") }),
    result);

  async function reissue(seat, label, button) {
    button.disabled = true;
    try {
      const answer = await api.reissueSeat(session.id, session.token, seat.id);
      const saved = savedGame(session.id);
      if (saved && saved.seats[seat.id]) forgetSeat(session.id, seat.id); // it moves away from here too
      const url = seatUrl(session.id, answer.seat_id, answer.token, { code: session.joinCode, name: seat.name });
      result.replaceChildren(h("div", { class: "seat-link invite", "data-testid": "seat-link" },
        h("strong", { text: t("seats.scan", { name: label }) }),
        qrBox(url, t("seats.qr", { name: label })),
        h("p", { class: "muted small", text: t("seats.link.hint") }),
        h("div", { class: "row" },
          h("input", { class: "grow", readonly: true, value: url, "aria-label": t("seats.link"), "data-testid": "seat-url", onfocus: (e) => e.target.select() }),
          shareButton(url, t("seats.share", { name: label })))));
      button.textContent = t("seats.done");
      button.classList.remove("danger-text");
      result.scrollIntoView({ block: "nearest" });
    } catch (problem) {
      button.disabled = false;
      toast(problem.message, "error");
    }
  }
  return wrap;
}
