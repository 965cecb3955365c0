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
  // Copy is enabled once there is a result (the conversion's chunk loads on first use).
  await page.getByRole('status', { name: 'Result' }).filter({ hasText: '1.524 m' }).waitFor();
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

test('200 % zoom offline: the offline pill never covers the control the keyboard brings into view', async () => {
  const page = await visit('/length-converter/feet-to-meters', { viewport: { width: 640, height: 360 } });
  await waitForAllIslands(page, ['ConnectivityBanner']);
  await page.context().setOffline(true);
  await page.getByText('Offline - Limited functionality').waitFor();
  // Forward through the card's controls and the pair links after it, then back: a control
  // brought in from above lands at the top of the window, below the sticky header.
  await page.getByRole('textbox', { name: 'Value' }).focus();
  for (let i = 0; i < 24; i++) {
    await page.keyboard.press(i < 12 ? 'Tab' : 'Shift+Tab');
    const focused = page.locator(':focus');
    const name = await focused.evaluate((el) => el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? el.tagName);
    const pill = await page.locator('.connectivity-banner').boundingBox();
    const box = await focused.boundingBox();
    const overlaps = box && pill && box.y < pill.y + pill.height && pill.y < box.y + box.height && box.x < pill.x + pill.width && pill.x < box.x + box.width;
    assert.ok(!overlaps, `${name} (${JSON.stringify(box)}) is under the offline pill (${JSON.stringify(pill)})`);
  }
  await page.context().setOffline(false);
  await page.context().close();
});

test('400 % zoom: the currency Amount hint is read whole on the narrow card', async () => {
  const page = await visit('/currency-converter', { viewport: { width: 320, height: 256 } });
  await page.getByRole('textbox', { name: 'Amount' }).fill('1,234');
  const hint = page.locator('.currency-card .converter-message.is-beside p').filter({ hasText: 'Read as' });
  await hint.waitFor();
  assert.match(await hint.textContent(), /thousands\)$/);
  const fits = await hint.evaluate((p) => {
    const box = p.closest('.converter-message').getBoundingClientRect();
    const text = p.getBoundingClientRect();
    return p.scrollHeight <= p.clientHeight + 1 && text.bottom <= box.bottom + 1;
  });
  assert.equal(fits, true, 'the hint is not cut off');
  await finish(page);
});

test('forced colours: the pressed FAQ chip and chart range stand out, and the chart is drawn in system colours', async () => {
  for (const colorScheme of ['dark', 'light']) {
    const page = await visit('/faq', { viewport: { width: 1280, height: 900 }, colorScheme, forcedColors: 'active' });
    const chip = page.getByRole('button', { name: 'General' });
    await chip.click();
    await page.getByRole('searchbox').focus(); // the chip's look without its focus ring
    const look = (locator) => locator.evaluate((el) => ['backgroundColor', 'color', 'borderColor'].map((k) => getComputedStyle(el)[k]).join(' '));
    assert.equal(await chip.getAttribute('aria-pressed'), 'true');
    const other = page.getByRole('button', { name: 'Currency' });
    assert.equal(await other.getAttribute('aria-pressed'), 'false');
    assert.notEqual(await look(chip), await look(other), `${colorScheme}: the pressed chip looks like the others`);
    await finish(page);

    const currency = await visit('/currency-converter', { viewport: { width: 1280, height: 900 }, colorScheme, forcedColors: 'active' });
    const history = currency.getByRole('region', { name: 'USD to EUR history' });
    await history.scrollIntoViewIfNeeded();
    await history.getByRole('img', { name: /^Chart: USD to EUR from / }).waitFor();
    const year = history.getByRole('button', { name: '1 year' });
    assert.equal(await year.getAttribute('aria-pressed'), 'true');
    assert.notEqual(await look(year), await look(history.getByRole('button', { name: '1 month' })), `${colorScheme}: the pressed range looks like the others`);
    const strokes = await currency.evaluate(() => {
      const text = getComputedStyle(document.body).color;
      return { line: getComputedStyle(document.querySelector('.rate-history-line')).stroke, text };
    });
    assert.equal(strokes.line, strokes.text, `${colorScheme}: the chart's line is drawn in the page's text colour`);
    await finish(currency);
  }
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

test('the cooking card shows every ingredient whole in its menu at 100 % on a desktop window', async () => {
  const page = await visit('/cooking-converter', { viewport: { width: 1280, height: 900 } });
  const select = page.getByRole('combobox', { name: 'Ingredient' });
  const cut = await select.evaluate((el) => {
    const style = getComputedStyle(el);
    const ctx2d = document.createElement('canvas').getContext('2d');
    ctx2d.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    // The text's room: the box less its padding and the menu arrow (about 1.5em).
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 1.5 * parseFloat(style.fontSize);
    return [...el.options].filter((o) => ctx2d.measureText(o.text).width > room).map((o) => o.text);
  });
  assert.deepEqual(cut, [], 'options cut off in the closed menu');
  await finish(page);
});

test('400 % zoom, first visit: the floating buttons stay off the cookie banner; wider text spacing cuts nothing off the market banner', async () => {
  const page = await visit('/length-converter', { consent: false, viewport: { width: 320, height: 256 } });
  await waitForAllIslands(page, ['ConsentBanner', 'FloatingActions']);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(100);
  const banner = await page.getByRole('region', { name: 'Cookies on Unitly' }).boundingBox();
  for (const name of ['Premium features', 'Support Unitly']) {
    const button = await page.getByRole('button', { name }).boundingBox();
    assert.ok(button.y + button.height <= banner.y + 0.5, `${name} (${button.y}–${button.y + button.height}) is on the banner (from ${banner.y})`);
  }
  await page.context().close();

  const spaced = await newPage(ctx.browser, { viewport: { width: 320, height: 640 }, bypassCSP: true });
  await spaced.goto(ctx.site.url + '/length-converter');
  await waitForHydration(spaced);
  await spaced.addStyleTag({ content: '* { line-height: 1.5 !important; letter-spacing: .12em !important; word-spacing: .16em !important } p { margin-bottom: 2em !important }' });
  await spaced.locator('.market-values').waitFor();
  const clipped = await spaced.locator('.market-item').evaluateAll((items) => {
    const row = items[0].closest('.market-row').getBoundingClientRect();
    return items.filter((el) => {
      const r = el.getBoundingClientRect();
      return r.left < row.left - 0.5 || r.right > row.right + 0.5 || r.top < row.top - 0.5 || r.bottom > row.bottom + 0.5;
    }).map((el) => el.textContent);
  });
  assert.deepEqual(clipped, [], 'market figures outside the banner');
  await spaced.context().close();
});

test('400 % zoom: a source URL pasted in an article and a long word in an excerpt wrap instead of widening the page', async () => {
  const url = 'https://www.nist.gov/system/files/documents/2019/05/14/nist_special_publication_811_2008_edition.pdf';
  const word = 'Einheitenverordnungsänderungsbekanntmachung';
  const widths = {};
  for (const [path, grow] of [
    // What an editor writes: a source's address on a line of its own (CommonMark does not link it).
    ['/blog/conversion-tips', (text) => document.querySelector('.prose').insertAdjacentHTML('beforeend', `<p>Source: ${text}</p>`)],
    // Every article card's excerpt (the featured one and the grid's on /blog, the Learning Center's on /).
    ['/blog', (text) => document.querySelectorAll('.card h3 + p').forEach((p) => (p.textContent = text))],
    ['/', (text) => document.querySelectorAll('.card h3 + p').forEach((p) => (p.textContent = text))],
  ]) {
    const page = await visit(path, { viewport: { width: 320, height: 256 } });
    await page.evaluate(grow, path === '/blog/conversion-tips' ? url : word);
    widths[path] = await page.evaluate(() => document.documentElement.scrollWidth);
    await finish(page);
  }
  assert.deepEqual(widths, { '/blog/conversion-tips': 320, '/blog': 320, '/': 320 });
});
