// The client's entry: every other module is imported from here by a relative path (rewritten
// to its hashed name when the server collected its files), so each is evaluated once.

import { start } from "./router.js";

if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(() => {
    // The files this page loaded before the service worker ran: it keeps them too, from the
    // browser's cache (no second download), so the screens used so far open offline. A page
    // that began loading while the worker was being activated is one its claim did not reach:
    // it asks to be claimed, so it too works offline without a reload.
    const keep = () => navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({
      keep: performance.getEntriesByType("resource").map((entry) => entry.name),
      claim: !navigator.serviceWorker.controller,
    }));
    keep();
    navigator.serviceWorker.addEventListener("controllerchange", keep);
  }).catch(() => {});
}

start(document.getElementById("app"));
