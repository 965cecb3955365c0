// Unitly's service worker, bundled by esbuild as its own entry (scripts/build.mjs) and
// written to /sw.js by `unitly build`, which puts the manifest in front of it:
// `self.UNITLY_SW = {version, shell, offline, runtimeEntries};` (src/pwa.rs).
//
// - Install precaches only the app shell (a first visit stores well under 2 MB however many
//   articles the site has). Pages and files a visitor opens are cached as visited, in a
//   runtime cache bounded to `runtimeEntries` responses, oldest out first.
// - Offline: cached pages and the everyday converters (the shell) work; any other page answers with the offline
//   page, never the browser's network error. The site search works on what its queries
//   fetched before (kept apart, bounded to `searchEntries` files, one version of the index),
//   and converts in its box from the index's answers file, stored at install and for each
//   new version of the index, so it converts offline even if the box was never used online.
// - A new version waits: it never takes over a tab that is open (the tab's page and its
//   scripts belong to the old deployment). The page offers a reload (src/lib/pwa.ts), which
//   sends SKIP_WAITING; then every open tab reloads under the new version.
import { ASSETS_PATH } from '../generated/site.ts';
import { SEARCH_ENTRY } from '../lib/searchFiles.ts';
import { RUNTIME_CACHE, SEARCH_CACHE, SHELL_PREFIX, answersPath, outdatedPages, pageKey, shellCopies, staleCaches, staleSearchFiles, strategyFor, strayShells, trim, trimSearch, type SwManifest } from './policy.ts';

interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(r: Response | Promise<Response>): void;
}
interface MessageEventLike extends ExtendableEvent {
  data: unknown;
  ports: readonly MessagePort[];
}
interface WindowClientLike {
  url: string;
}
interface Scope {
  UNITLY_SW: SwManifest;
  location: Location;
  registration: { active: ServiceWorker | null };
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void>; matchAll(o: { type: 'window' }): Promise<WindowClientLike[]> };
  addEventListener(type: 'install' | 'activate', fn: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', fn: (e: FetchEvent) => void): void;
  addEventListener(type: 'message', fn: (e: MessageEventLike) => void): void;
}

const sw = self as unknown as Scope;
const manifest = sw.UNITLY_SW;
const SHELL = SHELL_PREFIX + manifest.version;
const ORIGIN = sw.location.origin;
// A page slower than this is answered from the cache (and the cache still updated).
const NAVIGATION_TIMEOUT_MS = 3000;
// A few downloads at a time, so installing never competes hard with the page itself.
const PRECACHE_PARALLEL = 4;

// A response that came through a redirect cannot answer a navigation: keep a clean copy.
async function clean(response: Response): Promise<Response> {
  if (!response.redirected) return response;
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers: response.headers });
}

const storable = (r: Response) => r.ok && r.type === 'basic' && !r.redirected;

async function precache(): Promise<void> {
  const cache = await caches.open(SHELL);
  const queue = manifest.shell.slice();
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      // Hashed client files never change: reuse the copy an earlier version stored.
      const kept = url.startsWith(ASSETS_PATH) ? await caches.match(url) : undefined;
      const response = kept ?? (await fetch(new Request(url, { cache: 'reload', credentials: 'same-origin' })));
      if (!response.ok) throw new Error(`precache ${url}: HTTP ${response.status}`);
      await cache.put(url, await clean(response));
    }
  };
  await Promise.all(Array.from({ length: PRECACHE_PARALLEL }, worker));
}

async function putRuntime(key: Request | string, response: Response): Promise<void> {
  const cache = await caches.open(RUNTIME_CACHE);
  await cache.put(key, response);
  await trim(cache, manifest.runtimeEntries);
}

// Stores the answers file of index `version` in the search cache, unless it is there. A
// failure only means the box converts offline once it has been used online.
async function keepAnswers(version: string): Promise<void> {
  const cache = await caches.open(SEARCH_CACHE);
  const url = new URL(answersPath(version), ORIGIN).href;
  if (await cache.match(url)) return;
  const response = await fetch(url, { credentials: 'same-origin' });
  if (storable(response)) await cache.put(url, response);
}

// The search's entry and the answers file of the index it names (a few KB gzip).
async function keepCurrentAnswers(): Promise<void> {
  const response = await fetch(SEARCH_ENTRY, { cache: 'no-cache', credentials: 'same-origin' });
  if (!storable(response)) return;
  const { version } = (await response.clone().json()) as { version?: unknown };
  if (typeof version !== 'string') return;
  await (await caches.open(SEARCH_CACHE)).put(new URL(SEARCH_ENTRY, ORIGIN).href, response);
  await keepAnswers(version);
}

// The shell cache the active version uses: null without one, undefined if it does not say
// (versions before this one do not answer) or not soon.
function activeShell(): Promise<string | null | undefined> {
  const active = sw.registration.active;
  if (!active) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (e) => resolve(typeof e.data === 'string' ? e.data : undefined);
    setTimeout(resolve, 2000, undefined);
    active.postMessage('SHELL', [channel.port2]);
  });
}

// Once this shell is complete: the shells of versions that waited and were replaced by this one.
async function dropStrayShells(): Promise<void> {
  for (const key of strayShells(await caches.keys(), SHELL, await activeShell())) await caches.delete(key);
}

sw.addEventListener('install', (event) => {
  // No skipWaiting here: an open tab keeps the version it was loaded with.
  event.waitUntil(Promise.all([precache().then(() => dropStrayShells().catch(() => {})), keepCurrentAnswers().catch(() => {})]));
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of staleCaches(await caches.keys(), manifest.version)) await caches.delete(key);
      // Visited pages of older builds lost their scripts with the old shell: dropped.
      const runtime = await caches.open(RUNTIME_CACHE);
      const pages: { url: string; html: string }[] = [];
      for (const request of await runtime.keys()) {
        const response = await runtime.match(request);
        if (response?.headers.get('content-type')?.startsWith('text/html')) pages.push({ url: request.url, html: await response.text() });
      }
      for (const url of outdatedPages(pages, manifest.shell)) await runtime.delete(url);
      for (const url of shellCopies((await runtime.keys()).map((r) => r.url), manifest.shell)) await runtime.delete(url);
      // Claiming only ever happens with no older version in use (this worker waited for its
      // tabs to close, or the visitor asked to reload): it makes a first visit's tab
      // controlled, so what it opens next is cached as visited.
      await sw.clients.claim();
      // The page of that first visit arrived before the worker: keep it as visited too.
      const shell = new Set(manifest.shell.map((u) => new URL(u, ORIGIN).href));
      for (const client of await sw.clients.matchAll({ type: 'window' })) {
        const url = new URL(client.url);
        const key = pageKey(url);
        if (url.origin !== ORIGIN || shell.has(key) || (await caches.match(key))) continue;
        try {
          const response = await fetch(key, { credentials: 'same-origin' });
          if (storable(response)) await putRuntime(key, response);
        } catch {
          // offline already: nothing to keep
        }
      }
    })(),
  );
});

sw.addEventListener('message', (event) => {
  if (event.data === 'SKIP_WAITING') event.waitUntil(sw.skipWaiting());
  // A newer version installing asks which shell this one uses (dropStrayShells).
  if (event.data === 'SHELL') event.ports[0]?.postMessage(SHELL);
});

/** The cached copy of a page (the shell, then what was visited) or the offline page. */
async function cachedPage(key: string): Promise<Response> {
  const hit = await caches.match(key, { ignoreSearch: true });
  if (hit) return hit;
  const offline = await caches.match(manifest.offline);
  return offline ?? Response.error();
}

// Pages: network first, so a new deployment shows at once; the cache when offline or slow.
async function page(event: FetchEvent): Promise<Response> {
  const key = pageKey(new URL(event.request.url));
  const network = fetch(event.request);
  event.waitUntil(
    network
      .then(async (r) => {
        if (!storable(r)) return;
        const copy = r.clone();
        // A shell page is refreshed in place; any other joins the visited pages.
        if (await (await caches.open(SHELL)).match(key)) await (await caches.open(SHELL)).put(key, copy);
        else await putRuntime(key, copy);
      })
      .catch(() => {}),
  );
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(resolve, NAVIGATION_TIMEOUT_MS, 'timeout'));
  try {
    const first = await Promise.race([network, timeout]);
    if (first !== 'timeout') return first;
  } catch {
    // offline or unreachable: answered from the cache
  }
  const cached = await caches.match(key, { ignoreSearch: true });
  if (cached) return cached;
  // Slow, not offline: keep waiting for the network; offline: the offline page.
  return network.catch(() => cachedPage(key));
}

// Hashed client files: they never change, so the cache answers first.
async function immutable(request: Request): Promise<Response> {
  const hit = await caches.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (storable(response)) await putRuntime(request, response.clone());
  return response;
}

// Icons, images, the web manifest: the cache answers at once, the network refreshes it.
function revalidate(event: FetchEvent): Promise<Response> {
  const request = event.request;
  const network = fetch(request).then(async (response) => {
    if (storable(response)) {
      const shell = await caches.open(SHELL);
      if (await shell.match(request)) await shell.put(request, response.clone());
      else await putRuntime(request, response.clone());
    }
    return response;
  });
  event.waitUntil(network.catch(() => {}));
  return caches.match(request).then((hit) => hit ?? network);
}

// The search's entry: network first (it names the index of the current deployment), the
// cached copy offline. A fresh entry retires the cached files of older indexes.
async function searchEntry(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(SEARCH_CACHE);
  const key = pageKey(new URL(event.request.url));
  try {
    const response = await fetch(event.request);
    if (storable(response)) {
      const copy = response.clone();
      event.waitUntil(
        (async () => {
          const { version } = (await copy.clone().json()) as { version?: unknown };
          await cache.put(key, copy);
          if (typeof version !== 'string') return;
          for (const stale of staleSearchFiles((await cache.keys()).map((r) => r.url), version)) await cache.delete(stale);
          await keepAnswers(version);
        })().catch(() => {}),
      );
    }
    return response;
  } catch (err) {
    const hit = await cache.match(key);
    if (hit) return hit;
    throw err;
  }
}

// The index's files never change under their version: the cache first, kept as fetched.
async function searchFile(request: Request): Promise<Response> {
  const cache = await caches.open(SEARCH_CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (storable(response)) {
    await cache.put(request, response.clone());
    await trimSearch<Request>(cache, manifest.searchEntries);
  }
  return response;
}

sw.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  switch (strategyFor(new URL(request.url), ORIGIN, request.mode)) {
    case 'page':
      return event.respondWith(page(event));
    case 'immutable':
      return event.respondWith(immutable(request));
    case 'revalidate':
      return event.respondWith(revalidate(event));
    case 'search-entry':
      return event.respondWith(searchEntry(event));
    case 'search-file':
      return event.respondWith(searchFile(request));
    default:
      // network-only: not answered here at all
      return;
  }
});
