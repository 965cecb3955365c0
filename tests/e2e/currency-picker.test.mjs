// The currency card's From and To: every currency the provider's table quotes, found by
// code, name or country, by keyboard, by touch and by a screen reader's roles; amounts in
// each currency's own decimals; and offline, a currency without an offline rate says so.
// The edge runs in workerd against a fake USD table of every ISO 4217 currency the site's
// catalog names (islands/src/generated/currencies.json) on 127.0.0.1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ROOT, chooseCurrency, currencyCode, defaultRates, siteForFile, waitForHydration } from './harness.mjs';
import { finish, newPage, noAxeViolations } from './interactive-helpers.mjs';

const CATALOG = JSON.parse(readFileSync(`${ROOT}/islands/src/generated/currencies.json`, 'utf8')).currencies;
const THB_PER_USD = 36.5;
const KWD_PER_USD = 0.3075;
// Every catalog currency quoted (a made-up but positive rate each), the ones checked exactly.
const extra = Object.fromEntries(CATALOG.map((c, i) => [c.code, 1 + i / 7]));
const RATES = { USD: { ...extra, ...defaultRates().USD, THB: THB_PER_USD, KWD: KWD_PER_USD } };

const ctx = siteForFile({ rates: RATES });

async function visit(path = '/currency-converter', options = {}) {
  const page = await newPage(ctx.browser, options);
  await page.goto(ctx.site.url + path);
  await waitForHydration(page);
  const region = page.getByRole('region', { name: 'Currency Converter' });
  return {
    page,
    region,
    amount: region.getByRole('textbox', { name: 'Amount' }),
    from: region.getByRole('combobox', { name: 'From' }),
    to: region.getByRole('combobox', { name: 'To' }),
    toList: region.getByRole('listbox', { name: 'To currency' }),
    result: async () => (await region.getByRole('status', { name: 'Result' }).textContent()).replace(/\s+/g, ' ').trim(),
  };
}

/** Waits for the Result to read `text` (and to be settled, not a dimmed pending one). */
async function waitForResult(page, text) {
  await page.waitForFunction((want) => {
    const out = document.querySelector('#currency-converter-result');
    return out && out.getAttribute('aria-busy') !== 'true' && out.textContent.replace(/\s+/g, ' ').trim() === want;
  }, text);
}

test('typing "baht" in To finds the Thai Baht; arrows and Enter choose it, and it converts live', async () => {
  const c = await visit();
  await c.amount.fill('100');
  await waitForResult(c.page, '€92.00 EUR');
  await c.to.focus();
  assert.equal(await c.to.getAttribute('aria-expanded'), 'false');
  await c.page.keyboard.type('baht');
  const first = c.toList.getByRole('option').first();
  await first.waitFor();
  assert.equal(await first.textContent(), '🇹🇭THB Thai Baht');
  assert.equal(await c.to.getAttribute('aria-expanded'), 'true');
  // The active option is announced through aria-activedescendant, the count through a status.
  assert.equal(await c.to.getAttribute('aria-activedescendant'), await first.getAttribute('id'));
  assert.equal(await first.getAttribute('aria-selected'), 'true');
  assert.match(await c.region.getByRole('status').filter({ hasText: 'found' }).textContent(), /^\d+ currenc(y|ies) found$/);
  await noAxeViolations(c.page, 'the To list open');
  await c.page.keyboard.press('Enter');
  assert.equal(await c.to.inputValue(), 'THB – Thai Baht');
  assert.equal(await c.to.getAttribute('aria-expanded'), 'false');
  await waitForResult(c.page, `฿${(100 * THB_PER_USD).toLocaleString('en-US', { minimumFractionDigits: 2 })} THB`);
  await c.page.waitForURL(/from=USD&to=THB/);
  await finish(c.page);
});

test('a country or the code finds its currency, Escape restores the choice, and the list holds every quoted currency', async () => {
  const c = await visit();
  await c.to.fill('Thailand');
  const option = c.toList.getByRole('option').first();
  await option.waitFor();
  assert.equal(await option.textContent(), '🇹🇭THB Thai Baht · Thailand', 'found by the country, and says so');
  await c.to.fill('thb');
  await c.toList.getByRole('option', { name: /^THB Thai Baht$/ }).waitFor();
  // Other names and signs find theirs; text that finds nothing says so.
  for (const [typed, first] of [['rmb', 'CNY Chinese Yuan'], ['uk', 'GBP British Pound · United Kingdom'], ['฿', 'THB Thai Baht']]) {
    await c.to.fill(typed);
    await c.toList.getByRole('option').first().filter({ hasText: first }).waitFor();
  }
  await c.to.fill('qqqq');
  await c.region.locator('.currency-none').filter({ hasText: 'No currency found' }).waitFor();
  // Said to a screen reader too, once typing pauses, and only then: each key does not say a count.
  const heard = async (type) => {
    await c.region.evaluate((region) => {
      window.heard = [];
      const status = region.querySelector('.currency-field:focus-within [role="status"]');
      new MutationObserver(() => window.heard.push(status.textContent)).observe(status, { childList: true, characterData: true, subtree: true });
    });
    await type();
    await c.page.waitForTimeout(1500);
    return c.page.evaluate(() => window.heard.filter((t) => t !== ''));
  };
  await c.region.getByRole('status').filter({ hasText: 'No currency found' }).waitFor();
  await c.to.fill('');
  assert.deepEqual(await heard(() => c.to.pressSequentially('baht', { delay: 120 })), ['1 currency found'], 'one count, once typing paused');
  await c.to.press('Escape');
  assert.equal(await currencyCode(c.to), 'EUR', 'Escape keeps the chosen currency');
  // Empty text lists everything the provider's table quotes, the featured ones first.
  await c.to.fill('');
  await c.toList.getByRole('option').first().waitFor();
  // The catalog is listed until the provider's codes are in: wait for the table's own count.
  await c.page.waitForFunction(([list, n]) => document.getElementById(list)?.querySelectorAll('[role=option]').length === n, [await c.toList.getAttribute('id'), Object.keys(RATES.USD).length]);
  const codes = (await c.toList.getByRole('option').allTextContents()).map((t) => t.match(/[A-Z]{3}/)[0]);
  assert.deepEqual(codes.slice(0, 10), ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'CHF', 'CNY', 'INR', 'BRL']);
  assert.deepEqual([...codes].sort(), Object.keys(RATES.USD).sort(), 'every currency of the table, each once');
  // ArrowDown from the chosen one, then Enter.
  await c.to.press('Escape');
  await c.to.press('ArrowDown');
  await c.toList.getByRole('option', { selected: true }).waitFor();
  assert.match(await c.toList.getByRole('option', { selected: true }).textContent(), /^🇪🇺EUR Euro/);
  await c.to.press('ArrowDown');
  await c.to.press('Enter');
  assert.equal(await currencyCode(c.to), 'GBP');
  await finish(c.page);
});

test('Tab takes the option announced as selected and moves on; with nothing typed or moved to, it keeps the choice', async () => {
  const c = await visit();
  const isFocused = (locator) => locator.evaluate((el) => el === document.activeElement);
  await c.to.focus();
  await c.page.keyboard.type('yen');
  const first = c.toList.getByRole('option', { selected: true });
  await first.waitFor();
  assert.match(await first.textContent(), /^🇯🇵JPY Japanese Yen/);
  await c.page.keyboard.press('Tab');
  assert.equal(await c.to.inputValue(), 'JPY – Japanese Yen', 'the announced option is the choice');
  await c.page.waitForURL(/from=USD&to=JPY/);
  assert.ok(await isFocused(c.region.getByRole('button', { name: 'Reset' })), 'the focus moved on, to Reset');

  // Moved to with the arrows, then Tab (Shift+Tab here): taken too.
  await c.from.focus();
  await c.from.press('ArrowDown'); // opens at USD, the choice
  await c.region.getByRole('listbox', { name: 'From currency' }).getByRole('option', { selected: true }).waitFor();
  await c.from.press('ArrowDown');
  await c.page.keyboard.press('Shift+Tab');
  assert.equal(await currencyCode(c.from), 'EUR');
  assert.ok(await isFocused(c.amount), 'the focus moved back, to Amount');

  // Opened by a click, nothing typed: Tab leaves the choice as it is.
  await c.to.click();
  await c.toList.getByRole('option').first().waitFor();
  await c.page.keyboard.press('Tab');
  assert.equal(await currencyCode(c.to), 'JPY');
  assert.ok(await isFocused(c.region.getByRole('button', { name: 'Reset' })));
  await finish(c.page);
});

test('the Amount reads any currency of the catalog typed with it, not only the featured ones', async () => {
  const c = await visit('/currency-converter', { permissions: ['clipboard-read', 'clipboard-write'] });
  // Copied once the card says how it read the Amount (the line comes after a pause in typing
  // and moves the button).
  const copied = async (hint) => {
    await c.region.getByText(hint, { exact: true }).waitFor();
    await c.page.evaluate(() => navigator.clipboard.writeText(''));
    await c.region.getByRole('button', { name: 'Copy' }).click();
    for (let i = 0; i < 100; i++) {
      const text = await c.page.evaluate(() => navigator.clipboard.readText());
      if (text !== '') return text;
      await c.page.waitForTimeout(100);
    }
    return '';
  };
  await c.amount.fill('3650 THB to USD');
  await waitForResult(c.page, '$100.00 USD');
  // Copy and the history write the amount read and its currency, never the text typed.
  assert.equal(await copied('From 3650 THB'), '3,650.00 THB = 100.00 USD');
  const [entry] = await c.page.evaluate(() => JSON.parse(localStorage.getItem('conversion-history') ?? '[]'));
  assert.deepEqual([entry.from, entry.to], ['🇹🇭 3,650.00 THB', '🇺🇸 100.00 USD']);
  assert.deepEqual(entry.replay, { category: 'currency', value: '3650 THB to USD', from: 'THB', to: 'USD' }, 'the text typed replays');
  await c.amount.fill('฿365');
  await waitForResult(c.page, '€9.20 EUR');
  await c.amount.fill('1.000,50');
  await waitForResult(c.page, '€920.46 EUR');
  assert.equal(await copied('Read as 1000.50'), '1,000.50 USD = 920.46 EUR');
  // Swap turns round the pair converted, which the Amount named: the menus take it, the number stays.
  await c.amount.fill('3650 THB to USD');
  await waitForResult(c.page, '$100.00 USD');
  await c.region.getByText('From 3650 THB', { exact: true }).waitFor();
  await c.region.getByRole('button', { name: 'Swap currencies' }).click();
  assert.deepEqual([await currencyCode(c.from), await currencyCode(c.to), await c.amount.inputValue()], ['USD', 'THB', '3650']);
  await waitForResult(c.page, '฿133,225.00 THB');
  await finish(c.page);
});

test("amounts follow each currency's minor units: JPY without decimals, KWD with three", async () => {
  const c = await visit('/currency-converter?value=100&from=USD&to=JPY');
  await waitForResult(c.page, '¥15,120 JPY');
  await chooseCurrency(c.to, 'KWD');
  assert.equal(await c.to.inputValue(), 'KWD – Kuwaiti Dinar');
  await waitForResult(c.page, '30.750 KWD');
  // An address naming a currency outside the featured ones opens on it.
  await c.page.goto(`${ctx.site.url}/currency-converter?value=2&from=THB&to=KWD`);
  await waitForHydration(c.page);
  await waitForResult(c.page, `${((2 / THB_PER_USD) * KWD_PER_USD).toFixed(3)} KWD`);
  assert.equal(await c.from.inputValue(), 'THB – Thai Baht');
  // The rate history has no KWD: the edge says so in a 200 answer, so the console stays clean.
  const history = c.page.getByRole('region', { name: 'THB to KWD history' });
  await history.scrollIntoViewIfNeeded();
  await history.getByText('No history available for', { exact: false }).waitFor();
  await finish(c.page);
});

test('on a phone, tapping the field and an option chooses a currency', async () => {
  const c = await visit('/currency-converter', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await c.amount.fill('10');
  await c.from.tap();
  await c.from.fill('zloty');
  const zloty = c.region.getByRole('listbox', { name: 'From currency' }).getByRole('option', { name: /^PLN Polish Zloty/ });
  await zloty.tap();
  assert.equal(await currencyCode(c.from), 'PLN');
  assert.equal(await c.from.getAttribute('aria-expanded'), 'false', 'the list closed');
  await waitForResult(c.page, `€${((10 / RATES.USD.PLN) * 0.92).toFixed(2)} EUR`);
  await finish(c.page);
});

test("a phone's autocorrect, capitals and spell-check are off in From, To and the header search, as in Amount", async () => {
  const { page, amount, from, to } = await visit('/currency-converter', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const search = page.getByRole('search', { name: 'Site' }).getByRole('combobox', { name: 'Search or convert' });
  for (const [name, box] of [['Amount', amount], ['From', from], ['To', to], ['the header search', search]]) {
    const attrs = await box.evaluate((el) => ({ autocorrect: el.getAttribute('autocorrect'), autocapitalize: el.getAttribute('autocapitalize'), spellcheck: el.getAttribute('spellcheck') }));
    assert.deepEqual(attrs, { autocorrect: 'off', autocapitalize: 'off', spellcheck: 'false' }, name);
  }
  await finish(page);
});

test('offline, a currency without an offline rate says so, while a featured one converts', async () => {
  const c = await visit();
  await c.page.route('**/api/rates/**', (r) => r.abort('internetdisconnected'));
  await c.amount.fill('100');
  await waitForResult(c.page, '€85.00 EUR');
  await chooseCurrency(c.to, 'THB');
  const banner = c.region.getByRole('status').filter({ hasText: 'Live rates are unavailable' });
  await banner.filter({ hasText: 'no offline rate for THB' }).waitFor();
  // The browser says it is online: the rate service is why, so not "when you are back online".
  assert.equal((await banner.textContent()).trim(), 'Live rates are unavailable, and there is no offline rate for THB. Try again in a moment.');
  assert.ok(!/THB/.test(await c.result()), 'no invented THB amount');
  // An amount cleared converts nothing: no banner over the empty result; typed again, it is back.
  await c.amount.fill('');
  await banner.waitFor({ state: 'detached' });
  await c.amount.fill('100');
  await banner.filter({ hasText: 'no offline rate for THB' }).waitFor();
  // The same currency typed with the amount, the menus on a pair that has offline rates: the
  // banner names the currency converted, not the menus'.
  await chooseCurrency(c.to, 'EUR');
  await waitForResult(c.page, '€85.00 EUR');
  await c.amount.fill('100 THB');
  await banner.filter({ hasText: 'no offline rate for THB' }).waitFor();
  // Back online, the card asks again by itself: the live result, and no banner.
  await c.page.unroute('**/api/rates/**');
  await c.page.evaluate(() => window.dispatchEvent(new Event('online')));
  await waitForResult(c.page, `€${((100 / THB_PER_USD) * 0.92).toFixed(2)} EUR`);
  assert.equal(await banner.count(), 0);
  const expected = [/ERR_INTERNET_DISCONNECTED|Failed to load resource|exchange rate unavailable|live currencies is unavailable/];
  c.page.problems.splice(0, c.page.problems.length, ...c.page.problems.filter((p) => !expected.some((re) => re.test(p))));
  await finish(c.page);
});

test('link parameters read currency words as the Amount does: from=euro&to=yen, from=€&to=£', async () => {
  for (const [path, from, to] of [
    ['/currency-converter?value=100&from=euro&to=yen', 'EUR', 'JPY'],
    // Codes newer than this Chromium's own ISO list (XCG 2025, ZWG 2024): the catalog's.
    ['/currency-converter?value=100&from=XCG&to=USD', 'XCG', 'USD'],
    ['/currency-converter?value=100&from=USD&to=ZWG', 'USD', 'ZWG'],
    [`/currency-converter?value=100&from=${encodeURIComponent('€')}&to=${encodeURIComponent('£')}`, 'EUR', 'GBP'],
  ]) {
    const c = await visit(path);
    await c.page.waitForFunction(([f, t]) => {
      const q = new URLSearchParams(location.search);
      return q.get('from') === f && q.get('to') === t;
    }, [from, to]);
    // The address may name the pair before the card shows it (a code newer than this
    // Chromium's list waits for the catalog): the fields, once they have it.
    await c.page
      .waitForFunction(([f, t, want]) => [f.value, t.value].map((v) => v.split(' ')[0]).join(' ') === want, [await c.from.elementHandle(), await c.to.elementHandle(), `${from} ${to}`], { timeout: 5000 })
      .catch(() => undefined);
    assert.deepEqual([await currencyCode(c.from), await currencyCode(c.to)], [from, to], path);
    assert.equal(await c.region.getByRole('status').filter({ hasText: 'not understood' }).count(), 0, path);
    await finish(c.page);
  }
});

test('a link with one currency not understood never opens a pair of one currency', async () => {
  const c = await visit('/currency-converter?value=100&from=XYZ&to=USD');
  await c.region.getByRole('status').filter({ hasText: 'from=XYZ was not understood' }).waitFor();
  assert.deepEqual([await currencyCode(c.from), await currencyCode(c.to)], ['EUR', 'USD']);
  await finish(c.page);
});
