// What a currency pair page states: the rate lines as the card writes them, the source dated
// or labelled approximate, and tables in each currency's decimals, scaled for a weak currency.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { amountsFor, pairRateFacts } from './currencyPair';
import type { Currency } from './units';

const currency = (code: string, digits: number): Currency => ({ code, name: code, symbol: code, flag: '', digits });
const [USD, JPY, KWD] = [currency('USD', 2), currency('JPY', 0), currency('KWD', 3)];

test('the rate and its inverse, dated by the reference day or called approximate', () => {
  const dated = pairRateFacts(USD, JPY, 128, 1 / 128, '2030-01-15');
  assert.equal(dated.rate, '1 USD = 128.0000 JPY');
  assert.equal(dated.inverse, '1 JPY = 0.007813 USD');
  assert.match(dated.source, /^European Central Bank reference rate of Jan 15, 2030, the latest known when this page was built\./);
  const approximate = pairRateFacts(USD, JPY, 110, 1 / 110, null);
  assert.match(approximate.source, /^Approximate: Unitly's built-in fallback rate, not a current market rate/);
  assert.doesNotMatch(approximate.source, /European Central Bank/);
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
});
