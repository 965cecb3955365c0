// Amounts as recipes and people say them. Two readers:
//  - spokenAmounts, written as the reader reads them: "half a cup" is 1/2 cup, "three quarters
//    of a cup" 3/4 cup, "1 and a half cups" and "1 and 1/2 cups" 1 1/2 cups, "1/4 of a cup"
//    1/4 cup, "1 cup and 2 tbsp" and "1 cup plus 2
//    tbsp" are 1 cup + 2 tbsp, "minus 40" is -40. Used by the search box and the Cooking card
//    before their readers (askConversion.ts, cooking.ts).
//  - spelledNumber and SCALE_WORDS, numbers in words: "one hundred", "twenty-five", "a
//    million", "one and a half", "two and three quarters", and "2.5 billion". Read by the value parser itself
//    (tokens.ts), so every Value field, the batch box and the search box read them alike.
import { type Rational, fromDecimal, rational } from './rational.ts';
import { table } from './table.ts';

/** How many of a part ("a", "three") and the parts' denominators ("quarter", "thirds"). */
const COUNTS: Readonly<Record<string, bigint>> = table({ a: 1n, an: 1n, one: 1n, two: 2n, three: 3n, five: 5n, seven: 7n });
const PARTS: Readonly<Record<string, bigint>> = table({ half: 2n, halves: 2n, third: 3n, thirds: 3n, quarter: 4n, quarters: 4n, fourth: 4n, fourths: 4n, eighth: 8n, eighths: 8n });
const COUNT = `(?:${Object.keys(COUNTS).join('|')})`;
const PART = `(?:${Object.keys(PARTS).join('|')})`;

/**
 * "half a cup", "a half cup", "a quarter pound", "three quarters of a cup", "two-thirds cup",
 * "an eighth of a teaspoon": the part as a fraction (not in "one and a half", with or without
 * its "a"); the word after it is `$3`, and the next one `$4`, for the unit test.
 */
const FRACTION = new RegExp(
  `(?<!\\band\\s+(?:${COUNT}[\\s-]+)?)(?<![\\p{L}\\d])(?:(${COUNT})[\\s-]+)?(${PART})\\s+(?:of\\s+)?(?:an?\\s+)?(?=(\\p{L}[\\p{L}.]*)(?:\\s+(\\p{L}[\\p{L}.]*))?)`,
  'giu',
);

/** "1 and 1/2 cups": a whole number and a fraction in digits, as 1 1/2. */
const AND_DIGITS = /(?<![\d.,/])(\d+)\s+and\s+(\d+\/\d+)\s+(?=\p{L})/giu;

/** "1/4 of a cup", "3/4 of a teaspoon": a fraction in digits of a unit, as 1/4 cup; the word after it is `$2`. */
const DIGITS_OF = /(?<![\d.,/])(\d+\/\d+)\s+of\s+(?:an?\s+)?(?=(\p{L}[\p{L}.]*))/giu;

/** "1 and a half cups", "2 and three quarters cups": the number and the part, as 1 1/2. */
const AND_A_FRACTION = new RegExp(`(?<![\\d.,/])(\\d+)\\s+and\\s+(${COUNT})[\\s-]+(${PART})\\s+(?:of\\s+)?(?:an?\\s+)?(?=\\p{L})`, 'giu');

/** " a half", " three quarters" after the "and" of a number in words ("one and a half"). */
const AND_PART = new RegExp(`\\s+(${COUNT})[\\s-]+(${PART})(?![\\p{L}\\p{N}])`, 'iuy');

/** "three quarters": 3/4 as text; a count alone ("a", none) is one. */
const part = (count: string | undefined, name: string): { n: bigint; d: bigint } => ({ n: COUNTS[(count ?? 'a').toLowerCase()], d: PARTS[name.toLowerCase()] });

/** "minus 40", "negative 10": the sign said before a number at the start of a value ("minus 40 c to f"). */
const MINUS = /(?<![\p{L}\d.,])(?:minus|negative)\s+(?=\d)/giu;

/** "a 7 minute mile": an article before a number at the start, which says nothing (and "a" is also the are). */
const ARTICLE = /^\s*an?\s+(?=\d)/iu;

/** "and" or "plus" between a measure ("1 cup", "5 ft") and the next number. */
const AND = /(\d[\d.,/]*\s*\p{L}[\p{L}.]*)\s+(?:and|plus)\s+(?=\d)/giu;

/**
 * `text` with spoken signs, parts and sums as the reader writes them ("-40 c", "1/2 cup",
 * "3/4 cup", "1 cup + 2 tbsp"). `isUnit` says whether a word (or two) names a unit: a part
 * before anything else is left as typed ("half marathon in miles", "a quarter past five").
 */
export function spokenAmounts(text: string, isUnit: (word: string) => boolean = () => true): string {
  return text
    .replace(ARTICLE, '')
    .replace(MINUS, '-')
    .replace(AND_DIGITS, '$1 $2 ')
    .replace(DIGITS_OF, (all, fraction: string, word: string) => (isUnit(word) ? `${fraction} ` : all))
    .replace(AND_A_FRACTION, (_, whole: string, count: string, name: string) => {
      const { n, d } = part(count, name);
      return `${whole} ${n}/${d} `;
    })
    .replace(FRACTION, (all, count: string | undefined, name: string, word: string, next: string | undefined) => {
      if (!(isUnit(word) || (next !== undefined && isUnit(`${word} ${next}`)))) return all;
      const { n, d } = part(count, name);
      return `${n}/${d} `;
    })
    .replace(AND, '$1 + ');
}

// ------------------------------------------------------------------------------------
// Numbers in words
// ------------------------------------------------------------------------------------

const UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TEENS = ['ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/**
 * The words that multiply the number before them ("2.5 billion", "one hundred thousand").
 * A billion is 10⁹, the short scale, as English (British too, since 1974) and every price
 * and statistic write it.
 */
export const SCALE_WORDS: Readonly<Record<string, bigint>> = table({
  hundred: 100n, thousand: 1000n, million: 10n ** 6n, billion: 10n ** 9n, trillion: 10n ** 12n,
});

/** A scale word after a number ("2.5 billion", "5 hundred thousand"): the words, the product of their scales, and where they end. */
export function scaleAfter(s: string, at: number): { words: string; factor: bigint; end: number } | null {
  const word = /\s*(\p{L}+)(?![\p{L}\p{N}])/uy;
  let factor = 1n;
  let last = 0n;
  let end = at;
  const words: string[] = [];
  for (;;) {
    word.lastIndex = end;
    const m = word.exec(s);
    const scale = m === null ? undefined : SCALE_WORDS[m[1].toLowerCase()];
    // Each larger than the last: "5 hundred thousand" is 500,000; "5 thousand hundred" is no number.
    if (scale === undefined || scale <= last) break;
    factor *= scale;
    last = scale;
    end = word.lastIndex;
    words.push(m![1]);
  }
  return words.length === 0 ? null : { words: words.join(' '), factor, end };
}

/** A number spelled at a place in a text: its value, and where it ends. */
export interface Spelled {
  value: Rational;
  end: number;
  /** The number as digits where it was said with a decimal point ("one point five": 1.5). */
  decimal?: string;
}

type Said = 'start' | 'a' | 'unit' | 'teen' | 'tens' | 'hundred' | 'scale';

/**
 * The whole number spelled at `at` of `s`, as people type amounts: "zero" to "nineteen",
 * "twenty" to "ninety", "twenty-five" or "twenty five", "one hundred", "two hundred fifty",
 * "one hundred and five", "twelve hundred", "a hundred", "a thousand", "one million two
 * hundred thousand", and a part after one ("one and a half", "two and three quarters"). "a"
 * or "an" alone is one where `unitAt` says a unit's word begins after it ("a mile", "an
 * inch"), never else (the are's symbol is a). Null when no number is spelled there; a word
 * that only begins like one ("often", "tenth", "seconds") is none. A scale word `ownScale` says
 * is a unit ("two million" on the Numbers card) ends the number before it.
 */
export function spelledNumber(s: string, at: number, unitAt: (i: number) => boolean, ownScale: (i: number) => boolean = () => false): Spelled | null {
  const WORD = /(\p{L}+)(?![\p{L}\p{N}])/uy;
  const wordAt = (i: number): { w: string; end: number } | null => {
    WORD.lastIndex = i;
    const m = WORD.exec(s);
    return m === null ? null : { w: m[1].toLowerCase(), end: WORD.lastIndex };
  };
  const gap = (i: number): number => {
    let j = i;
    while (/\s/u.test(s[j] ?? '')) j++;
    return j;
  };
  let total = 0n;
  let current = 0n;
  let lastScale = 0n;
  let said: Said = 'start';
  let end = -1;
  let fraction: { n: bigint; d: bigint } | null = null;
  let i = at;
  for (;;) {
    const word = wordAt(i);
    if (word === null) break;
    const { w } = word;
    const unit = UNITS.indexOf(w);
    const teen = TEENS.indexOf(w);
    const ten = TENS.indexOf(w);
    const scale = SCALE_WORDS[w];
    if (scale !== undefined && ownScale(i)) break;
    // "and" goes on only into a number ("one hundred and five") or "and a half".
    if (w === 'and' && said !== 'start' && said !== 'a') {
      AND_PART.lastIndex = word.end;
      const m = AND_PART.exec(s);
      if (m !== null) {
        fraction = part(m[1], m[2]);
        end = AND_PART.lastIndex;
        break;
      }
      if (said !== 'hundred' && said !== 'scale') break;
      i = gap(word.end);
      continue;
    }
    // "one point five", "two point seven five": the digits said after "point" are decimals.
    if (w === 'point' && said !== 'start' && said !== 'a') {
      let digits = '';
      for (let d = wordAt(gap(word.end)); d !== null && UNITS.includes(d.w); d = wordAt(gap(d.end))) {
        digits += UNITS.indexOf(d.w);
        end = d.end;
      }
      if (digits === '') break;
      const whole = total + current;
      return { value: fromDecimal(`${whole}${digits}`, -digits.length), end, decimal: `${whole}.${digits}` };
    }
    if ((w === 'a' || w === 'an') && said === 'start') {
      current = 1n;
      said = 'a';
    } else if (unit === 0 && said === 'start') {
      end = word.end;
      break;
    } else if (unit > 0 && (said === 'start' || said === 'hundred' || said === 'scale' || (said === 'tens' && current % 10n === 0n))) {
      current += BigInt(unit);
      said = 'unit';
    } else if ((teen >= 0 || ten >= 0) && (said === 'start' || said === 'hundred' || said === 'scale')) {
      current += BigInt(teen >= 0 ? 10 + teen : 20 + 10 * ten);
      said = teen >= 0 ? 'teen' : 'tens';
    } else if (w === 'hundred' && current > 0n && current < 100n && said !== 'hundred' && said !== 'scale') {
      // "twelve hundred" is 1,200, as people say years and sums.
      current *= 100n;
      said = 'hundred';
    } else if (scale !== undefined && w !== 'hundred' && current > 0n && (lastScale === 0n || scale < lastScale)) {
      total += current * scale;
      current = 0n;
      lastScale = scale;
      said = 'scale';
    } else {
      break;
    }
    if (said !== 'a') end = word.end;
    // "twenty-five": a hyphen joins the tens and the units only.
    if (said === 'tens' && s[word.end] === '-' && UNITS.indexOf(wordAt(word.end + 1)?.w ?? '') > 0) {
      i = word.end + 1;
      continue;
    }
    i = gap(word.end);
  }
  if (end < 0) {
    // "a mile", "an inch": one, before a unit only.
    if (said !== 'a') return null;
    const after = wordAt(at)!.end;
    if (!unitAt(gap(after))) return null;
    return { value: rational(1n), end: after };
  }
  const whole = total + current;
  return { value: fraction !== null ? rational(whole * fraction.d + fraction.n, fraction.d) : rational(whole), end };
}

const CARDINAL = new RegExp(`(?<![\\p{L}\\p{N}])(?:${[...UNITS, ...TEENS, ...TENS].join('|')})(?![\\p{L}\\p{N}])`, 'iu');

/** Whether a query holds a number in words ("one hundred meters", "two feet in cm"): the search box then reads it as a conversion. */
export const holdsNumberWord = (query: string): boolean => CARDINAL.test(query);
