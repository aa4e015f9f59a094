// The router over one shell (/, /new, /join/<code>, /game/<id>, /game/<id>/known, /display/<id>,
// /seat/<id>/<seat>, /awards);
// screens load on demand. Screens move on with navigation.js, which this router follows.

import { h, mount } from "./dom.js";
import { navigate } from "./navigation.js";
import { t } from "./i18n.js";

let app = null;
let current = null; // the screen on show: {stop()}

async function route() {
  if (current && current.stop) current.stop();
  current = null;
  const path = location.pathname.replace(/\/+$/, "") || "/";
  let match;
  try {
    if (path === "/") {
      current = (await import("./screens/home.js")).show(app);
    } else if (path === "/new") {
      current = (await import("./screens/setup.js")).show(app);
    } else if (path === "/new/talisman-dragon") {
      current = (await import("./systems/talisman-dragon.js")).showStart(app);
    } else if (path === "/join") {
      current = (await import("./screens/join.js")).show(app, "");
    } else if ((match = path.match(/^\/join\/(.+)$/))) {
      // Any code as typed or linked: the join screen reads it forgivingly.
      current = (await import("./screens/join.js")).show(app, safeDecode(match[1]));
    } else if (path === "/awards") {
      current = (await import("./screens/awards.js")).show(app);
    } else if ((match = path.match(/^\/seat\/([0-9a-f-]{36})\/([A-Za-z0-9-]+)$/))) {
      current = (await import("./screens/claim.js")).show(app, match[1], match[2]);
    } else if ((match = path.match(/^\/display\/([0-9a-f-]{36})$/))) {
      current = (await import("./screens/display.js")).show(app, match[1]);
    } else if ((match = path.match(/^\/game\/([0-9a-f-]{36})\/known$/))) {
      current = (await import("./screens/known.js")).show(app, match[1]);
    } else if ((match = path.match(/^\/game\/([0-9a-f-]{36})$/))) {
      current = (await import("./screens/table.js")).show(app, match[1]);
    } else {
      mount(app, h("main", { class: "screen" }, h("h1", { text: t("nothing_here") }), h("a", { href: "/", class: "button", "data-link": "", text: t("home") })));
    }
  } catch (error) {
    mount(app, h("main", { class: "screen" },
      h("h1", { text: t("screen.failed") }),
      h("p", { text: error.message }),
      h("button", { class: "primary", onclick: () => route(), text: t("try_again") })));
  }
}

function safeDecode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

// Links marked data-link stay in the app.
document.addEventListener("click", (event) => {
  const link = event.target.closest && event.target.closest("a[data-link]");
  if (!link || event.metaKey || event.ctrlKey || link.target) return;
  event.preventDefault();
  navigate(link.getAttribute("href"));
});
window.addEventListener("popstate", route);

export function start(root) {
  app = root;
  route();
}
