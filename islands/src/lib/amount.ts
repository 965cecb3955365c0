// The currency card's Amount read by the value parser (fractions, sums, a decimal comma, a
// currency typed with it: €100, 100 EUR, 100 usd to jpy). Loaded by the card when needed.
import { buildLexicon, type Lexicon, type LexUnit } from './parse.ts';
import { readConversion, type ConversionReading } from './query.ts';
import { toNumber } from './rational.ts';
import { checkAmount, type AmountReading } from './quickAmount.ts';
import type { Currency } from './units.ts';
import { CURRENCY_CODES } from '../generated/units.ts';

const lexicons = new WeakMap<Currency[], Lexicon>();

/** Currencies as units without a factor: the code is the symbol the reading shows; sign, name and plural name are words for it too. */
function currencyUnit(c: Currency, short: ReadonlyMap<string, Currency>): LexUnit {
  const word = shortName(c);
  const own = word !== null && short.get(word) === c ? [word, `${word}s`] : [];
  return { key: c.code, symbol: c.code, aliases: [c.symbol, c.name, `${c.name}s`, ...own] };
}

/** The last word of a currency's name, as people call it: "dollar" (US Dollar), "yen" (Japanese Yen). */
function shortName(c: Currency): string | null {
  const word = c.name.split(/\s+/).at(-1)?.toLowerCase() ?? '';
  return /^\p{L}+$/u.test(word) ? word : null;
}

/**
 * The currency each short name means ("100 euros to dollars", "usd to yen"): the one
 * currency of the list called so, or of several (dollar, pound, rupee) the first featured
 * one, USD before CAD. A name only other currencies share ("peso": ARS, MXN, …) means none.
 */
function shortNames(currencies: Currency[]): Map<string, Currency> {
  const holders = new Map<string, Currency[]>();
  for (const c of currencies) {
    const word = shortName(c);
    if (word !== null) holders.set(word, [...(holders.get(word) ?? []), c]);
  }
  const featured = new Set<string>(CURRENCY_CODES);
  const meant = new Map<string, Currency>();
  for (const [word, list] of holders) {
    const one = list.length === 1 ? list[0] : list.find((c) => featured.has(c.code));
    if (one !== undefined) meant.set(word, one);
  }
  return meant;
}

/** The currencies as the one category `currency` of a lexicon (built once per list): codes, signs, names and short names are their words. */
export function currencyLexicon(currencies: Currency[]): Lexicon {
  let lexicon = lexicons.get(currencies);
  if (lexicon === undefined) {
    const short = shortNames(currencies);
    lexicon = buildLexicon({ currency: { label: 'currency', units: currencies.map((c) => currencyUnit(c, short)) } });
    lexicons.set(currencies, lexicon);
  }
  return lexicon;
}

/** A magnitude written after an amount, as prices and salaries are: 10k, 1.5m, 2 bn, 3 million. */
const MAGNITUDE = /(\d)\s*(k|thousand|m|mn|million|b|bn|billion)(?![\p{L}\p{N}])/giu;
const MAGNITUDES: Record<string, [string, string]> = {
  k: ['1000', 'k is a thousand'],
  thousand: ['1000', ''],
  m: ['1000000', 'm is a million'],
  mn: ['1000000', 'mn is a million'],
  million: ['1000000', ''],
  b: ['1000000000', 'b is a billion'],
  bn: ['1000000000', 'bn is a billion'],
  billion: ['1000000000', ''],
};

/**
 * `text` read as money (readConversion over the currencies). What does not read so is read
 * again with an amount's magnitude as a product ("10k USD" is 10 × 1000 USD, exactly), said in
 * the notes when it is a letter. Only then: a currency whose sign is such a letter (the kyat's
 * K) keeps every reading it had ("100 K" is 100 MMK, where "10k usd" is 10,000 USD).
 */
export function readMoney(text: string, currencies: Currency[]): ConversionReading {
  const plain = readConversion(text, currencyLexicon(currencies), 'currency');
  if (plain.kind !== 'error') return plain;
  const notes = new Set<string>();
  const expanded = text.replace(MAGNITUDE, (_, digit: string, word: string) => {
    const [power, note] = MAGNITUDES[word.toLowerCase()];
    if (note !== '') notes.add(note);
    return `${digit} × ${power}`;
  });
  if (expanded === text) return plain;
  const read = readConversion(expanded, currencyLexicon(currencies), 'currency');
  return read.kind === 'ok' && notes.size > 0 ? { ...read, parsed: { ...read.parsed, notes: [...read.parsed.notes, ...notes] } } : read;
}

/**
 * The amount, and the pair it is converted in when the Amount names currencies: a currency
 * typed wins over From ("100 EUR"), a target over To ("100 usd to jpy"), and an amount typed
 * in To's currency is converted to From (the card said what it did in `hint`).
 */
export function readAmount(text: string, currencies: Currency[], pair?: { from: string; to: string }): AmountReading {
  const read = readMoney(text, currencies);
  if (read.kind === 'empty') return { value: null, message: null };
  if (read.kind === 'error') return { value: null, message: read.message };
  const amount = checkAmount(toNumber(read.parsed.value));
  const notes = [...read.parsed.notes];
  const typed = read.parsed.kind === 'quantity' ? read.parsed.unit.key : undefined;
  const from = typed;
  let to = read.target?.kind === 'unit' ? read.target.unit.key : undefined;
  if (pair && typed === pair.to && to === undefined && typed !== pair.from) {
    to = pair.from;
    notes.push(`converted to ${pair.from}, since ${typed} is the To currency`);
  }
  const said = read.parsed.reading.replace(/\s+/g, ' ') !== text.trim().replace(/\s+/g, ' ') || notes.length > 0 || typed !== undefined;
  if (amount.value === null || (!said && to === undefined)) return amount;
  const hint = `${typed === undefined ? 'Read as' : 'From'} ${read.parsed.reading}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`;
  return { ...amount, ...(from && { from }), ...(to && { to }), ...(said && { hint }) };
}
