// The value parser's first step: what was typed as numbers, operators and unit words.
//
// Numbers are read exactly (rational.ts) and never silently as another number:
//   1,234.5  1,234,567          commas group thousands before a decimal point
//   1 234 567  1 234,5  1'000   spaces (also no-break and thin) and apostrophes group in threes
//   1.234.567  1.000,50         points group thousands before a decimal comma
//   1,00,000  12,34,567         Indian grouping: pairs of digits before the last three
//   1,5                         a comma not before exactly three digits is a decimal comma
//   1 1/2  1½                   a mixed number: one integer, then a proper fraction
//   1.5×10³  1.5 x 10^3          a power of ten after a number: e-notation (1.5e3)
//   10^6                        a power of ten alone, the same (1e6); no other power (2^10)
//   1 million  2.5 billion      a scale word after a number multiplies it (1 × 1000000, read back "1 million")
//   one hundred  twenty-five    a number in words, and "a" or "an" before a unit (a mile):
//                               spokenAmounts.ts spelledNumber, said in the notes
//   5:30  1:02:30               a time as clocks and paces write it: m:ss or h:mm, h:mm:ss
//                               (5.5, 1.0416…), read in the unit it goes with (clockFit)
// Where a number could be read two ways the reading says which was taken: "1,500" reads one
// thousand five hundred and "1.000" one (notes), and grouped forms read back ungrouped
// ("Read as 12345/2" for 12 345/2).
//
// Unit words come from the lexicon (lexicon.ts). A word may end in an abbreviation's period
// (5 lbs., 12 fl. oz.), and "degree", "degrees", "deg" or "°" before a temperature unit is
// part of it (100 degrees F); alone on a temperature card it means From's degrees (37 degrees).
import { MAX_WORDS, NOT_IN_WORDS } from '../generated/wordRule.ts';
import { type Entry, type Lexicon, QUALIFIERS, byCaseNote, lookupWord, qualifiedWord, unclearWord, unknownWord, wordKey } from './lexicon.ts';
import { type Rational, add, compare, div, fromDecimal, rational, toNumber } from './rational.ts';
import { type Definition, factorOf } from './kinds.ts';
import { formatResult } from './format.ts';
import { plainDigits } from './digits.ts';
import { notConverted } from './notConverted.ts';
import { SCALE_WORDS, scaleAfter, spelledNumber } from './spokenAmounts.ts';
import { table } from './table.ts';

/**
 * Why a quantity typed with units is refused though every word of it was read: a range of
 * two values ("1000-1200 sq ft"), a ratio of two quantities ("100 m² / 4 m²"), a room's
 * sides ("12 ft x 14 ft"). The search box says such a message, where it leaves other
 * messages about text that may be no conversion at all to the search.
 */
/** The note on 1.500, a point before three digits: read as a decimal point (amount.ts reads it otherwise in a currency without decimals). */
export const DECIMAL_POINT_NOTE = 'the point is a decimal point';

export type Refusal = 'range' | 'ratio' | 'room';

export class ParseError extends Error {
  constructor(message: string, readonly refusal?: Refusal) {
    super(message);
  }
}
export function fail(message: string, refusal?: Refusal): never {
  throw new ParseError(message, refusal);
}

/** `scale`: the × and the number a scale word after a number was read as ("2 million": 2 × 1000000). */
export type Token =
  | { t: 'num'; v: Rational; text: string; space: boolean; clock?: Clock; scale?: true }
  | { t: 'op'; v: '+' | '-' | '*' | '/' | '(' | ')'; space: boolean; scale?: true }
  | { t: 'unit'; entry: Entry; text: string; space: boolean };

export const VULGAR: Record<string, [number, number]> = table({
  '½': [1, 2], '⅓': [1, 3], '⅔': [2, 3], '¼': [1, 4], '¾': [3, 4], '⅕': [1, 5], '⅖': [2, 5], '⅗': [3, 5],
  '⅘': [4, 5], '⅙': [1, 6], '⅚': [5, 6], '⅐': [1, 7], '⅛': [1, 8], '⅜': [3, 8], '⅝': [5, 8], '⅞': [7, 8],
  '⅑': [1, 9], '⅒': [1, 10],
});
export const OPS: Record<string, '+' | '-' | '*' | '/' | '(' | ')'> = table({
  '+': '+', '-': '-', '−': '-', '–': '-', '*': '*', '×': '*', '·': '*', '/': '/', '÷': '/', '⁄': '/', '(': '(', ')': ')',
});
/** Largest power of ten a literal may carry (1e1000); beyond, no double can hold the answer anyway. */
const MAX_EXPONENT = 1000;

// A word: anything that is not a space or a character the parser reads as part of a number or
// an operator (the build's list, which also refuses such characters in unit words).
const WORD = new RegExp(`[^\\s${NOT_IN_WORDS.replace(/[\\\]^-]/g, '\\$&')}]+`, 'uy');
/** Words before a temperature unit that are part of it ("100 degrees F"). */
const DEGREE_WORDS = new Set(['degree', 'degrees', 'deg', 'degs', '°']);
/** Spaces that group digits: space, no-break space, narrow no-break space, thin space. */
const GROUP_SPACES = ' \u00a0\u202f\u2009';
const APOSTROPHES = "'’";
/** An inch mark after feet: 5'100" is not a grouped number. */
const INCH_MARK = /^(?:["”“″]|''|’’)/;

/** Superscript digits and signs, for a power of ten written 10³ or 10⁻³. */
const SUPERSCRIPT: Record<string, string> = table({
  '⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7', '⁸': '8', '⁹': '9', '⁺': '+', '⁻': '-',
});

/**
 * 12x14, 12 X 14, 10'x12', 12 ft x 14 ft: an x standing alone after a number or a unit and
 * before a number is a times sign, as room sizes are written (no unit word is "x").
 */
const TIMES_X = /(?<=[\d'"′″’”]|\S\s+)[xX](?=\s*\.?\d)/gu;

/** Precious metals, which are weighed in troy ounces and named after their weight ("10 tola gold"). */
const METAL = String.raw`(?:gold|silver|platinum|palladium)`;
const PRECIOUS = new RegExp(`^${METAL}$`, 'iu');
/** A precious metal named anywhere in a query ("1 kg of gold in oz"): the ounce asked is the troy ounce too. */
export const NAMES_METAL = new RegExp(String.raw`\b${METAL}\b`, 'iu');
/** What the reading says when an ounce of a precious metal is read as the troy ounce. */
export const troyNote = (ounce: string): string => `${ounce} read as the troy ounce, as gold and silver are weighed`;
const OUNCE = String.raw`(?:oz|ounces?)`;
/** The ounce's words alone ("oz", "ounces"): asked of a precious metal, the troy ounce (query.ts). */
export const OUNCE_WORD = new RegExp(`^${OUNCE}$`, 'iu');
/** An ounce of a precious metal, "1 oz gold", "2 ounces of silver": the troy ounce, as it is priced (not "fl oz", not "troy oz" already). */
const METAL_OUNCE = new RegExp(String.raw`(?<!\bfl\.?\s*|\btroy\s+)\b${OUNCE}(?=\s+(?:of\s+)?${METAL}\b)`, 'giu');

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/**
 * "(UK)", "(US)", "(imp)" after a unit word, as labels write it (mpg (UK)), and a pressure's
 * "(g)" or "(a)" (bar(g)): the qualifier as a word (mpg UK, bar g).
 */
const QUALIFIER_PARENS = /(?<=\p{L})\s*\((US|UK|imp|imperial|g|a|gauge|abs)\)/giu;
const plainQualifier = (s: string): string => s.replace(QUALIFIER_PARENS, ' $1');

/** Reads `s` into tokens; `notes` collects what the reading should say (how a number was read). */
export function tokenize(typed: string, lex: Lexicon, category: string | null, notes: Set<string>): Token[] {
  // Read as the digits they are: the reading then says "Read as 123" for "１２３".
  const s = plainQualifier(plainDigits(typed))
    .replace(TIMES_X, '×')
    .replace(METAL_OUNCE, (ounce: string) => {
      notes.add(troyNote(ounce));
      return 'oz t';
    });
  const out: Token[] = [];
  /** The hyphens and en dashes typed, for telling a range from a subtraction. */
  const dashes = new Map<Token, string>();
  let i = 0;
  let space = false;
  while (i < s.length) {
    const c = s[i];
    if (/\s/.test(c)) {
      i++;
      space = true;
      continue;
    }
    if (isDigit(c) || (c === '.' && isDigit(s[i + 1]))) {
      const [tok, next] = readNumber(s, i, space, notes);
      out.push(tok);
      i = next;
      const pace = tok.t === 'num' && tok.clock?.parts === 2 ? paceAfter(s, i, lex) : null;
      if (pace !== null) {
        out.push(pace[0]);
        i = pace[1];
      }
      // "1 million meters", "2.5 billion bytes": the scale multiplies what comes before it, as
      // a unit applies to it (1/2 million is half a million), read back in its words ("2.5
      // billion B"). Not a unit's own word ("1 million btu" is 1 MMBtu).
      const scale = tok.t === 'num' && tok.clock === undefined && !unitRunAt(s, i, lex, category) && !ownScaleAt(s, i, lex, category) ? scaleAfter(s, i) : null;
      if (scale !== null) {
        out.push({ t: 'op', v: '*', space: true, scale: true }, { t: 'num', v: rational(scale.factor), text: scale.words.toLowerCase(), space: true, scale: true });
        i = scale.end;
      }
    } else if (c in VULGAR) {
      const [a, b] = VULGAR[c];
      out.push({ t: 'num', v: rational(BigInt(a), BigInt(b)), text: `${a}/${b}`, space });
      i++;
    } else if (c in OPS) {
      const op: Token = { t: 'op', v: OPS[c], space };
      if (c === '-' || c === '–') dashes.set(op, c);
      out.push(op);
      i++;
    } else if (c === '^') {
      fail('Powers (^) are read only as whole powers of 10 (10^6, 1.5 × 10^6): write the number out, or use e-notation such as 1e6.');
    } else {
      const unitAfter = (j: number) => out.at(-1)?.t !== 'num' && unitAt(s, j, lex, category);
      const spelled = unitRunAt(s, i, lex, category) ? null : spelledNumber(s, i, unitAfter, (j) => ownScaleAt(s, j, lex, category));
      if (spelled !== null) {
        const typed = s.slice(i, spelled.end).replace(/\s+/gu, ' ');
        const text = spelled.decimal ?? exactText(spelled.value);
        notes.add(`“${typed}” read as ${text}`);
        out.push({ t: 'num', v: spelled.value, text, space });
        i = spelled.end;
        space = false;
        continue;
      }
      const word = /\p{L}+(?![\p{L}\p{N}])/uy;
      word.lastIndex = i;
      const scaleWord = word.exec(s)?.[0];
      // "million meters": a scale with no number before it is a number word, no unit.
      if (scaleWord !== undefined && scaleWord.toLowerCase() in SCALE_WORDS && out.at(-1)?.t !== 'num' && !unitRunAt(s, i, lex, category) && !ownScaleAt(s, i, lex, category)) {
        fail(`“${scaleWord}” is a number word: write the amount before it, as in “1 ${scaleWord.toLowerCase()}” or “one ${scaleWord.toLowerCase()}”.`);
      }
      const [tok, next] = readUnit(s, i, space, lex, category, notes, out);
      if (tok !== null) out.push(tok);
      i = next;
    }
    space = false;
  }
  refuseRange(out, dashes);
  return out;
}

/**
 * Whether a unit's word of more than one word begins at `at` ("million btu", "thousand btu
 * per hour"): a unit's own words are never read as a number.
 */
function unitRunAt(s: string, at: number, lex: Lexicon, category: string | null): boolean {
  if (!isLetter(s[at] ?? '') && !/\s/u.test(s[at] ?? '')) return false;
  let j = at;
  while (/\s/u.test(s[j] ?? '')) j++;
  const parts = wordRun(s, j);
  for (let n = parts.length; n > 1; n--) {
    if (lookupWord(lex, parts.slice(0, n).map((p) => p.text).join(' '), category) !== null) return true;
  }
  return false;
}

/**
 * Whether a scale word at `at` is a unit of the card's own category: "2 million" on the
 * Numbers card is 2 of its Millions, not 2,000,000 in From.
 */
function ownScaleAt(s: string, at: number, lex: Lexicon, category: string | null): boolean {
  if (category === null) return false;
  const word = /\s*(\p{L}+)(?![\p{L}\p{N}])/uy;
  word.lastIndex = at;
  const w = word.exec(s)?.[1];
  if (w === undefined || !(w.toLowerCase() in SCALE_WORDS)) return false;
  const own = lookupWord(lex, w, category);
  return own !== null && 'entry' in own && own.entry.category === category;
}

/** Whether a unit's word begins at `at` ("mile" of "a mile"): what makes "a" one. */
function unitAt(s: string, at: number, lex: Lexicon, category: string | null): boolean {
  if (!isLetter(s[at] ?? '') && !/[°℃℉]/u.test(s[at] ?? '')) return false;
  try {
    const [tok] = readUnit(s, at, false, lex, category);
    return tok !== null;
  } catch (e) {
    if (e instanceof ParseError) return false;
    throw e;
  }
}

/** A whole or half number as the reading writes it: "100", "1 1/2". */
function exactText(v: Rational): string {
  if (v.d === 1n) return String(v.n);
  const whole = v.n / v.d;
  return whole === 0n ? `${v.n}/${v.d}` : `${whole} ${v.n - whole * v.d}/${v.d}`;
}

/**
 * 1000–1200 and 1000-1200 (sq ft) are how listings write a range, and as a subtraction they
 * would be a negative area: refused when the value is just two numbers and a dash, each
 * number with the same units or only the second with any (1000 sq ft – 1200 sq ft, 3 ft-4 ft).
 * An en dash between them is always a range; a hyphen is one when nothing spaces it and the
 * first number is the smaller. 1200 - 1000, 1200-1000, 2*3-5 and 5'-11" (feet and inches)
 * are not.
 */
function refuseRange(typed: Token[], dashes: Map<Token, string>): void {
  // "1-2 million m" is a range as "1-2 m" is: a scale word's × and number are left out.
  const out = typed.filter((t) => t.t === 'unit' || t.scale !== true);
  const at = out.findIndex((t) => dashes.has(t));
  if (at < 1) return;
  const [a, ...aUnits] = out.slice(0, at);
  const [b, ...bUnits] = out.slice(at + 1);
  const units = (ts: Token[]) => (ts.every((t) => t.t === 'unit') ? ts.map((t) => (t.t === 'unit' ? t.entry.unit : null)) : null);
  const [left, right] = [units(aUnits), units(bUnits)];
  if (a?.t !== 'num' || b?.t !== 'num' || left === null || right === null) return;
  if (left.length > 0 && (left.length !== right.length || left.some((u, i) => u !== right[i]))) return;
  const dash = out[at];
  const c = dashes.get(dash);
  const range = c === '–' || (c === '-' && !dash.space && !b.space && compare(a.v, b.v) < 0);
  if (!range) return;
  // Two plain numbers ("2020-2024") may be no quantity at all: no refusal of one.
  fail(`${a.text}${c}${b.text} looks like a range: convert each end${c === '-' ? `, or write ${a.text} - ${b.text} to subtract` : ''}.`, right.length > 0 ? 'range' : undefined);
}

/** Three digits at `j` and no fourth. */
const three = (s: string, j: number): boolean => isDigit(s[j]) && isDigit(s[j + 1]) && isDigit(s[j + 2]) && !isDigit(s[j + 3]);

type Grouping = 'none' | 'comma' | 'space' | 'apostrophe' | 'point';

/** How the digits after `int` (ending at `i`) are grouped, judged from the first separator. */
function groupingAt(s: string, i: number, int: string): Grouping {
  // Only a first group of 1–3 digits, not starting with 0, is followed by groups (0,500 is a half).
  if (int.length > 3 || int[0] === '0') return 'none';
  const sep = s[i];
  if (!three(s, i + 1)) return 'none';
  if (sep === ',') return 'comma';
  if (GROUP_SPACES.includes(sep)) return 'space';
  if (APOSTROPHES.includes(sep) && !INCH_MARK.test(s.slice(i + 4))) return 'apostrophe';
  // 1.234.567 or 1.234,5: points group only when a second group or a decimal comma says so.
  if (sep === '.' && ((s[i + 4] === '.' && three(s, i + 5)) || (s[i + 4] === ',' && isDigit(s[i + 5])))) return 'point';
  return 'none';
}

const SEPARATOR: Record<Exclude<Grouping, 'none'>, string> = { comma: ',', space: GROUP_SPACES, apostrophe: APOSTROPHES, point: '.' };

/**
 * A time as typed on a watch, a race result or a running plan: a whole number, a colon and
 * exactly two digits of sixtieths (5:30 is 5 and 30/60), once more for h:mm:ss (1:02:30).
 * Which units it counts in is the unit it goes with (clockFit): 5:30 min/km is 5.5 min/km,
 * 1:30 on Hours 1.5 h.
 */
export interface Clock {
  /** As typed: "5:30". */
  text: string;
  /** 2 for m:ss or h:mm, 3 for h:mm:ss. */
  parts: 2 | 3;
}

const CLOCK = /(\d+)((?::\d+)+)/y;

/** 5:30 at `start`, or null when the digits there are not followed by a colon. */
function readClock(s: string, start: number, space: boolean): [Token, number] | null {
  CLOCK.lastIndex = start;
  const m = CLOCK.exec(s);
  if (m === null) return null;
  const sixtieths = m[2].slice(1).split(':');
  if (sixtieths.length > 2 || sixtieths.some((d) => !/^[0-5]\d$/.test(d)) || s[start + m[0].length] === '.' || s[start + m[0].length] === ',') {
    // All of it, decimals too ("1:30.5"), so the message points at what was typed.
    const typed = /[\d:.,]*\d/y;
    typed.lastIndex = start;
    fail(`“${typed.exec(s)![0]}” is no time: write minutes and seconds as m:ss (5:30), or hours, minutes and seconds as h:mm:ss (1:02:30), with two digits from 00 to 59 after each colon.`);
  }
  const v = sixtieths.reduce((sum, d, k) => add(sum, rational(BigInt(d), 60n ** BigInt(k + 1))), rational(BigInt(m[1])));
  return [{ t: 'num', v, text: m[0], space, clock: { text: m[0], parts: sixtieths.length === 1 ? 2 : 3 } }, start + m[0].length];
}

/** "per km", "/km", "/ mi", "per mile" right after a clock: the distance a runner's m:ss is per. */
const PACE_AFTER = /(\s*)(?:per\s+|\/\s*)(km|kilomet(?:er|re)s?|mi|miles?)(?![\p{L}\d])/iuy;

/**
 * 5:30 per km, 5:30/km, 8:00/mi: a distance right after an m:ss is a runner's pace (min/km,
 * min/mi), the token and where it ends; null for anything else. Only there: a plain number
 * "per mile" (0.67 per mile) is a rate of money, no pace.
 */
function paceAfter(s: string, at: number, lex: Lexicon): [Token, number] | null {
  PACE_AFTER.lastIndex = at;
  const m = PACE_AFTER.exec(s);
  if (m === null) return null;
  const found = lookupWord(lex, m[2].toLowerCase().startsWith('k') ? 'min/km' : 'min/mi', null);
  if (found === null || !('entry' in found)) return null;
  return [{ t: 'unit', entry: found.entry, text: m[0].trim(), space: m[1] !== '' }, at + m[0].length];
}

/**
 * "9 minute mile", "5 min km pace": a runner's pace as runners say it, minutes then the
 * distance (min/mi, min/km), with "pace" after it or not; null for anything else.
 */
function paceWords(lex: Lexicon, parts: Part[]): { entry: Entry; n: number } | null {
  if (parts.length < 2 || !/^(?:min|mins|minute|minutes)$/u.test(wordKey(parts[0].text))) return null;
  const distance = /^(?:(km|kilomet(?:er|re)s?)|mi|miles?)$/u.exec(wordKey(parts[1].text));
  if (distance === null) return null;
  const found = lookupWord(lex, distance[1] !== undefined ? 'min/km' : 'min/mi', null);
  if (found === null || !('entry' in found)) return null;
  return { entry: found.entry, n: parts.length > 2 && wordKey(parts[2].text) === 'pace' ? 3 : 2 };
}

/** A pace unit: a reciprocal speed counted in minutes (min/km, min/mi), written m:ss by runners. */
export const isPace = (unit: { symbol: string; reciprocal?: unknown }): boolean => unit.reciprocal !== undefined && unit.symbol.startsWith('min/');

/** How a clock goes with a unit: h:mm or h:mm:ss as hours, m:ss as minutes (min/km, min/mi, or on Seconds). */
export type ClockFit = 'hours' | 'minutes';

const TIME_UNITS = ['nanoseconds', 'microseconds', 'milliseconds', 'seconds', 'minutes', 'hours'];

/**
 * How `clock` counts in `unit`, or null when it cannot (5:30 km, 5:30 ms, 1:02:30 min/km).
 * An h:mm:ss is hours in any unit of time (1:30:00 min is 90 min); an m:ss is minutes on
 * Minutes, a pace and Seconds (5:30 s is 330 s); h:mm is hours on Hours.
 */
export function clockFit(clock: Clock, unit: { key: string; symbol: string; reciprocal?: unknown }): ClockFit | null {
  if (isPace(unit)) return clock.parts === 2 ? 'minutes' : null;
  if (unit.key === 'hours' || (clock.parts === 3 && TIME_UNITS.includes(unit.key))) return 'hours';
  if (clock.parts === 2 && (unit.key === 'minutes' || unit.key === 'seconds')) return 'minutes';
  return null;
}

/** What a clock's value (whole hours or minutes and their sixtieths) is multiplied by in `unit`: 60 for 5:30 on Seconds. */
export function clockScale(fit: ClockFit, unit: Definition & { symbol: string }): Rational {
  if (isPace(unit)) return rational(1n);
  return div(rational(fit === 'hours' ? 3600n : 60n), factorOf(unit));
}

/** What a clock was read as, for the reading's note: "5 min 30 s" (5:30 min/km), "1 h 30 min" (1:30 on Hours). */
export function clockNote(clock: Clock, fit: ClockFit): string {
  const [whole, ...rest] = clock.text.split(':').map(Number);
  const names = fit === 'hours' ? ['h', 'min', 's'] : ['min', 's'];
  const parts = [whole, ...rest].map((n, k) => `${n} ${names[k]}`);
  const said = parts.filter((p) => !p.startsWith('0 '));
  return (said.length > 0 ? said : parts.slice(0, 1)).join(' ');
}

/** Why `clock` has no reading in `unit`. */
export function clockRefusal(clock: Clock, unit: { symbol: string } | null): string {
  const what = clock.parts === 2 ? 'minutes and seconds (m:ss) or hours and minutes (h:mm)' : 'hours, minutes and seconds (h:mm:ss)';
  const units = clock.parts === 2 ? 'minutes, seconds, hours or a pace (min/km, min/mi)' : 'a unit of time';
  return `“${clock.text}” is ${what}: it is read in ${units}${unit === null ? '' : `, not in ${unit.symbol}`}.`;
}

function readNumber(s: string, start: number, space: boolean, notes: Set<string>): [Token, number] {
  const clock = readClock(s, start, space);
  if (clock !== null) return clock;
  let i = start;
  let int = '';
  while (isDigit(s[i])) int += s[i++];
  let grouping = int === '' ? 'none' : groupingAt(s, i, int);
  let groups = 0;
  // 1,00,000 and 1,23,45,678: Indian grouping (lakhs, crores), pairs of digits before the last three.
  const lakhs = /(?:,\d\d)+,\d{3}(?!\d)/y;
  lakhs.lastIndex = i;
  const lakh = int.length <= 2 && int[0] !== '0' ? lakhs.exec(s) : null;
  if (lakh) {
    int += lakh[0].replace(/,/g, '');
    i += lakh[0].length;
    grouping = 'comma';
    groups = 2;
    notes.add('the commas group lakhs and crores');
  } else if (grouping !== 'none') {
    while (SEPARATOR[grouping].includes(s[i]) && three(s, i + 1)) {
      int += s.slice(i + 1, i + 4);
      i += 4;
      groups++;
    }
  }
  let frac = '';
  let point = '';
  // The decimal separator: a point, or a comma followed by a digit (never the grouping's own).
  const decimal = (c: string | undefined): boolean =>
    grouping === 'point' ? c === ',' : c === '.' || (c === ',' && grouping !== 'comma');
  if ((decimal(s[i]) && (s[i] === '.' || isDigit(s[i + 1]))) || (grouping === 'comma' && s[i] === ',' && isDigit(s[i + 1]))) {
    point = s[i];
    if (grouping === 'comma' && point === ',') {
      fail(`“${s.slice(start, i + 1)}…” is unclear: use a point for decimals when commas group thousands (1,234.5).`);
    }
    i++;
    while (isDigit(s[i])) frac += s[i++];
    if (s[i] === '.' || (s[i] === ',' && isDigit(s[i + 1]))) {
      let j = i;
      while (isDigit(s[j]) || s[j] === '.' || s[j] === ',') j++;
      fail(`“${s.slice(start, j)}” is not a number: it has more than one decimal separator.`);
    }
  } else if (grouping === 'point' && s[i] === '.') {
    fail(`“${s.slice(start, i + 1)}…” is unclear: points group thousands here, so write the decimals after a comma (1.234,5) or drop the points.`);
  }
  let exp = 0;
  let expText = '';
  let tenPower = false;
  const e = /[eE][+-]?\d+/y;
  e.lastIndex = i;
  const em = e.exec(s);
  // Where the digits end: the reading shows them as typed, and any power of ten as e-notation.
  let end = i;
  if (em && (int !== '' || frac !== '')) {
    exp = Number(em[0].slice(1));
    expText = em[0].toLowerCase();
    i += em[0].length;
    end = i;
  } else if (int !== '' || frac !== '') {
    // 1.5×10³, 1.5·10³, 1.5 x 10^3, 1.5*10^-3: scientific notation as textbooks and phones
    // write it, only with a power of ten (2*10 stays a product), read as 1.5e3.
    const sci = /\s*[×·*xX]\s*10(?:\s*\^\s*([+\-−]?\d+)|([⁺⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+))/y;
    sci.lastIndex = i;
    const sm = sci.exec(s);
    if (sm) {
      const power = sm[1] ?? [...sm[2]].map((ch) => SUPERSCRIPT[ch]).join('');
      exp = Number(power.replace('−', '-'));
      expText = `e${exp}`;
      i += sm[0].length;
    } else if (int === '10' && point === '' && grouping === 'none') {
      // 10^6: a power of ten alone is 1e6, as it is after 1 × (1x10^6). Other powers (2^10)
      // are still refused: only ten's are written for a number's size. So is 10² alone, which
      // on an area card may be 10 m² with the unit left out.
      const ten = /\s*\^\s*([+\-−]?\d+)(?![\d.,^])/y;
      ten.lastIndex = i;
      const tm = ten.exec(s);
      if (tm) {
        exp = Number(tm[1].replace('−', '-'));
        int = '1';
        expText = `e${exp}`;
        i += tm[0].length;
        tenPower = true;
      }
    }
  }
  if (!Number.isFinite(exp) || Math.abs(exp) > MAX_EXPONENT) {
    fail(exp > 0 ? 'That number is too large to convert.' : 'That number is too small to convert.');
  }
  let v = fromDecimal(int + frac, exp - frac.length);
  const plain = `${int}${point === '' ? '' : `.${frac}`}${expText}`;
  // As typed when that is unambiguous; else ungrouped, with a decimal point, so it is visible.
  let text = plain;
  if (grouping === 'none' && point !== ',') text = s.slice(start, end).toLowerCase() + (end === i ? '' : expText);
  if (grouping === 'comma' && (groups > 1 || point !== '')) text = s.slice(start, end).toLowerCase() + (end === i ? '' : expText);
  if (tenPower) {
    text = `1e${exp}`;
    notes.add(`10^${exp} read as 1e${exp}`);
  }
  if (grouping === 'comma' && groups === 1 && point === '' && expText === '') notes.add('the comma groups thousands');
  if (grouping === 'none' && point === '.' && frac.length === 3 && int.length >= 1 && int.length <= 3 && int[0] !== '0' && expText === '') {
    notes.add(DECIMAL_POINT_NOTE);
  }
  // A whole number followed by a fraction is a mixed number: 1 1/2, 1½, 1 ½.
  if (grouping === 'none' && point === '' && expText === '') {
    // 1-1/2, as US plans, pipe and lumber sizes and recipes write it: a hyphen between a whole
    // number and a proper fraction, no spaces, joins them (subtraction is written 1 - 1/2).
    const hyphened = /-(\d+)[/⁄](\d+)(?![\d.,/⁄])/y;
    hyphened.lastIndex = i;
    const hm = hyphened.exec(s);
    if (hm && BigInt(hm[2]) !== 0n && BigInt(hm[1]) < BigInt(hm[2])) {
      notes.add('the hyphen joins a mixed number');
      return [{ t: 'num', v: add(v, rational(BigInt(hm[1]), BigInt(hm[2]))), text: `${text} ${hm[1]}/${hm[2]}`, space }, i + hm[0].length];
    }
    let j = i;
    while (s[j] === ' ' || s[j] === '\u00a0') j++;
    if (s[j] in VULGAR) {
      const [a, b] = VULGAR[s[j]];
      v = add(v, rational(BigInt(a), BigInt(b)));
      text = `${text} ${a}/${b}`;
      i = j + 1;
    } else if (j > i) {
      const m = /(\d+)[/⁄](\d+)(?![\d.,/⁄])/y;
      m.lastIndex = j;
      const mm = m.exec(s);
      if (mm) {
        const [num, den] = [BigInt(mm[1]), BigInt(mm[2])];
        if (den === 0n) fail('Division by zero.');
        if (num >= den) {
          fail(`“${s.slice(start, j + mm[0].length)}” is unclear: a mixed number takes a fraction below 1 (1 1/2); write ${int} + ${mm[1]}/${mm[2]}, or ${int}${mm[1]}/${mm[2]} without the space.`);
        }
        v = add(v, rational(num, den));
        text = `${text} ${mm[1]}/${mm[2]}`;
        i = j + mm[0].length;
      }
    }
  }
  return [{ t: 'num', v, text, space }, i];
}

interface Part {
  text: string;
  /** Where the word ends, after its abbreviation's period if it has one. */
  end: number;
  dotted: boolean;
}

const isLetter = (c: string | undefined): boolean => c !== undefined && /\p{L}/u.test(c);

/**
 * Up to MAX_WORDS words from `start` (cubic meters per hour), each optionally with an
 * abbreviation's period (fl. oz.). A hyphen, a period or a middle dot between two letters
 * also separates words of one unit, as compound units are written: ft-lb, N-m, lbf.ft, lb·ft,
 * kW·h, sq.ft, U.S. gallon. A run that names no unit leaves the hyphen to be read as a minus
 * and the dot as a times sign.
 */
function wordRun(s: string, start: number): Part[] {
  const parts: Part[] = [];
  let j = start;
  while (parts.length < MAX_WORDS) {
    WORD.lastIndex = j;
    const m = WORD.exec(s);
    if (m === null) break;
    let end = j + m[0].length;
    const dotted = s[end] === '.' && !isDigit(s[end + 1]);
    if (dotted) end++;
    parts.push({ text: m[0], end, dotted });
    const joins = isLetter(s[end - (dotted ? 2 : 1)]) && isLetter(s[end + (dotted ? 0 : 1)]);
    if (joins && dotted) {
      j = end;
      continue;
    }
    // The middle dot too, as the site itself writes compound units (lbf·ft, kW·h).
    if (joins && (s[end] === '-' || s[end] === '·')) {
      j = end + 1;
      continue;
    }
    const gap = /\s+/y;
    gap.lastIndex = end;
    if (gap.exec(s) === null) break;
    j = gap.lastIndex;
  }
  return parts;
}

/** A temperature unit this word names, whatever the card (for "degrees C" on any card). */
function temperatureWord(lex: Lexicon, text: string): Entry | undefined {
  return lex.words.get(wordKey(text))?.find((e) => e.unit.scale !== undefined);
}

/** Whether the card's category is read in degrees (its units have a scale). */
const inDegrees = (lex: Lexicon, category: string | null): boolean =>
  category !== null && (lex.categories[category]?.units.some((u) => u.scale !== undefined) ?? false);

/** Why what a measure holds or is of is ignored, by the measure's category. */
const HELD: Record<string, string> = table({ volume: 'a volume is the same whatever it holds', weight: 'a weight is the same whatever it is of' });

/** "paint ignored: a volume is the same whatever it holds": the reading's note for what a volume holds or a weight is of (null in another category). */
export const heldIgnored = (words: string, category: string): string | null => (HELD[category] === undefined ? null : `${words} ignored: ${HELD[category]}`);

/**
 * "of paint" ending a volume ("1 gallon of paint", "2 cubic yards of concrete") or "of rice"
 * a weight ("2 kg of rice", "10 g of gold", or a precious metal with no "of": "10 tola gold")
 * on its card or in the search box: what it holds, words that name no unit, to the end. A
 * volume or a weight is the same whatever it is of, so they are ignored, and the reading says
 * so (heldIgnored). (The cooking card reads its ingredients before this, and says when it knows none.)
 */
function contents(s: string, start: number, lex: Lexicon, category: string | null, prev: Token | undefined): { words: string; end: number; category: string } | null {
  if (prev?.t !== 'unit' || HELD[prev.entry.category] === undefined || (category !== null && category !== prev.entry.category)) return null;
  const parts = wordRun(s, start);
  if (parts.length === 0 || s.slice(parts[parts.length - 1].end).trim() !== '') return null;
  const metal = parts.length === 1 && PRECIOUS.test(parts[0].text);
  if (!metal && (parts.length < 2 || wordKey(parts[0].text) !== 'of')) return null;
  const words = metal ? parts : parts.slice(1);
  if (words.some((p) => !/^\p{L}+$/u.test(p.text) || lookupWord(lex, p.text, null) !== null)) return null;
  // As typed, hyphens kept ("paint-thinner"), spaces evened and a closing period left out.
  const from = words[0].end - words[0].text.length - (words[0].dotted ? 1 : 0);
  return { words: s.slice(from, s.length).trim().replace(/\s+/gu, ' ').replace(/\.$/u, ''), end: s.length, category: prev.entry.category };
}

/** The unit word at `start`, longest first ("fl oz" before "fl"), or null for a word that only says "degrees" or what a volume holds. */
function readUnit(s: string, start: number, space: boolean, lex: Lexicon, category: string | null, notes?: Set<string>, before: readonly Token[] = []): [Token | null, number] {
  const held = notes === undefined ? null : contents(s, start, lex, category, before.at(-1));
  if (held !== null) {
    notes!.add(heldIgnored(held.words, held.category)!);
    return [null, held.end];
  }
  for (const pattern of lex.marked) {
    pattern.lastIndex = start;
    const m = pattern.exec(s);
    // Without the periods the pattern lets join its letters (in. H2O) and the caret it lets
    // stand before a power (kg/m^3): no unit word holds one.
    const found = m && !/[\p{L}\d]/u.test(s[start + m[0].length] ?? '') ? lookupWord(lex, m[0].replace(/[.^]/gu, ''), category) : null;
    if (found && 'entry' in found) return [{ t: 'unit', entry: found.entry, text: m![0], space }, start + m![0].length];
    if (found && 'unclear' in found) fail(unclearWord(m![0], found.unclear));
  }
  const parts = wordRun(s, start);
  if (parts.length === 0) fail(`Unexpected “${String.fromCodePoint(s.codePointAt(start) ?? 0)}”.`);
  const textOf = (from: number, n: number): string => parts.slice(from, n).map((p) => p.text).join(' ');
  const token = (entry: Entry, text: string, end: number): [Token, number] => {
    if (s[end] === '.' && isDigit(s[end + 1])) {
      fail(`“${s.slice(start, end + 2)}” is unclear: put a space after “${text}.”, or write the decimal with a 0 (0.5).`);
    }
    return [{ t: 'unit', entry, text, space }, end];
  };
  const gauge = gaugeWord(lex, parts, category);
  if (gauge !== null) {
    if (gauge.gauge) notes?.add(GAUGE_NOTE);
    return token(gauge.entry, textOf(0, gauge.n), parts[gauge.n - 1].end);
  }
  const pace = paceWords(lex, parts);
  if (pace !== null) return token(pace.entry, textOf(0, pace.n), parts[pace.n - 1].end);
  const degree = DEGREE_WORDS.has(wordKey(parts[0].text));
  if (degree) {
    for (let n = parts.length; n > 1; n--) {
      const entry = temperatureWord(lex, textOf(1, n));
      if (entry) return token(entry, textOf(0, n), parts[n - 1].end);
    }
    // Alone on a temperature card it is From's degrees, though ° and degree also name the
    // angle unit: the card's own category decides.
    if (inDegrees(lex, category)) return [null, parts[0].end];
  }
  for (let n = parts.length; n > 0; n--) {
    const text = textOf(0, n);
    const last = parts[n - 1];
    // "m2", "ft3": a square or cubic unit typed without ² or ³, when this category has it
    // (so "5ft2in" on a length card stays 5 ft 2 in).
    // "ft^2", "m^3": a caret says it is the unit's power whatever the card.
    const power = last.dotted ? null : /^\^?[23](?!\d)/.exec(s.slice(last.end));
    const squared = power ? lookupWord(lex, text + power[0].replace('^', ''), category) : null;
    if (squared && 'entry' in squared && (squared.entry.category === category || power![0][0] === '^')) {
      const end = last.end + power![0].length;
      // "m^2.5": the power goes on, and no such power is read.
      if (power![0][0] === '^' && s[end] === '.' && isDigit(s[end + 1])) refusePower(lex, text, squared.entry.unit.symbol.replace(/[²³]$/u, ''), /^\^[\d.]*/.exec(s.slice(last.end))![0]);
      return token(squared.entry, text + power![0], end);
    }
    // "pint (UK)", "gallons (US)": whose unit, in brackets after it, as labels and recipes write it.
    const bracketed = qualifierInBrackets(lex, s, last.end, text, category);
    if (bracketed !== null) return token(bracketed.entry, s.slice(start, bracketed.end), bracketed.end);
    // "pint uk", "gallon US", "cup metric": the qualifier after the unit word, as forums write it.
    const qualifierAfter = n > 1 && QUALIFIERS.has(wordKey(last.text)) ? last.text : null;
    const named = lookupWord(lex, text, category)
      ?? poweredWord(lex, parts[0].text, textOf(1, n), category)
      ?? (n > 1 ? poweredWord(lex, last.text, textOf(0, n - 1), category, POWER_AFTER) : null)
      ?? (qualifierAfter !== null ? qualified(lex, qualifierAfter, textOf(0, n - 1), category) : null);
    // "kg per m3": two units with "per" between them and a power after the last word, as the
    // unit with a slash; before "kg per m" alone, which is a unit too (kg/m, a linear density).
    const perPower = named === null && power !== null ? perWord(lex, parts.slice(0, n).map((p, i) => (i === n - 1 ? p.text + power[0].replace('^', '') : p.text)), category) : null;
    if (perPower !== null) return token(perPower.entry, text + power![0], last.end + power![0].length);
    // "km per hour": the same with no power.
    const found = named ?? perWord(lex, parts.slice(0, n).map((p) => p.text), category);
    if (found === null && qualifierAfter !== null) {
      // "tbsp uk" says what "uk tbsp" would.
      const unit = lookupWord(lex, textOf(0, n - 1), category);
      const said = unit !== null && 'entry' in unit ? qualifiedWord(qualifierAfter, textOf(0, n - 1), unit.entry, lex, category) : null;
      if (said !== null) fail(said);
    }
    if (found === null) continue;
    if ('unclear' in found) fail(unclearWord(text, found.unclear));
    if (s[last.end] === '^') refusePower(lex, text, found.entry.unit.symbol, /^\^[-+−]?[\d.]*/.exec(s.slice(last.end))![0]);
    // GNU units' degF, degC and degR are differences of temperature; here they are readings.
    if (/^deg[CFR]$/u.test(found.entry.word)) notes?.add(`${text} read as a temperature, not a difference as GNU units’ ${found.entry.word} is`);
    const said = found.entry.unit.saidAs?.[found.entry.word];
    if (said !== undefined) notes?.add(said);
    if (found.byCase !== undefined) notes?.add(byCaseNote(text, found.entry, found.byCase));
    return token(found.entry, text, last.end);
  }
  // An oven's gas mark is a setting, no unit ("Did you mean gal?" would send a cook astray).
  if (wordKey(parts[0].text) === 'gas' && /^marks?$/u.test(wordKey(parts[1]?.text ?? ''))) fail(GAS_MARK);
  if (/^mbtuh?$/u.test(wordKey(parts[0].text))) fail(mbtu(parts[0].text));
  const delta = deltaWord(lex, parts, before);
  if (delta !== null) fail(delta);
  // "imperial tablespoon", "UK oz": whose unit, before a unit with no such size here.
  if (QUALIFIERS.has(wordKey(parts[0].text))) {
    for (let n = parts.length; n > 1; n--) {
      const found = lookupWord(lex, textOf(1, n), category);
      const said = found !== null && 'entry' in found ? qualifiedWord(parts[0].text, textOf(1, n), found.entry, lex, category) : null;
      if (said !== null) fail(said);
    }
  }
  // Beaufort forces, BMI, shoe and clothing sizes: no unit either, and said so.
  const scale = notConverted(s);
  if (scale !== null) fail(scale);
  return fail(unknownWord(parts[0].text, lex, category));
}

/**
 * The unit "km per hour" names: the words before and after "per" as units of any category,
 * then the unit written with their symbols and a slash (km/h), or with the words as typed.
 */
function perWord(lex: Lexicon, words: string[], category: string | null): { entry: Entry; byCase?: Entry[] } | null {
  const at = words.findIndex((w, i) => i > 0 && i < words.length - 1 && wordKey(w) === 'per');
  if (at < 0) return null;
  const [top, bottom] = [words.slice(0, at).join(' '), words.slice(at + 1).join(' ')];
  const symbol = (w: string): string | null => {
    const found = lookupWord(lex, w, null);
    return found !== null && 'entry' in found ? found.entry.unit.symbol : null;
  };
  for (const [a, b] of [[symbol(top), symbol(bottom)], [top, bottom]]) {
    if (a === null || b === null) continue;
    const found = lookupWord(lex, `${a}/${b}`, category);
    if (found !== null && 'entry' in found) return { entry: found.entry };
  }
  return null;
}

/** The unit `words` name with the qualifier `q` before them ("uk pint"), or null. */
function qualified(lex: Lexicon, q: string, words: string, category: string | null): { entry: Entry; byCase?: Entry[] } | null {
  const found = lookupWord(lex, `${q} ${words}`, category);
  return found !== null && 'entry' in found ? { entry: found.entry } : null;
}

/** "(UK)", "( us )" at `at`, after the unit words `text`: the unit they name with it, and where the bracket ends. */
function qualifierInBrackets(lex: Lexicon, s: string, at: number, text: string, category: string | null): { entry: Entry; end: number } | null {
  const bracket = /\s*\(\s*(\p{L}+)\s*\)/uy;
  bracket.lastIndex = at;
  const m = bracket.exec(s);
  if (m === null || !QUALIFIERS.has(wordKey(m[1]))) return null;
  const found = qualified(lex, m[1], text, category);
  return found === null ? null : { entry: found.entry, end: bracket.lastIndex };
}

/**
 * "ft^-2", "m^2.5", "ft^4", "kg^2": a power after a unit that is not a square or cube of a
 * length, the only powers read; the message points at the power typed and shows the ones
 * that are, of that unit where it has them.
 */
function refusePower(lex: Lexicon, text: string, symbol: string, power: string): never {
  const of = (p: string): string | null => {
    const found = lookupWord(lex, `${symbol}${p}`, null);
    return found !== null && 'entry' in found ? `${symbol}^${p} or ${found.entry.unit.symbol}` : null;
  };
  const own = [of('2'), of('3')].filter((x) => x !== null);
  fail(`“${power}” after “${text}” is no power read here: only the whole positive powers 2 and 3 of a length are (${own.length > 0 ? own.join(', ') : 'ft^2 or ft², m^3 or m³'}).`);
}

/**
 * "MBtu" is a thousand BTU to US heating trades (M the Roman thousand, as in MBH) and a
 * million in SI and to GNU units (Mbtu): either reading would be 1000× off for someone, so
 * it is refused, and the message names the unit for each.
 */
const mbtu = (typed: string): string =>
  `“${typed}” is unclear: M is a thousand in US heating trades (MBH is 1,000 BTU/h) but a million in SI. For thousands of BTU per hour, type “MBH” or “kBtu/h”; for a million BTU, “MMBtu”.`;

/**
 * What the reading says of a gauge pressure: converted as typed, since gauge to gauge takes
 * the same factor as the unit itself (30 psig = 2.068427 bar gauge), and the pressure page's
 * FAQ says a conversion does not change which kind a figure is.
 */
const GAUGE_NOTE = 'gauge, as typed: the result is gauge too; absolute is 1 atm more, 1.01325 bar or 14.695949 psi';

/**
 * A pressure written gauge or absolute, as gauges, compressors and data sheets write it:
 * "psig", "barg", "kPag" (the unit and a g), "bar g", "bar(g)", "psi gauge"; "bar a",
 * "bar(a)", "psi abs" ("psia" and "bara" are words of units.yaml: GNU units reads psia as psi).
 * Null for anything else.
 */
function gaugeWord(lex: Lexicon, parts: Part[], category: string | null): { entry: Entry; n: number; gauge: boolean } | null {
  const pressure = (w: string): Entry | null => {
    const found = lookupWord(lex, w, category);
    return found !== null && 'entry' in found && found.entry.category === 'pressure' ? found.entry : null;
  };
  const first = parts[0].text;
  if (parts[0].dotted) return null;
  const after = parts.length > 1 ? wordKey(parts[1].text) : '';
  if (/^(g|gauge)$/u.test(after) || /^(a|abs|absolute)$/u.test(after)) {
    const entry = pressure(first);
    if (entry !== null) return { entry, n: 2, gauge: after[0] === 'g' };
  }
  if (/.[gG]$/u.test(first) && lookupWord(lex, first, category) === null) {
    const entry = pressure(first.slice(0, -1));
    if (entry !== null) return { entry, n: 1, gauge: true };
  }
  return null;
}

const DIFFERENCE_FAQ = 'The Temperature converter’s FAQ, “Can I use the converter for a temperature difference?”, explains.';

/**
 * "20 ΔF", "20 delta °C", "ΔT": a temperature difference (superheat, a rise across a coil),
 * which converts with the scale factor alone (20 °F of difference = 11.11 K), never the
 * offset a temperature reading takes: said, with the figure when a number came before it,
 * and where the page explains it. Null for other words.
 */
function deltaWord(lex: Lexicon, parts: Part[], before: readonly Token[]): string | null {
  const head = parts[0].text;
  const glued = /^[Δ∆]./u.test(head);
  if (!glued && !/^([Δ∆]|delta)$/iu.test(head)) return null;
  const rest = glued ? head.slice(1) : parts[1]?.text;
  if (rest === undefined) return null;
  if (/^t$/iu.test(rest)) {
    return `ΔT is a temperature difference, which converts with the factor alone, not as a temperature reading: 1 K (or °C) of difference is 1.8 °F (or °R) of difference, with no 32 added. ${DIFFERENCE_FAQ}`;
  }
  const entry = temperatureWord(lex, rest.replace(/^(deg(ree)?s?|°)\s*/iu, '')) ?? temperatureWord(lex, rest);
  if (entry === undefined) return null;
  const typed = wholeNumber(before);
  const amount = typed === null ? 1 : typed.amount;
  // Kelvin and °C have the scale 1, °F and °R 1.8 (per °C).
  const [other, factor] = Number(entry.unit.scale) === 1 ? ['°F (or °R)', 1.8] : ['K (or °C)', 1 / 1.8];
  return `A temperature difference converts with the factor alone, not as a temperature reading: ${typed === null ? '1' : typed.text} ${entry.unit.symbol} of difference is ${formatResult(amount * factor, 2)} ${other} of difference. ${DIFFERENCE_FAQ}`;
}

/**
 * The number typed before a word when it is the whole value: one number, or a minus and one
 * number (a sign). Null for "1/2", "2 × 10" or nothing, whose figure only a full reading
 * could give: the one token before the word is then not the value ("1/2 ΔF" is not 2 °F).
 */
function wholeNumber(before: readonly Token[]): { amount: number; text: string } | null {
  const [a, b] = before;
  if (before.length === 1 && a.t === 'num') return { amount: toNumber(a.v), text: a.text };
  if (before.length === 2 && a.t === 'op' && a.v === '-' && b.t === 'num') return { amount: -toNumber(b.v), text: `-${b.text}` };
  return null;
}

const GAS_MARK = 'Gas marks are oven settings, not converted here: the oven temperatures table of the Celsius to Fahrenheit converter gives them in °F and °C.';

/** "sq", "square", "cu" and "cubic" before a unit of length: its power, ² or ³. */
const POWER_WORDS: Record<string, string> = table({ sq: '2', square: '2', cu: '3', cubic: '3' });
/**
 * The words after a unit of length that say its power: "ft sq", "feet squared", "m cubed"
 * ("10 feet square" is a square 10 feet on a side, so never "square").
 */
const POWER_AFTER: Record<string, string> = table({ sq: '2', squared: '2', cubed: '3' });

/**
 * The square or cubic unit "sq mile", "square km" or "cu m" names: the one whose symbol is
 * the length's with ² or ³ (mi², km², m³), however the length is written (feet, metres), so
 * not every such spelling needs to be a word of units.yaml. Null when it names none.
 */
function poweredWord(lex: Lexicon, first: string, rest: string, category: string | null, words = POWER_WORDS): ReturnType<typeof lookupWord> {
  const power = words[wordKey(first)];
  const length = power === undefined || rest === '' ? null : lookupWord(lex, rest, null);
  if (length === null || !('entry' in length)) return null;
  return lookupWord(lex, length.entry.unit.symbol + power, category);
}

/**
 * The unit words that make up `s` ("cm", "ft in", "fluid ounces"), or null when it holds
 * anything else (a number, an operator): a target after "to" is words only.
 */
export function readUnitWords(typed: string, lex: Lexicon, category: string | null): { entry: Entry; text: string }[] | null {
  const s = plainQualifier(plainDigits(typed));
  const out: { entry: Entry; text: string }[] = [];
  let i = 0;
  while (i < s.length) {
    if (/\s/.test(s[i])) {
      i++;
      continue;
    }
    if (isDigit(s[i]) || s[i] in OPS || s[i] in VULGAR || s[i] === '.' || s[i] === '^') return null;
    const [tok, next] = readUnit(s, i, false, lex, category);
    if (tok !== null && tok.t === 'unit') out.push({ entry: tok.entry, text: tok.text });
    i = next;
  }
  return out;
}
