// A seat moved to this phone: /seat/<game>/<seat>#token=...&code=... (the host's QR code after
// a new token was issued, POST /api/v1/games/{id}/seats/{seat}/token/). The token rides in the
// address's fragment, which never reaches a server; it is saved like any seat, then the address
// is replaced by the table's, so the token stays neither in the history nor on screen.

import { h, mount } from "../dom.js";
import { saveSeat } from "../storage.js";
import { navigate } from "../navigation.js";
import { need, t } from "../i18n.js";

await need("home");

export function show(app, gameId, seat) {
  const params = new URLSearchParams(location.hash.slice(1));
  const token = params.get("token");
  if (!token) {
    mount(app, h("main", { class: "screen" },
      h("h1", { text: t("claim.no_token") }),
      h("p", { class: "muted", text: t("claim.no_token.hint") }),
      h("a", { href: "/join", class: "button primary big", "data-link": "", text: t("join.title") })));
    return null;
  }
  saveSeat(gameId, { joinCode: params.get("code") || undefined, seat, token, name: params.get("name") || t("claim.seat", { seat }), hero: null });
  navigate(`/game/${gameId}#me`, { replace: true });
  return null;
}
