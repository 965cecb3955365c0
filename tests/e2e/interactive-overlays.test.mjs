// The floating support and premium buttons, their tooltips and modal dialogs (keyboard
// only), the install bar and the connectivity banner.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { siteForFile, waitForHydration } from './harness.mjs';
import { assertClean, focusedName, newPage, tabUntil, toast, waitForAllIslands } from './interactive-helpers.mjs';

const ctx = siteForFile();

async function ready(path = '/about', options = {}) {
  const page = await newPage(ctx.browser, options);
  await page.goto(ctx.site.url + path);
  await waitForAllIslands(page, ['FloatingActions', 'Toaster', 'ConnectivityBanner']);
  return page;
}

/** Focus on the floating button the way a keyboard user gets there: Tab. */
const tabToButton = (page, label) => tabUntil(page, (l) => document.activeElement?.getAttribute('aria-label') === l, label, 80);

const insideOpenDialog = (page) => page.evaluate(() => !!document.activeElement?.closest('dialog[open]'));

describe('Support and premium popups', () => {
  test('support popup, keyboard only: focus in, Escape, focus back, presets and a custom amount', async () => {
    const page = await ready();
    const dialog = page.getByRole('dialog', { name: 'Support Unitly' });
    assert.equal(await dialog.isVisible(), false);
    await tabToButton(page, 'Support Unitly');
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    assert.ok(await insideOpenDialog(page), 'focus moved into the dialog');
    assert.equal(await focusedName(page), 'Close');
    assert.match(await dialog.textContent(), /Payments are not enabled yet — nothing will be charged\./);
    for (const amount of ['$3', '$5', '$10', '$20']) assert.equal(await dialog.getByRole('button', { name: amount, exact: true }).count(), 1, amount);

    // The page behind is inert: Tab never leaves the dialog.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => (document.activeElement === document.body ? 'body' : document.activeElement?.closest('dialog[open]') ? 'dialog' : 'page'));
      assert.notEqual(where, 'page', `Tab #${i + 1} reached the page behind`);
    }
    assert.equal(await page.evaluate(() => document.querySelector('main a')?.matches(':focus')), false);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await focusedName(page), 'Support Unitly', 'focus returned to the opener');

    // A preset: closes, thanks with the amount.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabUntil(page, () => document.activeElement?.textContent === '$5');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    const thanks = toast(page, 'Thank you for your support! ❤️').filter({ hasText: 'Your $5 donation helps keep our converters free and fast.' });
    await thanks.waitFor();
    assert.equal(await focusedName(page), 'Support Unitly');

    // A custom amount is validated, then thanked as custom.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    const custom = dialog.getByRole('spinbutton', { name: 'Custom amount (US$)' });
    assert.equal(await custom.inputValue(), '', 'a fresh form each time');
    await tabUntil(page, () => document.activeElement?.id === 'fab-custom');
    await page.keyboard.type('0');
    await page.keyboard.press('Enter');
    assert.equal(await custom.getAttribute('aria-invalid'), 'true');
    assert.match(await dialog.textContent(), /The smallest amount is \$1\./);
    assert.equal(await dialog.isVisible(), true, 'stays open until the amount is valid');
    await custom.press('Backspace');
    await page.keyboard.type('7.50');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await toast(page, 'Thank you for your support! ❤️').filter({ hasText: 'Your custom donation helps keep our converters free and fast.' }).waitFor();

    // Maybe Later closes without thanks.
    const before = await toast(page, 'Thank you').count();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabUntil(page, () => document.activeElement?.textContent === 'Maybe Later');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await toast(page, 'Thank you').count(), before);
    await assertClean(page);
    await page.context().close();
  });

  test('premium popup: the teaser, Get Early Access and Continue Free', async () => {
    const page = await ready('/faq');
    const dialog = page.getByRole('dialog', { name: 'Unitly Premium' });
    await tabToButton(page, 'Premium features');
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    assert.ok(await insideOpenDialog(page));
    const text = await dialog.textContent();
    for (const words of ['$4.99/month', 'Custom conversion formulas', 'Export to PDF/Excel', 'Priority support', 'Premium is not available yet']) {
      assert.ok(text.includes(words), words);
    }
    // It sells only what no card gives free: the batch and its CSV are named as free.
    const sold = await dialog.locator('.premium-features strong').allTextContents();
    for (const free of [/batch/i, /csv/i, /every unit/i]) assert.ok(!sold.some((s) => free.test(s)), `${free} is free on every card, not a Premium feature`);
    assert.match(text, /Batch conversion, every unit at once and CSV downloads are free on every converter/);
    await tabUntil(page, () => document.activeElement?.textContent === 'Continue Free');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await focusedName(page), 'Premium features');
    assert.equal(await toast(page, 'Premium Features Coming Soon! 🚀').count(), 0);

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabUntil(page, () => document.activeElement?.textContent === 'Get Early Access');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await toast(page, 'Premium Features Coming Soon! 🚀').filter({ hasText: 'Get notified when premium features launch with exclusive early access.' }).waitFor();
    assert.equal(await focusedName(page), 'Premium features');

    // A click on the backdrop closes it too.
    await page.getByRole('button', { name: 'Premium features' }).click();
    await dialog.waitFor();
    await page.mouse.click(5, 5);
    await dialog.waitFor({ state: 'hidden' });
    await assertClean(page);
    await page.context().close();
  });

  test('the popups arrive with the first press: offline before it, the press says so and the next one opens', async () => {
    const page = await ready('/length-converter');
    assert.equal(await page.locator('dialog').count(), 0, 'no popup is in the page before a press');
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Support Unitly' }).click();
    await toast(page, 'Could not open', 'alert').filter({ hasText: 'Check your connection and try again.' }).waitFor();
    assert.equal(await page.locator('dialog').count(), 0);
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Premium features' }).click();
    const premium = page.getByRole('dialog', { name: 'Unitly Premium' });
    await premium.waitFor();
    await page.keyboard.press('Escape');
    await premium.waitFor({ state: 'hidden' });
    assert.equal(await focusedName(page), 'Premium features');
    // Both popups came in that one file: the other opens at once.
    await page.getByRole('button', { name: 'Support Unitly' }).click();
    await page.getByRole('dialog', { name: 'Support Unitly' }).waitFor();
    page.problems.splice(0, page.problems.length, ...page.problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(p)));
    await assertClean(page);
    await page.context().close();
  });

  test('tooltips: on hover after the open delay, at once within the skip delay, and on keyboard focus', async () => {
    const page = await ready();
    const support = page.getByRole('button', { name: 'Support Unitly' });
    const premium = page.getByRole('button', { name: 'Premium features' });
    const tipOf = async (button) => page.locator(`[id="${await button.getAttribute('aria-describedby')}"]`);
    const supportTip = await tipOf(support);
    const premiumTip = await tipOf(premium);
    assert.equal(await supportTip.getAttribute('role'), 'tooltip');
    assert.equal(await supportTip.isVisible(), false);

    // Hover: the tooltip waits (700 ms), measured in the page from the button's pointerenter
    // (not from this call: on a busy machine the hover itself may take a while to arrive).
    const shownAfter = (id) =>
      page.evaluate(
        (id) =>
          new Promise((resolve) => {
            let t0 = null;
            const el = document.getElementById(id);
            document.querySelector(`[aria-describedby="${id}"]`).addEventListener('pointerenter', () => (t0 ??= performance.now()), { once: true });
            new MutationObserver((_, obs) => {
              if (!el.hidden) {
                obs.disconnect();
                resolve(t0 === null ? -1 : performance.now() - t0);
              }
            }).observe(el, { attributes: true });
          }),
        id,
      );
    const first = shownAfter(await support.getAttribute('aria-describedby'));
    await support.hover();
    const delay = await first;
    assert.ok(delay >= 650, `opened after ${delay} ms`);
    assert.match(await supportTip.textContent(), /Support Unitly/);
    // Moving straight to the other button: no second wait.
    const second = shownAfter(await premium.getAttribute('aria-describedby'));
    await premium.hover();
    const skip = await second;
    assert.ok(skip >= 0 && skip < 600, `second tooltip after ${skip} ms`);
    assert.equal(await supportTip.isVisible(), false);
    await page.mouse.move(600, 300);
    await premiumTip.waitFor({ state: 'hidden' });

    // Keyboard focus shows it at once; Escape hides it.
    await page.mouse.move(600, 400);
    await page.waitForTimeout(350); // past the skip delay, so only focus can explain an instant tooltip
    await tabToButton(page, 'Premium features');
    await premiumTip.waitFor();
    await page.keyboard.press('Escape');
    await premiumTip.waitFor({ state: 'hidden' });
    await assertClean(page);
    await page.context().close();
  });
});

describe('Install bar', () => {
  const offer = (page, outcome) =>
    page.evaluate((outcome) => {
      const e = new Event('beforeinstallprompt', { cancelable: true });
      window.__prompted = 0;
      e.prompt = async () => {
        window.__prompted += 1;
      };
      e.userChoice = Promise.resolve({ outcome, platform: 'web' });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    }, outcome);

  test('held offer → bar; Later hides it for the visit; Install prompts and the offer is used once', async () => {
    const page = await ready();
    const setPreferences = (allowed) =>
      page.evaluate((allowed) => {
        const c = JSON.parse(localStorage.getItem('unitly-consent'));
        localStorage.setItem('unitly-consent', JSON.stringify({ ...c, choices: { ...c.choices, preferences: allowed } }));
      }, allowed);
    await setPreferences(true); // remembering 'Later' is a preference
    const bar = page.getByRole('region', { name: 'Install app' });
    assert.equal(await bar.count(), 0, 'no bar without an offer');
    assert.equal(await offer(page, 'accepted'), true, "the browser's own prompt is held back");
    await bar.waitFor();
    assert.match(await bar.textContent(), /Install Unitly for quick offline access/);
    await bar.getByRole('button', { name: 'Later' }).click();
    await bar.waitFor({ state: 'detached' });
    await offer(page, 'accepted');
    await page.reload();
    await waitForHydration(page);
    await offer(page, 'accepted');
    await waitForAllIslands(page, ['InstallBar']);
    assert.equal(await bar.count(), 0, 'Later holds for this visit');

    // Preferences withdrawn: the stored 'Later' goes with them, and the bar offers again.
    await setPreferences(false);
    await page.reload();
    await waitForHydration(page);
    assert.equal(await page.evaluate(() => sessionStorage.getItem('unitly-install-later')), null);
    await offer(page, 'accepted');
    await bar.waitFor();
    await setPreferences(true);

    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await waitForHydration(page);
    await offer(page, 'accepted');
    await bar.getByRole('button', { name: 'Install' }).click();
    await bar.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => window.__prompted), 1);

    // Dismissed in the browser's prompt: the offer is spent, so the bar goes too.
    await offer(page, 'dismissed');
    await bar.waitFor();
    await bar.getByRole('button', { name: 'Install' }).click();
    await bar.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => window.__prompted), 1);

    // Preferences declined: 'Later' hides the bar on this page but nothing is stored.
    await setPreferences(false);
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await waitForHydration(page);
    await offer(page, 'accepted');
    await bar.getByRole('button', { name: 'Later' }).click();
    await bar.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => sessionStorage.getItem('unitly-install-later')), null);
    await assertClean(page);
    await page.context().close();
  });

  test('keyboard: Later and Install leave the focus where it was before the bar, not on <body>', async () => {
    const page = await ready('/length-converter');
    const bar = page.getByRole('region', { name: 'Install app' });
    const isFocused = (locator) => locator.evaluate((el) => el === document.activeElement);
    /** Tabs to the bar's button `name`; the control the focus was on before the bar, by its role and name. */
    const tabToBar = async (name) => {
      await tabUntil(
        page,
        (name) => {
          const el = document.activeElement;
          if (!el?.closest('[aria-label="Install app"]')) window.__beforeBar = el;
          return el?.closest('[aria-label="Install app"]') && el.textContent.trim() === name;
        },
        name,
        300,
      );
      const before = await page.evaluate(() => {
        const el = window.__beforeBar;
        return { role: { A: 'link', BUTTON: 'button' }[el.tagName], name: el.getAttribute('aria-label') || el.textContent.trim() };
      });
      assert.ok(before.role && before.name, `a named link or button comes before the bar: ${JSON.stringify(before)}`);
      return page.getByRole(before.role, { name: before.name, exact: true });
    };

    await offer(page, 'accepted');
    await bar.waitFor();
    let link = await tabToBar('Later');
    await page.keyboard.press('Enter');
    await bar.waitFor({ state: 'detached' });
    assert.ok(await isFocused(link), 'after Later: back where the focus was before the bar');

    for (const outcome of ['dismissed', 'accepted']) {
      await page.evaluate(() => sessionStorage.clear());
      await page.reload();
      await waitForHydration(page);
      await offer(page, outcome);
      await bar.waitFor();
      link = await tabToBar('Install');
      await page.keyboard.press('Enter');
      await bar.waitFor({ state: 'detached' });
      assert.equal(await page.evaluate(() => window.__prompted), 1);
      assert.ok(await isFocused(link), `after Install (${outcome}): back where the focus was before the bar`);
    }
    await assertClean(page);
    await page.context().close();
  });

  test('a first visit on a phone: the bar waits until the cookie banner is answered, so the two never cover a converter together', async () => {
    const page = await newPage(ctx.browser, { consent: false, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto(`${ctx.site.url}/length-converter`);
    await waitForAllIslands(page, ['ConsentBanner']);
    const banner = page.getByRole('region', { name: 'Cookies on Unitly' });
    await banner.waitFor();
    await offer(page, 'accepted');
    const bar = page.getByRole('region', { name: 'Install app' });
    await page.waitForTimeout(300);
    assert.equal(await bar.count(), 0, 'no install bar over the cookie banner');
    assert.equal(await page.locator('[data-island="InstallBar"][data-hydrated]').count(), 0, "the bar's code waits for the answer too");
    await banner.getByRole('button', { name: 'Reject non-essential' }).click();
    await bar.waitFor();
    await assertClean(page);
    await page.context().close();
  });

  test('the manifest makes the site installable: name, start URL, PNG icons 192 and 512', async () => {
    const manifest = await (await fetch(`${ctx.site.url}/manifest.webmanifest`)).json();
    assert.equal(manifest.short_name, 'Unitly');
    assert.equal(manifest.start_url, '/');
    assert.equal(manifest.display, 'standalone');
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png' && i.purpose.includes('any'));
      assert.ok(icon, size);
      const r = await fetch(ctx.site.url + icon.src);
      assert.equal(r.status, 200);
      const png = Buffer.from(await r.arrayBuffer());
      assert.equal(png.subarray(1, 4).toString(), 'PNG');
      assert.equal(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, size, 'the PNG really is that size');
    }
    assert.ok(manifest.icons.some((i) => i.purpose === 'maskable'));
  });
});

describe('Connectivity banner', () => {
  test('offline: red banner that stays; back online: green banner, then it goes', async () => {
    const page = await ready('/length-converter');
    const status = page.locator('.connectivity[role="status"]');
    assert.equal((await status.textContent()).trim(), '', 'nothing shown while online');
    await page.context().setOffline(true);
    const offline = status.getByText('Offline - Limited functionality');
    await offline.waitFor();
    assert.match(await offline.getAttribute('class'), /connectivity-offline/);
    await page.context().setOffline(false);
    const online = status.getByText('Online - All features available');
    await online.waitFor();
    assert.match(await online.getAttribute('class'), /connectivity-online/);
    assert.equal(await offline.count(), 0);
    await online.waitFor({ state: 'detached', timeout: 10_000 });
    // What the page asked for while the browser was offline (a chunk hydrating late on a busy
    // machine, the market banner's refresh) fails with the browser's own console line: the
    // offline state under test, not an error of the page.
    page.problems.splice(0, page.problems.length, ...page.problems.filter((p) => !/ERR_INTERNET_DISCONNECTED/.test(p)));
    await assertClean(page);
    await page.context().close();
  });
});
