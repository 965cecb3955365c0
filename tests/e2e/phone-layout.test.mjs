// Phones: on a first visit the converter is on the first screen and nothing covers it, the
// cookie banner keeps to its budget, no page scrolls sideways at 320 px, and the floating
// buttons cover nothing. (Figures and screenshots: bench/phone-layout.mjs.)
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PAGES_AT_ONCE, contentRoutes, isPairPage, pairPagesOf, routesOf, siteForFile, visitEach, visitEachAlone, waitForHydration } from './harness.mjs';
import { assertClean, finish, newPage, waitForAllIslands } from './interactive-helpers.mjs';
import { PHONES, bannerShare, cardControls, isConverterPage, onFirstScreen, overflowingElements, sidewaysOverflow } from './phone-lib.mjs';

const ctx = siteForFile();
const phone = (width, height) => ({ viewport: { width, height }, isMobile: true, hasTouch: true });

/** Asserts that each named control of the page's card is on the first screen, uncovered. */
async function assertCardFirst(page, keys, where) {
  const controls = cardControls(page);
  for (const key of keys) {
    const r = await onFirstScreen(controls[key]);
    assert.ok(r.ok, `${where}: ${key}: ${r.why}`);
  }
}

describe('Phone layout', () => {
  test('no page scrolls sideways at 320 px, and the floating buttons cover no link on the home page', { concurrency: PAGES_AT_ONCE }, async (t) => {
    const routes = [...(await routesOf(ctx.site)), ...(await pairPagesOf(ctx.site)), '/no-such-page'];
    assert.ok(routes.length >= 30, `${routes.length} pages`);
    const pages = await visitEach(t, routes, () => newPage(ctx.browser, { consent: false, ...phone(320, 640) }), async (page, path) => {
      await page.goto(ctx.site.url + path);
      await waitForHydration(page);
      // The 404 page's own status is the one expected console error.
      if (path === '/no-such-page') page.problems.splice(0, page.problems.length, ...page.problems.filter((p) => !/status of 404/.test(p)));
      const extra = await sidewaysOverflow(page);
      assert.equal(extra, 0, `${path} is ${320 + extra} px wide: ${(await overflowingElements(page)).join('; ')}`);
    });
    const [page, ...others] = pages;
    for (const other of others) await finish(other);
    // Every "View Full Page" link of the quick converters and every converter's tile, scrolled
    // to, is not under a floating button.
    await page.goto(ctx.site.url);
    await waitForAllIslands(page, ['FloatingActions', 'ConsentBanner']);
    const fullPages = page.getByRole('link', { name: /^View Full Page/ });
    assert.equal(await fullPages.count(), 4, 'length, weight, temperature and currency');
    const tiles = page.getByRole('region', { name: 'All Converters' }).getByRole('link');
    assert.ok((await tiles.count()) >= 6);
    for (const link of [...(await fullPages.all()), ...(await tiles.all())]) {
      await link.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      const r = await onFirstScreen(link);
      assert.ok(r.ok, `${await link.textContent()}: ${r.why}`);
    }
    await assertClean(page);
    await page.context().close();
  });

  test(`first visit at ${PHONES.map((s) => s.name).join(', then ')}: the card's first controls on the first screen, uncovered, on every converter page; the banner within its budget`, { concurrency: PAGES_AT_ONCE }, async (t) => {
    const converters = (await routesOf(ctx.site)).filter(isConverterPage);
    assert.equal(converters.length, contentRoutes().filter(isConverterPage).length, 'every converter page of the registry');
    // One visitor per worker (harness visitEachAlone) whose storage is emptied as each page starts,
    // before any of its scripts, so each visit has nothing stored, as a first visit (service
    // workers are blocked; only the HTTP cache is warm, which is what a new context per page
    // paid for). The smaller phone is the same visit resized: the layout is CSS alone (no
    // script reads the window's size).
    const firstVisitor = async () => {
      const page = await newPage(ctx.browser, { consent: false, ...phone(PHONES[0].width, PHONES[0].height) });
      await page.context().addInitScript(() => {
        try {
          localStorage.clear();
          sessionStorage.clear();
        } catch {} // a document without storage (about:blank) has nothing to clear
      });
      return page;
    };
    const check = async (page, path) => {
      await page.context().clearCookies();
      await page.setViewportSize({ width: PHONES[0].width, height: PHONES[0].height });
      await page.goto(ctx.site.url + path);
      await waitForAllIslands(page, ['ConsentBanner', 'FloatingActions']);
      const banner = page.getByRole('region', { name: 'Cookies on Unitly' });
      for (const size of PHONES) {
        const where = `${path} at ${size.name}`;
        await page.setViewportSize({ width: size.width, height: size.height });
        assert.equal(await banner.isVisible(), true, `${where}: the banner shows on a first visit`);
        const share = await bannerShare(page);
        assert.ok(share > 0 && share <= size.bannerBudget, `${where}: the banner takes ${(share * 100).toFixed(1)} % of the screen (budget ${size.bannerBudget * 100} %)`);
        for (const name of ['Customize', 'Reject non-essential', 'Accept all']) {
          const r = await onFirstScreen(banner.getByRole('button', { name }));
          assert.ok(r.ok, `${where}: ${name}: ${r.why}`);
        }
        await assertCardFirst(page, size.controls, where);
        // The floating buttons are not over the banner (nor anywhere on this first screen).
        const bannerBox = await banner.boundingBox();
        for (const name of ['Support Unitly', 'Premium features']) {
          const fab = await page.getByRole('button', { name }).boundingBox();
          assert.ok(fab.y + fab.height <= bannerBox.y || fab.y >= size.height, `${where}: ${name} at y ${fab.y} is over the banner (top ${bannerBox.y})`);
        }
      }
      await assertClean(page);
    };
    await visitEachAlone(t, converters, firstVisitor, check);
  });

  // The banner is one island, the same on every page, and the walk above found every converter
  // page's card first with the banner over the screen: a page of each kind of card (a unit
  // category's, a variant's, cooking's, currency's and a unit pair's) is enough here.
  test('after a choice is stored the banner never appears and the card is still first', { concurrency: PAGES_AT_ONCE }, async (t) => {
    const converters = ['/length-converter', '/metric-length-converter', '/cooking-converter', '/currency-converter', '/length-converter/feet-to-meters'];
    const routes = await routesOf(ctx.site);
    assert.deepEqual(converters.filter((path) => !routes.includes(path) && !isPairPage(path)), [], 'pages of the site');
    // Each worker's visitor makes the choice once, on the first converter, then goes on.
    const chosen = async () => {
      const page = await newPage(ctx.browser, { consent: false, ...phone(390, 844) });
      await page.goto(ctx.site.url + converters[0]);
      await waitForAllIslands(page, ['ConsentBanner']);
      await page.getByRole('region', { name: 'Cookies on Unitly' }).getByRole('button', { name: 'Reject non-essential' }).click();
      return page;
    };
    const pages = await visitEach(t, converters, chosen, async (page, path) => {
      await page.goto(ctx.site.url + path);
      // Before any island hydrates, and after: no banner.
      assert.equal(await bannerShare(page), 0, `${path}: no banner before hydration`);
      await waitForAllIslands(page, ['ConsentBanner']);
      assert.equal(await page.getByRole('region', { name: 'Cookies on Unitly' }).count(), 0, `${path}: no banner`);
      await assertCardFirst(page, PHONES[0].controls, `${path} after a choice`);
    });
    for (const page of pages) await finish(page);
  });

  test('a phone held sideways (844×390) has the floating buttons in the footer: the card\'s ☆ at the bottom of the screen is not under them; 1366×768 neither', async () => {
    for (const size of [{ width: 844, height: 390, isMobile: true, hasTouch: true }, { width: 1366, height: 768 }]) {
      const { width, height, ...touch } = size;
      const page = await newPage(ctx.browser, { viewport: { width, height }, ...touch });
      await page.goto(ctx.site.url + '/length-converter/feet-to-meters');
      await waitForAllIslands(page, ['FloatingActions']);
      const where = `${width}×${height}`;
      const star = page.getByRole('region', { name: 'Converter' }).getByRole('button', { name: 'Favourite pair' });
      // Scrolled to the bottom edge of the screen, where the buttons sat in the corner.
      await star.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      const r = await onFirstScreen(star);
      assert.ok(r.ok, `${where}: ☆ at the bottom of the screen: ${r.why}`);
      // A tap (or click) where the ☆ is drawn stars the pair, and opens no dialog.
      const box = await star.boundingBox();
      if (touch.hasTouch) await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      else await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForFunction(() => document.querySelector('[aria-label="Favourite pair"]')?.getAttribute('aria-pressed') === 'true');
      assert.equal(await page.getByRole('dialog').count(), 0, `${where}: no dialog opened`);
      await assertClean(page);
      await page.context().close();
    }
  });

  test("with a phone's keyboard up (the viewport 300 px shorter), Enter in Value brings Result into view and keeps the field focused", async () => {
    const page = await newPage(ctx.browser, phone(390, 844));
    for (const path of ['/length-converter/feet-to-meters', '/currency-converter']) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(ctx.site.url + path);
      await waitForHydration(page);
      const { value, result } = cardControls(page);
      // The keyboard takes the lower 300 px; the browser scrolls the focused field just above it.
      await page.setViewportSize({ width: 390, height: 544 });
      await value.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await value.focus();
      const shown = async () => result.evaluate((el) => {
        const r = el.closest('.field').getBoundingClientRect();
        return r.top >= -0.5 && r.bottom <= window.innerHeight + 0.5;
      });
      assert.equal(await shown(), false, `${path}: Result starts under the keyboard`);
      await value.fill(path.includes('currency') ? '25' : '5 ft 11 in');
      await value.press('Enter');
      assert.equal(await shown(), true, `${path}: after Enter, Result is in view`);
      assert.equal(await value.evaluate((el) => el === document.activeElement), true, `${path}: Value keeps the focus`);
      assert.equal((await onFirstScreen(value)).ok, true, `${path}: Value is still in view`);
    }
    await assertClean(page);
    await page.context().close();
  });

  test('at 200 % text (root font-size 32 px) on a 390 px phone, no converter page scrolls sideways: the card and the header wrap', async () => {
    const page = await newPage(ctx.browser, phone(390, 844));
    for (const path of ['/length-converter/feet-to-meters', '/data-transfer-rate-converter', '/cooking-converter', '/currency-converter', '/temperature-converter', '/celsius-fahrenheit-converter']) {
      await page.goto(ctx.site.url + path);
      await waitForHydration(page);
      await page.evaluate(() => { document.documentElement.style.fontSize = '32px'; });
      const extra = await sidewaysOverflow(page);
      assert.equal(extra, 0, `${path} at 200 % text is ${390 + extra} px wide: ${(await overflowingElements(page)).join('; ')}`);
      assert.equal((await onFirstScreen(page.getByRole('button', { name: 'Menu' }))).ok, true, `${path}: the Menu button is on the screen`);
    }
    await assertClean(page);
    await page.context().close();
  });

  test('pair-link lists on a 360 px phone: every link a target at least 24 px tall, in one piece, none over another', async () => {
    const page = await newPage(ctx.browser, phone(360, 640));
    for (const path of ['/currency-converter', '/length-converter', '/length-converter/conversions']) {
      await page.goto(ctx.site.url + path);
      await waitForHydration(page);
      const links = await page.evaluate(() => [...document.querySelectorAll('.pair-groups a, p.pair-links a')].map((a) => {
        const r = a.getBoundingClientRect();
        return { text: a.textContent, top: r.top, bottom: r.bottom, left: r.left, right: r.right, pieces: a.getClientRects().length };
      }));
      assert.ok(links.length >= 50, `${path}: ${links.length} pair links`);
      for (const [i, l] of links.entries()) {
        assert.ok(l.bottom - l.top >= 24, `${path}: "${l.text}" is ${(l.bottom - l.top).toFixed(1)} px tall`);
        assert.equal(l.pieces, 1, `${path}: "${l.text}" is split over lines`);
        const next = links[i + 1];
        if (next && next.top < l.bottom - 0.5 && next.left < l.right) assert.fail(`${path}: "${next.text}" overlaps "${l.text}"`);
      }
    }
    await assertClean(page);
    await page.context().close();
  });

  test('on a desktop the whole card is on the first screen', { concurrency: PAGES_AT_ONCE }, async (t) => {
    const converters = (await routesOf(ctx.site)).filter(isConverterPage);
    const desktop = () => newPage(ctx.browser, { viewport: { width: 1366, height: 768 } });
    const pages = await visitEach(t, converters, desktop, async (page, path) => {
      await page.goto(ctx.site.url + path);
      await waitForHydration(page);
      const card = page.getByRole('region', { name: 'Converter' }).locator('.converter-card');
      const box = await card.boundingBox();
      // The currency card's rate history (a chart loaded as it comes near) closes the card,
      // below its controls and actions: the card down to it must fit the first screen.
      const history = card.locator('.rate-history-spot');
      const bottom = (await history.count()) ? (await history.boundingBox()).y : box.y + box.height;
      assert.ok(box.y >= 0 && bottom <= 768, `${path}: the card (${Math.round(box.y)}–${Math.round(bottom)}) is on the 1366×768 first screen`);
      await assertCardFirst(page, PHONES[0].controls, `${path} at 1366×768`);
    });
    for (const page of pages) await finish(page);
  });
});

describe('Printing', () => {
  /** The number of pages of a PDF Chromium printed (its page objects). */
  const pdfPages = (pdf) => pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length ?? 0;

  test('a pair page prints black on white: its title, statement and table, without banner, header, buttons or an empty converter', async () => {
    const page = await newPage(ctx.browser, { consent: false, viewport: { width: 1366, height: 768 } });
    await page.goto(ctx.site.url + '/length-converter/feet-to-meters');
    await waitForAllIslands(page, ['FloatingActions', 'ConsentBanner', 'MarketBanner']);
    const banner = page.getByRole('region', { name: 'Market data' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const cookies = page.getByRole('region', { name: 'Cookies on Unitly' });
    const fabs = [page.getByRole('button', { name: 'Premium features' }), page.getByRole('button', { name: 'Support Unitly' })];
    const card = cardControls(page);
    const table = page.locator('article.pair').getByRole('table').first();
    for (const shown of [banner, nav, cookies, ...fabs, card.value, table]) assert.equal(await shown.isVisible(), true, 'on screen, everything shows');
    await page.emulateMedia({ media: 'screen' });
    const screenPdf = await page.pdf({ format: 'A4' }); // as the screen draws it, without the print rules
    await page.emulateMedia({ media: 'print' });
    const colours = await page.evaluate(() => {
      const of = (el) => getComputedStyle(el);
      return {
        text: of(document.body).color,
        cell: of(document.querySelector('article.pair td')).color,
        heading: of(document.querySelector('h1')).color,
        background: of(document.body).backgroundColor,
      };
    });
    for (const key of ['text', 'cell', 'heading']) assert.equal(colours[key], 'rgb(0, 0, 0)', `${key} prints black`);
    assert.match(colours.background, /^rgba?\((255, 255, 255|0, 0, 0, 0)\)$/, 'on white (or no) background');
    for (const [name, hidden] of [['the market banner', banner], ['the main nav', nav], ['the cookie banner', cookies], ['a floating button', fabs[0]], ['a floating button', fabs[1]], ['the empty card', card.value]]) {
      assert.equal(await hidden.isVisible(), false, `${name} does not print`);
    }
    assert.equal(await page.getByRole('button').filter({ visible: true }).count(), 0, 'no button prints');
    for (const shown of [page.getByRole('heading', { level: 1 }), table]) assert.equal(await shown.isVisible(), true, 'the title and the table print');
    // The page prints on fewer sheets than the screen's layout takes.
    const printPdf = await page.pdf({ format: 'A4' });
    assert.ok(pdfPages(printPdf) < pdfPages(screenPdf), `${pdfPages(printPdf)} printed pages, the screen's layout ${pdfPages(screenPdf)}`);
    // A converter with a value prints its value and result, still without its buttons.
    await page.emulateMedia({ media: 'screen' });
    await card.value.fill('6');
    await page.emulateMedia({ media: 'print' });
    assert.equal(await card.value.isVisible(), true, 'a card with a value prints');
    assert.equal(await card.result.isVisible(), true, 'and its result');
    assert.equal(await page.getByRole('button').filter({ visible: true }).count(), 0, 'no button prints');
    await assertClean(page);
    await page.context().close();
  });
});
