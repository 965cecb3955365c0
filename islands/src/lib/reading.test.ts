// What a card shows for what visitors type: the inputs of issue 26 (and more found trying
// them) → the result or the message, each number checked against GNU units; grouped numbers
// against their plain form; the unit-word rule against the build's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runGnuUnits } from './gnuUnits.mjs';
import { convertInput, findTarget, lexiconFor, resultLine, type Outcome } from './conversion';
import { formatResult } from './format';
import { buildLexicon, exactForm, parseInput, wordKey } from './parse';
import { readConversion } from './query';
import { toNumber } from './rational';
import { OPS, VULGAR } from './tokens';
import { findUnit, type CategoryKey, type UnitCategory } from './units';
import { loadUnits } from '../../test/testData.ts';
import { NOT_IN_WORDS } from '../generated/wordRule.ts';
import { WORD_FORMS } from '../generated/wordForms.ts';

const data = loadUnits();
const categories = Object.fromEntries((Object.keys(data.categories) as CategoryKey[]).map((k) => [k, { ...data.categories[k], key: k }])) as Record<
  CategoryKey,
  UnitCategory & { key: string }
>;

function card(k: CategoryKey, input: string, from: string, to: string): Outcome {
  const category = categories[k];
  return convertInput({ category, lexicon: lexiconFor(category, categories), input, from: findUnit(category, from)!, to: findTarget(category, to)!, decimals: 'auto' });
}

/** The line under the Value field, as the card writes it. */
const said = (o: Extract<Outcome, { kind: 'ok' }>): string =>
  o.reading === null ? '' : `${o.typed ? 'From' : 'Read as'} ${o.reading}${o.notes.length > 0 ? ` (${o.notes.join('; ')})` : ''}`;

type Row = [input: string, category: CategoryKey, from: string, to: string, want: string | RegExp, said?: string, gnu?: [have: string, want: string]];

/** Each row of `table` the card reads otherwise than the row says (its result, or its message, and the reading). */
function misread(table: Row[]): string[] {
  const bad: string[] = [];
  for (const [input, k, from, to, want, line] of table) {
    const o = card(k, input, from, to);
    if (want instanceof RegExp) {
      if (o.kind !== 'error' || !want.test(o.message)) bad.push(`${input} (${from} → ${to}): want ${want}, got ${JSON.stringify(o)}`);
      continue;
    }
    if (o.kind !== 'ok') {
      bad.push(`${input}: want ${want}, got ${JSON.stringify(o)}`);
      continue;
    }
    if (resultLine(o) !== want) bad.push(`${input}: want ${want}, got ${resultLine(o)}`);
    if (line !== undefined && said(o) !== line) bad.push(`${input}: want “${line}”, said “${said(o)}”`);
  }
  return bad;
}

/** The rows of `table` with a GNU units expression give GNU units' number (units -d 15), to the shown precision. */
function assertGnuAgrees(table: Row[]): void {
  const rows = table.filter((r) => r[6] !== undefined);
  const answers = runGnuUnits(rows.map((r) => r[6]!));
  rows.forEach((r, i) => {
    const o = card(r[1], r[0], r[2], r[3]) as Extract<Outcome, { kind: 'ok' }>;
    assert.equal(o.text, formatResult(Number(answers[i]), data.categories[r[1]].precision), `${r[0]}: GNU ${answers[i]}`);
  });
}

// [input, card, From, To, result or message, line under Value, GNU units query for the number]
const TABLE: Row[] = [
  // Digit groups before a fraction are one number, never a mixed number.
  ['12 345/2', 'length', 'meters', 'feet', '20,250.984252 ft', 'Read as 12345/2', ['(12345/2) m', 'ft']],
  ['10 000/4', 'length', 'meters', 'feet', '8,202.099738 ft', 'Read as 10000/4', ['(10000/4) m', 'ft']],
  ['1 500/3', 'weight', 'grams', 'kilograms', '0.5 kg', 'Read as 1500/3', ['(1500/3) g', 'kg']],
  ['1 1/2', 'length', 'meters', 'feet', '4.92126 ft', '', ['(1+1/2) m', 'ft']],
  ['12 3456/7', 'length', 'meters', 'feet', /“12 3456\/7” is unclear: a mixed number takes a fraction below 1/],
  ['1 000', 'length', 'meters', 'feet', '3,280.839895 ft', 'Read as 1000', ['1000 m', 'ft']],
  ['1 000 000', 'length', 'meters', 'kilometers', '1,000 km', 'Read as 1000000', ['1000000 m', 'km']],
  ['1\u00a0234,5', 'length', 'meters', 'meters', '1,234.5 m', 'Read as 1234.5', ['1234.5 m', 'm']],
  ["1'000", 'length', 'meters', 'feet', '3,280.839895 ft', 'Read as 1000', ['1000 m', 'ft']],
  ['1’000’000', 'length', 'meters', 'kilometers', '1,000 km', 'Read as 1000000', ['1000000 m', 'km']],
  ['1.000', 'length', 'meters', 'feet', '3.28084 ft', 'Read as 1.000 (the point is a decimal point)', ['1 m', 'ft']],
  ['1,500', 'length', 'meters', 'feet', '4,921.259843 ft', 'Read as 1500 (the comma groups thousands)', ['1500 m', 'ft']],
  ['1,5', 'length', 'meters', 'feet', '4.92126 ft', 'Read as 1.5', ['1.5 m', 'ft']],
  ['0,500', 'length', 'meters', 'meters', '0.5 m', 'Read as 0.500', ['0.5 m', 'm']],
  ['1.000,50', 'length', 'meters', 'meters', '1,000.5 m', 'Read as 1000.50', ['1000.5 m', 'm']],
  ['1.000.000', 'length', 'meters', 'kilometers', '1,000 km', 'Read as 1000000', ['1000000 m', 'km']],
  ['1,234,567', 'length', 'meters', 'kilometers', '1,234.567 km', '', ['1234567 m', 'km']],
  ['1,234,5', 'length', 'meters', 'feet', /unclear/],
  ['1.000.5', 'length', 'meters', 'feet', /“1\.000\.5” is not a number: it has more than one decimal separator/],
  ['1.000.000.5', 'length', 'meters', 'feet', /unclear: points group thousands here/],
  ['5 3', 'length', 'meters', 'feet', /Two numbers in a row/],
  // Case where it matters: mega and milli.
  ['1 Mg', 'weight', 'kilograms', 'pounds', '2,204.622622 lb', 'From 1 t', ['1 Mg', 'lb']],
  ['1 mg', 'weight', 'kilograms', 'milligrams', '0.000001 kg', 'From 1 mg (converted to kg, since mg is the To unit)', ['1 mg', 'kg']],
  ['1 MG', 'weight', 'kilograms', 'pounds', /“MG” could be mg \(Milligrams\) or Mg \(Metric Tons\): type it with its case/],
  ['5 KG', 'weight', 'kilograms', 'pounds', '11.023113 lb', 'From 5 kg', ['5 kg', 'lb']],
  // kn is the knot (ISO 80000-3) and kN the kilonewton: the card's category decides.
  ['20 kn', 'speed', 'meters_per_second', 'kilometers_per_hour', '37.04 km/h', 'From 20 kt', ['20 knot', 'km/hr']],
  ['20 KN', 'speed', 'meters_per_second', 'kilometers_per_hour', '37.04 km/h', 'From 20 kt', ['20 knot', 'km/hr']],
  ['5 kn', 'force', 'newtons', 'pounds_force', '1,124.044715 lbf', 'From 5 kN', ['5 kN', 'lbf']],
  // Nm is how torque is written on a spec sheet; nm the nanometre: the card's category decides.
  ['300 Nm', 'torque', 'newton_meters', 'pound_feet', '221.268645 lbf·ft', 'From 300 N·m', ['300 N m', 'lbf ft']],
  ['300 nm', 'torque', 'newton_meters', 'pound_feet', '221.268645 lbf·ft', 'From 300 N·m', ['300 N m', 'lbf ft']],
  ['2 kNm', 'torque', 'newton_meters', 'newton_meters', '2,000 N·m', 'From 2 kN·m', ['2 kN m', 'N m']],
  // A runner's 5K is five kilometres; K is the kelvin on the temperature card.
  ['5K', 'length', 'meters', 'miles', '3.106856 mi', 'From 5 km', ['5 km', 'mi']],
  ['10k', 'length', 'meters', 'miles', '6.213712 mi', 'From 10 km', ['10 km', 'mi']],
  ['300k', 'temperature', 'celsius', 'celsius', '26.85 °C', 'From 300 K', ['tempK(300)', 'tempC']],
  // Ratios typed with a slash: grams per millilitre, kilograms(-force) per square centimetre.
  ['1.2 g/mL', 'density', 'kilograms_per_cubic_meter', 'pounds_per_cubic_foot', '74.913553 lb/ft³', 'From 1.2 g/cm³', ['1.2 g/ml', 'lb/ft^3']],
  ['2 kg/cm2', 'pressure', 'pascals', 'psi', '28.446687 psi', 'From 2 kgf/cm²', ['2 kgf/cm^2', 'psi']],
  ['250 us', 'time', 'seconds', 'milliseconds', '0.25 ms', 'From 250 µs', ['250 microsecond', 'ms']],
  ['2 hundredweight', 'weight', 'kilograms', 'pounds', '200 lb', 'From 2 US hundredweights', ['2 hundredweight', 'lb']],
  // One reading of the ambiguous words, said on the card.
  ['2 tons', 'weight', 'kilograms', 'pounds', '4,000 lb', 'From 2 US short tons', ['2 tons', 'lb']],
  ['1 ton', 'weight', 'kilograms', 'pounds', '2,000 lb', 'From 1 US short ton', ['1 ton', 'lb']],
  ['2 tonnes', 'weight', 'kilograms', 'pounds', '4,409.245244 lb', 'From 2 t', ['2 tonne', 'lb']],
  ['1 gallon', 'volume', 'liters', 'liters', '3.785412 L', 'From 1 US gallon', ['1 usgallon', 'l']],
  ['1 pint', 'volume', 'liters', 'milliliters', '473.176473 mL', 'From 1 US pint', ['1 uspint', 'ml']],
  ['1 quart', 'volume', 'liters', 'liters', '0.946353 L', 'From 1 US quart', ['1 usquart', 'l']],
  ['1 ounce', 'weight', 'kilograms', 'grams', '28.349523 g', 'From 1 oz', ['1 oz', 'g']],
  ['1 troy ounce', 'weight', 'kilograms', 'grams', '31.103477 g', 'From 1 oz t', ['1 troyounce', 'g']],
  // The To unit typed: converted to From instead.
  ['98.6F', 'temperature', 'celsius', 'fahrenheit', '37 °C', 'From 98.6 °F (converted to °C, since °F is the To unit)', ['tempF(98.6)', 'tempC']],
  ['100 degrees F', 'temperature', 'celsius', 'fahrenheit', '37.78 °C', 'From 100 °F (converted to °C, since °F is the To unit)', ['tempF(100)', 'tempC']],
  ['100 deg C', 'temperature', 'kelvin', 'fahrenheit', '212 °F', 'From 100 °C', ['tempC(100)', 'tempF']],
  ['37 degrees', 'temperature', 'celsius', 'fahrenheit', '98.6 °F', 'Read as 37', ['tempC(37)', 'tempF']],
  ['100°', 'temperature', 'celsius', 'fahrenheit', '212 °F', 'Read as 100', ['tempC(100)', 'tempF']],
  ['100 c', 'temperature', 'kelvin', 'fahrenheit', '212 °F', 'From 100 °C', ['tempC(100)', 'tempF']],
  // Phone punctuation and abbreviations.
  ['5’11”', 'length', 'meters', 'centimeters', '180.34 cm', 'From 5 ft 11 in', ['5 ft + 11 in', 'cm']],
  ['6’', 'length', 'meters', 'centimeters', '182.88 cm', 'From 6 ft', ['6 ft', 'cm']],
  ['5‘11“', 'length', 'meters', 'centimeters', '180.34 cm', 'From 5 ft 11 in', ['5 ft + 11 in', 'cm']],
  ['5′11″', 'length', 'meters', 'centimeters', '180.34 cm', 'From 5 ft 11 in', ['5 ft + 11 in', 'cm']],
  ['5’11’’', 'length', 'meters', 'centimeters', '180.34 cm', 'From 5 ft 11 in', ['5 ft + 11 in', 'cm']],
  ['5 lbs.', 'weight', 'kilograms', 'kilograms', '2.267962 kg', 'From 5 lb', ['5 lb', 'kg']],
  ['10 oz.', 'weight', 'kilograms', 'kilograms', '0.283495 kg', 'From 10 oz', ['10 oz', 'kg']],
  ['1 gal.', 'volume', 'liters', 'liters', '3.785412 L', 'From 1 US gallon', ['1 usgallon', 'l']],
  ['5 ft. 11 in.', 'length', 'meters', 'meters', '1.8034 m', 'From 5 ft 11 in', ['5 ft + 11 in', 'm']],
  ['12 fl. oz.', 'volume', 'liters', 'milliliters', '354.882355 mL', 'From 12 US fluid ounces', ['12 usfloz', 'ml']],
  ['5ft.11in', 'length', 'meters', 'meters', /“ft\.1” is unclear: put a space after “ft\.”/],
  ['3 yds', 'length', 'meters', 'meters', '2.7432 m', 'From 3 yd', ['3 yd', 'm']],
  ['250 mls', 'volume', 'liters', 'liters', '0.25 L', 'From 250 mL', ['250 ml', 'l']],
  ['2 ltr', 'volume', 'gallons', 'milliliters', '2,000 mL', 'From 2 L', ['2 l', 'ml']],
  ['5 cc', 'volume', 'liters', 'milliliters', '0.005 L', 'From 5 mL (converted to L, since mL is the To unit)', ['5 cc', 'l']],
  ['33 cl', 'volume', 'liters', 'liters', '0.33 L', 'From 33 cL', ['33 centiliter', 'l']],
  ['1 dl', 'volume', 'liters', 'milliliters', '100 mL', 'From 1 dL', ['1 deciliter', 'ml']],
  ['1 c', 'volume', 'liters', 'milliliters', '236.588237 mL', 'From 1 US cup', ['1 uscup', 'ml']],
  ['2 lt', 'volume', 'liters', 'milliliters', '2,000 mL', 'From 2 L', ['2 l', 'ml']],
  ['2 LT', 'weight', 'kilograms', 'kilograms', '2,032.093818 kg', 'From 2 UK long tons', ['2 longton', 'kg']],
  // A target in Value.
  ['10 kg to lb', 'weight', 'kilograms', 'kilograms', '22.046226 lb', 'From 10 kg (in lb, as typed)', ['10 kg', 'lb']],
  ['10kg in pounds', 'weight', 'grams', 'ounces', '22.046226 lb', 'From 10 kg (in lb, as typed)', ['10 kg', 'lb']],
  ['5 ft 11 in to cm', 'length', 'meters', 'feet', '180.34 cm', 'From 5 ft 11 in (in cm, as typed)', ['5 ft + 11 in', 'cm']],
  ['5 ft 11 in in cm', 'length', 'meters', 'feet', '180.34 cm', 'From 5 ft 11 in (in cm, as typed)', ['5 ft + 11 in', 'cm']],
  ['1 in in mm', 'length', 'meters', 'feet', '25.4 mm', 'From 1 in (in mm, as typed)', ['1 in', 'mm']],
  // A bare number before "in" and a length: inches, as "3/4 in mm" is searched, not the From unit.
  ['3/4 in mm', 'length', 'meters', 'feet', '19.05 mm', 'From 3/4 in (in mm, as typed)', ['(3/4) in', 'mm']],
  ['5 in kg', 'length', 'meters', 'feet', /“kg” follows 5 in, which already has a unit/],
  ['1.8 m to feet and inches', 'length', 'meters', 'meters', '5 ft 10.87 in', 'From 1.8 m (in ft + in, as typed)'],
  ['100 °F → C', 'temperature', 'celsius', 'kelvin', '37.78 °C', 'From 100 °F (in °C, as typed)', ['tempF(100)', 'tempC']],
  ['3/4 cup in ml', 'volume', 'liters', 'liters', '177.441177 mL', 'From 3/4 US cup (in mL, as typed)', ['(3/4) uscup', 'ml']],
  // A target word for a unit with US and UK sizes is named in full, as the value's is: the result says only "pt".
  ['2 litres to pints', 'volume', 'liters', 'liters', '4.226753 pt', 'From 2 L (in US pints, as typed)', ['2 l', 'uspint']],
  ['3 L to gallons', 'volume', 'liters', 'liters', '0.792516 gal', 'From 3 L (in US gallons, as typed)', ['3 l', 'usgallon']],
  ['5 t to tons', 'weight', 'kilograms', 'kilograms', '5.511557 tons', 'From 5 t (in US short tons, as typed)', ['5 t', 'shortton']],
  // mpg is GNU units' US one, and says so: in the UK mpg means the imperial gallon (20% off).
  ['40 mpg', 'fuel_economy', 'liters_per_100_kilometers', 'liters_per_100_kilometers', '5.880365 L/100 km', 'From 40 miles per US gallon', ['1/(40 mile/usgallon)', 'l/100km']],
  ['40 mpg UK', 'fuel_economy', 'liters_per_100_kilometers', 'liters_per_100_kilometers', '7.062023 L/100 km', 'From 40 miles per imperial gallon', ['1/(40 mile/brgallon)', 'l/100km']],
  ['7 L/100 km to mpg', 'fuel_economy', 'liters_per_100_kilometers', 'liters_per_100_kilometers', '33.602083 mpg', 'From 7 L/100 km (in miles per US gallon, as typed)', ['1/(7 l/100km)', 'mile/usgallon']],
  ['1 gpm', 'flow_rate', 'liters_per_minute', 'liters_per_minute', '3.785412 L/min', 'From 1 US gallon per minute', ['1 usgallon/min', 'l/min']],
  ['2 L to imp pt', 'volume', 'liters', 'liters', '3.519508 imp pt', 'From 2 L (in imperial pints, as typed)', ['2 l', 'brpint']],
  // What a volume holds, when no unit: the same volume, and the reading says it was ignored.
  ['1 gallon of paint', 'volume', 'liters', 'liters', '3.785412 L', 'From 1 US gallon (paint ignored: a volume is the same whatever it holds)'],
  ['2 cubic yards of ready mix concrete', 'volume', 'liters', 'cubic_meters', '1.52911 m³', 'From 2 yd³ (ready mix concrete ignored: a volume is the same whatever it holds)'],
  ['1 gallon of paint-thinner', 'volume', 'liters', 'liters', '3.785412 L', 'From 1 US gallon (paint-thinner ignored: a volume is the same whatever it holds)'],
  // A weight "of" something is that weight too: "2 kg of rice", the troy ounce of gold.
  ['2 kg of rice', 'weight', 'kilograms', 'pounds', '4.409245 lb', 'From 2 kg (rice ignored: a weight is the same whatever it is of)'],
  ['1 troy ounce of gold', 'weight', 'grams', 'grams', '31.103477 g', 'From 1 oz t (gold ignored: a weight is the same whatever it is of)'],
  ['1 m of rope', 'length', 'meters', 'feet', /Unknown unit “of”/],
  ['10 kg to cm', 'weight', 'kilograms', 'pounds', /“cm” is a unit of length, not weight\./],
  ['10 kg to', 'weight', 'kilograms', 'pounds', /Add the unit to convert to after “to” \(10 kg to lb\)/],
  ['10 kg to lbz', 'weight', 'kilograms', 'pounds', /Unknown unit “lbz”\. Did you mean “lbs”\?/],
  ['1 m to ft m', 'length', 'meters', 'feet', /“ft m” is not one unit/],
  // Suggestions that never mislead.
  ['12 oz', 'volume', 'liters', 'milliliters', /“oz” is a unit of weight, not volume\. For US fluid ounces, type “fl oz”\./],
  ['5 fet', 'length', 'meters', 'feet', /Did you mean “feet”\?/],
  // "mili-" with one l is milli- mistyped, the same size: offered as it.
  ['5 milimeters', 'length', 'meters', 'feet', /Did you mean “millimeters”\?/],
  ['5 mililiters', 'volume', 'liters', 'liters', /Did you mean “milliliters”\?/],
  ['500 miligrams', 'weight', 'kilograms', 'pounds', /Did you mean “milligrams”\?/],
  ['10 milimetres', 'length', 'meters', 'feet', /Did you mean “millimetres”\?/],
  ['5 hectometers', 'length', 'meters', 'feet', /^Unknown unit “hectometers”\. Length units include/],
  ['2 xl', 'volume', 'liters', 'liters', /^Unknown unit “xl”\. Volume units include/],
  // Never a unit of another size: a prefix symbol (kbar is not mbar), the per-time letter or
  // the cubic unit of a short symbol (fph is not fps, cms not cmh), the words after a prefix
  // (millitorr is not millibars). The category's units instead.
  ['1 cms', 'flow_rate', 'liters_per_minute', 'liters_per_minute', /^Unknown unit “cms”\. Flow Rate units include/],
  ['1 fph', 'speed', 'meters_per_second', 'meters_per_second', /^Unknown unit “fph”\. Speed units include/],
  ['1 gpd', 'flow_rate', 'liters_per_minute', 'liters_per_minute', /^Unknown unit “gpd”\. Flow Rate units include/],
  ['1 gps', 'flow_rate', 'liters_per_minute', 'liters_per_minute', /^Unknown unit “gps”\. Flow Rate units include/],
  ['1 lpd', 'flow_rate', 'liters_per_minute', 'liters_per_minute', /^Unknown unit “lpd”\. Flow Rate units include/],
  ['1 kbar', 'pressure', 'bars', 'pascals', /^Unknown unit “kbar”\. Pressure units include/],
  ['1 dbar', 'pressure', 'bars', 'pascals', /^Unknown unit “dbar”\. Pressure units include/],
  ['1 cbar', 'pressure', 'bars', 'pascals', /^Unknown unit “cbar”\. Pressure units include/],
  ['1 µbar', 'pressure', 'bars', 'pascals', /^Unknown unit “µbar”\. Pressure units include/],
  ['1 mTorr', 'pressure', 'bars', 'pascals', /^Unknown unit “mTorr”\. Pressure units include/],
  ['1 mtorr', 'pressure', 'bars', 'pascals', /^Unknown unit “mtorr”\. Pressure units include/],
  ['1 millitorr', 'pressure', 'bars', 'pascals', /^Unknown unit “millitorr”\. Pressure units include/],
  ['1 Mcal', 'energy', 'joules', 'joules', /^Unknown unit “Mcal”\. Energy units include/],
  ['1 Gcal', 'energy', 'joules', 'joules', /^Unknown unit “Gcal”\. Energy units include/],
  ['1 cmHg', 'pressure', 'bars', 'pascals', /^Unknown unit “cmHg”\. Pressure units include/],
  // A typo that keeps the unit is still offered: a letter dropped, doubled or swapped, a plural's s.
  ['5 inhc', 'length', 'meters', 'feet', /Did you mean “inch”\?/],
  ['10 lbbs', 'weight', 'kilograms', 'pounds', /Did you mean “lbs”\?/],
  ['1 kilowawt', 'power', 'watts', 'watts', /Did you mean “kilowatt”\?/],
  ['1 gigabtis', 'digital_storage', 'bytes', 'bytes', /Did you mean “gigabits”\?/],
  ['5 kg', 'length', 'meters', 'feet', /“kg” is a unit of weight, not length\.$/],
  // A prefix's case (m milli, M mega) or b/B (bit, byte) typed otherwise than the only unit
  // with those letters would be another size: asked, never read as that unit.
  ['5 MW', 'power', 'watts', 'kilowatts', '5,000 kW', 'From 5 MW', ['5 MW', 'kW']],
  ['5 mW', 'power', 'watts', 'kilowatts', '0.000005 kW', 'From 5 mW', ['5 mW', 'kW']],
  // Where both sizes are units (mW and MW), lower case asks which.
  ['5 mw', 'power', 'watts', 'kilowatts', /^“mw” could be mW \(Milliwatts\) or MW \(Megawatts\): type it with its case\.$/],
  ['2 Ms', 'time', 'seconds', 'minutes', /^“Ms” is not ms \(Milliseconds\)/],
  // All in lower case, "mhz" is MHz (nobody converts millihertz); typed "mHz", it still asks.
  ['2.4 ghz', 'frequency', 'hertz', 'megahertz', '2,400 MHz', 'From 2.4 GHz', ['2.4 GHz', 'MHz']],
  ['100 mhz', 'frequency', 'hertz', 'kilohertz', '100,000 kHz', 'From 100 MHz', ['100 MHz', 'kHz']],
  ['1 mHz', 'frequency', 'hertz', 'hertz', /^“mHz” is not MHz \(Megahertz\)/],
  // So is "mj", MJ (gas bills, food labels); "mJ" still asks.
  ['10 mj', 'energy', 'joules', 'kilowatt_hours', '2.777778 kWh', 'From 10 MJ', ['10 MJ', 'kWh']],
  ['1 mJ', 'energy', 'joules', 'joules', /^“mJ” is not MJ \(Megajoules\)/],
  // And "mpa", MPa (steel, concrete, hydraulics: no card has the millipascal); "mPa" still asks.
  ['10 mpa', 'pressure', 'pascals', 'psi', '1,450.377377 psi', 'From 10 MPa', ['10 MPa', 'psi']],
  ['1 mPa', 'pressure', 'pascals', 'pascals', /^“mPa” is not MPa \(Megapascals\)/],
  // pm is the picometre (atomic radii; the box read "100 pm to nm" as picomolar).
  ['154 pm', 'length', 'meters', 'angstroms', '1.54 Å', 'From 154 pm', ['154 picometer', 'angstrom']],
  ['1 Mb', 'digital_storage', 'bytes', 'kilobytes', '125 kB', 'From 1 Mbit', ['1 megabit', 'kB']],
  ['1 MB', 'digital_storage', 'bytes', 'kilobytes', '1,000 kB', 'From 1 MB', ['1 megabyte', 'kB']],
  ['1 mb', 'digital_storage', 'bytes', 'kilobytes', /^“mb” could be Mb \(Megabits\) or MB \(Megabytes\)/],
  // On the pressure card mb is the millibar (GNU units' mb, weather maps); on digital storage it asks, above.
  ['1013 mb', 'pressure', 'bars', 'inches_of_mercury', '29.913873 inHg', 'From 1013 mbar', ['1013 mb', 'inHg']],
  ['100 Mbps', 'data_transfer_rate', 'bits_per_second', 'megabytes_per_second', '12.5 MB/s', 'From 100 Mbit/s', ['100 megabit/s', 'megabyte/s']],
  ['100 MBps', 'data_transfer_rate', 'bits_per_second', 'megabits_per_second', '800 Mbit/s', 'From 100 MB/s', ['100 megabyte/s', 'megabit/s']],
  ['10 Mb/s', 'data_transfer_rate', 'bits_per_second', 'megabytes_per_second', '1.25 MB/s', 'From 10 Mbit/s', ['10 megabit/s', 'megabyte/s']],
  ['10 mb/s', 'data_transfer_rate', 'bits_per_second', 'megabytes_per_second', /^“mb\/s” could be Mb\/s \(Megabits per Second\) or MB\/s \(Megabytes per Second\)/],
  // nm stays the nanometre (GNU units), but converted to miles or kilometres it says so.
  ['250 nm', 'length', 'meters', 'miles', '1.55343e-10 mi', 'From 250 nm (nm is the nanometre; for nautical miles type NM or nmi)', ['250 nm', 'mi']],
  ['250 nm to km', 'length', 'meters', 'meters', '2.50000e-10 km', 'From 250 nm (nm is the nanometre; for nautical miles type NM or nmi; in km, as typed)', ['250 nm', 'km']],
  // Other symbols and names ignore case.
  ['30 MPH', 'speed', 'meters_per_second', 'kilometers_per_hour', '48.28032 km/h', 'From 30 mph', ['30 mph', 'kilometer/hour']],
  ['5 KW', 'power', 'watts', 'watts', '5,000 W', 'From 5 kW', ['5 kW', 'W']],
  ['101 pa', 'pressure', 'bars', 'kilopascals', '0.101 kPa', 'From 101 Pa', ['101 Pa', 'kPa']],
  // Never a misleading zero.
  ['1e-9 m', 'length', 'meters', 'feet_inches', '< 0.0001 in', 'From 1e-9 m'],
  ['-1e-9 m', 'length', 'meters', 'feet_inches', '> −0.0001 in', 'From −1e-9 m'],
  // A typed hyphen is the reading's minus: nothing to say; another minus read is said.
  ['-1', 'digital_storage', 'gibibytes', 'megabytes', '-1,073.741824 MB', ''],
  ['-1.5', 'length', 'meters', 'centimeters', '-150 cm', ''],
  ['5 - 2', 'length', 'meters', 'centimeters', '300 cm', ''],
  ['−1', 'length', 'meters', 'centimeters', '-100 cm', ''],
  ['5-2', 'length', 'meters', 'centimeters', '300 cm', 'Read as 5 − 2'],
  ['5 -2', 'length', 'meters', 'centimeters', '300 cm', 'Read as 5 − 2'],
  ['--1', 'length', 'meters', 'centimeters', /Two signs in a row/],
  // Trades' pressures (review of trades, item 5): each was refused before ("Unknown unit “wc”",
  // "Unknown unit “O”", "“µm” is a unit of length", "Did you mean “mmWC”?", 1000× off).
  // Duct static pressure as spec sheets write it (in. w.c., "WC, in wg), and inHg as "Hg.
  ['0.5 in wc', 'pressure', 'psi', 'pascals', '124.544455 Pa', 'From 0.5 inH₂O', ['0.5 inH2O', 'Pa']],
  ['0.5 in. w.c.', 'pressure', 'psi', 'pascals', '124.544455 Pa', 'From 0.5 inH₂O', ['0.5 inH2O', 'Pa']],
  ['0.5 inWC', 'pressure', 'psi', 'pascals', '124.544455 Pa', 'From 0.5 inH₂O', ['0.5 inH2O', 'Pa']],
  ['0.5" wc', 'pressure', 'psi', 'pascals', '124.544455 Pa', 'From 0.5 inH₂O', ['0.5 inH2O', 'Pa']],
  ['0.5 in wg', 'pressure', 'psi', 'pascals', '124.544455 Pa', 'From 0.5 inH₂O', ['0.5 inH2O', 'Pa']],
  ['0.5 "wg', 'pressure', 'psi', 'pascals', '124.544455 Pa', 'From 0.5 inH₂O', ['0.5 inH2O', 'Pa']],
  ['0.5 in. H2O', 'pressure', 'psi', 'pascals', '124.544455 Pa', 'From 0.5 inH₂O', ['0.5 inH2O', 'Pa']],
  ['0.5 in water', 'pressure', 'psi', 'pascals', '124.544455 Pa', 'From 0.5 inH₂O', ['0.5 inH2O', 'Pa']],
  ['0.5 "H2O', 'pressure', 'psi', 'pascals', '124.544455 Pa', 'From 0.5 inH₂O', ['0.5 inH2O', 'Pa']],
  ['29.92 "Hg', 'pressure', 'psi', 'hectopascals', '1,013.207481 hPa', 'From 29.92 inHg', ['29.92 inHg', 'hPa']],
  ['29.92 inches Hg', 'pressure', 'psi', 'hectopascals', '1,013.207481 hPa', 'From 29.92 inHg', ['29.92 inHg', 'hPa']],
  // Pump head: feet of water (2.31 ft per psi) and meters of water (mWC, mWS, m.c.a.).
  ['10 ft H2O', 'pressure', 'pascals', 'psi', '4.335275 psi', 'From 10 ftH₂O', ['10 ft H2O', 'psi']],
  ['10 ft. H2O', 'pressure', 'pascals', 'psi', '4.335275 psi', 'From 10 ftH₂O', ['10 ft H2O', 'psi']],
  ['10 feet of head', 'pressure', 'pascals', 'psi', '4.335275 psi', 'From 10 ftH₂O', ['10 ft H2O', 'psi']],
  ['10 ftWC', 'pressure', 'pascals', 'psi', '4.335275 psi', 'From 10 ftH₂O', ['10 ft H2O', 'psi']],
  ['5 m H2O', 'pressure', 'psi', 'bars', '0.490333 bar', 'From 5 mH₂O', ['5 m H2O', 'bar']],
  ['1 mWC', 'pressure', 'psi', 'pascals', '9,806.65 Pa', 'From 1 mH₂O', ['1 m H2O', 'Pa']],
  ['1 mWS', 'pressure', 'psi', 'pascals', '9,806.65 Pa', 'From 1 mH₂O', ['1 m H2O', 'Pa']],
  ['1 m.c.a.', 'pressure', 'psi', 'pascals', '9,806.65 Pa', 'From 1 mH₂O', ['1 m H2O', 'Pa']],
  ['1 meters of water', 'pressure', 'psi', 'pascals', '9,806.65 Pa', 'From 1 mH₂O', ['1 m H2O', 'Pa']],
  // An evacuation "to 500 microns": microns of mercury on the pressure card, µm a length still.
  ['500 microns', 'pressure', 'psi', 'pascals', '66.661194 Pa', 'From 500 µmHg', ['500 micron Hg', 'Pa']],
  ['500 micron Hg', 'pressure', 'psi', 'pascals', '66.661194 Pa', 'From 500 µmHg', ['500 micron Hg', 'Pa']],
  ['500 µm', 'pressure', 'psi', 'pascals', /^“µm” is a unit of length, not pressure\. For microns of mercury, type “µmHg”\.$/],
  ['25 microns', 'length', 'meters', 'millimeters', '0.025 mm', 'From 25 µm', ['25 micron', 'mm']],
  // Trades' units (item 6), refused before ("Unknown unit “MBH”", "Did you mean “fps”?", 60×
  // off). MBH is 1000 BTU/h; a lone MBtu is a thousand to the trade and a million in SI: asked.
  ['100 MBH', 'power', 'watts', 'kilowatts', '29.307107 kW', 'From 100 MBH', ['100 mbh', 'kW']],
  ['100 kBtu/h', 'power', 'watts', 'kilowatts', '29.307107 kW', 'From 100 MBH', ['100 mbh', 'kW']],
  ['100 MBtu/h', 'power', 'watts', 'kilowatts', /^“MBtu” is unclear: M is a thousand in US heating trades .* a million in SI\. For thousands of BTU per hour, type “MBH” or “kBtu\/h”; for a million BTU, “MMBtu”\.$/],
  ['1 MBtu', 'energy', 'joules', 'joules', /^“MBtu” is unclear/],
  ['800 fpm', 'speed', 'meters_per_second', 'meters_per_second', '4.064 m/s', 'From 800 ft/min', ['800 fpm', 'm/s']],
  ['1 MWh', 'energy', 'joules', 'gigajoules', '3.6 GJ', 'From 1 MWh', ['1 MWh', 'GJ']],
  ['1 GWh', 'energy', 'joules', 'megawatt_hours', '1,000 MWh', 'From 1 GWh', ['1 GWh', 'MWh']],
  ['1 Dth', 'energy', 'joules', 'mmbtu', '0.999761 MMBtu', 'From 1 Dth', ['1 dekatherm', '1e6 btu_IT']],
  ['1 MMBtu', 'energy', 'joules', 'us_therms', '10.002388 thm', 'From 1 MMBtu', ['1e6 btu_IT', 'UStherm']],
  ['10 cfh', 'flow_rate', 'liters_per_minute', 'liters_per_minute', '4.719474 L/min', 'From 10 ft³/h', ['10 cfh', 'l/min']],
  ['2.5 daN·m', 'torque', 'newton_meters', 'pound_feet', '18.439054 lbf·ft', 'From 2.5 daN·m', ['2.5 daN m', 'lbf ft']],
  ['2.5 daN.m', 'torque', 'newton_meters', 'newton_meters', '25 N·m', 'From 2.5 daN·m', ['2.5 daN m', 'N m']],
  ['350 cid', 'volume', 'liters', 'liters', '5.735472 L', 'From 350 in³', ['350 in^3', 'l']],
];

test('the inputs of issue 26: each read right or refused with a message that leads somewhere right', () => {
  assert.deepEqual(misread(TABLE), []);
});

test('the small calorie says what it is; with Kilocalories in From or To a lower-case “calories” is asked about', () => {
  const small = card('energy', '2000 calories', 'joules', 'kilojoules');
  assert.ok(small.kind === 'ok' && small.text === '8.368' && said(small) === 'From 2000 cal (small calories, as typed; food labels’ Calories are kilocalories)', JSON.stringify(small));
  const question = '“calories” in lower case is the small calorie, 1/1000 of a food label’s Calorie: type “2000 kcal” for food energy or “2000 cal” for small calories.';
  assert.deepEqual(card('energy', '2000 calories', 'kilocalories', 'kilojoules'), { kind: 'error', message: question });
  assert.deepEqual(card('energy', '2000 calories', 'kilojoules', 'kilocalories'), { kind: 'error', message: question });
  const food = card('energy', '2000 Calories', 'kilocalories', 'kilojoules');
  assert.ok(food.kind === 'ok' && food.text === '8,368', 'the capital is the food Calorie');
  const symbol = card('energy', '2000 cal', 'kilocalories', 'kilojoules');
  assert.ok(symbol.kind === 'ok' && symbol.text === '8.368' && said(symbol).includes('small calories'), 'the symbol cal is read, and noted');
  const chosen = card('energy', '2000 calories', 'calories', 'kilocalories');
  assert.ok(chosen.kind === 'ok' && chosen.text === '2', 'Thermochemical Calories chosen in From: read, and noted');
  const named = card('energy', '2000 thermochemical calories', 'joules', 'kilojoules');
  assert.ok(named.kind === 'ok' && !said(named).includes('small calories'), 'named in full: nothing to say');
});

test('a Beaufort force on the speed card is said to be a band of speeds, not an unknown unit', () => {
  assert.deepEqual(card('speed', '6 bft', 'kilometers_per_hour', 'miles_per_hour'), { kind: 'error', message: 'The Beaufort scale is a range of wind speeds for each force, not a unit, so it is not converted here: force 6 is 22–27 kn (39–49 km/h).' });
  assert.deepEqual(card('speed', 'force 5', 'kilometers_per_hour', 'miles_per_hour'), { kind: 'error', message: 'The Beaufort scale is a range of wind speeds for each force, not a unit, so it is not converted here: force 5 is 17–21 kn (29–38 km/h).' });
  assert.match(String((card('length', '180 cm bmi', 'meters', 'feet') as { message: string }).message), /^BMI is not converted here/);
  assert.match(String((card('speed', 'mach 2', 'kilometers_per_hour', 'miles_per_hour') as { message: string }).message), /^A Mach number is not converted here: .* Mach 2 is 680\.6 m\/s/u);
});

test('a horse’s height: 15.2 hh is 15 hands 2 inches; 15.5 hh is refused; a bare 15.2 on Hands is decimal, with the way to type the height', () => {
  const height = card('length', '15.2 hh', 'meters', 'centimeters');
  assert.ok(height.kind === 'ok' && height.text === '157.48' && said(height) === 'From 15 hh 2 in (15.2 hh read as 15 hands 2 inches, as horses are measured)', JSON.stringify(height));
  const words = card('length', '14.3 hands', 'meters', 'meters');
  assert.ok(words.kind === 'ok' && words.text === '1.4986', JSON.stringify(words));
  assert.deepEqual(card('length', '15.5 hh', 'meters', 'centimeters'), { kind: 'error', message: 'In a horse’s height the digit after the point counts inches, 0 to 3 (15.2 hh is 15 hands 2 inches), so 15.5 hh is no height: for 15.5 hands, type 15 hh 2 in.' });
  const decimal = card('length', '15.25 hh', 'meters', 'centimeters');
  assert.ok(decimal.kind === 'ok' && decimal.text === '154.94', 'two decimals are decimal hands');
  const bare = card('length', '15.2', 'hands', 'centimeters');
  assert.ok(bare.kind === 'ok' && bare.text === '154.432' && bare.notes.includes('decimal hands: for 15 hands 2 inches, type 15.2 hh'), JSON.stringify(bare));
  const inParts = card('length', '160 cm', 'meters', 'hands_inches');
  assert.ok(inParts.kind === 'ok' && inParts.text === '15 hh 2.99 in', JSON.stringify(inParts));
});

test('a French height on the length card: 1m80 is 1 m 80 cm', () => {
  const height = card('length', '1m80', 'meters', 'feet');
  assert.ok(height.kind === 'ok' && height.text === '5.905512' && said(height) === 'From 1 m 80 cm', JSON.stringify(height));
});

test('the numbers of that table are GNU units’ (units -d 15), to the shown precision', () => {
  assertGnuAgrees(TABLE);
});

// The site's own unit names and the spellings trades use, each once refused: names from the
// menus, the middle dot the site prints (lb·ft, kW·h), torque-wrench and Japanese-manual
// torques, UK mpg and gallons per minute.
const SPELLINGS: Row[] = [
  ['30 pounds per square inch', 'pressure', 'psi', 'bars', '2.068427 bar', 'From 30 psi', ['30 psi', 'bar']],
  ['30 lb/in²', 'pressure', 'psi', 'bars', '2.068427 bar', 'From 30 psi', ['30 psi', 'bar']],
  ['1 standard atmospheres', 'pressure', 'psi', 'psi', '14.695949 psi', 'From 1 atm', ['1 atm', 'psi']],
  ['10 British thermal units', 'energy', 'joules', 'kilojoules', '10.550559 kJ', 'From 10 BTU', ['10 btu_IT', 'kJ']],
  ['40 miles per imperial gallon', 'fuel_economy', 'kilometers_per_liter', 'kilometers_per_liter', '14.160248 km/L', 'From 40 miles per imperial gallon', ['40 mile/brgallon', 'km/l']],
  ['40 uk mpg', 'fuel_economy', 'kilometers_per_liter', 'kilometers_per_liter', '14.160248 km/L', 'From 40 miles per imperial gallon'],
  ['40 mpg (UK)', 'fuel_economy', 'kilometers_per_liter', 'kilometers_per_liter', '14.160248 km/L', 'From 40 miles per imperial gallon'],
  ['40 mpg imperial', 'fuel_economy', 'kilometers_per_liter', 'kilometers_per_liter', '14.160248 km/L', 'From 40 miles per imperial gallon'],
  ['1 miles per US gallon', 'fuel_economy', 'kilometers_per_liter', 'kilometers_per_liter', '0.425144 km/L', 'From 1 mile per US gallon', ['1 mile/usgallon', 'km/l']],
  // The noun takes the singular after 1 by the plural rule, whatever the unit's aliases.
  ['1 mpg uk', 'fuel_economy', 'kilometers_per_liter', 'kilometers_per_liter', '0.354006 km/L', 'From 1 mile per imperial gallon', ['1 mile/brgallon', 'km/l']],
  ['1 gal/100 mi', 'fuel_economy', 'kilometers_per_liter', 'liters_per_100_kilometers', '2.352146 L/100 km', 'From 1 US gallon per 100 miles'],
  ['25 mpg US', 'fuel_economy', 'kilometers_per_liter', 'kilometers_per_liter', '10.628593 km/L', 'From 25 miles per US gallon', ['25 mile/usgallon', 'km/l']],
  ['1 imp gpm', 'flow_rate', 'liters_per_minute', 'liters_per_minute', '4.54609 L/min', 'From 1 imperial gallon per minute', ['1 brgallon/min', 'l/min']],
  ['1 igpm', 'flow_rate', 'liters_per_minute', 'liters_per_minute', '4.54609 L/min', 'From 1 imperial gallon per minute'],
  ['1 UK gpm', 'flow_rate', 'liters_per_minute', 'liters_per_minute', '4.54609 L/min', 'From 1 imperial gallon per minute'],
  ['1 imperial gpm', 'flow_rate', 'liters_per_minute', 'liters_per_minute', '4.54609 L/min', 'From 1 imperial gallon per minute'],
  ['1 imperial gallon per minute', 'flow_rate', 'liters_per_minute', 'liters_per_minute', '4.54609 L/min', 'From 1 imperial gallon per minute'],
  ['1 UK gal/min', 'flow_rate', 'liters_per_minute', 'liters_per_minute', '4.54609 L/min', 'From 1 imperial gallon per minute'],
  ['1 gpm', 'flow_rate', 'liters_per_minute', 'liters_per_minute', '3.785412 L/min', 'From 1 US gallon per minute', ['1 usgallon/min', 'l/min']],
  ['2 gpm', 'flow_rate', 'liters_per_minute', 'liters_per_minute', '7.570824 L/min', 'From 2 US gallons per minute'],
  ['150 metric hp', 'power', 'kilowatts', 'kilowatts', '110.324813 kW', 'From 150 PS', ['150 * 75 kgf m/s', 'kW']],
  ['100 pound-force feet', 'torque', 'newton_meters', 'newton_meters', '135.581795 N·m', 'From 100 lbf·ft', ['100 lbf ft', 'N m']],
  ['100 lb·ft', 'torque', 'newton_meters', 'newton_meters', '135.581795 N·m', 'From 100 lbf·ft'],
  ['100 ft·lb', 'torque', 'newton_meters', 'newton_meters', '135.581795 N·m', 'From 100 lbf·ft'],
  ['1 kW·h', 'energy', 'joules', 'megajoules', '3.6 MJ', 'From 1 kWh', ['1 kWh', 'MJ']],
  ['100 lb-in', 'torque', 'newton_meters', 'newton_meters', '11.298483 N·m', 'From 100 lbf·in', ['100 lbf in', 'N m']],
  ['100 inch pound', 'torque', 'newton_meters', 'newton_meters', '11.298483 N·m', 'From 100 lbf·in'],
  ['100 in-oz', 'torque', 'newton_meters', 'newton_meters', '0.706155 N·m', 'From 100 ozf·in', ['100 oz force in', 'N m']],
  ['20 kg-cm', 'torque', 'newton_meters', 'newton_meters', '1.96133 N·m', 'From 20 kgf·cm', ['20 kgf cm', 'N m']],
  ['11 kg·m', 'torque', 'newton_meters', 'newton_meters', '107.87315 N·m', 'From 11 kgf·m', ['11 kgf m', 'N m']],
  ['11 kgm', 'torque', 'newton_meters', 'newton_meters', '107.87315 N·m', 'From 11 kgf·m'],
  // A spaced dot is still a times sign, and two units multiplied are refused as before.
  ['10 lb · ft', 'torque', 'newton_meters', 'newton_meters', /“lb” is a unit of weight, not torque\. For pound-force feet, type “lbf·ft”\./],
];

test('the site’s own unit names and trade spellings read (30 pounds per square inch, lb·ft, kgm, uk mpg, imp gpm)', () => {
  assert.deepEqual(misread(SPELLINGS), []);
  assertGnuAgrees(SPELLINGS);
  // In the search box, and as a target: "(UK)" as labels write it.
  const lex = buildLexicon(data.categories);
  const r = readConversion('10 L/100 km to mpg (UK)', lex, null);
  assert.ok(r.kind === 'ok' && r.target?.kind === 'unit' && r.target.unit.key === 'uk_miles_per_gallon', '10 L/100 km to mpg (UK)');
  const dot = readConversion('100 lb·ft to N·m', lex, null);
  assert.ok(dot.kind === 'ok' && dot.parsed.kind === 'quantity' && dot.parsed.unit.key === 'pound_feet', '100 lb·ft to N·m');
});

// UK and imperial spellings, as UK cooks and parents type them, and the hint for an ounce on
// a card showing the imperial fluid ounce (or typed with uk, imp, imperial): never the US one.
const UK_SPELLINGS: Row[] = [
  ['4 imperial fl oz', 'volume', 'liters', 'milliliters', '113.65225 mL', 'From 4 imperial fluid ounces', ['4 brfloz', 'ml']],
  ['10 uk fluid ounces', 'volume', 'liters', 'milliliters', '284.130625 mL', 'From 10 imperial fluid ounces', ['10 brfloz', 'ml']],
  ['10 fl oz uk', 'volume', 'liters', 'milliliters', '284.130625 mL', 'From 10 imperial fluid ounces'],
  ['10 imp pint', 'volume', 'liters', 'milliliters', '5,682.6125 mL', 'From 10 imperial pints', ['10 brpint', 'ml']],
  ['1 uk cup', 'volume', 'liters', 'milliliters', '284.130625 mL', 'From 1 imperial cup', ['brcup', 'ml']],
  ['1 british cup', 'volume', 'liters', 'milliliters', '284.130625 mL', 'From 1 imperial cup'],
  ['1 british pint', 'volume', 'liters', 'milliliters', '568.26125 mL', 'From 1 imperial pint', ['brpint', 'ml']],
  // british before any word uk, imp or imperial goes before, not only the names units.yaml lists.
  ['2 british pt', 'volume', 'liters', 'milliliters', '1,136.5225 mL', 'From 2 imperial pints', ['2 brpint', 'ml']],
  ['4 british fl oz', 'volume', 'liters', 'milliliters', '113.65225 mL', 'From 4 imperial fluid ounces', ['4 brfloz', 'ml']],
  ['2 british gal', 'volume', 'liters', 'milliliters', '9,092.18 mL', 'From 2 imperial gallons', ['2 brgallon', 'ml']],
  ['4 british oz', 'volume', 'liters', 'milliliters', /For imperial fluid ounces, type “imp fl oz”\.$/],
  ['1 imperial tablespoon', 'volume', 'liters', 'milliliters', /^“imperial tablespoon” is not read here: UK recipes take a tablespoon as 15 mL, so type the amount in mL \(1 tablespoon = 15 mL\); “tbsp” is the US tablespoon, 14\.786765 mL\.$/],
  ['4 oz', 'volume', 'imperial_fluid_ounces', 'milliliters', /^“oz” is a unit of weight, not volume\. For imperial fluid ounces, type “imp fl oz”\.$/],
  ['4 oz', 'volume', 'liters', 'imperial_fluid_ounces', /For imperial fluid ounces, type “imp fl oz”\.$/],
  ['4 uk oz', 'volume', 'liters', 'milliliters', /^“oz” is a unit of weight, not volume\. For imperial fluid ounces, type “imp fl oz”\.$/],
  ['4 imperial oz', 'volume', 'liters', 'milliliters', /For imperial fluid ounces, type “imp fl oz”\.$/],
  // A card showing neither still names the US one, as GNU units reads a bare fl oz.
  ['4 oz', 'volume', 'liters', 'milliliters', /For US fluid ounces, type “fl oz”\.$/],
];

test('UK spellings read as the imperial unit, and a hint never steers to the US unit away from an imperial one', () => {
  assert.deepEqual(misread(UK_SPELLINGS), []);
  assertGnuAgrees(UK_SPELLINGS);
});

// Gauge and absolute pressures, as gauges and data sheets write them: gauge converts to gauge
// with the unit's own factor (the page's FAQ: a conversion does not change which kind a
// figure is), and the reading says so; psia and bara are psi and bar, as GNU units reads psia.
const GAUGE = 'gauge, as typed: the result is gauge too; absolute is 1 atm more, 1.01325 bar or 14.695949 psi';
const PRESSURES: Row[] = [
  ['30 psig', 'pressure', 'psi', 'bars', '2.068427 bar', `From 30 psi (${GAUGE})`, ['30 psi', 'bar']],
  ['30 psi gauge', 'pressure', 'psi', 'bars', '2.068427 bar', `From 30 psi (${GAUGE})`],
  ['2 barg', 'pressure', 'psi', 'psi', '29.007548 psi', `From 2 bar (${GAUGE})`, ['2 bar', 'psi']],
  ['2 bar(g)', 'pressure', 'psi', 'psi', '29.007548 psi', `From 2 bar (${GAUGE})`],
  ['2 bar g', 'pressure', 'psi', 'psi', '29.007548 psi', `From 2 bar (${GAUGE})`],
  ['200 kPag', 'pressure', 'psi', 'psi', '29.007548 psi', `From 200 kPa (${GAUGE})`, ['200 kPa', 'psi']],
  ['30 psia', 'pressure', 'psi', 'bars', '2.068427 bar', 'From 30 psi', ['30 psia', 'bar']],
  ['2 bara', 'pressure', 'psi', 'psi', '29.007548 psi', 'From 2 bar'],
  ['2 bar(a)', 'pressure', 'psi', 'psi', '29.007548 psi', 'From 2 bar'],
];

test('gauge pressures (psig, barg, bar(g), kPag) convert gauge to gauge and say so; psia and bara are psi and bar', () => {
  assert.deepEqual(misread(PRESSURES), []);
  assertGnuAgrees(PRESSURES);
});

test('a temperature difference (20 ΔF, delta °C, ΔT) is told it converts with the factor alone; degF says it is read as a temperature', () => {
  const faq = 'The Temperature converter’s FAQ, “Can I use the converter for a temperature difference?”, explains.';
  const message = (input: string): string => {
    const o = card('temperature', input, 'fahrenheit', 'celsius');
    return o.kind === 'error' ? o.message : JSON.stringify(o);
  };
  // units -t '20 degF' K: 11.1111111111 (GNU units' degF is the difference).
  assert.equal(message('20 ΔF'), `A temperature difference converts with the factor alone, not as a temperature reading: 20 °F of difference is 11.11 K (or °C) of difference. ${faq}`);
  assert.equal(message('20 delta F'), message('20 ΔF'));
  assert.equal(message('20 Δ°F'), message('20 ΔF'));
  assert.equal(message('10 delta °C'), `A temperature difference converts with the factor alone, not as a temperature reading: 10 °C of difference is 18 °F (or °R) of difference. ${faq}`);
  // The figure is the whole value typed, or none: "1/2 ΔF" is not 2 °F, "-40 ΔC" keeps its sign.
  assert.equal(message('-40 ΔC'), `A temperature difference converts with the factor alone, not as a temperature reading: -40 °C of difference is -72 °F (or °R) of difference. ${faq}`);
  assert.equal(message('1/2 ΔF'), `A temperature difference converts with the factor alone, not as a temperature reading: 1 °F of difference is 0.555556 K (or °C) of difference. ${faq}`);
  assert.equal(message('2 × 10 ΔF'), message('1/2 ΔF'));
  assert.equal(message('1 1/2 ΔF'), `A temperature difference converts with the factor alone, not as a temperature reading: 1 1/2 °F of difference is 0.833333 K (or °C) of difference. ${faq}`);
  assert.match(message('5 ΔT'), /^ΔT is a temperature difference, which converts with the factor alone/);
  assert.ok(message('5 ΔT').endsWith(faq));
  const o = card('temperature', '20 degF', 'fahrenheit', 'celsius');
  assert.ok(o.kind === 'ok' && resultLine(o) === '-6.67 °C');
  assert.equal(said(o as Extract<Outcome, { kind: 'ok' }>), 'From 20 °F (degF read as a temperature, not a difference as GNU units’ degF is)');
});

test('property: a grouped number and its plain form read the same, whichever separators group it', () => {
  let seed = 26026;
  const rnd = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const lex = buildLexicon(data.categories);
  const group = (digits: string, sep: string): string => digits.replace(/\B(?=(\d{3})+$)/g, sep);
  for (let i = 0; i < 2000; i++) {
    const int = String(1000 + Math.floor(rnd() * 10 ** (4 + Math.floor(rnd() * 8))));
    const frac = rnd() < 0.5 ? '' : String(Math.floor(rnd() * 100)).padStart(2, '0');
    const plain = parseInput(`${int}${frac && `.${frac}`} m`, lex, 'length');
    assert.equal(plain.kind, 'quantity');
    const forms = [
      `${group(int, ',')}${frac && `.${frac}`}`,
      `${group(int, ' ')}${frac && `.${frac}`}`,
      `${group(int, ' ')}${frac && `,${frac}`}`,
      `${group(int, '\u202f')}${frac && `.${frac}`}`,
      `${group(int, "'")}${frac && `.${frac}`}`,
      `${group(int, '’')}${frac && `.${frac}`}`,
      ...(frac || int.length > 6 ? [`${group(int, '.')}${frac && `,${frac}`}`] : []),
    ];
    for (const form of forms) {
      const p = parseInput(`${form} m`, lex, 'length');
      assert.equal(p.kind, 'quantity', form);
      assert.deepEqual((p as { value: unknown }).value, (plain as { value: unknown }).value, form);
      // ... and divided, never a mixed number: 12 345/2 is 12345/2.
      const half = parseInput(`${form}/2 m`, lex, 'length');
      assert.equal(toNumber((half as { value: Parameters<typeof toNumber>[0] }).value) * 2, toNumber((plain as { value: Parameters<typeof toNumber>[0] }).value), `${form}/2`);
    }
  }
});

test('the unit-word rule is the build’s: every word of units.yaml has the exact form and key the build gave it', () => {
  assert.ok(WORD_FORMS.length > 200, `${WORD_FORMS.length} words`);
  for (const [word, exact, key] of WORD_FORMS) {
    assert.equal(exactForm(word), exact, word);
    assert.equal(wordKey(word), key, word);
  }
  // Every character the tokenizer reads as a number or an operator is one the build keeps out of words.
  for (const c of [...'0123456789.,^', ...Object.keys(OPS), ...Object.keys(VULGAR)]) assert.ok(NOT_IN_WORDS.includes(c), `${c} is in NOT_IN_WORDS`);
  // Compatibility forms fold: ℉ is °F, ㎏ is kg.
  const lex = buildLexicon(data.categories);
  assert.equal((parseInput('100 ℉', lex, 'temperature') as { unit: { key: string } }).unit.key, 'fahrenheit');
  assert.equal((parseInput('5 ㎏', lex, 'weight') as { unit: { key: string } }).unit.key, 'kilograms');
});

test('the search box: the category comes from what was typed, the target from its own words', () => {
  const lex = buildLexicon(data.categories);
  const read = (input: string) => readConversion(input, lex, null);
  const r = read('5 ft 11 in to cm');
  assert.ok(r.kind === 'ok' && r.category === 'length' && r.target?.kind === 'unit' && r.target.unit.key === 'centimeters', '5 ft 11 in to cm');
  const c = read('100 c to f');
  assert.ok(c.kind === 'ok' && c.category === 'temperature' && c.parsed.kind === 'quantity' && c.parsed.unit.key === 'celsius', '100 c to f');
  const cup = read('2 c in ml');
  assert.ok(cup.kind === 'ok' && cup.category === 'volume' && cup.parsed.kind === 'quantity' && cup.parsed.unit.key === 'cups', '2 c in ml');
  const parts = read('1.8 m in ft in');
  assert.ok(parts.kind === 'ok' && parts.target?.kind === 'compound' && parts.target.key === 'feet_inches', '1.8 m in ft in');
  const none = read('5 kg');
  assert.ok(none.kind === 'ok' && none.category === 'weight' && none.target === null, '5 kg');
  assert.match((read('5 kg to cm') as { message: string }).message, /“cm” is a unit of length, not weight/);
  assert.equal(read('').kind, 'empty');
});

test('history and copied text name units by symbol; the every-unit list converts to each unit as asked', () => {
  const tons = card('weight', '2 tons', 'kilograms', 'pounds') as Extract<Outcome, { kind: 'ok' }>;
  assert.equal(tons.reading, '2 US short tons');
  assert.equal(tons.readingSymbols, '2 ton');
  const cups = card('volume', '1 cup + 2 tbsp', 'liters', 'milliliters') as Extract<Outcome, { kind: 'ok' }>;
  assert.equal(cups.readingSymbols, '1 cup + 2 tbsp');
  const category = categories.temperature;
  const lexicon = lexiconFor(category, categories);
  const every = (to: string) =>
    convertInput({ category, lexicon, input: '98.6F to K', from: findUnit(category, 'celsius')!, to: findTarget(category, to)!, decimals: 'auto', exactTo: true });
  assert.equal(resultLine(every('fahrenheit') as Extract<Outcome, { kind: 'ok' }>), '98.6 °F');
  assert.equal(resultLine(every('celsius') as Extract<Outcome, { kind: 'ok' }>), '37 °C');
});

test('symbols with an operator in them (km/h, L/100 km) read as one unit, typed with or without spaces', () => {
  // The real speed and fuel economy units of units.yaml.
  const lex = buildLexicon(data.categories);
  const unitOf = (input: string, cat: string) => {
    const p = parseInput(input, lex, cat);
    assert.equal(p.kind, 'quantity', `${input}: ${p.kind === 'error' ? p.message : p.kind}`);
    return (p as { unit: { key: string } }).unit.key;
  };
  assert.equal(unitOf('30 km/h', 'speed'), 'kilometers_per_hour');
  assert.equal(unitOf('30 KM / H', 'speed'), 'kilometers_per_hour');
  assert.equal(unitOf('5 m/s', 'speed'), 'meters_per_second');
  assert.equal(unitOf('8 L/100 km', 'fuel_economy'), 'liters_per_100_kilometers');
  assert.equal(unitOf('8 l/100km', 'fuel_economy'), 'liters_per_100_kilometers');
  assert.equal(unitOf('12 km/L', 'fuel_economy'), 'kilometers_per_liter');
  // Not a symbol: an operator as ever.
  assert.equal(toNumber((parseInput('6 m / 2', lex, 'length') as { value: Parameters<typeof toNumber>[0] }).value), 3);
  assert.equal(toNumber((parseInput('6 km/2', lex, 'length') as { value: Parameters<typeof toNumber>[0] }).value), 3000);
});

test('a compound’s bare trailing number is never a square unit: 5 ft 2 is 5 ft 2 in on the length card', () => {
  assert.equal(resultLine(card('length', '5 ft 2', 'meters', 'inches') as Extract<Outcome, { kind: 'ok' }>), '62 in');
  assert.equal(resultLine(card('area', '5 ft2', 'square_meters', 'square_inches') as Extract<Outcome, { kind: 'ok' }>), '720 in²');
});
