// Turning numbers into the text a visitor reads, and typed text back into numbers.

/** At or above this size a fixed-point result is a wall of digits; show it in e-notation. */
const HUGE = 1e15;

/**
 * `value` in US notation ("-1,234.5") with between `minFraction` and `maxFraction` decimals,
 * rounded half away from zero: the output of `Intl.NumberFormat('en-US', ...)`, which the
 * tests check on many values. Written out because building the first Intl.NumberFormat
 * loads locale data and costs 40-60 ms of main thread on every page that shows a number.
 */
export function formatDecimal(value: number, minFraction: number, maxFraction: number): string {
  if (!Number.isFinite(value)) return '';
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  // The shortest decimal that reads back as this double (as Intl rounds it): d.ddde±x.
  const [mantissa, exponent] = Math.abs(value).toExponential().split('e');
  let digits = mantissa.replace('.', '');
  let point = Number(exponent) + 1; // how many of `digits` stand before the decimal point
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  const keep = point + maxFraction;
  let kept = digits.slice(0, keep).padEnd(keep, '0');
  if (digits.length > keep && digits[keep] >= '5') {
    const rounded = incremented(kept);
    point += rounded.length - kept.length;
    kept = rounded;
  }
  let fraction = kept.slice(point);
  while (fraction.length > minFraction && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const integer = (kept.slice(0, point).replace(/^0+(?=\d)/, '') || '0').replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}${integer}${fraction ? `.${fraction}` : ''}`;
}

/** A string of decimal digits plus one ("129" → "130", "99" → "100", "" → "1"). */
function incremented(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i--;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return digits.slice(0, i) + String(Number(digits[i]) + 1) + '0'.repeat(digits.length - i - 1);
}

/** The Decimals control: Auto (the category's rule) or a fixed number of decimals, 0–10. */
export type Decimals = 'auto' | number;
export const MAX_DECIMALS = 10;
/** Under Auto, a result below 1 keeps at least this many significant digits. */
const AUTO_SIGNIFICANT = 6;
/** ... but past this many decimals it is clearer in e-notation (1 mm² = 1.00000e-12 km²). */
const AUTO_MAX_DECIMALS = 12;

/** An exact value, numerator over a positive denominator (rational.ts's Rational). */
export interface Exact {
  readonly n: bigint;
  readonly d: bigint;
}

/** Past this many digits before the point, a whole number is e-notation even when exact. */
const MAX_WHOLE_DIGITS = 30;

const abs = (x: bigint): bigint => (x < 0n ? -x : x);
const pow10 = (k: number): bigint => 10n ** BigInt(k);

/** The decade of a positive a/d: e with 10^e ≤ a/d < 10^(e+1). */
function decade(a: bigint, d: bigint): number {
  const atLeast = (e: number): boolean => (e >= 0 ? a >= d * pow10(e) : a * pow10(-e) >= d);
  let e = String(a).length - String(d).length;
  while (!atLeast(e)) e--;
  while (atLeast(e + 1)) e++;
  return e;
}

/** |n/d| rounded half away from zero to `places` decimals, as "1,234.50" keeping at least `minFraction` of them. */
function fixedText(x: Exact, places: number, minFraction: number): string {
  const digits = String((abs(x.n) * pow10(places) * 2n + x.d) / (2n * x.d)).padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places).replace(/\B(?=(\d{3})+$)/g, ',');
  let fraction = digits.slice(digits.length - places);
  while (fraction.length > minFraction && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${x.n < 0n ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** n/d in e-notation with 6 significant digits, as toExponential(5) writes it ("1.00000e-12"), rounded once. */
function exponentialText(x: Exact, e: number): string {
  const a = abs(x.n);
  const s = e - 5;
  let m = s >= 0 ? (a * 2n + x.d * pow10(s)) / (2n * x.d * pow10(s)) : (a * pow10(-s) * 2n + x.d) / (2n * x.d);
  if (m >= 1_000_000n) {
    m /= 10n; // 999999.5 rounded up to the next decade
    e++;
  }
  const digits = String(m);
  return `${x.n < 0n ? '-' : ''}${digits[0]}.${digits.slice(1)}e${e < 0 ? '-' : '+'}${Math.abs(e)}`;
}

/** A finite double as the exact decimal it prints as (0.3 is 3/10, not its binary neighbour). */
function exactOf(value: number): Exact {
  const [mantissa, exponent] = value.toExponential().split('e');
  const digits = mantissa.replace(/[-.]/g, '');
  const e = Number(exponent) - (digits.length - 1);
  const n = BigInt(digits) * (value < 0 ? -1n : 1n);
  return e >= 0 ? { n: n * pow10(e), d: 1n } : { n, d: pow10(-e) };
}

/**
 * A conversion result with US formatting ("16,404.199475"), rounded once from the exact value
 * (1000 km is 39,370,078.740157 in: 39,370,078.7401574803…, not rounded to 15 digits first).
 *
 * Auto (the default): up to `precision` decimals, and below 1 at least 6 significant
 * digits (2 ft = 0.0006096 km, not 0.00061), or `autoSignificant` where a category says fewer
 * (cooking: 3). A fixed `decimals` shows exactly that many.
 * A result of 10^15 or more shows all its digits when they are exact (a whole number, such as
 * 1 PiB = 1,125,899,906,842,624 B) or a fixed number of decimals is chosen; under Auto an
 * inexact one is e-notation. Never a misleading 0: a non-zero result too small for the
 * decimals shown (1 mm² in km²) is copy-pasteable e-notation with 6 significant digits
 * ("1.00000e-12"), which the value parser reads back. So is a result past 10^30. Under a
 * fixed choice such a result of 10^-6 or more is its first significant digit in plain
 * decimals instead (0.1 m at 0 decimals: "0.3" ft).
 */
export function formatExact(x: Exact, precision: number, decimals: Decimals = 'auto', exact = true, autoSignificant = AUTO_SIGNIFICANT): string {
  const fixed = decimals === 'auto' ? null : Math.max(0, Math.min(MAX_DECIMALS, Math.round(decimals)));
  if (x.n === 0n) return fixed ? formatDecimal(0, fixed, fixed) : '0';
  const e = decade(abs(x.n), x.d);
  if (e >= Math.log10(HUGE)) {
    const allDigits = exact && e < MAX_WHOLE_DIGITS && (fixed !== null || x.d === 1n);
    return allDigits ? fixedText(x, fixed ?? 0, fixed ?? 0) : exponentialText(x, e);
  }
  let max = fixed ?? precision;
  if (fixed === null && e < 0) {
    const significant = autoSignificant - 1 - e;
    if (significant > AUTO_MAX_DECIMALS) return exponentialText(x, e);
    max = Math.max(precision, significant);
  }
  const text = fixedText(x, max, fixed ?? 0);
  // Rounded away to nothing (half-way rounds up, so 0.0000005 still shows 0.000001).
  if (!/^-?0(\.0*)?$/.test(text)) return text;
  // Under a fixed choice, the first significant digit in plain decimals, as near to what was
  // chosen as is honest (0.1 m at 0 decimals is 0.3 ft, not 3.28084e-1), down to 10^-6.
  return fixed !== null && e >= FIXED_PLAIN_DECADE ? fixedText(x, -e, 0) : exponentialText(x, e);
}

/** The smallest decade a fixed choice still writes in plain decimals when it would read 0. */
const FIXED_PLAIN_DECADE = -6;

/**
 * A double as a result, as formatExact shows an exact one: only the 15 significant digits a
 * double holds reliably count (0.1 + 0.2 = 0.30000000000000004 shows 0.3), so 10^15 or more
 * is always e-notation. NaN and Infinity give ''.
 */
export function formatResult(value: number, precision: number, decimals: Decimals = 'auto', autoSignificant?: number): string {
  if (!Number.isFinite(value)) return '';
  return formatExact(exactOf(Number(value.toPrecision(15))), precision, decimals, false, autoSignificant);
}

/** A copied or stored line's minus signs as plain hyphen-minus ("−40 °C" → "-40 °C"), as history and Copy write them. */
export const plainMinus = (text: string): string => text.replace(/−/g, '-');

/**
 * Money with exactly `digits` decimals (a currency's minor unit: 2 by default, JPY 0, KWD 3),
 * US formatting ("1,234.50", "¥" amounts "15,120", "0.308"), as Intl.NumberFormat writes it.
 */
export function formatCurrency(value: number, digits = 2): string {
  if (!Number.isFinite(value)) return '';
  const text = formatDecimal(value, digits, digits);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/**
 * A converted amount of money: formatCurrency, except that an amount that would read 0 but is
 * not keeps 6 significant digits (0.001 USD in EUR is "0.00085", never a misleading "0.00").
 */
export function formatMoney(value: number, digits = 2): string {
  const text = formatCurrency(value, digits);
  return /^0(\.0*)?$/.test(text) && value > 0 ? formatResult(value, 2) : text;
}

/** A rate keeps at least this many significant digits, however small. */
let dayFormat: Intl.DateTimeFormat | undefined;
/** "Nov 24, 2025": the day a reference rate is for, as the card writes dates. */
export function formatDay(date: string): string {
  dayFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
  return dayFormat.format(Date.parse(`${date}T00:00:00Z`));
}

const RATE_SIGNIFICANT = 4;

/**
 * A rate with 4 decimals ("0.9200"), or 6 when it is small ("0.006614"), or as many as keep 4
 * significant digits for a weak currency's ("1 LBP = 0.00001117 USD", not 0.000011). Here
 * rather than with the rates client (lib/rates.ts), so the rate history's chart carries none
 * of that.
 */
export function formatRate(rate: number): string {
  const small = rate > 0 ? Math.max(6, RATE_SIGNIFICANT - 1 - Math.floor(Math.log10(rate))) : 6;
  const digits = rate >= 0.1 ? 4 : small;
  return formatDecimal(rate, digits, digits);
}

// What a numeric input can hold: optional sign, digits with an optional fraction, optional
// exponent. Thousands separators are accepted only in proper groups of three ("1,234.5"),
// so a result copied from the page reads back, but a European "1,5" is rejected rather
// than misread as 15.
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const GROUPED = /^[+-]?\d{1,3}(,\d{3})+(\.\d*)?(e[+-]?\d+)?$/i;

/** The number in a value field, or null when it is empty or not a number. */
export function parseValue(text: string | null | undefined): number | null {
  if (typeof text !== 'string') return null;
  let t = text.trim();
  if (GROUPED.test(t)) t = t.replace(/,/g, '');
  if (!NUMBER.test(t)) return null; // rejects '', 'abc', '0x10', 'Infinity'
  const n = Number(t);
  return Number.isFinite(n) ? n : null; // '1e999' overflows to Infinity
}
