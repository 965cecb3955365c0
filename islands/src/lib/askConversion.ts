// Conversions typed into the search box: "5 ft 11 in to cm", "10kg in lb", "3/4 cup in ml",
// "100 usd to eur", or "5 ft" alone (answered in the category's usual units). The value is
// read by the cards' own parser (parse.ts) and converted as the cards convert it
// (conversion.ts); this module adds only the target: the words after the last "to", "in",
// "into", "as", "=" or "→". The units come from the index's units.json (src/search/answers.rs),
// fetched when a query holds a number.
import { buildLexicon, parseInput, wordKey, type LexCategory, type Lexicon } from './parse.ts';
import { convertParsedValue, resultLine, type Target } from './conversion.ts';
import { toNumber } from './rational.ts';
import { conversionSearch } from './urlState.ts';
import { holdsNumber } from './searchWords.ts';
import type { Currency, RateTable, UnitCategory } from './units.ts';

/** What units.json holds: the categories as the cards get them, their pages, the currencies. */
export interface AnswerData {
  categories: Record<string, UnitCategory>;
  /** Category key (and `currency`) → its converter page. */
  pages: Record<string, string>;
  currencies: Currency[];
  fallbackRates: RateTable;
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
}

/** A money conversion: the caller asks the edge for the rate (or falls back). */
export interface CurrencyQuestion {
  kind: 'currency';
  amount: number;
  from: Currency;
  to: Currency;
  href: string;
}

export type Answer = { kind: 'answers'; answers: UnitAnswer[] } | CurrencyQuestion | { kind: 'error'; message: string };

/** "5 ft 11 in to cm" → ["5 ft 11 in", "cm"]: split at the last target word; null without one. */
export function splitTarget(query: string): [string, string] | null {
  const m = /^(.*\S)(?:\s+(?:to|in|into|as)\s+|\s*(?:=|→|->)\s*)(\S.*)$/iu.exec(query.trim());
  return m ? [m[1], m[2].trim()] : null;
}

/** The lexicon of every category, its compounds' words and the currencies, built once per data. */
interface Words {
  lex: Lexicon;
  /** wordKey of a compound's key, name or symbols → [category, compound key]. */
  compounds: Map<string, [string, string]>;
  /** wordKey of a currency's code, name or symbol → the currency (a target). */
  money: Map<string, Currency>;
  /** Every currency's words in lower case, longest first ("ca$" before "$"), to find one in an amount. */
  moneyWords: [string, Currency][];
}
const built = new WeakMap<AnswerData, Words>();

function wordsOf(data: AnswerData): Words {
  let words = built.get(data);
  if (words) return words;
  const lex = buildLexicon(data.categories as Record<string, LexCategory>);
  const compounds = new Map<string, [string, string]>();
  for (const [key, c] of Object.entries(data.categories)) {
    for (const compound of c.compounds ?? []) {
      // "feet_inches", "Feet + Inches", "feet and inches", "ft in", "ft+in"
      const symbols = /\(([^)]*)\)/.exec(compound.name)?.[1] ?? '';
      const name = compound.name.replace(/\s*\(.*\)$/, '');
      const names = [compound.key.replace(/_/g, ' '), name, name.replace('+', 'and'), symbols, symbols.replace(/\s+/g, '+')];
      for (const n of names) if (n.trim() !== '') compounds.set(wordKey(n), [key, compound.key]);
    }
  }
  const money = new Map<string, Currency>();
  for (const c of data.currencies) {
    for (const w of [c.code, c.name, `${c.name}s`, c.symbol]) if (!money.has(wordKey(w))) money.set(wordKey(w), c);
  }
  const moneyWords = data.currencies.flatMap((c) => [`${c.name}s`, c.name, c.code, c.symbol].map((w): [string, Currency] => [w.toLowerCase(), c]));
  moneyWords.sort((a, b) => b[0].length - a[0].length);
  words = { lex, compounds, money, moneyWords };
  built.set(data, words);
  return words;
}

/** The converter page with the value and pair filled in. */
function link(data: AnswerData, category: string, value: string, from: string, to: string): string {
  const page = data.pages[category];
  return page + conversionSearch('', { value, from, to }, { from: '', to: '' });
}

/** "Did you mean …" for a target no category has, from the parser's own suggestion. */
function unknownTarget(target: string, words: Words, data: AnswerData): string {
  for (const key of Object.keys(data.categories)) {
    const p = parseInput(`1 ${target}`, words.lex, key);
    if (p.kind === 'error' && /Did you mean/.test(p.message)) return p.message;
  }
  return `Unknown unit “${target}”.`;
}

/** A money question: "100 usd", "$100", "100 US dollars" in `to`; null when `value` names no currency. */
function currencyQuestion(value: string, to: Currency, words: Words, data: AnswerData): Answer | null {
  const text = value.trim();
  const lower = text.toLowerCase();
  for (const [word, from] of words.moneyWords) {
    const rest = lower.endsWith(word) ? text.slice(0, text.length - word.length) : lower.startsWith(word) ? text.slice(word.length) : null;
    if (rest === null || rest.trim() === '') continue;
    const amount = parseInput(rest, words.lex, null);
    if (amount.kind === 'error') return amount;
    if (amount.kind !== 'number') continue;
    const n = toNumber(amount.value);
    if (!(n >= 0) || !Number.isFinite(n)) return { kind: 'error', message: 'Enter an amount of 0 or more.' };
    return { kind: 'currency', amount: n, from, to, href: link(data, 'currency', rest.trim(), from.code, to.code) };
  }
  return null;
}

/** One unit answer for `value` (read in `category`) converted to `target`. */
function convertTo(data: AnswerData, words: Words, category: string, value: string, target: Target): UnitAnswer | { kind: 'error'; message: string } {
  const c = { ...data.categories[category], key: category };
  const parsed = parseInput(value, words.lex, category);
  if (parsed.kind === 'number') return { kind: 'error', message: `Say which unit ${parsed.reading} is in, as in “${parsed.reading} ${c.units[0].symbol} to …”.` };
  if (parsed.kind !== 'quantity') return parsed.kind === 'empty' ? { kind: 'error', message: 'A number is missing.' } : parsed;
  const outcome = convertParsedValue(parsed, value, c, parsed.unit as (typeof c.units)[number], target, 'auto');
  if (outcome.kind !== 'ok') return outcome.kind === 'error' ? outcome : { kind: 'error', message: 'A number is missing.' };
  const toKey = target.kind === 'unit' ? target.unit.key : target.compound.key;
  return { kind: 'units', text: `${parsed.reading} = ${resultLine(outcome)}`, href: link(data, category, value.trim(), parsed.unit.key, toKey), label: c.label };
}

/** The answer to a query that holds a number, or null when it is no conversion. */
export function answer(query: string, data: AnswerData): Answer | null {
  if (!holdsNumber(query)) return null;
  const words = wordsOf(data);
  const split = splitTarget(query);
  if (split !== null) {
    const [value, target] = split;
    const key = wordKey(target);
    const money = words.money.get(key);
    if (money) return currencyQuestion(value, money, words, data) ?? { kind: 'error', message: `Convert an amount of money to ${money.code}, as in “100 USD to ${money.code}”.` };
    const unit = words.lex.words.get(key);
    const compound = words.compounds.get(key);
    if (unit || compound) {
      const category = unit ? unit.category : compound![0];
      const c = data.categories[category];
      if (!c) return null;
      const to: Target | undefined = unit
        ? { kind: 'unit', unit: c.units.find((u) => u.key === unit.unit.key)! }
        : (() => {
            const found = c.compounds!.find((x) => x.key === compound![1])!;
            return { kind: 'compound', compound: found, parts: found.parts.map((p) => c.units.find((u) => u.key === p)!) };
          })();
      const one = convertTo(data, words, category, value, to);
      return one.kind === 'units' ? { kind: 'answers', answers: [one] } : one;
    }
    // An unknown target after a quantity is a misspelled unit; after anything else, words.
    return answerWithoutTarget(value, words, data) === null ? null : { kind: 'error', message: unknownTarget(target, words, data) };
  }
  return answerWithoutTarget(query, words, data);
}

/** "5 ft": the value in its category's usual units (the converter's default pair). */
function answerWithoutTarget(value: string, words: Words, data: AnswerData): Answer | null {
  for (const [category, c] of Object.entries(data.categories)) {
    const parsed = parseInput(value, words.lex, category);
    if (parsed.kind !== 'quantity') continue;
    const targets = [c.default.to, c.default.from].filter((k) => k !== parsed.unit.key);
    const answers: UnitAnswer[] = [];
    for (const key of targets) {
      const unit = c.units.find((u) => u.key === key);
      if (!unit) continue;
      const one = convertTo(data, words, category, value, { kind: 'unit', unit });
      if (one.kind === 'units') answers.push(one);
      else return one;
    }
    return answers.length > 0 ? { kind: 'answers', answers } : null;
  }
  return null;
}
