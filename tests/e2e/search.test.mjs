// The search box in every page's header, on a site with 2,000 generated articles
// (bench/articles.mjs): nothing of it loads before the box is focused; words find the
// article, FAQ entry, unit or converter (a misspelled word too); the keyboard alone works;
// screen readers get names, options and a count; axe finds nothing with the list open;
// it fits at 320 px; offline it says it needs the connection, except for what it fetched.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { addArticles } from '../../bench/articles.mjs';
import { defaultRates, searchListComplete, siteCopy, siteForFile, waitForHydration } from './harness.mjs';
import { finish, liveSaid, newPage, noAxeViolations, recordLiveRegions } from './interactive-helpers.mjs';

const root = siteCopy((dir) => addArticles(dir, 2000));
after(() => rmSync(root, { recursive: true, force: true }));
// THB besides the featured currencies: the box reads money in every currency. HUF, BAM, ZAR
// and MMK, whose signs Ft, KM, R and K are unit symbols too, have rates, so that a unit read
// as money would be answered, not refused.
const ctx = siteForFile({ root, rates: defaultRates({ THB: 35.85, HUF: 360, BAM: 1.8, ZAR: 18, MMK: 2100 }) });

const box = (page) => page.getByRole('combobox', { name: 'Search or convert' });
const results = (page) => page.getByRole('listbox', { name: 'Search results' });

/** Waits until the attribute reads `value` (null: absent), and says what it read if it never does. */
async function attr(locator, name, value, message) {
  let got;
  for (let i = 0; i < 50; i++) {
    got = await locator.getAttribute(name);
    if (got === value) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(got, value, message ?? name);
}

/** Opens `path` with the search island hydrated. */
async function open(path = '/length-converter', options = {}) {
  const page = await newPage(ctx.browser, options);
  await page.goto(ctx.site.url + path);
  await page.waitForSelector('[data-island="SiteSearch"][data-hydrated="true"]');
  return page;
}

/** Types into the box as a visitor does and waits for the whole list: its status speaks once it is complete. */
async function search(page, text) {
  await box(page).fill('');
  await box(page).pressSequentially(text, { delay: 20 });
  await searchListComplete(page, text);
}

test('the box is in the header of every kind of page, and nothing of the search loads before it is focused', async () => {
  for (const path of ['/', '/length-converter', '/blog/unit-conversion-history', '/faq', '/privacy', '/blog']) {
    const page = await open(path);
    const asked = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await page.waitForLoadState('networkidle');
    assert.equal(await page.locator('header.site-header').getByRole('combobox', { name: 'Search or convert' }).count(), 1, path);
    assert.deepEqual(asked.filter((p) => p.startsWith('/search')), [], `${path}: no index before focus`);
    await page.context().close();
  }
  const page = await open('/length-converter');
  const before = [];
  page.on('request', (r) => before.push(new URL(r.url()).pathname));
  await page.waitForLoadState('networkidle');
  const scriptsBefore = before.filter((p) => p.endsWith('.js')).length;
  // Focusing fetches the rest of the search.
  await Promise.all([page.waitForRequest((r) => new URL(r.url()).pathname.endsWith('.js')), box(page).focus()]);
  assert.ok(before.filter((p) => p.endsWith('.js')).length > scriptsBefore);
  const entry = page.waitForRequest((r) => new URL(r.url()).pathname === '/search.json');
  await search(page, 'metre');
  await entry;
  await finish(page);
});

test('a word from one article body finds that article first, and Enter opens it', async () => {
  const page = await open('/');
  await search(page, 'Talleyrand');
  const first = results(page).getByRole('option').first();
  await first.waitFor();
  assert.match(await first.textContent(), /History/);
  assert.match(await first.locator('mark').first().textContent(), /Talleyrand/);
  await box(page).press('Enter');
  await page.waitForURL('**/blog/unit-conversion-history');
  await finish(page);
});

test('a page’s plain name finds that page first, above pages that only say the word', async () => {
  const page = await open('/');
  // "about" is in the text of many pair pages ("multiply by about …"); "blog" in the terms;
  // "help" and "privacy" in FAQ entries that scored above their pages.
  for (const [query, title, path] of [
    ['about', 'About Unitly', '/about'],
    ['blog', 'Unitly Blog', '/blog'],
    ['help', 'Help Center', '/help'],
    ['privacy', 'Privacy Policy', '/privacy'],
    ['cookies', 'Cookie Policy', '/cookies'],
  ]) {
    await search(page, query);
    const named = results(page).getByRole('option', { name: new RegExp(`^${title}`) });
    await named.waitFor();
    assert.equal(await results(page).getByRole('option').first().getAttribute('id'), await named.getAttribute('id'), `${query}: ${await results(page).getByRole('option').allTextContents()}`);
    assert.equal(await named.locator('.site-search-title').textContent(), title);
    if (query === 'blog') {
      await box(page).press('Enter');
      await page.waitForURL((url) => url.pathname === path);
      await page.waitForSelector('[data-island="SiteSearch"][data-hydrated="true"]');
    }
  }
  await finish(page);
});

test('a misspelled word finds conversion articles, and says what it read', async () => {
  const page = await open('/');
  await search(page, 'convresion');
  await page.locator('.site-search-note', { hasText: 'Showing results for “conversion”.' }).waitFor();
  // Every result has the word (marked in its excerpt), conversion articles among them.
  const options = results(page).getByRole('option');
  const marked = await options.evaluateAll((els) => els.map((el) => [...el.querySelectorAll('mark')].map((m) => m.textContent).join(' ')));
  assert.ok(marked.length > 0 && marked.every((m) => /conversion/i.test(m)), marked.join(' | '));
  assert.ok((await options.filter({ hasText: 'Blog' }).allTextContents()).some((t) => /conversion/i.test(t)), 'a conversion article');
  await finish(page);
});

test('an FAQ question opens its answer on the FAQ page', async () => {
  const page = await open('/length-converter');
  await search(page, 'work offline');
  const option = results(page).getByRole('option').filter({ hasText: 'FAQ' }).first();
  await option.waitFor();
  await option.click();
  await page.waitForURL(/\/faq#/);
  const id = new URL(page.url()).hash.slice(1);
  await page.waitForFunction((id) => document.getElementById(id)?.open === true, id);
  await finish(page);
});

test('a unit finds its converter, opened on that unit', async () => {
  const page = await open('/');
  await search(page, 'what is a stone');
  const option = results(page).getByRole('option').filter({ hasText: 'Weight unit' }).first();
  await option.waitFor();
  assert.match(await option.textContent(), /Stones/);
  await option.click();
  await page.waitForURL(/\/weight-converter\?from=stones/);
  await finish(page);
});

test('a pair query is answered first, then lists its pair page before its reverse and the converter', async () => {
  const page = await open('/');
  for (const [query, answer, title] of [
    ['feet to meters', '1 ft = 0.3048 m', 'Feet to Meters'],
    ['meters to feet', '1 m = 3.28084 ft', 'Meters to Feet'],
    ['psi to bar', '1 psi = 0.0689476 bar', 'Pounds per Square Inch to Bars'],
  ]) {
    await search(page, query);
    // The value parser answers the pair itself (one of the first), above the pages found (whose
    // excerpts may quote the same line: the answer is the option titled so).
    await results(page).getByRole('option').first().filter({ has: page.locator('.site-search-title', { hasText: answer }) }).waitFor();
    assert.equal(await results(page).getByRole('option').nth(1).locator('.site-search-title').textContent(), title, query);
  }
  await finish(page);
});

test('a conversion lists the page of its pair right after the answer, even when a symbol is one letter', async () => {
  const page = await open('/');
  for (const [query, answer, title] of [
    ['5 N to lbf', /^5 N = 1\.124045 lbf/, 'Newtons to Pounds-Force'],
    ['1 TB to B', /^1 TB = 1,000,000,000,000 B/, 'Terabytes to Bytes'],
    ['5.75 ft to ft in', /^5\.75 ft = 5 ft 9 in/, 'Decimal Feet to Feet and Inches'],
    ['100 Mbps to MB/s', /^100 Mbit\/s = 12\.5 MB\/s/, 'Megabits per Second to Megabytes per Second'],
  ]) {
    await search(page, query);
    await results(page).getByRole('option').first().filter({ hasText: answer }).waitFor();
    const second = results(page).getByRole('option').nth(1);
    assert.equal(await second.locator('.site-search-title').textContent(), title, query);
    // Listed once, and it opens the pair page.
    assert.equal(await results(page).getByRole('option').filter({ has: page.locator('.site-search-title', { hasText: new RegExp(`^${title}$`) }) }).count(), 1, query);
  }
  await results(page).getByRole('option').nth(1).click();
  // The pair page opens on the value asked.
  await page.waitForURL((u) => u.pathname === '/data-transfer-rate-converter/megabits-per-second-to-megabytes-per-second' && u.searchParams.get('value') === '100 Mbps');
  await finish(page);
});

test("the page of a conversion's pair opens on the value asked, for units and money", async () => {
  const page = await open('/');
  await search(page, '5 ft 11 in to cm');
  await results(page).getByRole('option').first().filter({ hasText: /^5 ft 11 in = 180\.34 cm/ }).waitFor();
  await results(page).getByRole('option').filter({ has: page.locator('.site-search-title', { hasText: /^Feet to Centimeters$/ }) }).click();
  await page.waitForURL((u) => u.pathname === '/length-converter/feet-to-centimeters');
  assert.equal(new URL(page.url()).searchParams.get('value'), '5 ft 11 in');
  await waitForHydration(page);
  const card = page.getByRole('region', { name: 'Length Converter' });
  await card.getByRole('status', { name: 'Result' }).filter({ hasText: '180.34 cm' }).waitFor();

  // In parts: the page to feet and inches, named by its parts.
  await search(page, '180 cm to feet and inches');
  await results(page).getByRole('option').first().filter({ hasText: /^180 cm = 5 ft 10\.87 in/ }).waitFor();
  await results(page).getByRole('option').filter({ has: page.locator('.site-search-title', { hasText: /^Centimeters to Feet and Inches$/ }) }).click();
  await page.waitForURL((u) => u.pathname === '/length-converter/centimeters-to-feet-and-inches');
  assert.equal(new URL(page.url()).searchParams.get('value'), '180 cm');
  await waitForHydration(page);
  await card.getByRole('status', { name: 'Result' }).filter({ hasText: '5 ft 10.87 in' }).waitFor();

  await search(page, '100 usd to jpy');
  await results(page).getByRole('option').first().filter({ hasText: /^100\.00 USD = 15,120/ }).waitFor();
  await results(page).getByRole('option').filter({ has: page.locator('.site-search-title', { hasText: /^US Dollar to Japanese Yen$/ }) }).first().click();
  await page.waitForURL((u) => u.pathname === '/currency-converter/usd-to-jpy');
  assert.equal(new URL(page.url()).searchParams.get('value'), '100');
  await finish(page);
});

test('a pair or a value with a misspelled unit is answered as the search corrected it, or as the parser offers', async () => {
  const page = await open('/');
  for (const [query, corrected, answer] of [
    ['farenheit to celsius', 'fahrenheit to celsius', /^°C = \(°F − 32\) ÷ 1\.8 \(0 °F ≈ -17\.77777778 °C\)/],
    ['kilogramms to pounds', 'kilograms to pounds', /^1 kg = 2\.204623 lb/],
    // Four letters without vowels: a unit's name, too short for the site's spelling lists.
    ['grms to kg', 'grams to kg', /^1 g = 0\.001 kg/],
    // One typo next to a number: the parser's "Did you mean" was the whole answer.
    ['100 farenheit in celsius', '100 fahrenheit in celsius', /^100 °F = 37\.78 °C/],
    ['3 feets to cm', '3 feet to cm', /^3 ft = 91\.44 cm/],
  ]) {
    await search(page, query);
    await results(page).getByRole('option').first().filter({ hasText: answer }).waitFor();
    await page.locator('.site-search-note', { hasText: `Showing results for “${corrected}”.` }).waitFor();
  }
  await finish(page);
});

test('while the box asks bits or bytes, the pair in bytes is listed first and Enter opens it; sizes all in lower case are answered in bytes', async () => {
  const page = await open('/');
  for (const [query, title] of [['1 GB in mb', 'Gigabytes to Megabytes'], ['500 mb in GB', 'Megabytes to Gigabytes']]) {
    await search(page, query);
    await page.locator('.site-search-note', { hasText: 'type it with its case.' }).waitFor();
    await results(page).getByRole('option').first().filter({ has: page.locator('.site-search-title', { hasText: new RegExp(`^${title}$`) }) }).waitFor();
  }
  await box(page).press('Enter');
  await page.waitForURL((u) => u.pathname === '/digital-storage-converter/megabytes-to-gigabytes');
  await page.goto(`${ctx.site.url}/`);
  await search(page, '1 gb to mb');
  await results(page).getByRole('option').first().filter({ hasText: '1 GB = 1,000 MB (gb and mb read as GB and MB, bytes; as Gbit and Mbit, bits, the number is the same)' }).waitFor();
  await box(page).press('Enter');
  await page.waitForURL((u) => u.pathname === '/digital-storage-converter' && u.searchParams.get('from') === 'gigabytes' && u.searchParams.get('to') === 'megabytes');
  await finish(page);
});

test('“oz to ml” with no number says the fluid reading, with the pair as typed first', async () => {
  const page = await open('/');
  await search(page, 'oz to ml');
  await page.locator('.site-search-note', { hasText: 'for fluid ounces type fl oz: 1 US fluid ounce = 29.57353 mL.' }).waitFor();
  await results(page).getByRole('option').first().filter({ has: page.locator('.site-search-title', { hasText: /^US Fluid Ounces to Milliliters$/ }) }).waitFor();
  await finish(page);
});

test('“exchange rate usd to eur” answers with the rate and lists the US Dollar to Euro page', async () => {
  const page = await open('/');
  await search(page, 'exchange rate usd to eur');
  await results(page).getByRole('option').first().filter({ hasText: /^1 USD = 0\.92/ }).waitFor();
  await results(page).getByRole('option').nth(1).filter({ has: page.locator('.site-search-title', { hasText: /^US Dollar to Euro$/ }) }).waitFor();
  await finish(page);
});

test('a conversion is answered in the box, with Copy, and opens its converter filled in', async () => {
  const page = await open('/blog');
  await search(page, '5 ft 11 in to cm');
  // The answer comes alongside the page results (the parser is a chunk of its own): wait for it.
  const answer = results(page).getByRole('option').first().filter({ hasText: /^5 ft 11 in = 180\.34 cm/ });
  await answer.waitFor();
  await page.getByRole('status').filter({ hasText: '5 ft 11 in = 180.34 cm.' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Copy' }).count(), 1);
  await noAxeViolations(page, 'a conversion answered');
  await box(page).press('Enter');
  await page.waitForURL('**/length-converter?value=5+ft+11+in&from=feet&to=centimeters');
  // The card restores the address once it has hydrated: wait for that, not for a time.
  await page.waitForFunction(() => document.querySelector('[data-island="ConverterCard"]')?.dataset.hydrated === 'true');
  assert.equal(await page.getByRole('textbox', { name: 'Value' }).inputValue(), '5 ft 11 in');
  await page.waitForFunction(() => !document.querySelector('output[aria-busy="true"]'));
  assert.match(await page.getByRole('status', { name: 'Result' }).textContent(), /180\.34/);

  // The cards' own reader: phone quotes, a decimal comma, the one reading of "tons".
  // The trades' units and spellings: pump head, duct pressure, vacuum microns (a pressure before a pressure target).
  const trades = [['10 ft H2O to psi', /^10 ftH₂O = 4\.335275 psi/], ['0.5 in. w.c. to Pa', /^0\.5 inH₂O = 124\.544455 Pa/], ['500 microns to Pa', /^500 µmHg = 66\.661194 Pa/], ['100 MBH to kW', /^100 MBH = 29\.307107 kW/]];
  for (const [query, said] of [['5’11” to cm', /^5 ft 11 in = 180\.34 cm/], ['1,5 km to mi', /^1\.5 km = 0\.932057 mi/], ['2 tons to lb', /^2 US short tons = 4,000 lb/], ...trades]) {
    await search(page, query);
    await results(page).getByRole('option').first().filter({ hasText: said }).waitFor();
  }
  // A typo the parser offers a word for is answered as corrected, saying so.
  await search(page, '5 fet to cm');
  await results(page).getByRole('option').first().filter({ hasText: /^5 ft = 152\.4 cm/ }).waitFor();
  await page.locator('.site-search-note', { hasText: 'Showing results for “5 feet to cm”.' }).waitFor();
  // One whose correction still has no answer keeps the offer, from the unit's own kind.
  await search(page, '5 mililiters to oz');
  await page.locator('.site-search-note', { hasText: 'Unknown unit “mililiters”. Did you mean “milliliters”?' }).waitFor();
  await finish(page);
});

test('a range, a ratio or a room’s sides gets the card’s explanation, shown and said, with the pages found below', async () => {
  const page = await open('/');
  for (const [query, message] of [
    ['1000-1200 sq ft to m2', '1000-1200 looks like a range: convert each end, or write 1000 - 1200 to subtract.'],
    ['100 m2 / 4 m2', '100 m² ÷ 4 m² is a plain ratio (25), not an area: divide a quantity by a plain number.'],
    ['12x14 ft to m2', '“ft” is a unit of length: for an area, multiply the numbers and write the square unit once, 12 × 14 ft².'],
  ]) {
    await search(page, query);
    await page.locator('.site-search-note', { hasText: message }).waitFor();
    await page.getByRole('status').filter({ hasText: message }).waitFor();
    assert.ok((await results(page).getByRole('option').count()) > 0, `${query}: the pages found are still listed`);
  }
  await finish(page);
});

test('money in the box: the live rate through the edge, with its time', async () => {
  const page = await open('/');
  await search(page, '100 usd to eur');
  // The answer comes alongside the page results (its chunk may arrive after them): wait for it.
  await results(page).getByRole('option').first().filter({ hasText: /^100\.00 USD = 92\.00 EUR.*Live · as of/ }).waitFor();
  await box(page).press('Enter');
  await page.waitForURL('**/currency-converter?value=100&from=USD&to=EUR');
  await finish(page);
});

test('a pair as markets write it, EUR/USD, is the rate of 1 EUR in USD, its page listed before the inverse one', async () => {
  const page = await open('/');
  await search(page, 'EUR/USD');
  const options = results(page).getByRole('option');
  await options.first().filter({ hasText: /^1 EUR = 1\.0870 USD.*Live · as of/ }).waitFor();
  assert.equal(await options.nth(1).locator('.site-search-title').textContent(), 'Euro to US Dollar');
  await search(page, 'usd inr rate');
  await options.first().filter({ hasText: /^1 USD = 83\.3000 INR/ }).waitFor();
  assert.equal(await options.nth(1).locator('.site-search-title').textContent(), 'US Dollar to Indian Rupee');
  await finish(page);
});

test('money in a currency with no page: a country names it, a shared word asks which, and no other pair’s page is listed', async () => {
  const page = await open('/');
  const options = results(page).getByRole('option');
  await search(page, 'Thailand');
  await options.first().filter({ hasText: /^1 THB = 0\.027894 USD/ }).waitFor();
  // Six letters read like a pair of codes ("eurusd"); CAN and ADA are none, so a country.
  await search(page, 'Canada');
  await options.first().filter({ hasText: /^1 CAD = [\d.]+ USD/ }).waitFor();
  await search(page, '500 pesos to usd');
  await page.locator('.site-search-note', { hasText: /^“pesos” is written for several currencies/ }).waitFor();
  await search(page, '250 thai baht in usd');
  await options.first().filter({ hasText: /^250\.00 THB = 6\.97 USD/ }).waitFor();
  const titles = await results(page).locator('.site-search-title').allTextContents();
  assert.deepEqual(titles.filter((t) => / to /.test(t) && !/^250/.test(t)), [], `no other pair’s page: ${titles.join(' | ')}`);
  await finish(page);
});

test('a late answer goes above the option chosen without moving the choice, and Enter before it waits for it', async () => {
  // The live rate is held back: the pages are listed before the answer.
  let release;
  const held = async (page) => {
    const gate = new Promise((r) => (release = r));
    await page.route('**/api/rates/pair/**', async (r) => {
      await gate;
      await r.continue();
    });
  };
  const page = await open('/');
  await held(page);
  // Typed, not search(): the status waits for the whole list, answer included.
  await box(page).pressSequentially('100 usd to eur', { delay: 20 });
  const options = results(page).getByRole('option');
  await options.first().filter({ hasText: 'US Dollar to Euro' }).waitFor();
  assert.equal(await options.first().locator('.site-search-title').textContent(), 'US Dollar to Euro');
  assert.equal(await page.locator('#site-search-status').textContent(), '', 'the count waits for the answer');
  await box(page).press('ArrowDown');
  await attr(options.first(), 'aria-selected', 'true');
  release();
  await options.first().filter({ hasText: /^100\.00 USD = 92\.00 EUR/ }).waitFor();
  const chosen = results(page).locator('[role="option"][aria-selected="true"]');
  assert.equal(await chosen.locator('.site-search-title').textContent(), 'US Dollar to Euro', 'the choice stays on the page chosen');
  await attr(box(page), 'aria-activedescendant', await chosen.getAttribute('id'));
  await box(page).press('Enter');
  // The pair's page, on the amount asked.
  await page.waitForURL((u) => u.pathname === '/currency-converter/usd-to-eur' && u.searchParams.get('value') === '100');
  await finish(page);

  const early = await open('/');
  await held(early);
  await box(early).pressSequentially('50 usd to eur', { delay: 20 });
  await results(early).getByRole('option').first().waitFor();
  await early.keyboard.press('Enter');
  // Nothing opens while the answer is on its way; then the answer does.
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(new URL(early.url()).pathname, '/');
  release();
  await early.waitForURL('**/currency-converter?value=50&from=USD&to=EUR');
  await finish(early);
});

test('a pair with no number or asked in words is answered as people search it, and money in every currency', async () => {
  const page = await open('/');
  await search(page, 'mpg to L/100km');
  await results(page).getByRole('option').first().filter({ hasText: /^L\/100 km = 235\.2145833 ÷ mpg/ }).waitFor();
  await search(page, 'THB to USD');
  await results(page).getByRole('option').first().filter({ hasText: /^1 THB = 0\.027894 USD.*Live · as of/ }).waitFor();
  await search(page, 'how many ounces in a pound?');
  await results(page).getByRole('option').first().filter({ hasText: /^1 lb = 16 oz/ }).waitFor();
  await search(page, '250 thai baht in usd');
  await results(page).getByRole('option').first().filter({ hasText: /^250\.00 THB = 6\.97 USD/ }).waitFor();
  await box(page).press('Enter');
  await page.waitForURL('**/currency-converter?value=250&from=THB&to=USD');
  await finish(page);
});

test('numbers in words are read as the cards read them: a scale after a number, a number spelled out, saying how', async () => {
  const page = await open('/');
  await search(page, '1 million meters in km');
  await results(page).getByRole('option').first().filter({ hasText: /^1 million m = 1,000 km/ }).waitFor();
  await search(page, 'one hundred meters in feet');
  await results(page).getByRole('option').first().filter({ hasText: /^100 m = 328\.08399 ft.*“one hundred” read as 100/ }).waitFor();
  await finish(page);
});

test('units whose symbols are signs of money too (ft, km, R, K) are answered as units, and money by its code', async () => {
  const page = await open('/');
  for (const [query, said] of [
    ['5 m to ft', /^5 m = 16\.404199 ft/],
    ['m to ft', /^1 m = 3\.28084 ft/],
    ['100 km to ft', /^100 km = 328,083\.989501 ft/],
    ['500 R to K', /^500 °R = 277\.78 K/],
    ['100 HUF to EUR', /^100 HUF = 0\.26 EUR/],
    ['3 ft to km', /^3 ft = 0\.0009144 km/],
  ]) {
    await search(page, query);
    await results(page).getByRole('option').first().filter({ hasText: said }).waitFor();
  }
  await box(page).press('Enter');
  await page.waitForURL('**/length-converter?value=3+ft&from=feet&to=kilometers');
  await finish(page);
});

test('a measure of an ingredient is answered with the cooking converter’s figures, and opens it on that ingredient', async () => {
  const page = await open('/');
  await search(page, 'how many grams in a cup of sugar');
  await results(page).getByRole('option').first().filter({ hasText: /^1 US cup of granulated sugar = 200 g/ }).waitFor();
  await search(page, '2 cups to grams');
  await page.locator('.site-search-note', { hasText: 'name the ingredient, as in “2 cups of flour to grams”' }).waitFor();
  await search(page, '1 cup of flour in grams');
  await results(page).getByRole('option').first().filter({ hasText: /^1 US cup of all-purpose flour, spooned = 120\.49 g/ }).waitFor();
  await box(page).press('Enter');
  await page.waitForURL('**/cooking-converter?value=1+cup&from=cups&to=grams&ingredient=flour_spooned');
  // The card reads the address once it has hydrated: wait for what it then shows.
  await page.getByRole('status', { name: 'Result' }).filter({ hasText: '120.49' }).waitFor();
  assert.equal(await page.getByRole('combobox', { name: 'Ingredient' }).inputValue(), 'flour_spooned');
  await finish(page);
});

test('water by the gallon weighs, an ounce of water is answered both ways, and a Beaufort force is said to be no unit', async () => {
  const page = await open('/');
  await search(page, '1 gallon of water in lbs');
  await results(page).getByRole('option').first().filter({ hasText: /^1 US gallon of water = 8\.35 lb/ }).waitFor();
  await search(page, '8 oz water to ml');
  await results(page).getByRole('option').nth(0).filter({ hasText: /^8 oz \(weight\) of water = 226\.8 mL/ }).waitFor();
  await results(page).getByRole('option').nth(1).filter({ hasText: /^8 US fluid ounces = 236\.588237 mL/ }).waitFor();
  await search(page, '8 oz to ml');
  await page.locator('.site-search-note', { hasText: '“oz” is a weight; for fluid ounces type fl oz: 8 US fluid ounces = 236.588237 mL.' }).waitFor();
  await search(page, 'beaufort');
  await page.locator('.site-search-note', { hasText: 'The Beaufort scale is a range of wind speeds for each force, not a unit' }).waitFor();
  await finish(page);
});

test('keyboard only: Ctrl+K focuses the box, arrows choose, Escape closes then clears; screen readers hear the options and a count', async () => {
  const page = await open('/length-converter');
  await page.locator('h1').click();
  // No single-key shortcut (WCAG 2.1.4): `/` is only a character.
  await page.keyboard.press('/');
  assert.notEqual(await page.evaluate(() => document.activeElement?.id), 'site-search-q');
  await page.keyboard.press('Control+k');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'site-search-q');
  await page.keyboard.type('acre');
  await page.waitForFunction(() => document.getElementById('site-search-q').getAttribute('aria-expanded') === 'true');
  assert.equal(await box(page).inputValue(), 'acre');
  const status = page.getByRole('status').filter({ hasText: /results?\.$/ });
  await status.waitFor();
  const count = await results(page).getByRole('option').count();
  assert.ok(count > 1);
  assert.equal(await status.textContent(), `${count} results.`);

  await page.keyboard.press('ArrowDown');
  const options = results(page).getByRole('option');
  const firstId = await options.first().getAttribute('id');
  await attr(box(page), 'aria-activedescendant', firstId);
  await attr(options.first(), 'aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await attr(box(page), 'aria-activedescendant', await options.nth(1).getAttribute('id'));
  await page.keyboard.press('ArrowUp');
  await attr(box(page), 'aria-activedescendant', firstId);
  await page.keyboard.press('ArrowUp');
  await attr(box(page), 'aria-activedescendant', await options.last().getAttribute('id'), 'up from the first wraps to the last');

  await page.keyboard.press('Escape');
  await attr(box(page), 'aria-expanded', 'false');
  await attr(box(page), 'aria-activedescendant', null);
  assert.equal(await box(page).inputValue(), 'acre', 'the first Escape only closes the list');
  await page.keyboard.press('ArrowDown');
  await attr(box(page), 'aria-expanded', 'true', 'the arrow opens it again');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  assert.equal(await box(page).inputValue(), '');
  await page.keyboard.press('Tab');
  assert.notEqual(await page.evaluate(() => document.activeElement?.id), 'site-search-q');
  await finish(page);
});

test('an amount alone is not searched: the box says to add units, then answers the conversion', async () => {
  const page = await open('/');
  const asked = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (/^\/search\/[^/]+\/[cp]\//.test(path)) asked.push(path);
  });
  await box(page).focus();
  // At a visitor's pace, "2", "25" and "250" are each read, and none is looked up.
  await page.keyboard.type('250', { delay: 80 });
  await page.getByText('Add units to convert it: “250 kg to lb”, “250 usd to eur”.').waitFor();
  await page.getByRole('status').filter({ hasText: /^Add units to convert it: “250 kg to lb”/ }).waitFor();
  assert.deepEqual(asked, [], 'no chunk or result of the index for a number alone');
  await page.keyboard.type(' kg to lb', { delay: 20 });
  await results(page).getByRole('option').first().filter({ hasText: /^250 kg = 551\.155655 lb/ }).waitFor();
  assert.ok(asked.length > 0, 'the words are looked up once there are some');
  await finish(page);
});

test('typing a conversion, a screen reader hears the box’s status once, for what was typed', async () => {
  const page = await newPage(ctx.browser);
  await recordLiveRegions(page);
  await page.goto(ctx.site.url + '/');
  await page.waitForSelector('[data-island="SiteSearch"][data-hydrated="true"]');
  await box(page).focus();
  // At a visitor's pace: each key is read as a query, and the list follows it.
  await page.keyboard.type('12 kg to lb', { delay: 80 });
  await results(page).getByRole('option').first().filter({ hasText: /^12 kg = 26\.455471 lb/ }).waitFor();
  await page.waitForFunction(() => window.__said.some((s) => s.region === 'Site'));
  const said = await liveSaid(page, 'Site');
  assert.equal(said.length, 1, `one status, not one per key: ${JSON.stringify(said)}`);
  assert.match(said[0], /^12 kg = 26\.455471 lb\. .*\d+ results?\.$/);
  // A single character typed alone is said as a longer query is, once typing pauses.
  await box(page).fill('');
  await page.keyboard.type('€');
  await results(page).getByRole('option').first().waitFor();
  const count = await results(page).getByRole('option').count();
  await page.getByRole('status').filter({ hasText: `${count} result${count === 1 ? '' : 's'}.` }).waitFor();
  await page.waitForFunction((n) => window.__said.filter((s) => s.region === 'Site').length > n, said.length);
  assert.match((await liveSaid(page, 'Site')).at(-1), /^\d+ results?\.$/);
  await finish(page);
});

test('axe finds nothing with the list open, on a wide screen and at 320 px, where nothing scrolls sideways', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 320, height: 640 }]) {
    const page = await open('/length-converter', { viewport });
    await box(page).focus();
    await search(page, 'acre');
    await results(page).waitFor();
    await page.keyboard.press('ArrowDown');
    await noAxeViolations(page, `list open at ${viewport.width} px`);
    const { scroll, client, popup } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
      popup: document.querySelector('.site-search-popup').getBoundingClientRect().toJSON(),
    }));
    assert.ok(scroll <= client, `${viewport.width} px: the page scrolls sideways (${scroll} > ${client})`);
    assert.ok(popup.left >= 0 && popup.right <= client, `${viewport.width} px: the list fits (${popup.left}–${popup.right})`);
    const input = await box(page).boundingBox();
    assert.ok(input.width >= 100, `${viewport.width} px: the box is ${input.width} px wide`);
    await finish(page);
  }
});

test('on a phone an answer takes the width of the list, its section under it', async () => {
  const page = await open('/', { viewport: { width: 390, height: 844 } });
  await box(page).focus();
  await search(page, '100 usd to eur');
  const answer = results(page).locator('.site-search-answer').first();
  await answer.filter({ hasText: /^100\.00 USD = / }).waitFor();
  const [hit, title, section] = await Promise.all(['', '.site-search-title', '.site-search-section'].map((s) => (s === '' ? answer : answer.locator(s)).boundingBox()));
  assert.ok(title.width >= hit.width * 0.8, `the answer is ${title.width} px of ${hit.width}`);
  assert.ok(section.y >= title.y + title.height - 1, 'the section is under the answer');
  await finish(page);
});

test('on a short screen the list scrolls by itself to its last option and Copy', async () => {
  for (const viewport of [{ width: 844, height: 390 }, { width: 375, height: 667 }]) {
    const page = await open('/length-converter', { viewport });
    await box(page).focus();
    await search(page, '5 ft');
    // search() waited for the whole list: the answer, its pair pages and the pages found.
    await results(page).getByRole('option').first().filter({ hasText: /^5 ft = / }).waitFor();
    const popup = page.locator('.site-search-popup');
    const shown = await popup.boundingBox();
    assert.ok(shown.y + shown.height <= viewport.height, `${viewport.width}×${viewport.height}: the list ends on the screen`);
    // A wheel (a finger) over the list scrolls the list, not the page behind it.
    await page.mouse.move(shown.x + shown.width / 2, shown.y + shown.height / 2);
    await page.mouse.wheel(0, 3000);
    const copy = page.getByRole('search', { name: 'Site' }).getByRole('button', { name: 'Copy' });
    await page.waitForFunction(() => {
      const list = document.querySelector('.site-search-popup');
      return list.scrollTop + list.clientHeight >= list.scrollHeight - 1;
    });
    for (const [name, shape] of [['the last option', await results(page).getByRole('option').last().boundingBox()], ['Copy', await copy.boundingBox()]]) {
      assert.ok(shape.y >= shown.y - 1 && shape.y + shape.height <= shown.y + shown.height + 1, `${viewport.width}×${viewport.height}: ${name} is shown`);
    }
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page stays put');
    await finish(page);
  }
});

test('a query typed before the box hydrated is answered once it has, and the visitor types on where they were', async () => {
  // A slow first visit: the header's box can be typed in before the scripts arrive. They are
  // held until the query is typed, key by key.
  const page = await newPage(ctx.browser);
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(ctx.site.url + '/', { waitUntil: 'commit' });
  await box(page).click();
  await page.keyboard.type('10 kg to lb');
  assert.equal(await page.locator('[data-island][data-hydrated]').count(), 0, 'typed before any island hydrated');
  release();
  await page.waitForSelector('[data-island="SiteSearch"][data-hydrated="true"]');
  await results(page).getByRole('option').first().filter({ hasText: /^10 kg = 22\.046226 lb/ }).waitFor();
  // The focus and the caret stayed: the next keys edit the end of the query.
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('oz');
  assert.equal(await box(page).inputValue(), '10 kg to oz');
  await results(page).getByRole('option').first().filter({ hasText: /^10 kg = 352\.739619 oz/ }).waitFor();
  await finish(page);
});

test('a first visit that never used the box converts in it offline', async () => {
  const page = await open('/length-converter', { serviceWorkers: 'allow' });
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // The worker stored the answers file at install; the page itself never fetched it.
  const stored = await page.evaluate(async () => (await (await caches.open('unitly-search')).keys()).map((r) => new URL(r.url).pathname));
  assert.ok(stored.some((p) => /^\/search\/[0-9a-f]+\/units\.json$/.test(p)), stored.join(', '));
  await page.context().setOffline(true);
  const offline = await page.context().newPage();
  await offline.goto(ctx.site.url + '/weight-converter');
  await offline.waitForSelector('[data-island="SiteSearch"][data-hydrated="true"]');
  await search(offline, '5 ft 11 in to cm');
  await results(offline).getByRole('option').filter({ hasText: '5 ft 11 in = 180.34 cm' }).waitFor();
  await page.context().setOffline(false);
  await page.context().close();
});

test('offline, the box converts and says page search needs the connection, but answers what it fetched before', async () => {
  const page = await open('/length-converter', { serviceWorkers: 'allow' });
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await search(page, '5 ft');
  await results(page).getByRole('option').filter({ hasText: '5 ft = 1.524 m' }).waitFor();
  await search(page, 'acre');
  await results(page).getByRole('option').first().waitFor();
  const online = await results(page).getByRole('option').allTextContents();
  // A live rate the box showed is kept, as the card keeps its own (THB has no built-in rate).
  await search(page, '100 usd to thb');
  await results(page).getByRole('option').filter({ hasText: /100\.00 USD = 3,585\.00 THB.*Live/ }).waitFor();
  // A new tab, offline: the entry and the files of that query come from the search cache.
  const offline = await page.context().newPage();
  await offline.goto(ctx.site.url + '/length-converter');
  await offline.waitForSelector('[data-island="SiteSearch"][data-hydrated="true"]');
  await page.context().setOffline(true);
  await search(offline, 'acre');
  await results(offline).getByRole('option').first().waitFor();
  assert.deepEqual(await results(offline).getByRole('option').allTextContents(), online);
  // Conversions read the units fetched before, and money the built-in rates.
  await search(offline, '10kg in lb');
  await results(offline).getByRole('option').filter({ hasText: '10 kg = 22.046226 lb' }).waitFor();
  // Above a conversion that works, the note says only what is missing.
  await offline.locator('.site-search-note', { hasText: 'Pages are listed when you are online; conversions work offline.' }).waitFor();
  await search(offline, '100 usd to eur');
  await results(offline).getByRole('option').filter({ hasText: /100\.00 USD = (85\.00|92\.00) EUR.*(built-in offline rate|this browser saw)/ }).waitFor();
  await search(offline, '100 usd to thb');
  await results(offline).getByRole('option').filter({ hasText: /100\.00 USD = 3,585\.00 THB.*the rate this browser saw/ }).waitFor();
  await search(offline, 'Talleyrand');
  await offline.locator('.site-search-note', { hasText: 'Search needs a connection: you are offline.' }).waitFor();
  await page.context().setOffline(false);
  await page.context().close();
});
