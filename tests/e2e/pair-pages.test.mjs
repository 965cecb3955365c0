// A page per unit pair (/length-converter/feet-to-meters): its card starts on the pair,
// converts, and keeps the page's own address with ?value=; the answer and the table are in
// the HTML before any script; the category page and its index link the pairs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, siteForFile, waitForHydration } from './harness.mjs';

const ctx = siteForFile();

async function visit(path, { javaScript = true } = {}) {
  const page = await openPage(ctx.browser, { serviceWorkers: 'block', javaScriptEnabled: javaScript });
  await page.addInitScript(() => {
    const choices = { essential: true, preferences: false, analytics: false, advertising: false };
    localStorage.setItem('unitly-consent', JSON.stringify({ version: 1, choices, time: new Date().toISOString() }));
  });
  await page.goto(ctx.site.url + path);
  if (javaScript) await waitForHydration(page);
  return page;
}

const resultOf = async (card) => {
  await card.locator('output[aria-busy="true"]').waitFor({ state: 'detached' });
  return (await card.getByRole('status', { name: 'Result' }).textContent()).replace(/\s+/g, ' ').trim();
};

test('a pair page: the card starts on its pair, converts, and keeps the page address with ?value=', async () => {
  const page = await visit('/length-converter/feet-to-meters');
  assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Feet to Meters');
  const card = page.getByRole('region', { name: 'Length Converter' });
  assert.equal(await card.getByRole('combobox', { name: 'From' }).inputValue(), 'feet');
  assert.equal(await card.getByRole('combobox', { name: 'To' }).inputValue(), 'meters');
  await card.getByRole('textbox', { name: 'Value' }).fill('5 ft 11 in');
  await card.getByRole('status', { name: 'Result' }).filter({ hasText: 'm' }).waitFor();
  assert.equal(await resultOf(card), '1.8034 m');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('value') === '5 ft 11 in');
  assert.equal(new URL(page.url()).pathname, '/length-converter/feet-to-meters', 'the pair page keeps its own address');

  // The address shared: the same page opens with the value converted.
  const shared = await visit(`/length-converter/feet-to-meters?value=${encodeURIComponent('1000')}`);
  const sharedCard = shared.getByRole('region', { name: 'Length Converter' });
  assert.equal(await sharedCard.getByRole('textbox', { name: 'Value' }).inputValue(), '1000');
  await sharedCard.getByRole('status', { name: 'Result' }).filter({ hasText: '304.8' }).waitFor();
  assert.equal(await resultOf(sharedCard), '304.8 m');
  assert.deepEqual(page.problems, []);
  assert.deepEqual(shared.problems, []);
  await page.context().close();
  await shared.context().close();
});

test('the trades’ units have pair pages whose cards read their spellings: pump head, vacuum microns, MBH, fpm, cfh, daN·m', async () => {
  // [page, card, typed, result]: each unit was missing before (review of trades, items 5, 6).
  const cases = [
    ['/pressure-converter/feet-of-water-to-psi', 'Pressure Converter', '10 feet of head', '4.335275 psi'],
    ['/pressure-converter/microns-of-mercury-to-pascals', 'Pressure Converter', '500 microns', '66.661194 Pa'],
    ['/pressure-converter/meters-of-water-to-bars', 'Pressure Converter', '5 mWC', '0.490333 bar'],
    ['/power-converter/mbh-to-kilowatts', 'Power Converter', '100 MBH', '29.307107 kW'],
    ['/speed-converter/feet-per-minute-to-meters-per-second', 'Speed Converter', '800 fpm', '4.064 m/s'],
    ['/flow-rate-converter/cubic-feet-per-hour-to-liters-per-minute', 'Flow Rate Converter', '10 cfh', '4.719474 L/min'],
    ['/torque-converter/decanewton-meters-to-newton-meters', 'Torque Converter', '2.5 daN·m', '25 N·m'],
  ];
  for (const [path, name, typed, want] of cases) {
    const page = await visit(path);
    const card = page.getByRole('region', { name });
    await card.getByRole('textbox', { name: 'Value' }).fill(typed);
    await card.getByRole('status', { name: 'Result' }).filter({ hasText: want }).waitFor();
    assert.equal(await resultOf(card), want, `${path}: ${typed}`);
    assert.deepEqual(page.problems, [], path);
    await page.context().close();
  }
});

test('a pair page whose pair changes names the page of the pair the card shows, never its own with another pair', async () => {
  const page = await visit('/length-converter/feet-to-meters?value=5');
  const card = page.getByRole('region', { name: 'Length Converter' });
  await card.getByRole('status', { name: 'Result' }).filter({ hasText: '1.524 m' }).waitFor();
  const length = await page.evaluate(() => history.length);
  const address = () => page.evaluate(() => location.pathname + location.search);
  const becomes = (want) => page.waitForFunction((w) => location.pathname + location.search === w, want);
  // Swap: the page of meters to feet, which a reload or a shared link opens on the same card.
  await card.getByRole('button', { name: 'Swap units' }).click();
  await becomes('/length-converter/meters-to-feet?value=5');
  await card.getByRole('combobox', { name: 'To' }).selectOption('inches');
  await becomes('/length-converter/meters-to-inches?value=5');
  // Feet and inches from meters: its page, named by the parts.
  await card.getByRole('combobox', { name: 'To' }).selectOption('feet_inches');
  await becomes('/length-converter/meters-to-feet-and-inches?value=5');
  // A pair with no page of its own (kilometres are not read in feet and inches): the
  // category's converter, with the pair.
  await card.getByRole('combobox', { name: 'From' }).selectOption('kilometers');
  await becomes('/length-converter?value=5&from=kilometers&to=feet_inches');
  // The page's own pair again: its own address; Reset leaves it clean.
  await card.getByRole('combobox', { name: 'From' }).selectOption('meters');
  await card.getByRole('combobox', { name: 'To' }).selectOption('feet');
  await card.getByRole('button', { name: 'Swap units' }).click();
  await becomes('/length-converter/feet-to-meters?value=5');
  await card.getByRole('button', { name: 'Reset' }).click();
  await becomes('/length-converter/feet-to-meters');
  assert.equal(await page.evaluate(() => history.length), length, 'replaceState: the history does not grow');

  // The address shared after a swap opens a page about the pair it converts.
  await card.getByRole('textbox', { name: 'Value' }).fill('5');
  await card.getByRole('button', { name: 'Swap units' }).click();
  await becomes('/length-converter/meters-to-feet?value=5');
  const shared = await visit(await address());
  assert.equal(await shared.getByRole('heading', { level: 1 }).textContent(), 'Meters to Feet');
  const sharedCard = shared.getByRole('region', { name: 'Length Converter' });
  await sharedCard.getByRole('status', { name: 'Result' }).filter({ hasText: 'ft' }).waitFor();
  assert.equal(await resultOf(sharedCard), '16.404199 ft');
  // A link of before, a pair page with another pair: the address names that pair's page at once.
  const old = await visit('/length-converter/feet-to-meters?value=5&from=inches&to=centimeters');
  await old.getByRole('region', { name: 'Length Converter' }).getByRole('status', { name: 'Result' }).filter({ hasText: '12.7 cm' }).waitFor();
  await old.waitForFunction(() => location.pathname + location.search === '/length-converter/inches-to-centimeters?value=5');
  // Swapped twice, a page to feet and inches is on feet and inches again, not on bare feet.
  const height = await visit('/length-converter/centimeters-to-feet-and-inches?value=180');
  const heightCard = height.getByRole('region', { name: 'Length Converter' });
  await heightCard.getByRole('status', { name: 'Result' }).filter({ hasText: '5 ft 10.87 in' }).waitFor();
  await heightCard.getByRole('button', { name: 'Swap units' }).click();
  await height.waitForFunction(() => location.pathname === '/length-converter/feet-to-centimeters');
  await heightCard.getByRole('button', { name: 'Swap units' }).click();
  await height.waitForFunction(() => location.pathname === '/length-converter/centimeters-to-feet-and-inches');
  await heightCard.getByRole('status', { name: 'Result' }).filter({ hasText: '5 ft 10.87 in' }).waitFor();
  assert.deepEqual(page.problems, []);
  assert.deepEqual(shared.problems, []);
  assert.deepEqual(old.problems, []);
  assert.deepEqual(height.problems, []);
  await page.context().close();
  await shared.context().close();
  await old.context().close();
});

test('without any script, a pair page shows the formula, the worked example and the table', async () => {
  const page = await visit('/temperature-converter/fahrenheit-to-celsius', { javaScript: false });
  const formula = page.getByRole('region', { name: /How to convert fahrenheit to celsius/i });
  assert.match(await formula.textContent(), /32/);
  const table = page.getByRole('table');
  const rows = await table.getByRole('row').allTextContents();
  assert.ok(rows.some((r) => /^\s*-40 °F\s*-40 °C\s*$/.test(r)), `−40 °F is −40 °C: ${JSON.stringify(rows.slice(0, 3))}`);
  assert.ok(rows.some((r) => /^\s*212 °F\s*100 °C\s*$/.test(r)), '212 °F is 100 °C');
  // Its breadcrumbs lead back to the category page.
  const crumbs = page.getByRole('navigation', { name: /breadcrumb/i });
  assert.equal(await crumbs.getByRole('link', { name: 'Temperature Converter' }).getAttribute('href'), '/temperature-converter');
  await page.context().close();
});

test('the category page links each unit’s nearest pairs and an index of every pair; a pair page links its inverse', async () => {
  const page = await visit('/length-converter');
  // The card's menus say what the category holds: its units (From), and its compounds too (To).
  const card = page.getByRole('region', { name: 'Length Converter' });
  const n = await card.getByRole('combobox', { name: 'From' }).locator('option').count();
  const compounds = (await card.getByRole('combobox', { name: 'To' }).locator('option').count()) - n;
  const pairs = page.getByRole('navigation', { name: 'Length conversions, unit by unit' });
  const index = pairs.getByRole('link', { name: /Every length conversion/ });
  assert.equal(await index.getAttribute('href'), '/length-converter/conversions');
  assert.ok((await pairs.getByRole('link').count()) >= n * 3, 'a few pairs for each length unit');
  await index.click();
  await page.waitForURL('**/length-converter/conversions');
  // Where each link leads (the index writes them relative to itself).
  const all = await page.getByRole('main').getByRole('link').evaluateAll((links) => links.map((a) => new URL(a.href).pathname));
  // n units: n × (n − 1) ordered pairs, and the units that read well in feet + inches (or
  // hands + inches) to it (centimeters and inches, and decimal feet and yards; not angstroms or
  // light-years, nor miles or fathoms, whose rows would end in 0 in: src/content/pairs.rs
  // `reads_in_parts`).
  const pairLinks = all.filter((h) => /^\/length-converter\/[a-z-]+-to-[a-z-]+$/.test(h));
  const allInParts = pairLinks.filter((h) => /-to-(?:feet|hands)-and-inches$/.test(h));
  const inParts = allInParts.filter((h) => h.endsWith('-to-feet-and-inches'));
  assert.equal(pairLinks.length - allInParts.length, n * (n - 1));
  assert.equal(compounds, 2, 'feet + inches and hands + inches');
  assert.ok(inParts.length >= 5 && inParts.length < n / 2, `${inParts.length} of ${n} units to feet and inches`);
  assert.ok(allInParts.includes('/length-converter/centimeters-to-hands-and-inches'), 'a horse’s height in hands and inches');
  for (const from of ['centimeters', 'millimeters', 'meters', 'inches', 'feet', 'yards']) assert.ok(inParts.includes(`/length-converter/${from}-to-feet-and-inches`), from);
  for (const from of ['angstroms', 'fathoms', 'miles']) assert.ok(!inParts.includes(`/length-converter/${from}-to-feet-and-inches`), from);
  await page.getByRole('link', { name: 'Meters', exact: true }).first().click();
  await waitForHydration(page);
  assert.match(new URL(page.url()).pathname, /^\/length-converter\/[a-z]+-to-meters$/);
  const related = page.getByRole('navigation', { name: 'Related conversions' });
  const from = new URL(page.url()).pathname.split('/').at(-1).split('-to-')[0];
  assert.equal(await related.getByRole('link').first().getAttribute('href'), `/length-converter/meters-to-${from}`);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('the result of an embedded converter is in the page with no script: printed, or read before it scrolls into view', async () => {
  const page = await visit('/blog/conversion-tips', { javaScript: false });
  const results = {};
  for (const name of ['Area Converter', 'Cooking Converter', 'Volume Converter']) {
    const card = page.getByRole('region', { name });
    results[name] = (await card.getByRole('status', { name: 'Result' }).textContent()).trim();
  }
  // 180 ft² = 16.7225472 m²; 2 cups of spooned flour at 4.25 oz = 8.5 oz = 240.97 g; 1 1/2 US cups = 354.88235475 mL.
  assert.deepEqual(results, { 'Area Converter': '16.722547 m²', 'Cooking Converter': '240.97 g', 'Volume Converter': '354.882355 mL' });
  await page.context().close();
});

test('a converter an editor embedded in an article starts on its pair and value, converts, and leaves the address alone', async () => {
  const page = await visit('/blog/conversion-tips');
  // content/blog/conversion-tips.md: {{ converter(from="square_feet", to="square_meters", value="180") }}
  // and {{ converter(from="cups", to="milliliters", value="1 1/2") }}, each under an h2 section.
  const area = page.getByRole('region', { name: 'Area Converter' });
  await area.scrollIntoViewIfNeeded();
  assert.equal(await area.getByRole('textbox', { name: 'Value' }).inputValue(), '180');
  assert.equal(await area.getByRole('combobox', { name: 'From' }).inputValue(), 'square_feet');
  assert.equal(await area.getByRole('heading', { level: 3 }).textContent(), 'Area Converter');
  // 180 ft² × 0.09290304 m²/ft² = 16.7225472 m², shown at the category's precision.
  await area.getByRole('status', { name: 'Result' }).filter({ hasText: 'm²' }).waitFor();
  assert.match(await resultOf(area), /^16\.72254\d* m²$/);

  const volume = page.getByRole('region', { name: 'Volume Converter' });
  await volume.scrollIntoViewIfNeeded();
  await volume.getByRole('status', { name: 'Result' }).filter({ hasText: 'mL' }).waitFor();
  // 1 1/2 US cups × 236.5882365 mL = 354.88235475 mL.
  assert.match(await resultOf(volume), /^354\.88\d* mL$/);
  await volume.getByRole('textbox', { name: 'Value' }).fill('2');
  await volume.getByRole('status', { name: 'Result' }).filter({ hasText: '473.176473 mL' }).waitFor();

  // Two cards and the page's own controls: every id once, and the article keeps its address.
  const duplicated = await page.evaluate(() => {
    const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
    return ids.filter((id, i) => ids.indexOf(id) !== i);
  });
  assert.deepEqual(duplicated, []);
  await page.waitForTimeout(300);
  assert.equal(new URL(page.url()).search, '', 'an embedded card does not write the address');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
