import { test } from 'node:test';
import assert from 'node:assert/strict';
import { convertInput, lexiconFor } from './conversion';
import { lexiconWithOthers, unitOfWord } from './otherUnits';
import { loadUnits } from '../../test/testData.ts';
import type { Unit } from './units';

const units = loadUnits();
const length = { ...units.categories.length, key: 'length' };
const unit = (k: string) => length.units.find((u) => u.key === k) as Unit;
const run = (input: string, lexicon = lexiconWithOthers(length)) =>
  convertInput({ category: length, lexicon, input, from: unit('meters'), to: { kind: 'unit', unit: unit('feet') }, decimals: 'auto' });

test("another category's unit is named with its category, from the generated words", () => {
  assert.deepEqual(run('5 kg'), { kind: 'error', message: '“kg” is a unit of weight, not length.' });
  assert.deepEqual(run('2 cups'), { kind: 'error', message: '“cup” is a unit of volume, not length.' });
  assert.deepEqual(run('3 acres'), { kind: 'error', message: '“ac” is a unit of area, not length.' });
  assert.deepEqual(run('100 °F'), { kind: 'error', message: '“°F” is a unit of temperature, not length.' });
  // Without the other words, the card can only call it unknown.
  assert.match((run('5 kg', lexiconFor(length)) as { message: string }).message, /^Unknown unit “kg”/);
});

test("the card's own words and unknown words read exactly as before", () => {
  for (const input of ['5 ft 11 in', "5'11\"", '2*(3+4) m', '1,5', '7.3 m', '']) assert.deepEqual(run(input), run(input, lexiconFor(length)), input);
  assert.deepEqual(run('5 cubits'), run('5 cubits', lexiconFor(length)));
});

test('a shared address’s unit word is read as the Value field reads it, or said to be of another category', () => {
  const area = { ...units.categories.area, key: 'area' };
  const storage = { ...units.categories.digital_storage, key: 'digital_storage' };
  for (const [word, key] of [['sqft', 'square_feet'], ['sqm', 'square_meters'], ['square feet', 'square_feet'], ['m2', 'square_meters'], ['acre', 'acres'], ['ha', 'hectares'], ['SQFT', 'square_feet']]) {
    assert.deepEqual(unitOfWord(area, word), { key }, word);
  }
  assert.deepEqual(unitOfWord(area, 'feet'), { why: '“ft” is a unit of length, not area. For square feet, type “ft²”.' });
  assert.equal(unitOfWord(area, 'zzz'), null, 'no unit');
  assert.equal(unitOfWord(area, 'ft in'), null, 'two units');
  assert.equal(unitOfWord(storage, 'mb'), null, 'MB or Mb: unclear, so not chosen');
  assert.deepEqual(unitOfWord({ ...units.categories.pressure, key: 'pressure' }, 'mb'), { key: 'millibars' }, 'on pressure, the millibar');
  assert.deepEqual(unitOfWord(storage, 'MB'), { key: 'megabytes' });
});

test("a link's from or to in parts reads as the card's compound, as the box reads it", () => {
  for (const word of ['feet and inches', 'ft in', 'ft + in', 'Feet & Inches']) assert.deepEqual(unitOfWord(length, word), { key: 'feet_inches' }, word);
  const weight = { ...units.categories.weight, key: 'weight' };
  assert.deepEqual(unitOfWord(weight, 'st lb'), { key: 'stones_pounds' });
  assert.deepEqual(unitOfWord(weight, 'stones and pounds'), { key: 'stones_pounds' });
  assert.equal(unitOfWord(length, 'in ft'), null, 'parts in another order are no compound');
  assert.equal(unitOfWord(length, 'ft m'), null);
  assert.deepEqual(unitOfWord(length, 'square metres'), unitOfWord(length, 'square metres'), 'one unit as before');
});
