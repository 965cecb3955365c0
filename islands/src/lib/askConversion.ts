// Conversions typed into the search box: "5 ft 11 in to cm", "10kg in lb", "1,5 km to mi",
// "3 cups in ml", "100 usd to eur", or "5 ft" alone (answered in the category's usual units);
// and a pair with no number, as people search it ("feet to meters", "psi to bar", "THB to
// USD"), answered for one of the first ("1 ft = 0.3048 m", "1 THB = 0.027894 USD").
// Read by the cards' own reader (query.ts readConversion: the quantity, and a target after
// to/in/into/as/→), the money by the currency card's lexicon (amount.ts), and converted as the
// cards convert (conversion.ts), so the box and the cards read every input the same way. The
// units come from the index's units.json (src/search/answers.rs), fetched when a query may
// be a conversion (searchWords.ts mayConvert).
import { convertParsed, lookupWord, parseInput, type LexCategory, type LexUnit, type Lexicon } from './parse.ts';
import { clockFit, heldIgnored, type Clock } from './tokens.ts';
import { QUALIFIERS, bitsForBytes, exactForm, lexiconOf, listedWord, otherCategory, sureTypo, typeThatOf, wordKey } from './lexicon.ts';
import { readConversion, SEPARATOR, type ConversionReading } from './query.ts';
import { COOKING_KEY, cookingCategory, splitIngredient, stickLink, type CookingData, type Ingredient } from './cooking.ts';
import { readMoney } from './amount.ts';
import { checkAmount } from './quickAmount.ts';
import { convertReading, findTarget, lexiconFor, resultLine } from './conversion.ts';
import { compare, div, fromDecimalText, isZero, magnitude, mul, rational, sub, toNumber, type Rational } from './rational.ts';
import { factorOf, fromBase, kindOf, toBase } from './kinds.ts';
import { conversionSearch, pairPageSlug } from './urlState.ts';
import { formatMoney, formatResult, plainMinus } from './format.ts';
import { belowAbsoluteZero, readingNotes } from './readingNote.ts';
import { PAIR_FORM, RATE_AFTER, RATE_BEFORE, SYMBOL_PAIR, holdsNumber, namesPair } from './searchWords.ts';
import { asksCrypto, notConverted } from './notConverted.ts';
import { NAMED, NAMED_ASKED } from './namedAmounts.ts';
import { readComponentCode } from './componentCode.ts';
import { pairRule, pairTitle } from './pairFacts.ts';
import { withFanNote, withoutFan } from './oven.ts';
import { holdsNumberWord, spokenAmounts } from './spokenAmounts.ts';
import { type Currency, type RateTable, type ReferenceRates, type Unit, type UnitCategory } from './units.ts';
import { table } from './table.ts';
import { readPricePer } from './pricePer.ts';
import { readIuQuestion } from './vitamins.ts';
import { levelRule, levelToWatts, readLevelQuestion, wattsToLevel } from './decibels.ts';

/** What units.json holds: the categories as the cards get them, their pages, the currencies. */
export interface AnswerData {
  categories: Record<string, UnitCategory>;
  /** Category key (and `currency`) → its converter page. */
  pages: Record<string, string>;
  currencies: Currency[];
  fallbackRates: RateTable;
  /** The day's reference rates (content/reference-rates.json), when the build had them: units of each currency per one `base`. */
  referenceRates?: ReferenceRates | null;
  /** The cooking converter's measures and ingredients, as its card gets them (null: none). */
  cooking: CookingData | null;
}

/** One converted line: "5 ft 11 in = 180.34 cm", with the page that converts it. */
export interface UnitAnswer {
  kind: 'units';
  /** "5 ft 11 in = 180.34 cm" */
  text: string;
  /** The converter page with the value and pair filled in. */
  href: string;
  /** "Length": the converter the link opens. */
  label: string;
  /** The page of the pair asked, from one unit to another ("5 N to lbf": Newtons to Pounds-Force). */
  pair?: { href: string; title: string };
  /** How the question was read when not as typed: "feet read as ft²". */
  note?: string;
  /** The line's two units of one category: for a pair asked with no number (its rule, where
   *  "1 °C = 33.8 °F" would mislead), and for kb read as the kilobit (kilobytesToo). */
  keys?: { category: string; from: string; to: string };
}

/** A money conversion: the caller asks the edge for the rate (or falls back). */
export interface CurrencyQuestion {
  kind: 'currency';
  amount: number;
  /** Asked as a pair, with no amount ("thb to usd"): the answer is the rate. */
  pair: boolean;
  from: Currency;
  to: Currency;
  href: string;
  /** How the amount was read, as the currency card says it: "the point is a decimal point", "k is a thousand". */
  notes?: string[];
}

/**
 * A message when there is no answer; `unknownIngredient`: it says that the ingredient named
 * is not one the cooking converter knows ("1 cup of caster sugar to grams"), which a
 * reading as a volume must not answer instead; `pairs`: the pages of the pair likeliest
 * meant, listed first while the message asks ("1 gb in mb": Gigabytes to Megabytes).
 */
/** `shared`: the question which of the currencies that write a word is meant ("pesos"). */
export type AnswerError = { kind: 'error'; message: string; unknownIngredient?: true; pairs?: { href: string; title: string }[]; money?: true; shared?: true };

export type Answer = { kind: 'answers'; answers: UnitAnswer[] } | CurrencyQuestion | AnswerError;

/** The lexicon of every category, built once per units.json (the search's too: lexiconOf). */
function unitLexicon(data: AnswerData): Lexicon {
  return lexiconOf(data.categories as Record<string, LexCategory>);
}

/** Whether `word` names a unit of the site in any category ("kips", "KIP", "CUP"). */
export const isUnitWord = (word: string, data: AnswerData): boolean => word.trim() !== '' && lookupWord(unitLexicon(data), word.trim(), null) !== null;

/** Whether the box may answer with the word a message offers for a typo, unasked (lexicon.ts sureTypo). */
export const sureOffer = (typed: string, offered: string, data: AnswerData): boolean => sureTypo(typed, offered, unitLexicon(data));

/** Whether the search's correction `fixed` of `query` changes a word across bits and bytes ("kilobite" to "kilobits"). */
export function crossesBitsAndBytes(query: string, fixed: string, data: AnswerData): boolean {
  const [a, b] = [query.trim().split(/\s+/u), fixed.trim().split(/\s+/u)];
  return a.length === b.length && a.some((w, i) => w !== b[i] && bitsForBytes(w, b[i], unitLexicon(data)));
}

/** The converter page with the value and pair filled in. */
function link(page: string, value: string, from: string, to: string): string {
  return page + conversionSearch('', { value, from, to }, { from: '', to: '' });
}

/** India's counting words (1 lakh = 100,000; 1 crore = 10,000,000), as money is written there. */
const INDIAN_COUNT = /(?<!\p{L})(?:lakhs?|lacs?|crores?)(?!\p{L})/iu;

/** A money question ("100 usd to eur", "€50 in gbp"), an error about one, or null when the query names no target currency. */
/** "us" between an amount and "to" or "in" ("100 us to cad"): the US dollar, when money is asked. */
const US_BEFORE_TARGET = /(?<=\d\s*)us(?=\s+(?:to|in|into)\s)/iu;

/** An amount of pence alone, in lower case ("50p"). */
const PENCE_ALONE = /^\s*\d[\d.,]*\s*p\s*$/u;
/** Cents or pence asked for last ("50p in cents", "50 cents to pence"): a currency's hundredths. */
const HUNDREDTHS_TARGET = /(?<=\s(?:to|in|into|as)\s+)(?:(?:us\s+)?cents?|pence|p)\s*$/iu;

function moneyAnswer(query: string, data: AnswerData): Answer | null {
  const asked = readMoney(query, data.currencies);
  // "100 us to cad": the microsecond's symbol, unless the amount goes to a currency.
  const dollars = asked.kind === 'error' && !('money' in asked) && US_BEFORE_TARGET.test(query) ? readMoney(query.replace(US_BEFORE_TARGET, 'USD'), data.currencies) : null;
  const read = dollars?.kind === 'ok' && dollars.target?.kind === 'unit' ? { ...dollars, parsed: { ...dollars.parsed, notes: [...dollars.parsed.notes, 'us read as US dollars'] } } : (inHundredths(query, asked, data) ?? asked);
  // A refusal about money for sure ("300 R", "“pesos” is written for several currencies") is said as the card says it.
  if (read.kind === 'error' && 'money' in read) return { kind: 'error', message: read.message, money: true, ...(read.shared && { shared: true as const }) };
  if (read.kind !== 'ok' || read.target?.kind !== 'unit') return null;
  const code = (key: string): Currency | undefined => data.currencies.find((c) => c.code === key);
  const to = code(read.target.unit.key);
  const typed = read.parsed.kind === 'quantity' ? code(read.parsed.unit.key) : undefined;
  if (!to) return null;
  // Lakhs and crores count India's money: "5 lakh in usd" is in rupees, and said so.
  const rupees = typed === undefined && INDIAN_COUNT.test(query) ? code('INR') : undefined;
  const from = typed ?? (rupees?.code === to.code ? undefined : rupees);
  if (!from) return { kind: 'error', message: `Convert an amount of money to ${to.code}, as in “100 ${to.code === 'USD' ? 'EUR' : 'USD'} to ${to.code}”.`, money: true };
  const amount = checkAmount(toNumber(read.parsed.value));
  if (amount.value === null) return { kind: 'error', message: amount.message ?? 'A number is missing.' };
  const notes = rupees === undefined ? read.parsed.notes : [...read.parsed.notes, 'read as Indian rupees'];
  return { kind: 'currency', amount: amount.value, pair: false, from, to, href: link(data.pages.currency, String(amount.value), from.code, to.code), notes };
}

/**
 * "50p in cents", "50 cents to pence": money asked in a currency's hundredths, read as that
 * currency (cents as the US dollar's, as an amount of cents is read; pence as the pound's),
 * said so. Null unless the query asks so and the amount is money ("2 acres in cents" is land).
 */
function inHundredths(query: string, asked: ReturnType<typeof readMoney>, data: AnswerData): ReturnType<typeof readMoney> | null {
  const hundredths = HUNDREDTHS_TARGET.exec(query);
  if (hundredths === null || (asked.kind === 'ok' && asked.target !== null)) return null;
  const pence = /^p/iu.test(hundredths[0]);
  const code = pence ? 'GBP' : 'USD';
  const read = readMoney(query.replace(HUNDREDTHS_TARGET, code), data.currencies);
  if (read.kind !== 'ok' || read.target?.kind !== 'unit') return null;
  const { parsed } = read;
  if (parsed.kind !== 'quantity' || !data.currencies.some((c) => c.code === parsed.unit.key)) return null;
  const note = pence ? 'pence asked as GBP: 100p is £1' : 'cents asked as USD: 100 cents is 1 USD';
  return { ...read, parsed: { ...parsed, notes: [...parsed.notes, note] } };
}

/**
 * A conversion asked in words, as a plain one: "how many ounces in a pound" is "1 pound to
 * ounces", "how many feet in 3 miles" "3 miles to feet", "how many cups is 500 ml" and
 * "500 ml is how many cups" "500 ml to cups", "4 quarts in a gallon" "1 gallon to quarts"; "what is", "whats", "how much is", "how tall
 * is" (far, heavy, hot…) and "(how to / how do I) convert (from)" (change, calculate) before one, and "please" after it, are
 * dropped. Null when the query is no such question.
 */
export function plainConversion(query: string): string | null {
  // "… please" asks as politely as a question does.
  const polite = /[\s,]+please$/iu;
  const q = query.trim().replace(/\s*\?+$/u, '').replace(polite, '');
  const howMany = /^how\s+many\s+(.+?)\s+(?:(?:are|is)\s+)?(?:in|per|is|are|makes?|equals?)\s+(?:(?:a|an|one)\s+)?(.+)$/iu.exec(q);
  if (howMany) return `${holdsNumber(howMany[2]) || holdsNumberWord(howMany[2]) ? '' : '1 '}${howMany[2]} to ${howMany[1]}`;
  const isHowMany = /^(?:(a|an|one)\s+)?(.+?)\s+(?:is|are|equals?|=|in|makes?)\s+how\s+many\s+(.+)$/iu.exec(q);
  if (isHowMany) return `${isHowMany[1] ? '1 ' : ''}${isHowMany[2]} to ${isHowMany[3]}`;
  // "4 quarts in a gallon", "are there 3 feet in a yard", "12 inches in 1 foot": a count checked
  // against one unit, answered as "how many" ("10 kg to 1 lb" is no such question).
  const checked = /^(?:(?:are|is)\s+there\s+|there\s+(?:are|is)\s+)?\d[\d.,]*\s+(.+?)\s+(?:(?:in|per|to)\s+(?:a|an|one)|(?:in|per)\s+1)\s+(.+)$/iu.exec(q);
  if (checked) return `1 ${checked[2]} to ${checked[1]}`;
  // The everyday wrappers, "whats" as phones type it; "how tall/far/heavy/hot… is" too, and
  // "exchange rate" before a currency pair, as rates are most often searched.
  const asked = /^(?:(?:how\s+(?:to|do\s+(?:i|you|we)|can\s+(?:i|you|we)|should\s+i)\s+)?(?:convert|change|calculate|turn)(?:\s+from)?|(?:(?:exchange|conversion)\s+)?rates?(?:\s+(?:of|for|from))?|what(?:['’]?s|\s+is|\s+are)|how\s+(?:much|tall|long|far|big|heavy|hot|cold|high|wide|deep|fast)\s+(?:is|are))\s+(.+)$/iu.exec(q);
  return asked ? asked[1] : polite.test(query.trim().replace(/\s*\?+$/u, '')) ? q : null;
}

/**
 * Codes of the catalog that are also everyday English words: written in lower case beside
 * another ("all top", "pen try") they are words, not a pair; in capitals ("TRY EUR") a code.
 */
const WORD_CODES = new Set(['all', 'ang', 'bam', 'bob', 'cup', 'dop', 'gel', 'mad', 'mop', 'pen', 'sos', 'top', 'try']);

/** "rate", "exchange rate" after or before a pair ("usd inr rate", "exchange rate usd inr"), and the pair itself (searchWords.ts). */
const TRAILING_RATE = new RegExp(`${RATE_AFTER}$`, 'iu');
const LEADING_RATE = new RegExp(`^${RATE_BEFORE}`, 'iu');
const PAIR = new RegExp(`^${PAIR_FORM}$`, 'u');

/**
 * A currency pair written as markets and searchers write it, as "AAA to BBB": `EUR/USD`
 * (the price of 1 EUR in USD), `eurusd`, `usd inr`, with "rate" or "exchange rate" after it
 * ("usd inr rate", "usd to inr rate") or before it ("exchange rate usd inr"); always in the
 * order typed. Both must be codes of currencies the site knows and neither a unit's word
 * ("cup"), nor, in lower case, an English word (WORD_CODES). Null for anything else.
 */
export function pairNotation(query: string, data: AnswerData): string | null {
  const q = query.trim().replace(TRAILING_RATE, '').replace(LEADING_RATE, '');
  const m = PAIR.exec(q);
  // "usd to inr rate", "100 usd to inr rate": the pair or amount without the word "rate";
  // with no "rate" and no pair notation, left to the reader ("usd to inr" reads already).
  if (m === null) return q !== query.trim() && (namesPair(q) || holdsNumber(q)) ? q : null;
  // A unit's word of six letters is that unit, not two codes.
  if (isUnitWord(q, data)) return null;
  const code = (w: string): string | null => {
    const c = w.toUpperCase();
    if (!data.currencies.some((x) => x.code === c) || isUnitWord(w, data)) return null;
    return w === c || !WORD_CODES.has(w.toLowerCase()) ? c : null;
  };
  const [from, to] = [code(m[1]), code(m[2])];
  return from !== null && to !== null && from !== to ? `${from} to ${to}` : null;
}

/**
 * "how much does a gallon of water weigh", "what does a cup of flour weigh", "weight of a
 * gallon of water", "1 gallon of water weight", each optionally "in pounds": the measure in
 * the weight asked, or in kilograms and pounds (grams and ounces below a kilogram: a cup of
 * flour). Null when the query is no such question or names no quantity ("how much does a car
 * weigh", "body weight in kg").
 */
const WEIGH_QUESTIONS = [
  /^how\s+much\s+(?:does|do|would|will|did)\s+(?:(a|an|one)\s+)?(.+?)\s+weighs?(?:\s+(?:in|to)\s+(.+))?$/iu,
  /^what\s+(?:does|do|would|will)\s+(?:(a|an|one)\s+)?(.+?)\s+weigh(?:\s+(?:in|to)\s+(.+))?$/iu,
  /^(?:the\s+)?weight\s+of\s+(?:(a|an|one)\s+)?(.+?)(?:\s+(?:in|to)\s+(.+))?$/iu,
  /^(?:(a|an|one)\s+)?(.+?)\s+weight(?:\s+(?:in|to)\s+(.+))?$/iu,
];

function weighQuestion(query: string, data: AnswerData): Answer | null {
  const question = query.trim();
  const m = WEIGH_QUESTIONS.reduce<RegExpExecArray | null>((found, q) => found ?? q.exec(question), null);
  if (m === null) return null;
  // "a gallon", or "gallon" with no number at all ("gallon of water weight"): one.
  const what = `${m[1] !== undefined || !(holdsNumber(m[2]) || holdsNumberWord(m[2])) ? '1 ' : ''}${m[2]}`;
  if (answer(what, data)?.kind !== 'answers') return null;
  const inKg = answer(`${what} to kg`, data);
  const small = inKg?.kind === 'answers' && /= 0\./u.test(inKg.answers[0].text);
  const asked = (m[3] !== undefined ? [m[3]] : small ? ['g', 'oz'] : ['kg', 'lb']).map((to) => answer(`${what} to ${to}`, data));
  // A weight was asked: "oz" is the weight ounce here, without the fluid reading beside it.
  const volume = Object.values(data.categories).find((c) => c.units.some((u) => u.key === data.cooking?.cup))?.label;
  const weighed = asked.flatMap((a) => (a?.kind === 'answers' ? a.answers : [])).filter((a) => a.label !== volume).map((a) => ({ ...a, text: a.text.replace(' (weight)', '') }));
  // A line both asks give ("how much does a bushel of oats weigh": its pounds and kilograms), once.
  const lines = weighed.filter((a, i) => weighed.findIndex((b) => b.text === a.text) === i);
  return lines.length > 0 ? { kind: 'answers', answers: lines } : (asked.find((a) => a?.kind === 'error') ?? null);
}

/**
 * The US standard weights of a bushel of grain (USDA, Agricultural Handbook 697): grain is
 * bought and sold by these, so "a bushel of wheat in kg" asks 60 lb, not a volume's weight.
 */
const BUSHEL_WEIGHTS: { words: string; crop: string; lb: number }[] = [
  { words: 'wheat', crop: 'wheat', lb: 60 },
  { words: 'soy\\s*beans?|soya\\s*beans?', crop: 'soybeans', lb: 60 },
  { words: '(?:shelled\\s+)?corn|maize', crop: 'shelled corn', lb: 56 },
  { words: 'rye', crop: 'rye', lb: 56 },
  { words: 'barley', crop: 'barley', lb: 48 },
  { words: 'oats?', crop: 'oats', lb: 32 },
];
const BUSHEL_OF = new RegExp(
  `^(?:(\\d+(?:\\.\\d+)?|a|an|one)\\s+)?(?:us\\s+)?(?:bushels?|bu)\\s+of\\s+(${BUSHEL_WEIGHTS.map((c) => `(?:${c.words})`).join('|')})(?:\\s+(?:(?:to|in|into|as)\\s+)?(.+))?$`,
  'iu',
);

/**
 * "a bushel of wheat in kg", "100 bushels of corn to tonnes": the crop's standard weight per
 * bushel, converted, saying so. Null when no crop of the table is named, or a weight is not
 * what is asked ("1 bushel of wheat in liters" is a volume, answered as one).
 */
function bushelQuestion(query: string, data: AnswerData): Answer | null {
  const m = BUSHEL_OF.exec(query.trim());
  if (m === null) return null;
  const count = m[1] === undefined || /^(?:a|an|one)$/iu.test(m[1]) ? 1 : Number(m[1]);
  const crop = BUSHEL_WEIGHTS.find((c) => new RegExp(`^(?:${c.words})$`, 'iu').test(m[2]));
  if (crop === undefined || !(count > 0)) return null;
  const pounds = count * crop.lb;
  const weight = Object.values(data.categories).find((c) => c.units.some((u) => u.key === 'pounds'))?.label;
  const shown = `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 }).format(pounds)} lb`;
  const inWeight = (to: string) => {
    const a = answer(`${pounds} lb to ${to}`, data);
    return (a?.kind === 'answers' ? a.answers : []).filter((line) => line.label === weight);
  };
  const asked = inWeight(m[3] ?? 'kg');
  // In pounds already ("bushel of corn to lbs"): said in kilograms too, and linked to them.
  const lines = asked.length === 1 && asked[0].text.endsWith(` = ${shown}`) ? inWeight('kg') : asked;
  if (lines.length === 0) return null;
  const said = count === 1 ? `A bushel of ${crop.crop} is` : `${m[1]} bushels of ${crop.crop} are`;
  return {
    kind: 'answers',
    answers: lines.map((a) => {
      const result = a.text.slice(a.text.indexOf(' = ') + 3);
      return { ...a, text: `${said} traded as ${shown}${result === shown ? '' : ` = ${result}`} (the US standard weight of a bushel of ${crop.crop}, not its volume)` };
    }),
  };
}

/** `quantity` converted to each of `targets`: the lines that convert. */
function linesIn(quantity: string, targets: readonly string[], data: AnswerData): UnitAnswer[] {
  return targets.flatMap((t) => {
    const a = answer(`${quantity} to ${t}`, data);
    return a?.kind === 'answers' ? a.answers : [];
  });
}

/**
 * Lines a question converted through another quantity, said as it was asked: `left` before
 * each result ("104 = 100 nF"), `after` behind it. The pair page is dropped: it is the pair
 * of the quantity converted, not of the question.
 */
function restated(lines: UnitAnswer[], left: string, note?: string, after = ''): Extract<Answer, { kind: 'answers' }> {
  return { kind: 'answers', answers: lines.map(({ pair: _pair, ...a }) => ({ ...a, text: `${left} = ${a.text.slice(a.text.indexOf(' = ') + 3)}${after}`, ...(note !== undefined && { note }) })) };
}

/** A speed reached in a time: "0 to 60 mph in 3 seconds", "0-100 km/h in 5.2 s to g", "60 mph in 3 sec". */
const SPEED_IN_TIME = /^(?:(\d+(?:\.\d+)?)\s*(?:to|-|–)\s*)?(\d+(?:\.\d+)?)\s*(.+?)\s+in\s+(\d+(?:\.\d+)?)\s*(?:s|secs?|seconds?)(?:\s+(?:to|in|into|as)\s+(.+))?$/iu;

/**
 * A car's or a runner's "0 to 60 mph in 3 seconds" as the average acceleration, the speed
 * gained over the time: in g and m/s² (or the target typed). Null when the query is no such
 * question or its unit is no speed.
 */
function accelerationQuestion(query: string, data: AnswerData): Answer | null {
  const m = SPEED_IN_TIME.exec(query.trim());
  if (m === null || data.categories.speed === undefined || data.categories.acceleration === undefined) return null;
  const [, start = '0', end, unit, seconds, target] = m;
  const lex = unitLexicon(data);
  const metersPerSecond = data.categories.speed.units.find((u) => u.key === 'meters_per_second');
  const speedOf = (amount: string) => {
    const parsed = parseInput(`${amount} ${unit}`, lex, 'speed');
    return parsed.kind === 'quantity' && parsed.category === 'speed' && metersPerSecond !== undefined ? convertParsed(parsed, metersPerSecond, metersPerSecond) : null;
  };
  const [from, to] = [speedOf(start), speedOf(end)];
  const time = fromDecimalText(seconds);
  if (from === null || to === null || time.n === 0n) return null;
  const gained = div(sub(to, from), time);
  const lines = linesIn(`${typedExact(gained)} m/s2`, target === undefined ? ['g', 'm/s2'] : [target], data);
  if (lines.length === 0) return null;
  const shown = parseInput(`${end} ${unit}`, lex, 'speed');
  const symbol = shown.kind === 'quantity' && shown.single ? shown.unit.symbol : unit;
  const said = `${m[1] === undefined ? '' : `${start}–`}${end} ${symbol} in ${seconds} s`;
  return restated(lines, said, 'the average acceleration: the speed gained ÷ the time');
}

/** A distance covered in a time: "100 m in 9.58 seconds", "5 km in 20 minutes to mph", "a mile in 4 min". */
const DISTANCE_IN_TIME = /^(.+?)\s+in\s+(\d.*?)(?:\s+(?:to|into|as)\s+(.+)|\s+in\s+([^\d].*))?$/iu;

/**
 * A distance covered in a time as the average speed, in km/h and mph (or the target typed):
 * "100 m in 9.58 seconds" is 37.58 km/h. Null when the query is no such question: the first
 * part must read as a length and the second as a time.
 */
function speedQuestion(query: string, data: AnswerData): Answer | null {
  const m = DISTANCE_IN_TIME.exec(query.trim());
  if (m === null || data.categories.length === undefined || data.categories.time === undefined || data.categories.speed === undefined) return null;
  const [, distanceText, timeText, to, within] = m;
  const lex = unitLexicon(data);
  const meters = data.categories.length.units.find((u) => u.key === 'meters');
  const secondsUnit = data.categories.time.units.find((u) => u.key === 'seconds');
  const distance = parseInput(distanceText.replace(/^(?:a|an|one)\s+/iu, '1 '), lex, 'length');
  const time = parseInput(timeText, lex, 'time');
  if (meters === undefined || secondsUnit === undefined || distance.kind !== 'quantity' || distance.category !== 'length' || time.kind !== 'quantity' || time.category !== 'time') return null;
  const seconds = convertParsed(time, secondsUnit, secondsUnit);
  if (seconds.n === 0n) return null;
  const speed = div(convertParsed(distance, meters, meters), seconds);
  const target = to ?? within;
  const lines = linesIn(`${typedExact(speed)} m/s`, target === undefined ? ['km/h', 'mph'] : [target], data).filter((line) => line.label === data.categories.speed.label);
  if (lines.length === 0) return null;
  return restated(lines, `${distance.reading} in ${time.reading}`, 'the average speed: the distance ÷ the time');
}

/**
 * "12 km/h to pace", "10 mph in running pace": a speed as a runner's pace, which is two units:
 * per kilometre and per mile, both. Null when the query asks no pace.
 */
function paceQuestion(query: string, data: AnswerData): Answer | null {
  const m = /^(.+?)\s+(?:to|in|into|as)\s+(?:a\s+)?(?:running\s+)?pace$/iu.exec(query.trim());
  if (m === null) return null;
  const asked = ['min/km', 'min/mi'].map((to) => answer(`${m[1]} to ${to}`, data));
  const lines = asked.flatMap((a) => (a?.kind === 'answers' ? a.answers : []));
  if (lines.length > 0) return { kind: 'answers', answers: lines };
  return { kind: 'error', message: `A pace is minutes per kilometer or per mile, a speed: convert a speed to it, as in “12 km/h to pace”, or type a pace, as in “5:30 per km to mph”.` };
}

/** "marathon in miles", "speed of light in mph", "absolute zero in f", "leap year in days": the named amount converted, said by its name. Null when the query names none. */
function namedQuestion(query: string, data: AnswerData): Answer | null {
  const question = query.trim();
  const at = NAMED_ASKED.findIndex((r) => r.test(question));
  if (at < 0) return null;
  const [, connector, target] = NAMED_ASKED[at].exec(question)!;
  const named = NAMED[at];
  // "marathon training" is a search; "marathon to kg" a target said wrong.
  if (target !== undefined && connector === undefined && !isUnitWord(target, data)) return null;
  const asked = (target !== undefined ? [target] : named.usual).map((to) => answer(`${named.amount} to ${to}`, data));
  const lines = asked.flatMap((a) => (a?.kind === 'answers' ? a.answers : []));
  if (lines.length === 0) return asked.find((a) => a !== null) ?? null;
  return {
    kind: 'answers',
    answers: lines.map((a) => {
      const result = a.text.slice(a.text.indexOf(' = ') + 3);
      return { ...a, text: `${named.said} ${named.shown}${result === named.shown ? '' : ` = ${result}`}${named.after ?? ''}` };
    }),
  };
}

/** The air-conditioning words said after a ton or a BTU: "ton ac", "btu air conditioner", "2 tons of cooling". */
const AC_WORDS = String.raw`(?:ac|a\/c|air[\s-]*con(?:ditioning|ditioners?)?|aircon|hvac|heat\s+pumps?|cooling)`;
/** A ton of air conditioning, as HVAC says it: "3 ton ac", "2 tons of cooling", "1.5 ton heat pump". */
const AC_TON = new RegExp(String.raw`\btons?(?:\s+(?:of\s+)?(?:${AC_WORDS}|chillers?))?\b`, 'giu');
/** A BTU that is no rate yet ("btu", not "btu/h", "btuh" or "btu per hour"), with the air-conditioning words after it. */
const PLAIN_BTU = new RegExp(String.raw`\bbtus?(?:\s+${AC_WORDS})?\b(?!\s*(?:\/|per\b|an?\s+hour\b))`, 'giu');

/** A BTU rate with the air-conditioning words after it ("12000 btu/h ac", "9000 btuh heat pump"): the words only say what is rated. */
const RATED_BTU = new RegExp(String.raw`\b(btus?\s*\/\s*hr?|btuh|btus?\s+(?:per|an?)\s+hour)\s+${AC_WORDS}\b`, 'giu');

/**
 * Air conditioning's units, as the trade says them: a "ton" is a ton of refrigeration, 12,000
 * BTU/h, and an air conditioner's "BTU" is BTU per hour ("12000 btu to tons", "3 ton ac in
 * kw", "24000 btu ac to kw"). Read so when a ton is said with BTU or with an air-conditioning
 * word, saying so on each line; with no target, in the other two of BTU/h, TR and kW. Null otherwise, or when
 * that reading does not convert ("1 ton of coal to btu" keeps its message).
 */
function hvacQuestion(input: string, data: AnswerData): Answer | null {
  const query = input.replace(RATED_BTU, '$1');
  const rated = query !== input;
  const tons = [...query.matchAll(AC_TON)];
  const btus = [...query.matchAll(PLAIN_BTU)];
  // A match holds a space only when air-conditioning words follow its ton or BTU.
  const acWord = rated || [...tons, ...btus].some((m) => /\s/u.test(m[0]));
  if (tons.length === 0 ? !(acWord && (btus.length > 0 || rated)) && !(btus.length > 0 && btuAskedAsPower(query, data)) : !(acWord || /\bbtu/iu.test(query))) return null;
  const read = query.replace(AC_TON, 'TR').replace(PLAIN_BTU, 'BTU/h');
  const targeted = readConversion(read, unitLexicon(data), null);
  if (targeted.kind !== 'ok') return null;
  // With no target, in the trade's other two units.
  const typed = targeted.parsed.kind === 'quantity' ? targeted.parsed.unit.symbol : '';
  const usual = ['BTU/h', 'TR', 'kW'].filter((to) => to !== typed).slice(0, 2);
  const asked = targeted.target !== null ? [answer(read, data)] : usual.map((to) => answer(`${read} to ${to}`, data));
  const lines = asked.flatMap((a) => (a?.kind === 'answers' ? a.answers : []));
  const said = [tons.length > 0 && 'ton read as a ton of refrigeration, as in air conditioning', btus.length > 0 && 'BTU read as BTU/h, as air conditioners are rated'].filter(Boolean).join('; ');
  return lines.length > 0 ? { kind: 'answers', answers: lines.map((a) => ({ ...a, text: said === '' ? a.text : `${a.text} (${said})` })) } : null;
}

/** "12000 btu to kw": a BTU, an amount of energy, asked in a unit of power, as an air conditioner's rating is. */
function btuAskedAsPower(query: string, data: AnswerData): boolean {
  return readOnlyAs(query, query.replace(PLAIN_BTU, 'BTU/h'), 'power', data)?.target?.category === 'power';
}

/** The reading of `rewritten`, when `query` as typed does not read and `rewritten` reads as a quantity of `category`; else null. */
function readOnlyAs(query: string, rewritten: string, category: string, data: AnswerData): Extract<ConversionReading, { kind: 'ok' }> | null {
  const lexicon = unitLexicon(data);
  if (readConversion(query, lexicon, null).kind !== 'error') return null;
  const read = readConversion(rewritten, lexicon, null);
  return read.kind === 'ok' && read.category === category ? read : null;
}

/**
 * "$250 per sq ft to per m²", "£2.50/kg in per lb", "60 per minute to per hour": the price
 * (or count) per one unit said per another of the same kind, exactly: × the first units in
 * one of the second. The line opens that pair ("1 m² = 10.76391 ft²", said after it). With
 * another currency on the target's side, the money is left to the currency card, said so.
 */
function pricePerUnit(query: string, data: AnswerData): Answer | null {
  const q = readPricePer(query, new Set(data.currencies.map((c) => c.code)));
  if (q === null) return null;
  const target = q.asked ?? priceCounterpart(q.per, data);
  if (target === null) return null;
  const read = readConversion(`1 ${powered(target)} to ${powered(q.per)}`, unitLexicon(data), null);
  if (read.kind === 'error' && read.aboutUnits === true && q.asked !== null) {
    // Said in the order typed: "$250 per sq ft to per kg" is "kg is a unit of weight, not area".
    const typed = readConversion(`1 ${powered(q.per)} to ${powered(q.asked)}`, unitLexicon(data), null);
    return { kind: 'error', message: typed.kind === 'error' ? typed.message : read.message };
  }
  if (read.kind !== 'ok' || read.parsed.kind !== 'quantity' || read.parsed.units.length !== 1 || read.target?.kind !== 'unit') return null;
  const [asked, per] = [read.parsed.unit, read.target.unit];
  if (kindOf(asked) !== 'linear' || kindOf(per) !== 'linear' || asked.key === per.key) return null;
  const factor = answer(`${q.askedCount ?? 1} ${asked.symbol} to ${per.symbol}`, data);
  if (factor?.kind !== 'answers' || factor.answers.length !== 1) return null;
  // The price and "£1.20 per 100 g to per lb": per one g, then per one lb, then per as many as asked.
  const count = (typed: string | null) => fromDecimalText((typed ?? '1').replace(/,/gu, ''));
  if (isZero(count(q.perCount)) || isZero(count(q.askedCount))) return null;
  const price = mul(count(q.amount), div(count(q.askedCount), count(q.perCount)));
  const many = (typed: string | null) => (typed === null ? '' : `${typed} `);
  // Money in cents as prices are shown; a count, or a pair with no price, as the cards show numbers.
  const money = q.before !== '' || q.after !== '';
  const shown = (x: Rational) => (money && q.amount !== null ? formatMoney(toNumber(x)) : formatResult(toNumber(x), 6));
  const priced = (x: Rational) => `${q.before}${shown(x)}${q.after}`;
  const typed = q.amount === null ? priced(fromDecimalText('1')) : `${q.before}${q.amount}${q.after}`;
  const result = mul(price, div(factorOf(asked), factorOf(per)));
  const then = q.otherMoney === null ? '' : `; in ${q.otherMoney}, convert ${priced(result).trim()} on the Currency converter`;
  const { pair, ...line } = factor.answers[0];
  // "$15 an hour to per year" is a wage: by the calendar's 8,765.82 hours it would be $131,487,
  // so a working year answers first, said so, and the calendar's figure after it (no pair page).
  const work = money ? WORK_TIME[per.key]?.[asked.key] : undefined;
  // "1 L = 0.264172 gal (in US gallons, as typed)": its note joins ours in one parenthesis.
  const [value, why] = work === undefined ? [result, line.text.replace(/ \((.*)\)$/u, ', $1')] : [mul(price, work.times), `${work.said}; by the calendar, ${priced(result).trim()}`];
  const text = `${typed} per ${many(q.perCount)}${per.symbol} = ${priced(value)} per ${many(q.askedCount)}${asked.symbol} (${why}${then})`;
  return { kind: 'answers', answers: [{ ...line, ...(work === undefined && pair !== undefined && { pair }), text }] };
}

/**
 * The symbol of the unit a price per `per` with no target ("$3 per lb", "€1.80 a litre") is
 * said per: the other unit of its converter's pair when that is of the other system (pounds
 * and kilograms, gallons and liters, square feet and square metres), else the other system's
 * usual unit nearest in size (acres: hectares; ounces: grams). Null for a unit of neither
 * system, or with no counterpart ("$15 an hour": every unit of time is of one system).
 */
function priceCounterpart(per: string, data: AnswerData): string | null {
  const read = readConversion(`1 ${powered(per)}`, unitLexicon(data), null);
  if (read.kind !== 'ok' || read.parsed.kind !== 'quantity' || read.parsed.units.length !== 1 || read.category === null) return null;
  const c = data.categories[read.category];
  const unitOf = (key: string): Unit | undefined => c?.units.find((u) => u.key === key);
  const unit = unitOf(read.parsed.unit.key);
  if (c === undefined || unit === undefined || kindOf(unit) !== 'linear' || (unit.system !== 'metric' && unit.system !== 'imperial')) return null;
  const paired = [c.default.from, c.default.to].includes(unit.key) ? unitOf(c.default.from === unit.key ? c.default.to : c.default.from) : undefined;
  if (paired !== undefined && kindOf(paired) === 'linear' && paired.system !== unit.system && paired.system !== 'other') return paired.symbol;
  const others = usualOfTheOtherSystem(c, unit);
  return others.length === 0 ? null : nearestInSize(others, unit).symbol;
}

/**
 * "1000 IU vitamin D to mcg", "400 iu vitamin e", "25 mcg vitamin d to iu": a vitamin's IU
 * as a weight (in the target typed, else in µg or mg), or a weight as IU, by the vitamin's
 * factor (vitamins.ts); a line for each form when the form is not said (vitamin E's natural
 * and synthetic). Null when the query names no such vitamin or is no such question.
 */
function iuQuestion(query: string, data: AnswerData): Answer | null {
  const q = readIuQuestion(query);
  const micrograms = data.categories.weight?.units.find((u) => u.key === 'micrograms');
  if (q === null || micrograms === undefined) return null;
  if (q.kind === 'toWeight') {
    const iu = fromDecimalText(q.iu);
    const left = `${formatResult(toNumber(iu), 2)} IU of ${q.vitamin}`;
    const lines: UnitAnswer[] = [];
    for (const form of q.forms) {
      const weighed = answer(`${typedExact(mul(iu, fromDecimalText(form.micrograms)))} µg to ${q.target ?? q.shownIn}`, data);
      if (weighed?.kind === 'error') return weighed;
      if (weighed?.kind !== 'answers') return null;
      lines.push(...restated(weighed.answers.slice(0, 1), left, undefined, form.said).answers);
    }
    return { kind: 'answers', answers: lines };
  }
  const weight = quantityIn(q.weight, 'weight', micrograms, data);
  if (weight === null || 'kind' in weight) return weight;
  const answers = q.forms.map((form): UnitAnswer => ({ ...weight.line, text: `${weight.reading} of ${q.vitamin} = ${formatResult(toNumber(div(weight.value, fromDecimalText(form.micrograms))), 2)} IU${form.said}` }));
  return { kind: 'answers', answers };
}

/**
 * `text` read as a quantity of `category` ("25 mcg", "100 mW"): as it reads, its amount in
 * `unit`, and a line that opens its converter on it (no pair page: the answer is another
 * measure's). What the box answers `text` alone with when that is a question ("MG": mg or
 * Mg?), so the caller asks it rather than say something general; null for anything else.
 */
function quantityIn(text: string, category: string, unit: Unit, data: AnswerData): { reading: string; value: Rational; line: UnitAnswer } | AnswerError | null {
  const parsed = parseInput(text, unitLexicon(data), category);
  const opened = answer(`${text} to ${unit.symbol}`, data);
  if (parsed.kind !== 'quantity' || parsed.category !== category || opened?.kind !== 'answers') {
    // A question `text` alone asks too, as asked in `category` ("MG": mg or Mg, not mG as
    // well); not a mismatch only `unit` met ("“W” is a unit of power" for "10 kg to dBm").
    const alone = answer(text, data);
    return alone?.kind === 'error' ? (opened?.kind === 'error' ? opened : alone) : null;
  }
  const { pair: _pair, keys: _keys, ...line } = opened.answers[0];
  return { reading: parsed.reading, value: convertParsed(parsed, unit, unit), line };
}

/**
 * "30 dBm to W", "-10 dbm", "100 mW in dBm", "dbm to watts": a power level in decibels as a
 * power (in the target typed, else in mW below a watt and W from one), a power as a level,
 * or a pair's rule (decibels.ts). Null when the query is no such question.
 */
function levelQuestion(query: string, data: AnswerData): Answer | null {
  const q = readLevelQuestion(query);
  const power = data.categories.power;
  const watts = power?.units.find((u) => u.key === 'watts');
  const page = data.pages.power;
  if (q === null || power === undefined || watts === undefined || page === undefined) return null;
  const isPower = (words: string): boolean => {
    const found = lookupWord(unitLexicon(data), words.trim(), 'power');
    return found !== null && 'entry' in found && found.entry.category === 'power';
  };
  if (q.kind === 'rule') return isPower(q.other) ? { kind: 'answers', answers: [{ kind: 'units', text: levelRule(q.symbol, q.toLevel), href: page, label: power.label }] } : null;
  if (q.kind === 'toPower') {
    const w = levelToWatts(q.level, q.symbol);
    // Beyond a double's range the power would read 0 or not at all.
    if (!(w > 1e-300 && w < 1e300)) return { kind: 'error', message: `${plainMinus(q.typed)} ${q.symbol} is too far from 1 ${q.symbol === 'dBm' ? 'mW' : 'W'} to say as a power.` };
    const lines = answer(`${Number(w.toPrecision(15))} W to ${q.target ?? (w < 1 ? 'mW' : 'W')}`, data);
    if (lines?.kind !== 'answers') return lines?.kind === 'error' ? lines : null;
    return restated(lines.answers.slice(0, 1), plainMinus(`${q.typed} ${q.symbol}`));
  }
  const typed = quantityIn(q.power, 'power', watts, data);
  // A power the box asks about ("10 mw": mW or MW?) is asked about here too.
  if (typed === null || 'kind' in typed) return typed;
  const w = toNumber(typed.value);
  if (!(w > 0)) return { kind: 'error', message: `${typed.reading} has no level in ${q.symbol}: each 10 dB is ten times the power, and no number of steps reaches zero.` };
  return { kind: 'answers', answers: [{ ...typed.line, text: plainMinus(`${typed.reading} = ${formatResult(wattsToLevel(w, q.symbol), 2)} ${q.symbol}`) }] };
}

/** A working week of 40 hours, 5 days of 8, for 52 weeks: what a wage per hour or day is said per week, month or year in. */
const WORK_TIME: Record<string, Record<string, { times: Rational; said: string }>> = table({
  hours: table({
    days: { times: rational(8n), said: 'at 8 hours a day' },
    weeks: { times: rational(40n), said: 'at 40 hours a week' },
    months: { times: rational(2080n, 12n), said: 'at 40 hours a week, 52 weeks a year: 2,080 hours, 173.33 a month' },
    years: { times: rational(2080n), said: 'at 40 hours a week for 52 weeks: 2,080 hours' },
  }),
  days: table({
    weeks: { times: rational(5n), said: 'at 5 days a week' },
    months: { times: rational(260n, 12n), said: 'at 5 days a week, 52 weeks a year: 260 days, 21.67 a month' },
    years: { times: rational(260n), said: 'at 5 days a week for 52 weeks: 260 days' },
  }),
});

/** A power typed as a digit after a unit's letters, with or without a caret ("m2", "cm^3"), written ² or ³. */
function powered(words: string): string {
  return words.replace(/(?<=\p{L})\^?([23])\b/gu, (_, d: string) => (d === '2' ? '²' : '³'));
}

/** "ci" typed in lower case, the curie's symbol, and as engines' sizes are written, cubic inches. */
const LOWER_CI = /(?<![\p{L}])ci(?![\p{L}])/gu;

/**
 * "350 ci to liters", "5.7 l to ci": a curie against a volume is an engine's cubic inches
 * ("350 ci", the small-block V8), said so. Null when the query reads as typed or does not
 * read so either ("1 ci to bq" is a curie).
 */
function engineSize(query: string, data: AnswerData): Answer | null {
  if (query.search(LOWER_CI) < 0) return null;
  const asInches = query.replace(LOWER_CI, 'in³');
  if (readOnlyAs(query, asInches, 'volume', data) === null) return null;
  const answered = answer(asInches, data);
  if (answered?.kind !== 'answers') return null;
  return { kind: 'answers', answers: answered.answers.map((a) => ({ ...a, text: `${a.text} (ci read as cubic inches, as engine sizes are written; the curie is Ci)` })) };
}

/** A blood pressure as it is written, systolic over diastolic: "120/80 mmHg", "140/90 mm hg to kpa". */
const BLOOD_PRESSURE = /^(\d{2,3})\s*\/\s*(\d{2,3})\s*(mm\s*hg\b.*)$/iu;

/**
 * "120/80 mmHg to kPa": two readings, each converted, not the fraction 1.5 mmHg. Null when
 * the query is none (the first number at most the second: "3/4 mmHg" stays a fraction).
 */
function bloodPressure(query: string, data: AnswerData): Answer | null {
  const m = BLOOD_PRESSURE.exec(query.trim());
  if (m === null || Number(m[1]) <= Number(m[2])) return null;
  const said = `${m[1]}/${m[2]} read as a blood pressure, two readings`;
  // With no target, in kilopascals, as medicine outside mmHg writes it.
  const asked = m[3].search(SEPARATOR) >= 0 ? m[3] : `${m[3]} to kPa`;
  const lines = [m[1], m[2]].map((n) => answer(`${n} ${asked}`, data)).flatMap((a) => (a?.kind === 'answers' ? a.answers.slice(0, 1) : []));
  return lines.length === 2 ? { kind: 'answers', answers: lines.map((a) => ({ ...a, text: `${a.text} (${said})` })) } : null;
}

/** An R-value as US insulation is labelled: "R-13", "r19 insulation", "R 30 to rsi"; not R-134a. */
const R_VALUE = /^r[-\s]?(\d+(?:\.\d+)?)(?![\w.])(?:\s+(?:insulation|batts?|rating|value))?(?:\s+((?:to|in|into|as)\s+.+))?$/iu;
/** What "in metric" or "in si" asks of an R-value: RSI. */
const METRIC_R = /^(?:to|in|into|as)\s+(?:metric|si|rsi|european|canadian)$/iu;

/**
 * A US R-value written as its label ("R-13", "R19 insulation in metric"): the number in
 * ft²·°F·h/BTU, said so; with no target, in RSI and as a U-value. Null when the query is
 * none, or when that reading does not convert.
 */
function rValueQuestion(query: string, data: AnswerData): Answer | null {
  // "rsi 2.5 to r", "0.26 w/m2k in r": R alone after an insulation value is the R-value, not °R.
  const toR = /^(.*\S)\s+(?:to|in|into|as)\s+r$/iu.exec(query.trim());
  const asR = toR === null ? null : answer(`${toR[1]} to us r value`, data);
  if (asR?.kind === 'answers') return asR;
  const m = R_VALUE.exec(query.trim());
  if (m === null) return null;
  const said = `R-${m[1]} read as a US R-value`;
  const amount = `${m[1]} us r value`;
  const targets = m[2] === undefined ? ['rsi', 'u value'] : METRIC_R.test(m[2]) ? ['rsi'] : [m[2].replace(/^\S+\s+/u, '')];
  const lines = targets.map((to) => answer(`${amount} to ${to}`, data)).flatMap((a) => (a?.kind === 'answers' ? a.answers : []));
  return lines.length > 0 ? { kind: 'answers', answers: lines.map((a) => ({ ...a, text: `${a.text} (${said})` })) } : null;
}

/** A battery's voltage in a question: "at 3.7 V", "@ 12v", "3.85 volts". */
const VOLTS = /(?:^|\s)(?:(?:at|@)\s*)?(\d+(?:\.\d+)?)\s*v(?:olts?)?(?=\s|$)/iu;
/** The cell voltage of phones, laptops and power banks: lithium-ion's nominal 3.7 V. */
const LITHIUM_ION_VOLTS = '3.7';
/** Words around a battery that name no unit: "20000 mah power bank to wh". */
const BATTERY_WORDS = /\s+(?:battery|batteries|cell|cells|pack|power\s*bank|powerbank)\b/giu;

/** x as a visitor would type it: its exact decimal where it ends (37/2: 18.5), else the fraction (1000/37). */
function typedExact(x: Rational): string {
  for (let places = 0; places <= 12; places++) {
    const scaled = x.n * 10n ** BigInt(places);
    if (scaled % x.d !== 0n) continue;
    const q = scaled / x.d;
    const digits = (q < 0n ? -q : q).toString().padStart(places + 1, '0');
    return `${q < 0n ? '-' : ''}${places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`}`;
  }
  return `${x.n}/${x.d}`;
}

/**
 * A battery's charge asked as energy or the other way round: "20000 mAh to Wh", "2000 mAh
 * at 12 V in Wh", "100 Wh to mAh". Wh = Ah × V, at the voltage typed or, with none, at
 * lithium-ion's 3.7 V, said so. Null when the query is no such question.
 */
function batteryQuestion(query: string, data: AnswerData): Answer | null {
  const asked = /^(.+?)\s+(?:to|in|into|as)\s+(.+)$/iu.exec(query.trim());
  if (asked === null || data.categories.electric_charge === undefined || data.categories.energy === undefined) return null;
  const volts = VOLTS.exec(asked[1]);
  const left = (volts === null ? asked[1] : asked[1].replace(VOLTS, ' ')).replace(BATTERY_WORDS, ' ').trim();
  const lex = unitLexicon(data);
  const read = (text: string, category: string) => {
    const parsed = parseInput(text, lex, category);
    return parsed.kind === 'quantity' && parsed.category === category ? parsed : null;
  };
  const targetIn = (category: string): boolean => {
    const found = lookupWord(lex, asked[2].trim(), category);
    return found !== null && 'entry' in found && found.entry.category === category;
  };
  const v = volts?.[1] ?? LITHIUM_ION_VOLTS;
  const voltage = fromDecimalText(v);
  if (voltage.n === 0n) return null;
  const ampereHours = data.categories.electric_charge.units.find((u) => u.key === 'ampere_hours');
  const wattHours = data.categories.energy.units.find((u) => u.key === 'watt_hours');
  if (ampereHours === undefined || wattHours === undefined) return null;
  const charge = read(left, 'electric_charge');
  const energy = charge === null ? read(left, 'energy') : null;
  let through: string;
  if (charge !== null && targetIn('energy')) {
    const wh = mul(convertParsed(charge, ampereHours, ampereHours), voltage);
    through = `${typedExact(wh)} Wh`;
  } else if (energy !== null && targetIn('electric_charge')) {
    const ah = div(convertParsed(energy, wattHours, wattHours), voltage);
    through = `${typedExact(ah)} Ah`;
  } else {
    return null;
  }
  const reading = (charge ?? energy)!.reading;
  const converted = answer(`${through} to ${asked[2].trim()}`, data);
  if (converted?.kind !== 'answers') return null;
  const said = volts === null ? ` (${v} V assumed, a lithium-ion cell’s nominal voltage: add the battery’s own, as in ${reading} at 12 V)` : '';
  return restated(converted.answers, `${reading} at ${v} V`, undefined, said);
}

/**
 * What lab reports give in two units, a mass per volume (mg/dL, ng/mL) and an amount of
 * substance per volume (mmol/L, µmol/L, nmol/L), which only the substance's molar mass
 * connects. `molar`: g/mol, decimal digits; `per` and `mass`: the units its results come in,
 * the answer's unit when only the other is typed. Triglycerides are counted as triolein (the
 * labs' factor 0.01129), urea nitrogen (BUN) as its two nitrogen atoms (mmol/L of urea),
 * vitamin D as 25-hydroxyvitamin D₃, phosphate as phosphorus. Longer names first: the first
 * whose words are typed is the one read.
 */
const LAB_SUBSTANCES = [
  { name: 'glucose', words: String.raw`(?:blood|fasting|plasma)\s*(?:glucose|sugar)|glucose|bg|glyc(?:a)?emia`, molar: '180.156', per: 'mmol/L', mass: 'mg/dL' },
  { name: 'cholesterol', words: String.raw`(?:total|ldl|hdl|non[\s-]*hdl)?\s*cholesterol|(?:ldl|hdl)(?:-c)?`, molar: '386.654', per: 'mmol/L', mass: 'mg/dL' },
  { name: 'triglycerides', words: String.raw`triglycerides?|trigs?|tg`, molar: '885.7', per: 'mmol/L', mass: 'mg/dL' },
  { name: 'creatinine', words: String.raw`(?:serum\s+)?creatinine`, molar: '113.12', per: 'µmol/L', mass: 'mg/dL' },
  { name: 'urea nitrogen (BUN)', words: String.raw`bun|(?:blood\s+)?urea\s+nitrogen`, molar: '28.014', per: 'mmol/L', mass: 'mg/dL' },
  { name: 'urea', words: String.raw`(?:serum\s+)?urea`, molar: '60.06', per: 'mmol/L', mass: 'mg/dL' },
  { name: 'uric acid', words: String.raw`(?:serum\s+)?uric\s+acid|urate`, molar: '168.11', per: 'µmol/L', mass: 'mg/dL' },
  { name: 'calcium', words: String.raw`(?:serum\s+|total\s+)?calcium`, molar: '40.078', per: 'mmol/L', mass: 'mg/dL' },
  { name: 'magnesium', words: String.raw`(?:serum\s+)?magnesium`, molar: '24.305', per: 'mmol/L', mass: 'mg/dL' },
  { name: 'phosphate (as phosphorus)', words: String.raw`(?:serum\s+)?(?:phosphate|phosphorus)`, molar: '30.974', per: 'mmol/L', mass: 'mg/dL' },
  { name: 'bilirubin', words: String.raw`(?:total\s+|direct\s+|indirect\s+)?bilirubin`, molar: '584.66', per: 'µmol/L', mass: 'mg/dL' },
  { name: 'iron', words: String.raw`(?:serum\s+)?iron`, molar: '55.845', per: 'µmol/L', mass: 'µg/dL' },
  { name: 'vitamin D', words: String.raw`(?:25[\s-]*(?:oh|hydroxy)[\s-]*)?vit(?:amin)?\s*d3?|25[\s-]*oh[\s-]*d|calcidiol|calcifediol`, molar: '400.64', per: 'nmol/L', mass: 'ng/mL' },
  { name: 'testosterone', words: String.raw`(?:total\s+|free\s+)?testosterone`, molar: '288.42', per: 'nmol/L', mass: 'ng/dL' },
] as const;
/** Each substance's words as a query names it, and with "level", "reading" or "result" after them (taken out), compiled once. */
const LAB_NAMES = LAB_SUBSTANCES.map((substance) => ({
  substance,
  named: new RegExp(String.raw`(?<![\p{L}])(?:${substance.words})(?![\p{L}])`, 'iu'),
  withLevel: new RegExp(String.raw`(?<![\p{L}])(?:${substance.words})(?:\s+(?:levels?|readings?|results?))?(?![\p{L}])`, 'iu'),
}));
/** The units a result read as blood glucose, with no substance typed, may be in (by key). */
const GLUCOSE_UNITS = ['millimoles_per_liter', 'micromoles_per_liter', 'milligrams_per_deciliter', 'milligrams_per_liter', 'grams_per_liter'];

/**
 * A molar unit as lab questions type it: "mmol/l", "µM", or "mmol" and "umol per liter",
 * an amount where a concentration is meant (read per liter). With no substance typed, only
 * blood glucose's units: "1 mol/l to g/l" is chemistry.
 */
function molarUnit(text: string, lex: Lexicon, substance: { named: boolean }): LexUnit | null {
  const perLiter = text.replace(/^[\d,.]+\s*/u, '').trim().replace(/^(\S*mol(?:e?s)?)(?:\s+per\s+(?:l|liters?|litres?))?$/iu, '$1/L');
  const found = unitIn(perLiter, 'molar_concentration', lex);
  return found !== null && (substance.named || GLUCOSE_UNITS.includes(found.key)) ? found : null;
}

/** A mass per volume (density's unit) as typed after its number, if one is; with no substance typed, only blood glucose's. */
function massUnit(text: string, lex: Lexicon, substance: { named: boolean }): LexUnit | null {
  const found = unitIn(text.replace(/^[\d,.]+\s*/u, '').trim(), 'density', lex);
  return found !== null && (substance.named || GLUCOSE_UNITS.includes(found.key)) ? found : null;
}

function unitIn(text: string, category: string, lex: Lexicon): LexUnit | null {
  const found = lookupWord(lex, text, category);
  return found !== null && 'entry' in found && found.entry.category === category ? found.entry.unit : null;
}

const MOLAR_MASS_NEEDED =
  'A molar concentration becomes a mass per volume only through the molar mass of what is dissolved: g/L = mol/L × g/mol, so 1 mol/L of sodium chloride (58.44 g/mol) is 58.44 g/L. For a lab result, type the substance, as in 30 ng/mL vitamin D to nmol/L or 5.5 mmol/L glucose to mg/dL.';

/** A molar concentration asked as a mass per volume, or back, in units no glucose result is read in ("1 mol/l to g/l"). */
function chemistryQuestion(from: string, to: string, lex: Lexicon): boolean {
  const any = { named: true };
  const massFirst = massUnit(from, lex, any);
  const [molar, mass] = massFirst === null ? [molarUnit(from, lex, any), massUnit(to, lex, any)] : [molarUnit(to, lex, any), massFirst];
  return molar !== null && mass !== null && !(GLUCOSE_UNITS.includes(molar.key) && GLUCOSE_UNITS.includes(mass.key));
}

/**
 * A lab result from mg/dL to mmol/L or back: "100 mg/dl to mmol/l", "cholesterol 5.2 mmol/l
 * in mg/dl", "creatinine 1.2 mg/dl to umol/l". The substance typed decides the molar mass;
 * with none the reading is blood glucose, said so. Null when the query is no such question.
 */
function labQuestion(query: string, data: AnswerData): Answer | null {
  const density = data.categories.density;
  const gramsPerLiter = density?.units.find((u) => u.key === 'grams_per_liter');
  if (density === undefined || gramsPerLiter === undefined || !(/mol|g\s*\/\s*(?:d?l|ml)/iu.test(query) || /[\d\s][mµμunp]?M\b/u.test(query))) return null;
  const match = LAB_NAMES.find((m) => m.named.test(query));
  const named = match?.substance;
  const substance = named ?? LAB_SUBSTANCES[0];
  const rest = (match === undefined ? query : query.replace(match.withLevel, ' '))
    .replace(/\b(?:of|an?)\b/giu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  const lex = unitLexicon(data);
  const typed = { named: named !== undefined };
  // With the substance named, no target is needed: "glucose 100 mg/dl", "cholesterol 5.2 mM".
  const bare = named === undefined || /\s(?:to|in|into|as)\s/iu.test(` ${rest} `) ? null : molarUnit(rest, lex, typed) !== null ? substance.mass : substance.per;
  const asked = /^(.+?)\s+(?:to|in|into|as)\s+(.+)$/iu.exec(bare === null ? rest : `${rest} to ${bare}`);
  if (asked === null) return null;
  if (named === undefined && chemistryQuestion(asked[1], asked[2], lex)) return { kind: 'error', message: MOLAR_MASS_NEEDED };
  const molarMass = fromDecimalText(substance.molar);
  const said = (amount: string) => `${amount} of ${substance.name}`;
  const note = `${substance.name}, ${substance.molar} g/mol${named === undefined ? ': read as blood glucose; for cholesterol or triglycerides type the word, as in 200 mg/dL cholesterol to mmol/L' : ''}`;
  // As labs report them, to two decimals; under 1 to three significant digits (1 mg/dL is 0.0555 mmol/L).
  const format = (x: Rational) => {
    const n = toNumber(x);
    return new Intl.NumberFormat('en-US', Math.abs(n) < 1 ? { maximumSignificantDigits: 3 } : { maximumFractionDigits: 2 }).format(n);
  };
  // Both sides through their bases: a density's kg/m³ is g/L, a molar concentration's mol/L.
  const target = molarUnit(asked[2], lex, typed);
  if (target !== null) {
    // From a mass per volume: g/L ÷ (g/mol) is mol/L.
    const mass = /\d/u.test(asked[1]) ? asked[1] : `1 ${asked[1]}`;
    const parsed = parseInput(mass, lex, 'density');
    if (parsed.kind !== 'quantity' || parsed.category !== 'density' || !(typed.named || GLUCOSE_UNITS.includes(parsed.unit.key))) return null;
    const amount = fromBase(div(convertParsed(parsed, gramsPerLiter, gramsPerLiter), molarMass), target);
    const opened = answer(`${mass} to g/L`, data);
    if (opened?.kind !== 'answers' || opened.answers.length !== 1) return null;
    const { pair: _pair, ...line } = opened.answers[0];
    return { kind: 'answers', answers: [{ ...line, text: `${said(parsed.reading)} = ${format(amount)} ${target.symbol}`, note }] };
  }
  // To a mass per volume, from a molar concentration typed.
  const from = /^(\d[\d,]*(?:\.\d+)?|\.\d+)?\s*(.+)$/u.exec(asked[1].trim());
  const source = from === null ? null : molarUnit(from[2], lex, typed);
  const mass = massUnit(asked[2], lex, typed);
  if (from === null || source === null || mass === null) return null;
  const gPerL = typedExact(mul(toBase(fromDecimalText((from[1] ?? '1').replace(/,/gu, '')), source), molarMass));
  const converted = answer(`${gPerL} g/L to ${asked[2].trim()}`, data);
  if (converted?.kind !== 'answers' || converted.answers.length !== 1) return null;
  const { pair: _pair, ...line } = converted.answers[0];
  const inGrams = parseInput(`${gPerL} g/L`, lex, 'density');
  if (inGrams.kind !== 'quantity') return null;
  const result = convertParsed(inGrams, gramsPerLiter, mass);
  return { kind: 'answers', answers: [{ ...line, text: `${said(`${from[1] ?? '1'} ${source.symbol}`)} = ${format(result)} ${mass.symbol}`, note }] };
}

/** An electronic part's code as its value: "104 capacitor to nF", "4k7", "inductor 4R7" (componentCode.ts). */
function componentQuestion(query: string, data: AnswerData): Answer | null {
  const part = readComponentCode(query);
  if (part === null) return null;
  const lines = linesIn(part.quantity, part.target === null ? part.usual : [part.target], data);
  return lines.length === 0 ? null : restated(lines, part.code, part.reading);
}

/**
 * The scales a TDS meter turns conductivity into ppm with, ppm = µS/cm × factor: each maker's
 * assumption about what is dissolved (500 for sodium chloride, 700 for the 442 mix, 640 on
 * some Eutech meters). No unit converts them exactly; the box gives each.
 */
const TDS_SCALES = [
  { factor: '0.5', said: 'on the 500 scale (sodium chloride, common on US meters)' },
  { factor: '0.64', said: 'on the 640 scale (some Eutech meters)' },
  { factor: '0.7', said: 'on the 700 scale (the 442 mix, common in Europe and Australia)' },
] as const;
const PPM_WORDS = String.raw`(?:ppm|parts\s+per\s+million)(?:\s+tds)?|tds(?:\s+ppm)?`;

/**
 * Conductivity as the ppm a TDS meter shows, or back: "1.5 mS/cm to ppm", "ec 1.8 to ppm"
 * (a grower's EC is in mS/cm, CF ten times it), "1000 ppm to uS/cm", "750 ppm to ec".
 */
function tdsQuestion(query: string, data: AnswerData): Answer | null {
  const asked = /^(.+?)\s+(?:to|in|into|as)\s+(.+)$/iu.exec(query.trim());
  const conductivity = data.categories.electrical_conductivity;
  if (asked === null || conductivity === undefined) return null;
  // A grower's EC 1.8 is mS/cm; CF 18 is the conductivity factor.
  const grower = (text: string) =>
    text.trim().replace(/^ec$/iu, 'mS/cm').replace(/^ec\s*([\d.]+)$|^([\d.]+)\s*ec$/iu, (_m, a, b) => `${a ?? b} mS/cm`).replace(/^cf\s*([\d.]+)$/iu, '$1 CF');
  const lex = unitLexicon(data);
  const microsiemens = conductivity.units.find((u) => u.key === 'microsiemens_per_centimeter');
  const about = (x: Rational) => new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 }).format(toNumber(x));
  const ppm = new RegExp(String.raw`^(?:([\d,]*\.?\d+)\s*)?(?:${PPM_WORDS})$`, 'iu');
  if (microsiemens === undefined) return null;
  if (new RegExp(String.raw`^(?:${PPM_WORDS})$`, 'iu').test(asked[2].trim())) {
    const left = grower(asked[1]);
    const parsed = parseInput(/\d/u.test(left) ? left : `1 ${left}`, lex, 'electrical_conductivity');
    if (parsed.kind !== 'quantity' || parsed.category !== 'electrical_conductivity') return null;
    const [line] = linesIn(parsed.reading, ['µS/cm'], data);
    if (line === undefined) return null;
    const { pair: _pair, ...opened } = line;
    const micro = convertParsed(parsed, microsiemens, microsiemens);
    return { kind: 'answers', answers: TDS_SCALES.map((scale) => ({ ...opened, text: `${parsed.reading} ≈ ${about(mul(micro, fromDecimalText(scale.factor)))} ppm ${scale.said}` })) };
  }
  const typed = ppm.exec(asked[1].trim());
  if (typed === null) return null;
  const target = grower(asked[2]);
  const amount = (typed[1] ?? '1').replace(/,/gu, '');
  const shown = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 }).format(Number(amount));
  const answers = TDS_SCALES.flatMap((scale) => {
    const micro = div(fromDecimalText(amount), fromDecimalText(scale.factor));
    return linesIn(`${about(micro).replace(/,/gu, '')} µS/cm`, [target], data).map(({ pair: _pair, ...a }) => ({ ...a, text: `${shown} ppm ${scale.said} ≈ ${a.text.slice(a.text.indexOf(' = ') + 3)}` }));
  });
  return answers.length === TDS_SCALES.length ? { kind: 'answers', answers } : null;
}

/** An amount of cents first: "99 cents", "5 cents to sq ft". */
const CENTS_FIRST = /^\s*[\d.,/ ]*\d\s*cents?\b/iu;

/**
 * Whether a query of cents is land: the land's cent (a hundredth of an acre) only read as area
 * beside another unit of area ("1 cent in sq ft", "5 cents to sqft"), else the money's ("99
 * cents", "50 cents to dollars"). The Area card's reader decides, not a list of its words.
 */
function centsOfLand(query: string, data: AnswerData): boolean {
  const read = readConversion(query, unitLexicon(data), AREA);
  return read.kind === 'ok' && (read.target !== null || (read.parsed.kind === 'quantity' && read.parsed.units.some((u) => u.key !== 'cents')));
}

/** HbA1c's names as a query types them: "hba1c", "hb a1c", "hgb a1c", "hemoglobin a1c", "a1c", "glycated haemoglobin". */
const HBA1C_NAMES = /(?<![\p{L}\d])(?:(?:hg?b\s*|ha?emoglobin\s+)?a1c|glyc(?:osyl)?ated\s+ha?emoglobin)(?![\p{L}\d])/iu;
/** A % after a number that is not %IACS. */
const BARE_PERCENT = /\d\s*%(?!\s*iacs)/iu;
/** What makes a % an HbA1c result: HbA1c's names, or its scales'. */
const HBA1C_CONTEXT = /a1c|mmol\s*\/\s*mol|ngsp|dcct|ifcc|glyc/iu;
/** HbA1c's scales as typed after its number: the percent's words, then the IFCC unit's. */
const HBA1C_SCALE = String.raw`%|percent|ngsp|dcct|mmol\s*\/\s*mol|mmol\s+per\s+mol|millimoles?\s+per\s+mole|ifcc|mmol`;
const PERCENT_WORD = /^(?:%|percent|ngsp|dcct)$/iu;
/** A result with its scale, and the other asked for, once HbA1c's name is taken out: "7%", "48 mmol/mol to %", "6.5". */
const HBA1C_READING = new RegExp(String.raw`^(\d+(?:[.,]\d+)?)\s*(${HBA1C_SCALE})?(?:\s+(?:to|in|into|as)\s+(${HBA1C_SCALE}))?$`, 'iu');

/**
 * An HbA1c result named as such: "hba1c 7%", "a1c 6.5", "7.5 a1c", "a1c 53 mmol/mol to %",
 * answered on the other scale. With no unit typed, a number under 20 is a percent: no result
 * reaches 20 %, and 20 mmol/mol is 4 %, the bottom of the normal range.
 */
function hba1cQuestion(query: string, data: AnswerData): Answer | null {
  if (data.categories.hba1c === undefined) return null;
  const rest = query
    .replace(HBA1C_NAMES, ' ')
    // "HbA1c: 7%", "hba1c = 48"; "7 = mmol/mol" asks for mmol/mol.
    .replace(/=\s*(?=[^\d\s])/gu, ' to ')
    .replace(/[:=]/gu, ' ')
    .replace(/(?<![\p{L}])(?:of|an?|is|my|what|levels?|results?|tests?|readings?)(?![\p{L}])/giu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  const read = HBA1C_READING.exec(rest);
  if (read === null) return null;
  // "6,5 %": a decimal comma, as European reports write it (no result needs a digit group).
  const [value, unit, target] = [read[1].replace(',', '.'), read[2], read[3]];
  const percentFirst = unit !== undefined ? PERCENT_WORD.test(unit) : target !== undefined ? !PERCENT_WORD.test(target) : Number(value) < 20;
  return answer(percentFirst ? `${value} % to mmol/mol` : `${value} mmol/mol to %`, data);
}

/** A time of day by the 12-hour clock, alone or asked as the other half of the day. */
const CLOCK_TIME = /^\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.?|p\.m\.?)(?:\s+(?:to|in)\s+(?:\d{1,2}(?::\d\d)?\s*)?(?:am|pm|a\.m\.?|p\.m\.?))?$/iu;

/** A square or cubic unit's digit typed without ² or ³ ("m2", "ft3"). */
const POWER_DIGIT = /(?<=\p{L})[23]\b/gu;

/**
 * The answer to a query that holds a number, names a pair ("feet to meters", "mpg to
 * L/100km": one of the first) or asks for one in words ("how many ounces in a pound"); null
 * when it is no conversion. A pair that does not read as one ("how to cook rice", "cups to
 * grams" without an ingredient) is left to the search, without a message.
 */
export function answer(typed: string, data: AnswerData): Answer | null {
  // An arrow reads as "to" for every question below, not only the reader's (R-13 → metric, 10 km
  // → pace); "decimal" before a unit says only that the number has a point (7.5 decimal hours).
  const arrowless = typed.replace(ARROW, ' to ');
  const asked = arrowless.replace(DECIMAL_UNIT, (said, unit: string) => (isUnitWord(unit, data) ? unit : said));
  if (asked !== arrowless) {
    const inParts = decimalInParts(asked, data);
    if (inParts !== null) return inParts;
  }
  // "usd to inr today", "10 km to miles conversion", "current usd to inr": the words around a
  // conversion that ask nothing more; the query as typed is read when the rest answers nothing.
  // Only around a conversion (a number or a target): "leap year calculator" is a search.
  const plain = asked.replace(LEADING_FILLER, '').replace(TRAILING_FILLER, '');
  const read =
    plain !== asked && (/\d/u.test(plain) || plain.search(SEPARATOR) >= 0)
      ? (answerAsTyped(plain, data) ?? withoutSeparator(plain, data) ?? answerAsTyped(asked, data))
      : (answerAsTyped(asked, data) ?? withoutSeparator(asked, data));
  if (read === null) return compoundPair(plain, data);
  return read.kind === 'error' ? (measuredThing(plain, read.message, data) ?? read) : withFeetAndInches(plain, kilobytesToo(plain, sameUnitAsTyped(plain, read), data), data);
}

/** An arrow between a quantity and its target, with the spaces around it. */
const ARROW = /\s*(?:→|->|=>)\s*/gu;

/** "decimal" and the word after it ("decimal hours", "decimal feet"). */
const DECIMAL_UNIT = /\bdecimal\s+(\p{L}+)/giu;

/**
 * "2.25 decimal hours", "5.75 decimal feet" with no target (`asked` with "decimal" taken out):
 * what such a number is looked up for, its whole units and the parts of the rest (2 h 15 min,
 * 5 ft 9 in), by the first compound of its category that the unit leads. Null for any other
 * query, and for a whole number.
 */
function decimalInParts(asked: string, data: AnswerData): Answer | null {
  if (asked.search(SEPARATOR) >= 0) return null;
  const read = readConversion(asked, unitLexicon(data), null);
  if (read.kind !== 'ok' || read.parsed.kind !== 'quantity' || read.category === null || read.parsed.units.length !== 1) return null;
  const unit = read.parsed.unit;
  // A whole number (3 decimal minutes) has no parts to show.
  if (kindOf(unit) !== 'linear' || div(read.parsed.value, factorOf(unit)).d === 1n) return null;
  const category = data.categories[read.category];
  const compound = category?.compounds?.find((c) => c.parts[0] === unit.key);
  const target = category === undefined || compound === undefined ? undefined : findTarget(category, compound.key);
  if (target?.kind !== 'compound') return null;
  const inParts = answer(`${asked} to ${target.parts.map((p) => p.symbol).join(' ')}`, data);
  return inParts?.kind === 'answers' ? inParts : null;
}

/** A pair with no number: what is left of the last separator ("ft in to cm"), and what is right of it. */
const BARE_PAIR = /^(\D+)\s+(?:to|in|into|as)\s+(\D+)$/iu;

/**
 * "feet and inches to cm", "stones and pounds to kg": a pair with no number from a compound,
 * which has pair pages only as a target; answered with each part's own fact ("1 ft = 30.48
 * cm", "1 in = 2.54 cm"), each with its pair page. Null when the left is no compound.
 */
function compoundPair(query: string, data: AnswerData): Answer | null {
  const m = BARE_PAIR.exec(query.trim());
  if (m === null) return null;
  // The left read as what a compound is read as, a target: "1 cm to feet and inches".
  const read = readConversion(`1 ${m[2]} to ${m[1]}`, unitLexicon(data), null);
  if (read.kind !== 'ok' || read.target?.kind !== 'compound') return null;
  const lines = read.target.parts.map((part) => answer(`1 ${part.symbol} to ${m[2]}`, data)).flatMap((a) => (a?.kind === 'answers' ? a.answers.slice(0, 1) : []));
  return lines.length === read.target.parts.length ? { kind: 'answers', answers: lines } : null;
}

/** "kb" in lower case: the kilobit by its case (kB is the kilobyte), and a file's size as people type it. */
const LOWER_KB = /(?<![\p{L}])kb(?![\p{L}])/u;

/**
 * "1 kb to bytes", "500 kb in kib", "1 kb": kb is the kilobit by its case, yet beside bytes, or
 * alone, a file size in kilobytes is what is almost always meant, and the two differ by 8: the
 * kilobytes first (alone, their first line: "1 kB = 1,000 B"), then the kilobits, each said so.
 * Beside bits ("1 kb to bits") kb stays the kilobit alone.
 */
function kilobytesToo(query: string, read: Answer | null, data: AnswerData): Answer | null {
  if (read?.kind !== 'answers' || read.answers.length !== 1 || !LOWER_KB.test(query) || /\p{Lu}/u.test(query)) return read;
  const keys = read.answers[0].keys;
  if (keys?.from !== 'kilobits' || !keys.to.endsWith('bytes')) return read;
  const bytes = answer(query.replace(LOWER_KB, 'kB'), data);
  if (bytes?.kind !== 'answers' || bytes.answers.length === 0) return read;
  return {
    kind: 'answers',
    answers: [
      { ...bytes.answers[0], text: `${bytes.answers[0].text} (kb read as kB, kilobytes)` },
      { ...read.answers[0], text: `${read.answers[0].text} (kb as kbit, kilobits, by its case)` },
    ],
  };
}

/**
 * "1 mL to cm^3", "1 l to dm3", "2 ml in cc": a volume asked in a cube of a length that is its
 * own unit answered "1 mL = 1 mL", which says nothing; the right side is then as typed, said so.
 */
function sameUnitAsTyped(query: string, read: Answer | null): Answer | null {
  const same = read?.kind === 'answers' && read.answers.length === 1 ? /^([\d.,]+ )(\S+) = \1\2$/iu.exec(read.answers[0].text) : null;
  const last = [...query.matchAll(SEPARATOR)].at(-1);
  if (same === null || last === undefined || read?.kind !== 'answers') return read;
  const typed = powered(query.slice(last.index + last[0].length).trim());
  if (!/^(?:\p{L}+³|cc|cubic\s+\p{L}+)$/iu.test(typed)) return read;
  return { kind: 'answers', answers: [{ ...read.answers[0], text: `${same[1]}${same[2]} = ${same[1]}${typed} (the same unit)` }] };
}

/** A height in feet whose decimals may be inches, as people write 5 ft 10 in: "5.10 ft", "5.6 feet to cm". */
const FEET_DECIMALS = /^([3-7])\.(1[01]|[1-9])\s*(?:ft|feet|foot)(?![\p{L}])(.*)$/iu;

/**
 * "5.10 ft to cm" is 5.1 feet, answered so; yet a height typed so usually means 5 ft 10 in,
 * so that reading follows, said so ("if 5.10 meant 5 feet 10 inches"). Only for heights a
 * person has (3 to 7 ft) and decimals an inch count can be (1 to 11).
 */
function withFeetAndInches(query: string, read: Answer | null, data: AnswerData): Answer | null {
  const m = FEET_DECIMALS.exec(query.trim());
  if (m === null || read?.kind !== 'answers' || read.answers.length !== 1) return read;
  const inches = answer(`${m[1]} ft ${m[2]} in${m[3]}`, data);
  if (inches?.kind !== 'answers' || inches.answers.length !== 1 || inches.answers[0].label !== read.answers[0].label) return read;
  const { pair: _pair, ...line } = inches.answers[0];
  return { kind: 'answers', answers: [...read.answers, { ...line, text: `${line.text} (if ${m[1]}.${m[2]} meant ${m[1]} feet ${m[2]} inches)` }] };
}

/**
 * "32 inch tv in cm", "27 inch monitor to cm", "100 gaj plot in sq ft", "32 psi tire pressure
 * in bar": a word or two naming what is measured, between a quantity and its target, where
 * the reading found no unit; the measure converted without them, said so. Null otherwise.
 */
function measuredThing(query: string, message: string, data: AnswerData): Answer | null {
  const last = [...query.matchAll(SEPARATOR)].at(-1);
  if (last === undefined) return null;
  const words = query.slice(0, last.index).trim().split(/\s+/u);
  for (const n of [1, 2]) {
    const thing = words.slice(-n);
    const rest = words.slice(0, -n);
    // A quantity with its unit before them ("32 inch", "32inch"), never a bare number, whose
    // "in" would then read as inches ("5 feetz in cm" is a typo, left to the speller).
    const unit = rest.at(-1)?.replace(/^[\d.,]+/u, '') ?? '';
    if (!rest.some((w) => /\d/u.test(w)) || unit === '' || !isUnitWord(unit, data)) continue;
    if (!thing.every((w) => /^\p{L}+$/u.test(w) && !isUnitWord(w, data))) continue;
    if (!message.startsWith(`Unknown unit “${thing[0]}”`)) continue;
    const read = unitAnswer(`${rest.join(' ')}${query.slice(last.index)}`, data, (c) => [ignoredNote(thing.join(' '), c, data)]);
    if (read?.kind === 'answers') return read;
  }
  return null;
}

/** Whether `word` names a currency alone ("inr", "euros", "yen"), as an amount's would. */
function isMoneyWord(word: string, data: AnswerData): boolean {
  const read = readMoney(`1 ${word}`, data.currencies);
  return read.kind === 'ok' && read.parsed.kind === 'quantity' && read.target === null;
}

/**
 * "5 feet cm", "100 lb kg", "100 usd inr": an amount, then the unit or currency wanted with no "to"
 * between, as people type into a search engine. Read as "… to <the last word or two>" when
 * those name a unit and that reads as an answer; else nothing, as before.
 */
function withoutSeparator(query: string, data: AnswerData): Answer | null {
  if (!/\d/u.test(query) || query.search(SEPARATOR) >= 0) return null;
  const words = query.trim().split(/\s+/u);
  // "square feet", "fl oz" before "feet", "oz"; at least an amount and a unit before them.
  for (const n of [2, 1]) {
    if (words.length < n + 2) continue;
    const target = words.slice(-n).join(' ');
    if (/\d/u.test(target) || !(isUnitWord(target, data) || isMoneyWord(target, data))) continue;
    const read = answerAsTyped(`${words.slice(0, -n).join(' ')} to ${target}`, data);
    if (read !== null && read.kind !== 'error') return read;
  }
  return null;
}

/** Words before a conversion that ask nothing more ("current usd to inr"). */
const LEADING_FILLER = /^\s*(?:(?:today(?:['’]?s)?|current|live|latest|online)\s+)+/iu;
/** Words after one that ask nothing more ("usd to inr today", "5 ft to cm calculator"). */
const TRAILING_FILLER = /(?:\s+(?:today|now|right\s+now|live|conversion|converter|calculator|calc|online|exactly))+\s*[?.!]*\s*$/iu;

function answerAsTyped(asked: string, data: AnswerData): Answer | null {
  // A question mark asks, it names nothing: "5 km in miles?", "2 m = ? ft".
  // "half a cup in ml", "1 cup and 2 tbsp": as the reader writes them (spokenAmounts.ts).
  const query = spokenAmounts(asked.replace(/\?/gu, ' ').trim(), (w) => isUnitWord(w, data) || /^sticks?$/iu.test(w));
  // "$250 per sq ft to per m²": the unit of a price converted, before the pump's sentence below.
  const price = pricePerUnit(query, data);
  if (price !== null) return price;
  // "1000 IU vitamin D to mcg": a vitamin's IU, before the sentence for IU with no vitamin;
  // "30 dBm to W": a power level, before the sentence for one a card cannot convert.
  const measured = iuQuestion(query, data) ?? levelQuestion(query, data);
  if (measured !== null) return measured;
  // "bmi 180 cm 75 kg", "beaufort", "shoe size 9 uk to eu": no unit, said so before any reading.
  const scale = notConverted(query);
  // Crypto is money asked: the box lists no currency pages under its sentence.
  if (scale !== null) return { kind: 'error', message: scale, ...(asksCrypto(query) && { money: true as const }) };
  // "1 xau to usd": a precious metal's ISO code, whose price the site does not convert.
  const metalCode = METAL_CODE.exec(query);
  if (metalCode !== null) {
    const metal = METAL_CODES[metalCode[1].toUpperCase()];
    return { kind: 'error', message: `${metalCode[1].toUpperCase()} is ${metal} by the troy ounce, not a currency. ${metalPrice(metal)}` };
  }
  // "3 pm", "10:30 p.m.", "10 pm to am": a time of day, not picomoles per liter (pM).
  if (CLOCK_TIME.test(query)) return null;
  // "50p", "99p": a price in pence, as UK price tags write it, not 50 poise (P); money alone is a search.
  if (PENCE_ALONE.test(query)) return null;
  // "99 cents", "50 cents to dollars": money, which the box leaves to the search as before the
  // land's cent; converted to another currency ("50 cents to gbp") it answers, in US cents.
  if (CENTS_FIRST.test(query) && !centsOfLand(query, data)) {
    const money = moneyAnswer(query, data);
    return money?.kind === 'currency' && money.from.code !== money.to.code ? money : null;
  }
  // A query naming HbA1c is its result or nothing: "a1c to mmol/mol" is no "a" (are) of area.
  if (HBA1C_NAMES.test(query)) return hba1cQuestion(query, data);
  // "20%", "5% of 200": a share, not an HbA1c result, whose % names it only beside HbA1c's
  // words or its other scale ("7% to mmol/mol").
  if (BARE_PERCENT.test(query) && !HBA1C_CONTEXT.test(query)) return null;
  const bushel = bushelQuestion(query, data);
  if (bushel !== null) return bushel;
  const battery = batteryQuestion(query, data);
  if (battery !== null) return battery;
  const lab = labQuestion(query, data);
  if (lab !== null) return lab;
  const tds = tdsQuestion(query, data);
  if (tds !== null) return tds;
  const part = componentQuestion(query, data);
  if (part !== null) return part;
  const weighed = weighQuestion(query, data);
  if (weighed !== null) return weighed;
  const paced = paceQuestion(query, data);
  if (paced !== null) return paced;
  const accelerated = accelerationQuestion(query, data);
  if (accelerated !== null) return accelerated;
  const sped = speedQuestion(query, data);
  if (sped !== null) return sped;
  const named = namedQuestion(query, data);
  if (named !== null) return named;
  const cooling = hvacQuestion(query, data);
  if (cooling !== null) return cooling;
  const pressure = bloodPressure(query, data);
  if (pressure !== null) return pressure;
  const engine = engineSize(query, data);
  if (engine !== null) return engine;
  const insulation = rValueQuestion(query, data);
  if (insulation !== null) return insulation;
  // "180°C fan to f": the oven's temperature, with the fan oven's note (oven.ts).
  const fan = withoutFan(query);
  // "400 convection to c": the fan word says the bare number is an oven's degrees, read as "400° to c" is.
  const degrees = fan?.replace(/^(\d[\d.,]*)(?=\s+(?:to|in|into)\s)/iu, '$1°') ?? null;
  const asDegrees = degrees === null || degrees === fan ? null : answer(degrees, data);
  const oven = fan === null ? null : asDegrees?.kind === 'answers' ? asDegrees : answer(fan, data);
  if (oven?.kind === 'answers' && oven.answers.some((a) => a.label === 'Temperature')) {
    return { kind: 'answers', answers: oven.answers.filter((a) => a.label === 'Temperature').map((a) => ({ ...a, text: withFanNote(a.text) })) };
  }
  // "160 fan to f": what the temperature lacks ("Say which unit 160 is in"), not "Unknown unit “fan”".
  if (oven?.kind === 'error') return oven;
  // "EUR/USD", "eurusd", "usd inr rate": the pair in the order typed, answered with its rate.
  const pair = pairNotation(query, data);
  if (pair !== null) {
    const asked = answer(pair, data);
    if (asked?.kind === 'currency') return asked;
  }
  const plain = plainConversion(query);
  if (plain !== null) {
    const asked = answer(plain, data);
    // Of its messages only "type it with its case" is kept: "how many mb in a gb", "… kb in a mb".
    if (asked !== null && (asked.kind !== 'error' || namesUnclearUnit(plain, data) || asked.pairs !== undefined)) return asked;
  }
  // A power digit is no number: "m2" or "ft3" alone names a unit (Square Meters), not 2 m.
  // A number in words is a number ("two feet in cm", "one hundred kb to mb").
  const digits = holdsNumber(query.replace(POWER_DIGIT, ''));
  const worded = !digits && holdsNumberWord(query);
  const value = digits || worded ? answerValue(query, data) : null;
  if (value !== null && value.kind !== 'error') return value;
  // "a mile in km": "a" is one before a unit, answered when it reads so; "a to b" is no
  // number, and its message is left to the search.
  if (!digits && !worded && /^\s*an?\s/iu.test(query) && namesPair(query)) {
    const one = answerValue(query, data);
    if (one !== null && one.kind !== 'error') return one;
  }
  // "m cm", "kg lbs": two symbols with nothing between, as a pair is searched.
  const symbols = digits || worded ? null : SYMBOL_PAIR.exec(query);
  if (symbols !== null && isUnitWord(symbols[1], data) && isUnitWord(symbols[2], data)) {
    const pair = answer(`${symbols[1]} to ${symbols[2]}`, data);
    if (pair?.kind === 'answers') return pair;
  }
  if (namesPair(query) && !worded) {
    const one = answerValue(`${inPartsExample(query, data)} ${query.trim()}`, data);
    if (one !== null && one.kind !== 'error') return one.kind === 'currency' ? { ...one, pair: true } : withRule(one, data);
    // "kb to mb" asks bits or bytes, as "1 kb to mb" does; "oz to ml" says fl oz as "1 oz to ml" does.
    // "dollar to peso": which peso, as "1 dollar to peso" asks.
    if (one?.kind === 'error' && (namesUnclearUnit(query, data) || one.pairs !== undefined || one.shared === true)) return one;
  }
  return value;
}

/**
 * The amount a pair with no number is answered for: 1, but into parts ("cm to feet and
 * inches", "minutes to hours and minutes") the first power of ten up to 10¹⁵ that reaches the
 * largest part and is no whole number of it (100 cm = 3 ft 3.37 in; 100 min = 1 h 40 min;
 * 10,000 s = 2 h 46 min 40 s; 10,000,000 ms likewise, not 1.75 ms = 0.0018 s),
 * else 1.75 ("hours to hours and minutes": 1 h 45 min), never "1 min = 1 min".
 */
function inPartsExample(query: string, data: AnswerData): string {
  const read = readConversion(`1 ${query.trim()}`, unitLexicon(data), null);
  if (read.kind !== 'ok' || read.target?.kind !== 'compound' || read.parsed.kind !== 'quantity') return '1';
  const from = read.parsed.unit;
  if (kindOf(from) !== 'linear') return '1';
  const largest = read.target.parts.map((p) => factorOf(p)).reduce((a, b) => (compare(a, b) >= 0 ? a : b));
  const fits = (n: bigint): boolean => {
    const inLargest = div(mul(rational(n), factorOf(from)), largest);
    return compare(inLargest, rational(1n)) >= 0 && inLargest.d !== 1n;
  };
  const powers = Array.from({ length: 16 }, (_, k) => 10n ** BigInt(k));
  return String(powers.find(fits) ?? '1.75');
}

/**
 * A pair asked with no number whose readings are no multiples ("celsius to fahrenheit",
 * "l/100km to mpg"): its rule as the pair page gives it (°F = °C × 1.8 + 32; 0 °C = 32 °F),
 * since "1 °C = 33.8 °F" reads as a factor to multiply by.
 */
function withRule(one: Answer, data: AnswerData): Answer {
  if (one.kind !== 'answers' || one.answers.length !== 1 || one.answers[0].keys === undefined) return one;
  const [line] = one.answers;
  const { category, from, to } = line.keys!;
  const rule = pairRule({ ...data.categories[category as keyof typeof data.categories], key: category }, from, to);
  return rule === null ? one : { kind: 'answers', answers: [{ ...line, text: rule }] };
}

function answerValue(query: string, data: AnswerData, withMoney = true): Answer | null {
  const money = withMoney ? moneyAnswer(query, data) : null;
  if (money !== null) return moneyOrUnits(money, query, data);
  // A unit whose name holds an ingredient ("5 inches of water to psi") reads whole in the
  // units; an ingredient's word is never a unit word otherwise, so what the units answer is
  // never a measure of an ingredient.
  const units = unitAnswer(query, data);
  if (units?.kind === 'error' && moneyCounted(units.message, data)) return null;
  // "1 gallon of paint" is read as a volume, what it holds ignored; "of" an ingredient, known
  // or not ("1 cup of flour", "1 cup of caster sugar"), is the cooking converter's.
  if (units?.kind === 'answers') {
    const cooking = /\sof\s/iu.test(query) ? cookingAnswer(query, data) : null;
    const ingredient = cooking?.kind === 'answers' || (cooking?.kind === 'error' && cooking.unknownIngredient === true);
    return ingredient ? cooking! : units;
  }
  return cookingAnswer(query, data) ?? unknownContents(query, units, data) ?? units;
}

/**
 * Whether `message` says that a word of money is no unit of a category of plain numbers
 * ("10 million dollars to crore", "1 billion usd in crore"): which crores are meant, of
 * dollars or of rupees, is not said, so the search answers, not a message about numbers.
 */
function moneyCounted(message: string, data: AnswerData): boolean {
  const word = listedWord(message);
  if (word === null || !Object.values(data.categories).some((c) => c.counts === true && message.toLowerCase().includes(`${c.label.toLowerCase()} units include`))) return false;
  const read = readMoney(`1 ${word}`, data.currencies);
  return read.kind === 'ok' && read.parsed.kind === 'quantity';
}

/**
 * "1 gallon of paint in kg": a volume of something no ingredient, asked as a weight (or a
 * weight as a volume). What it weighs is its density, which the site has only for the Cooking
 * converter's ingredients; so the message says that, not that a weight was typed for a
 * volume. Null otherwise: a weight asked as a weight ("1 kg of m&ms in lb") involves no density.
 */
function unknownContents(query: string, units: Answer | null, data: AnswerData): Answer | null {
  const last = [...query.matchAll(SEPARATOR)].at(-1);
  if (units?.kind !== 'error' || last?.index === undefined) return null;
  const held = /^(.*\S)\s+of\s+(\S.*)$/iu.exec(query.slice(0, last.index));
  if (held === null) return null;
  const categoryOf = (quantity: string): string | null => {
    const read = readConversion(quantity, unitLexicon(data), null);
    return read.kind === 'ok' ? read.category : null;
  };
  const kinds = new Set([categoryOf(held[1]), categoryOf(`1 ${query.slice(last.index + last[0].length)}`)]);
  if (!(kinds.has('volume') && kinds.has('weight'))) return null;
  const example = `${held[1]} of water${query.slice(last.index)}`;
  if (cookingAnswer(example, data)?.kind !== 'answers') return null;
  return { kind: 'error', message: `Between a volume and a weight of ${held[2].trim()} lies its density, which this site has only for the Cooking converter’s ingredients, as in “${example.trim()}”.` };
}

/**
 * A money reading, unless the query reads as units and names no money for sure: "3 ft to km"
 * and "500 R to K" are lengths and temperatures, though Ft is the forint's sign, KM the
 * Bosnian mark's, R the rand's and K the kyat's (the currency words match in any case). Money
 * is named for sure by a currency sign (€, $, £…) or a code typed as such (HUF, EUR); a
 * letter sign that is no unit word never reads as units anyway. The money's own message
 * ("Convert an amount of money to HUF") gives way to the units' ("5 to ft").
 */
function moneyOrUnits(money: Answer, query: string, data: AnswerData): Answer {
  const sure = /\p{Sc}/u.test(query) || (query.match(/\p{L}+/gu) ?? []).some((word) => data.currencies.some((c) => c.code === word || (c.code === word.toUpperCase() && lookupWord(unitLexicon(data), word, null) === null)));
  if (sure) return money;
  const units = answerValue(query, data, false);
  return units?.kind === 'answers' || (money.kind === 'error' && units !== null) ? units : money;
}

/** A number's degree word at the end of a value: "350°", "350 °", "350 degrees", "350 deg". */
const BARE_DEGREES = /^(.*\d)\s*([°º˚]|degrees?|degs?|deg\.)$/iu;

/**
 * "350° to c", "350 degrees to celsius": an oven temperature as US recipes print it, with a
 * Celsius or Fahrenheit target, is a temperature on the other scale (°F to °C, °C to °F),
 * saying so; never an angle, and never the cup c would be beside one. Null otherwise ("90° to
 * rad" is the angle); with a kelvin or Rankine target, a question which scale.
 */
function ovenDegrees(query: string, data: AnswerData): Answer | null {
  const TEMPERATURE = 'temperature';
  const c = data.categories[TEMPERATURE];
  if (c === undefined || !/[°º˚]|\bdeg/iu.test(query)) return null;
  const lex = unitLexicon(data);
  const read = readConversion(query, lex, TEMPERATURE);
  if (read.kind !== 'ok' || read.parsed.kind !== 'number' || read.parsed.clock !== undefined || read.target?.kind !== 'unit') return null;
  const target = read.target.unit;
  const scales: Record<string, string> = { celsius: 'fahrenheit', fahrenheit: 'celsius' };
  const other = c.units.find((u) => u.key === scales[target.key]);
  const bare = BARE_DEGREES.exec(read.text);
  if (bare === null) return null;
  // "350° to K": a kelvin or Rankine target names no other scale, so the visitor says which.
  if (other === undefined) {
    const asked = `${bare[1]}${/^[°º˚]$/u.test(bare[2]) ? '' : ' '}${bare[2]}`;
    return c.units.some((u) => u.key === target.key) ? { kind: 'error', message: `Say which scale ${asked} is on: “${bare[1]} °F to ${target.symbol}” or “${bare[1]} °C to ${target.symbol}”.` } : null;
  }
  const text = `${bare[1]} ${other.symbol}`;
  const parsed = parseInput(text, lex, TEMPERATURE);
  if (parsed.kind !== 'quantity') return null;
  const note = `${bare[2]} read as ${other.symbol}, as the target is ${target.symbol}`;
  return unitAnswers({ ...read, text, parsed: { ...parsed, notes: [...parsed.notes, note] } }, { ...c, key: TEMPERATURE }, data.pages[TEMPERATURE], '');
}

/**
 * The answer in the unit categories (no money, no ingredient), or null when it is none;
 * `more`: notes its reading adds (an ingredient named and ignored).
 */
function unitAnswer(query: string, data: AnswerData, more: (category: string) => string[] = () => []): Answer | null {
  const oven = ovenDegrees(query, data);
  if (oven !== null) return oven;
  const read = poweredReading(query, data) ?? readConversion(query, unitLexicon(data), null);
  if (read.kind === 'empty') return null;
  if (read.kind === 'error') {
    const squared = poweredTarget(query, data);
    if (squared !== null) return squared;
    // A range, a ratio or a room's sides: the parser's own message says why, as a card's does.
    const refused = refusal(query, read, data);
    if (refused !== null) return { kind: 'error', message: refused };
    if (!read.aboutUnits && !namesUnclearUnit(query, data)) return null;
    // The reader's way to type the unit likely meant ("For US fluid ounces, type “fl oz”.")
    // stays after the cooking hint: "1 cup to oz" is more often asked in fluid ounces, and so
    // is "8 oz to cups", whose message is about the target.
    const typeThat = typeThatOf(read.message);
    const more = typeThat === '' ? quantityTypeThat(query, data) : '';
    // "2 T to tsp", "1 T to ml": the recipe T and t, spoons here, not a weight (cooking.ts RECIPE_SPOONS).
    const spoon = spoonReading(query, data);
    if (spoon !== null) return spoon;
    // "1 stick to tbsp": the stick is butter's measure only (cooking.ts STICK), so it is read with butter.
    const stick = /(?<![\p{L}])sticks?(?![\p{L}])/iu.exec(query);
    if (stick !== null && !/butter/iu.test(query) && listedWord(read.message)?.toLowerCase() === stick[0].toLowerCase()) {
      // Only against a volume or a weight, as butter answers ("5 sticks to ft" keeps its message).
      const example = `${query.slice(0, stick.index + stick[0].length)} of butter${query.slice(stick.index + stick[0].length)}`;
      if (/ (?:Volume|Weight) units include /u.test(read.message)) return { kind: 'error', message: `A stick is read with butter, as in “${example}”.` };
    }
    const hint = cookingHint(query, data);
    if (hint === null) return { kind: 'error', message: read.message + more, ...bytePairs(query, data) };
    // "8 oz to ml", "120 ml in oz": most mean fluid ounces (a drink, a baby's bottle), so
    // that reading leads, worked out, and the ingredient's weight follows.
    const fluid = fluidOunceReading(query, data);
    // The fluid reading's pair page is listed first: "oz to ml", US Fluid Ounces to Milliliters.
    if (fluid === null) {
      // "1 litre to kg", "100 ml to g": outside the kitchen's measures, water is what is meant.
      const water = KITCHEN_MEASURE.test(query) ? null : asWater(query, data);
      if (water !== null) {
        const note = `as water; for another liquid or food, name it, as in “${withIngredient(query, 'milk')}”`;
        return { kind: 'answers', answers: water.answers.map((a) => ({ ...a, text: `${a.text} (${note})` })) };
      }
    }
    return fluid === null ? { kind: 'error', message: hint + typeThat + more } : { kind: 'error', message: `${fluid.said} ${hint}`, ...(fluid.pair && { pairs: [fluid.pair] }) };
  }
  const category = read.category === null ? undefined : data.categories[read.category];
  if (category === undefined || read.category === null) return null;
  const noted = more(read.category);
  if (noted.length > 0) read.parsed = { ...read.parsed, notes: [...read.parsed.notes, ...noted] };
  const answers = unitAnswers(read, { ...category, key: read.category }, data.pages[read.category], '');
  if (read.target !== null || answers?.kind !== 'answers') return answers;
  return { kind: 'answers', answers: [...answers.answers, ...readingInOtherCase(query, read.category, data)] };
}

/** A lower-case b after a prefix letter, as a size is often typed: "gb", "mb", "kb". */
const LOWER_B = /(?<!\p{L})([kmgtpe])b(?!\p{L})/gu;

/**
 * "1 gb in mb", "kb to mb": the message asks bits or bytes, and the pages of the pair in bytes,
 * what a size is almost always meant in (file sizes, disks), are listed first, not whichever
 * of bits or bytes the search ranks first (and Enter would open). None when nothing changes.
 */
function bytePairs(query: string, data: AnswerData): { pairs?: { href: string; title: string }[] } {
  const bytes = query.replace(LOWER_B, (_, p: string) => `${p.toUpperCase()}B`);
  const read = bytes === query ? null : unitAnswer(bytes, data);
  const pairs = read?.kind === 'answers' ? read.answers.flatMap((a) => (a.pair ? [a.pair] : [])) : [];
  return pairs.length > 0 ? { pairs } : {};
}

/**
 * "10 m2 to ft", "100 sq m in feet": an area or a volume asked in a length, as people say
 * "feet" for square feet, answered in the square or cube of that length, saying so. Null
 * when the query reads no better so.
 */
function poweredTarget(query: string, data: AnswerData): Answer | null {
  const last = [...query.matchAll(SEPARATOR)].at(-1);
  if (last?.index === undefined) return null;
  const head = query.slice(0, last.index + last[0].length);
  const typed = query.slice(head.length).trim();
  const found = typed === '' ? null : lookupWord(unitLexicon(data), typed, null);
  if (found === null || !('entry' in found) || found.entry.category !== 'length') return null;
  for (const power of ['²', '³']) {
    const target = `${found.entry.unit.symbol}${power}`;
    const asked = `${head} ${target}`;
    const read = poweredReading(asked, data) ?? readConversion(asked, unitLexicon(data), null);
    if (read.kind !== 'ok' || read.parsed.kind !== 'quantity' || read.category === null) continue;
    const c = data.categories[read.category];
    // A volume only when typed as a cube ("2 m3 to ft"): "2 cups to meters" means no cubic meters.
    if (c === undefined || (power === '³' && !read.parsed.unit.symbol.includes('³'))) continue;
    const answered = unitAnswers(read, { ...c, key: read.category }, data.pages[read.category], '');
    if (answered?.kind === 'answers') return { kind: 'answers', answers: answered.answers.map((a) => ({ ...a, note: `${typed} read as ${target}` })) };
  }
  return null;
}

/**
 * "37 c": c is the cup's symbol and C Celsius's, and a temperature is often typed in lower
 * case; without a target, the reading the other case makes is answered too ("37 °C =
 * 98.6 °F" after the cups). None when no word of the query is such a symbol of a reading,
 * and none for a capital typed where the other symbol has none: "10 kN" is typed in the
 * kilonewton's own case, never a shift slip for another unit's "kn".
 */
function readingInOtherCase(query: string, category: string, data: AnswerData): UnitAnswer[] {
  const lex = unitLexicon(data);
  for (const m of query.matchAll(/\p{L}+/gu)) {
    const typed = exactForm(m[0]);
    const others = lex.words.get(wordKey(m[0]))?.filter((e) => e.exact !== typed && e.category !== category && capitalsLeftOut(typed, e.exact)) ?? [];
    for (const other of others) {
      const read = readConversion(query.slice(0, m.index) + other.exact + query.slice(m.index + m[0].length), lex, null);
      if (read.kind !== 'ok' || read.target !== null || read.parsed.kind !== 'quantity' || !read.parsed.single) continue;
      const c = data.categories[other.category];
      const answers = c === undefined ? null : unitAnswers(read, { ...c, key: other.category }, data.pages[other.category], '');
      if (answers?.kind === 'answers') return answers.answers;
    }
  }
  return [];
}

/** Whether `typed` is `exact` with only some capitals typed in lower case (c for C, not kN for kn). */
function capitalsLeftOut(typed: string, exact: string): boolean {
  const [t, e] = [[...typed], [...exact]];
  return t.length === e.length && e.every((ch, i) => t[i] === ch || t[i] === ch.toLowerCase());
}

/**
 * How to type the unit of the target's category that a unit word of the quantity is part of,
 * as the reader says it of a target ("8 oz to cups": " For US fluid ounces, type “fl oz”.");
 * '' when there is none.
 */
function quantityTypeThat(query: string, data: AnswerData): string {
  const lex = unitLexicon(data);
  const last = [...query.matchAll(SEPARATOR)].at(-1);
  if (last?.index === undefined) return '';
  const target = lookupWord(lex, query.slice(last.index + last[0].length).trim(), null);
  if (target === null || !('entry' in target)) return '';
  const typedWords = query.slice(0, last.index).split(/\s+/u).map((word) => word.replace(/^[\d.,/]+/u, '')).filter((w) => w !== '');
  // The unit must be written with every unit word (and US, UK, imperial) typed: "40 miles per
  // imperial gallon" names mpg UK, never mi/L for "miles" alone, 4.5× off.
  const near = typedWords.filter((w) => QUALIFIERS.has(wordKey(w)) || lookupWord(lex, w, null) !== null);
  for (const typed of typedWords) {
    const found = lookupWord(lex, typed, null);
    if (found === null || !('entry' in found) || found.entry.category === target.entry.category) continue;
    const that = typeThatOf(otherCategory(typed, found.entry, lex, target.entry.category, near));
    if (that !== '') return that;
  }
  return '';
}

/**
 * Whether a word of the query is a unit symbol typed in neither of its cases ("1 gb to mb":
 * GB or Gb?): the reader's message says which it could be, where a query of words the
 * reader cannot take ("top 10 converters") gets none.
 */
function namesUnclearUnit(query: string, data: AnswerData): boolean {
  return query.split(/[\s,]+/u).some((word) => {
    const found = word === '' ? null : lookupWord(unitLexicon(data), word, null);
    return found !== null && 'unclear' in found;
  });
}

/**
 * The parser's message refusing the quantity typed ("1000-1200 sq ft": a range; "100 m2 /
 * 4 m2": a ratio; "12x14 ft to m2": a room's sides), as the reading `read` has it or as the
 * card of a square or cubic unit reads a query typed with one ("m2": poweredReading); null
 * when the query is refused as no such quantity.
 */
function refusal(query: string, read: ConversionReading, data: AnswerData): string | null {
  if (read.kind === 'error' && read.refusal !== undefined) return read.message;
  for (const powered of poweredReadings(query, data)) if (powered.kind === 'error' && powered.refusal !== undefined) return powered.message;
  // "10 x 12 feet in square feet": a room's sides asked as an area, said as the Area card says it.
  const room = data.categories[AREA] === undefined ? null : readConversion(query.replace(SIDES_BY, '$1 × '), unitLexicon(data), AREA);
  return room?.kind === 'error' && room.refusal === 'room' ? room.message : null;
}

const AREA = 'area';
/** "12 by 15 feet": a room's sides, as people say them. */
const SIDES_BY = /(\d)\s+by\s+(?=\d)/giu;

/**
 * A reading of a query with a square or cubic unit typed without ² or ³ ("2 m3 to ft3",
 * "10 sqft to m2"): the reader takes "m2" so only in a category that has it (on a length
 * card "5ft2in" is 5 ft 2 in), and the box has none; so each category with such units is
 * tried. Null when none reads the query whole.
 */
function poweredReading(query: string, data: AnswerData): Extract<ConversionReading, { kind: 'ok' }> | null {
  for (const read of poweredReadings(query, data)) if (read.kind === 'ok' && read.parsed.kind === 'quantity') return read;
  return null;
}

/** The query read on each card of a square or cubic unit, one at a time, when a letter before a 2 or 3 may be one ("m2", "ft3"). */
function* poweredReadings(query: string, data: AnswerData): Generator<ConversionReading> {
  if (!/\p{L}[23]\b/u.test(query)) return;
  for (const [key, c] of Object.entries(data.categories)) {
    if (c.units.some((u) => /[²³]/u.test(u.symbol))) yield readConversion(query, unitLexicon(data), key);
  }
}

/**
 * "butter ignored: a weight is the same whatever it is of": what a measure is of, dropped from
 * its reading in `category`, as the reader says it of a volume or a weight (tokens.ts).
 */
function ignoredNote(what: string, category: string, data: AnswerData): string {
  const label = (data.categories[category]?.label ?? category).toLowerCase();
  return heldIgnored(what, category) ?? `${what} ignored: ${/^[aeiou]/iu.test(label) ? 'an' : 'a'} ${label} is the same whatever it is of`;
}

/**
 * A measure of an ingredient ("1 cup of flour in grams", "200 g butter to cups", "2 tbsp
 * honey → ml", "3 cups flour"): the ingredient ends what is converted, as on the cooking card (cooking.ts),
 * and the measures are that ingredient's. Null when no ingredient is named there.
 * A measure the cooking card has not is read in the units instead (`orUnits`; the cooking
 * hint asks without, as it is what the units' reading calls).
 */
/** A precious metal after a weight, its price perhaps asked ("gold rate"). */
const PRECIOUS_METAL = /^(gold|silver|platinum)(?:\s+(?:rate|price|value|today))*$/iu;

/** The precious metals' ISO 4217 codes, which a rate provider may quote as currencies. */
const METAL_CODES: Record<string, string> = table({ XAU: 'gold', XAG: 'silver', XPT: 'platinum' });
const METAL_CODE = /(?<![\p{L}\d])(xau|xag|xpt)(?![\p{L}\d])/iu;

/** What the box says of a precious metal's price: the site converts its weight; gold's price is in the banner. */
function metalPrice(metal: string): string {
  const banner = metal === 'gold' ? ': the banner at the top of each page shows gold in US dollars per troy ounce' : '';
  return `Unitly converts the weight of ${metal} (its ounce is the troy ounce, 31.1034768 g), as in “1 oz ${metal} to g”, not its price${banner}.`;
}

function cookingAnswer(query: string, data: AnswerData, orUnits = true): Answer | null {
  const page = data.pages[COOKING_KEY];
  if (!data.cooking || page === undefined) return null;
  // The ingredient ends the query ("3 cups flour": in the card's usual measure) or what
  // comes before a target, the last first.
  const ends = [query.length, ...[...query.matchAll(SEPARATOR)].map((m) => m.index).reverse()];
  const measures = [...data.cooking.volume, ...data.cooking.weight];
  for (const end of ends) {
    const { ingredient, rest, unknown, named, note } = splitIngredient(query.slice(0, end), data.cooking.ingredients, measures, (w) => isUnitWord(w, data) || QUALIFIERS.has(wordKey(w)));
    // "1 cup caster sugar to grams": an ingredient the data has not, as the card says, not
    // the granulated sugar its last word names.
    if (unknown !== null) {
      // "1 lb beef in grams", "2 cups chicken stock in ml": a weight in a weight, or a volume
      // in a volume, is the same whatever it is of; only across the two is the ingredient asked.
      // With a target only: "1 tsp baking soda" alone asks grams, which only the ingredient gives.
      const measure = `${rest}${query.slice(end)}`;
      const targeted = measure.search(SEPARATOR) >= 0 && !/^(?:to|in|into|as)\b/iu.test(unknown);
      const same = orUnits && targeted ? unitAnswer(measure, data, (c) => [ignoredNote(unknown, c, data)]) : null;
      if (same?.kind === 'answers') return same;
      // "1 oz gold in inr", "10 gram gold rate": a price asked, which no ingredient answers.
      const metal = PRECIOUS_METAL.exec(unknown);
      if (metal !== null) return { kind: 'error', message: metalPrice(metal[1].toLowerCase()) };
      return { kind: 'error', message: `Unknown ingredient “${unknown}”: the Cooking converter lists the ones it knows.`, unknownIngredient: true };
    }
    if (ingredient === null || rest === '') continue;
    const category = ingredientCategory(data.cooking, ingredient);
    const measure = `${rest}${query.slice(end)}`;
    const read = readConversion(measure, lexiconFor(category), COOKING_KEY);
    // A measure the cooking card has not ("100 barrels of oil to liters", "1 m3 of water to
    // gallons"): a volume in a volume does not depend on the ingredient; in a weight ("1 cubic
    // foot of water in lb") it is weighed as the card weighs its measures, never refused as
    // if the weight were typed wrong.
    if (read.kind !== 'ok') {
      // The ingredient named is never dropped unsaid (3 t of butter was once 3,000,000 g).
      const ignored = (c: string): string[] => [ignoredNote(named ?? ingredient.name.toLowerCase(), c, data)];
      const units = orUnits ? unitAnswer(measure, data, ignored) : null;
      if (units?.kind === 'answers') return units;
      const weighed = orUnits ? everyVolumeAnswer(measure, data, ingredient, page) : null;
      // A refusal of a measure the card knows ("2 tbsp (40 ml)": two amounts) says more than
      // the units' "a unit of volume, not weight", which an ingredient answers; an unknown
      // word's ("5 furlongs of butter") says less than theirs.
      const cooks = read.kind === 'error' && !/^Unknown unit/u.test(read.message);
      if (weighed === null && cooks) return { kind: 'error', message: read.message };
      return weighed ?? units ?? (read.kind === 'error' ? { kind: 'error', message: read.message } : null);
    }
    const answered = unitAnswers(read, category, page, `&ingredient=${encodeURIComponent(ingredient.key)}`, ` of ${ingredient.name.toLowerCase()}`);
    return answered?.kind === 'answers' ? ounceReadings({ ...answered, answers: answered.answers.map((a) => ({ ...a, href: stickLink(a.href), ...(note !== null && { note }) })) }, read, data) : answered;
  }
  return null;
}

/** A fluid reading's line as its own, not the words typed: "US fl oz" rather than "(in US fluid ounces, as typed)". */
const fluidText = (text: string): string => text.replace(/ \(in US [^)]*, as typed\)$/u, '').replace(/ fl oz$/u, ' US fl oz');

/** The weight ounce typed alone, not after fl, fluid or troy: "8 oz", "8oz", "ounces". */
const WEIGHT_OUNCE = /(?<!\b(?:fl|fluid|troy)\.?\s*)(?<=\d|\s|^)(oz|ounces?)\.?(?=\s|$)/giu;

/**
 * "“oz” is a weight; for fluid ounces type fl oz: 8 US fluid ounces = 236.588237 mL.": the
 * query with its weight ounce read as the US fluid ounce, when it then converts, with that
 * reading's pair page; else null.
 */
function fluidOunceReading(query: string, data: AnswerData): { said: string; pair?: UnitAnswer['pair'] } | null {
  const spaced = query.replace(/(\d)(oz|ounces?)\b/giu, '$1 $2');
  const typed = [...spaced.matchAll(WEIGHT_OUNCE)].map((m) => m[1]);
  if (typed.length === 0) return null;
  const fluid = unitAnswer(spaced.replace(WEIGHT_OUNCE, 'US fl oz'), data);
  if (fluid?.kind !== 'answers') return null;
  return { said: `“${typed[0]}” is a weight; for fluid ounces type fl oz: ${fluidText(fluid.answers[0].text)}.`, pair: fluid.answers[0].pair };
}

/** A recipe's T or t typed alone after a number ("2 T to tsp"), case as typed: T the tablespoon, t the teaspoon. */
const RECIPE_SPOON = /(?<=\d|\s|^)([Tt])\.?(?=\s|$)/u;

/**
 * "“T” is the tonne; for tablespoons type tbsp: 2 US tablespoons = 6 tsp.": a volume asked
 * from or in a T or t, which as the tonne it cannot be, worked out as the recipe spoon, as
 * fluidOunceReading does for the ounce (with an ingredient the box reads the spoon itself);
 * null when that reading does not convert either ("1 T to g" wants an ingredient).
 */
function spoonReading(query: string, data: AnswerData): AnswerError | null {
  const typed = RECIPE_SPOON.exec(query)?.[1];
  if (typed === undefined) return null;
  const [spoon, word] = typed === 'T' ? ['tablespoons', 'tbsp'] : ['teaspoons', 'tsp'];
  const read = unitAnswer(query.replace(RECIPE_SPOON, word), data);
  if (read?.kind !== 'answers') return null;
  const line = read.answers[0];
  return { kind: 'error', message: `“${typed}” is the tonne; for ${spoon} type ${word}: ${fluidText(line.text)}.`, ...(line.pair && { pairs: [line.pair] }) };
}

/**
 * What to say when a volume is asked in a weight or back ("2 cups to grams") with no
 * ingredient: that the ingredient decides, with the query as it would read with the cooking
 * card's default one. Null when the query is no such measure.
 */
function cookingHint(query: string, data: AnswerData): string | null {
  const cooking = data.cooking;
  const last = [...query.matchAll(SEPARATOR)].at(-1);
  const chosen = cooking?.ingredients.find((i) => i.key === cooking.default.ingredient);
  if (!cooking || last === undefined || chosen === undefined) return null;
  const example = withIngredient(query, chosen.aliases?.[0] ?? chosen.name.toLowerCase());
  if (cookingAnswer(example, data, false)?.kind !== 'answers') return null;
  // "a cup" when one was typed ("2 cups to grams"), else no cup a visitor did not name.
  const measure = /\bcups?\b/iu.test(query) ? 'a cup' : 'a measure';
  return `What ${measure} weighs depends on what is in it: name the ingredient, as in “${example}”.`;
}

/** A kitchen's measure, whose weight is most often asked of flour or sugar, not water. */
const KITCHEN_MEASURE = /(?<![\p{L}])(?:cups?|tbsps?|tbs|tablespoons?|tsps?|teaspoons?|sticks?)(?![\p{L}])/iu;
/** "1 litre to kg" with an ingredient named: "1 litre of milk to kg". */
function withIngredient(query: string, ingredient: string): string {
  const last = [...query.matchAll(SEPARATOR)].at(-1);
  return last === undefined ? query : `${query.slice(0, last.index).trim()} of ${ingredient}${query.slice(last.index)}`.trim();
}

/** The query read with water as its ingredient ("1 litre to kg": 1 L of water = 1 kg); null when that does not convert. */
function asWater(query: string, data: AnswerData): Extract<Answer, { kind: 'answers' }> | null {
  if ([...query.matchAll(SEPARATOR)].length === 0) return null;
  const read = cookingAnswer(withIngredient(query, 'water'), data, false);
  return read?.kind === 'answers' ? read : null;
}

/** The ounce as typed in a measure: "8 oz", "8oz", "8 ounces", "1 ounce". */
const OUNCE_WORD = /(?<=\d|\s|^)(?:oz|ounces?)\.?(?=\s|$)/iu;

/**
 * "8 oz of water to ml", "250 ml of milk in oz": oz is the weight ounce, as everywhere on the
 * site, but with a volume on the other side many mean the US fluid ounce (a glass of water
 * is "8 oz"), 4 % apart for water. Both readings are answered, each named ("8 oz (weight) of
 * water = 226.8 mL", "8 US fl oz = 236.588237 mL"), so neither is taken silently: the weight
 * first, as oz reads everywhere and as a baker's "8 oz of flour" means; for every
 * ingredient, since which of them are poured the data does not say.
 */
function ounceReadings(answered: Extract<Answer, { kind: 'answers' }>, read: Extract<ConversionReading, { kind: 'ok' }>, data: AnswerData): Answer {
  const cooking = data.cooking!;
  const rest = read.text;
  const volume = (key: string): boolean => cooking.volume.some((u) => u.key === key);
  const typed = read.parsed.kind === 'quantity' ? read.parsed.units.map((u) => u.key) : [];
  const fromOunces = typed.length === 1 && typed[0] === 'ounces' && OUNCE_WORD.test(rest);
  const toOunces = read.target?.kind === 'unit' && read.target.unit.key === 'ounces' && typed.length > 0 && typed.every(volume);
  if (!fromOunces && !toOunces) return answered;
  const symbol = (key: string): string => cooking.volume.find((u) => u.key === key)?.symbol ?? key;
  const fluidLines = (asked: Answer | null): UnitAnswer[] => (asked?.kind !== 'answers' ? [] : asked.answers.map((f) => ({ ...f, text: fluidText(f.text) })));
  const lines = answered.answers.flatMap((a): UnitAnswer[] => {
    const to = new URLSearchParams(a.href.split('?')[1] ?? '').get('to') ?? '';
    if (fromOunces && volume(to)) {
      const fluid = unitAnswer(`${rest.replace(OUNCE_WORD, 'US fl oz')} to ${symbol(to)}`, data);
      return [{ ...a, text: a.text.replace(/^(\S+ oz)/u, '$1 (weight)') }, ...fluidLines(fluid)];
    }
    if (toOunces && to === 'ounces') {
      const fluid = unitAnswer(`${rest} to US fl oz`, data);
      return [{ ...a, text: a.text.replace(/ oz\b/u, ' oz (weight)') }, ...fluidLines(fluid)];
    }
    return [a];
  });
  return { kind: 'answers', answers: lines };
}

/** Each ingredient's category with every linear unit of the volume category, made once. */
const everyVolumeCategories = new WeakMap<Ingredient, UnitCategory & { key: string }>();

/**
 * A measure of `ingredient` in a volume unit the cooking card does not offer ("1 ft³ of water
 * in lb", "2 m3 of water to kg"), weighed by the same figure; the link opens the card with
 * the quantity in liters (or the target in liters), which it offers. Null when the measure
 * reads so neither.
 */
function everyVolumeAnswer(measure: string, data: AnswerData, ingredient: Ingredient, page: string): Answer | null {
  const cooking = data.cooking!;
  let category = everyVolumeCategories.get(ingredient);
  if (category === undefined) {
    const volume = Object.values(data.categories).find((c) => c.units.some((u) => u.key === cooking.cup));
    if (volume === undefined) return null;
    category = cookingCategory({ ...cooking, volume: volume.units.filter((u) => kindOf(u) === 'linear') }, ingredient);
    everyVolumeCategories.set(ingredient, category);
  }
  const read = readConversion(measure, lexiconFor(category), COOKING_KEY);
  if (read.kind !== 'ok' || read.parsed.kind !== 'quantity') return null;
  const extra = `&ingredient=${encodeURIComponent(ingredient.key)}`;
  const answered = unitAnswers(read, category, page, extra, ` of ${ingredient.name.toLowerCase()}`);
  if (answered?.kind !== 'answers') return answered;
  const onCard = (key: string): boolean => [...cooking.volume, ...cooking.weight].some((u) => u.key === key);
  const liters = category.units.find((u) => u.key === 'liters');
  const { unit, value } = read.parsed;
  if (liters === undefined) return answered;
  const links = (a: UnitAnswer): string => {
    const to = new URLSearchParams(a.href.split('?')[1] ?? '').get('to') ?? '';
    if (onCard(unit.key) && onCard(to)) return a.href;
    const from = onCard(unit.key) ? unit.key : 'liters';
    return link(page, from === 'liters' ? `${toNumber(fromBase(value, liters))}` : read.text, from, onCard(to) ? to : 'liters') + extra;
  };
  return { kind: 'answers', answers: answered.answers.map((a) => ({ ...a, href: links(a) })) };
}

/** Each ingredient's category, made once, so that its lexicon (lexiconFor) is built once too. */
const ingredientCategories = new WeakMap<Ingredient, UnitCategory & { key: string }>();

function ingredientCategory(cooking: CookingData, ingredient: Ingredient): UnitCategory & { key: string } {
  let category = ingredientCategories.get(ingredient);
  if (category === undefined) ingredientCategories.set(ingredient, (category = cookingCategory(cooking, ingredient)));
  return category;
}

/**
 * A unit for the example of “Say which unit 5 is in”: the converter's usual ones first (m,
 * ft), one the number can be in (h for a clock's 1:30:00, min for 5:30; tokens.ts clockFit),
 * never the unit asked for.
 */
function exampleUnit(c: UnitCategory, clock: Clock | undefined, target: string): UnitCategory['units'][number] {
  const fits = (u: UnitCategory['units'][number]): boolean => u.key !== target && (clock === undefined || clockFit(clock, u) !== null);
  // A clock of two parts is h:mm or m:ss: minutes, or hours when minutes are asked for ("2:30 in minutes").
  const usual = clock === undefined ? [c.default.from, c.default.to] : clock.parts === 3 ? ['hours'] : ['minutes', 'hours'];
  const byKey = (key: string) => c.units.find((u) => u.key === key);
  return usual.map(byKey).find((u) => u !== undefined && fits(u)) ?? c.units.find(fits) ?? c.units[0];
}

/**
 * The answer lines for a reading of `category`: to its target, or without one to the
 * converter's usual units ("5 ft": in meters); each opens the converter at `page` with the
 * value and pair filled in (`extra`: more of the address), `what` after the value read.
 */
/**
 * The other system's usual unit (units.yaml `usual`) an amount alone of `from` is best said
 * in: the largest that `base` (the amount in the category's base unit) holds at least one of,
 * else the smallest (100 g: ounces, 2 lb: kilograms, 1 g: ounces); for nothing, the nearest
 * in size. Null for a unit of neither system, or a category with no usual units.
 */
export function usualCounterpart(c: UnitCategory, from: Unit, base: Rational): Unit | null {
  const others = usualOfTheOtherSystem(c, from).sort((a, b) => compare(factorOf(a), factorOf(b)));
  if (others.length === 0) return null;
  const amount = magnitude(base);
  if (isZero(amount)) return nearestInSize(others, from);
  return others.filter((u) => compare(amount, factorOf(u)) >= 0).at(-1) ?? others[0];
}

/** The category's usual linear units (units.yaml `usual`) of the other system than `unit`'s; none for a unit of neither system. */
function usualOfTheOtherSystem(c: UnitCategory, unit: Unit): Unit[] {
  if (unit.system !== 'metric' && unit.system !== 'imperial') return [];
  return (c.usual ?? []).map((key) => c.units.find((u) => u.key === key)).filter((u): u is Unit => u !== undefined && u.system !== unit.system && kindOf(u) === 'linear');
}

/** Of `units` (not empty), the one nearest `unit` in size, by the ratio of their factors. */
function nearestInSize(units: Unit[], unit: Unit): Unit {
  const apart = (u: Unit): number => Math.abs(Math.log(toNumber(factorOf(u)) / toNumber(factorOf(unit))));
  return units.reduce((best, u) => (apart(u) < apart(best) ? u : best));
}

/** How an amount alone reads in a unit: a speck below a thousandth, a heap from a million. */
const SPECK = rational(1n, 1000n);
const HEAP = rational(1000000n);

function readsWell(base: Rational, unit: Unit): boolean {
  const value = div(magnitude(base), factorOf(unit));
  return isZero(value) || (compare(value, SPECK) >= 0 && compare(value, HEAP) < 0);
}

/**
 * The units an amount alone is said in, each that would read as a speck or a heap ("1 kB =
 * 0.000000931 GiB") moved along its ladder (units.yaml `ladders`) to the largest rung the
 * amount holds one of ("1,000 B"); when that is the unit typed, one rung on toward the unit
 * replaced ("1 ms": 0.001 s for minutes; "1 GHz": 1,000 MHz for hertz). A unit that still
 * reads badly, or has no ladder, is left out. When every one is, the amount is said one rung
 * up its own ladder ("25 µg = 0.025 mg"), else on the rungs found, however far ("1 ly =
 * 5,878,625,373,183.61 mi"), else as it was.
 */
function onReadableRungs(c: UnitCategory, keys: string[], from: Unit, base: Rational): string[] {
  const unitOf = (key: string): Unit | undefined => c.units.find((u) => u.key === key);
  const ladderOf = (key: string): Unit[] | undefined => c.ladders?.find((l) => l.includes(key))?.map(unitOf).filter((u): u is Unit => u !== undefined);
  const moved = keys.map((key): Unit | null => {
    const unit = unitOf(key);
    if (unit === undefined || kindOf(unit) !== 'linear' || readsWell(base, unit)) return unit ?? null;
    const rungs = ladderOf(key);
    if (rungs === undefined) return null;
    let at = 0;
    rungs.forEach((u, i) => {
      if (compare(magnitude(base), factorOf(u)) >= 0) at = i;
    });
    // On the typed unit's own rung, a step toward the unit it replaces.
    if (rungs[at].key === from.key) at += rungs.findIndex((u) => u.key === key) > at ? 1 : -1;
    const rung = rungs[at];
    return rung !== undefined && rung.key !== from.key ? rung : null;
  });
  const found = [...new Set(moved.filter((u): u is Unit => u !== null).map((u) => u.key))];
  const readable = found.filter((key) => readsWell(base, unitOf(key)!));
  if (readable.length > 0) return readable;
  const own = ladderOf(from.key);
  const up = own?.[own.findIndex((u) => u.key === from.key) + 1];
  if (up !== undefined && readsWell(base, up)) return [up.key];
  return found.length > 0 ? found : keys;
}

function unitAnswers(read: Extract<ConversionReading, { kind: 'ok' }>, c: UnitCategory & { key: string }, page: string | undefined, extra: string, what = ''): Answer | null {
  const { parsed, target } = read;
  if (page === undefined) return null;
  if (parsed.kind === 'number') {
    if (target === null) return null; // a number alone is a search ("2024")
    if (c.counts !== true) {
      const example = exampleUnit(c, parsed.clock, target.kind === 'unit' ? target.unit.key : target.key);
      return { kind: 'error', message: `Say which unit ${parsed.reading} is in, as in “${parsed.reading} ${example.symbol} to …”.` };
    }
  }
  // Plain numbers count in the base: "5 million in lakh" is 5,000,000 ones.
  const from = c.units.find((u) => u.key === (parsed.kind === 'number' ? c.base : parsed.unit.key));
  if (!from) return null;
  // With a target, that; without one, the other system's usual unit that suits the amount
  // ("5 km": miles), then of the converter's pair the unit of the typed one's system when the
  // amount holds one of it ("5 km": 5,000 m; "1 in": no 0.083 ft); else the converter's pair.
  const counterpart = target === null && parsed.kind === 'quantity' && !parsed.single ? usualCounterpart(c, from, parsed.value) : null;
  const sameSystem = (key: string): boolean => {
    const unit = c.units.find((u) => u.key === key);
    return unit !== undefined && unit.system === from.system && kindOf(unit) === 'linear' && compare(magnitude(parsed.value), factorOf(unit)) >= 0;
  };
  const pair = [c.default.to, c.default.from].filter((k) => k !== from.key && (counterpart === null || (k !== counterpart.key && sameSystem(k))));
  const alone = counterpart !== null ? [counterpart.key, ...pair] : pair;
  const keys = target !== null ? [target.kind === 'unit' ? target.unit.key : target.key] : parsed.kind === 'quantity' && !parsed.single ? onReadableRungs(c, alone, from, parsed.value) : alone;
  const answers: UnitAnswer[] = [];
  for (const key of keys) {
    const to = findTarget(c, key);
    if (!to) continue;
    const outcome = convertReading(read, { category: c, input: read.text, from, to, decimals: 'auto', exactTo: target === null });
    if (outcome.kind === 'error') return outcome;
    if (outcome.kind !== 'ok') continue;
    // A line reads as a fact: no such temperature is one (the card converts it with a warning).
    if (outcome.belowAbsoluteZero) return { kind: 'error', message: belowAbsoluteZero(parsed.reading) };
    // How it was read, as the card says it: "1.200 m² = 12.916693 ft² (the point is a decimal point)".
    const notes = readingNotes(outcome);
    const note = notes.length > 0 ? ` (${notes.join('; ')})` : '';
    const result = resultLine(outcome);
    // "5 cc to ml" reads 5 mL, and "5 mL = 5 mL" says nothing: the left side is then as typed.
    const reading = parsed.reading === result && what === '' ? read.text : parsed.reading;
    const line: UnitAnswer = { kind: 'units', text: plainMinus(`${reading}${what} = ${result}${outcome.pace ? ` = ${outcome.pace}` : ''}${note}`), href: link(page, read.text, from.key, key) + extra, label: c.label };
    // Every ordered pair of a category's units has its page (src/content/pairs.rs), and some
    // units to a compound (urlState pairPageSlug); not the cooking card's measures of an
    // ingredient (`extra`).
    const unit = c.units.find((u) => u.key === key);
    if (extra === '' && unit !== undefined && unit.key !== from.key) line.keys = { category: c.key, from: from.key, to: unit.key };
    const slug = extra === '' && target !== null ? pairPageSlug(c, from.key, key) : null;
    if (slug !== null) line.pair = { href: `${page}/${slug}`, title: pairTitle(from, to) };
    answers.push(line);
  }
  return answers.length > 0 ? { kind: 'answers', answers } : null;
}
