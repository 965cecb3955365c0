import { test } from 'node:test';
import assert from 'node:assert/strict';
import { convertInput, findTarget, formatCompound, lexiconFor, resultLine, type Outcome, type Target } from './conversion';
import { fromNumber } from './rational';
import { findUnit, valueExample, type CategoryKey, type Unit, type UnitCategory } from './units';
import { loadUnits } from '../../test/testData.ts';
import type { Decimals } from './format';

const data = loadUnits();
const cat = (k: CategoryKey) => ({ ...data.categories[k], key: k }) as UnitCategory & { key: string };
const categories = Object.fromEntries((Object.keys(data.categories) as CategoryKey[]).map((k) => [k, cat(k)]));
const unit = (k: CategoryKey, key: string): Unit => findUnit(data.categories[k], key)!;

function run(k: CategoryKey, input: string, from: string, to: string, decimals: Decimals = 'auto'): Outcome {
  const category = categories[k];
  return convertInput({ category, lexicon: lexiconFor(category, categories), input, from: unit(k, from), to: findTarget(category, to)!, decimals });
}
function shown(k: CategoryKey, input: string, from: string, to: string, decimals: Decimals = 'auto'): string {
  const o = run(k, input, from, to, decimals);
  assert.equal(o.kind, 'ok', `${input}: ${JSON.stringify(o)}`);
  return resultLine(o as Extract<Outcome, { kind: 'ok' }>);
}
function message(k: CategoryKey, input: string, from: string, to: string): string {
  const o = run(k, input, from, to);
  assert.equal(o.kind, 'error', `${input} → ${JSON.stringify(o)}`);
  return (o as { message: string }).message;
}

test('compounds come from units.yaml: feet + inches, stones + pounds, pounds + ounces', () => {
  assert.deepEqual(data.categories.length.compounds?.map((c) => c.key), ['feet_inches']);
  assert.deepEqual(data.categories.weight.compounds?.map((c) => c.key), ['stones_pounds', 'pounds_ounces']);
  const t = findTarget(data.categories.length, 'feet_inches') as Extract<Target, { kind: 'compound' }>;
  assert.deepEqual(t.parts.map((u) => u.key), ['feet', 'inches']);
  assert.equal(findTarget(data.categories.length, 'cubits'), undefined);
});

test('compound results: the last part carries the decimals, and carries over', () => {
  assert.equal(shown('length', '1.8', 'meters', 'feet_inches'), '5 ft 10.87 in');
  assert.equal(shown('length', '1.8', 'meters', 'feet_inches', 0), '5 ft 11 in');
  assert.equal(shown('length', '1.8', 'meters', 'feet_inches', 4), '5 ft 10.8661 in');
  assert.equal(shown('length', '6 ft', 'meters', 'feet_inches'), '6 ft 0 in');
  // 1.8287 m is 5 ft 11.996 in: rounded to 2 decimals that is 12.00 in, shown as 6 ft.
  assert.equal(shown('length', '1.8287', 'meters', 'feet_inches'), '6 ft 0 in');
  assert.equal(shown('length', '0.1', 'meters', 'feet_inches'), '3.94 in');
  assert.equal(shown('length', '-1.8', 'meters', 'feet_inches'), '−5 ft 10.87 in');
  assert.equal(shown('length', '1 mi', 'meters', 'feet_inches'), '5,280 ft 0 in');
  assert.equal(shown('weight', '65.317301', 'kilograms', 'stones_pounds'), '10 st 4 lb');
  assert.equal(shown('weight', '1', 'kilograms', 'pounds_ounces'), '2 lb 3.27 oz');
  assert.equal(shown('weight', '10 st 4 lb', 'kilograms', 'stones_pounds'), '10 st 4 lb');
  const parts = [unit('length', 'feet'), unit('length', 'inches')];
  assert.equal(formatCompound(fromNumber(0), parts, 'auto'), '0 in');
  // Under one of the smallest part and nothing larger: three significant digits, up to four decimals.
  assert.equal(shown('weight', '1', 'grams', 'pounds_ounces'), '0.0353 oz');
  assert.equal(shown('length', '1', 'millimeters', 'feet_inches'), '0.0394 in');
  assert.equal(shown('length', '0.001', 'millimeters', 'feet_inches'), '< 0.0001 in');
  assert.equal(shown('weight', '1', 'grams', 'pounds_ounces', 2), '0.04 oz', 'chosen decimals are kept');
});

test('the card reads typed units, says what it read, and converts to To', () => {
  const o = run('length', '5 ft 11 in', 'kilometers', 'meters') as Extract<Outcome, { kind: 'ok' }>;
  assert.equal(resultLine(o), '1.8034 m');
  assert.equal(o.reading, '5 ft 11 in');
  assert.equal(o.typed, true);
  const comma = run('length', '1,5', 'meters', 'feet') as Extract<Outcome, { kind: 'ok' }>;
  assert.equal(resultLine(comma), '4.92126 ft');
  assert.equal(comma.reading, '1.5');
  assert.equal((run('length', '5', 'meters', 'feet') as { reading: string | null }).reading, null);
  assert.equal(shown('length', '1', 'meters', 'feet', 2), '3.28 ft');
  assert.equal(shown('length', '2', 'feet', 'kilometers'), '0.0006096 km');
  assert.equal(shown('temperature', '100 °F', 'celsius', 'kelvin'), '310.93 K');
  const cold = run('temperature', '-500', 'celsius', 'kelvin') as Extract<Outcome, { kind: 'ok' }>;
  assert.equal(cold.belowAbsoluteZero, true);
  assert.equal(shown('length', '5 km = mi', 'meters', 'feet'), '3.106856 mi', 'a target after =');
  assert.equal(message('length', '5 km =', 'meters', 'feet'), 'Add the unit to convert to after “=” (10 kg to lb).');
});

test('what cannot be right is said, never shown as a number (found when tried)', () => {
  assert.match(message('length', '1e308', 'meters', 'feet'), /too large to convert/);
  assert.match(message('length', '9'.repeat(400), 'meters', 'feet'), /too large to convert/);
  assert.match(message('length', '1e309', 'meters', 'feet'), /too large to convert/);
  assert.match(message('area', '1e-320', 'square_millimeters', 'square_kilometers'), /too small to convert/);
  assert.match(message('length', '--3', 'meters', 'feet'), /Two signs/);
  assert.match(message('length', '1.5.5', 'meters', 'feet'), /more than one decimal separator/);
  assert.match(message('weight', '5 km', 'kilograms', 'pounds'), /“km” is a unit of length, not weight/);
  assert.match(message('length', '1e20', 'meters', 'feet_inches'), /too large to show in parts/);
  assert.equal(run('length', '  ', 'meters', 'feet').kind, 'empty');
});


test('no fuel is 0 in every consumption unit, and infinitely far in every distance-per-fuel unit', () => {
  // L/100 km and gal/100 mi are proportional: 0 is 0, and any other value scales.
  assert.equal(shown('fuel_economy', '0', 'liters_per_100_kilometers', 'us_gallons_per_100_miles'), '0 gal/100 mi');
  assert.equal(shown('fuel_economy', '0', 'liters_per_100_kilometers', 'liters_per_100_kilometers'), '0 L/100 km');
  assert.equal(shown('fuel_economy', '0 gal/100 mi', 'kilometers_per_liter', 'liters_per_100_kilometers'), '0 L/100 km');
  // 8 L/100 km × 0.4251437074… (GNU units: 8 L/100km → 3.40115 gal/100mi)
  assert.equal(shown('fuel_economy', '8', 'liters_per_100_kilometers', 'us_gallons_per_100_miles'), '3.40115 gal/100 mi');
  assert.match(message('fuel_economy', '0', 'liters_per_100_kilometers', 'kilometers_per_liter'), /0 L\/100 km has no value in km\/L: it would be infinite\./);
  assert.match(message('fuel_economy', '0', 'kilometers_per_liter', 'us_gallons_per_100_miles'), /0 km\/L has no value in gal\/100 mi: it would be infinite\./);
  // Below zero a fuel economy means nothing (a temperature below zero does).
  assert.equal(message('fuel_economy', '-8', 'liters_per_100_kilometers', 'us_gallons_per_100_miles'), 'Fuel Economy is never below zero: type a value above 0.');
  assert.equal(message('fuel_economy', '-30 mpg', 'kilometers_per_liter', 'liters_per_100_kilometers'), 'Fuel Economy is never below zero: type a value above 0.');
  assert.equal(shown('temperature', '-8', 'celsius', 'fahrenheit'), '17.6 °F');
});

test('a result is rounded once, from the exact value, to the digits shown', () => {
  // 1000 km = 39,370,078.7401574803… in: rounding first to 15 digits (…740157480315 → …7401575) gave .740158.
  assert.equal(shown('length', '1000', 'kilometers', 'inches'), '39,370,078.740157 in');
  assert.equal(shown('area', '1000', 'square_kilometers', 'square_rods'), '39,536,861.034746 rd²');
  assert.equal(shown('length', '1000', 'meters', 'mils'), '39,370,078.740157 mil');
  assert.equal(shown('volume', '250', 'cubic_meters', 'teaspoons'), '50,721,034.052764 tsp');
  assert.equal(shown('length', '1000000', 'kilometers', 'mils'), '39,370,078,740,157.480315 mil');
});

test('a result of 10^15 or more shows all its digits when they are exact or Decimals is fixed; under Auto an inexact one is e-notation', () => {
  assert.equal(shown('digital_storage', '1', 'pebibytes', 'bytes'), '1,125,899,906,842,624 B');
  assert.equal(shown('digital_storage', '1', 'pebibytes', 'bits'), '9,007,199,254,740,992 bit');
  assert.equal(shown('digital_storage', '1', 'pebibytes', 'bytes', 10), '1,125,899,906,842,624.0000000000 B');
  assert.equal(shown('digital_storage', '1', 'petabytes', 'bytes', 2), '1,000,000,000,000,000.00 B');
  assert.equal(shown('length', '1e21', 'meters', 'miles'), '6.21371e+17 mi');
  assert.equal(shown('length', '1e21', 'meters', 'miles', 2), '621,371,192,237,333,969.62 mi');
  // Past 10^30 digits are a wall: e-notation, exact or not.
  assert.equal(shown('length', '1e31', 'meters', 'millimeters'), '1.00000e+34 mm');
});

test("the Value placeholder's example converts on every card, whatever the From unit", () => {
  for (const k of Object.keys(categories) as CategoryKey[]) {
    for (const from of data.categories[k].units) {
      const example = valueExample(data.categories[k], from);
      const o = run(k, example, from.key, data.categories[k].default.to);
      assert.equal(o.kind, 'ok', `${k} from ${from.key}: "${example}" → ${JSON.stringify(o)}`);
    }
  }
  assert.equal(valueExample(data.categories.length, unit('length', 'meters')), '5 ft 11 in');
  assert.equal(valueExample(data.categories.temperature, unit('temperature', 'fahrenheit')), '5 °F');
  assert.equal(valueExample(data.categories.volume, unit('volume', 'liters')), '5 L');
});
