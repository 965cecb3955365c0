import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gnuQuery, runGnuUnits } from './gnuUnits.mjs';
import { findUnit, type Unit, type UnitCategory } from './units';
import { exactNumber, fromBase, isAdditive, kindOf, toBase } from './kinds';
import { convertInput, findTarget, lexiconFor, type Outcome } from './conversion';
import { fromDecimal, fromNumber, toNumber } from './rational';
import { formatResult } from './format';
import { loadUnits } from '../../test/testData.ts';
import { UNIT_SYSTEMS } from '../generated/units.ts';

const data = loadUnits();
const categories = Object.entries(data.categories) as [string, UnitCategory][];

// ---------------------------------------------------------------------------------------
// The data file itself
// ---------------------------------------------------------------------------------------

test('units.yaml keeps the five first categories with their keys, bases, precisions and defaults', () => {
  const expected: Record<string, { label: string; base: string; precision: number; from: string; to: string; keys: string[] }> = {
    length: { label: 'Length', base: 'meters', precision: 6, from: 'meters', to: 'feet',
      keys: ['millimeters', 'centimeters', 'meters', 'kilometers', 'inches', 'feet', 'yards', 'miles'] },
    weight: { label: 'Weight', base: 'kilograms', precision: 6, from: 'kilograms', to: 'pounds',
      keys: ['milligrams', 'grams', 'kilograms', 'pounds', 'ounces', 'troy_ounces', 'tonnes', 'stones', 'us_tons', 'uk_tons'] },
    temperature: { label: 'Temperature', base: 'celsius', precision: 2, from: 'celsius', to: 'fahrenheit',
      keys: ['celsius', 'fahrenheit', 'kelvin', 'rankine'] },
    volume: { label: 'Volume', base: 'liters', precision: 6, from: 'liters', to: 'gallons',
      keys: ['milliliters', 'centiliters', 'deciliters', 'liters', 'gallons', 'quarts', 'pints', 'cups', 'fluid_ounces', 'cubic_meters',
        'tablespoons', 'teaspoons', 'imperial_gallons', 'imperial_pints', 'imperial_fluid_ounces'] },
    area: { label: 'Area', base: 'square_meters', precision: 6, from: 'square_meters', to: 'square_feet',
      keys: ['square_millimeters', 'square_centimeters', 'square_meters', 'square_kilometers', 'square_inches',
        'square_feet', 'square_yards', 'acres', 'hectares'] },
  };
  for (const [key, want] of Object.entries(expected)) {
    const cat = data.categories[key as 'length'];
    assert.equal(cat.label, want.label);
    assert.equal(cat.base, want.base);
    assert.equal(cat.precision, want.precision);
    assert.deepEqual(cat.default, { from: want.from, to: want.to });
    // More units may join; these keep their keys (addresses, favourites and history name them).
    const keys = new Set(cat.units.map((u) => u.key));
    assert.deepEqual(want.keys.filter((k) => !keys.has(k)), [], `${key}: unit keys missing (addresses, favourites and history name them)`);
  }
});

test('every unit is well formed, of one kind, and every base is the base itself', () => {
  for (const [key, cat] of categories) {
    for (const u of cat.units) {
      const where = `${key}.${u.key}`;
      assert.ok(u.name.endsWith(`(${u.symbol})`), `${where}: name "${u.name}" must end with "(${u.symbol})"`);
      assert.ok((UNIT_SYSTEMS as readonly string[]).includes(u.system), `${where}: system ${u.system}`);
      const kinds = [u.factor !== undefined, u.reciprocal !== undefined, u.scale !== undefined || u.offset !== undefined];
      assert.equal(kinds.filter(Boolean).length, 1, `${where}: one kind`);
      for (const field of ['factor', 'reciprocal', 'scale'] as const) {
        if (u[field] !== undefined) assert.ok(exactNumber(u[field]!).n > 0n, `${where}: ${field} above zero`);
      }
    }
    const base = findUnit(cat, cat.base)!;
    for (const v of [1, 2]) assert.equal(toNumber(toBase(fromNumber(v), base)), v, `${key}: the base is the base itself`);
    assert.equal(new Set(cat.units.map((u) => u.key)).size, cat.units.length, `${key}: duplicate key`);
  }
});

// The factors as commonly published, rounded: each exact factor must round to its row.
test('the exact factors round to the commonly published rounded factors', () => {
  const published: Record<string, Record<string, number>> = {
    length: { millimeters: 0.001, centimeters: 0.01, meters: 1, kilometers: 1000, inches: 0.0254, feet: 0.3048, yards: 0.9144, miles: 1609.344 },
    weight: { milligrams: 1e-6, grams: 0.001, kilograms: 1, pounds: 0.453592, ounces: 0.0283495, tonnes: 1000, stones: 6.35029 },
    volume: { milliliters: 0.001, liters: 1, gallons: 3.78541, quarts: 0.946353, pints: 0.473176, cups: 0.236588, fluid_ounces: 0.0295735, cubic_meters: 1000 },
    area: { square_millimeters: 1e-6, square_centimeters: 1e-4, square_meters: 1, square_kilometers: 1e6, square_inches: 0.00064516,
      square_feet: 0.092903, square_yards: 0.836127, acres: 4046.86, hectares: 10000 },
  };
  for (const [cat, rows] of Object.entries(published)) {
    for (const [key, rounded] of Object.entries(rows)) {
      const digits = rounded.toExponential().split('e')[0].replace(/[.-]/g, '').length;
      const exact = toNumber(exactNumber(findUnit(data.categories[cat as 'length'], key)!.factor!));
      assert.equal(Number(exact.toPrecision(digits)), rounded, `${cat}.${key}: ${exact} vs published ${rounded}`);
    }
  }
});

// ---------------------------------------------------------------------------------------
// The kinds' arithmetic
// ---------------------------------------------------------------------------------------

const q = (s: string) => exactNumber(s);
const ratio = (r: { n: bigint; d: bigint }): string => `${r.n}/${r.d}`;

test('units.yaml numbers read exactly: decimals, ratios, pi forms', () => {
  assert.equal(ratio(q('0.3048')), '381/1250');
  assert.equal(ratio(exactNumber(0.3048)), '381/1250');
  assert.equal(ratio(exactNumber(1e-6)), '1/1000000');
  assert.equal(ratio(q('5/18')), '5/18');
  assert.equal(ratio(q('1609.344/3.785411784')), '48000000/112903');
  assert.equal(ratio(q('-273.15')), '-5463/20');
  // Pi cancels between units with the same power of pi: a degree is exactly 60 arcminutes.
  assert.equal(ratio(toBase(fromNumber(1), { factor: 'pi/180' })), ratio(toBase(fromNumber(60), { factor: 'pi/10800' })));
  assert.equal(toNumber(q('180/pi')), 180 / Math.PI);
  assert.equal(toNumber(q('2*pi')), 2 * Math.PI);
  assert.throws(() => q('1/x'), /not a units.yaml number/);
});

test('each kind converts both ways exactly', () => {
  const mpg = { factor: '1.609344/3.785411784' }; // km/L per mpg
  const l100 = { reciprocal: 100 }; // base km/L = 100 / (L/100 km)
  const f = { scale: 1.8, offset: 32 };
  const x = fromNumber(30);
  assert.equal(formatResult(toNumber(fromBase(toBase(x, mpg), l100)), 6), '7.840486');
  assert.equal(ratio(fromBase(toBase(fromBase(toBase(x, mpg), l100), l100), mpg)), '30/1');
  assert.equal(toNumber(fromBase(toBase(fromNumber(212), f), { scale: 1, offset: 0 })), 100);
  assert.equal(ratio(toBase(fromNumber(-40), f)), '-40/1');
  assert.throws(() => toBase(fromNumber(0), l100), /division by zero/);
  assert.equal(kindOf(mpg), 'linear');
  assert.equal(kindOf(l100), 'reciprocal');
  assert.equal(kindOf(f), 'affine');
  assert.equal(isAdditive([mpg, { factor: 1 }]), true);
  assert.equal(isAdditive([mpg, l100]), false);
});

// ---------------------------------------------------------------------------------------
// Every ordered pair of every category against GNU units, through the page's conversion
// ---------------------------------------------------------------------------------------

// GNU units is the referee: one process over many queries (shared with the browser suite).
const gnuUnits = (queries: [have: string, want: string][]): number[] => runGnuUnits(queries).map(Number);
/** Relative agreement to 12 significant digits (GNU prints 15; both sides are exact to ~16). */
const agrees = (ours: number, gnu: number): boolean => ours === gnu || Math.abs(ours - gnu) <= 1e-12 * Math.max(Math.abs(ours), Math.abs(gnu));

test('every unit has the same definition as GNU units', (t) => {
  const cases: { what: string; ours: number; query: [string, string] }[] = [];
  for (const [key, cat] of categories) {
    const base = findUnit(cat, cat.base)!;
    for (const u of cat.units) {
      // Two readings fix any kind: linear and reciprocal by one, affine by two.
      for (const v of [1, 2]) {
        cases.push({ what: `${v} ${key}.${u.key} in ${base.key}`, ours: toNumber(toBase(fromNumber(v), u)), query: gnuQuery(u, base, v) });
      }
    }
  }
  const answers = gnuUnits(cases.map((c) => c.query));
  const disagreements = cases.map((c, i) => ({ ...c, gnu: answers[i] })).filter((c) => !agrees(c.ours, c.gnu));
  t.diagnostic(`${cases.length} definitions checked, ${disagreements.length} differ`);
  assert.deepEqual(disagreements, []);
});

const AMOUNTS = [1, 0.5, 123.456, 0.001, 1e6];
const READINGS = [1, 0.5, 123.456, 98.6, 1e6];
/** Readings that may be zero or negative (no reciprocal unit, where 0 is infinite). */
const SIGNED_READINGS = [...READINGS, 0, -40];
/** GNU refuses temperatures below absolute zero (0 K); its base is the Celsius degree. */
const ABSOLUTE_ZERO = fromDecimal('-27315', -2);

/** "16.404199 ft" → the number shown. */
const shownNumber = (text: string): number => Number(text.replace(/,/g, ''));
/** How many significant digits a shown number has ("0.0006096": 4, "1,234.5": 5). */
const significantDigits = (text: string): number => (/e/.test(text) ? 6 : text.replace(/[^\d]/g, '').replace(/^0+/, '').length);
/** Size of one step in the last place `text` (a formatResult output) shows. */
function lastPlace(text: string): number {
  const [mantissa, exponent] = text.replace(/,/g, '').split('e');
  return 10 ** (Number(exponent ?? 0) - (mantissa.split('.')[1] ?? '').length);
}

test('every ordered pair in every category matches GNU units at the displayed precision', (t) => {
  type Case = { key: string; cat: UnitCategory & { key: string }; from: Unit; to: Unit; value: number };
  const cases: Case[] = [];
  let skipped = 0;
  for (const [key, c] of categories) {
    const cat = { ...c, key };
    const values = isAdditive(cat.units) ? AMOUNTS : cat.units.some((u) => kindOf(u) === 'reciprocal') ? READINGS : SIGNED_READINGS;
    for (const from of cat.units) {
      for (const value of values) {
        if (key === 'temperature' && toNumber(toBase(fromNumber(value), from)) < toNumber(ABSOLUTE_ZERO)) {
          skipped++;
          continue;
        }
        for (const to of cat.units) cases.push({ key, cat, from, to, value });
      }
    }
  }
  const answers = gnuUnits(cases.map((c) => gnuQuery(c.from, c.to, c.value)));
  const mismatches: string[] = [];
  const boundary: string[] = [];
  cases.forEach((c, i) => {
    // The card's own code: the Value field's text read and converted, shown at Auto decimals.
    const o: Outcome = convertInput({ category: c.cat, lexicon: lexiconFor(c.cat), input: String(c.value), from: c.from, to: findTarget(c.cat, c.to.key)!, decimals: 'auto' });
    const line = `${c.value} ${c.key}.${c.from.key} → ${c.to.key}`;
    if (o.kind !== 'ok') return mismatches.push(`${line}: ${JSON.stringify(o)}`);
    // GNU's temperature functions leave float residue where the true answer is 0 (0 °F → °F).
    const raw = c.key === 'temperature' && Math.abs(answers[i]) < 1e-9 ? 0 : answers[i];
    const gnu = formatResult(raw, c.cat.precision);
    const exact = toNumber(fromBase(toBase(fromNumber(c.value), c.from), c.to));
    const detail = `${line}: ours ${o.text}, GNU ${gnu} (raw ${answers[i]})`;
    if (!agrees(exact, raw) && !(c.key === 'temperature' && Math.abs(exact - raw) < 1e-9)) return mismatches.push(`not GNU's value: ${detail}`);
    if (o.text === gnu) return;
    // Ours is rounded once from the exact value, so it may show more significant digits than
    // GNU's 15 (39,370,078,740.15748 mil): the same number to those.
    if (significantDigits(o.text) > 15 && Math.abs(shownNumber(o.text) - raw) <= 1e-14 * Math.abs(raw)) return;
    // GNU works in binary floating point through longer chains of definitions (acre = 10
    // chain², chain = 66 ft): where the true result lies on a rounding boundary of the shown
    // digits its last-bit error can tip the rounding. One step in the last place is listed;
    // the place is the finer of the two, since a result that rounds to …560 is shown …56
    // (643,014,931.37256 dwt against GNU's 643,014,931.372559).
    const place = Math.min(lastPlace(o.text), lastPlace(gnu));
    const steps = Math.round(Math.abs(shownNumber(o.text) - shownNumber(gnu)) / place);
    if (steps <= 1) boundary.push(detail);
    else mismatches.push(detail);
  });
  t.diagnostic(`${categories.length} categories, ${cases.length} conversions compared with GNU units (${skipped} below absolute zero skipped)`);
  t.diagnostic(`${boundary.length} differ from GNU by one step in the last shown place (rounding boundary)`);
  for (const line of boundary) t.diagnostic(`  ${line}`);
  assert.deepEqual(mismatches, []);
});
