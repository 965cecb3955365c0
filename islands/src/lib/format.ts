// Turning numbers into the text a visitor reads, and typed text back into numbers.

/** At or above this size a fixed-point result is a wall of digits; show it in e-notation. */
const HUGE = 1e15;

// Building a NumberFormat is comparatively slow and results re-render on every keystroke.
const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(min: number, max: number): Intl.NumberFormat {
  const id = `${min}:${max}`;
  let f = formatters.get(id);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max });
    formatters.set(id, f);
  }
  return f;
}

/**
 * A conversion result with US formatting and up to `precision` decimals ("16,404.199475").
 * Never a misleading 0: a non-zero result too small for the precision (1 mm² in km²) or too
 * large to read is shown as copy-pasteable e-notation with 6 significant digits
 * ("1.00000e-12"), which parseValue reads back. NaN and Infinity give ''.
 */
export function formatResult(value: number, precision: number): string {
  if (!Number.isFinite(value)) return '';
  if (value === 0) return '0'; // also -0, which Intl would print as "-0"
  // A double holds 15 significant decimal digits reliably; beyond that are artefacts of
  // binary arithmetic (0.1 + 0.2 = 0.30000000000000004), so never display them.
  const clean = Number(value.toPrecision(15));
  if (Math.abs(clean) >= HUGE) return clean.toExponential(5);
  const text = numberFormat(0, precision).format(clean);
  // Rounded away to nothing: let Intl's own rounding decide, so 0.0000005 still shows 0.000001.
  return text === '0' || text === '-0' ? clean.toExponential(5) : text;
}

/** Money: exactly 2 decimals, US formatting ("1,234.50"). */
export function formatCurrency(value: number): string {
  if (!Number.isFinite(value)) return '';
  const text = numberFormat(2, 2).format(value);
  return text === '-0.00' ? '0.00' : text;
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
