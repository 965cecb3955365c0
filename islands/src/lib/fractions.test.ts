import { test } from 'node:test';
import assert from 'node:assert/strict';
import { convertInput, formatKitchen, isCookingUnit, lexiconFor } from './conversion';
import { fromDecimal, rational } from './rational';
import { loadUnits } from '../../test/testData.ts';
import type { Unit } from './units';

const units = loadUnits();
const volume = { ...units.categories.volume, key: 'volume' };
const unit = (k: string) => volume.units.find((u) => u.key === k) as Unit;
const lexicon = lexiconFor(volume);
const run = (input: string, from: string, to: string, fractions = true) =>
  convertInput({ category: volume, lexicon, input, from: unit(from), to: { kind: 'unit', unit: unit(to) }, decimals: 'auto', fractions });
const text = (o: ReturnType<typeof run>) => (o.kind === 'ok' ? o.text : o.kind);

test('eighths and thirds: whole and reduced fraction, ≈ when rounded, null below 1/16', () => {
  assert.equal(formatKitchen(rational(3n, 2n)), '1 1/2');
  assert.equal(formatKitchen(rational(3n, 4n)), '3/4');
  assert.equal(formatKitchen(rational(2n)), '2');
  assert.equal(formatKitchen(rational(5n, 8n)), '5/8');
  assert.equal(formatKitchen(fromDecimal('1268', -3)), '≈ 1 1/4');
  assert.equal(formatKitchen(rational(1n, 16n)), '≈ 1/8', 'half up');
  assert.equal(formatKitchen(rational(1n, 17n)), null);
  assert.equal(formatKitchen(rational(-3n, 2n)), '−1 1/2');
  assert.equal(formatKitchen(rational(12345n)), '12,345');
  // Thirds: exact, or when closer than the nearest eighth (2/3 is 0.667, 5/8 is 0.625).
  assert.equal(formatKitchen(rational(1n, 3n)), '1/3');
  assert.equal(formatKitchen(rational(16n, 3n)), '5 1/3');
  assert.equal(formatKitchen(fromDecimal('664', -3)), '≈ 2/3');
  assert.equal(formatKitchen(fromDecimal('3', -1)), '≈ 1/3', '0.3 is nearer 1/3 than 1/4');
  assert.equal(formatKitchen(fromDecimal('36', -2)), '≈ 3/8', '0.36 is nearer 3/8 than 1/3');
  assert.equal(formatKitchen(rational(-2n, 3n)), '−2/3');
});

test('the cooking units are the ones units.yaml marks', () => {
  assert.deepEqual(volume.units.filter(isCookingUnit).map((u) => u.key), ['metric_tablespoons', 'australian_tablespoons', 'metric_cups', 'teaspoons', 'tablespoons', 'fluid_ounces', 'cups', 'imperial_cups']);
});

test('with Fractions, results in cooking units read as a cook measures; other units keep decimals', () => {
  assert.equal(text(run('354.882355', 'milliliters', 'cups')), '≈ 1 1/2'); // 354.882355 mL is a hair over 1.5 cups
  assert.equal(text(run('1 1/2 cups', 'milliliters', 'tablespoons')), '24');
  assert.equal(text(run('3', 'teaspoons', 'tablespoons')), '1');
  assert.equal(text(run('2', 'teaspoons', 'cups')), '0.0416667', 'under 1/16 cup: decimals');
  assert.equal(text(run('300', 'milliliters', 'cups')), '≈ 1 1/4');
  assert.equal(text(run('300', 'milliliters', 'liters')), '0.3', 'liters are not a cooking unit');
  assert.equal(text(run('300', 'milliliters', 'cups', false)), '1.268026', 'off: decimals as before');
  assert.equal(text(run('0.1', 'milliliters', 'cups')), '0.000422675', 'never a misleading 0');
  assert.equal(text(run('1/3 cup', 'cups', 'cups')), '1/3');
  assert.equal(text(run('1/3 cup', 'cups', 'tablespoons')), '5 1/3');
});
