// Test support: GNU units (`apt-get install units`, 2.22) as the independent referee for
// every conversion. Plain JavaScript so both the TypeScript unit tests and the browser
// suite (tests/e2e, plain Node) can import it. Never bundled into the site.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** Each unit key's `gnu:` of content/units.yaml (read once), for units taken from a page's props, which leave it out. */
let gnuFields = null;
function gnuField(key) {
  if (gnuFields === null) {
    const data = parse(readFileSync(new URL('../../../content/units.yaml', import.meta.url), 'utf8'));
    gnuFields = new Map(Object.values(data.categories).flatMap((c) => c.units.filter((u) => u.gnu).map((u) => [u.key, u.gnu])));
  }
  return gnuFields.get(key);
}

/**
 * The GNU units expression for a unit of content/units.yaml: its `gnu:` field, else its key
 * (meters, feet, pounds: names GNU units reads). units.yaml gives explicit us/br names where
 * GNU's default depends on the locale (UNITS_ENGLISH), so no answer can change with it.
 */
export function gnuName(unit) {
  return unit.gnu ?? gnuField(unit.key) ?? unit.key;
}

/** Definitions GNU units lacks (HbA1c's two scales), loaded after its own. */
const EXTRA_DEFINITIONS = fileURLToPath(new URL('./gnuExtra.units', import.meta.url));

const isAffine = (unit) => unit.scale !== undefined;
const isReciprocal = (unit) => unit.reciprocal !== undefined;

/**
 * The [have, want] query converting `value` of unit `from` to unit `to` (units of
 * units.yaml). Affine units are GNU functions (`tempF(5)` → `tempC`). A reciprocal unit's
 * `gnu` is its own dimension (`l/100km`), so between a reciprocal and a linear unit GNU is
 * asked for the reciprocal: 30 mpg in L/100 km is 1/(30 mpg) in l/100km.
 */
export function gnuQuery(from, to, value) {
  const have = isAffine(from) ? `${gnuName(from)}(${value})` : `${value} (${gnuName(from)})`;
  const want = isAffine(to) ? gnuName(to) : `(${gnuName(to)})`;
  return [isReciprocal(from) !== isReciprocal(to) ? `1/(${have})` : have, want];
}

/**
 * Runs ONE GNU units process over many [have, want] queries fed on stdin and returns its
 * answers as printed (15 significant digits, all a double holds). -f '' loads only the
 * system definitions (no ~/.units), and gnuExtra.units the few units GNU does not define. A failing query prints an error instead of a number and
 * would shift every answer after it, so anything that is not a number throws.
 */
export function runGnuUnits(queries) {
  const run = spawnSync('units', ['-f', '', '-f', EXTRA_DEFINITIONS, '-t', '-d', '15'], {
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
