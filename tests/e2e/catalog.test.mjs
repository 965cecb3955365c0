// The home page and the header's menu with fifty unit categories: a copy of the site with
// as many more generated as content as make fifty (ten units each, five groups). On a phone at 320 px
// the home page lists every category without scrolling sideways, and the menu opens from
// the keyboard and reaches the last category by Tab; on a wide screen "All converters" does
// the same beside the header's links. (tests/catalog.rs checks the sizes and the props.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, openPage, siteCopy, siteForFile, waitForHydration } from './harness.mjs';

/** The site's own unit categories (content/units.yaml), and as many generated as make fifty. */
const REAL = [...readFileSync(join(ROOT, 'content/units.yaml'), 'utf8').matchAll(/^ {2}[a-z0-9_]+:\n {4}label:/gm)].length;
const GENERATED = 50 - REAL;
/** The converters that are no category of units.yaml: currency, and cooking by ingredient. */
const OTHERS = 1 + (existsSync(join(ROOT, 'content/ingredients.yaml')) ? 1 : 0);
const GROUPS = ['everyday', 'science', 'engineering', 'digital', 'cooking'];
/** Two letters for i (unit words hold no digits). */
const code = (i) => String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26));
const label = (i) => `Generated Quantity ${code(i)}`;

function grow(dir) {
  const edit = (rel, fn) => writeFileSync(join(dir, rel), fn(readFileSync(join(dir, rel), 'utf8')));
  const categories = Array.from({ length: GENERATED }, (_, i) => {
    const c = code(i);
    const units = Array.from({ length: 10 }, (_, u) =>
      `      - { key: gq${c}_unit_${code(u)}, name: Unit ${code(u)} of ${c} (g${c}${code(u)}), symbol: g${c}${code(u)}, system: metric, factor: "${u + 1}/3" }\n`).join('');
    return `  gq${c}:\n    label: ${label(i)}\n    group: ${GROUPS[i % GROUPS.length]}\n    base: gq${c}_unit_ac\n    precision: 6\n    default: { from: gq${c}_unit_aa, to: gq${c}_unit_af }\n    units:\n${units}\n`;
  }).join('');
  edit('content/units.yaml', (t) => t.replace('\ncurrencies:\n', `\n${categories}currencies:\n`));
  const page = readFileSync(join(dir, 'content/converters/area.md'), 'utf8');
  edit('content/routes.yaml', (t) => {
    const start = t.indexOf('  - path: /area-converter\n');
    const area = t.slice(start, t.indexOf('\n\n', start) + 2);
    const added = Array.from({ length: GENERATED }, (_, i) => area
      .replaceAll('/area-converter', `/gq${code(i)}-converter`).replace('converters/area.md', `converters/gq${code(i)}.md`)
      .replace('short_label: Area', `short_label: ${label(i)}`).replace(/label: .*/, `label: ${label(i)} Converter`)
      .replace(/title: .*/, `title: ${label(i)} Converter | Unitly`).replace(/heading: .*/, `heading: ${label(i)} Converter`)).join('');
    return t.replace(area, area + added);
  });
  for (let i = 0; i < GENERATED; i++) {
    writeFileSync(join(dir, `content/converters/gq${code(i)}.md`), page.replace('category: area', `category: gq${code(i)}`)
      .replace('preset: { from: square_meters, to: square_feet }', `preset: { from: gq${code(i)}_unit_aa, to: gq${code(i)}_unit_af }`));
  }
}

const root = siteCopy(grow);
const ctx = siteForFile({ root, removeRoot: true });
const LAST = label(GENERATED - 1);

async function visit(path, viewport) {
  const page = await openPage(ctx.browser, { viewport });
  await page.goto(ctx.site.url + path);
  await waitForHydration(page);
  return page;
}

test('at 320 px the home page lists all fifty categories, grouped, without scrolling sideways', async () => {
  const page = await visit('/', { width: 320, height: 640 });
  const all = page.getByRole('region', { name: 'All Converters' });
  for (const group of ['Everyday', 'Science', 'Engineering', 'Digital', 'Cooking']) {
    assert.ok(await all.getByRole('heading', { name: group, level: 3 }).isVisible(), group);
  }
  const tiles = all.getByRole('link');
  assert.equal(await tiles.count(), 50 + OTHERS, 'fifty categories, currency and cooking');
  assert.ok(await all.getByRole('link', { name: new RegExp(`^${LAST}`) }).isVisible());
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll');
  // The quick converters stay usable on the page.
  const card = page.getByRole('region', { name: 'Length Converter' });
  await card.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('[data-island="ConverterCard"]')?.dataset.hydrated === 'true');
  await card.getByLabel('Value').fill('5');
  await page.waitForFunction(() => document.getElementById('length-converter-result')?.textContent.replace(/\s+/g, ' ').trim() === '16.404199 ft');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('at 320 px the menu opens from the keyboard and Tab reaches the last of fifty categories', async () => {
  const page = await visit('/length-converter', { width: 320, height: 640 });
  const menu = page.getByRole('button', { name: 'Menu' });
  // Tab from the top of the page to the menu button.
  for (let i = 0; i < 30 && !(await menu.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  assert.ok(await menu.evaluate((el) => el === document.activeElement), 'Tab reaches the Menu button');
  await page.keyboard.press('Enter');
  assert.equal(await menu.getAttribute('aria-expanded'), 'true');
  const panel = page.getByRole('navigation', { name: 'Menu' });
  assert.ok(await panel.isVisible());
  assert.equal(await panel.getByRole('link').count(), 50 + OTHERS + 1, 'fifty categories, currency, cooking and the blog');
  const last = panel.getByRole('link', { name: LAST });
  for (let i = 0; i < 60 && !(await last.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  assert.ok(await last.evaluate((el) => el === document.activeElement), 'Tab reaches the last category');
  const box = await last.boundingBox();
  assert.ok(box && box.y >= 0 && box.y + box.height <= 640, `the focused link is in view (${JSON.stringify(box)})`);
  // Escape closes the menu and gives the focus back to its button.
  await page.keyboard.press('Escape');
  assert.equal(await menu.getAttribute('aria-expanded'), 'false');
  assert.equal(await panel.isVisible(), false);
  assert.ok(await menu.evaluate((el) => el === document.activeElement), 'focus returns to the button');
  // Open again and follow the last category.
  await page.keyboard.press('Enter');
  await last.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/gq${code(GENERATED - 1)}-converter`);
  assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), `${LAST} Converter`);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('on a wide screen "All converters" sits beside the header links and lists every category', async () => {
  const page = await visit('/', { width: 1280, height: 900 });
  const header = page.getByRole('banner');
  assert.ok(await header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Length' }).isVisible());
  const button = header.getByRole('button', { name: 'All converters' });
  await button.focus();
  await page.keyboard.press('Space');
  assert.equal(await button.getAttribute('aria-expanded'), 'true');
  const panel = page.getByRole('navigation', { name: 'Menu' });
  assert.equal(await panel.getByRole('link', { name: 'Blog' }).isVisible(), false, 'the header links are not repeated on a wide screen');
  assert.ok(await panel.getByRole('link', { name: LAST }).isVisible());
  // Pressing anywhere outside closes it.
  await page.locator('main').dispatchEvent('pointerdown');
  assert.equal(await button.getAttribute('aria-expanded'), 'false');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
