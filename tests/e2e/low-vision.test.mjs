// Low vision: browser zoom at 200 and 400 % (a 1280 × 720 window is 640 × 360 and 320 × 180
// CSS px; WCAG's reference for 400 % is 320 × 256), forced colours (Windows High Contrast),
// wider text spacing (WCAG 1.4.12) and reduced motion. What is pressed or focused stays in
// sight, what is selected stays distinguishable, and nothing is cut off.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { siteForFile, waitForHydration } from './harness.mjs';
import { finish, newPage, waitForAllIslands } from './interactive-helpers.mjs';

const ctx = siteForFile();

async function visit(path, options = {}) {
  const page = await newPage(ctx.browser, options);
  await page.goto(ctx.site.url + path);
  await waitForHydration(page);
  return page;
}

/** Why `locator`'s element is not fully in sight (covered at its centre or corners, or out of the window), or ''. */
function notInSight(locator) {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.top < 0 || r.bottom > window.innerHeight) return `out of the window (${Math.round(r.top)}–${Math.round(r.bottom)})`;
    const points = [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + 3, r.top + 3],
      [r.right - 3, r.top + 3],
      [r.left + 3, r.bottom - 3],
      [r.right - 3, r.bottom - 3],
    ];
    for (const [x, y] of points) {
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(hit === el || el.contains(hit))) return `covered at ${Math.round(x)},${Math.round(y)} by ${hit?.closest('[class]')?.className ?? 'nothing'}`;
    }
    return '';
  });
}

test('400 % zoom: after Copy and then Reset, one toast shows and the pressed Reset stays in sight', async () => {
  const page = await visit('/length-converter/feet-to-meters', { viewport: { width: 320, height: 256 }, permissions: ['clipboard-read', 'clipboard-write'] });
  await waitForAllIslands(page, ['Toaster']);
  await page.getByRole('textbox', { name: 'Value' }).fill('5');
  await page.getByRole('button', { name: 'Copy' }).focus();
  await page.keyboard.press('Enter');
  await page.getByText('Copied!').waitFor();
  const reset = page.getByRole('button', { name: 'Reset' });
  await reset.focus();
  await page.keyboard.press('Enter');
  await page.locator('.toast-title', { hasText: /Reset/ }).waitFor();
  const shown = await page.locator('.toaster li').evaluateAll((items) => items.filter((li) => li.getBoundingClientRect().height > 0).length);
  assert.equal(shown, 1, 'only the newest toast is drawn');
  assert.equal(await reset.evaluate((el) => el === document.activeElement), true);
  assert.equal(await notInSight(reset), '');
  await finish(page);
});

test('reduced motion: a Recent Conversion re-run jumps to the card instead of scrolling smoothly', async () => {
  const page = await visit('/length-converter/feet-to-meters', { viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce' });
  await page.getByRole('textbox', { name: 'Value' }).fill('5');
  const entry = page.getByRole('region', { name: 'Recent Conversions' }).getByRole('button', { name: /^Length 5 ft to/ });
  await entry.waitFor();
  await entry.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 400));
  const before = await page.evaluate(() => window.scrollY);
  await entry.click();
  // Two frames after the click: a smooth scroll is still on its way (it takes ~300 ms).
  const [soon, later] = await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    await frame();
    await frame();
    const soon = window.scrollY;
    await new Promise((r) => setTimeout(r, 600));
    return [soon, window.scrollY];
  });
  assert.notEqual(later, before, 'the card came into view');
  assert.equal(soon, later, `scrolled smoothly: ${before} → ${soon} → ${later}`);
  await finish(page);
});

