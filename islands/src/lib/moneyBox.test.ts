// Money in the search box as travellers write it: what the box answers and says, as the
// currency card reads the same text (amount.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerData, saidBy } from '../../test/testData.ts';

const said = saidBy(answerData(true));

test('the box reads “50p” as pence and refuses a letter sign after a number when money is asked', () => {
  assert.equal(said('50p in usd'), '0.5 GBP → USD');
  assert.match(String(said('300 R to usd')), /^“R” after a number is not read as a currency/);
  assert.deepEqual(said('500 R to K'), ['500 °R = 277.78 K'], 'units still win');
  assert.equal(said('top 10 R packages'), null, 'no money asked: left to the search');
});

test('the box converts a price written with its sign and its code, and says why it refuses a conflicting pair', () => {
  assert.equal(said('$20 USD to EUR'), '20 USD → EUR');
  assert.equal(said('$500 MXN to USD'), '500 MXN → USD');
  assert.equal(said('£5 USD to EUR'), '“£” and “USD” are two currencies: type one of them, as in “5 USD” or “£5”.');
});

test('a currency word several currencies share gets the card’s sentence in the box, not silence', () => {
  const pesos = '“pesos” is written for several currencies (ARS, CLP, COP, CUC, CUP, DOP, MXN, PHP, UYU): type the code (“100 ARS”), or choose one of them in From or To.';
  assert.equal(said('2,500 pesos in dollars'), pesos);
  assert.equal(said('500 pesos to usd'), pesos);
  assert.match(String(said('kr 100 to eur')), /^“kr” is written for several currencies \(DKK, ISK, NOK, SEK\)/);
});

test('a currency the index has no page for is answered by its code or name, with or without an amount, in US dollars', async () => {
  const { answerFor } = await import('./boxAnswers.ts');
  const { loadUnits } = await import('../../test/testData.ts');
  const units = loadUnits();
  const featured = { ...answerData(), currencies: units.currencies };
  const fetch = globalThis.fetch;
  globalThis.fetch = async () => new Response('{"result":"error"}', { status: 502, headers: { 'content-type': 'application/json' } });
  try {
    const open = async (q: string) => {
      const a = await answerFor(q, featured);
      return a === null ? null : 'open' in a ? a.open?.href : a;
    };
    assert.equal(await open('MXN'), '/currency-converter?value=1&from=MXN&to=USD');
    assert.equal(await open('mexican peso'), '/currency-converter?value=1&from=MXN&to=USD');
    assert.equal(await open('thai baht'), '/currency-converter?value=1&from=THB&to=USD');
    assert.equal(await open('100 MXN'), '/currency-converter?value=100&from=MXN&to=USD');
    assert.equal(await open('100 mxn'), '/currency-converter?value=100&from=MXN&to=USD');
    // The plurals English borrows, the British spelling and the crowns' full names.
    assert.equal(await open('100 soles to dollars'), '/currency-converter?value=100&from=PEN&to=USD');
    assert.equal(await open('100 roubles to euros'), '/currency-converter?value=100&from=RUB&to=EUR');
    assert.equal(await open('100 danish kroner in pounds'), '/currency-converter?value=100&from=DKK&to=GBP');
    // Featured ones have their pages; a lower-case word of three letters is a word; "peso" is several.
    for (const q of ['USD', 'usd', 'cup', 'peso']) assert.equal(await open(q), null, q);
    // A unit's word in any case is the unit, not a currency: kips (force), the cup; the kip's code and name stay money.
    for (const q of ['kips', 'Kips', 'KIP', 'CUP']) assert.equal(await open(q), null, q);
    assert.equal(await open('LAK'), '/currency-converter?value=1&from=LAK&to=USD');
    assert.equal(await open('laotian kip'), '/currency-converter?value=1&from=LAK&to=USD');
    // The issuer's name, which the catalog shows (CLDR's is kept as a word).
    assert.equal(await open('lao kip'), '/currency-converter?value=1&from=LAK&to=USD');
    assert.equal(await open('100 guyanese dollars'), '/currency-converter?value=100&from=GYD&to=USD');
    assert.equal(await open('100 LAK'), '/currency-converter?value=100&from=LAK&to=USD');
  } finally {
    globalThis.fetch = fetch;
  }
  const { mayConvert, CURRENCY_NOUN } = await import('./searchWords.ts');
  for (const q of ['MXN', 'mexican peso', 'Thai Baht', 'baht', '100 MXN']) assert.ok(mayConvert(q), q);
  for (const q of ['cup', 'conversion tips', 'real', 'usd', 'kips']) assert.ok(!mayConvert(q), q);
  assert.ok(mayConvert('laotian kip'));
  // Every catalog currency but the featured ones is named by the trigger, save English words.
  const { everyCurrency } = await import('./currencyCatalog.ts');
  const words = new Set(['real', 'mark', 'won', 'sol', 'gold', 'rights', 'dollar', 'pound', 'euro', 'yen', 'rupee', 'yuan']);
  for (const c of everyCurrency(units.currencies).slice(units.currencies.length)) {
    const word = c.name.split(/\s+/).at(-1)!.toLowerCase();
    // The word people call it by, as amount.ts reads it (not "(1964—2022)").
    if (/^\p{L}+$/u.test(word) && !words.has(word)) assert.ok(CURRENCY_NOUN.test(c.name.toLowerCase()), `${c.code} ${c.name}`);
  }
});

test('a six-letter word is read as a pair only when its halves are currency codes, as the box checks before it fetches the parser; two words of three letters are read whole', async () => {
  const { answerFor } = await import('./boxAnswers.ts');
  const { pairNotationOnly } = await import('./searchWords.ts');
  const { isCurrencyCode } = await import('./currencyCatalog.ts');
  const { loadUnits } = await import('../../test/testData.ts');
  const units = loadUnits();
  const featured = { ...answerData(), currencies: units.currencies };
  assert.deepEqual(pairNotationOnly('conver'), ['CON', 'VER']);
  assert.deepEqual(pairNotationOnly('usd inr rate'), ['USD', 'INR']);
  for (const q of ['conversion', '100 usdinr', 'usd to inr', 'how many usd inr']) assert.equal(pairNotationOnly(q), null, q);
  for (const code of ['USD', 'THB', 'VEF', 'HRK']) assert.ok(isCurrencyCode(code), code);
  for (const code of ['CON', 'VER', 'MPH', 'LBS']) assert.ok(!isCurrencyCode(code), code);
  // What the box skips loses nothing: every such query whose words are not both codes has no
  // answer from the parser either. Six-letter words of the site's units, two of their
  // three-letter symbols, and pairs as markets write them.
  const words = Object.values(units.categories).flatMap((c) => c.units.flatMap((u) => [u.key, u.symbol, u.name, ...(u.aliases ?? [])]));
  const six = words.filter((w) => /^\p{L}{6}$/u.test(w));
  const three = [...new Set(words.filter((w) => /^\p{L}{3}$/u.test(w)))];
  const queries = [...six, ...three.flatMap((a) => three.slice(0, 12).map((b) => `${a} ${b}`)), 'eurusd', 'EUR/USD', 'usd inr rate', 'VEF USD', 'hrk eur', 'cupusd', 'banana', 'conver'];
  const fetch = globalThis.fetch;
  globalThis.fetch = async () => new Response('{"result":"error"}', { status: 502, headers: { 'content-type': 'application/json' } });
  try {
    let skipped = 0;
    for (const q of queries) {
      const codes = pairNotationOnly(q);
      if (codes === null || codes.every(isCurrencyCode)) continue;
      skipped++;
      assert.equal(await answerFor(q, featured), null, q);
    }
    // The six-letter words: two three-letter symbols ("kg lbs", "mph kmh") are read as a pair
    // of units (searchWords.ts SYMBOL_PAIR), so they fetch the parser and are not skipped.
    assert.ok(skipped > 40, `${skipped} queries skipped`);
    for (const q of ['eurusd', 'EUR/USD', 'usd inr rate']) assert.ok(pairNotationOnly(q)!.every(isCurrencyCode) && (await answerFor(q, featured)) !== null, q);
    // Two words of three letters are read whole (SYMBOL_PAIR): codes, as markets write a pair.
    assert.ok(pairNotationOnly('VEF USD') === null && (await answerFor('VEF USD', featured)) !== null);
  } finally {
    globalThis.fetch = fetch;
  }
});

/** The box's answers and the search's listing, with the featured currencies and the rate service failing (the fallback table answers). */
async function withListing(fn: (tools: { answerFor: typeof import('./boxAnswers.ts').answerFor; listed: typeof import('./siteSearch.ts').listed; featured: ReturnType<typeof answerData> }) => Promise<void>): Promise<void> {
  const { answerFor } = await import('./boxAnswers.ts');
  const { listed } = await import('./siteSearch.ts');
  const { loadUnits } = await import('../../test/testData.ts');
  const featured = { ...answerData(), currencies: loadUnits().currencies };
  const fetch = globalThis.fetch;
  globalThis.fetch = async () => new Response('{"result":"error"}', { status: 502, headers: { 'content-type': 'application/json' } });
  try {
    await fn({ answerFor, listed, featured });
  } finally {
    globalThis.fetch = fetch;
  }
}

test('EUR/USD is answered with the rate of 1 EUR in USD, and the EUR to USD page is listed before the inverse one the search ranks first', () =>
  withListing(async ({ answerFor, listed, featured }) => {
    const a = await answerFor('EUR/USD', featured);
    assert.ok(a !== null && 'lines' in a, JSON.stringify(a));
    assert.match(a.lines[0].text, /^1 EUR = [\d.]+ USD$/);
    const page = (url: string, title: string) => ({ url, title, section: 'Currency', excerpt: [] });
    const found = [page('/currency-converter/usd-to-eur', 'US Dollar to Euro'), page('/currency-converter/eur-to-usd', 'Euro to US Dollar')];
    assert.deepEqual(listed(a.lines, found, false).slice(1).map((h) => h.url), ['/currency-converter/eur-to-usd', '/currency-converter/usd-to-eur']);
  }));

test('money for currencies with no page lists no other pair’s page nor a unit; a country named alone is its currency', () =>
  withListing(async ({ answerFor, listed, featured }) => {
    const page = (url: string, title: string, section = 'Page') => ({ url, title, section, excerpt: [] });
    // What the search finds for "usd", "naira", "pounds": pages that only share a word.
    const found = [
      page('/currency-converter/usd-to-cad', 'US Dollar to Canadian Dollar'),
      page('/currency-converter/usd-to-aud', 'US Dollar to Australian Dollar'),
      page('/weight-converter?from=pounds&to=kilograms', 'Pounds (lb)', 'Weight unit'),
      page('/currency-converter', 'Currency Converter', 'Converter'),
    ];
    const urls = async (q: string) => {
      const a = await answerFor(q, featured);
      assert.ok(a !== null, q);
      return listed('lines' in a ? a.lines : [], found, true, undefined, a.money).filter((h) => !h.answer).map((h) => h.url);
    };
    for (const q of ['convert 2500 php to usd', '2000 naira to usd', '50000 naira to pounds', '500 pesos to usd', '1 btc to usd']) {
      assert.deepEqual(await urls(q), ['/currency-converter'], q);
    }
    // The pair asked keeps its page.
    assert.deepEqual(await urls('100 usd to cad'), ['/currency-converter/usd-to-cad', '/currency-converter']);
    // Without money asked, nothing is left out.
    assert.equal(listed([], found).length, found.length);
    const { countryAnswer } = await import('./boxAnswers.ts');
    const philippines = await countryAnswer('Philippines', featured);
    for (const q of ['real', 'mark', 'celsius', 'Panama', 'us', 'uk']) assert.equal(await countryAnswer(q, featured), null, q);
    // Asked about, or by its capitals, as travellers search it.
    for (const [q, code] of [['thailand currency', 'THB'], ['currency of the philippines', 'PHP'], ['what currency does japan use', 'JPY'], ['UAE', 'AED'], ['USA', 'USD']]) {
      const a = await countryAnswer(q, featured);
      const from = code === 'USD' ? 'from=USD&to=EUR' : `from=${code}&to=USD`;
      assert.ok(a !== null && ('open' in a ? a.open?.href : 'lines' in a ? a.lines[0].href : '')?.includes(from), `${q}: ${JSON.stringify(a)}`);
    }
    assert.ok(philippines !== null && 'open' in philippines && philippines.open?.href === '/currency-converter?value=1&from=PHP&to=USD', JSON.stringify(philippines));
  }));
