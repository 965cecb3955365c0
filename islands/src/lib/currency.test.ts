import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fallbackRate } from './currency';
import { loadUnits } from '../../test/testData.ts';

const data = loadUnits();
const table = data.fallback_rates;

test('units.yaml carries the fallback table exactly, and ten currencies', () => {
  assert.deepEqual(table, {
    USD: { EUR: 0.85, GBP: 0.73, JPY: 110, CAD: 1.25, AUD: 1.35, CHF: 0.92, CNY: 6.4, INR: 74, BRL: 5.2 },
    EUR: { USD: 1.18, GBP: 0.86, JPY: 130, CAD: 1.47, AUD: 1.59, CHF: 1.08, CNY: 7.5, INR: 87, BRL: 6.1 },
    GBP: { USD: 1.37, EUR: 1.16, JPY: 151, CAD: 1.71, AUD: 1.85, CHF: 1.26, CNY: 8.7, INR: 101, BRL: 7.1 },
    JPY: { USD: 0.0091, EUR: 0.0077, GBP: 0.0066, CAD: 0.0114, AUD: 0.0123, CHF: 0.0084, CNY: 0.058, INR: 0.67, BRL: 0.047 },
    CAD: { USD: 0.8, EUR: 0.68, GBP: 0.58, JPY: 88, AUD: 1.08, CHF: 0.74, CNY: 5.1, INR: 59, BRL: 4.2 },
    AUD: { USD: 0.74, EUR: 0.63, GBP: 0.54, JPY: 81, CAD: 0.93, CHF: 0.68, CNY: 4.7, INR: 55, BRL: 3.9 },
  });
  assert.deepEqual(data.currencies.map((c) => c.code), ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'CHF', 'CNY', 'INR', 'BRL']);
  for (const c of data.currencies) assert.ok(c.name && c.symbol && c.flag, c.code);
  assert.deepEqual(data.currency_default, { from: 'USD', to: 'EUR' });
});

test('fallbackRate: the direct rate first', () => {
  assert.equal(fallbackRate('USD', 'EUR', table), 0.85);
  assert.equal(fallbackRate('JPY', 'INR', table), 0.67);
  assert.equal(fallbackRate('EUR', 'USD', table), 1.18); // not 1 / 0.85
});

test('fallbackRate: else the inverse of the reverse rate', () => {
  assert.equal(fallbackRate('CHF', 'USD', table), 1 / 0.92);
  assert.equal(fallbackRate('BRL', 'EUR', table), 1 / 6.1);
});

test('fallbackRate: else across USD, each leg direct or inverse', () => {
  assert.equal(fallbackRate('CHF', 'INR', table), (1 / 0.92) * 74);
  assert.equal(fallbackRate('INR', 'BRL', table), (1 / 74) * 5.2);
  assert.equal(fallbackRate('CNY', 'CHF', table), (1 / 6.4) * 0.92);
});

test('fallbackRate: same currency is 1; no path is null, never an invented 1', () => {
  assert.equal(fallbackRate('CHF', 'CHF', table), 1);
  assert.equal(fallbackRate('XYZ', 'EUR', table), null);
  assert.equal(fallbackRate('EUR', 'XYZ', table), null);
  assert.equal(fallbackRate('CHF', 'INR', {}), null);
  assert.equal(fallbackRate('USD', 'EUR', { USD: { EUR: 0 } }), null); // a zero rate is missing
});

test('fallbackRate: every pair of the ten currencies has a rate', () => {
  const codes = data.currencies.map((c) => c.code);
  for (const from of codes) for (const to of codes) {
    const rate = fallbackRate(from, to, table);
    assert.ok(rate !== null && rate > 0 && Number.isFinite(rate), `${from}→${to}`);
  }
});
