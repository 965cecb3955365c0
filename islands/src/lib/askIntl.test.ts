// The search box for visitors outside the US: digits of their scripts, their words for units
// and money, and the notes that say how a number was read (review "intl").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerData, saidBy } from '../../test/testData.ts';
import { mayConvert } from './searchWords.ts';
import { readFileSync } from 'node:fs';
import { runGnuUnits } from './gnuUnits.mjs';

// Every currency, as the box reads money (boxAnswers.ts).
const data = answerData(true);
const said = saidBy(data);

test('the box reads full-width and Arabic-Indic digits as the cards do', () => {
  assert.deepEqual(said('１２３ kg to lb'), ['123 kg = 271.168582 lb']);
  assert.deepEqual(said('１．５ km to mi'), ['1.5 km = 0.932057 mi']);
  assert.deepEqual(said('١٢٣ kg to lb'), ['123 kg = 271.168582 lb']);
  assert.equal(said('１００ USD to JPY'), '100 USD → JPY');
  assert.equal(said('１０００円 to usd'), '1000 JPY → USD');
});

test('a target word for a unit with US and UK sizes is named in full, as the value is: pints are US pints', () => {
  assert.deepEqual(said('2 litres to pints'), ['2 L = 4.226753 pt (in US pints, as typed)']);
  assert.deepEqual(said('3 litres to gallons'), ['3 L = 0.792516 gal (in US gallons, as typed)']);
  assert.deepEqual(said('5 tonnes to tons'), ['5 t = 5.511557 tons (in US short tons, as typed)']);
  assert.deepEqual(said('2 litres to uk pints'), ['2 L = 3.519508 imp pt (in imperial pints, as typed)']);
  assert.deepEqual(said('1 pint to litres'), ['1 US pint = 0.473176 L'], 'the value side, as it was');
  assert.deepEqual(said('10 kg to lb'), ['10 kg = 22.046226 lb'], 'a symbol that says it all needs no note');
});

test('the box reads Rs as the rupee and lakh and crore as numbers', () => {
  assert.equal(said('Rs 500 to usd'), '500 INR → USD');
  assert.equal(said('1 lakh inr to usd'), '100000 INR → USD');
  assert.equal(said('2 crore rupees in dollars'), '20000000 INR → USD');
});

test('British weights as written in the UK, and a gas mark is said to be an oven setting, never a gallon', () => {
  assert.deepEqual(said('10 kilogrammes to stone'), ['10 kg = 1.57473 st']);
  assert.deepEqual(said('2 metric tonnes to tons'), ['2 t = 2.204623 tons (in US short tons, as typed)']);
  const gas = 'Gas marks are oven settings, not converted here: the oven temperatures table of the Celsius to Fahrenheit converter gives them in °F and °C.';
  assert.equal(said('gas mark 4 to c'), gas);
  assert.equal(said('gas mark 6 in fahrenheit'), gas);
  assert.equal(said('180 c to gas mark'), gas);
});

test('Beaufort forces, BMI, shoe and clothing sizes are said not to be converted here, with or without a number; never a torque unit or “Unknown unit”', () => {
  const beaufort = (said: string) => `The Beaufort scale is a range of wind speeds for each force, not a unit, so it is not converted here: ${said}.`;
  assert.equal(said('30 km/h to beaufort'), beaufort('for example, force 5 is 17–21 kn (29–38 km/h)'));
  assert.equal(said('force 5 beaufort to mph'), beaufort('force 5 is 17–21 kn (29–38 km/h)'));
  assert.equal(said('beaufort'), beaufort('for example, force 5 is 17–21 kn (29–38 km/h)'));
  assert.equal(said('6 bft'), beaufort('force 6 is 22–27 kn (39–49 km/h)'));
  assert.equal(said('force 8'), beaufort('force 8 is 34–40 kn (62–74 km/h)'));
  const bmi = 'BMI is not converted here: it is a weight divided by the square of a height (kg/m²), two measurements, not one unit. 75 kg at 1.80 m is 75 ÷ 1.8² = 23.1.';
  assert.equal(said('bmi 180 cm 75 kg'), bmi);
  assert.equal(said('bmi'), bmi);
  assert.equal(said('shoe size 9 uk to eu'), 'Shoe sizes are not converted here: UK, US and EU sizes differ by brand and by standard, so no one factor turns one into another.');
  const clothes = 'Clothing sizes are not converted here: UK, US and EU sizes differ by brand and by garment, so no one factor turns one into another.';
  assert.equal(said('size 10 uk to us'), clothes);
  assert.equal(said('dress size 12'), clothes);
  for (const q of ['beaufort', 'bmi', 'shoe size', 'dress size 12']) assert.ok(mayConvert(q), `the box answers “${q}”`);
  // A force in newtons is no wind.
  assert.match(String(said('10 kgf cm to nm')), /N·m/);
  assert.doesNotMatch(String(said('force 10 N to lbf')), /Beaufort/);
});

test('the oven table the gas-mark message points to has marks ¼ to 9, each as GNU units’ gasmark() gives it', () => {
  const page = readFileSync(new URL('../../../content/converters/celsius-fahrenheit.md', import.meta.url), 'utf8');
  const rows = [...page.matchAll(/^\| (\d+) °F \| ([\d.]+) °C \| [^|]+ \| ([¼½\d]) \|$/gmu)].map((m) => ({ f: m[1], c: m[2], mark: m[3] }));
  assert.deepEqual(rows.map((r) => r.mark), ['¼', '½', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
  const mark = (m: string): string => ({ '¼': '0.25', '½': '0.5' })[m] ?? m;
  const gnu = runGnuUnits(rows.flatMap((r) => [[`gasmark(${mark(r.mark)})`, 'tempF'], [`gasmark(${mark(r.mark)})`, 'tempC']] as [string, string][]));
  rows.forEach((r, i) => {
    assert.equal(Number(r.f), Math.round(Number(gnu[2 * i])), `gas mark ${r.mark} in °F`);
    assert.equal(r.c, String(Math.round(Number(gnu[2 * i + 1]) * 100) / 100), `gas mark ${r.mark} in °C`);
  });
});

test('a fan oven’s temperature (“180°C fan”) converts, saying how fan and conventional ovens differ', () => {
  const fan = 'a fan or convection oven is usually set about 20 °C or 25 °F lower than a conventional one';
  assert.deepEqual(said('180°C fan'), [`180 °C = 356 °F (${fan})`]);
  assert.deepEqual(said('200c fan to f'), [`200 °C = 392 °F (${fan})`]);
  assert.deepEqual(said('180°C fan in f'), [`180 °C = 356 °F (${fan})`]);
  assert.deepEqual(said('180 c fan'), [`180 °C = 356 °F (${fan})`], 'the temperature alone, not 180 US cups');
  assert.deepEqual(said('180C fan-forced to F'), [`180 °C = 356 °F (${fan})`]);
  assert.deepEqual(said('350f convection to c'), [`350 °F = 176.67 °C (${fan})`]);
  // A bare number before the fan word is an oven's degrees, read as "350° to c" is: never 400 cups.
  assert.deepEqual(said('400 convection to c'), [`400 °F = 204.44 °C (° read as °F, as the target is °C; ${fan})`]);
  assert.deepEqual(said('160 fan to f'), [`160 °C = 320 °F (° read as °C, as the target is °F; ${fan})`]);
});
