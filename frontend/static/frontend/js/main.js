// The client's entry: every other module is imported from here by a relative path (rewritten
// to its hashed name when the server collected its files), so each is evaluated once.

import { start } from "./router.js";

if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(() => {
    // The files this page loaded before the service worker ran: it keeps them too, from the
    // browser's cache (no second download), so the screens used so far open offline.
    const keep = () => navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({
      keep: performance.getEntriesByType("resource").map((entry) => entry.name),
    }));
    keep();
    navigator.serviceWorker.addEventListener("controllerchange", keep);
  }).catch(() => {});
}

start(document.getElementById("app"));
