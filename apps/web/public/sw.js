// The service worker: the app offline, and the pushes of CONTRACT 6.3 (at the end of this file).
//
// Cached: index.html (the shell, never a page marked no-store), the files it names (entry script, stylesheet), the manifest and icons,
// and every file under /assets/ of this build (each screen's code: PRECACHE, written by the build,
// sw-precache.ts), kept after the first visit (the page asks once its first screen has settled), so
// any screen opens offline, not only those opened before (issue 33). Their names change with their content, so a cached one is
// never stale. Never cached: anything under /api (complaints, notices, the session: personal
// data stays out of the caches, and an API answer always comes from the server or fails), nor any
// request that is not a GET of this origin.
//
// A page opened offline gets the cached shell with data-offline on <html>, which shows its "You are
// offline" line before any script runs; the app then says the same (src/app/layout/offline-banner.tsx).
// A new deployment's index.html replaces the cached one on the next online visit (network first), and
// its sw.js (another BUILD) installs a worker whose cache replaces this one's: a page still running the
// old build that asks for a file gone with it gets "This screen needs a connection", whose Retry
// reloads it (src/components/needs-connection.tsx).

// Written by the build (sw-precache.ts): this build's version, its files under /assets/, and for each
// chunk the files it may import later (a form's checks, a dialog): kept as soon as the chunk is, so a
// screen opened online works offline at once, before the every-screen pass (issue 51 row 1).
const BUILD = 'dev';
const PRECACHE = [];
const LAZY = {};

const CACHE = `bit-app-${BUILD}`;
const SHELL = '/';
const STATIC = ['/zod-jitless.js', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png'];

const isApi = (url) => url.pathname === '/api' || url.pathname.startsWith('/api/');
const isAsset = (url) => url.pathname.startsWith('/assets/');

/** The /assets/ files an index.html names (its entry script, preloads and stylesheet). */
function assetsOf(html) {
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
}

/** The files and, for each, what it may import later (LAZY), once each. */
const withLazy = (paths) => [...new Set(paths.flatMap((p) => [p, ...(LAZY[p] ?? [])]))];

/** One file of the build into this version's cache: from an earlier version's cache when unchanged. */
async function keep(cache, url) {
  if (await cache.match(url)) return;
  const earlier = await caches.match(url);
  if (earlier) return cache.put(url, earlier);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return cache.put(url, res);
}

async function cacheApp() {
  const cache = await caches.open(CACHE);
  const res = await fetch(SHELL, { cache: 'no-cache' });
  if (!res.ok) throw new Error(`shell: ${res.status}`);
  const html = await res.clone().text();
  await cache.put(SHELL, res);
  // the shell's own files or no worker: without them it would open nothing offline
  await cache.addAll([...STATIC, ...assetsOf(html)]);
  // and what the first screen's code may import later (its form's checks): not worth failing the install for
  await Promise.allSettled(withLazy(assetsOf(html)).map((url) => keep(cache, url)));
}

/**
 * Every other screen's code, when the page asks (lib/service-worker.ts, once its first screen has
 * settled: fetched while it loads, it would compete with it on a phone). A file that fails to come (a
 * flaky connection) is fetched when it is used.
 */
async function cacheEveryScreen() {
  const cache = await caches.open(CACHE);
  await Promise.allSettled(PRECACHE.map((url) => keep(cache, url)));
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheApp().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

// The page sends the /assets/ files it loaded before this worker controlled it (its route's code), and
// then asks for every screen's.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'cache-every-screen') {
    event.waitUntil(cacheEveryScreen());
    return;
  }
  const urls = event.data?.type === 'cache-assets' ? event.data.urls : null;
  if (!Array.isArray(urls)) return;
  const wanted = urls
    .map((u) => new URL(u, self.location.origin))
    .filter((u) => u.origin === self.location.origin && isAsset(u) && !isApi(u))
    .map((u) => u.pathname);
  // each file on its own (addAll keeps nothing when one fails), with what it may import later
  event.waitUntil(
    caches.open(CACHE).then((cache) => Promise.allSettled(withLazy(wanted).map((url) => keep(cache, url)))),
  );
});

/** The cached shell, marked offline so it says so before any script runs. */
async function offlineShell() {
  const cached = await caches.match(SHELL);
  if (!cached) return Response.error();
  // the shell was cached from whichever screen was opened last: its heading is not this screen's
  const html = (await cached.text())
    .replace('<html lang="en">', '<html lang="en" data-offline="">')
    .replace(/<h1 class="shell-heading">[^<]*<\/h1>/, '<div class="shell-line"></div>');
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
}

async function networkFirstPage(request) {
  try {
    const res = await fetch(request);
    // the shell is the same for every client route: keep the newest; but never a page the server
    // marked no-store (the status page with its complaint in it: personal data)
    if (
      res.ok &&
      (res.headers.get('content-type') ?? '').startsWith('text/html') &&
      !/no-store/.test(res.headers.get('cache-control') ?? '')
    ) {
      const cache = await caches.open(CACHE);
      await cache.put(SHELL, res.clone());
    }
    return res;
  } catch {
    return offlineShell();
  }
}

/** What a screen's chunk may import later, kept as the chunk is asked for (the next screen opened). */
async function keepLazyOf(pathname) {
  const later = LAZY[pathname];
  if (!later) return;
  const cache = await caches.open(CACHE);
  await Promise.allSettled(later.map((url) => keep(cache, url)));
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const res = await fetch(request);
  if (res.ok) {
    const cache = await caches.open(CACHE);
    await cache.put(request, res.clone());
  }
  return res;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // the API is never answered from, nor written to, a cache
  if (url.origin !== self.location.origin || isApi(url)) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstPage(request));
    return;
  }
  if (isAsset(url) || STATIC.includes(url.pathname)) {
    event.respondWith(cacheFirst(request));
    if (LAZY[url.pathname]) event.waitUntil(keepLazyOf(url.pathname));
  }
});

// Pushes (CONTRACT 6.3): the server sends { title, body, url } (services/notify.ts), encrypted for this
// browser. The notification opens `url` in the app: only its path is taken, so a push can only open a
// screen of this app, whatever address it names.
const APP_NAME = 'BIT Mesra Complaint System';

function appPath(url) {
  try {
    const parsed = new URL(url, self.location.origin);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return '/';
  }
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : APP_NAME;
  const body = typeof data.body === 'string' ? data.body : '';
  const url = appPath(typeof data.url === 'string' ? data.url : '/');
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'en',
      data: { url },
    }),
  );
});

/**
 * The tap: a tab of the app already on that screen comes to the front; otherwise the first tab of the
 * app goes there; with none open, a new one opens.
 */
async function openFromNotification(path) {
  const target = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((client) => client.url === target);
  if (same) return same.focus();
  const app = windows.find((client) => new URL(client.url).origin === self.location.origin && 'navigate' in client);
  if (app) {
    try {
      const moved = await app.navigate(target);
      if (moved) return moved.focus().catch(() => moved);
    } catch {
      // a tab this worker does not control cannot be moved: open one instead
    }
  }
  return self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const done = openFromNotification(event.notification.data?.url ?? '/');
  try {
    event.waitUntil(done);
  } catch {
    // only a click dispatched by a script (the browser test) has no waitUntil; the work goes on
  }
});
