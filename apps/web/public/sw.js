/*
 * The courier's offline shell (spec 003, issue 15): the app opens without a network once it has been
 * opened with one. Navigations go to the network first and fall back to the cached shell (index.html);
 * the build's hashed files (/assets/) are cached as they load and served from the cache; other files of
 * the app are served from the network and, offline, from the cache. Calls (/api/) are never cached:
 * unsent courier jobs wait in IndexedDB and are sent by the page when the network returns.
 */
const CACHE = 'po-shell-v1';
const SHELL = '/';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((c) => c.addAll([SHELL, '/manifest.webmanifest', '/icon.svg']))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith('po-shell-') && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

function keep(request, response) {
  if (response && response.ok && response.type === 'basic') {
    const copy = response.clone();
    void caches.open(CACHE).then((c) => c.put(request, copy));
  }
  return response;
}

// The page sends the files it has loaded (its route's chunks, catalogues, the camera's .wasm): kept for offline.
self.addEventListener('message', (event) => {
  const d = event.data;
  if (!d || d.type !== 'cache-urls' || !Array.isArray(d.urls)) return;
  event.waitUntil(
    caches.open(CACHE).then(async (c) => {
      for (const u of d.urls) {
        const url = new URL(String(u), self.location.origin);
        if (url.origin !== self.location.origin || !url.pathname.startsWith('/assets/')) continue;
        if (await c.match(url.pathname)) continue;
        try {
          const res = await fetch(url.pathname);
          if (res.ok) await c.put(url.pathname, res);
        } catch {
          /* offline now: it is cached the next time it loads */
        }
      }
    }),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api')) return;

  if (req.mode === 'navigate') {
    event.respondWith(
      fetch(req)
        .then((res) => keep(SHELL, res))
        .catch(() => caches.match(SHELL).then((hit) => hit || Response.error())),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(caches.match(req).then((hit) => hit || fetch(req).then((res) => keep(req, res))));
    return;
  }
  event.respondWith(
    fetch(req)
      .then((res) => keep(req, res))
      .catch(() => caches.match(req).then((hit) => hit || Response.error())),
  );
});
