// The unit card beyond a number and a select (issue 16): typed quantities, fractions and
// arithmetic, compound results, inline errors, the Decimals control, every unit at once and
// the batch with its CSV, through the real pages by role and name, keyboard first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { chooseCurrency, currencyCode, openPage, siteForFile, waitForHydration } from './harness.mjs';
import { finish, noAxeViolations, untilInPage } from './interactive-helpers.mjs';

const ctx = siteForFile();

async function visit(path, options = {}) {
  const page = await openPage(ctx.browser, options);
  await page.addInitScript(() => {
    if (localStorage.getItem('unitly-consent') === null) {
      const choices = { essential: true, preferences: false, analytics: false, advertising: false };
      localStorage.setItem('unitly-consent', JSON.stringify({ version: 1, choices, time: new Date().toISOString() }));
    }
  });
  await page.goto(ctx.site.url + path);
  await waitForHydration(page);
  return page;
}

async function go(page, path) {
  await page.goto(ctx.site.url + path);
  await waitForHydration(page);
}

const card = (page) => ({
  value: page.getByRole('textbox', { name: 'Value' }),
  from: page.getByRole('combobox', { name: 'From' }),
  to: page.getByRole('combobox', { name: 'To' }),
  decimals: page.getByRole('combobox', { name: 'Decimals' }),
  result: page.getByRole('status', { name: 'Result' }),
  copy: page.getByRole('button', { name: 'Copy', exact: true }),
});
// The card converts once its conversion chunk is there (fetched on the Value field's focus);
// until then its Result is aria-busy, so each read waits for that, never for a fixed time.
const result = async (page) => {
  await page.waitForFunction(() => !document.querySelector('output[aria-busy="true"]'));
  return ((await card(page).result.textContent()) ?? '').trim();
};
/** The text that describes the field (its message), or ''. */
async function described(page, field = card(page).value) {
  const ids = await field.getAttribute('aria-describedby');
  if (!ids) return '';
  return (await page.locator(`#${ids}`).textContent()).trim();
}
/**
 * The field's message once it is `want` (a string or a RegExp), or whatever it says after 5 s.
 * While the visitor types, a message waits for a pause in typing (about 0.7 s).
 */
async function says(page, want, field = card(page).value) {
  const el = await field.elementHandle();
  const pattern = want instanceof RegExp ? want.source : null;
  await page
    .waitForFunction(
      ([input, text, re]) => {
        const id = input.getAttribute('aria-describedby');
        const said = id ? (document.getElementById(id)?.textContent ?? '').trim() : '';
        return re === null ? said === text : new RegExp(re).test(said);
      },
      [el, want instanceof RegExp ? '' : want, pattern],
      { timeout: 5000 },
    )
    .catch(() => {});
  return described(page, field);
}


test('typed quantities, fractions and arithmetic convert as issue 16 asks; the card says what it read', async () => {
  const page = await visit('/length-converter');
  const c = card(page);
  assert.equal(await c.value.getAttribute('type'), 'text');
  assert.equal(await c.value.getAttribute('autocapitalize'), 'off');
  assert.equal(await c.value.getAttribute('spellcheck'), 'false');
  await c.value.fill('5 ft 11 in');
  await c.to.selectOption('meters');
  assert.equal(await result(page), '1.8034 m');
  assert.equal(await says(page, 'From 5 ft 11 in'), 'From 5 ft 11 in');
  await c.value.fill(`5'11"`);
  await c.to.selectOption('centimeters');
  assert.equal(await result(page), '180.34 cm');
  await c.value.fill('2*(3+4)');
  await c.to.selectOption('feet');
  assert.equal(await result(page), '45.931759 ft');
  await c.value.fill('1,5');
  assert.equal(await result(page), '4.92126 ft');
  assert.equal(await says(page, 'Read as 1.5'), 'Read as 1.5');
  // Compound results in To.
  await c.value.fill('1.8');
  await c.to.selectOption('feet_inches');
  assert.equal(await result(page), '5 ft 10.87 in');
  await page.waitForFunction(() => location.search === '?value=1.8&from=meters&to=feet_inches');

  await go(page, '/weight-converter');
  await c.value.fill('10 st 4 lb');
  assert.equal(await result(page), '144 lb');
  await c.to.selectOption('kilograms');
  assert.equal(await result(page), '65.317301 kg');
  await go(page, '/volume-converter');
  await c.from.selectOption('cups');
  await c.to.selectOption('milliliters');
  await c.value.fill('1 1/2');
  assert.equal(await result(page), '354.882355 mL');
  await c.from.selectOption('teaspoons');
  await c.value.fill('3/4');
  assert.equal(await result(page), '3.696691 mL');
  // The raw input travels in the address and comes back.
  await go(page, '/length-converter?value=5%20ft%2011%20in&to=meters');
  await page.waitForFunction(() => document.querySelector('output')?.textContent.trim() !== '');
  assert.equal(await c.value.inputValue(), '5 ft 11 in');
  assert.equal(await result(page), '1.8034 m');
  await finish(page);
});

test('what cannot be converted gets an inline, announced error, never a number', async () => {
  const page = await visit('/length-converter?value=1e308&from=meters&to=feet');
  const c = card(page);
  await page.waitForFunction(() => document.querySelector('[aria-invalid="true"]') !== null);
  assert.equal(await result(page), '');
  assert.equal(await described(page), 'The result is too large to show.');
  assert.equal(await c.copy.getAttribute('title'), 'The result is too large to show.');
  assert.ok(await c.copy.isDisabled());
  // A link's message is shown (and read with the field) but not announced over the page
  // load; once the visitor acts it sits in a polite live region, heard as it changes.
  assert.equal(await page.locator('.converter-message').getAttribute('aria-live'), 'off');
  await c.value.fill('5 fet');
  assert.equal(await page.locator('.converter-message').getAttribute('aria-live'), 'polite');
  for (const [input, message] of [
    ['5 fet', /Unknown unit “fet”. Did you mean “feet”\?/],
    ['1.5.5', /more than one decimal separator/],
    ['--3', /Two signs in a row/],
    ['1/0', /Division by zero/],
  ]) {
    await c.value.fill(input);
    assert.match(await says(page, message), message, input);
    assert.equal(await c.value.getAttribute('aria-invalid'), 'true', input);
    assert.equal(await result(page), '', input);
  }
  // Another category's unit is named as such (the card fetches the other categories' words).
  await c.value.fill('5 kg');
  await page.waitForFunction(() => document.querySelector('#length-converter-message')?.textContent === '“kg” is a unit of weight, not length.');
  assert.equal(await c.value.getAttribute('aria-invalid'), 'true');
  assert.equal(await result(page), '');
  await c.value.fill('2 cups');
  assert.equal(await says(page, '“cup” is a unit of volume, not length.'), '“cup” is a unit of volume, not length.');
  await noAxeViolations(page, 'an error under the Value field');
  await c.value.fill('5');
  assert.equal(await c.value.getAttribute('aria-invalid'), null);
  assert.equal(await result(page), '16.404199 ft');
  await finish(page);
});

test('Decimals is chosen by keyboard, applies everywhere, and is still set after a reload', async () => {
  const page = await visit('/length-converter');
  const c = card(page);
  await c.value.fill('1');
  assert.equal(await result(page), '3.28084 ft');
  await c.decimals.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown'); // Auto → 0 → 1 → 2
  assert.equal(await c.decimals.inputValue(), '2');
  assert.equal(await result(page), '3.28 ft');
  assert.equal(await page.evaluate(() => localStorage.getItem('unitly-decimals')), '2');
  await page.reload();
  await waitForHydration(page);
  await page.waitForFunction(() => document.querySelector('select[id$="-decimals"]')?.value === '2');
  await c.value.fill('1');
  assert.equal(await result(page), '3.28 ft');
  // Back to Auto: nothing is kept.
  await c.decimals.selectOption('auto');
  assert.equal(await result(page), '3.28084 ft');
  assert.equal(await page.evaluate(() => localStorage.getItem('unitly-decimals')), null);
  await finish(page);
});

test('storage blocked (cookies off for the site): Decimals and Fractions still apply on the page, and the star says favourites are unavailable', async () => {
  const page = await openPage(ctx.browser);
  // As Chrome does with the site's cookies blocked: merely reading window.localStorage throws.
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  await go(page, '/length-converter');
  const c = card(page);
  await c.value.fill('1');
  assert.equal(await result(page), '3.28084 ft');
  await c.decimals.selectOption('2');
  // Before, the card read the default back at once: Auto, and 3.28084 ft.
  await page.waitForFunction(() => document.querySelector('#length-converter-result')?.textContent.replace(/\s+/g, ' ').trim() === '3.28 ft');
  assert.equal(await c.decimals.inputValue(), '2');
  await c.decimals.selectOption('auto');
  assert.equal(await result(page), '3.28084 ft');

  const star = page.getByRole('region', { name: 'Length Converter' }).getByRole('button', { name: 'Favourite pair' });
  await star.click();
  await page.getByRole('region', { name: 'Notifications' }).getByText('Favourites unavailable').waitFor();
  assert.equal(await star.getAttribute('aria-pressed'), 'false');

  await go(page, '/volume-converter?from=milliliters&to=cups');
  await c.value.fill('354.88235475');
  assert.equal(await result(page), '1.5 cups');
  const fractions = page.getByRole('checkbox', { name: /^Fractions for/ });
  await fractions.check();
  await page.waitForFunction(() => document.querySelector('#volume-converter-result')?.textContent.replace(/\s+/g, ' ').trim() === '1 1/2 cups');
  assert.equal(await fractions.isChecked(), true);
  await finish(page);
});

test('every unit at once opens by keyboard, follows the value and copies each line', async () => {
  const page = await visit('/length-converter', { permissions: ['clipboard-read', 'clipboard-write'] });
  const c = card(page);
  await c.value.fill('7.3');
  const summary = page.getByText('Every length unit', { exact: true });
  await summary.focus();
  await page.keyboard.press('Enter');
  const list = page.locator('.all-units');
  await list.waitFor();
  const text = await list.textContent();
  for (const want of ['730 cm', '287.401575 in', '7.983377 yd', '0.00453601 mi', '7,300 mm']) assert.ok(text.includes(want), `${want} in ${text}`);
  await c.value.fill('1');
  await page.getByRole('button', { name: 'Copy 100 cm' }).waitFor();
  await page.getByRole('button', { name: 'Copy 100 cm' }).press('Enter');
  await untilInPage(page, async () => (await navigator.clipboard.readText()) === '1 m = 100 cm');
  await noAxeViolations(page, 'every unit open');
  await finish(page);
});

test('batch: lines convert as typed, bad lines are flagged, Copy all and Download CSV', async () => {
  const page = await visit('/length-converter', { permissions: ['clipboard-read', 'clipboard-write'], acceptDownloads: true });
  const summary = page.getByText('Batch conversion', { exact: true });
  await summary.focus();
  await page.keyboard.press('Enter');
  const box = page.getByRole('textbox', { name: 'Values, one per line' });
  await box.waitFor();
  await box.focus();
  await page.keyboard.type('1\n2\n3.5\n5 fet\n1,5\n');
  const table = page.getByRole('table', { name: 'Batch results: Meters (m) to Feet (ft)' });
  await page.waitForFunction(() => document.querySelectorAll('.batch-table tbody tr').length === 5);
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
  assert.deepEqual(rows.map((r) => r[2]), ['3.28084 ft', '6.56168 ft', '11.48294 ft', 'Unknown unit “fet”. Did you mean “feet”?', '4.92126 ft Read as 1.5']);
  await noAxeViolations(page, 'batch with a bad line');
  await page.getByRole('button', { name: 'Copy all' }).press('Enter');
  // The CSV's columns, tab-separated: a spreadsheet pastes them as columns of numbers.
  await untilInPage(page, async () => (await navigator.clipboard.readText()).startsWith('value\tfrom\tresult\tto\tnote\n1\tmeters\t3.28084\tfeet\t\n2\tmeters\t6.56168\tfeet\t\n'));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).press('Enter')]);
  assert.equal(download.suggestedFilename(), 'length-meters-to-feet.csv');
  const csv = await readFile(await download.path(), 'utf8');
  assert.equal(csv, [
    'value,from,result,to,note', '1,meters,3.28084,feet,', '2,meters,6.56168,feet,', '3.5,meters,11.48294,feet,',
    '5 fet,meters,error: Unknown unit “fet”. Did you mean “feet”?,feet,', '"1,5",meters,4.92126,feet,Read as 1.5', '',
  ].join('\r\n'));
  await finish(page);
});

test('batch: a line reads as the Value field would read it, on a fresh card, whatever Value said before', async () => {
  // The other categories' words (energy's ft·lbf for "80 ft lbs", weight's kg) used to come
  // only after the Value field had once failed: a fresh batch said "Unknown unit “ft”".
  for (const [path, line, want] of [
    ['/torque-converter?from=pound_feet&to=newton_meters', '80 ft lbs', '108.465436 N·m'],
    ['/length-converter', '5 kg', '“kg” is a unit of weight, not length.'],
  ]) {
    const page = await visit(path);
    await page.getByText('Batch conversion', { exact: true }).click();
    const box = page.getByRole('textbox', { name: 'Values, one per line' });
    await box.waitFor();
    await box.fill(line);
    await page.locator('.batch p.field-hint').filter({ hasText: /converted|could not be read/ }).waitFor();
    const rows = await page.locator('.batch-table tbody tr').evaluateAll((trs) => trs.map((tr) => tr.cells[2].textContent));
    assert.deepEqual(rows, [want], path);
    await finish(page);
  }
});

test('mpg says it is the US one, on the card and in a batch row: a UK reader means the imperial gallon', async () => {
  const page = await visit('/fuel-economy-converter?from=liters_per_100_kilometers&to=liters_per_100_kilometers');
  const c = card(page);
  await c.value.fill('40 mpg');
  assert.equal(await result(page), '5.880365 L/100 km');
  assert.equal(await says(page, 'From 40 miles per US gallon'), 'From 40 miles per US gallon');
  await page.getByText('Batch conversion', { exact: true }).click();
  const box = page.getByRole('textbox', { name: 'Values, one per line' });
  await box.waitFor();
  await box.fill('40 mpg\n40 mpg UK');
  await page.locator('.batch p.field-hint').filter({ hasText: /converted/ }).waitFor();
  const rows = await page.locator('.batch-table tbody tr').evaluateAll((trs) => trs.map((tr) => tr.cells[2].textContent));
  assert.deepEqual(rows, ['5.880365 L/100 km From 40 miles per US gallon', '7.062023 L/100 km From 40 miles per imperial gallon']);
  await finish(page);
});

test('batch: a line read otherwise than typed says how in its row, Copy all and the CSV; the summary counts it, announced once', async () => {
  const page = await visit('/area-converter/square-feet-to-square-meters', { permissions: ['clipboard-read', 'clipboard-write'], acceptDownloads: true });
  await page.getByText('Batch conversion', { exact: true }).click();
  const box = page.getByRole('textbox', { name: 'Values, one per line' });
  await box.waitFor();
  // Every text the batch's live regions hold, in order (what a screen reader is sent).
  await page.evaluate(() => {
    const said = (window.__batchSaid = []);
    const last = new Map();
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('.batch [aria-live], .batch [role=status], .batch [role=alert]')) {
        const text = el.textContent.trim();
        if (last.get(el) !== text && text !== '') said.push(text);
        last.set(el, text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await box.focus();
  await page.keyboard.type('1.200\n1200-1000\n2 m2\nbanana\n3');
  const summary = '4 of 5 lines converted from Square Feet (ft²) to Square Meters (m²), 1 in the units its line names; lines 1, 2 and 3 have a note to check; line 4 could not be read.';
  const status = page.locator('.batch').getByRole('status');
  await status.filter({ hasText: summary }).waitFor();
  assert.equal((await page.locator('#area-batch-summary').textContent()).trim(), summary);
  assert.equal(await page.locator('#area-batch-summary').getAttribute('aria-live'), null, 'the summary under the box changes as it converts: not live');
  const said = await page.evaluate(() => window.__batchSaid);
  assert.ok(!said.some((t) => t.startsWith('Converting')), said.join(' | '));
  assert.equal(said.at(-1), summary);
  const rows = await page.locator('.batch-table tbody tr').evaluateAll((trs) => trs.map((tr) => tr.cells[2].textContent));
  assert.deepEqual(rows, [
    '0.111484 m² Read as 1.200 (the point is a decimal point)',
    '18.580608 m² Read as 1200 − 1000',
    '21.527821 ft² From 2 m² (converted to ft², since m² is the To unit)',
    'Unknown unit “banana”. Area units include mm², cm², dm², m², a, ha.',
    '0.278709 m²',
  ]);
  await noAxeViolations(page, 'batch with notes');
  await page.getByRole('button', { name: 'Copy all' }).click();
  await untilInPage(page, async () =>
    (await navigator.clipboard.readText()).startsWith(
      'value\tfrom\tresult\tto\tnote\n1.200\tsquare_feet\t0.111484\tsquare_meters\tRead as 1.200 (the point is a decimal point)\n1200-1000\tsquare_feet\t18.580608\tsquare_meters\tRead as 1200 − 1000\n',
    ),
  );
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  const csv = (await readFile(await download.path(), 'utf8')).split('\r\n');
  assert.deepEqual(csv.slice(0, 4), [
    'value,from,result,to,note',
    '1.200,square_feet,0.111484,square_meters,Read as 1.200 (the point is a decimal point)',
    '1200-1000,square_feet,18.580608,square_meters,Read as 1200 − 1000',
    '2 m2,square_meters,21.527821,square_feet,"From 2 m² (converted to ft², since m² is the To unit)"',
  ]);
  await finish(page);
});

test('the currency card: Amount reads the same values, errors inline, and its address is shareable', async () => {
  const page = await visit('/currency-converter?value=100&from=GBP&to=JPY');
  const amount = page.getByRole('textbox', { name: 'Amount' });
  const from = page.getByRole('combobox', { name: 'From' });
  const to = page.getByRole('combobox', { name: 'To' });
  const out = page.getByRole('status', { name: 'Result' });
  await page.waitForFunction(() => document.querySelector('output')?.textContent.trim() !== '');
  assert.equal(await amount.inputValue(), '100');
  assert.equal(await currencyCode(from), 'GBP');
  assert.equal(await currencyCode(to), 'JPY');
  const hundred = (await out.textContent()).trim();
  // 1 1/2 × 100 reads as 150, a decimal comma as a decimal point.
  await amount.fill('1 1/2 * 100');
  await page.waitForFunction((before) => document.querySelector('output')?.textContent.trim() !== before, hundred);
  await amount.fill('100,5');
  await page.waitForFunction(() => location.search === '?value=100%2C5&from=GBP&to=JPY');
  for (const [input, message] of [
    ['-5', 'Enter an amount greater than 0.'],
    ['0', 'Enter an amount greater than 0.'],
    ['1e13', 'Enter an amount no larger than 1 trillion.'],
    ['100 usd + 5 eur', 'Amounts in two currencies cannot be added: convert one currency at a time.'],
    ['1.5.5', '“1.5.5” is not a number: it has more than one decimal separator.'],
  ]) {
    await amount.fill(input);
    assert.equal(await says(page, message, amount), message, input);
    assert.equal(await amount.getAttribute('aria-invalid'), 'true', input);
  }
  await noAxeViolations(page, 'currency amount error');
  // Refused, no result is said any more; the same amount typed again is said again.
  const said = () => page.evaluate(() => document.querySelector('.converter-result p[aria-live]')?.textContent ?? null);
  await page.waitForFunction(() => document.querySelector('.converter-result p[aria-live]')?.textContent === '');
  await amount.fill('100');
  await page.waitForFunction(() => /JPY$/.test(document.querySelector('.converter-result p[aria-live]')?.textContent ?? ''));
  await page.getByRole('button', { name: 'Reset' }).click();
  await page.waitForFunction(() => document.querySelector('.converter-result p[aria-live]')?.textContent === '');
  await amount.fill('100');
  await page.waitForFunction(() => /[A-Z]{3}$/.test(document.querySelector('.converter-result p[aria-live]')?.textContent ?? ''));
  assert.match(await said(), /^\S.* [A-Z]{3}$/);
  // A link with a currency the site does not convert keeps the rest and says so.
  await go(page, '/currency-converter?value=5&from=XYZ&to=EUR');
  const note = page.getByRole('status').filter({ hasText: 'ignored' });
  await note.waitFor();
  assert.match(await note.textContent(), /from=XYZ was not understood here and was ignored/);
  await page.waitForFunction(() => location.search === '?value=5&from=USD&to=EUR');
  // A same-currency "conversion" is not history.
  await chooseCurrency(to, 'USD');
  await page.evaluate(() => localStorage.removeItem('conversion-history'));
  await amount.fill('7');
  await page.waitForTimeout(1500); // past the settle delay
  assert.equal(await page.evaluate(() => localStorage.getItem('conversion-history')), null);
  await finish(page);
});

test('cooking units as fractions (nearest 1/8 or 1/3): a remembered choice, by keyboard', async () => {
  const page = await visit('/volume-converter?from=milliliters&to=cups');
  const c = card(page);
  // Named by the kitchen measures units.yaml marks `cooking: true`, in their order there.
  const fractions = page.getByRole('checkbox', { name: 'Fractions for metric tbsp, aus tbsp, metric cup, tsp, tbsp, fl oz, cup, imp cup (nearest 1/8 or 1/3)' });
  assert.equal(await fractions.isChecked(), false);
  await c.value.fill('354.88235475'); // exactly 1 1/2 US cups
  assert.equal(await result(page), '1.5 cups');
  await fractions.focus();
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.querySelector('#volume-converter-result')?.textContent.replace(/\s+/g, ' ').trim() === '1 1/2 cups');
  await c.value.fill('300');
  assert.equal(await result(page), '≈ 1 1/4 cups');
  await c.to.selectOption('liters');
  assert.equal(await result(page), '0.3 L', 'liters are not a cooking unit');
  await c.value.fill('1 1/2 cups');
  await c.to.selectOption('tablespoons');
  assert.equal(await result(page), '24 tbsp');
  await noAxeViolations(page, 'fractions on');
  // Remembered in this browser, like Decimals.
  await page.reload();
  await waitForHydration(page);
  await page.waitForFunction(() => document.querySelector('#volume-converter-fractions')?.checked === true);
  await page.waitForFunction(() => document.querySelector('#volume-converter-result')?.textContent.replace(/\s+/g, ' ').trim() === '24 tbsp');
  // Only categories with cooking units offer the choice.
  await go(page, '/length-converter');
  assert.equal(await page.getByRole('checkbox', { name: /^Fractions/ }).count(), 0);
  await finish(page);
});
