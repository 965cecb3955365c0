import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readQuery, unitWords, waysOf } from './queryWords.ts';
import { loadUnits } from '../../test/testData.ts';

const stop = new Set(readFileSync(new URL('../../../src/search/stop-words.txt', import.meta.url), 'utf8').split('\n').filter(Boolean));
const units = unitWords(loadUnits());

/** Each word of a query as the ways a page may have it: "lbs|pound". */
const read = (query: string, words: typeof units | null = units) => readQuery(query, stop, words).map((w) => waysOf(w).map((way) => way.join(' ')).join('|'));

test('a number is no word a page must have, among other words or alone', () => {
  assert.deepEqual(read('100 usd to eur'), ['usd|us dollar', 'eur|euro']);
  assert.deepEqual(read('100 usd to eur', null), ['usd', 'eur'], 'without the unit words too');
  assert.deepEqual(read('top 10 converters'), ['top', 'converter']);
  assert.deepEqual(read('1,5 km to mi'), ['km|kilometer', 'mi|mile']);
  // Alone, it is an amount on its way to a conversion (the box hints at units instead).
  assert.deepEqual(read('2024'), []);
  assert.deepEqual(read('10k', null), [], 'a letter alone is no word either');
});

test('a number typed against a word is two words; a unit written with digits stays one', () => {
  assert.deepEqual(read('100km'), ['km|kilometer']);
  assert.deepEqual(read('1kg', null), ['kg']);
  assert.deepEqual(read('5ft 11in to cm'), ['ft|feet', 'cm|centimeter']);
  // The fuel unit is its words; "100" in its name is no number typed.
  assert.deepEqual(read('l/100km'), ['100km|liter per 100 kilometer']);
  assert.deepEqual(read('mpg to L/100 km'), ['mpg|mile per us gallon', '100 km|liter per 100 kilometer']);
  assert.deepEqual(read('m2'), ['m2|square meter']);
});

test('a currency is found by its code or sign as by its name', () => {
  assert.deepEqual(read('£100 to usd'), ['gbp|british pound', 'usd|us dollar']);
  assert.deepEqual(read('$100'), ['usd|us dollar']);
  assert.deepEqual(read('CA$20 in €'), ['cad|canadian dollar', 'eur|euro']);
});

test('a unit typed by its symbol, alias or British spelling is also found by its name', () => {
  assert.deepEqual(read('kg to lbs'), ['kg|kilogram', 'lbs|pound']);
  assert.deepEqual(read('kmh to mph'), ['kmh|kilometer per hour', 'mph|mile per hour']);
  assert.deepEqual(read('metres to feet'), ['metre|meter', 'feet']);
  assert.deepEqual(read('litres to gallons'), ['litre|liter', 'gallon|us gallon']);
  assert.deepEqual(read('foot'), ['foot|feet']);
  assert.deepEqual(read('inch to cm'), ['inch|inche', 'cm|centimeter']);
  assert.deepEqual(read('fl oz to ml'), ['fl oz|us fluid ounce', 'ml|milliliter'], 'a unit of two words');
  assert.deepEqual(read('gb'), ['gb|gigabit|gigabyte'], 'a symbol typed in neither case: both');
  // mb is the millibar by its case, but a search box is typed in lower case: every unit it is in some case.
  assert.deepEqual(read('mb'), ['mb|megabit|megabyte|millibar'], 'a lower-case symbol: every unit of that key');
  assert.deepEqual(read('MB'), ['mb|megabyte'], 'a symbol typed in its case: that one');
  assert.deepEqual(read('feet to meters'), ['feet', 'meter'], 'a name is itself');
  assert.deepEqual(read('5 ft 11 in to cm'), ['ft|feet', 'cm|centimeter'], '"in" stays a stop word');
  assert.deepEqual(read('how to cook rice'), ['cook', 'rice']);
});

test('degree signs and a temperature’s letter beside another temperature name it', () => {
  for (const q of ['°F to °C', '°f to °c', '℉ to ℃', 'F to °C', 'f to c', '100 °F in C', '-40°F to c', '° F to ° C']) assert.deepEqual(read(q), ['fahrenheit', 'celsius'], q);
  assert.deepEqual(read('°F'), ['fahrenheit']);
  assert.deepEqual(read('℃'), ['celsius']);
  assert.deepEqual(read('k to °R'), ['kelvin', 'rankine']);
  assert.deepEqual(read('°K'), ['kelvin']);
  // A letter alone is no word otherwise: "a" is no are, "c" alone no Celsius.
  assert.deepEqual(read('what is a rood'), ['rood']);
  assert.deepEqual(read('vitamin c'), ['vitamin']);
});
