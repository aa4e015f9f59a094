// The client's entry (the only module loaded with a version query; every other module is
// imported from here by a plain relative path, so each is evaluated once).

import { start } from "./router.js";

if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
}

start(document.getElementById("app"));
