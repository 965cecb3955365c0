// Cookie consent: the first-visit banner, remembered choices, no third-party request when
// nothing is configured, and the cookies page's Cookie settings.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { siteForFile } from './harness.mjs';
import { assertClean, newPage, toast, waitForAllIslands } from './interactive-helpers.mjs';

const ctx = siteForFile();

describe('Cookie consent', () => {
  const stored = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('unitly-consent') ?? 'null'));

  test('first visit: banner; Accept all is remembered; nothing third-party is ever requested', async () => {
    const page = await newPage(ctx.browser, { consent: false });
    const foreign = [];
    page.on('request', (r) => {
      const host = new URL(r.url()).hostname;
      if (host !== '127.0.0.1' && host !== 'localhost' && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    await page.goto(ctx.site.url);
    const banner = page.getByRole('region', { name: 'Cookies on Unitly' });
    await banner.waitFor();
    assert.equal(await stored(page), null);
    for (const name of ['Accept all', 'Reject non-essential', 'Customize']) assert.equal(await banner.getByRole('button', { name }).isVisible(), true, name);
    // The floating buttons stay usable, above the banner rather than under it.
    await waitForAllIslands(page, ['FloatingActions', 'ConsentBanner']);
    const fab = await page.getByRole('button', { name: 'Support Unitly' }).boundingBox();
    const bannerBox = await banner.boundingBox();
    assert.ok(fab.y + fab.height <= bannerBox.y, `button bottom ${fab.y + fab.height} above banner top ${bannerBox.y}`);
    await banner.getByRole('button', { name: 'Accept all' }).click();
    await banner.waitFor({ state: 'detached' });
    const consent = await stored(page);
    assert.equal(consent.version, 1);
    assert.deepEqual(consent.choices, { essential: true, preferences: true, analytics: true, advertising: true });
    assert.ok(!Number.isNaN(Date.parse(consent.time)));
    await page.reload();
    await waitForAllIslands(page, ['ConsentBanner']);
    assert.equal(await page.getByRole('region', { name: 'Cookies on Unitly' }).count(), 0, 'remembered');
    assert.equal(await page.locator('script[data-unitly-purpose]').count(), 0, 'ads and analytics are not configured');
    await page.goto(`${ctx.site.url}/blog`);
    await waitForAllIslands(page, ['ConsentBanner']);
    assert.deepEqual(foreign, [], 'no request ever left the site');
    await assertClean(page);
    await page.context().close();
  });

  test('the banner paints with the page on a first visit and never for a returning visitor', async () => {
    // With every script file refused, only the server HTML and the inline head script act:
    // what the visitor sees at the first paint, before any island hydrates.
    const noScripts = async (page) => page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const first = await newPage(ctx.browser, { consent: false });
    await noScripts(first);
    await first.goto(`${ctx.site.url}/length-converter`);
    assert.equal(await first.getByRole('region', { name: 'Cookies on Unitly' }).isVisible(), true, 'first visit: banner at once');
    // The floating buttons start above the banner, so its arrival moves nothing.
    const fab = await first.getByRole('button', { name: 'Support Unitly' }).boundingBox();
    const bannerBox = await first.getByRole('region', { name: 'Cookies on Unitly' }).boundingBox();
    assert.ok(fab.y + fab.height <= bannerBox.y, `button bottom ${fab.y + fab.height} above banner top ${bannerBox.y}`);
    assert.deepEqual(await first.cspViolations(), [], 'the inline head script is allowed by its hash');
    await first.context().close();

    const returning = await newPage(ctx.browser);
    await noScripts(returning);
    await returning.goto(`${ctx.site.url}/length-converter`);
    assert.equal(await returning.getByRole('region', { name: 'Cookies on Unitly' }).count(), 0, 'a stored choice: no banner, not even before hydration');
    await returning.context().close();

    // A choice stored by an older version of the purposes is asked again.
    const outdated = await newPage(ctx.browser, { consent: false });
    await outdated.context().addInitScript(() => localStorage.setItem('unitly-consent', JSON.stringify({ version: 0, choices: {}, time: '2024-01-01T00:00:00Z' })));
    await outdated.goto(`${ctx.site.url}/faq`);
    await waitForAllIslands(outdated, ['ConsentBanner']);
    assert.equal(await outdated.getByRole('region', { name: 'Cookies on Unitly' }).isVisible(), true);
    await assertClean(outdated);
    await outdated.context().close();
  });

  test('Reject non-essential and Customize are remembered too', async () => {
    const page = await newPage(ctx.browser, { consent: false });
    await page.goto(`${ctx.site.url}/about`);
    const banner = page.getByRole('region', { name: 'Cookies on Unitly' });
    await waitForAllIslands(page, ['ConsentBanner']);
    await banner.getByRole('button', { name: 'Reject non-essential' }).click();
    await banner.waitFor({ state: 'detached' });
    assert.deepEqual((await stored(page)).choices, { essential: true, preferences: false, analytics: false, advertising: false });

    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await waitForAllIslands(page, ['ConsentBanner']);
    await banner.getByRole('button', { name: 'Customize' }).click();
    const group = banner.getByRole('group', { name: 'Choose what to allow' });
    const essential = group.getByRole('checkbox', { name: 'Essential (always on)' });
    assert.equal(await essential.isChecked(), true);
    assert.equal(await essential.isDisabled(), true);
    for (const name of ['Preferences', 'Analytics', 'Advertising']) assert.equal(await group.getByRole('checkbox', { name }).isChecked(), false, `${name} off until chosen`);
    await group.getByRole('checkbox', { name: 'Analytics' }).check();
    await banner.getByRole('button', { name: 'Save choices' }).click();
    await banner.waitFor({ state: 'detached' });
    assert.deepEqual((await stored(page)).choices, { essential: true, preferences: false, analytics: true, advertising: false });
    await assertClean(page);
    await page.context().close();
  });

  test('the cookies page shows the choice and changes it with Cookie settings', async () => {
    const page = await newPage(ctx.browser, { consent: false });
    await page.goto(`${ctx.site.url}/cookies`);
    await waitForAllIslands(page, ['ConsentBanner']);
    await page.getByRole('region', { name: 'Cookies on Unitly' }).getByRole('button', { name: 'Accept all' }).click();
    const settings = page.getByRole('region', { name: 'Your cookie choices' });
    await settings.scrollIntoViewIfNeeded();
    await waitForAllIslands(page, ['CookieSettings']);
    await settings.getByRole('status').filter({ hasText: 'Preferences on, analytics on, advertising on' }).waitFor();
    assert.match(await settings.textContent(), /does not run any analytics or advertising at the moment/);
    const button = settings.getByRole('button', { name: 'Cookie settings' });
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    await button.click();
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    await settings.getByRole('checkbox', { name: 'Advertising' }).uncheck();
    await settings.getByRole('button', { name: 'Save choices' }).click();
    await toast(page, 'Cookie settings saved').waitFor();
    assert.deepEqual((await stored(page)).choices, { essential: true, preferences: true, analytics: true, advertising: false });
    await settings.getByRole('status').filter({ hasText: 'advertising off' }).waitFor();
    assert.equal(await page.getByRole('region', { name: 'Cookies on Unitly' }).count(), 0);
    await assertClean(page);
    await page.context().close();
  });
});
