// Home: start a game, join one by its code, go back to a table this phone sits at, or open
// the history and the award tracker.

import { h, mount, timeOf } from "../dom.js";
import { forgetGame, savedGames } from "../storage.js";
import { navigate } from "../navigation.js";
import { normaliseJoinCode } from "../joincode.js";
import { asset, need, t } from "../i18n.js";
import { languagePicker } from "../language.js";

await need("home");

export function show(app) {
  const code = h("input", { name: "code", autocomplete: "off", autocapitalize: "characters", placeholder: t("home.code.example", { code: "7PJZQ9DU" }), maxlength: 40, required: true, "aria-label": t("home.code") });
  const games = savedGames();
  mount(app, h("main", { class: "screen home" },
    h("header", { class: "hero-head" },
      h("img", { src: asset("icons/icon.svg"), alt: "", width: 72, height: 72 }),
      h("div", {}, h("h1", { text: t("home.title") }), h("p", { class: "muted", text: t("home.tagline") }))),
    h("a", { href: "/new", class: "button primary big", "data-link": "", text: t("home.new") }),
    h("a", { href: "/new/talisman-dragon", class: "button big", "data-link": "", text: t("home.new.talisman") }),
    h("button", { type: "button", class: "button big", "data-testid": "new-battlefields", onclick: () => import("../systems/battlefields.js").then((m) => m.startSheet()), text: t("home.new.battlefields") }),
    h("form", { class: "card join-form", onsubmit: (event) => { event.preventDefault(); const typed = normaliseJoinCode(code.value); if (typed) navigate(`/join/${typed}`); else navigate("/join"); } },
      h("h2", { text: t("join.title") }),
      h("p", { class: "muted", text: t("home.join.hint") }),
      h("div", { class: "row" }, code, h("button", { type: "submit", class: "primary", text: t("join") }))),
    games.length ? h("section", { class: "card" },
      h("h2", { text: t("home.tables") }),
      h("ul", { class: "list" }, games.map((game) => h("li", { class: "list-row" },
        h("a", { href: `/game/${game.id}`, "data-link": "", class: "grow list-link" },
          h("strong", { text: Object.values(game.seats).map((seat) => seat.hero ? `${seat.name} (${seat.hero})` : seat.name).join(", ") }),
          h("small", { class: "muted", text: ` ${t("home.code.short", { code: game.joinCode || "?" })} · ${new Date(game.updated || 0).toLocaleDateString()} ${timeOf(new Date(game.updated || 0).toISOString())}` })),
        h("button", { class: "ghost", "aria-label": t("home.forget.table"), onclick: () => { forgetGame(game.id); show(app); }, text: t("home.forget") }))))) : null,
    h("a", { href: "/awards", class: "button big", "data-link": "", text: t("home.awards") }),
    h("p", { class: "muted small" }, `${t("home.api")} `, h("a", { href: "/api/docs/", text: t("home.api.link") }), t("home.api.end")),
    h("p", {}, languagePicker())));
  return null;
}
