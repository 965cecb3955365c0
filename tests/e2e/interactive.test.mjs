// Issue 5 in the browser: FAQ search, the sitemap generator, deferred images and page
// load time. (Consent: interactive-consent.test.mjs; forms, overlays, offline: the other
// interactive-*.test.mjs files.)
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { contentRoutes, isPairPage, siteForFile } from './harness.mjs';
import { assertClean, newPage, tabUntil, toast, waitForAllIslands } from './interactive-helpers.mjs';

const ctx = siteForFile();

/** The questions of content/faq.yaml, in order: the FAQ page shows each one. */
const faqQuestions = async () =>
  (await readFile(new URL('../../content/faq.yaml', import.meta.url), 'utf8'))
    .split('\n')
    .filter((l) => l.startsWith('  question: '))
    .map((l) => l.slice('  question: '.length));
const FAQ_COUNT = (await faqQuestions()).length;

const visibleQuestions = (page) =>
  page.locator('.faq details:visible summary').allTextContents();

describe('FAQ', () => {
  test('search filters questions and answers as you type; categories, All, no match and clear', async () => {
    const page = await newPage(ctx.browser);
    await page.goto(`${ctx.site.url}/faq`);
    await waitForAllIslands(page, ['FaqSearch']);
    const search = page.getByRole('searchbox', { name: 'Search the FAQ' });
    const status = page.getByRole('status').filter({ hasText: /Showing|No FAQs/ });
    assert.equal((await visibleQuestions(page)).length, FAQ_COUNT);
    await assert.doesNotReject(status.filter({ hasText: `Showing all ${FAQ_COUNT} questions` }).waitFor());

    // A word that is only in an answer ("hourly" is not; "mid-market" is in one answer).
    await search.fill('mid-market');
    assert.deepEqual(await visibleQuestions(page), ['Where do the exchange rates come from?']);
    await status.filter({ hasText: `Showing 1 of ${FAQ_COUNT} questions` }).waitFor();
    // Typing letter by letter narrows as you go.
    await search.fill('');
    await search.pressSequentially('offl');
    const offline = await visibleQuestions(page);
    assert.ok(offline.includes('Does Unitly work offline?') && offline.includes('What does "Using offline rates" mean?'), offline.join(' | '));
    assert.ok(offline.length < FAQ_COUNT);

    // Category buttons put the category in the search box and are shown pressed.
    const group = page.getByRole('group', { name: 'Filter by category' });
    for (const name of ['All', 'General', 'Currency', 'Technical', 'Privacy', 'Features', 'Troubleshooting']) {
      assert.equal(await group.getByRole('button', { name, exact: true }).count(), 1, name);
    }
    await group.getByRole('button', { name: 'Privacy' }).click();
    assert.equal(await search.inputValue(), 'Privacy');
    assert.equal(await group.getByRole('button', { name: 'Privacy' }).getAttribute('aria-pressed'), 'true');
    const privacy = await visibleQuestions(page);
    for (const q of ['Where is my conversion history stored?', 'Does Unitly use cookies or track me?']) assert.ok(privacy.includes(q), q);
    await assert.doesNotReject(page.getByRole('heading', { name: 'Privacy', level: 2 }).waitFor());
    assert.equal(await page.getByRole('heading', { name: 'Features', level: 2 }).isVisible(), false, 'empty categories are hidden');

    await group.getByRole('button', { name: 'All' }).click();
    assert.equal(await search.inputValue(), '');
    assert.equal((await visibleQuestions(page)).length, FAQ_COUNT);

    await search.fill('zebra crossing');
    await page.getByText('No FAQs found matching your search.').waitFor();
    assert.equal((await visibleQuestions(page)).length, 0);
    await page.getByRole('button', { name: 'Clear search' }).click();
    assert.equal(await search.inputValue(), '');
    assert.equal((await visibleQuestions(page)).length, FAQ_COUNT);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'faq-search-q', 'focus back in the search box');
    await assertClean(page);
    await page.context().close();
  });

  test('keyboard only: search, pick a category, expand and collapse an answer', async () => {
    const page = await newPage(ctx.browser);
    await page.goto(`${ctx.site.url}/faq`);
    await waitForAllIslands(page, ['FaqSearch']);
    await tabUntil(page, () => document.activeElement?.id === 'faq-search-q');
    await page.keyboard.type('install');
    assert.deepEqual(await visibleQuestions(page), ['Can I install Unitly as an app?']);
    await tabUntil(page, () => document.activeElement?.textContent === 'Currency');
    await page.keyboard.press('Enter');
    assert.equal(await page.getByRole('searchbox', { name: 'Search the FAQ' }).inputValue(), 'Currency');
    // "Currency" also finds answers that mention currency (in General), then the Currency entries.
    await tabUntil(page, () => document.activeElement?.textContent === 'Where do the exchange rates come from?');
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'SUMMARY');
    const details = page.locator('details#exchange-rates');
    assert.equal(await details.evaluate((d) => d.open), false);
    assert.equal(await page.getByText('indicative mid-market rates').isVisible(), false);
    await page.keyboard.press('Enter');
    assert.equal(await details.evaluate((d) => d.open), true);
    assert.equal(await page.getByText(/indicative mid-market rates/).isVisible(), true);
    await page.keyboard.press('Space');
    assert.equal(await details.evaluate((d) => d.open), false);
    await assertClean(page);
    await page.context().close();
  });

  test('a link to /faq#id opens that answer', async () => {
    const page = await newPage(ctx.browser);
    await page.goto(`${ctx.site.url}/faq#works-offline`);
    await waitForAllIslands(page, ['FaqSearch']);
    await page.waitForFunction(() => document.getElementById('works-offline')?.open === true);
    assert.equal(await page.getByText(/keeps a copy of the home page and the everyday converters/).isVisible(), true);
    await assertClean(page);
    await page.context().close();
  });

  test('a malformed fragment (/faq#%E0%A4%A) opens nothing and leaves every entry and the search box', async () => {
    const count = (await readFile(new URL('../../content/faq.yaml', import.meta.url), 'utf8'))
      .split('\n')
      .filter((l) => l.startsWith('  question: ')).length;
    const page = await newPage(ctx.browser);
    await page.goto(`${ctx.site.url}/faq#%E0%A4%A`);
    await waitForAllIslands(page, ['FaqSearch']);
    const search = page.getByRole('searchbox', { name: 'Search the FAQ' });
    await assert.doesNotReject(page.waitForFunction(() => !document.querySelector('#faq-search-q')?.disabled));
    assert.equal((await visibleQuestions(page)).length, count);
    await search.fill('offline');
    assert.ok((await visibleQuestions(page)).length < count, 'the search still filters');
    // A well-formed fragment still opens its answer afterwards (the listener survived).
    await search.fill('');
    await page.evaluate(() => { window.location.hash = 'works-offline'; });
    await page.waitForFunction(() => document.getElementById('works-offline')?.open === true);
    await assertClean(page);
    await page.context().close();
  });

  test('a malformed query (?value=%E0%A4%A&from=%ZZ) leaves the converter card working', async () => {
    const page = await newPage(ctx.browser);
    await page.goto(`${ctx.site.url}/length-converter?value=%E0%A4%A&from=%ZZ&to=feet`);
    await waitForAllIslands(page, ['ConverterCard']);
    const value = page.getByRole('textbox', { name: 'Value' }).first();
    await value.fill('2');
    await page.getByText(/6\.56/).first().waitFor();
    await assertClean(page);
    await page.context().close();
  });

  test('without JavaScript every question and answer is in the page and readable', async () => {
    const page = await newPage(ctx.browser, { javaScriptEnabled: false, consent: false });
    await page.goto(`${ctx.site.url}/faq`);
    const faq = await faqQuestions();
    assert.ok(faq.length >= 12, 'the twelve questions the FAQ launched with, and more');
    assert.deepEqual(await visibleQuestions(page), faq);
    for (const category of ['General', 'Currency', 'Technical', 'Privacy', 'Features', 'Troubleshooting']) {
      assert.equal(await page.getByRole('heading', { name: category, level: 2 }).isVisible(), true, category);
    }
    // Native disclosure: works with no script at all.
    await page.getByText('Is Unitly really free?').click();
    assert.equal(await page.getByText(/Every converter on Unitly is free to use/).isVisible(), true);
    assert.equal(await page.locator('details[hidden]').count(), 0);
    await page.context().close();
  });
});

describe('Sitemap generator', () => {
  test('fetches the built sitemap.xml when used, shows it and copies it', async () => {
    const page = await newPage(ctx.browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    const built = await (await fetch(`${ctx.site.url}/sitemap.xml`)).text();
    // Every page of the content, and the pages the build makes per unit pair.
    const locs = [...built.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    assert.equal(locs.filter((p) => !isPairPage(p)).length, contentRoutes().length);
    const pages = locs.length;
    const fetched = [];
    page.on('request', (r) => new URL(r.url()).pathname === '/sitemap.xml' && fetched.push(r.url()));
    await page.goto(ctx.site.url);
    assert.ok(!(await page.content()).includes('<urlset'), 'the page does not carry the sitemap');
    const card = page.getByRole('region', { name: 'Sitemap Generator' });
    await card.scrollIntoViewIfNeeded();
    await waitForAllIslands(page, ['SitemapGenerator', 'Toaster']);
    assert.match(await card.textContent(), new RegExp(`all ${pages.toLocaleString("en-US")} pages of the site`));
    assert.equal(fetched.length, 0, 'nothing is fetched before the card is used');
    await card.getByRole('button', { name: 'Copy XML' }).click();
    await toast(page, '📋 Copied!').filter({ hasText: 'Sitemap XML copied to clipboard' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), built);
    const box = card.getByRole('textbox', { name: 'sitemap.xml' });
    assert.equal(await box.inputValue(), built, 'the very file the build wrote');
    assert.equal(await box.getAttribute('readonly'), '');
    await card.getByRole('button', { name: 'Copy XML' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.toast').length === 2);
    assert.equal(fetched.length, 1, 'fetched once');
    await assertClean(page);
    await page.context().close();
  });

  test('a refused clipboard gives the destructive Copy Failed toast', async () => {
    const page = await newPage(ctx.browser);
    await page.context().addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'clipboard', {
        get: () => ({ writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) }),
      });
    });
    await page.goto(ctx.site.url);
    await page.getByRole('region', { name: 'Sitemap Generator' }).scrollIntoViewIfNeeded();
    await waitForAllIslands(page, ['SitemapGenerator', 'Toaster']);
    await page.getByRole('button', { name: 'Copy XML' }).click();
    const failed = toast(page, 'Copy Failed', 'alert');
    await failed.waitFor();
    assert.match(await failed.textContent(), /Could not copy sitemap to clipboard/);
    assert.match(await failed.getAttribute('class'), /toast-destructive/);
    await assertClean(page);
    await page.context().close();
  });

  test('a failed fetch says so in a toast and in the card; the next try works', async () => {
    const page = await newPage(ctx.browser);
    let fail = true;
    await page.route('**/sitemap.xml', (route) => (fail ? route.fulfill({ status: 503, body: 'down' }) : route.continue()));
    await page.goto(ctx.site.url);
    const card = page.getByRole('region', { name: 'Sitemap Generator' });
    await card.scrollIntoViewIfNeeded();
    await waitForAllIslands(page, ['SitemapGenerator', 'Toaster']);
    await card.getByRole('button', { name: 'Download' }).click();
    const failed = toast(page, 'Sitemap unavailable', 'alert');
    await failed.waitFor();
    assert.match(await failed.textContent(), /Could not load the sitemap/);
    assert.match(await card.getByRole('alert').textContent(), /Check your connection and try again/);
    fail = false;
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download' }).click()]);
    assert.equal(download.suggestedFilename(), 'sitemap.xml');
    assert.equal(await card.getByRole('alert').count(), 0, 'the message goes once it worked');
    // The browser logs the deliberate 503; nothing else may be logged.
    assert.deepEqual(page.problems.filter((p) => !/status of 503/.test(p)), []);
    assert.deepEqual(await page.cspViolations(), []);
    await page.context().close();
  });

  test('Download saves sitemap.xml with the same content', async () => {
    const page = await newPage(ctx.browser);
    const built = await (await fetch(`${ctx.site.url}/sitemap.xml`)).text();
    await page.goto(ctx.site.url);
    await page.getByRole('region', { name: 'Sitemap Generator' }).scrollIntoViewIfNeeded();
    await waitForAllIslands(page, ['SitemapGenerator']);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
    assert.equal(download.suggestedFilename(), 'sitemap.xml');
    assert.equal(await readFile(await download.path(), 'utf8'), built);
    await assertClean(page);
    await page.context().close();
  });
});

describe('Deferred images and load time', () => {
  test('an article illustration loads only when scrolled near', async () => {
    const page = await newPage(ctx.browser, { viewport: { width: 1280, height: 800 } });
    const requested = [];
    page.on('request', (r) => r.url().includes('/images/') && requested.push(r.url()));
    await page.goto(`${ctx.site.url}/blog/unit-conversion-history`);
    await page.waitForLoadState('load');
    const img = page.getByRole('img', { name: /Drawn to scale: one yard is 0.9144 of a metre/ });
    assert.match(await img.getAttribute('src'), /^data:image\/svg\+xml/, 'a placeholder until near');
    // content/images/yard-and-pound-1959.svg, published under a content-hashed name.
    const src = await img.getAttribute('data-src');
    assert.match(src, /^\/images\/yard-and-pound-1959\.[0-9a-f]{10}\.svg$/);
    assert.equal(await img.getAttribute('width'), '760', 'the size is read from the file');
    assert.deepEqual(requested, []);
    await img.scrollIntoViewIfNeeded();
    await page.waitForFunction((src) => {
      const i = document.querySelector('img[alt^="Drawn to scale"]');
      return i && i.getAttribute('src') === src && i.complete && i.naturalWidth === 760;
    }, src);
    assert.equal(await img.getAttribute('data-src'), null);
    assert.deepEqual(requested.map((u) => new URL(u).pathname), [src]);
    await assertClean(page);
    await page.context().close();
  });

  test('page load time is measured in whole milliseconds and not displayed or logged', async () => {
    const page = await newPage(ctx.browser);
    const logged = [];
    // (Playwright itself notes the blocked service worker; that is not the page talking.)
    page.on('console', (m) => m.text() !== 'Service Worker registration blocked by Playwright' && logged.push(m.text()));
    await page.goto(`${ctx.site.url}/length-converter`);
    const ms = await page.waitForFunction(() => performance.getEntriesByName('unitly:load-time')[0]?.detail?.ms).then((h) => h.jsonValue());
    assert.ok(Number.isInteger(ms) && ms >= 0, String(ms));
    assert.equal(await page.getByText(`${ms} ms`).count(), 0);
    assert.deepEqual(logged, []);
    await assertClean(page);
    await page.context().close();
  });
});
