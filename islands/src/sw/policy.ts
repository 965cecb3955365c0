// What the service worker does with each request, and the bounded runtime cache, as plain
// functions (no service-worker globals) so they are tested in Node (policy.test.ts).
import { ASSETS_PATH } from '../generated/site.ts';
import { ANSWERS_FILE, SEARCH_DIR, SEARCH_ENTRY } from '../lib/searchFiles.ts';

/** What `unitly build` writes in front of the worker's code (src/pwa.rs). */
export interface SwManifest {
  /** Changes whenever the app shell changes: a new version installs a new shell cache. */
  version: string;
  /** The app shell, precached at install: home, converters, offline page, CSS, scripts, icons. */
  shell: string[];
  /** The page answered for a page that is neither online nor cached. */
  offline: string;
  /** How many responses the runtime cache keeps (oldest out first). */
  runtimeEntries: number;
  /** How many files of the site search's index the search cache keeps (oldest out first). */
  searchEntries: number;
}

export const SHELL_PREFIX = 'unitly-shell-';
/** Pages and files cached as they are visited; kept across deployments. */
export const RUNTIME_CACHE = 'unitly-runtime';
/** The site search's files as queries fetched them, apart, so searching never pushes visited pages out. */
export const SEARCH_CACHE = 'unitly-search';

export type Strategy = 'network-only' | 'page' | 'immutable' | 'revalidate' | 'search-entry' | 'search-file';

/**
 * How a GET for `url` is answered. `/api/*` (live data, never stale), the worker itself,
 * the dev server's own routes, other origins and feeds or sitemaps (large, for machines)
 * go to the network untouched. Pages: network first, the cache when offline. Hashed files
 * under ASSETS_PATH (/assets/) never change: the cache answers first. Other files of ours (icons, images,
 * the web manifest): the cache answers and the network refreshes it.
 */
export function strategyFor(url: URL, origin: string, mode: string): Strategy {
  if (url.origin !== origin) return 'network-only';
  const p = url.pathname;
  if (p.startsWith('/api/') || p.startsWith('/__unitly/') || p === '/sw.js') return 'network-only';
  if (mode === 'navigate') return 'page';
  if (p.startsWith(ASSETS_PATH)) return 'immutable';
  // The search's entry names the current version of its index: network first. The files
  // under /search/<version>/ never change: the cache first.
  if (p === SEARCH_ENTRY) return 'search-entry';
  if (p.startsWith(SEARCH_DIR)) return 'search-file';
  if (/\.(xml|txt)$/.test(p)) return 'network-only';
  return 'revalidate';
}

/** The cache key of a page: its path without the query string (`?value=5&from=…`). */
export function pageKey(url: URL): string {
  return url.origin + url.pathname;
}

/** The part of the Cache API the trimming needs (a real Cache, or a test double). */
export interface KeyedCache<K> {
  keys(): Promise<readonly K[]>;
  delete(request: K): Promise<boolean>;
}

/**
 * Deletes the oldest entries beyond `max`; those `spare` names are neither counted nor deleted. Cache keys keep insertion order and a `put`
 * replaces an entry at the end, so the first keys are the least recently stored.
 */
export async function trim<K>(cache: KeyedCache<K>, max: number, spare: (key: K) => boolean = () => false): Promise<number> {
  const keys = (await cache.keys()).filter((k) => !spare(k));
  const excess = keys.slice(0, Math.max(0, keys.length - max));
  for (const k of excess) await cache.delete(k);
  return excess.length;
}

/**
 * The cached search files of other versions than `version` (the index a fresh entry names):
 * a browser that has the new entry never asks for them again.
 */
export function staleSearchFiles(urls: readonly string[], version: string): string[] {
  return urls.filter((u) => {
    const path = new URL(u, 'https://x').pathname;
    return path.startsWith(SEARCH_DIR) && !path.startsWith(`${SEARCH_DIR}${version}/`);
  });
}

/** The path of the file that answers conversions in the search box, in index `version`. */
export function answersPath(version: string): string {
  return `${SEARCH_DIR}${version}/${ANSWERS_FILE}`;
}

/** Whether `url` is an index's answers file (kept apart from the bound on search files). */
export function isAnswers(url: string): boolean {
  const path = new URL(url, 'https://x').pathname;
  return path.startsWith(SEARCH_DIR) && path.endsWith(`/${ANSWERS_FILE}`) && path.split('/').length === 4;
}

/**
 * Trims the search cache to `max` of the files queries fetched, oldest out first. The entry
 * and the answers file are neither counted nor dropped: stored first, they would be the
 * first out, and without the entry the index cannot open, so offline the box would neither
 * search nor convert.
 */
export function trimSearch<K extends { url: string }>(cache: KeyedCache<K>, max: number): Promise<number> {
  return trim(cache, max, (k) => new URL(k.url, 'https://x').pathname === SEARCH_ENTRY || isAnswers(k.url));
}

/**
 * Shell caches to delete once `own` (a shell cache's name) is installed: all but its own and
 * the active version's (`active`; null: no version is active). A version that waited and was
 * replaced by a newer one never activates, so nothing else would delete its shell while a tab
 * stays open across deployments. `active` undefined: the active version did not say which
 * shell it uses (versions before this one), so none is deleted.
 */
export function strayShells(keys: readonly string[], own: string, active: string | null | undefined): string[] {
  if (active === undefined) return [];
  return keys.filter((k) => k.startsWith(SHELL_PREFIX) && k !== own && k !== active);
}

/** Old shell caches to delete once `version` is active (the runtime cache stays). */
export function staleCaches(keys: readonly string[], version: string): string[] {
  return keys.filter((k) => k.startsWith(SHELL_PREFIX) && k !== SHELL_PREFIX + version);
}

/** The paths of the files under ASSETS_PATH (/assets/) that a page's HTML refers to. */
export function assetsOf(html: string): string[] {
  return [...new Set(html.match(new RegExp(`${ASSETS_PATH}[\\w.-]+`, 'g')) ?? [])];
}

/**
 * The cached pages (`url` and HTML) of older builds than the one whose `shell` activates:
 * pages that refer to a hashed file the shell lacks. Activating deletes the old shell with
 * those files, so offline (or on a slow network, answered from the cache) such a page would
 * show its text with no working islands. Online it is fetched again; offline the offline page
 * lists what is left. Keeping their files instead would keep every old build's scripts.
 */
export function outdatedPages(pages: readonly { url: string; html: string }[], shell: readonly string[]): string[] {
  const has = new Set(shell);
  return pages.filter((p) => assetsOf(p.html).some((a) => !has.has(a))).map((p) => p.url);
}

/**
 * The hashed files in the runtime cache that the `shell` of the version activating has: the
 * old version stored the new build's files there as pages of the new build fetched them, and
 * those copies would push visited pages out of the runtime cache's bound.
 */
export function shellCopies(urls: readonly string[], shell: readonly string[]): string[] {
  const has = new Set(shell);
  return urls.filter((u) => {
    const path = new URL(u, 'https://x').pathname;
    return path.startsWith(ASSETS_PATH) && has.has(path);
  });
}
