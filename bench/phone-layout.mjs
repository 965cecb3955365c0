#!/usr/bin/env node
// Phone-layout benchmark (prints figures; never a test): on every converter page, a first
// visit (nothing stored) at 390×844 and 360×640, which of the card's controls are on the
// first screen and uncovered (Value or Amount, From, To and Result at 390×844; Value at
// 360×640: 70 checks over the 14 pages), the consent banner's share of the screen, and on
// every page at 320 px how far it scrolls sideways. With --screenshots DIR it also saves
// what a first-time visitor sees on /length-converter and /currency-converter at both sizes.
//
//   cargo build --release && node bench/phone-layout.mjs [--screenshots bench/screenshots --prefix after]
//
// Runs the real `unitly serve` with the edge function on fake upstreams and Debian's
// Chromium; needs tests/e2e's npm packages (npm ci in tests/e2e).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fakeUpstreams, launchBrowser, openPage, routesOf, startSite, waitForHydration } from '../tests/e2e/harness.mjs';
import { PHONES, bannerShare, cardControls, isConverterPage, onFirstScreen, overflowingElements, sidewaysOverflow } from '../tests/e2e/phone-lib.mjs';

const arg = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const shotsDir = arg('--screenshots');
const prefix = arg('--prefix') ?? 'shot';
const SHOT_PAGES = ['/length-converter', '/currency-converter'];

const upstreams = await fakeUpstreams();
const [site, browser] = await Promise.all([startSite({ env: upstreams.env }), launchBrowser()]);
const mobile = (w, h) => ({ viewport: { width: w, height: h }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, serviceWorkers: 'block' });

try {
  const routes = await routesOf(site);
  const converters = routes.filter(isConverterPage);
  let passed = 0;
  let total = 0;
  const failures = [];
  const shares = Object.fromEntries(PHONES.map((p) => [p.name, []]));

  for (const phone of PHONES) {
    for (const path of converters) {
      const page = await openPage(browser, mobile(phone.width, phone.height));
      await page.goto(site.url + path);
      await waitForHydration(page);
      await page.evaluate(() => document.fonts.ready);
      shares[phone.name].push(await bannerShare(page));
      const controls = cardControls(page);
      for (const key of phone.controls) {
        total++;
        const r = await onFirstScreen(controls[key]);
        if (r.ok) passed++;
        else failures.push(`${phone.name} ${path} ${key}: ${r.why}`);
      }
      if (shotsDir && SHOT_PAGES.includes(path)) {
        mkdirSync(shotsDir, { recursive: true });
        const file = join(shotsDir, `${prefix}-${path.slice(1)}-${phone.width}x${phone.height}.png`);
        await page.screenshot({ path: file });
        console.log(`screenshot ${file}`);
      }
      await page.context().close();
    }
  }

  const overflow = [];
  for (const path of [...routes, '/no-such-page']) {
    const page = await openPage(browser, mobile(320, 640));
    await page.goto(site.url + path);
    await waitForHydration(page);
    const px = await sidewaysOverflow(page);
    if (px > 0) overflow.push(`${path}: ${320 + px} px wide (${(await overflowingElements(page, 3)).join('; ')})`);
    await page.context().close();
  }

  const pct = (xs) => `${(Math.min(...xs) * 100).toFixed(1)}–${(Math.max(...xs) * 100).toFixed(1)} %`;
  console.log(`\n${converters.length} converter pages, first visit, consent banner showing`);
  console.log(`controls visible and uncovered: ${passed} of ${total}`);
  for (const phone of PHONES) console.log(`consent banner at ${phone.name}: ${pct(shares[phone.name])} of the screen height (budget ${phone.bannerBudget * 100} %)`);
  for (const f of failures) console.log(`  ✗ ${f}`);
  console.log(`\npages scrolling sideways at 320 px: ${overflow.length} of ${routes.length + 1}`);
  for (const o of overflow) console.log(`  ✗ ${o}`);
} finally {
  await browser.close();
  await site.stop();
  await upstreams.close();
}
