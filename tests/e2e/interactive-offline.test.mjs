// Installable and offline: the service worker precaches every page and client file, so
// with the network cut the converters still load and convert; /api/* is never cached;
// a new build gets a new cache and the old one is deleted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { siteForFile } from './harness.mjs';
import { assertClean, newPage, toast, waitForAllIslands } from './interactive-helpers.mjs';

const ctx = siteForFile();

test('sw.js: versioned by content, precaches every page of the sitemap, served revalidated', async () => {
  const r = await fetch(`${ctx.site.url}/sw.js`);
  assert.equal(r.status, 200);
  assert.match(r.headers.get('content-type'), /javascript/);
  assert.equal(r.headers.get('cache-control'), 'public, max-age=0, must-revalidate');
  const sw = await r.text();
  const list = JSON.parse(sw.match(/const PRECACHE = (\[[\s\S]*?\]);/)[1]);
  const xml = await (await fetch(`${ctx.site.url}/sitemap.xml`)).text();
  const pages = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  assert.equal(pages.length, 29);
  for (const p of [...pages, '/404.html', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png']) assert.ok(list.includes(p), p);
  const html = await (await fetch(`${ctx.site.url}/`)).text();
  for (const asset of html.match(/\/assets\/[\w.-]+\.(?:js|css)/g)) assert.ok(list.includes(asset), asset);
  assert.ok(!list.some((u) => u.startsWith('/api')), 'no API answer is precached');
  assert.match(sw, /const VERSION = '[0-9a-f]{16}';/);
  assert.equal(sw, await readFile(join(ctx.site.out, 'sw.js'), 'utf8'));
  const headers = await readFile(join(ctx.site.out, '_headers'), 'utf8');
  assert.match(headers, /\/sw\.js\n {2}Cache-Control: public, max-age=0, must-revalidate/);
});

test('offline: converter pages load from the cache and still convert; API calls are not cached', async () => {
  const page = await newPage(ctx.browser, { serviceWorkers: 'allow' });
  await page.goto(`${ctx.site.url}/length-converter`);
  await waitForAllIslands(page, ['ConverterCard']);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const cache = await page.evaluate(async () => {
    const keys = await caches.keys();
    const c = await caches.open(keys[0]);
    return { keys, urls: (await c.keys()).map((r) => new URL(r.url).pathname) };
  });
  assert.equal(cache.keys.length, 1);
  assert.match(cache.keys[0], /^unitly-[0-9a-f]{16}$/);
  for (const p of ['/', '/length-converter', '/weight-converter', '/faq', '/404.html']) assert.ok(cache.urls.includes(p), p);
  assert.ok(!cache.urls.some((u) => u.startsWith('/api/')), 'market and rate answers never enter the cache');

  await page.context().setOffline(true);
  const reloaded = await page.reload();
  assert.ok(reloaded.fromServiceWorker(), 'answered by the service worker');
  await waitForAllIslands(page, ['ConverterCard']);
  await page.getByRole('textbox', { name: 'Value' }).fill('5');
  await page.getByRole('combobox', { name: 'From' }).selectOption('meters');
  await page.getByRole('combobox', { name: 'To' }).selectOption('feet');
  await page.locator('output').filter({ hasText: '16.404199' }).first().waitFor();
  await page.getByText('Offline - Limited functionality').waitFor();

  // A page never visited before comes from the precache too.
  await page.goto(`${ctx.site.url}/temperature-converter`);
  await waitForAllIslands(page, ['ConverterCard']);
  await page.getByRole('textbox', { name: 'Value' }).fill('100');
  await page.locator('output').filter({ hasText: '212' }).first().waitFor();

  // The converter's query string does not defeat the cache; an unknown path is the 404 page.
  await page.goto(`${ctx.site.url}/weight-converter?from=kilograms`);
  await page.getByRole('heading', { level: 1, name: /Weight/ }).waitFor();
  const response = await page.goto(`${ctx.site.url}/no-such-page`);
  assert.equal(response.status(), 404);
  await page.getByText('Oops! Page not found').waitFor();

  // The API is network-only: offline it fails instead of answering from a cache.
  const api = await page.evaluate(() => fetch('/api/rates/pair/USD/EUR/1').then((r) => r.status, () => 'failed'));
  assert.equal(api, 'failed');

  await page.context().setOffline(false);
  // Back online, pages come from the network again (network first).
  await page.goto(`${ctx.site.url}/faq`);
  await waitForAllIslands(page, ['FaqSearch']);
  // Requests the page made while offline, and the deliberate 404 and failed API call above,
  // are logged by the browser; nothing else may be.
  const unexpected = page.problems.filter((p) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED|status of 404|Failed to fetch|404: no page at/.test(p));
  assert.deepEqual(unexpected, []);
  assert.deepEqual(await page.cspViolations(), []);
  await page.context().close();
});

test('a new deployment: new version, new cache, old cache deleted, the page is told', async () => {
  const page = await newPage(ctx.browser, { serviceWorkers: 'allow' });
  await page.goto(`${ctx.site.url}/about`);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // The page that gets the new worker must have been controlled from its start.
  await page.reload();
  await waitForAllIslands(page, ['Toaster']);
  const file = join(ctx.site.out, 'sw.js');
  const sw = await readFile(file, 'utf8');
  const version = sw.match(/const VERSION = '([0-9a-f]+)'/)[1];
  await page.waitForFunction((v) => caches.keys().then((k) => k.join() === `unitly-${v}`), version);
  try {
    // What a deployment does to sw.js: a new version (the build derives it from the content).
    await writeFile(file, sw.replace(`const VERSION = '${version}'`, "const VERSION = 'feedfacefeedface'"));
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await page.waitForFunction(() => caches.keys().then((k) => k.join() === 'unitly-feedfacefeedface'), null, { timeout: 20_000 });
    await toast(page, 'A new version of Unitly is available').waitFor();
  } finally {
    await writeFile(file, sw);
  }
  await assertClean(page);
  await page.context().close();
});
