// How the site reads what a visitor types into a search, in one place: the FAQ page's
// filter folds with `fold`, and the search box reads terms exactly as the build reads pages
// into the index (src/search/terms.rs; both are tested against tests/search-terms.json):
// text folded, cut into runs of letters and digits, each run of letters without its plural
// ending (Harman's S-stemmer), single characters and stop words dropped.
import { SEPARATOR_SOURCE } from './separators.ts';
import { OTHER_DIGIT } from './digits.ts';
import { notConverted } from './notConverted.ts';
import { holdsNumberWord } from './spokenAmounts.ts';
import { namesAmount } from './namedAmounts.ts';

/** Lower-case, accents and curly quotes folded, so "Cafe" finds "Café" and 'don't' finds 'don’t'. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .toLowerCase();
}

/** The runs of letters and digits of a text, with where each starts. */
export function wordsOf(text: string): Array<{ word: string; at: number }> {
  return [...text.matchAll(/[\p{Alphabetic}\p{N}]+/gu)].map((m) => ({ word: m[0], at: m.index ?? 0 }));
}

const LETTERS = /^\p{Alphabetic}+$/u;
/** The longest term (as the index cuts them). */
const MAX_TERM = 40;

/** A folded word without its plural ending (words of letters longer than three). */
export function stem(word: string): string {
  if (word.length <= 3 || !LETTERS.test(word)) return word;
  if (word.length > 4 && word.endsWith('ies') && !word.endsWith('eies') && !word.endsWith('aies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('es') && !/(aes|ees|oes)$/.test(word)) return word.slice(0, -1);
  if (word.endsWith('s') && !word.endsWith('us') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The term of a folded word; null for a single character or a stop word. */
export function term(word: string, stop: ReadonlySet<string>): string | null {
  if ([...word].length < 2 || stop.has(word)) return null;
  const t = stem(word);
  return new TextEncoder().encode(t).length > MAX_TERM ? cutBytes(t, MAX_TERM) : t;
}

/** `text` cut to at most `max` bytes of UTF-8, on a character boundary. */
function cutBytes(text: string, max: number): string {
  let out = '';
  let bytes = 0;
  for (const c of text) {
    bytes += new TextEncoder().encode(c).length;
    if (bytes > max) break;
    out += c;
  }
  return out;
}

/** The terms of a text, in order. */
export function terms(text: string, stop: ReadonlySet<string>): string[] {
  return wordsOf(fold(text))
    .map((w) => term(w.word, stop))
    .filter((t): t is string => t !== null);
}

/** Whether a query may be a conversion ("5 ft 11 in to cm", "１２３ kg to lb"): it holds a number. */
export const holdsNumber = (query: string): boolean => /[\d½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅐⅛⅜⅝⅞⅑⅒]/.test(query) || OTHER_DIGIT.test(query);

/**
 * Whether a query is an amount alone ("10", "-40", "2,500.75", "1 1/2"): the start of a
 * conversion being typed ("10kg in lb" is "1", then "10" at a visitor's pace), not words to
 * look for. The box answers it with a hint instead of searching: the pages that print a
 * number beginning with those digits are a list no one asked for, and fetching it cost each
 * conversion typed two or three searches' files (about 30 KB) before its units.
 */
export const amountAlone = (query: string): boolean => /^[+\-−]?[\p{N}\s.,'’/⁄_]+$/u.test(query.trim()) && holdsNumber(query);

/** How a unit's word begins: a letter, a degree sign (°F; ℃ and ℉ are signs of their own) or a currency sign (€ to £). */
const UNIT_START = '(?:\\p{L}|[°℃℉]|\\p{Sc})';
const PAIR = new RegExp(String.raw`^\s*${UNIT_START}.*?(?:${SEPARATOR_SOURCE})\s*${UNIT_START}`, 'iu');

/**
 * Whether a query may name a pair ("feet to meters", "THB to USD", "mpg to L/100km", "feet =
 * meters", "°F to °C", "€ to £", "how many ounces in a pound"): it starts with a word, then a separator
 * the reader takes (separators.ts), then more words. Only whether to try; the conversion reader
 * (query.ts) decides what it is.
 */
export const namesPair = (query: string): boolean => PAIR.test(query);

/**
 * Whether a query asks "how many" ("how many ounces make a pound", "a mile is how many feet")
 * or what something weighs ("how much does a gallon of water weigh").
 */
const asksHowMany = (query: string): boolean => /\bhow\s+many\s|\bhow\s+much\s.*\bweighs?\b/iu.test(query);

/**
 * Whether a query may name a currency the index has no page for: a code as written ("MXN"),
 * or a name ending in a currency's word ("mexican peso", "thai baht"); the catalog is read
 * only then (boxAnswers.ts). English words that are also currencies' names (real, mark, won)
 * are left to the search alone, as are dollar, pound and rupee ("singapore dollar" is read), and so is "kips", the force unit (the Lao kip is named in the
 * singular only here); a test holds the list to the catalog.
 */
export const CURRENCY_NOUN =
  /^\s*(?:[A-Z]{3}|(?:[^\s\d]+\s+){0,4}(?:(?:afghani|ariary|baht|balboa|birr|boliviano|bolívar|bolivar|cedi|colón|colon|córdoba|cordoba|dalasi|denar|dinar|dirham|dobra|dong|dram|escudo|florin|forint|franc|gourde|guarani|guilder|hryvnia|kina|koruna|krona|krone|króna|kuna|kwacha|kwanza|kyat|lari|lek|lempira|leone|leu|lev|lilangeni|lira|loti|manat|metical|naira|nakfa|ngultrum|ouguiya|pataca|paʻanga|peso|pula|quetzal|rand|rial|riel|ringgit|riyal|ruble|rufiyaa|rupiah|shekel|shilling|somoni|som|sucre|taka|tala|tenge|tugrik|vatu|zloty)s?|kip)|(?:[^\s\d]+\s+){1,4}(?:dollar|pound|rupee|won)s?)\s*$/u;

/** "exchange rate", "rates of" before a pair ("exchange rate usd inr"), as a regular expression's source. */
export const RATE_BEFORE = String.raw`(?:(?:exchange|conversion|fx)\s+)?rates?\s+(?:(?:of|for|from)\s+)?`;
/** "rate", "exchange rate today" after a pair ("usd inr rate"), as a regular expression's source. */
export const RATE_AFTER = String.raw`\s+(?:(?:exchange|conversion|fx)\s+)?rates?(?:\s+today)?`;
/** Two three-letter words as markets write a pair: "EUR/USD", "eurusd", "usd inr" (the two captured). */
export const PAIR_FORM = String.raw`(\p{L}{3})\s*(?:\/\s*)?(\p{L}{3})`;

/**
 * A currency pair as markets and searchers write it, with "rate" or "exchange rate" before
 * or after it ("usd inr rate"). Only whether to try: askConversion.ts pairNotation decides
 * whether both are currency codes.
 */
const PAIR_NOTATION = new RegExp(String.raw`^\s*(?:${RATE_BEFORE})?${PAIR_FORM}(?:${RATE_AFTER})?\s*$`, 'iu');

/**
 * Two short words with nothing between ("m cm", "kg lbs", "hp kw"): two symbols, perhaps, as a
 * pair is searched; the search alone misses a one-letter symbol (no term is one letter).
 */
export const SYMBOL_PAIR = /^\s*([\p{L}°µ²³/]{1,3})\s+([\p{L}°µ²³/]{1,3})\s*$/u;

/** Whether a query may convert other than as a pair in markets' notation. */
const convertsOtherwise = (query: string): boolean =>
  holdsNumber(query) || holdsNumberWord(query) || namesPair(query) || SYMBOL_PAIR.test(query) || asksHowMany(query) || namesAmount(query) || notConverted(query) !== null || CURRENCY_NOUN.test(query) || CURRENCY_NOUN.test(query.toLowerCase());

/** Whether the box should read a query as a conversion too: a number, a pair, a "how many", or a currency. */
export const mayConvert = (query: string): boolean => convertsOtherwise(query) || PAIR_NOTATION.test(query);

/**
 * The two three-letter words, in capitals, of a query that may convert only as markets write
 * a pair ("eurusd", "usd inr rate"), so that the box looks them up among currency codes
 * before it fetches the parser: any word of six letters looks like such a pair ("conver" on
 * the way to "conversion"). Null when the query is no such pair or may convert otherwise.
 */
export function pairNotationOnly(query: string): [string, string] | null {
  const m = PAIR_NOTATION.exec(query);
  return m === null || convertsOtherwise(query) ? null : [m[1].toUpperCase(), m[2].toUpperCase()];
}
