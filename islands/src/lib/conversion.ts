// What a unit card shows for what was typed: the parsed value converted to a unit or a
// compound (5 ft 10.87 in), with a message instead of a number whenever it cannot be
// right. Plain TypeScript over the parser (parse.ts) and the formatter (format.ts), so the
// card, the every-unit list and the batch all say exactly the same thing.

import { inBase, parseInput, buildLexicon, type Lexicon, type Parsed } from './parse';
import { compare, div, fromDecimal, isNegative, isZero, mul, neg, rational, sub, toNumber, type Rational } from './rational';
import { factorOf, fromBase } from './kinds';
import { formatDecimal, formatResult, type Decimals } from './format';
import type { Compound, Unit, UnitCategory } from './units';
import { isCookingUnit, type Target } from './target.ts';

// The small part the card needs before anything is typed lives in target.ts (the card's first
// script); this module and the parser are a chunk fetched on first interaction.
export { findTarget, isCookingUnit, resultLine, type Target } from './target.ts';

export type Outcome =
  | { kind: 'empty' }
  | { kind: 'error'; message: string }
  | {
      kind: 'ok';
      /** The number as shown ("16.404199", "5 ft 10.87 in" for a compound). */
      text: string;
      /** The unit symbol after the number; '' for a compound (its text carries its units). */
      symbol: string;
      /** What was read, when it says more than the field does: "5 ft 11 in", "1.5". */
      reading: string | null;
      /** Typed units won over From. */
      typed: boolean;
      /** Temperature below absolute zero (converted, with a hint). */
      belowAbsoluteZero: boolean;
    };

const lexicons = new WeakMap<object, Lexicon>();

/** The lexicon of one category (built once per category object). */
export function lexiconFor(category: UnitCategory & { key: string }, all?: Record<string, UnitCategory>): Lexicon {
  const owner = all ?? category;
  let lex = lexicons.get(owner);
  if (lex === undefined) {
    lex = buildLexicon(all ?? { [category.key]: category });
    lexicons.set(owner, lex);
  }
  return lex;
}

/** Under Auto, a compound's last part shows this many decimals (5 ft 10.87 in). */
export const COMPOUND_AUTO_DECIMALS = 2;

/** Rounds a non-negative rational half up to `d` decimals, exactly. */
function roundHalfUp(x: Rational, d: number): Rational {
  const scale = 10n ** BigInt(d);
  const scaled = x.n * scale * 2n + x.d; // 2·x·10^d + 1, over 2·denominator
  return rational(scaled / (2n * x.d), scale);
}

const groupDigits = (digits: string): string => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * A value given in the category's base unit as a compound: "5 ft 10.87 in". Only the last
 * part has decimals; a part that rounds up to a whole next-larger unit carries (5 ft 12 in
 * is 6 ft 0 in). Leading zero parts are left out (0.1 m → "3.94 in").
 */
export function formatCompound(base: Rational, parts: Unit[], decimals: Decimals): string {
  const d = decimals === 'auto' ? COMPOUND_AUTO_DECIMALS : decimals;
  const negative = isNegative(base);
  let rest = negative ? neg(base) : base;
  const factors = parts.map(factorOf);
  const wholes: bigint[] = [];
  for (let i = 0; i < parts.length - 1; i++) {
    const q = div(rest, factors[i]);
    const whole = q.n / q.d;
    wholes.push(whole);
    rest = sub(rest, mul(rational(whole), factors[i]));
  }
  let last = roundHalfUp(div(rest, factors[parts.length - 1]), d);
  // Carry upwards: the last part never reaches one of the part above it.
  for (let i = parts.length - 1; i > 0; i--) {
    const size = div(factors[i - 1], factors[i]); // 12 inches to the foot
    if (i === parts.length - 1) {
      if (compare(last, size) >= 0) {
        last = sub(last, size);
        wholes[i - 1] += 1n;
      }
    } else if (wholes[i] * size.d >= size.n && size.d === 1n) {
      wholes[i] -= size.n;
      wholes[i - 1] += 1n;
    }
  }
  const shown: string[] = [];
  wholes.forEach((w, i) => {
    if (w !== 0n || shown.length > 0) shown.push(`${groupDigits(String(w))} ${parts[i].symbol}`);
  });
  shown.push(`${formatDecimal(toNumber(last), d, d)} ${parts[parts.length - 1].symbol}`);
  const allZero = wholes.every((w) => w === 0n) && isZero(last);
  return `${negative && !allZero ? '−' : ''}${shown.join(' ')}`;
}

/**
 * A kitchen measure to the nearest 1/8: "1 1/2", "3/4", "≈ 1 1/4" when rounded. Null when
 * the value is under 1/16 (it would read 0), so the caller shows decimals instead.
 */
export function formatEighths(x: Rational): string | null {
  const negative = isNegative(x);
  const eighths = mul(negative ? neg(x) : x, rational(8n));
  const n = (eighths.n * 2n + eighths.d) / (2n * eighths.d); // half up
  if (n === 0n) return null;
  const whole = n / 8n;
  let num = n % 8n;
  let den = 8n;
  while (num !== 0n && num % 2n === 0n) {
    num /= 2n;
    den /= 2n;
  }
  const text = [whole > 0n ? groupDigits(String(whole)) : '', num > 0n ? `${num}/${den}` : ''].filter((t) => t !== '').join(' ');
  const exact = eighths.d === 1n && eighths.n === n;
  return `${exact ? '' : '≈ '}${negative ? '−' : ''}${text}`;
}

/** The largest magnitude a result may have: a double's range. */
function tooLargeOrSmall(exact: Rational, number: number): string | null {
  if (!Number.isFinite(number)) return 'That is too large to convert.';
  if (number === 0 && !isZero(exact)) return 'That is too small to convert.';
  return null;
}

/** Normalised for comparing the reading with the field ("5 ft 11 in" vs "5  ft 11 in"). */
const squash = (s: string): string => s.replace(/\s+/g, ' ').trim();

export interface ConvertRequest {
  category: UnitCategory & { key: string };
  lexicon: Lexicon;
  input: string;
  from: Unit;
  to: Target;
  decimals: Decimals;
  /** Cooking measures as fractions to the nearest 1/8 (the card's Fractions choice). */
  fractions?: boolean;
}

/** Reads `input` and converts it to `to`: the card's result, or why there is none. */
export function convertInput({ category, lexicon, input, from, to, decimals, fractions = false }: ConvertRequest): Outcome {
  const parsed = parseInput(input, lexicon, category.key);
  return convertParsedValue(parsed, input, category, from, to, decimals, fractions);
}

export function convertParsedValue(
  parsed: Parsed,
  input: string,
  category: UnitCategory & { key: string },
  from: Unit,
  to: Target,
  decimals: Decimals,
  fractions = false,
): Outcome {
  if (parsed.kind === 'empty' || parsed.kind === 'error') return parsed;
  const typed = parsed.kind === 'quantity';
  const reading = typed || squash(parsed.reading) !== squash(input) ? parsed.reading : null;
  let base: Rational;
  let exact: Rational | null = null;
  try {
    base = inBase(parsed, from);
    if (to.kind === 'unit') exact = fromBase(base, to.unit);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    // A reciprocal unit meeting zero: 0 L/100 km is no fuel at all, infinitely many km/L.
    const zero = parsed.kind === 'quantity' ? `0 ${parsed.unit.symbol}` : `0 ${from.symbol}`;
    return { kind: 'error', message: `${zero} has no value in ${to.kind === 'unit' ? to.unit.symbol : to.compound.name}: it would be infinite.` };
  }
  // Celsius is the base of temperature: below −273.15 is below absolute zero.
  const belowAbsoluteZero = category.key === 'temperature' && compare(base, fromDecimal('-27315', -2)) < 0;
  if (to.kind === 'compound') {
    const check = tooLargeOrSmall(base, toNumber(base));
    if (check) return { kind: 'error', message: check };
    if (Math.abs(toNumber(base)) >= 1e18) return { kind: 'error', message: 'That is too large to show in parts: choose a single unit in To.' };
    return { kind: 'ok', text: formatCompound(base, to.parts, decimals), symbol: '', reading, typed, belowAbsoluteZero };
  }
  if (exact === null) throw new Error('a single To unit always has its value');
  const number = toNumber(exact);
  const check = tooLargeOrSmall(exact, number);
  if (check) return { kind: 'error', message: check };
  const text = (fractions && isCookingUnit(to.unit) && formatEighths(exact)) || formatResult(number, category.precision, decimals);
  return { kind: 'ok', text, symbol: to.unit.symbol, reading, typed, belowAbsoluteZero };
}

export interface BatchRow {
  line: number; // 1-based line of the box
  value: string; // the line as typed, trimmed
  /** The From unit's key, or 'as typed' when the line carries its own units (5 ft 11 in). */
  from: string;
  result: string; // "3.28084" or '' on error
  error: string | null;
}

/** Up to this many lines are converted; the rest are reported, not silently dropped. */
export const BATCH_LIMIT = 1000;

/** Every non-blank line of a batch box converted to `to`. */
export function convertBatch(text: string, req: Omit<ConvertRequest, 'input'>): BatchRow[] {
  const rows: BatchRow[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length && rows.length < BATCH_LIMIT; i++) {
    const value = lines[i].trim();
    if (value === '') continue;
    const parsed = parseInput(value, req.lexicon, req.category.key);
    const o = convertParsedValue(parsed, value, req.category, req.from, req.to, req.decimals, req.fractions);
    const from = parsed.kind === 'quantity' ? 'as typed' : req.from.key;
    if (o.kind === 'ok') rows.push({ line: i + 1, value, from, result: o.text, error: null });
    else rows.push({ line: i + 1, value, from, result: '', error: o.kind === 'error' ? o.message : 'Empty line.' });
  }
  return rows;
}

/** Lines beyond BATCH_LIMIT (non-blank), which the batch does not convert. */
export function batchOverflow(text: string): number {
  const count = text.split(/\r?\n/).filter((l) => l.trim() !== '').length;
  return Math.max(0, count - BATCH_LIMIT);
}

/** One field of RFC 4180 CSV: quoted when it holds a comma, quote, CR or LF. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The batch as RFC 4180 CSV (CRLF line ends): value,from,result,to; failed lines keep their error. */
export function batchCsv(rows: BatchRow[], to: string): string {
  const lines = [['value', 'from', 'result', 'to']];
  for (const r of rows) lines.push([r.value, r.from, r.error === null ? r.result : `error: ${r.error}`, to]);
  return `${lines.map((l) => l.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** "length-meters-to-feet.csv" */
export function batchFileName(category: string, from: string, to: string): string {
  return `${category}-${from}-to-${to}.csv`.replace(/_/g, '-');
}
