// "Show on a screen" (the host's invitation sheet): a display token (POST
// /api/v1/games/{id}/display/) as a QR code and the link that opens the table's screen
// (/display/<game>#<token>). The screen reads the public view only and acts on nothing; asking
// again gives a new link and the old screen stops.

import { api } from "../api.js";
import { h, toast } from "../dom.js";
import { qrBox, shareButton } from "./share.js";
import { need, t } from "../i18n.js";

await need("display");

export function displayLink(ctx) {
  const { session } = ctx;
  const wrap = h("section", { class: "seat-moves", "data-testid": "display-link" },
    h("h3", { text: t("display.show") }),
    h("p", { class: "muted small", text: t("display.show.intro") }));
  const result = h("div", { "aria-live": "polite" });
  const again = h("button", { type: "button", class: "ghost", "data-testid": "display-again", text: t("display.show.again"), onclick: () => ask() });
  wrap.append(result);

  async function ask() {
    again.disabled = true;
    try {
      const answer = await api.showDisplay(session.id, session.token);
      const url = `${location.origin}${answer.url}`;
      result.replaceChildren(h("div", { class: "seat-link invite" },
        h("strong", { text: t("display.show.link") }),
        qrBox(url, t("display.show")),
        h("div", { class: "row" },
          h("input", { class: "grow", readonly: true, value: url, "aria-label": t("display.show"), "data-testid": "display-url", onfocus: (e) => e.target.select() }),
          shareButton(url, t("display.show"))),
        again));
    } catch (problem) {
      toast(problem.message, "error");
    } finally {
      again.disabled = false;
    }
  }
  ask();
  return wrap;
}
