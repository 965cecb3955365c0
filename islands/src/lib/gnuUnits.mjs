// Test support: GNU units (`apt-get install units`, 2.22) as the independent referee for
// every conversion. Plain JavaScript so both the TypeScript unit tests and the browser
// suite (tests/e2e, plain Node) can import it. Never bundled into the site.
import { spawnSync } from 'node:child_process';

/**
 * Our unit keys as GNU units names them (/usr/share/units/definitions.units). Explicit
 * us/br names, so GNU's locale-dependent defaults (UNITS_ENGLISH) cannot change an answer.
 */
export const GNU_NAMES = {
  millimeters: 'mm', centimeters: 'cm', meters: 'm', kilometers: 'km',
  inches: 'inch', feet: 'ft', yards: 'yard', miles: 'mile',
  milligrams: 'mg', grams: 'g', kilograms: 'kg', tons: 'tonne',
  ounces: 'oz', pounds: 'lb', stones: 'stone', us_tons: 'shortton', uk_tons: 'longton',
  celsius: 'tempC', fahrenheit: 'tempF', kelvin: 'tempK', rankine: 'tempR',
  milliliters: 'ml', liters: 'l', cubic_meters: 'm^3',
  teaspoons: 'usteaspoon', tablespoons: 'ustablespoon', fluid_ounces: 'usfloz', cups: 'uscup',
  pints: 'uspint', quarts: 'usquart', gallons: 'usgallon',
  imperial_fluid_ounces: 'brfloz', imperial_pints: 'brpint', imperial_gallons: 'brgallon',
  square_millimeters: 'mm^2', square_centimeters: 'cm^2', square_meters: 'm^2', square_kilometers: 'km^2',
  square_inches: 'inch^2', square_feet: 'ft^2', square_yards: 'yard^2', acres: 'acre', hectares: 'hectare',
};

const TEMPERATURES = new Set(['celsius', 'fahrenheit', 'kelvin', 'rankine']);

/** GNU's "have" expression for `value` of the unit with this key: "5 ft", or "tempF(5)". */
export function gnuQuantity(unitKey, value) {
  const name = GNU_NAMES[unitKey];
  if (!name) throw new Error(`no GNU units name for ${unitKey}: add it to GNU_NAMES in gnuUnits.mjs`);
  return TEMPERATURES.has(unitKey) ? `${name}(${value})` : `${value} ${name}`;
}

/**
 * Runs ONE GNU units process over many [have, want] queries fed on stdin and returns its
 * answers as printed (15 significant digits, all a double holds). -f '' loads only the
 * system definitions (no ~/.units). A failing query prints an error instead of a number and
 * would shift every answer after it, so anything that is not a number throws.
 */
export function runGnuUnits(queries) {
  const run = spawnSync('units', ['-f', '', '-t', '-d', '15'], {
    input: queries.map(([have, want]) => `${have}\n${want}\n`).join(''),
    encoding: 'utf8',
    env: { ...process.env, LC_ALL: 'C' },
    maxBuffer: 16 * 1024 * 1024,
  });
  if (run.error) {
    throw new Error(
      `GNU units could not be run (${run.error.message}). The conversion tests check every pair ` +
        'against it: install it with `apt-get install -y units` (it provides /usr/bin/units).',
    );
  }
  const lines = run.stdout.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  const bad = lines.findIndex((l) => !Number.isFinite(Number(l)));
  if (bad >= 0 || lines.length !== queries.length) {
    const i = bad >= 0 ? bad : Math.min(lines.length, queries.length - 1);
    throw new Error(`GNU units answered "${lines[i]}" to ${JSON.stringify(queries[i])} ` +
      `(${lines.length} answers for ${queries.length} queries)\n${run.stderr}`);
  }
  return lines;
}
