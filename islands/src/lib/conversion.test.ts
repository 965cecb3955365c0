import { test } from 'node:test';
import assert from 'node:assert/strict';
import { convertInput, findTarget, formatCompound, lexiconFor, resultLine, type Outcome, type Target } from './conversion';
import { fromNumber } from './rational';
import { findUnit, valueExample, type CategoryKey, type Unit, type UnitCategory } from './units';
import { loadUnits } from '../../test/testData.ts';
import type { Decimals } from './format';
import { readingNote } from './readingNote.ts';

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

test('compounds come from units.yaml: feet + inches, hands + inches, stones + pounds, pounds + ounces', () => {
  assert.deepEqual(data.categories.length.compounds?.map((c) => c.key), ['feet_inches', 'hands_inches']);
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
  assert.equal(message('length', '1e308', 'meters', 'feet'), 'The result is too large to show.', 'the result overflows, not the value typed');
  assert.match(message('length', '9'.repeat(400), 'meters', 'feet'), /result is too large to show/);
  assert.match(message('length', '1e309', 'meters', 'feet'), /result is too large to show/);
  assert.equal(message('area', '1e-320', 'square_millimeters', 'square_kilometers'), 'The result is too close to zero to show.');
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
  assert.equal(message('fuel_economy', '-8', 'liters_per_100_kilometers', 'us_gallons_per_100_miles'), 'Fuel Economy is never below zero: type 0 or more.');
  assert.equal(message('fuel_economy', '-30 mpg', 'kilometers_per_liter', 'liters_per_100_kilometers'), 'Fuel Economy is never below zero: type 0 or more.');
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

test('running pace: min/km and min/mi are reciprocal speeds, exact, as GNU units reads them', () => {
  // units -t '5.5 min/km' min/mile = 8.851392; units -t '1/(5.5 min/km)' km/hr = 10.909091, mph 6.7785948.
  assert.equal(shown('speed', '5.5', 'minutes_per_kilometer', 'minutes_per_mile'), '8.851392 min/mi');
  assert.equal(shown('speed', '5.5', 'minutes_per_kilometer', 'kilometers_per_hour'), '10.909091 km/h');
  assert.equal(shown('speed', '5.5', 'minutes_per_kilometer', 'miles_per_hour'), '6.778595 mph');
  assert.equal(shown('speed', '12', 'kilometers_per_hour', 'minutes_per_kilometer'), '5 min/km');
  assert.equal(shown('speed', '8', 'minutes_per_mile', 'miles_per_hour'), '7.5 mph');
  // Typed with the card on other units: the pace wins over From, as any typed unit does.
  assert.equal(shown('speed', '6 min/km', 'kilometers_per_hour', 'miles_per_hour'), '6.213712 mph');
  assert.equal(shown('speed', '6 min per km', 'kilometers_per_hour', 'kilometers_per_hour'), '10 km/h');
  assert.equal(shown('speed', '8 minutes per mile', 'kilometers_per_hour', 'kilometers_per_hour'), '12.07008 km/h');
  assert.equal(shown('speed', '8:00 per mile', 'kilometers_per_hour', 'minutes_per_kilometer'), '4.97097 min/km');
  assert.equal(shown('speed', '5:30/km', 'kilometers_per_hour', 'kilometers_per_hour'), '10.909091 km/h');
  assert.equal(shown('speed', '8:00 / mile', 'kilometers_per_hour', 'minutes_per_kilometer'), '4.97097 min/km');
  assert.equal(shown('speed', '5:30 per kilometre', 'kilometers_per_hour', 'kilometers_per_hour'), '10.909091 km/h');
  // Not after a plain number: 100 per mile is no pace (it was 0.6 mph).
  assert.equal(run('speed', '100 per mile', 'kilometers_per_hour', 'miles_per_hour').kind, 'error');
  assert.equal(run('speed', '0.67/mi', 'kilometers_per_hour', 'miles_per_hour').kind, 'error');
  assert.match(message('speed', '0', 'minutes_per_kilometer', 'kilometers_per_hour'), /infinite/);
});

test('a speed in km/h, m/s or mph is signed and adds up; only a pace (From, To or typed) is a reading', () => {
  // units -t '-9.8 m/s' km/hr = -35.28; '10 km/hr + 5 km/hr' mph = 9.3205679.
  assert.equal(shown('speed', '-9.8 m/s', 'meters_per_second', 'kilometers_per_hour'), '-35.28 km/h');
  assert.equal(shown('speed', '-5', 'kilometers_per_hour', 'miles_per_hour'), '-3.106856 mph');
  assert.equal(shown('speed', '10 km/h + 5 km/h', 'kilometers_per_hour', 'miles_per_hour'), '9.320568 mph');
  assert.equal(shown('speed', '10 m/s − 3 m/s', 'meters_per_second', 'kilometers_per_hour'), '25.2 km/h');
  assert.equal(shown('speed', '30 km/h × 2', 'kilometers_per_hour', 'miles_per_hour'), '37.282272 mph');
  // A pace below zero, or a speed below zero made a pace, means nothing; 0 passes the rule
  // and is refused only where it is infinite.
  assert.equal(message('speed', '-5:30', 'minutes_per_kilometer', 'kilometers_per_hour'), 'A pace is never below zero: type 0 or more.');
  assert.equal(message('speed', '-10', 'kilometers_per_hour', 'minutes_per_kilometer'), 'A pace is never below zero: type 0 or more.');
  assert.equal(message('speed', '-5 min/km', 'kilometers_per_hour', 'miles_per_hour'), 'A pace is never below zero: type 0 or more.');
  assert.match(message('speed', '5 min/km + 1 min/km', 'kilometers_per_hour', 'miles_per_hour'), /^Pace readings cannot be added or subtracted/);
  assert.match(message('speed', '5 min/km + 10 km/h', 'kilometers_per_hour', 'miles_per_hour'), /^Pace readings cannot be added or subtracted/);
  assert.match(message('speed', '0', 'kilometers_per_hour', 'minutes_per_kilometer'), /infinite/);
  // Fuel economy stays readings throughout: 30 mpg + 10 mpg means nothing.
  assert.match(message('fuel_economy', '30 mpg + 10 mpg', 'us_miles_per_gallon', 'kilometers_per_liter'), /^Fuel economy readings cannot be added/);
  assert.equal(message('fuel_economy', '-30', 'us_miles_per_gallon', 'kilometers_per_liter'), 'Fuel Economy is never below zero: type 0 or more.');
});

test('m:ss and h:mm:ss are read where a pace or a time is typed, in the unit they go with', () => {
  const note = (k: CategoryKey, input: string, from: string, to: string): string => readingNote(run(k, input, from, to) as Extract<Outcome, { kind: 'ok' }>);
  assert.equal(shown('speed', '5:30', 'minutes_per_kilometer', 'minutes_per_mile'), '8.851392 min/mi');
  assert.equal(shown('speed', '5:30 min/km', 'kilometers_per_hour', 'kilometers_per_hour'), '10.909091 km/h');
  assert.equal(note('speed', '5:30 min/km', 'kilometers_per_hour', 'kilometers_per_hour'), 'From 5:30 min/km (5 min 30 s)');
  // On Time, 1:30 is h:mm with From Hours and m:ss with From Minutes; the reading says which.
  assert.equal(shown('time', '1:30', 'hours', 'minutes'), '90 min');
  assert.equal(note('time', '1:30', 'hours', 'minutes'), 'Read as 1:30 (1 h 30 min)');
  assert.equal(shown('time', '1:30', 'minutes', 'seconds'), '90 s');
  assert.equal(shown('time', '3:52:04', 'hours', 'minutes'), '232.066667 min');
  assert.equal(shown('time', '1:30 hours to minutes', 'seconds', 'seconds'), '90 min');
  // An h:mm:ss is hours on any unit of time; an m:ss minutes on Seconds too.
  assert.equal(shown('time', '1:30:00', 'minutes', 'seconds'), '5,400 s');
  assert.equal(note('time', '1:30:00', 'minutes', 'seconds'), 'Read as 1:30:00 (1 h 30 min)');
  assert.equal(shown('time', '1:02:30', 'seconds', 'minutes'), '62.5 min');
  assert.equal(shown('time', '1:30:00', 'milliseconds', 'minutes'), '90 min');
  assert.equal(shown('time', '5:30', 'seconds', 'minutes'), '5.5 min');
  assert.equal(shown('time', '5:30', 'seconds', 'seconds'), '330 s');
  assert.equal(note('time', '5:30', 'seconds', 'minutes'), 'Read as 5:30 (5 min 30 s)');
  assert.equal(shown('time', '2 × 5:30', 'seconds', 'seconds'), '660 s');
  assert.equal(shown('time', '5:30 s', 'hours', 'minutes'), '5.5 min');
  assert.equal(shown('time', '1:30:00 min', 'hours', 'seconds'), '5,400 s');
  // A plain number beside it would be in no one unit: 10 there is seconds, 5:30 minutes.
  assert.match(message('time', '5:30 + 10', 'seconds', 'minutes'), /mixes a time written with colons with other numbers/);
  // Every clock typed is said.
  assert.equal(shown('speed', '5:30 + 0:30', 'minutes_per_kilometer', 'kilometers_per_hour'), '10 km/h');
  assert.equal(note('speed', '5:30 + 0:30', 'minutes_per_kilometer', 'kilometers_per_hour'), 'Read as 5:30 + 0:30 (5 min 30 s; 30 s)');
  // Nowhere else, and never a colon that is no m:ss.
  assert.match(message('time', '1:30', 'milliseconds', 'minutes'), /^“1:30” is minutes and seconds \(m:ss\) or hours and minutes \(h:mm\): it is read in minutes, seconds, hours or a pace \(min\/km, min\/mi\), not in ms\.$/);
  assert.match(message('speed', '3:52:04', 'minutes_per_kilometer', 'kilometers_per_hour'), /h:mm:ss\): it is read in a unit of time, not in min\/km/);
  assert.match(message('length', '5:30 km', 'kilometers', 'miles'), /not in km\.$/);
  assert.match(message('speed', '5:30', 'kilometers_per_hour', 'miles_per_hour'), /not in km\/h\.$/);
  assert.match(message('time', '1:30.5', 'minutes', 'seconds'), /^“1:30\.5” is no time/);
  for (const bad of ['5:75', '5:3', '5:300', '5:30:1', '1:02:30:00']) {
    assert.match(message('speed', bad, 'minutes_per_kilometer', 'minutes_per_mile'), /is no time: write minutes and seconds as m:ss \(5:30\)/, bad);
  }
});

test('a pace result is also said in m:ss, beside the number Copy and the CSV keep', () => {
  const o = run('speed', '5:30', 'minutes_per_kilometer', 'minutes_per_mile') as Extract<Outcome, { kind: 'ok' }>;
  assert.equal(resultLine(o), '8.851392 min/mi', 'the result stays a number');
  assert.equal(o.pace, '8:51 min/mi');
  assert.equal(readingNote(o), 'Read as 5:30 (5 min 30 s). Result as m:ss: 8:51 min/mi');
  assert.equal((run('speed', '10', 'kilometers_per_hour', 'minutes_per_mile') as Extract<Outcome, { kind: 'ok' }>).pace, '9:39 min/mi');
  // 5.999 km/h is 10.0016… min/km: the seconds carry into the minute.
  assert.equal((run('speed', '5.999', 'kilometers_per_hour', 'minutes_per_kilometer') as Extract<Outcome, { kind: 'ok' }>).pace, '10:00 min/km');
  assert.equal((run('speed', '12', 'kilometers_per_hour', 'minutes_per_kilometer') as Extract<Outcome, { kind: 'ok' }>).pace, undefined, '5 min/km says it already');
  assert.equal((run('speed', '5', 'minutes_per_kilometer', 'kilometers_per_hour') as Extract<Outcome, { kind: 'ok' }>).pace, undefined, 'only a pace result');
});

test('a quantity in brackets after a quantity is the same amount given another way, never added: the first is read, the note says so', () => {
  const note = (k: CategoryKey, input: string, from: string, to: string): string => readingNote(run(k, input, from, to) as Extract<Outcome, { kind: 'ok' }>);
  assert.equal(shown('volume', '1 cup (250ml)', 'cups', 'milliliters'), '236.588237 mL');
  assert.equal(note('volume', '1 cup (250ml)', 'cups', 'milliliters'), 'From 1 US cup (250 mL in brackets read as the same amount, given another way, 5.7 % more)');
  assert.equal(shown('volume', '250ml (1 cup)', 'liters', 'cups'), '1.056688 cups');
  assert.equal(note('volume', '250ml (1 cup)', 'liters', 'cups'), 'From 250 mL (1 US cup in brackets read as the same amount, given another way, 5.4 % less)');
  assert.equal(shown('volume', '2 tbsp (30 ml)', 'tablespoons', 'milliliters'), '29.57353 mL');
  // Beyond what printed equivalents round (15 %), not one amount, and never added.
  const refused = (k: CategoryKey, input: string, from: string, to: string): string => {
    const o = run(k, input, from, to);
    return o.kind === 'error' ? o.message : `converted: ${JSON.stringify(o)}`;
  };
  assert.equal(refused('length', '5 ft (11 in)', 'meters', 'centimeters'), '11 in in brackets is 82 % less than 5 ft, so it is not the same amount given another way: convert one of them, or add them with + (5 ft + 11 in).');
  assert.equal(
    refused('volume', '2 tbsp (40 ml)', 'tablespoons', 'milliliters'),
    '40 mL in brackets is 35 % more than 2 US tablespoons, so it is not the same amount given another way: convert one of them, or add them with + (2 US tablespoons + 40 mL). An Australian tablespoon is 20 mL: type aus tbsp.',
  );
  assert.equal(shown('weight', '8 oz (225 g)', 'ounces', 'grams'), '226.796185 g');
  // Within rounding (0.8 %) the note does not call it more or less.
  assert.equal(note('weight', '8 oz (225 g)', 'ounces', 'grams'), 'From 8 oz (225 g in brackets read as the same amount, given another way)');
  assert.equal(shown('length', '5 ft (1.52 m)', 'meters', 'centimeters'), '152.4 cm');
  // A bracket with no unit, or first, or no bracket: read as before.
  assert.equal(shown('length', '2*(3+4) m', 'meters', 'centimeters'), '1,400 cm');
  assert.equal(shown('volume', '(1+2) cups', 'liters', 'tablespoons'), '48 tbsp');
  assert.equal(shown('length', '5 ft 11 in', 'meters', 'centimeters'), '180.34 cm');
  assert.equal(shown('length', '5 ft (11)', 'meters', 'centimeters'), '180.34 cm');
  assert.equal(shown('volume', '1 cup 2 tbsp', 'liters', 'tablespoons'), '18 tbsp');
  assert.equal(shown('volume', '1 cup + (2 tbsp)', 'liters', 'tablespoons'), '18 tbsp');
});
