// DotR Companion service worker (version {{ version }}): the shell loads offline, with the files
// the phone has used; the game's data always comes from the network, so no phone ever acts on a
// stale cached state. It fetches nothing the phone has not asked for: a first visit costs the
// shell once more at most, never the files of screens and game systems it has not used.
const VERSION = "{{ version }}";
const SHELL = "dotr-shell-" + VERSION;
// The client's files as used, kept across versions: a hashed name never changes content.
const FILES = "dotr-files";
const DATA = "dotr-content";
const STATIC = {{ static_prefix|safe }};
const HASHED = /\.[0-9a-f]{12}\.[a-z0-9]+$/;

// A content pack is served from the copy, and asked for again (an ETag: 304 when unchanged) at
// most once in this many milliseconds (CONTENT_REVALIDATE_SECONDS).
const CONTENT_FRESH_MS = {{ content_fresh_ms }};

async function keepShell() {
  // Every client route is the same shell, and the page installing this worker has just loaded
  // it: asked under that page's address with "force-cache", the browser's cache answers and
  // nothing is sent (a first visit of a game's screen no longer fetches "/" again).
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const page = pages.map((client) => new URL(client.url)).find((url) => url.origin === location.origin);
  const address = page ? page.pathname + page.search : "/";
  const response = await fetch(address, { cache: "force-cache", credentials: "same-origin" });
  if (response.ok) await (await caches.open(SHELL)).put("/", response);
}

self.addEventListener("install", (event) => {
  // A failure here must not keep the worker from starting: the next page it serves fills it.
  event.waitUntil(keepShell().catch(() => {}).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => ![SHELL, FILES, DATA].includes(k)).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

// The page names the files it loaded before this worker ran; they come from the browser's cache.
// A page this worker does not control yet (it began loading while the worker was activated, after
// the claim) asks to be claimed.
self.addEventListener("message", (event) => {
  const urls = (event.data && event.data.keep) || [];
  const claimed = event.data && event.data.claim ? self.clients.claim() : Promise.resolve();
  event.waitUntil(claimed.then(() => caches.open(FILES)).then((cache) => Promise.all(
    urls.filter((url) => new URL(url).origin === location.origin && new URL(url).pathname.startsWith(STATIC))
      .map((url) => cache.match(url).then((hit) => hit || cache.add(url).catch(() => {})))
  )));
});

async function keepContent(cache, request, response) {
  const headers = new Headers(response.headers);
  headers.set("X-Kept-At", String(Date.now()));
  const body = await response.blob();
  await cache.put(request, new Response(body, { status: response.status, statusText: response.statusText, headers }));
}

async function hashedFile(request) {
  const cache = await caches.open(FILES);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) cache.put(request, response.clone());
  return response;
}

async function plainFile(request) {
  // A plain name (served from source) can change: the network first, the copy when offline.
  const cache = await caches.open(FILES);
  try {
    const response = await fetch(request);
    if (response.ok) cache.put(request, response.clone());
    return response;
  } catch (error) {
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (request.mode === "navigate") {
    // Network first, so a new version shows at once; the last shell seen when offline.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(SHELL).then((cache) => cache.put("/", copy));
          }
          return response;
        })
        .catch(() => caches.match("/", { cacheName: SHELL }))
    );
    return;
  }
  if (url.pathname.startsWith("/api/v1/content/")) {
    // Content packs change only with a release: serve the copy, refresh it behind now and then.
    event.respondWith(caches.open(DATA).then(async (cache) => {
      const cached = await cache.match(request);
      const age = cached ? Date.now() - Number(cached.headers.get("X-Kept-At") || 0) : Infinity;
      if (cached && age < CONTENT_FRESH_MS) return cached;
      const fresh = fetch(request).then(async (response) => {
        if (response.ok) await keepContent(cache, request, response.clone());
        return response;
      });
      if (!cached) return fresh;
      event.waitUntil(fresh.catch(() => {}));
      return cached;
    }));
    return;
  }
  if (url.pathname.startsWith(STATIC)) {
    event.respondWith(HASHED.test(url.pathname) ? hashedFile(request) : plainFile(request));
  }
});
