// Where the keyboard focus goes: never under the sticky header or the cookie banner, never
// under a list or menu left open after it (WCAG 2.4.11), never lost to <body> when the
// control that had it goes away (WCAG 2.4.3), and form controls whose edges can be seen in
// the dark theme (WCAG 1.4.11).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { searchListComplete, siteForFile, waitForHydration } from './harness.mjs';
import { finish, visitHydrated, waitForAllIslands } from './interactive-helpers.mjs';

const ctx = siteForFile();

const visit = (path, options = {}) => visitHydrated(ctx, path, options);

const focusedId = (page) => page.evaluate(() => document.activeElement?.id ?? '');
const headerBottom = (page) => page.evaluate(() => document.querySelector('.site-header').getBoundingClientRect().bottom);
const focusedBox = (page) =>
  page.evaluate(() => {
    const r = document.activeElement.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom };
  });

test('what Skip to content and a failed Send focus is below the sticky header, and a tabbed-to control above the cookie banner', async () => {
  // Skip to content scrolls the content to the top of the window: the breadcrumb that Tab
  // reaches next must not be under the header.
  const page = await visit('/length-converter/feet-to-meters');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Skip to content');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  const crumb = await focusedBox(page);
  assert.ok(crumb.top >= (await headerBottom(page)), `the breadcrumb (top ${crumb.top}) is not under the header`);
  // So does a field a failed Send focuses.
  await page.goto(`${ctx.site.url}/contact`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.waitForFunction(() => document.activeElement?.id === 'contact-name');
  const field = await focusedBox(page);
  assert.ok(field.top >= (await headerBottom(page)), `the Name field (top ${field.top}) is not under the header`);
  await page.context().close();

  // A first visit: the banner covers the bottom of the window while it asks. Tab through the
  // home page's first card: each control it reaches is above the banner.
  const first = await visit('/', { consent: false, viewport: { width: 1280, height: 800 } });
  const banner = first.getByRole('region', { name: 'Cookies on Unitly' });
  await banner.waitFor();
  await waitForAllIslands(first, ['ConsentBanner']);
  const card = first.getByRole('region', { name: 'Length Converter' });
  await card.getByRole('textbox', { name: 'Value' }).focus();
  const bannerTop = (await banner.boundingBox()).y;
  for (let i = 0; i < 4; i++) {
    await first.keyboard.press('Tab');
    const box = await focusedBox(first);
    const name = await first.evaluate(() => document.activeElement.getAttribute('aria-label') ?? document.activeElement.id);
    assert.ok(box.bottom <= bannerTop, `${name} (bottom ${box.bottom}) is above the banner (top ${bannerTop})`);
  }
  await finish(first);
});

test('a Send or Subscribe that does not go through leaves the focus on its button, not on <body>', async () => {
  const page = await visit('/contact');
  const form = page.locator('form.contact-form');
  await form.getByRole('textbox', { name: 'Name' }).fill('Ann');
  await form.getByRole('textbox', { name: 'Email' }).fill('ann@example.com');
  await form.getByRole('combobox', { name: 'Subject' }).selectOption({ label: 'Bug report' });
  await form.getByRole('textbox', { name: 'Message' }).fill('hello there');
  const send = form.getByRole('button', { name: 'Send Message' });
  await send.focus();
  await page.keyboard.press('Enter');
  // This site's edge has no webhook: the post is refused, and the form says so.
  await form.getByText('could not be sent').waitFor();
  assert.equal(await send.evaluate((b) => b === document.activeElement), true, 'the focus stayed on Send Message');
  await page.goto(`${ctx.site.url}/blog`);
  const newsletter = page.getByRole('region', { name: 'Stay Updated' });
  await newsletter.scrollIntoViewIfNeeded();
  await waitForAllIslands(page, ['Newsletter']);
  await newsletter.getByRole('textbox', { name: 'Email address' }).fill('ann@example.com');
  const subscribe = newsletter.getByRole('button', { name: 'Subscribe' });
  await subscribe.focus();
  await page.keyboard.press('Enter');
  await page.locator('form.newsletter-form .form-notice').waitFor();
  assert.equal(await subscribe.evaluate((b) => b === document.activeElement), true, 'the focus stayed on Subscribe');
  // The two refused posts are the only errors: the browser logs each 503.
  assert.deepEqual(page.problems.filter((p) => !p.includes('status of 503')), []);
  await page.context().close();
});

test('on a phone at a first visit, the search list ends above the cookie banner: its chosen option and its Copy can be seen, also when the pages come after Copy has the focus', async () => {
  const page = await visit('/length-converter', { consent: false, viewport: { width: 360, height: 640 } });
  const banner = page.getByRole('region', { name: 'Cookies on Unitly' });
  await banner.waitFor();
  await waitForAllIslands(page, ['ConsentBanner', 'SiteSearch']);
  // The pages' results are held back: the conversion's answer and its Copy come first, as on
  // a slow connection, and the visitor tabs to Copy before the pages are listed above it.
  let release;
  const gate = new Promise((r) => (release = r));
  await page.route(/\/search\/.+\/p\/\d+\.json$/, async (route) => {
    await gate;
    await route.continue();
  });
  const box = page.getByRole('combobox', { name: /search/i });
  await box.click();
  await box.fill('5 ft to cm');
  const copy = page.getByRole('search').getByRole('button', { name: 'Copy' });
  await copy.waitFor();
  const bannerTop = (await banner.boundingBox()).y;
  const copySeen = async (when) => {
    assert.equal(await copy.evaluate((b) => b === document.activeElement), true, `${when}: Copy has the focus`);
    const { bottom } = await focusedBox(page);
    const listBottom = await page.evaluate(() => document.querySelector('.site-search-popup').getBoundingClientRect().bottom);
    assert.ok(bottom <= bannerTop + 1, `${when}: Copy (bottom ${bottom}) is above the banner (top ${bannerTop})`);
    assert.ok(bottom <= listBottom + 1, `${when}: Copy (bottom ${bottom}) is in the list's view (bottom ${listBottom})`);
  };
  await page.keyboard.press('Tab');
  await copySeen('before the pages are listed');
  release();
  // The list is complete once its status speaks.
  await searchListComplete(page);
  const options = await page.getByRole('listbox', { name: 'Search results' }).getByRole('option').count();
  assert.ok(options > 1, `the pages are listed too (${options} options)`);
  await copySeen('once the pages are listed above it');

  // Back in the field, the arrow keys choose each option in turn: each can be seen.
  await page.keyboard.press('Shift+Tab');
  assert.equal(await box.evaluate((b) => b === document.activeElement), true);
  for (let i = 0; i < options; i++) {
    await page.keyboard.press('ArrowDown');
    const active = await page.evaluate(() => document.getElementById(document.getElementById('site-search-q').getAttribute('aria-activedescendant')).getBoundingClientRect().bottom);
    assert.ok(active <= bannerTop + 1, `option ${i + 1} (bottom ${active}) is above the banner (top ${bannerTop})`);
  }
  await page.keyboard.press('Tab');
  await copySeen('after the options');
  await finish(page);
});

test('the cookie choice made from the keyboard leaves the focus in the page, not on <body>', async () => {
  const page = await visit('/', { consent: false });
  const banner = page.getByRole('region', { name: 'Cookies on Unitly' });
  await waitForAllIslands(page, ['ConsentBanner']);
  await banner.getByRole('button', { name: 'Accept all' }).focus();
  await page.keyboard.press('Enter');
  await banner.waitFor({ state: 'detached' });
  assert.equal(await focusedId(page), 'main');
  // Tab goes on into the page's content, not back to the skip link at its top.
  await page.keyboard.press('Tab');
  assert.ok(await page.evaluate(() => document.getElementById('main').contains(document.activeElement)), 'Tab continues in the content');
  await finish(page);
});

test('the search list closes when the focus leaves the search, and Escape on its Copy button returns to the box', async () => {
  const page = await visit('/length-converter');
  const box = page.getByRole('combobox', { name: /search/i });
  await box.fill('5 ft to m');
  const copy = page.getByRole('search').getByRole('button', { name: 'Copy' });
  await copy.waitFor();
  await page.keyboard.press('Tab');
  assert.equal(await copy.evaluate((b) => b === document.activeElement), true, 'Tab reaches the list’s Copy');
  assert.equal(await box.getAttribute('aria-expanded'), 'true');
  await page.keyboard.press('Escape');
  assert.equal(await focusedId(page), 'site-search-q', 'Escape on Copy: back to the box');
  assert.equal(await box.getAttribute('aria-expanded'), 'false');
  // Open again, then Tab past the Copy button: the list closes behind the focus.
  await page.keyboard.type(' ');
  await copy.waitFor();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  assert.equal(await page.getByRole('search').evaluate((f) => f.contains(document.activeElement)), false);
  await page.waitForFunction(() => document.getElementById('site-search-q').getAttribute('aria-expanded') === 'false');
  assert.equal(await page.getByRole('listbox', { name: 'Search results' }).isVisible(), false);
  await finish(page);
});

test('the menu of every converter closes when the focus leaves it, and Escape in the search box leaves it alone', async () => {
  const page = await visit('/length-converter');
  const button = page.getByRole('button', { name: 'All converters' });
  await button.focus();
  await page.keyboard.press('Enter');
  assert.equal(await button.getAttribute('aria-expanded'), 'true');
  // Escape belongs to the search box while it has the focus.
  await page.keyboard.press('Control+k');
  assert.equal(await button.getAttribute('aria-expanded'), 'false', 'the focus left the menu');
  await button.focus();
  await page.keyboard.press('Enter');
  const links = await page.locator('#site-menu a').count();
  for (let i = 0; i <= links; i++) await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.getElementById('site-menu').contains(document.activeElement)), false);
  assert.equal(await button.getAttribute('aria-expanded'), 'false', 'tabbing past the last link closed it');
  assert.equal(await page.locator('#site-menu').isVisible(), false);
  await finish(page);
});

test('Clear history moves the focus to the panel’s heading, and a conversion about to be recorded stays cleared', async () => {
  const page = await visit('/length-converter');
  const card = page.getByRole('region', { name: 'Length Converter' });
  const history = page.getByRole('region', { name: 'Recent Conversions' });
  await card.getByRole('textbox', { name: 'Value' }).fill('12');
  const clear = history.getByRole('button', { name: 'Clear history' });
  await clear.waitFor();
  // A new value, and Clear history before it settles (a second): it must not come back.
  await card.getByRole('textbox', { name: 'Value' }).fill('34');
  await clear.focus();
  await page.keyboard.press('Enter');
  assert.equal(await focusedId(page), 'history-title');
  await page.waitForTimeout(1500);
  assert.equal(await page.evaluate(() => localStorage.getItem('conversion-history')), null, 'nothing recorded after the clear');
  assert.equal(await clear.count(), 0);
  await finish(page);
});

test('form controls have edges of 3:1 or more against the card and the header in the dark theme', async () => {
  const page = await visit('/length-converter');
  const ratios = await page.evaluate(() => {
    const rgb = (c) => c.match(/[\d.]+/g).slice(0, 3).map(Number);
    const lum = (c) => {
      const [r, g, b] = rgb(c).map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a, b) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
    const card = getComputedStyle(document.querySelector('.converter-card')).backgroundColor;
    const out = {};
    for (const [name, selector, against] of [
      ['Value', '.converter-card input', card],
      ['From', '.converter-card select', card],
      ['Swap', '.swap-button', card],
      ['Search', '#site-search-q', getComputedStyle(document.body).backgroundColor],
    ]) {
      const el = document.querySelector(selector);
      out[name] = Math.min(ratio(getComputedStyle(el).borderTopColor, against), ratio(getComputedStyle(el).borderTopColor, getComputedStyle(el).backgroundColor));
    }
    return out;
  });
  for (const [name, r] of Object.entries(ratios)) assert.ok(r >= 3, `${name}: edge contrast ${r.toFixed(2)}:1`);
  await finish(page);
});
