#!/usr/bin/env node
// Batch-box benchmark (prints figures; never a test): on /length-converter, pastes into
// *Values, one per line* (through the clipboard, Ctrl+V) 300,000 short lines, then 1,000
// heavy lines (sums of 30 fractions in feet, up to 450 characters, exact over BigInt), then types
// one more line under the heavy ones, and reports for each: the longest main-thread task
// (PerformanceObserver "longtask"), the longest gap between animation frames, and the time
// until the table shows the converted lines.
//
//   cargo build --release && node bench/batch.mjs
//
// Runs the real `unitly serve` and Debian's Chromium; needs tests/e2e's npm packages.
import { launchBrowser, openPage, startSite, waitForHydration } from '../tests/e2e/harness.mjs';

const SHORT = Array.from({ length: 300_000 }, (_, i) => String(i % 1000)).join('\n');
const heavyLine = (i) => Array.from({ length: 30 }, (_, k) => `${k + 1 + i}/${k + 2 + i} ft`).join(' + ');
const HEAVY = Array.from({ length: 1000 }, (_, i) => heavyLine(i)).join('\n');

const site = await startSite();
const browser = await launchBrowser();

/** Pastes `text` over the box's contents through the clipboard (Ctrl+A, Ctrl+V). */
async function paste(page, box, text) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await box.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+V');
}

/** Runs `act` and measures until the summary says `done` (a RegExp). */
async function measure(page, act, done) {
  await page.evaluate(() => {
    window.__tasks = [];
    window.__gaps = [];
    new PerformanceObserver((list) => window.__tasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask', buffered: false });
    let last = performance.now();
    window.__stop = false;
    const frame = (t) => {
      window.__gaps.push(t - last);
      last = t;
      if (!window.__stop) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    window.__start = performance.now();
  });
  await act();
  await page.waitForFunction((re) => new RegExp(re).test(document.querySelector('.batch .field-hint')?.textContent ?? ''), done.source, { timeout: 120_000 });
  return page.evaluate(() => {
    window.__stop = true;
    return {
      ms: Math.round(performance.now() - window.__start),
      longestTask: Math.round(Math.max(0, ...window.__tasks)),
      longestFrameGap: Math.round(Math.max(0, ...window.__gaps)),
      tasks: window.__tasks.map(Math.round).join(" "),
    };
  });
}

try {
  const page = await openPage(browser, { viewport: { width: 1280, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
  await page.goto(`${site.url}/length-converter`);
  await waitForHydration(page);
  await page.getByText('Batch conversion', { exact: true }).click();
  const box = page.getByRole('textbox', { name: 'Values, one per line' });
  await box.waitFor();
  const rows = [];
  rows.push(['paste 300,000 short lines', await measure(page, () => paste(page, box, SHORT), /^1,000 lines converted.*299,000 more lines/)]);
  rows.push(['paste 1,000 heavy lines', await measure(page, () => paste(page, box, HEAVY), /^1,000 lines converted/)]);
  await box.press('Control+End');
  rows.push(['type a line under them', await measure(page, () => box.press('Enter').then(() => box.pressSequentially('5 ft')), /^1,000 lines converted/)]);
  const load = (await import('node:os')).loadavg()[0].toFixed(2);
  console.log(`batch box, load average ${load}:`);
  for (const [what, r] of rows) console.log(`  ${what}: table in ${r.ms} ms, longest task ${r.longestTask} ms, longest frame gap ${r.longestFrameGap} ms (tasks: ${r.tasks})`);
} finally {
  await browser.close();
  await site.stop();
}
