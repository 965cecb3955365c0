// The 404 page reads the address it was asked for as the search box reads a query: a pair or
// a value is answered and linked to its pair page, other words find the site's pages, and an
// address of no words gets the page alone. Real `unitly serve`, real search index, the fake edge.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { siteForFile, waitForHydration } from './harness.mjs';
import { newPage, noAxeViolations } from './interactive-helpers.mjs';

const ctx = siteForFile();

const hints = (page) => page.getByRole('navigation', { name: 'Were you looking for…' });

/** Opens an unknown address and returns the page and its status. */
async function open(path) {
  const page = await newPage(ctx.browser);
  const response = await page.goto(ctx.site.url + path);
  await waitForHydration(page);
  return { page, status: response.status() };
}

/** The suggestions' links as [name, address]. */
async function links(page) {
  const list = hints(page).getByRole('link');
  await list.first().waitFor();
  return Promise.all((await list.all()).map(async (a) => [await a.innerText(), await a.getAttribute('href')]));
}

/** Only the document's own 404 is an expected console error. */
function assertClean(page) {
  assert.deepEqual(page.problems.filter((p) => !/Failed to load resource: .*404/.test(p)), []);
}

test('a pair in a mistyped address is answered and linked to its pair page, which converts', async () => {
  const { page, status } = await open('/length-converter/foot-to-metres');
  assert.equal(status, 404);
  assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), '404');
  const found = await links(page);
  assert.deepEqual(found[0], ['1 ft = 0.3048 m', '/length-converter/feet-to-meters']);
  await noAxeViolations(page, 'the 404 page with its suggestions');
  await hints(page).getByRole('link', { name: '1 ft = 0.3048 m' }).click();
  await page.waitForURL(`${ctx.site.url}/length-converter/feet-to-meters`);
  assert.match(await page.getByRole('heading', { level: 1 }).innerText(), /Feet to Meters/);
  assertClean(page);
  await page.context().close();
});

test('a value keeps its number on the pair page, and money links the featured pair page', async () => {
  const { page } = await open('/convert/5-ft-to-cm.html');
  assert.deepEqual((await links(page))[0], ['5 ft = 152.4 cm', '/length-converter/feet-to-centimeters?value=5+ft']);
  await page.goto(`${ctx.site.url}/usd-to-eur`);
  await waitForHydration(page);
  const [text, href] = (await links(page))[0];
  assert.match(text, /^1 USD = [\d.]+ EUR$/);
  assert.equal(href, '/currency-converter/usd-to-eur');
  assertClean(page);
  await page.context().close();
});

test('an address of units whose symbols are signs of money too (ft, km) is answered in the units', async () => {
  const { page } = await open('/convert/3-ft-to-km');
  assert.deepEqual((await links(page))[0], ['3 ft = 0.0009144 km', '/length-converter/feet-to-kilometers?value=3+ft']);
  await page.goto(`${ctx.site.url}/m-to-ft`);
  await waitForHydration(page);
  assert.deepEqual((await links(page))[0], ['1 m = 3.28084 ft', '/length-converter/meters-to-feet']);
  assertClean(page);
  await page.context().close();
});

test('other words find pages, a misspelling too; an address of no words gets the page alone', async () => {
  const { page } = await open('/blog/converion-tips');
  const found = await links(page);
  assert.ok(found.some(([, href]) => href === '/blog/conversion-tips'), JSON.stringify(found));
  await page.goto(`${ctx.site.url}/converter/`);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  assert.equal(await hints(page).count(), 0, 'no suggestions for an address of no words');
  assert.equal(await page.getByRole('link', { name: 'Return to Home' }).getAttribute('href'), '/');
  assertClean(page);
  await page.context().close();
});

test('an address that is a page of the site written another way leads first to that page, and stays a 404', async () => {
  for (const [path, href] of [
    ['/About', '/about'],
    ['/FAQ/', '/faq'],
    ['/Blog', '/blog'],
    ['/Length-Converter', '/length-converter'],
    ['/Length-Converter.html', '/length-converter'],
    ['/length-converter.php', '/length-converter'],
    ['/Cooking-Converter', '/cooking-converter'],
    ['/lengthconverter', '/length-converter'],
  ]) {
    const { page, status } = await open(path);
    assert.equal(status, 404, path);
    const [first] = await links(page);
    assert.equal(first[1], href, `${path}: ${JSON.stringify(first)}`);
    assert.match(await hints(page).innerText(), /Did you mean /, path);
    assert.equal(new URL(page.url()).pathname, path, 'no redirect');
    assertClean(page);
    await page.context().close();
  }
});

test("a mistyped shared link keeps its conversion: the 404's links carry its query, and a pair in words is answered for its value", async () => {
  const { page } = await open('/Length-Converter?value=5&from=feet&to=inches');
  assert.match(await hints(page).innerText(), /Did you mean /);
  assert.equal((await links(page))[0][1], '/length-converter?value=5&from=feet&to=inches');
  await hints(page).getByRole('link', { name: 'Length Converter' }).first().click();
  await waitForHydration(page);
  const card = page.getByRole('region', { name: 'Length Converter' });
  await card.getByRole('status', { name: 'Result' }).filter({ hasText: '60 in' }).waitFor();

  await page.goto(`${ctx.site.url}/length-converter/foot-to-metres?value=12`);
  await waitForHydration(page);
  assert.deepEqual((await links(page))[0], ['12 ft = 3.6576 m', '/length-converter/feet-to-meters?value=12+foot']);
  await page.goto(`${ctx.site.url}/usd-to-eur?value=100`);
  await waitForHydration(page);
  const [text, href] = (await links(page))[0];
  assert.equal(text, '100.00 USD = 92.00 EUR');
  assert.equal(href, '/currency-converter/usd-to-eur?value=100');
  assertClean(page);
  await page.context().close();
});

test('another form of a page’s own address redirects to it (307) as the static host does, its query kept', async () => {
  // Cloudflare's assets with html_handling "auto-trailing-slash" (edge/wrangler.jsonc).
  for (const [path, to] of [
    ['/length-converter.html', '/length-converter'],
    ['/length-converter/', '/length-converter'],
    ['/blog/conversion-tips.html', '/blog/conversion-tips'],
    ['/length-converter/feet-to-meters.html?value=3', '/length-converter/feet-to-meters?value=3'],
    ['/index', '/'],
    ['/index.html', '/'],
    ['/404.html', '/404'],
  ]) {
    const response = await fetch(ctx.site.url + path, { redirect: 'manual' });
    assert.equal(response.status, 307, path);
    assert.equal(response.headers.get('location'), to, path);
  }
  const { page, status } = await open('/length-converter.html');
  assert.equal(status, 200);
  assert.equal(new URL(page.url()).pathname, '/length-converter');
  await page.context().close();
});

test('with the page meant known, only found pages whose titles say the address’s words come after it', async () => {
  for (const [path, meant, allowed] of [
    ['/About', '/about', /about/i],
    ['/FAQ/', '/faq', /faq|question/i],
    ['/Cooking-Converter', '/cooking-converter', /cook|convert/i],
  ]) {
    const { page } = await open(path);
    await page.waitForLoadState('networkidle');
    const found = await links(page);
    assert.equal(found[0][1], meant, path);
    for (const [name] of found.slice(1)) assert.match(name, allowed, `${path}: ${JSON.stringify(found)}`);
    await page.context().close();
  }
});

test('a page the address names by its word comes before what the search finds', async () => {
  for (const [path, href] of [
    ['/blog/2024', '/blog'],
    ['/about-us', '/about'],
    ['/faqs', '/faq'],
  ]) {
    const { page, status } = await open(path);
    assert.equal(status, 404, path);
    const found = await links(page);
    assert.equal(found[0][1], href, `${path}: ${JSON.stringify(found)}`);
    assertClean(page);
    await page.context().close();
  }
});

test('money with no pair page and no rate now still links the currency card for the pair', async () => {
  const { page, status } = await open('/currency-converter/thb-to-usd');
  assert.equal(status, 404);
  const [first] = await links(page);
  assert.equal(first[1], '/currency-converter?from=THB&to=USD', JSON.stringify(first));
  assert.match(first[0], /THB/);
  await page.context().close();
});

test('a page the header and footer do not link is known by the search; a pair page answered stays its answer', async () => {
  const { page } = await open('/Imperial-Length-Converter/');
  assert.deepEqual((await links(page))[0], ['Imperial Length Converter', '/imperial-length-converter']);
  assert.match(await hints(page).innerText(), /Did you mean Imperial Length Converter\?/);
  await page.goto(`${ctx.site.url}/Length-Converter/Feet-To-Meters`);
  await waitForHydration(page);
  assert.deepEqual((await links(page))[0], ['1 ft = 0.3048 m', '/length-converter/feet-to-meters']);
  assert.doesNotMatch(await hints(page).innerText(), /Did you mean/);
  assertClean(page);
  await page.context().close();
});

test('the suggestions arrive in room kept for them: nothing below them moves (desktop, CLS)', async () => {
  const page = await newPage(ctx.browser, { viewport: { width: 1280, height: 900 } });
  await page.addInitScript(() => {
    window.__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(ctx.site.url + '/no-such-page-xyz');
  await waitForHydration(page);
  await links(page);
  await page.waitForTimeout(300); // past the frame the list is painted in
  const shift = await page.evaluate(() => window.__shift);
  assert.ok(shift < 0.01, `layout shift ${shift}`);
  await page.context().close();
});
