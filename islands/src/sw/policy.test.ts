import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answersPath, assetsOf, isAnswers, outdatedPages, pageKey, shellCopies, staleCaches, strayShells, staleSearchFiles, strategyFor, trim, trimSearch } from './policy.ts';

const ORIGIN = 'https://unitly.app';
const s = (path: string, mode = 'cors') => strategyFor(new URL(path, ORIGIN), ORIGIN, mode);

test('each request gets its strategy; live data and machine files are never cached', () => {
  assert.equal(s('/blog/conversion-tips', 'navigate'), 'page');
  assert.equal(s('/length-converter?value=5&from=meters', 'navigate'), 'page');
  assert.equal(s('/assets/client-ABC.js'), 'immutable');
  assert.equal(s('/icons/icon-192.png'), 'revalidate');
  assert.equal(s('/manifest.webmanifest'), 'revalidate');
  for (const p of ['/api/rates/latest/USD', '/api/gold-proxy', '/sw.js', '/__unitly/reload', '/sitemap.xml', '/feed.xml', '/robots.txt']) {
    assert.equal(s(p), 'network-only', p);
  }
  assert.equal(s('/api/contact', 'navigate'), 'network-only');
  assert.equal(strategyFor(new URL('https://cdn.example/x.js'), ORIGIN, 'cors'), 'network-only');
});

test('a page is cached under its path, whatever its query string', () => {
  assert.equal(pageKey(new URL('/length-converter?value=5', ORIGIN)), `${ORIGIN}/length-converter`);
});

/** A cache of `urls` in insertion order, as the Cache API keeps them; `entries` is what is left. */
function fakeCache(urls: string[]) {
  const entries = urls.map((url) => ({ url }));
  const cache = {
    keys: async () => entries.slice(),
    delete: async (k: { url: string }) => {
      const i = entries.findIndex((e) => e.url === k.url);
      if (i >= 0) entries.splice(i, 1);
      return i >= 0;
    },
  };
  return { entries, cache };
}

test('the runtime cache keeps the newest entries and drops the oldest first', async () => {
  const { entries, cache } = fakeCache(['/a', '/b', '/c', '/d', '/e']);
  assert.equal(await trim(cache, 3), 2);
  assert.deepEqual(entries.map((e) => e.url), ['/c', '/d', '/e']);
  assert.equal(await trim(cache, 3), 0);
});

test("the search cache's bound never drops the entry the index opens with, nor the answers file the box converts offline with", async () => {
  const { entries, cache } = fakeCache(['/search.json', answersPath('v1'), '/search/v1/c/0.json', '/search/v1/p/3.json', '/search/v1/c/1.json'].map((url) => ORIGIN + url));
  assert.equal(await trimSearch(cache, 2), 1);
  assert.deepEqual(entries.map((e) => e.url.slice(ORIGIN.length)), ['/search.json', '/search/v1/units.json', '/search/v1/p/3.json', '/search/v1/c/1.json']);
  // However many files later queries fetch: the entry and the answers file, then the newest.
  for (let n = 0; n < 100; n++) entries.push({ url: `${ORIGIN}/search/v1/p/${100 + n}.json` });
  await trimSearch(cache, 80);
  assert.equal(entries.length, 82);
  assert.deepEqual(entries.slice(0, 3).map((e) => e.url.slice(ORIGIN.length)), ['/search.json', '/search/v1/units.json', '/search/v1/p/120.json']);
  assert.equal(isAnswers(`${ORIGIN}/search/v1/p/units.json`), false, "only the version folder's own file");
});

test('activating a version deletes only older shell caches, never the visited pages', () => {
  assert.deepEqual(staleCaches(['unitly-shell-aaa', 'unitly-shell-bbb', 'unitly-runtime', 'other'], 'bbb'), ['unitly-shell-aaa']);
});

test("the search's entry goes to the network first, its versioned files to the cache first", () => {
  assert.equal(s('/search.json'), 'search-entry');
  assert.equal(s('/search/0a1b2c3d4e5f/c/3.json'), 'search-file');
  assert.equal(s('/search/0a1b2c3d4e5f/w/fc10.txt'), 'search-file');
  assert.equal(s('/searching-for-units', 'navigate'), 'page');
});

test('a fresh entry retires the cached files of every other version of the index', () => {
  const urls = [`${ORIGIN}/search/old111/c/1.json`, `${ORIGIN}/search/new222/c/1.json`, `${ORIGIN}/search/old111/p/4.json`, `${ORIGIN}/search.json`];
  assert.deepEqual(staleSearchFiles(urls, 'new222'), [`${ORIGIN}/search/old111/c/1.json`, `${ORIGIN}/search/old111/p/4.json`]);
});

test("activating a version drops the visited pages of older builds, whose scripts went with the old shell", () => {
  const shell = ['/', '/assets/client-NEW.js', '/assets/style-NEW.css', '/assets/chunk-A.js'];
  const current = '<link rel="stylesheet" href="/assets/style-NEW.css"><script type="module" src="/assets/client-NEW.js"></script><link rel="modulepreload" href="/assets/chunk-A.js">';
  const older = '<link rel="stylesheet" href="/assets/style-OLD.css"><script type="module" src="/assets/client-OLD.js"></script><link rel="modulepreload" href="/assets/chunk-A.js">';
  assert.deepEqual(assetsOf(older), ['/assets/style-OLD.css', '/assets/client-OLD.js', '/assets/chunk-A.js']);
  const pages = [
    { url: `${ORIGIN}/blog/read-before`, html: older },
    { url: `${ORIGIN}/blog/read-since`, html: current },
    { url: `${ORIGIN}/plain`, html: '<p>no scripts</p>' },
  ];
  assert.deepEqual(outdatedPages(pages, shell), [`${ORIGIN}/blog/read-before`]);
});

test("activating a version deletes the runtime cache's copies of its shell's files, which would push visited pages out", () => {
  const urls = [`${ORIGIN}/assets/client-NEW.js`, `${ORIGIN}/blog/read`, `${ORIGIN}/assets/chunk-ELSE.js`, `${ORIGIN}/icons/icon-192.png`];
  assert.deepEqual(shellCopies(urls, ['/', '/assets/client-NEW.js', '/icons/icon-192.png']), [`${ORIGIN}/assets/client-NEW.js`]);
});

test('installing a version deletes the shells of the versions that waited and were replaced, never the active one', () => {
  const keys = ['unitly-shell-v1', 'unitly-shell-v2', 'unitly-shell-v3', 'unitly-runtime', 'unitly-search'];
  assert.deepEqual(strayShells(keys, 'unitly-shell-v4', 'unitly-shell-v1'), ['unitly-shell-v2', 'unitly-shell-v3']);
  assert.deepEqual(strayShells(keys, 'unitly-shell-v3', null), ['unitly-shell-v1', 'unitly-shell-v2']);
  assert.deepEqual(strayShells(keys, 'unitly-shell-v4', undefined), [], 'an active version that does not say which shell it uses keeps them all');
});
