import { test } from 'node:test';
import assert from 'node:assert/strict';
import { approximately, copyLine, currencyText, entryLine, quantityText, unitWords } from './copyText';
import { findUnit, type Unit } from './units';
import { fromBase, toBase } from './kinds';
import { fromNumber, toNumber } from './rational';
import { formatResult } from './format';
import { loadUnits } from '../../test/testData.ts';

const data = loadUnits();
const convert = (v: number, from: Unit, to: Unit): number => toNumber(fromBase(toBase(fromNumber(v), from), to));

test("copyLine gives the 'value unit = result unit' form", () => {
  assert.equal(copyLine('5', 'meters', '16.404199', 'feet'), '5 meters = 16.404199 feet');
  assert.equal(copyLine(1, 'square_meters', '10.76391', 'square_feet'), '1 square meters = 10.76391 square feet');
  assert.equal(copyLine(' 7 ', 'imperial_fluid_ounces', '0.2', 'liters'), '7 imperial fluid ounces = 0.2 liters');
  assert.equal(copyLine('100.00', 'GBP', '15,120', 'JPY', null), '100.00 GBP = 15,120 JPY', 'a live rate');
});

test('copyLine marks a result at a rate that is not live, and says what rate', () => {
  assert.equal(copyLine('1,000.00', 'USD', '850.00', 'EUR', 'approximate offline rate'), '1,000.00 USD ≈ 850.00 EUR (approximate offline rate)');
});

test('a finished line (the search box answer) is made approximate the same way, its reading note kept', () => {
  assert.equal(approximately('100.00 USD = 85.00 EUR', 'approximate offline rate'), '100.00 USD ≈ 85.00 EUR (approximate offline rate)');
  assert.equal(approximately('1.000 EUR = 1.08 USD (1.000 read as 1)', null), '1.000 EUR = 1.08 USD (1.000 read as 1)');
});

test('copyLine takes units from units.yaml, as the converters do', () => {
  const length = data.categories.length;
  const [m, ft] = [findUnit(length, 'meters')!, findUnit(length, 'feet')!];
  const result = formatResult(convert(5, m, ft), length.precision);
  assert.equal(copyLine(5, m, result, ft), '5 meters = 16.404199 feet');
  const temp = data.categories.temperature;
  const [c, f] = [findUnit(temp, 'celsius')!, findUnit(temp, 'fahrenheit')!];
  assert.equal(copyLine(100, c, formatResult(convert(100, c, f), 2), f), '100 celsius = 212 fahrenheit');
});

test('history texts share the same wording', () => {
  assert.equal(unitWords('us_tons'), 'us tons');
  assert.equal(quantityText('5', 'meters'), '5 meters');
  const usd = data.currencies.find((x) => x.code === 'USD')!;
  assert.equal(currencyText('100.00', usd), '🇺🇸 100.00 USD');
});

test('entryLine: a result already approximate keeps its own sign, never “= ≈”', () => {
  assert.equal(entryLine('5 m', '16.404199 ft'), '5 m = 16.404199 ft');
  assert.equal(entryLine('200 g of butter', '≈ 7/8 cup'), '200 g of butter ≈ 7/8 cup');
});
