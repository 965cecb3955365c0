// The currency card's Amount read by the value parser (fractions, sums, a decimal comma, a
// currency typed with it: €100, 100 EUR, 100 usd to jpy). Loaded by the card when needed.
import { buildLexicon, wordKey, type Lexicon, type LexUnit } from './parse.ts';
import { moreWordsOf, NOT_MEANT_BY_SHARED_WORDS } from './currencyWords.ts';
import { readConversion, type ConversionReading } from './query.ts';
import { toNumber } from './rational.ts';
import { plainDigits } from './digits.ts';
import { readsAsTyped } from './readingNote.ts';
import { checkAmount, type AmountReading } from './quickAmount.ts';
import { DECIMAL_POINT_NOTE, readUnitWords } from './tokens.ts';
import type { Currency } from './units.ts';
import { CURRENCY_CODES } from '../generated/units.ts';
import { table } from './table.ts';

const lexicons = new WeakMap<Currency[], Map<string, Lexicon>>();

/** The last word of a currency's name, as people call it: "dollar" (US Dollar), "yen" (Japanese Yen). */
function shortName(c: Currency): string | null {
  const word = c.name.split(/\s+/).at(-1)?.toLowerCase() ?? '';
  return /^\p{L}+$/u.test(word) ? word : null;
}

/** A currency that has a word, and whether the word is the catalog's own for it (its sign, its name). */
interface Holder {
  currency: Currency;
  own: boolean;
}

/** Who has each word of a list of currencies (by its key), and the currencies that share one. */
interface Words {
  of: Map<Currency, string[]>;
  holders: Map<string, Holder[]>;
  sharing: Set<string>;
}

const wordsOfList = new WeakMap<Currency[], Words>();
const FEATURED = new Set<string>(CURRENCY_CODES);

/**
 * Every word of each currency but its code: its sign, name and plural name (the catalog's
 * own), the name people call it and its plural ("dollar", "dollars"), and the signs and names
 * of currencyWords.ts.
 */
function currencyWords(currencies: Currency[]): Words {
  const known = wordsOfList.get(currencies);
  if (known !== undefined) return known;
  const words: Words = { of: new Map(), holders: new Map(), sharing: new Set() };
  for (const c of currencies) {
    const own = [c.symbol, c.name, `${c.name}s`];
    const short = shortName(c);
    const list = [...own, ...(short === null ? [] : [short, `${short}s`]), ...moreWordsOf(c.code)];
    words.of.set(c, list);
    const keys = new Set<string>();
    list.forEach((word, i) => {
      const key = wordKey(word);
      if (keys.has(key)) return;
      keys.add(key);
      words.holders.set(key, [...(words.holders.get(key) ?? []), { currency: c, own: i < own.length }]);
    });
  }
  for (const list of words.holders.values()) if (list.length > 1) for (const h of list) words.sharing.add(h.currency.code);
  wordsOfList.set(currencies, words);
  return words;
}

/**
 * The currency a word means: the one currency of the list that has it; of several ("$",
 * "dollars", "¥", "kr", "pesos"), the card's From, else its To, when that is one of them
 * ("$100" on a Mexican peso card is pesos); else the first featured one (USD before CAD),
 * else the one whose own sign or name it is (₩ is the South Korean won's), else the only one
 * exchanged abroad ("won": NOT_MEANT_BY_SHARED_WORDS). A word only other currencies share
 * ("pesos", "kr") means none.
 */
function meant(holders: Holder[], pair?: { from: string; to: string }): Currency | undefined {
  if (holders.length === 1) return holders[0].currency;
  const holder = (code: string | undefined) => holders.find((h) => h.currency.code === code);
  const exchanged = holders.filter((h) => !NOT_MEANT_BY_SHARED_WORDS.has(h.currency.code));
  const decided = holder(pair?.from) ?? holder(pair?.to) ?? holders.find((h) => FEATURED.has(h.currency.code)) ?? holders.find((h) => h.own);
  return (decided ?? (exchanged.length === 1 ? exchanged[0] : undefined))?.currency;
}

/**
 * The currencies as the one category `currency` of a lexicon (built once per list and per
 * From and To that share a word): codes, signs and names are their words.
 */
export function currencyLexicon(currencies: Currency[], pair?: { from: string; to: string }): Lexicon {
  const words = currencyWords(currencies);
  const card = [pair?.from, pair?.to].map((code) => (code !== undefined && words.sharing.has(code) ? code : ''));
  const built = lexicons.get(currencies) ?? new Map<string, Lexicon>();
  lexicons.set(currencies, built);
  let lexicon = built.get(card.join(' '));
  if (lexicon === undefined) {
    const chosen = { from: card[0], to: card[1] };
    const units = currencies.map((c): LexUnit => {
      const aliases = (words.of.get(c) ?? []).filter((w) => meant(words.holders.get(wordKey(w)) ?? [], chosen) === c);
      return { key: c.code, symbol: c.code, aliases };
    });
    lexicon = buildLexicon({ currency: { label: 'currency', units } });
    built.set(card.join(' '), lexicon);
  }
  return lexicon;
}

/**
 * The currency one word names as the Amount reads it ("euro", "yen", "€", "usd"): a shared
 * address's `from` or `to`, on the currency card. Null for none or several.
 */
export function currencyOfWord(word: string, currencies: Currency[]): string | null {
  try {
    const words = readUnitWords(word.trim(), currencyLexicon(currencies), 'currency');
    return words !== null && words.length === 1 ? words[0].entry.unit.key : null;
  } catch {
    return null;
  }
}

/**
 * A magnitude written after an amount, as prices and salaries are: 10k, 1.5m, 2 bn, 3 million,
 * and as India and its neighbours count: 1 lakh (100,000), 12L, 2 crore (10,000,000).
 */
const MAGNITUDE = /(\d)\s*(k|thousand|m|mn|million|b|bn|billion|lakhs?|lacs?|l|crores?|cr)(?![\p{L}\p{N}])/giu;
const MAGNITUDES: Record<string, [string, string]> = table({
  lakh: ['100000', 'a lakh is 100,000'],
  lakhs: ['100000', 'a lakh is 100,000'],
  lac: ['100000', 'a lac is a lakh, 100,000'],
  lacs: ['100000', 'a lac is a lakh, 100,000'],
  // ₹12L, as Indian salaries and prices write a lakh.
  l: ['100000', 'L is a lakh, 100,000'],
  crore: ['10000000', 'a crore is 10,000,000'],
  crores: ['10000000', 'a crore is 10,000,000'],
  cr: ['10000000', 'cr is a crore, 10,000,000'],
  k: ['1000', 'k is a thousand'],
  thousand: ['1000', ''],
  m: ['1000000', 'm is a million'],
  mn: ['1000000', 'mn is a million'],
  million: ['1000000', ''],
  b: ['1000000000', 'b is a billion'],
  bn: ['1000000000', 'bn is a billion'],
  billion: ['1000000000', ''],
});

/**
 * "$1,250 MN", "1,250 M.N.": moneda nacional, as Mexican prices write the peso (upper case: "mn" is a million).
 * Bare "MN" only after a "$" amount: "5 MN to kN" is meganewtons, and kN no kuna.
 */
const MONEDA_NACIONAL = /(\d)\s*(M\.\s?N\.?|MN)(?![\p{L}\p{N}])/gu;
/** "฿1,500.-", "€ 15,-": a price's whole amount, as Thai, Swiss and German prices write it. */
const WHOLE_DASH = /(\d)[.,][-–](?=\s|$)/gu;
/** "1万円", "3.5万": 万 (萬) is ten thousand, as Japanese and Chinese prices count; not "1万2千", which goes on. */
const MAN = /(\d)\s*[万萬](?!\s*\d)/gu;

/**
 * Prices as they are written where they are paid: M.N. after a Mexican amount is the peso
 * (only when no other currency is written before it: "USD 1.5MN" stays a million), a
 * trailing ".-" is dropped, and 万 multiplies by 10,000, saying so.
 */
function localNotations(text: string, currencies: Currency[], notes: Set<string>): string {
  const mexican = currencies.some((c) => c.code === 'MXN');
  return text
    .replace(WHOLE_DASH, '$1')
    .replace(MONEDA_NACIONAL, (all, digit: string, mn: string, at: number) => {
      const before = text.slice(0, at);
      if (!mexican || /[^\s$\d.,'’]/u.test(before) || (mn === 'MN' && !before.includes('$'))) return all;
      notes.add('M.N. is moneda nacional, the Mexican peso');
      return `${digit} MXN`;
    })
    .replace(MAN, (_, digit: string) => {
      notes.add('万 is 10,000');
      return `${digit} × 10000 `;
    });
}

/** A reading of money; `money`: a refusal about money for sure, which the search box says too. */
export type MoneyReading = ConversionReading | { kind: 'error'; message: string; money: true; /** A word several currencies write: which is asked. */ shared?: true };

/** Pence after a number: "50p", "99 p". */
const PENCE = /(\d)\s*p(?![\p{L}\p{N}])/giu;
/** Cents after a number: "50 cents", "1 cent". */
const CENTS = /(\d)\s*cents?(?![\p{L}\p{N}])/giu;

/** A sign before an amount and a currency's word after it: "$500 MXN", "£5 GBP", "$2.5 × 1000000 USD". */
const SIGN_AND_CODE = /(^|[\s(])([^\s\d.,()+\-−×*/÷]+)\s*(\d[\d\s.,'’×]*?)\s*(\p{L}+)(?![\p{L}\p{N}])/gu;

/**
 * A price written with its sign and its code, as receipts, menus and booking sites write
 * them ("$500 MXN", "$20 USD", "£5 GBP"): the code says which currency the sign is, when the
 * sign can stand for it ($ is the peso's in Mexico), so the sign is dropped. A sign and a code
 * of two currencies ("£5 USD") are refused.
 */
function signAndCode(text: string, currencies: Currency[], pair?: { from: string; to: string }): { text: string; refused?: string } {
  const { holders } = currencyWords(currencies);
  let refused: string | undefined;
  const out = text.replace(SIGN_AND_CODE, (all, before: string, sign: string, amount: string, word: string) => {
    const signHolders = holders.get(wordKey(sign));
    if (signHolders === undefined) return all;
    let words;
    try {
      words = readUnitWords(word, currencyLexicon(currencies, pair), 'currency');
    } catch {
      return all;
    }
    if (words === null || words.length !== 1) return all;
    const code = words[0].entry.unit.key;
    if (signHolders.some((h) => h.currency.code === code)) return `${before}${amount.trimEnd()} ${word}`;
    refused ??= `“${sign}” and “${word}” are two currencies: type one of them, as in “${amount.trimEnd()} ${word}” or “${sign}${amount.trimEnd()}”.`;
    return all;
  });
  return refused === undefined ? { text: out } : { text, refused };
}

/**
 * A one-letter Latin sign after a number ("20 L", "300 R"): a sign such as the lempira's L or
 * the rand's R is written before the amount, and a letter after one is likelier a unit or a
 * magnitude, so it is refused, saying how to write it (元 and 円 after it are the yuan and
 * yen, as written). Null when there is none.
 */
function letterAfterNumber(text: string, currencies: Currency[]): string | null {
  const { holders } = currencyWords(currencies);
  for (const m of text.matchAll(/(\d(?:[\d.,]*\d)?)\s*([a-z])(?![\p{L}\p{N}])/giu)) {
    const signs = holders.get(wordKey(m[2]))?.map((h) => h.currency) ?? [];
    if (signs.length === 0) continue;
    const sign = signs[0].symbol.length === 1 ? signs[0].symbol : m[2];
    return `“${m[2]}” after a number is not read as a currency: write the sign before the amount (“${sign} ${m[1]}” is ${m[1]} ${signs.map((c) => c.code).join(' or ')}), or type the code (“${m[1]} ${signs[0].code}”).`;
  }
  return null;
}

/**
 * `text` read as money (readConversion over the currencies; a sign or name several share is
 * `pair`'s From or To when it is one of them), an amount's magnitude read as a product ("10k
 * USD" is 10 × 1000 USD, exactly) and said in the notes when it is a letter. A letter after
 * the number is the magnitude, as prices are written, never a currency whose sign is that
 * letter: "10k" and "10 K" are 10,000, where the kyat's K is read before the number ("K 100").
 */
export function readMoney(text: string, currencies: Currency[], pair?: { from: string; to: string }): MoneyReading {
  const notes = new Set<string>();
  // The magnitude follows a digit, of whichever script ("１０k").
  let expanded = localNotations(plainDigits(text), currencies, notes).replace(MAGNITUDE, (_, digit: string, word: string) => {
    const [power, note] = MAGNITUDES[word.toLowerCase()];
    if (note !== '') notes.add(note);
    return `${digit} × ${power}`;
  });
  // "50p", "99p": pence, as every UK price tag writes them, never the pula (whose P goes before: "P 50").
  if (currencies.some((c) => c.code === 'GBP')) {
    expanded = expanded.replace(PENCE, (_, digit: string) => {
      notes.add('p is pence: 100p is £1');
      return `${digit} ÷ 100 GBP`;
    });
  }
  // "50 cents", "10 cents in euros": From's cents when it has them, else the US dollar's.
  const centsOf = currencies.find((c) => c.code === pair?.from && c.digits === 2) ?? currencies.find((c) => c.code === 'USD');
  if (centsOf !== undefined) {
    expanded = expanded.replace(CENTS, (_, digit: string) => {
      notes.add(`read as ${centsOf.code} cents: 100 cents is 1 ${centsOf.code}`);
      return `${digit} ÷ 100 ${centsOf.code}`;
    });
  }
  const signed = signAndCode(expanded, currencies, pair);
  if (signed.refused !== undefined) return { kind: 'error', message: signed.refused, money: true };
  expanded = signed.text;
  const read = readConversion(expanded, currencyLexicon(currencies, pair), 'currency');
  // "2,500 pesos", "kr 100": the currencies that write it, as the card and the search box say it.
  const shared = read.kind === 'error' ? (sharedWord(read.message, currencies) ?? sharedTarget(read.message, expanded, currencies)) : null;
  if (shared !== null) return { kind: 'error', message: shared, money: true, shared: true };
  const letter = letterAfterNumber(expanded, currencies);
  if (letter !== null) {
    // Money for sure when it is converted to a currency ("300 R to usd"); "10 R packages" is left to the search.
    const toMoney = read.kind === 'ok' && read.target?.kind === 'unit';
    return toMoney ? { kind: 'error', message: letter, money: true } : { kind: 'error', message: letter };
  }
  const grouped = read.kind === 'ok' ? withoutDecimals(read, expanded, currencies, pair) : null;
  const done = grouped ?? read;
  return done.kind === 'ok' && notes.size > 0 ? { ...done, parsed: { ...done.parsed, notes: [...done.parsed.notes, ...notes] } } : done;
}

/**
 * "100.000 VND", "Rp 100.000", "10.000 yen": in a currency with no decimals (VND, IDR, JPY,
 * KRW…) a point before three digits groups thousands, as Vietnam and Indonesia write prices;
 * read as a decimal point it would be a thousandth of what was meant. Null when the amount is
 * read otherwise (its currency, typed or From, has decimals; no such point).
 */
function withoutDecimals(read: ConversionReading & { kind: 'ok' }, text: string, currencies: Currency[], pair?: { from: string; to: string }): MoneyReading | null {
  if (!read.parsed.notes.includes(DECIMAL_POINT_NOTE)) return null;
  const code = read.parsed.kind === 'quantity' ? read.parsed.unit.key : pair?.from;
  const currency = currencies.find((c) => c.code === code);
  if (currency === undefined || currency.digits !== 0) return null;
  const again = readConversion(text.replace(/(?<![\d.,])(\d{1,3})\.(\d{3})(?![\d.,])/u, '$1$2'), currencyLexicon(currencies, pair), 'currency');
  if (again.kind !== 'ok') return null;
  const note = `the point groups thousands: ${currency.code} has no decimals`;
  return { ...again, parsed: { ...again.parsed, notes: [...again.parsed.notes, note] } };
}

/**
 * For a magnitude word with no number before it ("lakh rupees"): it is a number, never a
 * currency whose code it resembles ("Did you mean LAK?").
 */
function magnitudeWord(message: string): string | null {
  const word = /^Unknown unit “([^”]+)”/u.exec(message)?.[1];
  if (word === undefined || !(word.toLowerCase() in MAGNITUDES)) return null;
  return `“${word}” is a number word: write the amount before it, as in “1 ${word.toLowerCase()}”.`;
}

/**
 * For a word the reader found no currency for because several other currencies share it ("kr",
 * "pesos"), which they are: "unknown" would be wrong.
 */
function sharedWord(message: string, currencies: Currency[]): string | null {
  const word = /^Unknown unit “([^”]+)”/u.exec(message)?.[1];
  return word === undefined ? null : whichOf(word, currencies);
}

/** The question which of the currencies that write `word` is meant; null for a word of one or none. */
function whichOf(word: string, currencies: Currency[]): string | null {
  const holders = currencyWords(currencies).holders.get(wordKey(word));
  if (holders === undefined || holders.length < 2) return null;
  const codes = holders.map((h) => h.currency.code);
  return `“${word}” is written for several currencies (${codes.join(', ')}): type the code (“100 ${codes[0]}”), or choose one of them in From or To.`;
}

/**
 * A word several currencies share after "to" or "in" ("100 dollars in pesos", "usd to peso"):
 * the reader stopped before it, at the separator, so `message` names another word; the
 * question is about the currency wanted.
 */
function sharedTarget(message: string, text: string, currencies: Currency[]): string | null {
  if (!message.startsWith('Unknown unit')) return null;
  const asked = /(?:^|\s)(?:to|in|into)\s+(\p{L}+)\s*$/iu.exec(text)?.[1];
  return asked === undefined ? null : whichOf(asked, currencies);
}

/**
 * The amount, and the pair it is converted in when the Amount names currencies: a currency
 * typed wins over From ("100 EUR"), a target over To ("100 usd to jpy"), and an amount typed
 * in To's currency is converted to From (the card said what it did in `hint`).
 */
export function readAmount(text: string, currencies: Currency[], pair?: { from: string; to: string }): AmountReading {
  const read = readMoney(text, currencies, pair);
  if (read.kind === 'empty') return { value: null, message: null };
  if (read.kind === 'error') return { value: null, message: sharedWord(read.message, currencies) ?? magnitudeWord(read.message) ?? read.message };
  const amount = checkAmount(toNumber(read.parsed.value));
  const notes = [...read.parsed.notes];
  const typed = read.parsed.kind === 'quantity' ? read.parsed.unit.key : undefined;
  const from = typed;
  let to = read.target?.kind === 'unit' ? read.target.unit.key : undefined;
  if (pair && typed === pair.to && to === undefined && typed !== pair.from) {
    to = pair.from;
    notes.push(`converted to ${pair.from}, since ${typed} is the To currency`);
  }
  const said = !readsAsTyped(read.parsed.reading, text) || notes.length > 0 || typed !== undefined;
  if (amount.value === null || (!said && to === undefined)) return amount;
  const hint = `${typed === undefined ? 'Read as' : 'From'} ${read.parsed.reading}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`;
  return { ...amount, ...(from && { from }), ...(to && { to }), ...(said && { hint }) };
}
