// Installable and offline, on a site with 2,000 generated articles (bench/articles.mjs):
// the service worker precaches only the app shell, so a first visit stores at most 2 MB
// whatever the size of the blog; pages are cached as they are visited; offline, visited
// pages and the everyday converters work and any other page answers with the offline page; a new
// deployment waits for the visitor's reload instead of swapping assets under the tab.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { addArticles } from '../../bench/articles.mjs';
import { contentRoutes, isPairPage, siteCopy, siteForFile } from './harness.mjs';
import { assertClean, newPage, toast, untilInPage, waitForAllIslands } from './interactive-helpers.mjs';

const ARTICLES = 2000;
const root = siteCopy((dir) => addArticles(dir, ARTICLES));
const ctx = siteForFile({ root, removeRoot: true });
const BUDGET = 2 * 1024 * 1024;

const manifestOf = (sw) => JSON.parse(sw.match(/^self\.UNITLY_SW = (.*);$/m)[1]);

/** Every cache's entries with the bytes of their bodies, read inside the page. */
const cacheContents = (page) =>
  page.evaluate(async () => {
    const out = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = [];
      for (const request of await cache.keys()) {
        const body = await (await cache.match(request)).arrayBuffer();
        out[name].push({ path: new URL(request.url).pathname, bytes: body.byteLength });
      }
    }
    return out;
  });

async function controlled(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test('sw.js: the manifest of this build in front of the bundled worker; the shell is small and fixed', async () => {
  const r = await fetch(`${ctx.site.url}/sw.js`);
  assert.equal(r.status, 200);
  assert.match(r.headers.get('content-type'), /javascript/);
  assert.equal(r.headers.get('cache-control'), 'public, max-age=0, must-revalidate');
  const sw = await r.text();
  assert.equal(sw, await readFile(join(ctx.site.out, 'sw.js'), 'utf8'));
  const m = manifestOf(sw);
  assert.match(m.version, /^[0-9a-f]{16}$/);
  assert.equal(m.offline, '/offline');
  assert.ok(m.runtimeEntries > 0);
  for (const p of ['/', '/length-converter', '/currency-converter', '/land-area-converter', '/offline', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png']) {
    assert.ok(m.shell.includes(p), p);
  }
  const html = await (await fetch(`${ctx.site.url}/length-converter`)).text();
  for (const asset of html.match(/\/assets\/[\w.-]+\.(?:js|css)/g)) assert.ok(m.shell.includes(asset), asset);
  assert.ok(!m.shell.some((u) => u.startsWith('/blog') || u.startsWith('/api') || u === '/faq'), 'no article, listing, API answer or info page');
  // The shell grows with the everyday converters and the bundle, never with articles, the
  // pages generated per unit pair or the science, engineering and digital categories (kept
  // once opened): besides those, a handful of fixed files.
  for (const p of ['/pressure-converter', '/acceleration-converter', '/digital-storage-converter']) assert.ok(!m.shell.includes(p), p);
  const converters = contentRoutes().filter((p) => /-converter$/.test(p));
  const fixed = m.shell.filter((u) => !converters.includes(u) && !u.startsWith('/assets/'));
  assert.ok(fixed.length <= 12, `fixed shell files: ${fixed.join(' ')}`);
  assert.ok(!m.shell.some(isPairPage), 'no unit pair page');
  const headers = await readFile(join(ctx.site.out, '_headers'), 'utf8');
  assert.match(headers, /\/sw\.js\n {2}Cache-Control: public, max-age=0, must-revalidate/);
});

test(`first visit stores ≤ 2 MB with ${ARTICLES} articles; offline: visited pages and the everyday converters work, others get the offline page`, async () => {
  const page = await newPage(ctx.browser, { serviceWorkers: 'allow' });
  const visited = '/blog/bench-length-note-00006';
  await page.goto(`${ctx.site.url}${visited}`);
  await waitForAllIslands(page, ['Toaster']);
  await controlled(page);
  // The first page arrived before the worker: it is kept as visited when the worker starts.
  await untilInPage(page, (p) => caches.open('unitly-runtime').then((c) => c.match(p)).then(Boolean), visited);
  const first = await cacheContents(page);
  const names = Object.keys(first).sort();
  // The visited page, the shell, and the search box's answers file with the index's entry.
  assert.equal(names.length, 3, names.join());
  assert.match(names[2], /^unitly-shell-[0-9a-f]{16}$/);
  assert.deepEqual(names.slice(0, 2), ['unitly-runtime', 'unitly-search']);
  assert.deepEqual(first['unitly-search'].map((e) => e.path.replace(/\/search\/[0-9a-f]+\//, '/search/V/')).sort(), ['/search.json', '/search/V/units.json']);
  const stored = Object.values(first).flat().reduce((sum, e) => sum + e.bytes, 0);
  assert.ok(stored <= BUDGET, `a first visit stored ${stored} bytes`);
  const estimate = await page.evaluate(() => navigator.storage.estimate());
  assert.ok(estimate.usage <= BUDGET, `origin storage after a first visit: ${estimate.usage} bytes`);
  assert.ok(!first[names[2]].some((e) => e.path.startsWith('/blog/')), 'no article is precached');
  assert.ok(!Object.values(first).flat().some((e) => e.path.startsWith('/api/')), 'market and rate answers never enter a cache');

  await page.context().setOffline(true);
  // The visited article, from the cache.
  const again = await page.reload();
  assert.ok(again.fromServiceWorker(), 'answered by the service worker');
  await page.getByRole('heading', { level: 1, name: /Length conversion note 6/ }).waitFor();
  await page.getByText('Offline - Limited functionality').waitFor();
  // The currency card, offline before any amount: its rates are offline ones, and it says so.
  await page.goto(`${ctx.site.url}/currency-converter`);
  await waitForAllIslands(page, ['CurrencyCard']);
  await page.getByRole('img', { name: 'Offline rates' }).waitFor();
  // A converter never visited: in the shell, and it converts.
  await page.goto(`${ctx.site.url}/temperature-converter?value=100`);
  await waitForAllIslands(page, ['ConverterCard']);
  await page.getByRole('textbox', { name: 'Value' }).fill('100');
  await page.locator('output').filter({ hasText: '212' }).first().waitFor();
  // The support popup's file, fetched by no page so far: the shell stored it with the others.
  await waitForAllIslands(page, ['FloatingActions']);
  await page.getByRole('button', { name: 'Support Unitly' }).click();
  await page.getByRole('dialog', { name: 'Support Unitly' }).waitFor();
  await page.keyboard.press('Escape');
  // An article never visited: the offline page, listing what this device has saved.
  const unvisited = await page.goto(`${ctx.site.url}/blog/bench-weight-note-01999`);
  assert.equal(unvisited.status(), 200);
  await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
  await waitForAllIslands(page, ['OfflinePages']);
  const saved = page.getByRole('region', { name: 'Pages saved on this device' });
  await saved.getByRole('link', { name: /Length conversion note 6/ }).waitFor();
  assert.ok(await page.getByRole('link', { name: 'Celsius to Fahrenheit' }).count() + (await page.getByRole('link', { name: /Length Converter/ }).count()) > 0);
  // The API is network-only: offline it fails instead of answering from a cache.
  const api = await page.evaluate(() => fetch('/api/rates/pair/USD/EUR/1').then((r) => r.status, () => 'failed'));
  assert.equal(api, 'failed');
  // A pair page someone sent, never saved here: the offline page links its converter, which is
  // saved, on the pair and value asked (before, only the plain converter, without the 5).
  await page.goto(`${ctx.site.url}/length-converter/feet-to-meters?value=5`);
  await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
  await waitForAllIslands(page, ['OfflinePages']);
  const asked = page.getByRole('region', { name: 'Its converter works offline' }).getByRole('link', { name: 'Open the Length Converter on 5 feet to meters' });
  assert.equal(await asked.getAttribute('href'), '/length-converter?value=5&from=feet&to=meters');
  await asked.click();
  await waitForAllIslands(page, ['ConverterCard']);
  await page.getByRole('status', { name: 'Result' }).filter({ hasText: '1.524 m' }).waitFor();
  // A science converter is no part of the shell: never opened here, it is not offered.
  await page.goto(`${ctx.site.url}/pressure-converter/psi-to-bars?value=30`);
  await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
  await waitForAllIslands(page, ['OfflinePages']);
  await page.getByRole('region', { name: 'Pages saved on this device' }).waitFor();
  assert.equal(await page.getByRole('region', { name: 'Its converter works offline' }).count(), 0, 'the pressure converter is not saved');
  await page.context().setOffline(false);

  // Visiting many more pages keeps the runtime cache within its bound, oldest out first.
  const { runtimeEntries } = manifestOf(await (await fetch(`${ctx.site.url}/sw.js`)).text());
  const note = (i) => `/blog/bench-area-note-${String(6 * i - 3).padStart(5, '0')}`;
  for (let i = 1; i <= runtimeEntries + 2; i++) {
    await page.goto(`${ctx.site.url}${note(i)}`, { waitUntil: 'domcontentloaded' });
  }
  // The last page visited is stored, and the cache is back within its bound.
  const last = note(runtimeEntries + 2);
  await untilInPage(page, ([n, p]) => caches.open('unitly-runtime').then((c) => c.keys()).then((k) => k.length <= n && k.some((r) => new URL(r.url).pathname === p)), [runtimeEntries, last]);
  const runtime = (await cacheContents(page))['unitly-runtime'].map((e) => e.path);
  assert.ok(!runtime.includes(visited), 'the oldest page went first');
  const unexpected = page.problems.filter((p) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(p));
  assert.deepEqual(unexpected, []);
  assert.deepEqual(await page.cspViolations(), []);
  await page.context().close();
});

test('a new deployment waits for the visitor: the tab keeps its version until Reload, then switches', async () => {
  const page = await newPage(ctx.browser, { serviceWorkers: 'allow' });
  await page.goto(`${ctx.site.url}/about`);
  await controlled(page);
  await page.reload();
  await waitForAllIslands(page, ['Toaster']);
  const file = join(ctx.site.out, 'sw.js');
  const sw = await readFile(file, 'utf8');
  const { version } = manifestOf(sw);
  const shellNames = () => page.evaluate(() => caches.keys().then((k) => k.filter((n) => n.startsWith('unitly-shell-')).sort()));
  try {
    // A page kept from an older build: its scripts are in no shell any more.
    await page.evaluate(() =>
      caches.open('unitly-runtime').then((c) => c.put('/blog/read-long-ago', new Response('<script type="module" src="/assets/client-OLDBUILD.js"></script>', { headers: { 'content-type': 'text/html' } }))),
    );
    // A copy of a shell file in the runtime cache, as the old version stores the new build's
    // files when a page of the new build fetches them before the switch.
    const script = manifestOf(sw).shell.find((u) => u.startsWith('/assets/'));
    await page.evaluate((path) => caches.open('unitly-runtime').then(async (c) => c.put(path, await fetch(path))), script);
    // What a deployment does to sw.js: a new version (the build derives it from the shell).
    await writeFile(file, sw.replace(`"version":"${version}"`, '"version":"feedfacefeedface"'));
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    const offer = toast(page, 'A new version of Unitly is available');
    await offer.waitFor({ timeout: 20_000 });
    // Installed and waiting; the open tab is still served by the old version.
    assert.deepEqual(await shellNames(), ['unitly-shell-feedfacefeedface', `unitly-shell-${version}`].sort());
    assert.equal(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.waiting !== null)), true);
    const navigated = page.waitForEvent('framenavigated');
    await offer.getByRole('button', { name: 'Reload' }).click();
    await navigated;
    await waitForAllIslands(page, ['Toaster']);
    await untilInPage(page, () => caches.keys().then((k) => !k.some((n) => n.startsWith('unitly-shell-') && n !== 'unitly-shell-feedfacefeedface')));
    assert.deepEqual(await shellNames(), ['unitly-shell-feedfacefeedface']);
    // Offline it would have shown text with no working islands: dropped, the pages of this build kept.
    const runtime = await page.evaluate(() => caches.open('unitly-runtime').then((c) => c.keys()).then((k) => k.map((r) => new URL(r.url).pathname)));
    assert.ok(!runtime.includes('/blog/read-long-ago'), runtime.join(' '));
    assert.ok(runtime.includes('/about'), runtime.join(' '));
    assert.ok(!runtime.includes(script), 'the new shell has it: no copy takes a visited page’s place');
  } finally {
    await writeFile(file, sw);
  }
  await assertClean(page);
  await page.context().close();
});

test("two tabs on the old version: 'Reload' in one hands both over, and the other reloads under the new version", async () => {
  const a = await newPage(ctx.browser, { serviceWorkers: 'allow' });
  await a.goto(`${ctx.site.url}/about`);
  await controlled(a);
  await a.reload();
  const b = await a.context().newPage();
  await b.goto(`${ctx.site.url}/length-converter`);
  for (const page of [a, b]) await waitForAllIslands(page, ['Toaster']);
  const file = join(ctx.site.out, 'sw.js');
  const sw = await readFile(file, 'utf8');
  const { version } = manifestOf(sw);
  const shellNames = (page) => page.evaluate(() => caches.keys().then((k) => k.filter((n) => n.startsWith('unitly-shell-'))));
  try {
    await writeFile(file, sw.replace(`"version":"${version}"`, '"version":"0dd5ca1e0dd5ca1e"'));
    await b.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    for (const page of [a, b]) await toast(page, 'A new version of Unitly is available').waitFor({ timeout: 20_000 });
    const aReloaded = a.waitForEvent('framenavigated');
    const bReloaded = b.waitForEvent('framenavigated');
    await toast(b, 'A new version of Unitly is available').getByRole('button', { name: 'Reload' }).click();
    await bReloaded;
    // Tab A never clicked: the new version deleted the files of A's page, so A reloads too.
    await aReloaded;
    await waitForAllIslands(a, ['Toaster']);
    assert.deepEqual(await shellNames(a), ['unitly-shell-0dd5ca1e0dd5ca1e']);
  } finally {
    await writeFile(file, sw);
  }
  await assertClean(a);
  await a.context().close();
});

test('a tab open across several deployments: each new version replaces the waiting one and its shell, the active shell stays', async () => {
  const page = await newPage(ctx.browser, { serviceWorkers: 'allow' });
  await page.goto(`${ctx.site.url}/about`);
  await controlled(page);
  const file = join(ctx.site.out, 'sw.js');
  const sw = await readFile(file, 'utf8');
  const { version } = manifestOf(sw);
  const shellNames = () => page.evaluate(() => caches.keys().then((k) => k.filter((n) => n.startsWith('unitly-shell-')).sort()));
  try {
    for (const next of ['a11a11a11a11a11a', 'b22b22b22b22b22b', 'c33c33c33c33c33c']) {
      await writeFile(file, sw.replace(`"version":"${version}"`, `"version":"${next}"`));
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
      const expected = [`unitly-shell-${version}`, `unitly-shell-${next}`].sort();
      const settled = (want) =>
        Promise.all([caches.keys(), navigator.serviceWorker.getRegistration()]).then(
          ([k, r]) => JSON.stringify(k.filter((n) => n.startsWith('unitly-shell-')).sort()) === JSON.stringify(want) && r.waiting !== null && r.installing === null,
        );
      await untilInPage(page, settled, expected, { timeout: 20_000 });
      // The version still in use and the newest waiting one: no shell of the versions between.
      assert.deepEqual(await shellNames(), expected, next);
    }
  } finally {
    await writeFile(file, sw);
  }
  await page.context().close();
});
