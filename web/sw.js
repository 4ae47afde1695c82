// The service worker: it keeps every file of the site in one cache named after the build, so
// that a second visit is instant and works with the network gone.  build.py writes VERSION (a
// hash of the site's files) and FILES (every file it built, as paths under this folder) below.
// Cache-first for the site's own files; other origins and other methods go to the network as
// if it were not here; a file the cache lacks is fetched (and, offline, fails as usual).
const VERSION = "dev";
const FILES = [];
const PREFIX = "pymaze-site-";
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  // no-cache: the browser may revalidate what it holds but not take a stale copy unasked
  event.waitUntil(caches.open(CACHE)
    .then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: "no-cache" }))).then(() => gunzipSnapshot(cache)))
    .then(() => self.skipWaiting()));
});

// The engine's snapshot (manifest.json names it) kept gunzipped, marked so, so that the engine's
// worker (web/engine/worker.js) takes it as it is instead of gunzipping its 31 MB on every visit:
// only a copy whose gzip checksum held; a damaged file stays as it came (the worker refuses it).
async function gunzipSnapshot(cache) {
  try {
    const { snapshot } = await (await cache.match("manifest.json")).json();
    const gz = snapshot && await cache.match(snapshot);
    if (!gz) return;
    const raw = await new Response(gz.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    await cache.put(snapshot, new Response(raw, { headers: { "Content-Type": "application/octet-stream", "X-Gunzipped": "1" } }));
  } catch { /* (kept as it came) */ }
}

self.addEventListener("activate", (event) => {
  // an older build's cache goes (only ours: other caches of this origin are not the site's)
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.has("range")) return;
  if (new URL(request.url).origin !== self.location.origin) return; // never another origin's
  event.respondWith(caches.open(CACHE)
    .then((cache) => cache.match(request, { ignoreSearch: true }))
    .then((hit) => {
      if (!hit) return fetch(request);
      // An address with a query (worker.js?debug, ./?recycle=0) gets a copy of the cached file:
      // a copy has no address of its own, so the worker or page keeps the one it asked for, query included.
      if (!new URL(request.url).search) return hit;
      return new Response(hit.body, { status: hit.status, statusText: hit.statusText, headers: hit.headers });
    }));
});
