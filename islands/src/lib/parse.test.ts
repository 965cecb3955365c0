import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gnuName, gnuQuery, runGnuUnits } from './gnuUnits.mjs';
import { buildLexicon, convertParsed, parseInput, type Parsed } from './parse';
import { rational, toNumber, type Rational } from './rational';
import { article } from './lexicon.ts';
import { formatResult } from './format';
import { findUnit, type CategoryKey, type Unit } from './units';
import { loadUnits } from '../../test/testData.ts';

const data = loadUnits();
const lex = buildLexicon(data.categories);
const unit = (cat: CategoryKey, key: string): Unit => findUnit(data.categories[cat], key)!;
const show = (x: unknown): string => JSON.stringify(x, (_, v) => (typeof v === 'bigint' ? String(v) : v));
const ratio = (r: Rational): string => (r.d === 1n ? `${r.n}` : `${r.n}/${r.d}`);

type Ok = Extract<Parsed, { kind: 'number' | 'quantity' }>;
function ok(input: string, cat: CategoryKey | null = 'length'): Ok {
  const p = parseInput(input, lex, cat);
  assert.ok(p.kind === 'number' || p.kind === 'quantity', `${JSON.stringify(input)}: ${show(p)}`);
  return p as Ok;
}
function error(input: string, cat: CategoryKey | null = 'length'): string {
  const p = parseInput(input, lex, cat);
  assert.equal(p.kind, 'error', `${JSON.stringify(input)} should be refused, read ${show(p)}`);
  return (p as { message: string }).message;
}
/** `input` typed on a `cat` card with From `from`, converted to `to`, as the card shows it. */
function shown(input: string, cat: CategoryKey, from: string, to: string): string {
  const exact = convertParsed(ok(input, cat), unit(cat, from), unit(cat, to));
  return formatResult(toNumber(exact), data.categories[cat].precision);
}

test('plain numbers read exactly: decimals, grouping, decimal commas, e-notation, fractions', () => {
  const table: [string, string][] = [
    ['5', '5'], ['-0.25', '-1/4'], ['.5', '1/2'], ['5.', '5'], ['+7', '7'],
    ['1,234.5', '2469/2'], ['1,234,567', '1234567'], ['1,234', '1234'],
    ['1,5', '3/2'], ['0,75', '3/4'], ['1,2345', '2469/2000'], ['-1,5', '-3/2'],
    ['1e3', '1000'], ['1.5E-3', '3/2000'], ['2e+2', '200'],
    ['3/4', '3/4'], ['1 1/2', '3/2'], ['-1 1/2', '-3/2'], ['2  3/8', '19/8'],
    ['½', '1/2'], ['1¾', '7/4'], ['1 ¾', '7/4'], ['⅛', '1/8'],
    ['0.1 + 0.2', '3/10'], ['2*(3+4)', '14'], ['2×(3+4)', '14'], ['10 ÷ 4', '5/2'], ['1 − 3', '-2'],
    ['-(2+3)', '-5'], ['2 - -3', '5'], ['(1/3)*3', '1'], ['1/3 + 1/6', '1/2'], ['6/3/2', '1'], ['2+3*4', '14'],
    ['  42  ', '42'],
    // A hyphen between a whole number and a proper fraction joins a mixed number (US sizes
    // and recipes); with spaces, or before an improper fraction, it is a minus.
    ['1,00,000', '100000'], ['12,34,567', '1234567'], ['1,00,000.50', '200001/2'], ['-10,00,000', '-1000000'],
    ['1-1/2', '3/2'], ['-1-1/2', '-3/2'], ['3-1/4', '13/4'], ['1 - 1/2', '1/2'], ['5-3/2', '7/2'], ['2-1/2-1', '3/2'],
  ];
  for (const [input, want] of table) {
    const p = ok(input);
    assert.equal(p.kind, 'number', input);
    assert.equal(ratio(p.value), want, input);
  }
});

test('on the Numbers card the scale words are its units; elsewhere they multiply, and "a" before a unit is one', () => {
  // From is Crores: "2 million" is 2 of the card's Millions, not 2,000,000 crores.
  assert.equal(shown('2 million', 'numbers', 'crores', 'lakhs'), '20');
  assert.equal(shown('a million', 'numbers', 'crores', 'lakhs'), '10');
  assert.equal(shown('two million', 'numbers', 'crores', 'lakhs'), '20');
  assert.equal(shown('2.5 crore', 'numbers', 'ones', 'millions'), '25');
  assert.equal(shown('1,50,000', 'numbers', 'ones', 'lakhs'), '1.5');
  // Its scale words in a row multiply, as spoken, each larger than the last; the last is counted.
  assert.equal(shown('5 hundred thousand', 'numbers', 'ones', 'lakhs'), '5');
  assert.equal(shown('five hundred thousand', 'numbers', 'ones', 'lakhs'), '5');
  const budget = ok('48 lakh crore', 'numbers');
  assert.ok(budget.kind === 'quantity' && budget.reading === '48 lakh crore' && budget.unit.key === 'crores');
  assert.equal(shown('48 lakh crore', 'numbers', 'ones', 'trillions'), '48');
  assert.equal(shown('1 crore 20 lakh', 'numbers', 'ones', 'millions'), '12');
  assert.match(error('5 thousand hundred', 'numbers'), /“hundred” follows 5 thousand, which already has a unit/);
  // The abbreviations of reports and price lists: 10k, 2.5 cr, 1 bn.
  assert.equal(shown('10k', 'numbers', 'ones', 'lakhs'), '0.1');
  assert.equal(shown('2.5 cr', 'numbers', 'ones', 'millions'), '25');
  assert.equal(shown('1 bn', 'numbers', 'ones', 'crores'), '100');
  assert.equal(shown('1.5L', 'numbers', 'ones', 'thousands'), '150', 'a salary\'s 1.5L is lakhs');
  assert.equal(shown('1.5L', 'volume', 'liters', 'milliliters'), '1,500', 'on any other card L is the liter');
  // Elsewhere 10k is the runner's 10 km, and scale words never follow a unit.
  assert.equal(shown('10k', 'length', 'meters', 'meters'), '10,000');
  assert.match(error('5 m thousand', 'length'), /“thousand” is a number word: write the amount before it/);
  assert.equal(shown('2 million m', 'length', 'meters', 'kilometers'), '2,000');
  assert.equal(shown('a hectare', 'area', 'acres', 'square_meters'), '10,000');
  assert.equal(shown('a hundred acres', 'area', 'square_meters', 'hectares'), '40.468564');
  assert.equal(shown('a week', 'time', 'hours', 'days'), '7');
  // In a duration m is the minute after hours or before seconds, as timers write it; alone, the metre.
  assert.equal(shown('1h30m', 'time', 'hours', 'minutes'), '90');
  assert.equal(shown('2 h 15 m', 'time', 'hours', 'hours'), '2.25');
  assert.equal(shown('1m30s', 'time', 'hours', 'seconds'), '90');
  assert.match(error('5 m', 'time'), /“m” is a unit of length, not time/);
  assert.match(error('1 hour 30 meters', 'time'), /is a unit of length, not time/, 'the symbol only, never the word');
  assert.match(error('1m30s', 'length'), /“s” is a unit of time, not length/, 'on another card m stays the metre');
});

test('bit rates as people write them, the nautical mile and the food Calorie: the case of b/B, of NM and of C says which unit', () => {
  assert.equal(shown('100 Mb/s', 'data_transfer_rate', 'megabits_per_second', 'megabytes_per_second'), '12.5');
  assert.equal(shown('1 Gb/s', 'data_transfer_rate', 'gigabits_per_second', 'megabytes_per_second'), '125');
  assert.equal(shown('8 b/s', 'data_transfer_rate', 'bits_per_second', 'bytes_per_second'), '1');
  assert.equal(shown('800 kb/s', 'data_transfer_rate', 'kilobits_per_second', 'kilobytes_per_second'), '100');
  assert.equal(shown('800 Kb/s', 'data_transfer_rate', 'kilobits_per_second', 'kilobytes_per_second'), '100');
  assert.equal(shown('100 KB/s', 'data_transfer_rate', 'kilobytes_per_second', 'kilobits_per_second'), '800');
  assert.equal(shown('100 MB/s', 'data_transfer_rate', 'megabytes_per_second', 'megabits_per_second'), '800');
  assert.match(error('100 mb/s', 'data_transfer_rate'), /could be Mb\/s .* or MB\/s/);
  assert.equal(shown('5 NM', 'length', 'meters', 'feet'), '30,380.577428');
  assert.equal(shown('5 nm', 'length', 'meters', 'nanometers'), '5');
  assert.equal(shown('2000 Cal', 'energy', 'kilocalories', 'kilojoules'), '8,368');
  assert.equal(shown('2000 cal', 'energy', 'kilocalories', 'kilojoules'), '8.368');
  assert.match(error('2000 CAL', 'energy'), /could be cal .* or Cal /);
  // Spelled out, the capital says the same as on a nutrition label (GNU units: Calorie is kcal).
  assert.equal(shown('100 Calories', 'energy', 'kilocalories', 'joules'), '418,400');
  assert.equal(shown('1 Calorie', 'energy', 'kilocalories', 'joules'), '4,184');
  assert.equal(shown('100 calories', 'energy', 'kilocalories', 'joules'), '418.4');
  assert.equal(shown('1 calorie', 'energy', 'kilocalories', 'joules'), '4.184');
});

test('a word two categories share is the card\'s unit on its card and the other unit elsewhere: pt', () => {
  assert.equal(ok('12 pt', 'length').reading, '12 pt');
  assert.equal(shown('12 pt', 'length', 'points', 'millimeters'), '4.233333');
  assert.equal(shown('12 pts', 'length', 'points', 'pixels'), '16');
  assert.equal(shown('2 pt', 'volume', 'pints', 'cups'), '4');
  const alone = ok('2 pt', null);
  assert.equal(alone.kind === 'quantity' && alone.category, 'volume', 'with no card, the unit that does not list it in shared');
  assert.match(error('2 pt', 'weight'), /“pt” is a unit of volume, not weight/u);
});

test('degrees as keyboards type them, and minutes and seconds of arc after an angle', () => {
  assert.equal(shown('37ºC', 'temperature', 'celsius', 'fahrenheit'), '98.6');
  assert.equal(shown('37˚C', 'temperature', 'celsius', 'fahrenheit'), '98.6');
  assert.equal(shown('98.6 ºF', 'temperature', 'fahrenheit', 'celsius'), '37');
  assert.equal(shown(`45° 30'`, 'angle', 'degrees', 'degrees'), '45.5');
  assert.equal(shown('45° 30′ 36″', 'angle', 'degrees', 'degrees'), '45.51');
  assert.equal(shown(`12° 0' 36"`, 'angle', 'degrees', 'arcseconds'), '43,236');
  // In a length they stay feet and inches.
  assert.equal(ok(`5'11"`).reading, '5 ft 11 in');
  assert.equal(shown(`30'`, 'angle', 'degrees', 'degrees'), '0.5', 'on the angle card a prime alone is a minute of arc');
});

test('the reading says what was read, so a decimal comma or a shorthand is visible', () => {
  assert.equal(ok('1,5').reading, '1.5');
  assert.equal(ok('1,234.5').reading, '1,234.5');
  assert.equal(ok('1 1/2').reading, '1 1/2');
  assert.equal(ok('1¾').reading, '1 3/4');
  assert.equal(ok('1-1/2').reading, '1 1/2');
  assert.deepEqual(ok('1,00,000').notes, ['the commas group lakhs and crores']);
  assert.match(error('1,00,00'), /more than one decimal separator/, 'not a lakh grouping: two pairs and no three');
  assert.deepEqual(ok('1-1/2').notes, ['the hyphen joins a mixed number']);
  assert.equal(ok('1 - 1/2').notes.length, 0);
  assert.equal(shown('3-1/4"', 'length', 'inches', 'millimeters'), '82.55');
  assert.equal(ok('2*(3+4) m').reading, '2 × (3 + 4) m');
  assert.equal(ok(`5'11"`).reading, '5 ft 11 in');
  assert.equal(ok('5 feet 11 inches').reading, '5 ft 11 in');
  assert.equal(ok('10 stone 4 lbs', 'weight').reading, '10 st 4 lb');
  // A unit whose name says whose it is (US, imperial) is named in full.
  assert.equal(ok('2 cups + 3 tbsp', 'volume').reading, '2 US cups + 3 US tablespoons');
  assert.equal(ok('1 cup', 'volume').reading, '1 US cup');
  assert.equal(ok('1/3 cup', 'volume').reading, '1/3 US cup', 'a proper fraction is singular');
  assert.equal(ok('0.5 gal', 'volume').reading, '0.5 US gallons', 'a decimal is plural, as the result says "0.5 cups"');
  assert.equal(ok('½ cup', 'volume').reading, '1/2 US cup');
  assert.equal(ok('3/2 cup', 'volume').reading, '3/2 US cups');
  assert.equal(ok('1.5 cups', 'volume').reading, '1.5 US cups');
  assert.equal(ok('2 tons', 'weight').reading, '2 US short tons');
  assert.equal(ok('1 ton', 'weight').reading, '1 US short ton');
  assert.equal(ok('2 LT', 'weight').reading, '2 UK long tons');
  assert.equal(ok('1 imp gal', 'volume').reading, '1 imperial gallon');
  assert.equal(ok('3 fl oz', 'volume').reading, '3 US fluid ounces');
  assert.equal(ok('100 °F', 'temperature').reading, '100 °F');
});

test('quantities with units: typed units win, sums are exact, words come from units.yaml', () => {
  const base = (input: string, cat: CategoryKey = 'length'): string => {
    const p = ok(input, cat);
    assert.equal(p.kind, 'quantity', input);
    return ratio(p.value);
  };
  // In the category's base unit (m, kg, L, m²), as exact rationals.
  assert.equal(base('5 ft 11 in'), '9017/5000'); // 1.8034 m
  assert.equal(base(`5'11"`), '9017/5000');
  assert.equal(base(`5′11″`), '9017/5000');
  assert.equal(base(`5' 11''`), '9017/5000');
  assert.equal(base('5ft11in'), '9017/5000');
  assert.equal(base('5 FT 11 IN'), '9017/5000');
  assert.equal(base('5 foot 11'), '9017/5000'); // a compound's bare trailing number
  assert.equal(base('6 ft'), '1143/625');
  assert.equal(base('-5 ft 11 in'), '-9017/5000'); // the sign covers the whole height
  assert.equal(base('1.5 km + 300 m'), '1800');
  assert.equal(base('2*(3+4) m'), '14');
  assert.equal(base('2 ft * 3'), base('6 ft'));
  assert.equal(base('(5 ft + 1 in) / 2'), '7747/10000');
  assert.equal(base('1 metre'), '1');
  assert.equal(base('10 st 4 lb', 'weight'), ratio(rational(6531730128n, 10n ** 8n))); // 65.31730128 kg
  assert.equal(base('1 lb 3 oz', 'weight'), ratio(rational(538640939375n, 10n ** 12n)));
  assert.equal(base('10 st 4', 'weight'), base('10 st 4 lb', 'weight'));
  assert.equal(base('2 cups + 3 tbsp', 'volume'), ratio(rational(51753676734375n, 10n ** 14n)));
  assert.equal(base('2 cup 3 tablespoons', 'volume'), base('2 cups + 3 tbsp', 'volume'));
  assert.equal(base('3 fl oz', 'volume'), base('3 fluid ounces', 'volume'));
  assert.equal(base('2 sq ft', 'area'), base('2 ft²', 'area'));
  assert.equal(base('2 ft2', 'area'), base('2 square feet', 'area'));
  assert.equal(base('100 ha', 'area'), '1000000');
  // "sq", "square", "cu" or "cubic" before any spelling of a length: its square or cube.
  assert.equal(base('1 sq mile', 'area'), base('1 mi²', 'area'));
  assert.equal(base('3 sq feet', 'area'), base('3 ft²', 'area'));
  assert.equal(base('2 square km', 'area'), base('2 km²', 'area'));
  assert.equal(base('5 sq metres', 'area'), '5');
  assert.equal(base('1 cu m', 'volume'), base('1 m³', 'volume'));
  const searched = ok('1 sq mile', null);
  assert.equal(searched.kind === 'quantity' && searched.unit.key, 'square_miles', 'the search box, in no category, reads it too');
  assert.match(error('1 sq kg', 'area'), /Unknown unit “sq”/);
  // A temperature is one reading in its own unit.
  const t = ok('100 °F', 'temperature');
  assert.equal(t.kind === 'quantity' && t.unit.key, 'fahrenheit');
  assert.equal(ratio(t.value), '100');
  assert.equal(ok('-40 C', 'temperature').kind, 'quantity');
  assert.equal(ok('300 kelvin', 'temperature').kind, 'quantity');
});

test('a product of units written the other way round reads as the card’s: a torque in ft lbs, an energy in lb ft', () => {
  const key = (input: string, cat: CategoryKey): string | false => {
    const p = ok(input, cat);
    return p.kind === 'quantity' && p.unit.key;
  };
  for (const typed of ['80 ft lbs', '80 ft lb', '80 foot pounds', '80 ft lbf', '80 lb ft', '80 lbs ft']) {
    assert.equal(key(typed, 'torque'), 'pound_feet', `${typed} on the torque card`);
    assert.equal(key(typed, 'energy'), 'foot_pounds', `${typed} on the energy card`);
  }
  assert.equal(shown('80 ft lbs', 'torque', 'pound_feet', 'newton_meters'), '108.465436');
  // Only that twin: another unit of energy is still refused on the torque card.
  assert.match(error('5 J', 'torque'), /“J” is a unit of energy, not torque/);
  // The other way round, the torque of its size (or N·m and J) is named as a fact.
  assert.equal(error('5 J', 'torque'), '“J” is a unit of energy, not torque. As work or energy, 1 N·m = 1 J.');
  assert.equal(error('5 kJ', 'torque'), '“kJ” is a unit of energy, not torque. As work or energy, 1 kN·m = 1 kJ.');
  assert.equal(error('5 kWh', 'torque'), '“kWh” is a unit of energy, not torque. As work or energy, 1 N·m = 1 J.');
  // A torque is no energy, but work is taught in N·m: the energy unit of its size is named.
  assert.equal(error('5 N·m', 'energy'), '“N·m” is a unit of torque, not energy. For work or energy, 1 N·m = 1 J: type “J”.');
  assert.equal(error('5 kNm', 'energy'), '“kN·m” is a unit of torque, not energy. For work or energy, 1 kN·m = 1 kJ: type “kJ”.');
});

test('decimetres, square and cubic decimetres and the technical atmosphere (at), as European schools write them', () => {
  assert.equal(shown('5 dm', 'length', 'meters', 'feet'), '1.64042');
  assert.equal(shown('1 dm3', 'volume', 'liters', 'milliliters'), '1,000');
  assert.equal(shown('1 dm³', 'volume', 'liters', 'liters'), '1');
  assert.equal(shown('2 cubic decimetres', 'volume', 'liters', 'liters'), '2');
  assert.equal(shown('2 dm2', 'area', 'square_meters', 'square_centimeters'), '200');
  assert.equal(shown('2 dm²', 'area', 'square_meters', 'square_meters'), '0.02');
  assert.equal(shown('150 sq dm', 'area', 'square_meters', 'square_feet'), '16.145866');
  assert.equal(shown('1 at', 'pressure', 'technical_atmospheres', 'atmospheres'), '0.967841');
});

test('the done-when conversions of issue 16', () => {
  assert.equal(shown('5 ft 11 in', 'length', 'meters', 'meters'), '1.8034');
  assert.equal(shown(`5'11"`, 'length', 'meters', 'centimeters'), '180.34');
  assert.equal(shown('10 st 4 lb', 'weight', 'kilograms', 'kilograms'), '65.317301');
  assert.equal(shown('1 1/2', 'volume', 'cups', 'milliliters'), '354.882355');
  assert.equal(shown('3/4', 'volume', 'teaspoons', 'milliliters'), '3.696691');
  assert.equal(shown('2*(3+4)', 'length', 'meters', 'feet'), '45.931759');
  assert.equal(shown('100 °F', 'temperature', 'kelvin', 'celsius'), '37.78');
  assert.equal(shown('1,5', 'length', 'meters', 'feet'), '4.92126'); // not 49.212598
});

test('what cannot be read gets a message, never a number', () => {
  const table: [string, RegExp, CategoryKey | null][] = [
    ['1.5.5', /not a number: it has more than one decimal separator/, 'length'],
    ['1,5.5', /more than one decimal separator/, 'length'],
    ['1,234,5', /unclear/, 'length'],
    ['5 km', /“km” is a unit of length/, 'weight'],
    ['5 kg', /“kg” is a unit of weight, not length/, 'length'],
    ['8 oz', /“oz” is a unit of weight, not volume/, 'volume'],
    ['5 fet', /Unknown unit “fet”. Did you mean “feet”\?/, 'length'],
    ['5 inchez', /Did you mean “inches”\?/, 'length'],
    ['5 cubits', /Unknown unit “cubits”. Length units include pm, nm, µm, mm, cm, dm/, 'length'],
    ['€100', /“€” is not a number/, null],
    ['100 °F + 5 °C', /Temperature readings cannot be added/, 'temperature'],
    ['2 * 50 °F * 2', /^A temperature reading cannot be multiplied/, 'temperature'],
    ['7 % * 2', /^An HbA1c reading cannot be multiplied/, 'hba1c'],
    ['6.5 % + 1 %', /^HbA1c readings cannot be added/, 'hba1c'],
    ['1/0', /Division by zero/, 'length'],
    ['5 / (2 - 2)', /Division by zero/, 'length'],
    ['1 1/0', /Division by zero/, 'length'],
    ['1e1001', /too large to convert/, 'length'],
    ['1e-1001', /too small to convert/, 'length'],
    ['--3', /Two signs in a row/, 'length'],
    ['5 3', /Two numbers in a row.*group digits in threes/, 'length'],
    ['5 m 3', /3 has no unit: write it as 3 and a unit/, 'length'],
    ['5 ft + 3', /3 has no unit: give every number a unit, or none/, 'length'],
    ['5 ft m', /already has a unit/, 'length'],
    ['2 ft * 3 ft', /Two quantities cannot be multiplied/, 'length'],
    ['6 / (2 ft)', /cannot be divided by a quantity/, 'length'],
    ['(1 + 2', /never closed/, 'length'],
    ['1 + 2)', /no matching “\(”/, 'length'],
    ['()', /Empty parentheses/, 'length'],
    ['5 +', /missing after “\+”/, 'length'],
    ['* 5', /A number is missing before “×”/, 'length'],
    ['2^3', /Powers/, 'length'],
    ['5 @', /Unexpected “@”|“@”/, 'length'],
    ['ft', /needs a number/, 'length'],
    ['abc', /not a number/, null],
    ['x'.repeat(501), /too long/, 'length'],
  ];
  for (const [input, pattern, cat] of table) assert.match(error(input, cat), pattern, input);
  assert.equal(parseInput('   ', lex, 'length').kind, 'empty');
});

// ---------------------------------------------------------------------------------------
// Property tests against GNU units
// ---------------------------------------------------------------------------------------

/** mulberry32: a small seeded generator, so a failure can be replayed from its seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const SEED = Number(process.env.PARSE_SEED ?? 16016);

/** A random non-negative number as typed and as GNU reads it. */
function randomNumber(rnd: () => number): { ours: string; gnu: string } {
  const int = Math.floor(rnd() * 1000);
  switch (Math.floor(rnd() * 5)) {
    case 0:
      return { ours: String(int), gnu: String(int) };
    case 1: {
      const frac = String(Math.floor(rnd() * 1000)).padStart(3, '0');
      return { ours: `${int}.${frac}`, gnu: `${int}.${frac}` };
    }
    case 2: {
      // A mixed number's fraction is below 1 (1 1/2); 1 3/2 is refused as unclear.
      const b = 2 + Math.floor(rnd() * 15);
      const a = 1 + Math.floor(rnd() * (b - 1));
      return { ours: `${int} ${a}/${b}`, gnu: `(${int}+${a}/${b})` };
    }
    case 3: {
      const [a, b] = [1 + Math.floor(rnd() * 30), 1 + Math.floor(rnd() * 16)];
      return { ours: `${a}/${b}`, gnu: `(${a}/${b})` };
    }
    default: {
      const e = Math.floor(rnd() * 7) - 3;
      return { ours: `${int}e${e}`, gnu: `(${int}e${e})` };
    }
  }
}

/** A random arithmetic expression over such numbers, as typed and as GNU reads it. */
function randomExpression(rnd: () => number, depth: number): { ours: string; gnu: string } {
  if (depth === 0 || rnd() < 0.35) return randomNumber(rnd);
  // A fraction operand is bracketed: 6 / 3/4 is (6 / 3) / 4, as arithmetic reads left to right.
  const operand = (): { ours: string; gnu: string } => {
    const x = randomExpression(rnd, depth - 1);
    return /^\d+\/\d+$/.test(x.ours) ? { ours: `(${x.ours})`, gnu: x.gnu } : x;
  };
  const [a, b] = [operand(), operand()];
  const op = ['+', '-', '*', '/'][Math.floor(rnd() * 4)];
  // Bracketed on both sides, so GNU's own precedence rules (juxtaposition binds tighter
  // than /) cannot read it differently from ours.
  return { ours: `(${a.ours} ${op} ${b.ours})`, gnu: `((${a.gnu}) ${op} (${b.gnu}))` };
}

/** Relative agreement to 12 significant digits (GNU prints 15; both sides are exact to ~16). */
function agrees(ours: number, gnu: number): boolean {
  if (ours === gnu) return true;
  return Math.abs(ours - gnu) <= 1e-12 * Math.max(Math.abs(ours), Math.abs(gnu));
}

test('the way to type the unit meant is the one written with every unit word typed together, or none', () => {
  // Each hint named the first unit with the one failing word: lbf·in for lb·ft (12× off),
  // ozf·in for in·lb (16×), imperial gal/min for gal/hr (60×, and another gallon).
  assert.match(error('10 lb * ft', 'torque'), /“lb” is a unit of weight, not torque\. For pound-force feet, type “lbf·ft”\.$/);
  assert.match(error('100 in * lb', 'torque'), /“in” is a unit of length, not torque\. For pound-force inches, type “lbf·in”\.$/);
  assert.match(error('2 gal * hr', 'flow_rate'), /For US gallons per hour, type “gal\/h”\.$/);
  // One word two units are written with equally (in lb, lb ft; kg/m³, kg/L) names neither.
  assert.equal(error('10 lb', 'torque'), '“lb” is a unit of weight, not torque.');
  assert.equal(error('10 kg', 'density'), '“kg” is a unit of weight, not density.');
  // The unit written with the fewest other words: fl oz, not imp fl oz; a sum's other units are no part of it.
  assert.match(error('1 cup + 2 oz', 'volume'), /For US fluid ounces, type “fl oz”\.$/);
});

test('compound units as they are usually written: hyphens, periods, per hour as hr and sec', () => {
  const key = (input: string, cat: CategoryKey): string | false => {
    const p = ok(input, cat);
    return p.kind === 'quantity' && p.category === cat && p.unit.key;
  };
  const table: [string, CategoryKey, string][] = [
    ['10 ft-lb', 'torque', 'pound_feet'], ['10 ft-lbs', 'torque', 'pound_feet'], ['10 lb-ft', 'torque', 'pound_feet'],
    ['10 lbf-ft', 'torque', 'pound_feet'], ['10 lbf.ft', 'torque', 'pound_feet'], ['100 in-lb', 'torque', 'pound_inches'],
    ['100 in-lbs', 'torque', 'pound_inches'], ['10 N-m', 'torque', 'newton_meters'], ['10 Nm', 'torque', 'newton_meters'],
    ['10 ft-lb', 'energy', 'foot_pounds'],
    ['1 r/min', 'frequency', 'revolutions_per_minute'], ['1 rev/min', 'frequency', 'revolutions_per_minute'],
    ['100 km/hr', 'speed', 'kilometers_per_hour'], ['10 m/sec', 'speed', 'meters_per_second'], ['30 mi/h', 'speed', 'miles_per_hour'],
    ['30 mph', 'speed', 'miles_per_hour'], ['3 ft/sec', 'speed', 'feet_per_second'],
    ['10 L/hr', 'flow_rate', 'liters_per_hour'], ['10 l/hr', 'flow_rate', 'liters_per_hour'], ['1 m3/hr', 'flow_rate', 'cubic_meters_per_hour'],
    ['1 m³/hr', 'flow_rate', 'cubic_meters_per_hour'], ['1 gal/hr', 'flow_rate', 'us_gallons_per_hour'],
    ['1 cu ft/min', 'flow_rate', 'cubic_feet_per_minute'], ['1 cfm', 'flow_rate', 'cubic_feet_per_minute'],
    ['1 BTU/hr', 'power', 'btus_per_hour'], ['1 Btu/hr', 'power', 'btus_per_hour'], ['1 kcal/hr', 'power', 'kilocalories_per_hour'],
    ['1 N/m2', 'pressure', 'pascals'], ['1 N/m²', 'pressure', 'pascals'],
  ];
  for (const [input, cat, unitKey] of table) assert.equal(key(input, cat), unitKey, `${input} on the ${cat} card`);
  assert.equal(shown('10 lb-ft', 'torque', 'pound_feet', 'newton_meters'), '13.558179');
  assert.equal(shown('100 in-lb', 'torque', 'pound_feet', 'pound_inches'), '100');
  // A hyphen between words that name no unit together is still a minus ("10 km-5 km"), except
  // feet then inches, which plans write with a hyphen (5 ft 3 in).
  assert.equal(shown('5 ft-3 in', 'length', 'meters', 'inches'), '63');
  assert.equal(shown('10 km-5 km', 'length', 'meters', 'kilometers'), '5');
  assert.equal(shown('5ft-3in', 'length', 'meters', 'inches'), '63');
  assert.equal(shown('5 ft-3 m', 'length', 'meters', 'meters'), '-1.476');
});

test('a unit written with per between two units reads as the unit with a slash', () => {
  const key = (input: string, cat: CategoryKey): string | false => {
    const p = ok(input, cat);
    return p.kind === 'quantity' && p.unit.key;
  };
  assert.equal(key('10 km per hour', 'speed'), 'kilometers_per_hour');
  assert.equal(key('5 meters per second', 'speed'), 'meters_per_second');
  assert.equal(key('10 km per litre', 'fuel_economy'), 'kilometers_per_liter');
  assert.equal(key('1 kg per m3', 'density'), 'kilograms_per_cubic_meter');
  assert.equal(key('1 kg per m^3', 'density'), 'kilograms_per_cubic_meter');
  assert.equal(key('2 kg per m', 'linear_density'), 'kilograms_per_meter', 'with no power, kg per m is kg/m, a linear density');
  assert.equal(shown('36 km per hour', 'speed', 'meters_per_second', 'meters_per_second'), '10');
  // "per" with no unit after it, or two units with no such quotient, is still refused.
  assert.match(error('10 km per', 'speed'), /per/);
  assert.match(error('10 kg per hour', 'speed'), /per|kg/);
});

test('US and UK gallons, quarts and pints by their symbols, and U.S. with its periods', () => {
  const table: [string, string, string][] = [
    ['1 US gal', 'gallons', '3.785412'], ['1 us gal', 'gallons', '3.785412'], ['1 US qt', 'quarts', '0.946353'],
    ['1 US pt', 'pints', '0.473176'], ['1 UK gal', 'imperial_gallons', '4.54609'], ['1 UK qt', 'imperial_quarts', '1.136523'],
    ['1 UK pt', 'imperial_pints', '0.568261'], ['1 U.S. gallon', 'gallons', '3.785412'], ['1 imp gal', 'imperial_gallons', '4.54609'],
    ['1 imp gallon', 'imperial_gallons', '4.54609'], ['2 U.S. gal', 'gallons', '7.570824'],
    // Whose unit after it, as forums and labels write it: "pint uk", "gallons (US)".
    ['1 pint uk', 'imperial_pints', '0.568261'], ['2 pints UK', 'imperial_pints', '1.136523'], ['1 gallon imperial', 'imperial_gallons', '4.54609'],
    ['1 pint (UK)', 'imperial_pints', '0.568261'], ['1 gallon ( us )', 'gallons', '3.785412'], ['1 pint us', 'pints', '0.473176'],
    ['1 cup metric', 'metric_cups', '0.25'], ['1 qt (imp)', 'imperial_quarts', '1.136523'],
    // Symbols' plurals as people write them.
    ['4 qts', 'quarts', '3.785412'], ['2 pts', 'pints', '0.946353'], ['2 uk pts', 'imperial_pints', '1.136523'], ['8 fl ozs', 'fluid_ounces', '0.236588'],
  ];
  for (const [input, unitKey, liters] of table) {
    const p = ok(input, 'volume');
    assert.equal(p.kind === 'quantity' && p.unit.key, unitKey, input);
    assert.equal(shown(input, 'volume', 'liters', 'liters'), liters, input);
  }
  // "US" before a unit of the card is no microsecond (and no hint to type something else);
  // "US tbsp" is the tablespoon (never "Did you mean aus tbsp?", the Australian one).
  const us = ok('1 US tbsp', 'volume');
  assert.equal(us.kind === 'quantity' && us.unit.key, 'tablespoons');
  assert.match(error('2 us', 'volume'), /“µs” is a unit of time, not volume/);
  // After a unit with no such size, the same message as before it.
  assert.equal(error('1 tbsp uk', 'volume'), error('1 uk tbsp', 'volume'));
  assert.match(error('1 pint (568 ml)', 'volume'), /568 mL in brackets is 20 % more than 1 US pint/, 'a bracket with a number is no qualifier');
});

test('square feet and metres as listings write them: sq.ft, SF, ft sq, feet squared, ft^2, sq mtr', () => {
  for (const input of ['1200 sq.ft', '1200 sq.ft.', '1200 ft sq', '1200 SF', '1200 sf', '1200 feet squared', '1200 ft^2', '1200 sq. ft.']) {
    assert.equal(shown(input, 'area', 'square_meters', 'square_meters'), '111.483648', input);
  }
  for (const input of ['1200 sq.m', '1200 sq mtr', '1200 meters squared', '1200 m^2', '1200 sq mtrs']) {
    assert.equal(shown(input, 'area', 'square_feet', 'square_meters'), '1,200', input);
  }
  assert.equal(shown('2 m^3', 'volume', 'liters', 'liters'), '2,000');
  assert.equal(shown('3 yd cubed', 'volume', 'liters', 'cubic_meters'), '2.293665');
  // A caret after a unit is about the unit, not numbers; one of another category says so.
  // Any other power says which are read, pointing at the one typed.
  assert.equal(error('1200 ft^4', 'area'), '“^4” after “ft” is no power read here: only the whole positive powers 2 and 3 of a length are (ft^2 or ft², ft^3 or ft³).');
  assert.equal(error('5 ft^-2', 'area'), '“^-2” after “ft” is no power read here: only the whole positive powers 2 and 3 of a length are (ft^2 or ft², ft^3 or ft³).');
  assert.equal(error('5 m^2.5', 'area'), '“^2.5” after “m” is no power read here: only the whole positive powers 2 and 3 of a length are (m^2 or m², m^3 or m³).');
  assert.equal(error('5 metres^2.5', 'area'), '“^2.5” after “metres” is no power read here: only the whole positive powers 2 and 3 of a length are (m^2 or m², m^3 or m³).');
  assert.match(error('5 kg^2', 'weight'), /^“\^2” after “kg” is no power read here: only the whole positive powers 2 and 3 of a length are \(ft\^2 or ft², m\^3 or m³\)\.$/);
  assert.match(error('5 m^2', 'length'), /“m²” is a unit of area, not length/);
  assert.match(error('2^3', 'length'), /Powers \(\^\) are read only as whole powers of 10/);
  // "10 feet square" is a square 10 feet on a side: not read as 10 ft².
  assert.match(error('10 feet square', 'area'), /./);
});

test('property: random sums of typed quantities equal GNU units', (t) => {
  const rnd = random(SEED);
  const linear = (['length', 'weight', 'volume', 'area'] as const).map((k) => [k, data.categories[k]] as const);
  const cases: { input: string; cat: CategoryKey; to: Unit; have: string }[] = [];
  for (let i = 0; i < 400; i++) {
    const [cat, c] = linear[Math.floor(rnd() * linear.length)];
    const terms = 1 + Math.floor(rnd() * 3);
    const ours: string[] = [];
    const gnu: string[] = [];
    for (let k = 0; k < terms; k++) {
      const u = c.units[Math.floor(rnd() * c.units.length)];
      const words = [u.key.replace(/_/g, ' '), u.symbol, ...(u.aliases ?? [])];
      const word = words[Math.floor(rnd() * words.length)];
      const n = randomNumber(rnd);
      const joiner = k === 0 ? '' : rnd() < 0.5 ? ' ' : ' + ';
      ours.push(`${joiner}${n.ours} ${word}`);
      gnu.push(`${n.gnu} (${gnuName(u)})`);
    }
    const to = c.units[Math.floor(rnd() * c.units.length)];
    cases.push({ input: ours.join(''), cat, to, have: gnu.join(' + ') });
  }
  const answers = runGnuUnits(cases.map((x) => [x.have, gnuQuery(x.to, x.to, 0)[1]]));
  const bad: string[] = [];
  cases.forEach((x, i) => {
    const p = ok(x.input, x.cat);
    const mine = toNumber(convertParsed(p, x.to, x.to));
    if (!agrees(mine, Number(answers[i]))) bad.push(`${x.input} → ${x.to.key}: ours ${mine}, GNU ${answers[i]} (${x.have})`);
  });
  t.diagnostic(`${cases.length} random quantities checked against GNU units (seed ${SEED})`);
  assert.deepEqual(bad, []);
});

test('property: random arithmetic with a unit, and temperatures, equal GNU units', (t) => {
  const rnd = random(SEED + 1);
  const cases: { input: string; cat: CategoryKey; from: Unit; to: Unit; have: string }[] = [];
  for (let i = 0; i < 300; i++) {
    const cat = (['length', 'weight', 'volume', 'area'] as const)[i % 4];
    const c = data.categories[cat];
    const e = randomExpression(rnd, 3);
    const [from, to] = [c.units[Math.floor(rnd() * c.units.length)], c.units[Math.floor(rnd() * c.units.length)]];
    // Half typed with the unit, half a bare expression in From.
    const typed = rnd() < 0.5;
    cases.push({ input: typed ? `${e.ours} ${from.symbol}` : e.ours, cat, from, to, have: `(${e.gnu}) (${gnuName(from)})` });
  }
  const temps = data.categories.temperature.units;
  for (let i = 0; i < 100; i++) {
    // GNU refuses readings below absolute zero, so negative readings stay small.
    const n = rnd() < 0.3 ? { ours: `-${1 + Math.floor(rnd() * 200)}`, gnu: '' } : randomNumber(rnd);
    if (n.gnu === '') n.gnu = n.ours;
    const [from, to] = [temps[i % 4], temps[Math.floor(rnd() * 4)]];
    const input = `${from.key === 'kelvin' || from.key === 'rankine' ? n.ours.replace('-', '') : n.ours} ${from.symbol}`;
    cases.push({ input, cat: 'temperature', from: temps[0], to, have: gnuQuery(from, to, from.key === 'kelvin' || from.key === 'rankine' ? n.gnu.replace('-', '') : n.gnu)[0] });
  }
  // GNU refuses a division by zero; ours must too, so those cases are checked apart.
  const refused = cases.filter((x) => parseInput(x.input, lex, x.cat).kind === 'error');
  for (const x of refused) assert.match(error(x.input, x.cat), /Division by zero/, x.input);
  const kept = cases.filter((x) => !refused.includes(x));
  const answers = runGnuUnits(kept.map((x) => [x.have, gnuQuery(x.to, x.to, 0)[1]]));
  const bad: string[] = [];
  kept.forEach((x, i) => {
    const mine = toNumber(convertParsed(ok(x.input, x.cat), x.from, x.to));
    const gnu = Number(answers[i]);
    const close = agrees(mine, gnu) || (x.cat === 'temperature' && Math.abs(mine - gnu) < 1e-9);
    if (!close) bad.push(`${x.input} (${x.from.key}) → ${x.to.key}: ours ${mine}, GNU ${answers[i]} (${x.have})`);
  });
  t.diagnostic(`${kept.length} random expressions checked against GNU units, ${refused.length} divisions by zero refused (seed ${SEED})`);
  assert.ok(kept.length >= 350);
  assert.deepEqual(bad, []);
});

test('feet, a hyphen with no spaces, then inches is one length, as US plans write it; with spaces it subtracts', () => {
  for (const [input, m, reading] of [
    [`12'-6"`, '381/100', '12 ft 6 in'], [`5'-11"`, '9017/5000', '5 ft 11 in'], [`12'-6 1/2"`, '38227/10000', '12 ft 6 1/2 in'],
    ['12 ft-6 in', '381/100', '12 ft 6 in'], ['12ft-6in', '381/100', '12 ft 6 in'], ['5’-11”', '9017/5000', '5 ft 11 in'],
    [`12'-6`, '381/100', '12 ft 6 in'], [`-12'-6"`, '-381/100', '−12 ft 6 in'],
  ]) {
    const p = ok(input);
    assert.equal(ratio(p.value), m, input);
    assert.equal(p.reading, reading, input);
    assert.deepEqual(p.notes, ['the hyphen joins feet and inches'], input);
    assert.equal(p.kind === 'quantity' && p.symbols, reading, input);
  }
  assert.equal(shown(`12'-6"`, 'length', 'feet', 'meters'), '3.81');
  // Spaced, or before another unit than inches, the hyphen is a minus.
  assert.equal(ok(`12' - 6"`).reading, '12 ft − 6 in');
  assert.equal(ratio(ok(`12' - 6"`).value), '8763/2500');
  assert.equal(ok('12 ft -6 in').reading, '12 ft − 6 in');
  assert.equal(ok('12 ft-6 m').reading, '12 ft − 6 m');
  assert.equal(ok(`12'-6"-1"`).reading, '12 ft 6 in − 1 in');
  // After a sum's other terms, the hyphen joins its own term alone.
  assert.equal(shown('10 ft - 5 ft-3 in', 'length', 'meters', 'inches'), '57');
  assert.equal(ok('10 ft - 5 ft-3 in').reading, '10 ft − 5 ft 3 in');
  assert.equal(shown('1 ft - 1 ft-3 in', 'length', 'meters', 'inches'), '-3');
  assert.equal(shown("2 ft + 5'-11\"", 'length', 'meters', 'inches'), '95');
  assert.equal(ok('10 m-2 m').reading, '10 m − 2 m');
});

test('a quantity divided by a quantity is a plain ratio, refused with the ratio, never a value in From', () => {
  assert.equal(error('100 m2 / 4 m2', 'area'), '100 m² ÷ 4 m² is a plain ratio (25), not an area: divide a quantity by a plain number.');
  assert.equal(error('10 m / 2 m'), '10 m ÷ 2 m is a plain ratio (5), not a length: divide a quantity by a plain number.');
  assert.match(error('12 ft / 3 in'), /^12 ft ÷ 3 in is a plain ratio \(48\), not a length/);
  assert.match(error('12 ft / 2 ft'), /plain ratio \(6\)/);
  assert.match(error('(10 m + 2 m)/(4 m)'), /plain ratio \(3\)/);
  assert.match(error('10 m / 2 m', null), /plain ratio \(5\)/, 'the search box too');
  // A quantity divided by a plain number is still that quantity.
  assert.equal(ratio(ok('6 ft / 2').value), '1143/1250');
  assert.equal(shown('100 m2 / 4', 'area', 'square_feet', 'square_meters'), '25');
});

test('two numbers and a dash as listings write a range are refused, never a negative area; spaced or high-to-low they subtract', () => {
  assert.equal(error('1000–1200', 'area'), '1000–1200 looks like a range: convert each end.');
  assert.equal(error('1000 – 1200 sq ft', 'area'), '1000–1200 looks like a range: convert each end.');
  assert.equal(error('1000-1200', 'area'), '1000-1200 looks like a range: convert each end, or write 1000 - 1200 to subtract.');
  assert.match(error('1000-1200 sq ft', 'area'), /^1000-1200 looks like a range/);
  assert.match(error('1,200-1,500 sq ft', 'area'), /^1200-1500 looks like a range/);
  // The unit written at both ends too.
  assert.match(error('1000 sq ft – 1200 sq ft', 'area'), /^1000–1200 looks like a range/);
  assert.match(error('3 ft-4 ft', 'length'), /^3-4 looks like a range/);
  assert.match(error("1'-2'", 'length'), /^1-2 looks like a range/);
  assert.equal(ratio(ok('4 ft-3 ft').value), '381/1250', 'the larger first subtracts (1 ft)');
  assert.equal(ok(`5'-11"`).reading, '5 ft 11 in', 'feet then inches is no range');
  assert.equal(ok('1000 sq ft - 1200 sq ft', 'area').reading, '1000 ft² − 1200 ft²', 'spaced, a hyphen subtracts');
  assert.match(error('3-4 ft'), /looks like a range/);
  for (const [input, want] of [['1000 - 1200', '-200'], ['1200-1000', '200'], ['1200 - 1000', '200'], ['2*3-5', '1'], ['-1000-1200', '-2200'], ['5-3/2', '7/2'], ['1-1/2', '3/2']]) {
    assert.equal(ratio(ok(input, 'area').value), want, input);
  }
});

test('scientific notation as textbooks and phones write it (1.5×10³, 1.5 x 10^3) is e-notation', () => {
  for (const input of ['1.5×10³', '1.5·10³', '1.5 x 10^3', '1.5*10^3', '1.5×10^3', '1.5 X 10 ^ 3', '1,5×10³']) {
    const p = ok(input, 'energy');
    assert.equal(ratio(p.value), '1500', input);
    assert.equal(p.reading, '1.5e3', input);
  }
  assert.equal(ratio(ok('1.5×10⁻³').value), '3/2000');
  assert.equal(ratio(ok('1.5 x 10^-3').value), '3/2000');
  assert.equal(ratio(ok('1.5 × 10^−3 kJ', 'energy').value), '3/2');
  assert.equal(ok('6.02×10²³ J', 'energy').reading, '6.02e23 J');
  // Without a power of ten it is a product; a power of another number is still refused.
  assert.equal(ok('2*10').reading, '2 × 10');
  assert.match(error('2*3^2'), /Powers/);
  // A power of ten alone is as 1 × 10^6 is, and says how it was read; no other power is.
  const million = ok('10^6 m');
  assert.equal(ratio(million.value), '1000000');
  assert.equal(million.reading, '1e6 m');
  assert.deepEqual(million.notes, ['10^6 read as 1e6']);
  assert.match(error('10²', 'area'), /Unknown unit “²”/, 'perhaps 10 m² with the unit left out');
  assert.equal(ratio(ok('10 ^ -3').value), '1/1000');
  assert.match(error('10^6.5'), /whole powers of 10/);
  assert.match(error('100^2'), /whole powers of 10/);
  assert.match(error('2^10'), /whole powers of 10/);
  assert.equal(ratio(ok('110').value), '110');
  assert.match(error('1.5×10^9999'), /too large/);
});

test('a scale word after a number multiplies it, as a unit applies to it; a unit’s own words stay the unit; unit letters stay units', () => {
  const m = ok('1 million meters');
  assert.equal(ratio(m.value), '1000000');
  assert.equal(m.reading, '1 million m', 'read back in its words');
  assert.equal(ratio(ok('1 million g', 'weight').value), '1000');
  assert.equal(ratio(ok('2.5 billion B', 'digital_storage').value), ratio(ok('2500000000 B', 'digital_storage').value), 'a billion is 10⁹');
  assert.equal(ratio(ok('1.2 thousand km').value), '1200000');
  assert.equal(ratio(ok('1 trillion').value), '1000000000000');
  assert.equal(ratio(ok('5 hundred thousand').value), '500000');
  assert.equal(ratio(ok('1/2 million m').value), '500000', 'half a million, as 1/2 cup is half a cup');
  assert.equal(ratio(ok('1 1/2 million').value), '1500000');
  assert.equal(ok('1 million btu', 'energy').reading, ok('1 MMBtu', 'energy').reading, 'a unit’s words are no number');
  assert.equal(ok('5 thousand btu per hour', 'power').reading, ok('5 MBH', 'power').reading);
  assert.equal(ok('5 m').reading, '5 m', 'm is the metre, never a million');
  assert.equal(ok('5k').reading, '5 km', 'k stays the runner’s kilometre here');
  assert.equal(error('million meters'), '“million” is a number word: write the amount before it, as in “1 million” or “one million”.');
  assert.match(error('billion', 'digital_storage'), /“billion” is a number word/);
  assert.match(error('1-2 million m'), /looks like a range/, 'a range stays a range');
  assert.equal(ratio(ok('5 hundredweight', 'weight').value), ratio(ok('5 cwt', 'weight').value), 'hundred inside a word is no number');
});

test('numbers in words: whole amounts as people type them, said in the reading’s note', () => {
  const cases: [string, string, string][] = [
    ['one hundred', '100', '“one hundred” read as 100'],
    ['two hundred fifty', '250', '“two hundred fifty” read as 250'],
    ['one hundred and five', '105', '“one hundred and five” read as 105'],
    ['twenty-five', '25', '“twenty-five” read as 25'],
    ['twenty five', '25', '“twenty five” read as 25'],
    ['Twelve Hundred', '1200', '“Twelve Hundred” read as 1200'],
    ['a hundred', '100', '“a hundred” read as 100'],
    ['a thousand', '1000', '“a thousand” read as 1000'],
    ['a million', '1000000', '“a million” read as 1000000'],
    ['one million two hundred thousand', '1200000', '“one million two hundred thousand” read as 1200000'],
    ['zero', '0', '“zero” read as 0'],
    ['nineteen', '19', '“nineteen” read as 19'],
    ['ninety nine', '99', '“ninety nine” read as 99'],
    ['one and a half', '3/2', '“one and a half” read as 1 1/2'],
  ];
  for (const [input, value, note] of cases) {
    const p = ok(input);
    assert.equal(ratio(p.value), value, input);
    assert.deepEqual(p.notes, [note], input);
  }
  const hundred = ok('one hundred meters');
  assert.equal(hundred.reading, '100 m');
  assert.equal(ok('two feet').reading, '2 ft');
  const mile = ok('a mile');
  assert.equal(mile.reading, '1 mi');
  assert.deepEqual(mile.notes, ['“a” read as 1']);
  assert.equal(ok('an inch').reading, '1 in');
  assert.equal(ok('5 ft eleven').reading, '5 ft 11 in');
  assert.equal(ok('one and a half hours', 'time').reading, '1 1/2 h');
  assert.equal(ok('a second', 'time').reading, '1 s', 'second, the unit');
  // Not numbers: "a" alone or after a number is the are's symbol; a number word inside another word is none.
  assert.match(error('a', 'area'), /“a” needs a number/);
  assert.equal(ok('5 a', 'area').reading, '5 a');
  assert.match(error('tenth'), /Unknown unit “tenth”/);
  assert.match(error('often'), /Unknown unit “often”/);
  assert.match(error('1 one'), /Two numbers in a row/);
  assert.match(error('a half'), /“a” needs a number|Unknown unit/);
  assert.equal(ok('60 revolutions a minute', 'frequency').reading, ok('60 rpm', 'frequency').reading, 'an a in a unit’s words stays the unit’s');
});

test('an x between room sides is a times sign, and two lengths multiplied say how to type the area', () => {
  for (const input of ['12x14', '12 X 14', '12 x 14']) {
    const p = ok(input, 'area');
    assert.equal(ratio(p.value), '168', input);
    assert.equal(p.reading, '12 × 14', input);
  }
  assert.equal(shown('12x14 sq ft', 'area', 'square_feet', 'square_meters'), '15.607711');
  assert.equal(error(`10'x12'`, 'area'), '“ft” is a unit of length: for an area, multiply the numbers and write the square unit once, 10 × 12 ft².');
  assert.match(error('12 ft × 14 ft', 'area'), /write the square unit once, 12 × 14 ft²\.$/);
  assert.match(error('12 x 14 ft', 'area'), /write the square unit once, 12 × 14 ft²\.$/);
  assert.equal(error(`10'x12'`), 'Two quantities cannot be multiplied here: multiply a quantity by a plain number (for an area, type 10 × 12 ft² on the Area converter).');
  assert.match(error('1.5 m x 2 m', null), /type 1\.5 × 2 m² on the Area converter/);
  assert.equal(error('2 kg * 3 kg', 'weight'), 'Two quantities cannot be multiplied here: multiply a quantity by a plain number.');
  // Sides in feet and inches, or in two units, are given in one unit that reads them in a few
  // decimals (12 ft 6 in is 12.5 ft), never as the numbers typed (10 ft × 2 m is no 10 × 2 ft²).
  assert.equal(error('12 ft 6 in x 10 ft', 'area'), '“ft” is a unit of length: for an area, write both sides in one unit, multiply the numbers and write the square unit once, 12.5 × 10 ft².');
  assert.match(error('5 ft 7 in x 10 ft', 'area'), /write the square unit once, 67 × 120 in²\.$/);
  assert.match(error('10 ft x 2 m', 'area'), /write the square unit once, 3\.048 × 2 m²\.$/);
  assert.doesNotMatch(error('10 ft x 1/3 m', 'area'), /10 × 1 ft²/);
  assert.match(error('12 ft 6 in x 10 ft'), /\(for an area, type 12\.5 × 10 ft² on the Area converter\)\.$/);
  // Alone, or inside a word, x is no times sign.
  assert.match(error('5 x'), /Unknown unit “x”/);
  assert.match(error('5 ft', 'area'), /not area\. For square feet, type “ft²”\.$/);
});

test('digits of other scripts are digits: full width (a Japanese IME), Arabic-Indic, Persian, Devanagari', () => {
  assert.equal(ok('１２３').reading, '123');
  assert.equal(ok('１．５').reading, '1.5');
  assert.equal(ok('１，５').reading, '1.5', 'a full-width decimal comma, as an ASCII one');
  assert.equal(ok('－３').reading, '−3');
  const cm = ok('１５０ｃｍ');
  assert.equal(cm.kind === 'quantity' && cm.unit.key, 'centimeters');
  assert.equal(cm.reading, '150 cm');
  assert.equal(ok('١٢٣').reading, '123');
  assert.equal(ok('١٫٥').reading, '1.5', 'the Arabic decimal separator');
  assert.equal(ok('١٬٢٠٠').reading, '1200', 'the Arabic thousands separator');
  assert.equal(ok('۱۲۳').reading, '123');
  assert.equal(ok('१२३').reading, '123');
  // Full-width letters and signs with them are one unit word, as typed in ASCII.
  assert.equal(ok('５ ｋｍ／ｈ', 'speed').reading, '5 km/h');
  assert.equal(ok('5 ｍ／ｓ', 'speed').reading, '5 m/s');
  assert.equal(ok('５＇１１＂').reading, '5 ft 11 in');
});

test('a message says “a” or “an” as the word after it is said, an acronym by its first letter', () => {
  assert.deepEqual(['temperature', 'area', 'electric current', 'HbA1c', 'pace', 'LED'].map(article), ['a', 'an', 'an', 'an', 'a', 'an']);
});
