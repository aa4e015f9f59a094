// Home: start a game, join one by its code, go back to a table this phone sits at, or open
// the history and the award tracker.

import { h, mount, timeOf } from "../dom.js";
import { forgetGame, savedGames } from "../storage.js";
import { navigate } from "../navigation.js";
import { normaliseJoinCode } from "../joincode.js";

export function show(app) {
  const code = h("input", { name: "code", autocomplete: "off", autocapitalize: "characters", placeholder: "e.g. 7PJZQ9DU", maxlength: 40, required: true, "aria-label": "Join code" });
  const games = savedGames();
  mount(app, h("main", { class: "screen home" },
    h("header", { class: "hero-head" },
      h("img", { src: document.body.dataset.static + "icons/icon.svg", alt: "", width: 72, height: 72 }),
      h("div", {}, h("h1", { text: "DotR Companion" }), h("p", { class: "muted", text: "The decks and the enemy's night for your Defenders of the Realm table." }))),
    h("a", { href: "/new", class: "button primary big", "data-link": "", text: "Start a new game" }),
    h("a", { href: "/new/talisman-dragon", class: "button big", "data-link": "", text: "Start Talisman: The Dragon" }),
    h("button", { type: "button", class: "button big", "data-testid": "new-battlefields", onclick: () => import("../systems/battlefields.js").then((m) => m.startSheet()), text: "Start a Battlefields war" }),
    h("form", { class: "card join-form", onsubmit: (event) => { event.preventDefault(); const typed = normaliseJoinCode(code.value); if (typed) navigate(`/join/${typed}`); else navigate("/join"); } },
      h("h2", { text: "Join a table" }),
      h("p", { class: "muted", text: "Scan the host's QR code, or type the code shown on the host's phone." }),
      h("div", { class: "row" }, code, h("button", { type: "submit", class: "primary", text: "Join" }))),
    games.length ? h("section", { class: "card" },
      h("h2", { text: "Tables on this phone" }),
      h("ul", { class: "list" }, games.map((game) => h("li", { class: "list-row" },
        h("a", { href: `/game/${game.id}`, "data-link": "", class: "grow list-link" },
          h("strong", { text: Object.values(game.seats).map((seat) => seat.hero ? `${seat.name} (${seat.hero})` : seat.name).join(", ") }),
          h("small", { class: "muted", text: ` code ${game.joinCode || "?"} · ${new Date(game.updated || 0).toLocaleDateString()} ${timeOf(new Date(game.updated || 0).toISOString())}` })),
        h("button", { class: "ghost", "aria-label": "Forget this table", onclick: () => { forgetGame(game.id); show(app); }, text: "Forget" }))))) : null,
    h("a", { href: "/awards", class: "button big", "data-link": "", text: "History & awards" }),
    h("p", { class: "muted small" }, "Everything here goes through the public ", h("a", { href: "/api/docs/", text: "REST API" }), ".")));
  return null;
}
