import { test } from 'node:test';
import assert from 'node:assert/strict';
import { convertInput, formatEighths, isCookingUnit, lexiconFor } from './conversion';
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

test('eighths: whole and reduced fraction, ≈ when rounded, null below 1/16', () => {
  assert.equal(formatEighths(rational(3n, 2n)), '1 1/2');
  assert.equal(formatEighths(rational(3n, 4n)), '3/4');
  assert.equal(formatEighths(rational(2n)), '2');
  assert.equal(formatEighths(rational(5n, 8n)), '5/8');
  assert.equal(formatEighths(fromDecimal('1268', -3)), '≈ 1 1/4');
  assert.equal(formatEighths(rational(1n, 16n)), '≈ 1/8', 'half up');
  assert.equal(formatEighths(rational(1n, 17n)), null);
  assert.equal(formatEighths(rational(-3n, 2n)), '−1 1/2');
  assert.equal(formatEighths(rational(12345n)), '12,345');
});

test('the cooking units are the ones units.yaml marks', () => {
  assert.deepEqual(volume.units.filter(isCookingUnit).map((u) => u.key), ['metric_cups', 'teaspoons', 'tablespoons', 'fluid_ounces', 'cups', 'imperial_cups']);
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
});
