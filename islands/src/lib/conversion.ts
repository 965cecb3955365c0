// What a unit card shows for what was typed: the parsed value converted to a unit or a
// compound (5 ft 10.87 in), with a message instead of a number whenever it cannot be
// right. Plain TypeScript over the parser (parse.ts) and the formatter (format.ts), so the
// card, the every-unit list and the batch all say exactly the same thing.

import { lexiconOf } from './lexicon.ts';
import { HANDS, convertParsed, horseHeight, inBase, isReadingUnit, readingUnit, wholeCategoryReads, type Lexicon, type LexUnit } from './parse';
import { FOOD_CALORIE, SMALL_CALORIE, SMALL_CALORIE_NOTE, foodCalorieQuestion, smallCalorieUnsaid } from './foodEnergy';
import { NANOMETRE_NOTE, NM, readConversion, type ConversionReading } from './query.ts';
import { compare, div, fromDecimal, isNegative, isZero, magnitude, mul, neg, rational, sub, toNumber, type Rational } from './rational';
import { factorOf, kindOf } from './kinds';
import { formatDecimal, formatExact, type Decimals } from './format';
import type { Compound, Unit, UnitCategory } from './units';
import { findTarget, isCookingUnit, type Target } from './target.ts';
import { readsAsTyped } from './readingNote.ts';
import { clockFit, clockNote, clockRefusal, clockScale, isPace } from './tokens.ts';

// The small part the card needs before anything is typed lives in target.ts (the card's first
// script); this module and the parser are a chunk fetched on first interaction.
export { findTarget, isCookingUnit, resultLine, type Target } from './target.ts';
// What the card says under Value about a reading: only needed once something was read, so it
// comes with this chunk rather than with the card.
export { readingNote } from './readingNote.ts';

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
      /** What was read with units as symbols, for history and copied text: "2 ton" (reading "2 US short tons"). */
      readingSymbols: string;
      /** How it was read where that matters: "the comma groups thousands", "converted to °C, since °F is the To unit". */
      notes: string[];
      /** The value as typed, without a typed target ("10 m" of "10 m to cm"). */
      typedText: string;
      /** Typed units won over From. */
      typed: boolean;
      /** The units typed, in order (5 ft 11 in: feet, inches); none for a bare number. */
      units: LexUnit[];
      /** What the result is in: To, a target typed in Value ("10 kg to lb"), or From when the value was in To's unit. */
      target: Target;
      /** The target was typed in Value. */
      targetTyped: boolean;
      /** Its note names a unit in full, saying more than the result's symbol ("in US pints", where the result says "pt"). */
      targetNamed: boolean;
      /** Temperature below absolute zero (converted, with a hint). */
      belowAbsoluteZero: boolean;
      /** A pace result as runners write it, m:ss ("8:51 min/mi" for 8.851392 min/mi): said beside the result, never in it, so Copy and the CSV keep a number. */
      pace?: string;
    };

/** Each category alone, as the one record its lexicon is kept by (lexiconOf). */
const alone = new WeakMap<object, Record<string, UnitCategory>>();

/** The lexicon of one category, or of `all` (built once per object, by lexiconOf). */
export function lexiconFor(category: UnitCategory & { key: string }, all?: Record<string, UnitCategory>): Lexicon {
  if (all !== undefined) return lexiconOf(all);
  let own = alone.get(category);
  if (own === undefined) alone.set(category, (own = { [category.key]: category }));
  return lexiconOf(own);
}

/** Under Auto, a compound's last part shows this many decimals (5 ft 10.87 in). */
export const COMPOUND_AUTO_DECIMALS = 2;
/** ... and at most this many for a result under one of the smallest part ("0.0353 oz"). */
const COMPOUND_MAX_DECIMALS = 4;

/** Rounds a non-negative rational half up to `d` decimals, exactly. */
function roundHalfUp(x: Rational, d: number): Rational {
  const scale = 10n ** BigInt(d);
  const scaled = x.n * scale * 2n + x.d; // 2·x·10^d + 1, over 2·denominator
  return rational(scaled / (2n * x.d), scale);
}

const groupDigits = (digits: string): string => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * A value given in the category's base unit as a compound: "5 ft 10.87 in". Only the last
 * part has decimals (under Auto up to two, "6 ft 3 in"); a part that rounds up to a whole next-larger unit carries (5 ft 12 in
 * is 6 ft 0 in). Leading zero parts are left out (0.1 m → "3.94 in").
 */
export function formatCompound(base: Rational, parts: Unit[], decimals: Decimals): string {
  let d = decimals === 'auto' ? COMPOUND_AUTO_DECIMALS : decimals;
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
  const lastExact = div(rest, factors[parts.length - 1]);
  if (decimals === 'auto' && wholes.every((w) => w === 0n) && !isZero(lastExact)) {
    // Under one of the smallest part and nothing larger: three significant digits, as the
    // cards keep them below 1 (1 g is 0.0353 oz, not 0.04), up to four decimals.
    const size = Math.abs(toNumber(lastExact));
    if (size < 1) d = Math.min(COMPOUND_MAX_DECIMALS, Math.max(d, 2 - Math.floor(Math.log10(size))));
  }
  let last = roundHalfUp(lastExact, d);
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
  // Under Auto, no zeros a whole last part does not need ("1 ft 3 in", "5 ft 10.87 in").
  shown.push(`${formatDecimal(toNumber(last), decimals === 'auto' ? 0 : d, d)} ${parts[parts.length - 1].symbol}`);
  const allZero = wholes.every((w) => w === 0n) && isZero(last);
  if (allZero && !isZero(base)) {
    // Never a misleading 0: too small for the decimals shown (1e-9 m is "< 0.0001 in").
    const least = d === 0 ? '1' : `0.${'0'.repeat(d - 1)}1`;
    return `${negative ? '> −' : '< '}${least} ${parts[parts.length - 1].symbol}`;
  }
  return `${negative && !allZero ? '−' : ''}${shown.join(' ')}`;
}

/**
 * A kitchen measure as a cook reads it, to the nearest 1/8 or 1/3 (halves and quarters are
 * eighths): "1 1/2", "2/3", "≈ 1 1/4" when rounded. The closer wins, so an exact one first; a
 * third only when it is closer than the nearest eighth (1/3 cup is "1/3", not "≈ 3/8"). Null
 * when the value is under 1/16 (it would read 0), so the caller shows decimals instead.
 */
export function formatKitchen(x: Rational): string | null {
  const negative = isNegative(x);
  const size = negative ? neg(x) : x;
  const nearest = (den: bigint) => {
    const scaled = mul(size, rational(den));
    const n = (scaled.n * 2n + scaled.d) / (2n * scaled.d); // half up
    const off = sub(size, rational(n, den));
    return { n, den, off: magnitude(off) };
  };
  const eighths = nearest(8n);
  const thirds = nearest(3n);
  const { n, den, off } = compare(thirds.off, eighths.off) < 0 ? thirds : eighths;
  if (n === 0n) return null;
  const whole = n / den;
  const part = rational(n % den, den);
  const text = [whole > 0n ? groupDigits(String(whole)) : '', isZero(part) ? '' : `${part.n}/${part.d}`].filter((t) => t !== '').join(' ');
  return `${isZero(off) ? '' : '≈ '}${negative ? '−' : ''}${text}`;
}

/**
 * The largest magnitude a result may have: a double's range. Said of the result, which is
 * what overflows: 1e308 m is a length a card reads, 3.3e308 ft is not; and of a reciprocal
 * unit a huge value has a result too close to zero.
 */
function tooLargeOrSmall(exact: Rational, number: number): string | null {
  if (!Number.isFinite(number)) return 'The result is too large to show.';
  if (number === 0 && !isZero(exact)) return 'The result is too close to zero to show.';
  return null;
}

export interface ConvertRequest {
  category: UnitCategory & { key: string };
  lexicon: Lexicon;
  input: string;
  from: Unit;
  to: Target;
  decimals: Decimals;
  /** Cooking measures as fractions to the nearest 1/8 or 1/3 (the card's Fractions choice). */
  fractions?: boolean;
  /** Always to `to`, whatever target the Value names (the every-unit list). */
  exactTo?: boolean;
}

/** Reads `input` (with a target, if typed) and converts it: the card's result, or why there is none. */
export function convertInput(req: ConvertRequest): Outcome {
  // A message naming the unit likely meant names the card's own From or To when it can:
  // "4 oz" with From imperial fluid ounces is told “imp fl oz”, not the US “fl oz”.
  const shown = [req.from.key, ...(req.to.kind === 'unit' ? [req.to.unit.key] : req.to.parts.map((u) => u.key))];
  return convertReading(readConversion(req.input, { ...req.lexicon, shown }, req.category.key), req);
}

/** A plain number in From, converted to To exactly as the card would show it (a pair page's table and example). */
export function convertNumber(value: Rational, request: Omit<ConvertRequest, 'lexicon' | 'input' | 'exactTo'>): Outcome {
  const read: ConversionReading = { kind: 'ok', text: '', parsed: { kind: 'number', value, reading: '', notes: [] }, category: request.category.key, target: null };
  return convertReading(read, { ...request, input: '', exactTo: true });
}

/** Travel distances a nanometre is almost never converted to, where "nm" meant nautical miles. */
const TRAVEL = new Set(['miles', 'kilometers', 'nautical_miles', 'feet']);

/**
 * Whether `text` has "nm" (read as the nanometre, as GNU units reads it) converted to a
 * travel distance: "250 nm to mi" is far more often nautical miles from a flight plan or a
 * chart, so the reading says which nm it took and how to type the other.
 */
function nanometreForMiles(text: string, parsed: Extract<ConversionReading, { kind: 'ok' }>['parsed'], to: Target): boolean {
  return parsed.kind === 'quantity' && NM.test(text) && parsed.units.some((u) => u.key === 'nanometers') && to.kind === 'unit' && TRAVEL.has(to.unit.key);
}

/**
 * What was read, converted: to a target typed in Value, else to To, except that a value typed
 * in To's own unit (98.6 °F on a °C → °F card) is converted to From, with a note saying so.
 */
export function convertReading(
  read: ConversionReading,
  { category, input, from, to: chosen, decimals, fractions = false, exactTo = false }: Omit<ConvertRequest, 'lexicon'>,
): Outcome {
  if (read.kind === 'empty' || read.kind === 'error') return read;
  let { parsed } = read;
  // A lower-case "calories" on a card set to kilocalories (From, or To with no target typed):
  // asked, as "CALORIES" is, since a label's 2000 Calories read as small calories are 1,000
  // times too small, and the menu chosen says food energy. (The search box's From is the
  // unit typed, so it only notes.)
  const foodCard = from.key === FOOD_CALORIE || (chosen.kind === 'unit' && chosen.unit.key === FOOD_CALORIE && read.target === null && !exactTo);
  if (foodCard && parsed.kind === 'quantity' && from.key !== parsed.unit.key && parsed.units.some((u) => u.key === SMALL_CALORIE)) {
    const question = foodCalorieQuestion(read.text);
    if (question !== null) return { kind: 'error', message: question };
  }
  const notes = [...parsed.notes];
  // A measure that says what it is (the stick of butter), typed or asked for.
  const typedTo = read.target?.kind === 'unit' ? [read.target.unit] : [];
  for (const u of [...(parsed.kind === 'quantity' ? parsed.units : []), ...typedTo]) if (u.note !== undefined && !notes.includes(u.note)) notes.push(u.note);
  // 5:30 typed with no unit counts in From: minutes and seconds on Minutes, Seconds or a pace,
  // hours and minutes on Hours (1:30 is 1 h 30 min), h:mm:ss on any unit of time, nothing on
  // any other unit. Each clock typed is said (5:30 + 0:30).
  if (parsed.kind === 'number' && parsed.clocks !== undefined) {
    const scales: Rational[] = [];
    for (const clock of parsed.clocks) {
      const fit = clockFit(clock, from);
      if (fit === null) return { kind: 'error', message: clockRefusal(clock, from) };
      scales.push(clockScale(fit, from));
      const said = clockNote(clock, fit);
      if (!notes.includes(said)) notes.push(said);
    }
    // 5:30 on Seconds is 330 s; but there 5:30 + 10 or 5:30 + 1:00:00 is in no one unit.
    const scale = scales[0];
    const one = scales.every((k) => compare(k, scale) === 0) && (compare(scale, rational(1n)) === 0 || parsed.clocksAlone === true);
    if (!one) return { kind: 'error', message: `“${read.text}” mixes a time written with colons with other numbers: give each number its unit, as in 5:30 min + 10 s.` };
    parsed = { ...parsed, value: mul(parsed.value, scale) };
  }
  // 15.2 on Hands is decimal hands, as any number in From; a horse's 15.2 hh (15 hands 2 in) is typed with its hh (parse.ts handsHigh).
  const height = parsed.kind === 'number' && from.key === HANDS ? horseHeight(read.text) : null;
  if (height?.height) notes.push(`decimal hands: for ${height.hands} hands ${height.digit} inches, type ${read.text} hh`);
  let to = chosen;
  const typedTarget = read.target === null || exactTo ? undefined : findTarget(category, read.target.kind === 'unit' ? read.target.unit.key : read.target.key);
  let targetNamed = false;
  // Before the target's own note, which the batch and the search box may leave out (the last).
  // Only for a target the visitor typed or chose (the card's To): the search box's usual
  // units and the every-unit list (exactTo) are no sign that nm meant a travel distance
  // ("532 nm" alone, a wavelength, is given in feet there too).
  const travelTo = typedTarget ?? (exactTo ? null : chosen);
  if (travelTo !== null && nanometreForMiles(read.text, parsed, travelTo)) notes.push(NANOMETRE_NOTE);
  if (typedTarget) {
    to = typedTarget;
    // Named as the reading names a typed unit: "pints" is the US pint, and the note says so
    // ("in US pints, as typed"), as "From 2 US pints" does of the value.
    const parts = typedTarget.kind === 'unit' ? [typedTarget.unit] : typedTarget.parts;
    const names = parts.map((u) => readingUnit(u, false));
    // Named when the name says more than the symbol ("US pints"), not only its plural ("metric cups").
    targetNamed = parts.some((u) => readingUnit(u, true) !== u.symbol);
    // "500 kJ to calories": said before the target's own note, which a result line leaves out.
    if (parts.some((u) => u.key === SMALL_CALORIE) && smallCalorieUnsaid(input) && !notes.includes(SMALL_CALORIE_NOTE)) notes.push(SMALL_CALORIE_NOTE);
    notes.push(`in ${names.join(' + ')}, as typed`);
  } else if (!exactTo && chosen.kind === 'unit' && parsed.kind === 'quantity' && parsed.units.every((u) => u.key === chosen.unit.key) && from.key !== chosen.unit.key) {
    notes.push(`converted to ${from.symbol}, since ${chosen.unit.symbol} is the To unit`);
    to = { kind: 'unit', unit: from };
  }
  const typed = parsed.kind === 'quantity';
  const reading = typed || notes.length > 0 || !readsAsTyped(parsed.reading, input) ? parsed.reading : null;
  // A fuel economy or a pace is a ratio of two amounts: below zero it means nothing. A speed
  // in km/h can be (−9.8 m/s falling), unless a pace is From, To or typed. 0 passes this rule
  // (0 L/100 km is no fuel), and is refused below only where it would be infinite.
  const involved = [from, ...(to.kind === 'unit' ? [to.unit] : to.parts), ...(parsed.kind === 'quantity' ? parsed.units : [])];
  if (isNegative(parsed.value) && category.units.some((u) => kindOf(u) === 'reciprocal') && involved.some((u) => isReadingUnit(u, category.units))) {
    const what = wholeCategoryReads(category.units) ? category.label : 'A pace';
    return { kind: 'error', message: `${what} is never below zero: type 0 or more.` };
  }
  let base: Rational | null = null;
  let exact: Rational | null = null;
  try {
    if (to.kind === 'unit') exact = convertParsed(parsed, from, to.unit);
    else base = inBase(parsed, from);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    // A reciprocal unit meeting zero: 0 L/100 km is no fuel at all, infinitely many km/L.
    const zero = parsed.kind === 'quantity' ? `0 ${parsed.unit.symbol}` : `0 ${from.symbol}`;
    return { kind: 'error', message: `${zero} has no value in ${to.kind === 'unit' ? to.unit.symbol : to.compound.name}: it would be infinite.` };
  }
  // Celsius is the base of temperature: below −273.15 is below absolute zero.
  const belowAbsoluteZero = category.key === 'temperature' && compare(inBase(parsed, from), fromDecimal('-27315', -2)) < 0;
  const units = parsed.kind === 'quantity' ? parsed.units : [];
  const readingSymbols = parsed.kind === 'quantity' ? parsed.symbols : parsed.reading;
  const shown = { reading, readingSymbols, notes, typedText: read.text, typed, units, target: to, targetTyped: typedTarget !== undefined, targetNamed, belowAbsoluteZero };
  if (to.kind === 'compound') {
    if (base === null) throw new Error('a compound To always has the base value');
    const check = tooLargeOrSmall(base, toNumber(base));
    if (check) return { kind: 'error', message: check };
    if (Math.abs(toNumber(base)) >= 1e18) return { kind: 'error', message: 'That is too large to show in parts: choose a single unit in To.' };
    return { kind: 'ok', text: formatCompound(base, to.parts, decimals), symbol: '', ...shown };
  }
  if (exact === null) throw new Error('a single To unit always has its value');
  const number = toNumber(exact);
  const check = tooLargeOrSmall(exact, number);
  if (check) return { kind: 'error', message: check };
  const text = (fractions && isCookingUnit(to.unit) && formatKitchen(exact)) || formatExact(exact, category.precision, decimals, true, category.significant);
  const pace = isPace(to.unit) ? paceText(exact, to.unit.symbol) : null;
  return { kind: 'ok', text, symbol: to.unit.symbol, ...shown, ...(pace !== null && { pace }) };
}

/**
 * Minutes as m:ss to the nearest second (8.851392 → "8:51"), with `symbol`; null for whole
 * minutes (6 min/km says it already) and past a day's worth of minutes.
 */
export function paceText(minutes: Rational, symbol: string): string | null {
  if (minutes.d === 1n || isNegative(minutes) || toNumber(minutes) >= 1440) return null;
  return `${minutesText(minutes)} ${symbol}`;
}

/** Minutes (not negative) as m:ss to the nearest second: 8.851392 → "8:51", 3 → "3:00". */
export function minutesText(minutes: Rational): string {
  const seconds = roundHalfUp(mul(minutes, rational(60n)), 0).n;
  return `${seconds / 60n}:${String(seconds % 60n).padStart(2, '0')}`;
}

