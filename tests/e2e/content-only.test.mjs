// A new unit category and a new currency are content only: a copy of the site gets an
// catalytic activity category (a units.yaml block, a routes.yaml entry, a markdown page; a
// category the site lacks, so it must move if one day the site adds it), SEK (one line under
// currencies:) and NOK (one line, plus its rate in the USD row of fallback_rates), nothing
// else. The copy is served as it is, with the fake rate upstream answering a rate for SEK,
// and Chromium converts with all three, live and offline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, chooseCurrency, defaultRates, openPage, siteForFile, waitForHydration } from './harness.mjs';

const SEK_PER_USD = 10.5;
const NOK_PER_USD_OFFLINE = 10.8;

/** content/, themes/, islands/ and edge/ copied (node_modules linked), then edited as an editor would. */
function siteWithCatalyticActivityAndSek() {
  const dir = mkdtempSync(join(tmpdir(), 'unitly-content-only-'));
  for (const sub of ['content', 'themes', 'islands', 'edge']) {
    cpSync(join(ROOT, sub), join(dir, sub), { recursive: true, filter: (src) => !/\/(node_modules|dist)$/.test(src) });
  }
  for (const sub of ['islands', 'edge']) symlinkSync(join(ROOT, sub, 'node_modules'), join(dir, sub, 'node_modules'));
  const edit = (rel, fn) => writeFileSync(join(dir, rel), fn(readFileSync(join(dir, rel), 'utf8')));
  edit('content/units.yaml', (text) =>
    text
      .replace('\ncurrencies:\n', `
  catalytic_activity:
    label: Catalytic Activity
    group: science
    base: katals
    precision: 6
    default: { from: microkatals, to: millikatals }
    units:
      - { key: microkatals, name: Microkatals (µkat), symbol: µkat, system: metric, factor: 0.000001 }
      - { key: millikatals, name: Millikatals (mkat), symbol: mkat, system: metric, factor: 0.001 }
      - { key: katals, name: Katals (kat), symbol: kat, system: metric, factor: 1 }

currencies:
`)
      .replace('\ncurrency_default:', '  - { code: SEK, name: Swedish Krona, symbol: kr, flag: 🇸🇪 }\n  - { code: NOK, name: Norwegian Krone, symbol: kr, flag: 🇳🇴 }\n\ncurrency_default:')
      .replace(/\n  USD: \{ EUR: 0\.85, /, `\n  USD: { NOK: ${NOK_PER_USD_OFFLINE}, EUR: 0.85, `));
  edit('content/routes.yaml', (text) => {
    const start = text.indexOf('  - path: /length-converter\n');
    const entry = text.slice(start, text.indexOf('\n\n', start) + 2);
    return text.replace(entry, entry + entry.replaceAll('length-converter', 'catalytic-activity-converter').replace('converters/length.md', 'converters/catalytic-activity.md')
      .replace(/\n    label: .*/, '\n    label: Catalytic Activity Converter').replace(/short_label: .*/, 'short_label: Catalytic Activity').replace(/heading: .*/, 'heading: Catalytic Activity Converter').replace(/title: .*/, 'title: Catalytic Activity Converter | Unitly'));
  });
  writeFileSync(join(dir, 'content/converters/catalytic-activity.md'), readFileSync(join(dir, 'content/converters/length.md'), 'utf8')
    .replace('category: length', 'category: catalytic_activity')
    .replace('preset: { from: meters, to: feet }', 'preset: { from: microkatals, to: millikatals }'));
  return dir;
}

const root = siteWithCatalyticActivityAndSek();
const ctx = siteForFile({ root, removeRoot: true, rates: defaultRates({ SEK: SEK_PER_USD }) });

async function visit(path) {
  const page = await openPage(ctx.browser);
  await page.addInitScript(() => {
    const choices = { essential: true, preferences: false, analytics: false, advertising: false };
    localStorage.setItem('unitly-consent', JSON.stringify({ version: 1, choices, time: new Date().toISOString() }));
  });
  await page.goto(ctx.site.url + path);
  await waitForHydration(page);
  return page;
}

test('the new catalytic activity page converts 250 µkat to 0.25 mkat, and history and toasts name it Catalytic Activity', async () => {
  const page = await visit('/catalytic-activity-converter');
  const card = page.getByRole('region', { name: 'Catalytic Activity Converter' });
  const from = card.getByRole('combobox', { name: 'From' });
  assert.equal(await from.inputValue(), 'microkatals');
  assert.equal(await card.getByRole('combobox', { name: 'To' }).inputValue(), 'millikatals');
  assert.deepEqual(await from.locator('option').evaluateAll((o) => o.map((x) => x.value)), ['microkatals', 'millikatals', 'katals']);
  await card.getByRole('textbox', { name: 'Value' }).fill('250');
  // The parser is fetched on the field's first focus: wait for the result, never a sleep.
  const result = card.getByRole('status', { name: 'Result' });
  await result.filter({ hasText: 'mkat' }).waitFor();
  assert.equal((await result.textContent()).trim(), '0.25 mkat');
  await page.waitForFunction(() => (JSON.parse(localStorage.getItem('conversion-history') ?? '[]')[0]?.type) === 'Catalytic Activity');
  const [entry] = await page.evaluate(() => JSON.parse(localStorage.getItem('conversion-history')));
  assert.deepEqual([entry.type, entry.from, entry.to], ['Catalytic Activity', '250 µkat', '0.25 mkat']);
  await card.getByRole('button', { name: 'Reset' }).click();
  await page.getByRole('region', { name: 'Notifications' }).getByText('Catalytic Activity converter cleared').waitFor();
  assert.deepEqual(page.problems, []);
  await page.context().close();

  // The registry puts it on the home page's grid of every converter (a tile named by the
  // category's label, with its first units' symbols) and in the sitemap.
  const home = await (await fetch(`${ctx.site.url}/`)).text();
  assert.match(home, /<li class="?accent-[a-z]+"?><a href="?\/catalytic-activity-converter"?>Catalytic Activity<span>/);
  assert.match(await (await fetch(`${ctx.site.url}/sitemap.xml`)).text(), /\/catalytic-activity-converter<\/loc>/);
});

test('the new currency is offered and converts live through the edge at the table rate', async () => {
  const page = await visit('/currency-converter');
  const card = page.getByRole('region', { name: 'Currency Converter' });
  const to = card.getByRole('combobox', { name: 'To' });
  // Featured: listed right after the ten featured before it, with its own words from units.yaml.
  await to.click();
  const options = card.getByRole('listbox', { name: 'To currency' }).getByRole('option');
  await options.first().waitFor();
  assert.equal(await options.nth(10).textContent(), '🇸🇪SEK Swedish Krona');
  await chooseCurrency(to, 'SEK');
  await card.getByRole('textbox', { name: 'Amount' }).fill('10');
  const result = card.getByRole('status', { name: 'Result' });
  await page.waitForFunction(() => /SEK/.test(document.querySelector('#currency-converter-result')?.textContent ?? ''));
  assert.equal((await result.textContent()).replace(/\s+/g, ' ').trim(), 'kr105.00 SEK');
  assert.equal(await card.getByText('Live rates are unavailable', { exact: false }).count(), 0, 'a live rate, not the offline fallback');
  assert.deepEqual(page.problems, []);
  await page.context().close();
  const pair = await (await fetch(`${ctx.site.url}/api/rates/pair/USD/SEK/10`)).json();
  assert.equal(pair.conversion_result, 10 * SEK_PER_USD);
  // The page's "Supported currencies" table comes from units.yaml too.
  const html = await (await fetch(`${ctx.site.url}/currency-converter`)).text();
  assert.match(html, /<td>SEK<\/td><td>Swedish Krona<\/td><td>kr<\/td>/);
});

test('offline, a new currency with a fallback rate converts through USD, and one without says so plainly', async () => {
  const page = await visit('/currency-converter');
  await page.route('**/api/rates/**', (r) => r.abort('internetdisconnected'));
  const card = page.getByRole('region', { name: 'Currency Converter' });
  const result = card.getByRole('status', { name: 'Result' });
  const resultText = async () => (await result.textContent()).replace(/\s+/g, ' ').trim();
  await chooseCurrency(card.getByRole('combobox', { name: 'From' }), 'EUR');
  await chooseCurrency(card.getByRole('combobox', { name: 'To' }), 'NOK');
  await card.getByRole('textbox', { name: 'Amount' }).fill('100');
  // EUR → USD 1.18 (the EUR row), USD → NOK 10.8: 100 EUR = 1,274.40 NOK.
  await page.waitForFunction(() => /NOK/.test(document.querySelector('#currency-converter-result')?.textContent ?? ''));
  assert.equal(await resultText(), 'kr1,274.40 NOK');
  assert.match(await card.getByRole('status').filter({ hasText: 'Live rates are unavailable' }).textContent(), /built-in fallback rates/);

  await chooseCurrency(card.getByRole('combobox', { name: 'To' }), 'SEK');
  const banner = card.getByText('there is no offline rate for SEK');
  await banner.waitFor();
  assert.match(await banner.textContent(), /Live rates are unavailable, and there is no offline rate for SEK\./);
  assert.ok(!/SEK/.test(await resultText()), 'no invented SEK amount');
  assert.deepEqual(page.problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource|live exchange rate unavailable/.test(p)), []);
  await page.context().close();
});
