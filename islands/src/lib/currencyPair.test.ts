// What a currency pair page states: the rate lines as the card writes them, the source dated
// or labelled approximate, the live rate with its time once the edge answers, what the page
// says when it cannot, and tables in each currency's decimals, scaled for a weak currency.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { amountsFor, pairRateFacts } from './currencyPair';
import type { Currency } from './units';

const currency = (code: string, digits: number): Currency => ({ code, name: code, symbol: code, flag: '', digits });
const [USD, JPY, KWD] = [currency('USD', 2), currency('JPY', 0), currency('KWD', 3)];
const DATED = { rate: 128, inverse: 1 / 128, date: '2030-01-15' };
const FALLBACK = { rate: 110, inverse: 1 / 110, date: null };

test('the built rate and its inverse, dated by the reference day or called approximate', () => {
  const dated = pairRateFacts(USD, JPY, DATED);
  assert.equal(dated.rate, '1 USD = 128.0000 JPY');
  assert.equal(dated.inverse, '1 JPY = 0.007813 USD');
  assert.equal(dated.tableRate, 128);
  assert.match(dated.source, /^European Central Bank reference rate of Jan 15, 2030, the latest known when this page was built\./);
  const approximate = pairRateFacts(USD, JPY, FALLBACK);
  assert.match(approximate.source, /^Approximate: Unitly's built-in fallback rate, not a current market rate/);
  assert.doesNotMatch(approximate.source, /European Central Bank/);
  // While the live rate is asked for, the page says what it said.
  assert.deepEqual(pairRateFacts(USD, JPY, DATED, { state: 'checking' }), dated);
});

test('the live rate replaces the built one, with its time; without it the built rate stays and says why', () => {
  const now = Date.parse('2030-01-16T15:00:00Z');
  const time = Date.parse('2030-01-16T14:00:00Z');
  const live = pairRateFacts(USD, JPY, DATED, { state: 'live', rate: 151.2, time, stale: false }, now);
  assert.equal(live.rate, '1 USD = 151.2000 JPY');
  assert.equal(live.inverse, '1 JPY = 0.006614 USD');
  assert.deepEqual([live.tableRate, live.tableInverse], [151.2, 1 / 151.2]);
  assert.match(live.source, /^Live · as of 14:00 UTC: /);
  assert.doesNotMatch(live.source, /European Central Bank|Approximate/);
  const stale = pairRateFacts(USD, JPY, DATED, { state: 'live', rate: 151.2, time, stale: true }, now);
  assert.match(stale.source, /^Rates from 14:00 UTC — live source unavailable/);
  // Nine days on, the provider still serving the same table: not "Live".
  const old = pairRateFacts(USD, JPY, DATED, { state: 'live', rate: 151.2, time, stale: false }, now + 9 * 86400_000);
  assert.match(old.source, /^Rates from Jan 16, 2030, 14:00 UTC — not updated since: /);
  const offline = pairRateFacts(USD, JPY, DATED, { state: 'offline' });
  assert.equal(offline.rate, '1 USD = 128.0000 JPY');
  assert.equal(offline.source, 'Live rates are unavailable, so this is the European Central Bank reference rate of Jan 15, 2030, the latest known when this page was built.');
  const offlineFallback = pairRateFacts(USD, JPY, FALLBACK, { state: 'offline' });
  assert.match(offlineFallback.source, /^Live rates are unavailable, so this is Unitly's built-in fallback rate: approximate/);
});

test("tables in the target's decimals, starting where the amount buys something", () => {
  const usdJpy = amountsFor(USD, JPY, 128);
  assert.deepEqual(usdJpy[0], { value: '1 USD', result: '128 JPY' });
  assert.deepEqual(usdJpy.at(-1), { value: '10,000 USD', result: '1,280,000 JPY' });
  assert.deepEqual(amountsFor(USD, KWD, 0.3075)[1], { value: '5 USD', result: '1.538 KWD' });
  // 1 JPY buys 0.0078 USD: the table starts at 100 JPY.
  const jpyUsd = amountsFor(JPY, USD, 1 / 128);
  assert.deepEqual(jpyUsd[0], { value: '100 JPY', result: '0.78 USD' });
  assert.deepEqual(jpyUsd.at(-1), { value: '1,000,000 JPY', result: '7,812.50 USD' });
  assert.equal(amountsFor(USD, currency('EUR', 2), 0.8)[0].value, '1 USD', 'a rate near 1 is not scaled');
  // Into a currency with no decimals, a first row of one digit (1 INR = 1 JPY) says little.
  assert.deepEqual(amountsFor(currency('INR', 2), JPY, 1.4925)[0], { value: '10 INR', result: '15 JPY' });
  assert.equal(amountsFor(USD, JPY, 128)[0].value, '1 USD');
});
