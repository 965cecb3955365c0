// The pair pages' facts: their tables against GNU units, and the formulas in words for each
// kind of unit (linear, affine, reciprocal, compound).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gnuQuery, runGnuUnits } from './gnuUnits.mjs';
import { pairFacts, tableValues, _test } from './pairFacts';
import { exactNumber } from './kinds';
import { loadUnits } from '../../test/testData';
import type { Unit, UnitCategory } from './units';

const data = loadUnits();
const categories = Object.entries(data.categories).map(([key, c]) => ({ ...c, key }));
const category = (key: string) => {
  const c = categories.find((x) => x.key === key);
  assert.ok(c, `category ${key}`);
  return c;
};

/** A small deterministic generator, so a failure names a pair that fails again. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** The number a table cell shows ("1,609,344,000 mm", "9.84207 × 10⁻¹⁰ LT", "80 °C"). */
function shownNumber(cell: string): number {
  const plain = cell.replace(/^−/, '-').replace(/ × 10(⁻?)([⁰¹²³⁴⁵⁶⁷⁸⁹]+)/, (_, minus: string, power: string) => `e${minus ? '-' : ''}${[...power].map((c) => SUPERSCRIPT.indexOf(c)).join('')}`);
  const match = /^-?[\d,]*\.?\d+(e[-+]?\d+)?/.exec(plain);
  assert.ok(match, `a number in ${JSON.stringify(cell)}`);
  return Number(match[0].replace(/,/g, ''));
}

test('three hundred table rows of random pairs agree with GNU units at the shown precision', () => {
  const random = seeded(28);
  const picks: { c: UnitCategory & { key: string }; from: Unit; to: Unit; value: string; shown: string }[] = [];
  while (picks.length < 300) {
    const c = categories[Math.floor(random() * categories.length)];
    const from = c.units[Math.floor(random() * c.units.length)];
    const to = c.units[Math.floor(random() * c.units.length)];
    if (from.key === to.key) continue;
    const facts = pairFacts(c, from.key, to.key);
    assert.ok(facts, `${c.key}: ${from.key} → ${to.key}`);
    const values = tableValues(c, from, { kind: 'unit', unit: to });
    const i = Math.floor(random() * values.length);
    const v = values[i];
    picks.push({ c, from, to, value: `(${v.n}/${v.d})`, shown: facts.rows[i].result });
  }
  const answers = runGnuUnits(picks.map((p) => gnuQuery(p.from, p.to, p.value)));
  picks.forEach((p, i) => {
    const ours = shownNumber(p.shown);
    const gnu = Number(answers[i]);
    // The card shows `precision` decimals, or six significant digits for tiny and huge values.
    const tolerance = Math.max(0.5 * 10 ** -p.c.precision, Math.abs(gnu) * 5e-6);
    assert.ok(Math.abs(ours - gnu) <= tolerance, `${p.value} ${p.from.key} → ${p.to.key}: page shows ${p.shown}, GNU units ${gnu}`);
  });
});

test('a factor below 10⁻⁶ is exact as a power of ten, in parentheses in a formula', () => {
  const ev = pairFacts(category('energy'), 'electronvolts', 'joules')!;
  assert.deepEqual(ev.statement, { text: '1 eV = 1.602176634 × 10⁻¹⁹ J', exact: true });
  assert.deepEqual(ev.rule, { words: 'multiply by 1.602176634 × 10⁻¹⁹', formula: 'J = eV × (1.602176634 × 10⁻¹⁹)' });
  assert.match(ev.definitions[0].text, /^1 eV is exactly 1\.602176634 × 10⁻¹⁹ J\.$/);
  const area = pairFacts(category('area'), 'hectares', 'square_inches')!;
  assert.deepEqual(area.rule, { words: 'divide by 6.4516 × 10⁻⁸', formula: 'in² = ha ÷ (6.4516 × 10⁻⁸)' }, 'the division is by the whole power of ten');
});

test('a linear pair states its exact factor, the rule both ways, and a worked example', () => {
  const facts = pairFacts(category('length'), 'feet', 'meters')!;
  assert.deepEqual(facts.statement, { text: '1 ft = 0.3048 m', exact: true });
  assert.deepEqual(facts.rule, { words: 'multiply by 0.3048', formula: 'm = ft × 0.3048' });
  assert.deepEqual(facts.example, { value: '5 ft', result: '1.524 m', exact: true });
  assert.equal(facts.rounded, false, 'every row of feet to meters is exact');
  assert.equal(facts.rows.find((r) => r.value === '1,000')?.result, '304.8 m');
  const back = pairFacts(category('length'), 'meters', 'feet')!;
  assert.equal(back.statement.exact, false, '1 m is 3.28083989501… ft: no finite decimal');
  assert.match(back.statement.text, /^1 m ≈ 3\.280839895 ft$/);
  assert.match(back.definitions[1].text, /^1 ft is exactly 0\.3048 m\.$/);
});

test('an affine pair gives the formula with its offset and a table of readings from −40 to 100 °C', () => {
  const facts = pairFacts(category('temperature'), 'fahrenheit', 'celsius')!;
  assert.match(facts.rule.formula, /32/);
  assert.match(facts.rule.formula, /1\.8|5\/9|9/);
  // Each row is a reading the base scale names (−40 °C … 100 °C) as the From unit reads it.
  assert.equal(facts.rows[0].value, '-40');
  assert.equal(facts.rows[0].result, '-40 °C');
  assert.equal(facts.rows.at(-1)!.value, '212');
  assert.equal(facts.rows.at(-1)!.result, '100 °C');
  // Two offsets fold into one where that is simpler; the usual form stays where it is not.
  const formula = (from: string, to: string) => pairFacts(category('temperature'), from, to)!.rule;
  assert.deepEqual(formula('kelvin', 'rankine'), { words: 'multiply by 1.8', formula: '°R = K × 1.8' });
  assert.deepEqual(formula('rankine', 'kelvin'), { words: 'divide by 1.8', formula: 'K = °R ÷ 1.8' });
  assert.deepEqual(formula('rankine', 'fahrenheit'), { words: 'subtract 459.67', formula: '°F = °R − 459.67' });
  assert.deepEqual(formula('fahrenheit', 'rankine'), { words: 'add 459.67', formula: '°R = °F + 459.67' });
  assert.deepEqual(formula('kelvin', 'celsius'), { words: 'subtract 273.15', formula: '°C = K − 273.15' });
  assert.deepEqual(formula('fahrenheit', 'celsius'), { words: 'subtract 32, then divide by 1.8', formula: '°C = (°F − 32) ÷ 1.8' });
  assert.deepEqual(formula('celsius', 'fahrenheit'), { words: 'multiply by 1.8, then add 32', formula: '°F = °C × 1.8 + 32' });
  const kelvin = pairFacts(category('temperature'), 'kelvin', 'celsius')!;
  assert.ok(kelvin.rows.every((r) => Number(r.value.replace(/,/g, '')) > 0), 'no kelvin reading below absolute zero');
});

test('a rounded example says ≈, and a table with rounded rows says so, beside an exact statement', () => {
  // 1 kB is exactly 0.9765625 KiB, shown to six places in the table: 0.976563.
  const kib = pairFacts(category('digital_storage'), 'kilobytes', 'kibibytes')!;
  assert.deepEqual(kib.statement, { text: '1 kB = 0.9765625 KiB', exact: true });
  assert.deepEqual(kib.example, { value: '5 kB', result: '4.882813 KiB', exact: false });
  assert.equal(kib.rows[0].result, '0.976563 KiB');
  assert.equal(kib.rounded, true);
  // A result exact with more places than the category's own (2 ft = 0.0006096 km) is exact.
  const km = pairFacts(category('length'), 'feet', 'kilometers')!;
  assert.deepEqual(km.example, { value: '5 ft', result: '0.001524 km', exact: true });
  assert.equal(pairFacts(category('length'), 'meters', 'feet')!.example.exact, false);
  // A compound: 1.8 m is 5 ft 10.866… in, shown as 10.87.
  assert.equal(pairFacts(category('length'), 'meters', 'feet_inches')!.rounded, true);
});

test('a compound target says how it is read, and has no inverse statement of its own', () => {
  const facts = pairFacts(category('length'), 'centimeters', 'feet_inches')!;
  assert.equal(facts.to.name, 'Feet and Inches', 'as the heading names it');
  assert.equal(pairFacts(category('time'), 'minutes', 'hours_minutes_seconds')!.to.name, 'Hours, Minutes and Seconds');
  // Not rounded in parts ("≈ 0.39 in", "1 kg ≈ 2.2 lb"): the factor into the part it is nearest.
  assert.deepEqual(facts.statement, { text: '1 cm ≈ 0.3937007874 in', exact: false });
  assert.deepEqual(pairFacts(category('weight'), 'kilograms', 'stones_pounds')!.statement, { text: '1 kg ≈ 2.204622622 lb', exact: false });
  assert.deepEqual(pairFacts(category('length'), 'meters', 'feet_inches')!.statement, { text: '1 m ≈ 3.280839895 ft', exact: false });
  assert.equal(facts.rule.words, 'convert to inches, then take out whole feet');
  const inches = pairFacts(category('length'), 'inches', 'feet_inches')!;
  assert.deepEqual(inches.statement, { text: '1 ft = 12 in', exact: true });
  // From is a part already: nothing to convert first.
  assert.equal(inches.rule.words, 'take out whole feet (12 in each); the rest stays in inches');
  // Every row regroups: whole feet and the inches left, from one foot up.
  assert.deepEqual(inches.rows.slice(0, 3), [{ value: '12', result: '1 ft 0 in' }, { value: '15', result: '1 ft 3 in' }, { value: '18', result: '1 ft 6 in' }]);
  assert.deepEqual(inches.example, { value: '66 in', result: '5 ft 6 in', exact: true });
  assert.equal(pairFacts(category('weight'), 'pounds', 'stones_pounds')!.rows[1].value, '18', '1.25 st = 17.5 lb, rounded to a whole pound');
  assert.deepEqual(pairFacts(category('length'), 'rods', 'feet_inches')!.statement, { text: '1 rd = 16 ft 6 in', exact: true });
  assert.match(facts.rule.formula, /^cm → ft \+ in$/);
  assert.equal(facts.definitions.length, 1);
  const row = facts.rows.find((r) => r.value === '100')!;
  assert.match(row.result, /^3 ft 3\.37\d* in$/);
});

test('a reciprocal pair divides: L/100 km = 235.2… ÷ mpg', () => {
  // Fuel economy as units.yaml writes it: a base in km/L and a reciprocal unit.
  const fuel = {
    key: 'fuel_economy',
    label: 'Fuel Economy',
    base: 'kilometers_per_liter',
    precision: 4,
    default: { from: 'miles_per_gallon', to: 'liters_per_100_km' },
    units: [
      { key: 'kilometers_per_liter', name: 'Kilometers per Liter (km/L)', symbol: 'km/L', system: 'metric', factor: 1 },
      { key: 'miles_per_gallon', name: 'Miles per US Gallon (mpg)', symbol: 'mpg', system: 'imperial', factor: '1.609344/3.785411784' },
      { key: 'liters_per_100_km', name: 'Liters per 100 km (L/100 km)', symbol: 'L/100 km', system: 'metric', reciprocal: 100 },
    ],
  } as unknown as UnitCategory & { key: string };
  const facts = pairFacts(fuel, 'miles_per_gallon', 'liters_per_100_km')!;
  // The statement gives the constant with the same digits as the rule that divides by it.
  const constant = facts.rule.formula.match(/= ([\d.]+) ÷/)![1];
  assert.deepEqual(facts.statement, { text: `1 mpg corresponds to about ${constant} L/100 km`, exact: false });
  assert.match(facts.rule.formula, /^L\/100 km = 235\.21458\d* ÷ mpg$/);
  assert.match(facts.rule.words, /^divide 235\.21458\d* by the value in mpg \(235\.21458\d* is rounded\)$/);
  assert.match(pairFacts(fuel, 'liters_per_100_km', 'miles_per_gallon')!.rule.formula, /^mpg = 235\.21458\d* ÷ \(L\/100 km\)$/);
  assert.ok(facts.rows.every((r) => !r.value.startsWith('-') && r.value !== '0'), 'no reading at or below zero');
  const thirty = facts.rows.find((r) => r.value === '30')!;
  assert.equal(thirty.result, '7.8405 L/100 km');
});

test('kitchen measures are tabled in fractions a recipe uses', () => {
  const volume = category('volume');
  const cup = volume.units.find((u) => /cup/.test(u.key));
  if (!cup) return assert.fail('the volume category has a cup');
  const other = volume.units.find((u) => u.key === 'milliliters') ?? volume.units[0];
  const facts = pairFacts(volume, cup.key, other.key)!;
  assert.deepEqual(facts.rows.slice(0, 4).map((r) => r.value), ['1/8', '1/4', '1/3', '1/2']);
  assert.ok(facts.rows.some((r) => r.value === '1 1/2'));
});

test('numbers read as written: exact decimals grouped, others to ten digits, tiny ones as powers of ten', () => {
  assert.equal(_test.decimalText(exactNumber('1609.344')), '1,609.344');
  assert.equal(_test.decimalText(exactNumber('1/3')), null);
  assert.equal(_test.decimalText(exactNumber('0.000001')), '0.000001');
  assert.equal(_test.decimalText(exactNumber('1.602176634e-19')), '1.602176634 × 10⁻¹⁹', 'exact, as a power of ten');
  assert.equal(_test.decimalText(exactNumber('-2.5e-7')), '-2.5 × 10⁻⁷');
  assert.equal(_test.decimalText(exactNumber('1e-9')), '1 × 10⁻⁹');
  assert.equal(_test.approximate(exactNumber('1/3')), '≈ 0.3333333333');
  // Large numbers: whole numbers exactly, else never zeros standing in for digits.
  assert.equal(_test.decimalText(exactNumber('1125899906842624')), '1,125,899,906,842,624', '2⁵⁰, a pebibyte in bytes');
  assert.equal(_test.decimalText(exactNumber('1180591620717411303424')), '1,180,591,620,717,411,303,424', '2⁷⁰');
  assert.equal(_test.decimalText(exactNumber('1208925819614629174706176')), null, '2⁸⁰: past a sextillion');
  assert.equal(_test.decimalText(exactNumber('1125899906842624.5')), null, 'a long decimal with a fraction');
  assert.equal(_test.approximate(exactNumber('149597870700/0.3048')), '≈ 490,806,662,401.575', 'an au in feet');
  assert.equal(_test.approximate(exactNumber('9460730472580800/0.3048')), '≈ 3.103914197 × 10¹⁶', 'a light-year in feet');
  assert.equal(_test.approximate(exactNumber('1208925819614629174706176')), '≈ 1.20892582 × 10²⁴', '2⁸⁰');
  assert.equal(_test.approximate(exactNumber('0.0000001')), '≈ 1 × 10⁻⁷');
  assert.equal(_test.approximate(exactNumber('1/1609344000')), '≈ 6.213711922 × 10⁻¹⁰');
  // Past 10¹⁶, a whole number ending in zeros is a power of ten, exactly: a light-year in ångströms.
  assert.equal(_test.decimalText(exactNumber('94607304725808000000000000')), '9.4607304725808 × 10²⁵');
  assert.equal(_test.decimalText(exactNumber('1000000000000000')), '1,000,000,000,000,000', 'a petabyte in bytes, written out');
});

test('a table reads in one notation: the card’s e-notation and long runs of zeros as powers of ten', () => {
  assert.equal(_test.readable('1.00000e-9 m'), '1 × 10⁻⁹ m');
  assert.equal(_test.readable('-7.50000e-8 m'), '-7.5 × 10⁻⁸ m');
  assert.equal(_test.readable('9.46073e+24 nm'), '9.46073 × 10²⁴ nm');
  assert.equal(_test.readable('0.0000001 m'), '1 × 10⁻⁷ m');
  assert.equal(_test.readable('0.000000125 km'), '1.25 × 10⁻⁷ km');
  assert.equal(_test.readable('0.000001 km'), '0.000001 km', 'five zeros: as written');
  assert.equal(_test.readable('1,000.000001 m'), '1,000.000001 m', 'a fraction of a larger number is not a power of ten');
  const nm = pairFacts(category('length'), 'nanometers', 'meters')!;
  assert.ok(nm.rows.every((r) => !/e[-+]\d/.test(r.result)), nm.rows.map((r) => r.result).join(', '));
  assert.equal(nm.example.result, '5 × 10⁻⁹ m');
});

test('a word symbol takes its plural after any number but one or a fraction; a bare degree sign takes no space', () => {
  const cups = pairFacts(category('volume'), 'cups', 'tablespoons')!;
  assert.equal(cups.example.value, '2 cups');
  assert.equal(cups.statement.text, '1 cup = 16 tbsp');
  const back = pairFacts(category('volume'), 'tablespoons', 'cups')!;
  const row = (value: string) => back.rows.find((r) => r.value === value)?.result;
  assert.deepEqual([row('1'), row('4')], ['0.0625 cups', '0.25 cups']);
  assert.deepEqual(pairFacts(category('volume'), 'cups', 'milliliters')!.rows.slice(2, 4).map((r) => r.value), ['1/3', '1/2'], 'a fraction of a cup: "1/2 cup"');
  const centuries = pairFacts(category('time'), 'centuries', 'decades')!;
  assert.equal(centuries.statement.text, '1 century = 10 decades');
  assert.equal(centuries.example.result, '50 decades');
  const degrees = pairFacts(category('angle'), 'degrees', 'radians')!;
  assert.match(degrees.statement.text, /^1° ≈ 0\.01745329252 rad$/);
  assert.match(pairFacts(category('angle'), 'radians', 'degrees')!.rows[0].result, /^57\.\d+°$/);
});

test('two names of one size say so, not "multiply by 1"', () => {
  const facts = pairFacts(category('pressure'), 'hectopascals', 'millibars')!;
  assert.deepEqual(facts.statement, { text: '1 hPa = 1 mbar', exact: true });
  assert.deepEqual(facts.rule, { words: 'keep the number: the two are the same size', formula: 'mbar = hPa' });
});

test('pace pages: the reciprocal formula, runners’ paces and speeds in the tables, m:ss beside each pace', () => {
  const speed = category('speed');
  const pace = pairFacts(speed, 'minutes_per_kilometer', 'minutes_per_mile')!;
  assert.deepEqual(pace.rule, { words: 'multiply by 1.609344', formula: 'min/mi = min/km × 1.609344' });
  // The marathon example: units -t '5.5 min/km' min/mile = 8.851392.
  assert.deepEqual(pace.example, { value: '5:30 min/km', result: '8.851392 min/mi (8:51)', exact: true });
  assert.equal(pace.rows[0].value, '3:00');
  assert.equal(pace.rows.at(-1)!.value, '10:00');
  assert.deepEqual(pace.rows.find((r) => r.value === '5:30'), { value: '5:30', result: '8.851392 min/mi (8:51)' });
  assert.match(pace.definitions[0].text, /^A pace, the reciprocal of a speed: the minutes one kilometer takes, which is 60 divided by the speed in km\/h/);
  assert.match(pace.definitions[1].text, /the minutes one mile takes, which is 60 divided by the speed in mph/);

  const fromSpeed = pairFacts(speed, 'kilometers_per_hour', 'minutes_per_kilometer')!;
  assert.deepEqual(fromSpeed.rule, { words: 'divide 60 by the value in km/h', formula: 'min/km = 60 ÷ (km/h)' });
  assert.deepEqual(fromSpeed.example, { value: '12 km/h', result: '5 min/km', exact: true });
  assert.deepEqual(fromSpeed.rows.map((r) => r.value), ['6', '7', '8', '9', '10', '11', '12', '13', '14', '15', '16', '18', '20']);
  assert.equal(fromSpeed.rows.find((r) => r.value === '11')?.result, '5.454545 min/km (5:27)');
  const mph = pairFacts(speed, 'miles_per_hour', 'minutes_per_mile')!;
  assert.equal(mph.rows.find((r) => r.value === '6.5')?.result, '9.230769 min/mi (9:14)');

  // The speed pages without a pace keep their amounts: 1 to 1,000, with 5 as the example.
  const kmh = pairFacts(speed, 'kilometers_per_hour', 'miles_per_hour')!;
  assert.deepEqual(kmh.example, { value: '5 km/h', result: '3.106856 mph', exact: false });
  assert.equal(kmh.rows.at(-1)!.value, '1,000');
});

test('a small-calorie pair page says food labels’ Calories are kilocalories and links the same pair in kilocalories', () => {
  const energy = category('energy');
  const kj = pairFacts(energy, 'calories', 'kilojoules')!;
  assert.equal(kj.definitions[0].text, '1 cal is exactly 4.184 J. Not the food Calorie: nutrition labels’ Calories are kilocalories (1 kcal = 1,000 cal = 4.184 kJ).');
  assert.deepEqual(kj.foodPair, { href: 'kilocalories-to-kilojoules', title: 'Kilocalories to Kilojoules' });
  assert.deepEqual(pairFacts(energy, 'kilojoules', 'calories')!.foodPair, { href: 'kilojoules-to-kilocalories', title: 'Kilojoules to Kilocalories' });
  assert.equal(pairFacts(energy, 'calories', 'kilocalories')!.foodPair, undefined, 'the pair is already both');
  assert.equal(pairFacts(energy, 'kilocalories', 'kilojoules')!.foodPair, undefined);
  assert.doesNotMatch(pairFacts(energy, 'kilocalories', 'kilojoules')!.definitions[0].text, /food/);
});

test('a decimal of the largest part, or of an odd number of it, has a table of decimals in whole parts', () => {
  const feet = pairFacts(category('length'), 'feet', 'feet_inches')!;
  assert.deepEqual(feet.statement, { text: '1 ft = 12 in', exact: true });
  assert.equal(feet.rule.words, 'keep the whole feet; multiply the decimal part by 12 for the inches');
  assert.deepEqual(feet.example, { value: '5.75 ft', result: '5 ft 9 in', exact: true });
  // No row of whole feet ("… 0 in"): every one has inches.
  assert.ok(feet.rows.every((r) => /[1-9][\d.]* in$/.test(r.result)), JSON.stringify(feet.rows));
  assert.deepEqual(feet.rows.slice(0, 2), [{ value: '0.1', result: '1.2 in' }, { value: '0.2', result: '2.4 in' }]);
  const yards = pairFacts(category('length'), 'yards', 'feet_inches')!;
  assert.deepEqual(yards.statement, { text: '1 yd = 3 ft', exact: true });
  assert.equal(yards.rule.words, 'multiply by 3 for the feet, then keep the whole feet; multiply the decimal part by 12 for the inches');
  assert.deepEqual(yards.example, { value: '0.75 yd', result: '2 ft 3 in', exact: true });
  const hours = pairFacts(category('time'), 'hours', 'hours_minutes_seconds')!;
  assert.equal(hours.rule.words, 'keep the whole hours; multiply the decimal part by 60 for the minutes, and the minutes’ decimal part by 60 for the seconds');
  assert.ok(hours.rows.some((r) => r.value === '7.5' && r.result === '7 h 30 min 0 s'));
  const pounds = pairFacts(category('weight'), 'pounds', 'pounds_ounces')!;
  assert.equal(pounds.rounded, false, 'tenths of a pound are whole tenths of an ounce');
  assert.deepEqual(pounds.example, { value: '5.75 lb', result: '5 lb 12 oz', exact: true });
  // A part that is not the largest keeps the table of whole numbers of the largest, and says
  // the rest stays in its own unit (minutes, not seconds).
  assert.equal(pairFacts(category('time'), 'minutes', 'hours_minutes_seconds')!.rule.words, 'take out whole hours (60 min each); the rest stays in minutes');
  // The smallest of three parts: whole hours, then whole minutes; rows of counts that fill the parts.
  const seconds = pairFacts(category('time'), 'seconds', 'hours_minutes_seconds')!;
  assert.equal(seconds.rule.words, 'take out whole hours (3,600 s each), then whole minutes (60 s each); the rest stays in seconds');
  assert.deepEqual(seconds.example, { value: '5,000 s', result: '1 h 23 min 20 s', exact: true });
  assert.ok(seconds.rows.some((r) => r.value === '10,000' && r.result === '2 h 46 min 40 s'), JSON.stringify(seconds.rows));
  assert.ok(seconds.rows.some((r) => r.value === '3,600' && r.result === '1 h 0 min 0 s'));
});

test('metric heights and weights in parts have tables of heights, body weights and babies’ weights', () => {
  const values = (c: string, from: string, to: string): string[] => pairFacts(category(c), from, to)!.rows.map((r) => r.value);
  const heights = ['150', '155', '160', '165', '170', '175', '180', '185', '190', '195', '200'];
  assert.deepEqual(values('length', 'centimeters', 'feet_inches'), ['1', '10', '30', '50', '100', ...heights]);
  assert.deepEqual(values('length', 'meters', 'feet_inches').slice(5), ['1.5', '1.55', '1.6', '1.65', '1.7', '1.75', '1.8', '1.85', '1.9', '1.95', '2']);
  const cm = pairFacts(category('length'), 'centimeters', 'feet_inches')!;
  // units -t '180 cm' 'ft;in' = 5 ft 10.866142 in.
  assert.equal(cm.rows.find((r) => r.value === '180')!.result, '5 ft 10.87 in');
  assert.deepEqual(cm.example, { value: '165 cm', result: '5 ft 4.96 in', exact: false });
  const stones = pairFacts(category('weight'), 'kilograms', 'stones_pounds')!;
  assert.deepEqual(stones.rows.map((r) => r.value).slice(4), ['45', '50', '55', '60', '65', '70', '75', '80', '85', '90', '95', '100', '105', '110', '115', '120', '125', '130']);
  // units -t '75 kg' 'stone;lb' = 11 st 11.346697 lb.
  assert.equal(stones.rows.find((r) => r.value === '75')!.result, '11 st 11.35 lb');
  const babies = pairFacts(category('weight'), 'grams', 'pounds_ounces')!;
  // units -t '3500 g' 'lb;oz' = 7 lb 11.458867 oz.
  assert.equal(babies.rows.find((r) => r.value === '3,500')!.result, '7 lb 11.46 oz');
  assert.equal(values('weight', 'kilograms', 'pounds_ounces')[0], '1.5');
  // Not a height in kilometres: the usual values there.
  assert.equal(values('length', 'kilometers', 'feet_inches')[0], '1');
  assert.equal(values('length', 'kilometers', 'feet_inches').length, 21);
  // Nor a baby's weight in quintals (0.015 q): a farm's weight, in the usual values.
  assert.equal(values('weight', 'quintals', 'pounds_ounces')[0], '1');
  assert.equal(values('weight', 'quintals', 'stones_pounds')[0], '1');
});
