// DotR Companion service worker (version {{ version }}): the shell loads offline; the game's
// data always comes from the network, so no phone ever acts on a stale cached state.
const VERSION = "{{ version }}";
const SHELL = "dotr-shell-" + VERSION;
const DATA = "dotr-content";
const ASSETS = {{ assets_json|safe }};

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(SHELL)
      .then((cache) => cache.addAll(["/", ...ASSETS].map((url) => new Request(url, { cache: "reload" }))))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== SHELL && k !== DATA).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (request.mode === "navigate") {
    // Network first, so a new version shows at once; the cached shell when offline.
    event.respondWith(fetch(request).catch(() => caches.match("/", { cacheName: SHELL })));
    return;
  }
  if (url.pathname.startsWith("/api/v1/content/")) {
    // Content packs change only with a release: serve the copy, refresh it behind.
    event.respondWith(
      caches.open(DATA).then(async (cache) => {
        const cached = await cache.match(request);
        const fresh = fetch(request).then((response) => {
          if (response.ok) cache.put(request, response.clone());
          return response;
        });
        return cached || fresh;
      })
    );
    return;
  }
  if (url.pathname.startsWith("/api/")) return; // live data: never from a cache
  if (ASSETS.includes(url.pathname)) {
    event.respondWith(
      caches.match(request, { ignoreSearch: true }).then((hit) => hit || fetch(request))
    );
  }
});
