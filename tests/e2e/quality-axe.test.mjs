// Accessibility gate: axe-core in Chromium, after every island has hydrated, with the
// site-wide chrome in each of its states: mobile menu open, offline and install banners
// shown, a result and a toast, the support and premium dialogs open, the forms' guarded
// states. (Every route and a sample of unit pair pages, hydrated with every disclosure open,
// get axe in routes.test.mjs, in the visit that checks the rest of each page.) Zero
// violations of every rule axe enables by default (WCAG 2.x A and AA, best practices). A
// state whose control is missing fails: a gate that skips what it cannot find would hide the
// regression that removed it.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { chooseCurrency, defaultRates, openPage, siteForFile } from './harness.mjs';
import { assertClean, fakeWebhook, hydrateEverything, noAxeViolations as axe, useUpMinute } from './interactive-helpers.mjs';

describe('axe-core finds no violation', () => {
  const ctx = siteForFile();

  test('on a phone, with the menu open and the offline and install banners shown', async () => {
    const page = await openPage(ctx.browser, { viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
    try {
      await page.goto(`${ctx.site.url}/length-converter`);
      await hydrateEverything(page);
      const menu = page.getByRole('button', { name: 'Menu' });
      await menu.click();
      assert.equal(await menu.getAttribute('aria-expanded'), 'true');
      // The install bar waits for the cookie choices (together on a phone they hid the card).
      const reject = page.getByRole('button', { name: 'Reject non-essential' });
      if (await reject.count()) await reject.click();
      // The install offer, as the browser would make it (lib/pwa.ts holds it for the bar).
      await page.evaluate(() => {
        const offer = new Event('beforeinstallprompt', { cancelable: true });
        offer.prompt = async () => {};
        offer.userChoice = Promise.resolve({ outcome: 'dismissed', platform: 'web' });
        window.dispatchEvent(offer);
      });
      const install = page.getByRole('region', { name: 'Install app' });
      if (await page.locator('[data-island="InstallBar"]').count()) await install.waitFor();
      await page.context().setOffline(true);
      if (await page.locator('[data-island="ConnectivityBanner"]').count()) await page.getByText('Offline - Limited functionality').waitFor();
      await axe(page, 'phone, menu open, banners shown');
      await page.context().setOffline(false);
      await assertClean(page);
    } finally {
      await page.context().close();
    }
  });

  test('with a conversion result and a toast shown', async () => {
    const page = await openPage(ctx.browser, { viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(`${ctx.site.url}/length-converter`);
      await hydrateEverything(page);
      await page.getByRole('textbox', { name: 'Value' }).fill('5');
      await page.getByRole('button', { name: 'Reset' }).click();
      await page.getByRole('region', { name: 'Notifications' }).getByText('Reset').first().waitFor();
      await page.getByRole('textbox', { name: 'Value' }).fill('12.5');
      await axe(page, 'length converter with a result and a toast');
      await assertClean(page);
    } finally {
      await page.context().close();
    }
  });

  test('with the offline-rates banner shown on the currency converter', async () => {
    ctx.up.set('rates', () => [503, { result: 'error', 'error-type': 'unavailable' }]);
    const page = await openPage(ctx.browser, { viewport: { width: 1280, height: 900 } });
    try {
      // The edge serves every pair from the USD table it fetched at start, whatever the
      // upstream says now; the browser's own call failing is what puts the card offline.
      await page.route('**/api/rates/**', (r) => r.abort('failed'));
      await page.goto(`${ctx.site.url}/currency-converter`);
      await hydrateEverything(page);
      await chooseCurrency(page.getByRole('combobox', { name: 'From' }), 'CHF');
      await chooseCurrency(page.getByRole('combobox', { name: 'To' }), 'JPY');
      await page.getByRole('textbox', { name: 'Amount' }).or(page.getByRole('spinbutton', { name: 'Amount' })).fill('100');
      await page.getByRole('region', { name: 'Currency Converter' }).getByRole('status').filter({ hasText: 'Live rates are unavailable' }).waitFor();
      await page.getByText('Using offline rates', { exact: true }).waitFor();
      await axe(page, 'currency converter on offline rates');
      // Failed live calls are expected here; the page must not log anything else as an error.
      page.problems.splice(0, page.problems.length, ...page.problems.filter((p) => !/Failed to load resource: (.*50\d|net::ERR_FAILED)/.test(p)));
      await assertClean(page);
    } finally {
      ctx.up.set('rates', (base) => [200, { result: 'success', base_code: base, conversion_rates: defaultRates()[base] }]);
      await page.context().close();
    }
  });

  test('with the FAQ search finding nothing', async () => {
    const page = await openPage(ctx.browser, { viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(`${ctx.site.url}/faq`);
      await hydrateEverything(page);
      await page.getByRole('searchbox', { name: 'Search the FAQ' }).fill('zzzz-no-such-words');
      await page.getByText('No FAQs found matching your search.').waitFor();
      await axe(page, 'FAQ with no match');
      await assertClean(page);
    } finally {
      await page.context().close();
    }
  });

  for (const [name, heading] of [['Support Unitly', /Support/], ['Premium features', /Premium/]]) {
    test(`with the ${name} dialog open`, async () => {
      const page = await openPage(ctx.browser, { viewport: { width: 1280, height: 900 } });
      try {
        await page.goto(`${ctx.site.url}/`);
        await hydrateEverything(page);
        const opener = page.getByRole('button', { name, exact: true });
        assert.equal(await opener.count(), 1, `one '${name}' button on the home page`);
        await opener.click();
        const dialog = page.getByRole('dialog', { name: heading });
        await dialog.waitFor();
        await axe(page, `${name} dialog`);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
        await assertClean(page);
      } finally {
        await page.context().close();
      }
    });
  }
});

describe("axe-core: the forms' guarded states", () => {
  // Filled in before the site starts, once the fake newsletter list listens.
  const env = { FORM_SECRET: 'axe-form-secret-0b2e' };
  let list;
  const ctx = siteForFile({
    env,
    beforeStart: async () => {
      list = await fakeWebhook();
      env.SUBSCRIBE_WEBHOOK_URL = list.url;
    },
  });
  after(() => list?.close());

  test('the confirmation pages the newsletter link leads to', async () => {
    for (const path of ['/newsletter/confirm', '/newsletter/confirmed', '/newsletter/expired', '/newsletter/unavailable']) {
      const page = await openPage(ctx.browser, { viewport: { width: 1280, height: 900 } });
      try {
        const res = await page.goto(ctx.site.url + path);
        assert.equal(res.status(), 200, path);
        assert.equal(await page.locator('meta[name="robots"][content="noindex"]').count(), 1, `${path} stays out of search`);
        await hydrateEverything(page);
        await axe(page, path);
        await assertClean(page);
      } finally {
        await page.context().close();
      }
    }
  });

  test('the newsletter after subscribing, then both forms over the rate limit', async () => {
    const page = await openPage(ctx.browser, { viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(`${ctx.site.url}/blog`);
      await hydrateEverything(page);
      const box = page.getByRole('region', { name: 'Stay Updated' });
      await box.getByRole('textbox', { name: 'Email address' }).fill('reader@example.org');
      await box.getByRole('button', { name: 'Subscribe' }).click();
      await page.getByRole('region', { name: 'Notifications' }).getByText('Check your inbox to confirm').waitFor();
      // The pointer leaves the button it clicked: its hover colour is not the state under test.
      await page.mouse.move(0, 0);
      await axe(page, 'newsletter: check your inbox to confirm');
      // Use up this client's minute, then try again from the form.
      await box.getByRole('textbox', { name: 'Email address' }).fill('other@example.org');
      await page.waitForTimeout(3500); // the form's token is old enough: the next click posts at once
      await useUpMinute(ctx.site, '/api/subscribe');
      await box.getByRole('button', { name: 'Subscribe' }).click();
      await box.getByRole('alert').filter({ hasText: 'Too many attempts' }).waitFor();
      await page.mouse.move(0, 0);
      await axe(page, 'newsletter over the rate limit');

      await page.goto(`${ctx.site.url}/contact`);
      await hydrateEverything(page);
      const form = page.locator('form.contact-form');
      await form.getByRole('textbox', { name: 'Name' }).fill('Ada');
      await form.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
      await form.getByRole('combobox', { name: 'Subject' }).selectOption('bug');
      await form.getByRole('textbox', { name: 'Message' }).fill('Hello');
      await page.waitForTimeout(3500);
      await useUpMinute(ctx.site, '/api/contact');
      await form.getByRole('button', { name: 'Send Message' }).click();
      await form.getByRole('alert').filter({ hasText: 'Too many attempts' }).waitFor();
      await page.mouse.move(0, 0);
      await axe(page, 'contact form over the rate limit');
      page.problems.splice(0, page.problems.length, ...page.problems.filter((p) => !/Failed to load resource: .*(429|503)/.test(p)));
      await assertClean(page);
    } finally {
      await page.context().close();
    }
  });
});
