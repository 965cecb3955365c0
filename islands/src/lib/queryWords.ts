// How the search box reads a query (siteSearch.ts): each word as the index's terms
// (searchWords.ts), in the ways a page may write what the visitor meant. A unit is found
// however it is typed: "lbs" also finds the pages that say pounds, "metres" meters, "kmh"
// kilometers per hour, "°F" or "℉" Fahrenheit, "usd" or "$" US Dollar (the unit words are
// units.json's, those the box converts with: aliases, symbols, British spellings; a unit's
// pages always name it by its name). A number stuck to a word is a word of its own ("100km", "£100"), and numbers
// are no words a page must have: "100 usd to eur" looks for usd and eur, "10k" (on its way
// to "10kg in lb") for nothing.
import { exactForm, lexiconOf, lookupWord, wordKey, type LexCategory, type Lexicon, type LexUnit } from './lexicon.ts';
import { MAX_WORDS } from '../generated/wordRule.ts';
import { fold, terms } from './searchWords.ts';

/**
 * A word of a query as the index may have it: its terms as typed, and when it names a unit,
 * the terms of the unit's name (of each unit it may name: "mb", megabits and megabytes). A
 * page has the word when it has all the terms of one of them.
 */
export interface QueryWord {
  typed: string[];
  names: string[][];
}

/** The unit words of units.json, as the query reader looks them up. */
export interface UnitWords {
  lexicon: Lexicon;
  /** A currency by its code or sign, as typed ("USD", "$", "£", "CA$"), both lower-cased. */
  currencies: Map<string, { code: string; name: string }>;
}

/** What units.json holds that names units and currencies. */
export interface NamedUnits {
  categories: Record<string, LexCategory>;
  currencies: ReadonlyArray<{ code: string; symbol: string; name: string }>;
}

const built = new WeakMap<NamedUnits, UnitWords>();

/** The unit words of `data`, built once per data. */
export function unitWords(data: NamedUnits): UnitWords {
  let words = built.get(data);
  if (words === undefined) {
    const currencies = new Map(data.currencies.flatMap((c) => [c.code, c.symbol].map((typed) => [exactForm(typed).toLowerCase(), c] as const)));
    words = { lexicon: lexiconOf(data.categories), currencies };
    built.set(data, words);
  }
  return words;
}

/** The terms of a unit's name without its symbol ("Kilometers per Hour (km/h)": kilometer, per, hour). */
function nameTerms(unit: LexUnit, stop: ReadonlySet<string>): string[] {
  return terms((unit.name ?? unit.key.replace(/_/g, ' ')).replace(/\s*\([^)]*\)\s*$/u, ''), stop);
}

/**
 * The units `text` names, in any case where its case names none ("gb": gigabits and
 * gigabytes), and every one a symbol typed in lower case is in some case ("mb": the
 * millibar by its case, megabits and megabytes too), as a search box is typed in lower case.
 */
function unitsOf(words: UnitWords, text: string): Array<{ unit: LexUnit; category: string }> {
  const found = lookupWord(words.lexicon, text, null);
  if (found === null) return [];
  if (!('entry' in found)) return found.unclear;
  const all = text === text.toLowerCase() ? (words.lexicon.words.get(wordKey(text)) ?? []) : [];
  const units = all.filter((e, i) => all.findIndex((x) => x.category === e.category && x.unit.key === e.unit.key) === i);
  return units.length > 1 ? units : [found.entry];
}

/** A number as typed: digits and no letters ("100", "-40", "1,5", "3/4", "5'11"). */
const NUMBER = /^[^\p{L}]*\p{N}[^\p{L}]*$/u;
/** Where a typed word is two: a number before letters ("100km", "5ft"), a sign before a number ("£100", "CA$5"). */
const JOINT = /(?<=\p{N})(?=[^\p{N}\s.,/⁄])|(?<=[^\p{L}\p{N}\s.,+\-−/⁄])(?=\p{N})/u;
/** Between the parts of a query: what the box reads as "to" and punctuation that joins nothing. */
const BETWEEN = /[\s=→?!,;()]+|->/u;
/** A degree sign apart from its letter ("° F"). */
const DEGREE_APART = /°\s+(?=\p{L}\b)/gu;
/** The symbol of a temperature by its letter: °C, °F, °R; K, as "°K" is no symbol anyone defines. */
const degreeSymbol = (letter: string): string => (letter.toUpperCase() === 'K' ? 'K' : `°${letter.toUpperCase()}`);

/** A word as read, with a number's mark, a letter alone and a unit's category. */
interface Read extends QueryWord {
  number?: boolean;
  letter?: string;
  category?: string;
}

/**
 * The words of `query`, in its order, each with the ways a page may have it; numbers are
 * left out (a query of numbers alone has no words: siteSearch.ts amountAlone). `units`:
 * units.json's words (null: only the words as typed).
 */
export function readQuery(query: string, stop: ReadonlySet<string>, units: UnitWords | null): QueryWord[] {
  // ℃ is °C in its compatibility form.
  const tokens = query
    .normalize('NFKC')
    .replace(DEGREE_APART, '°')
    .split(BETWEEN)
    .map((t) => t.replace(/^[.:]+|[.:]+$/gu, ''))
    .filter((t) => t !== '');
  const found = (t: string) => {
    if (units === null || [...t].length < 2 || stop.has(fold(t))) return [];
    return unitsOf(units, /^°\p{L}$/u.test(t) ? degreeSymbol(t.slice(1)) : t);
  };
  const unit = (t: string, named: ReturnType<typeof unitsOf>): Read => ({ typed: terms(t, stop), names: named.map((u) => nameTerms(u.unit, stop)), category: named[0].category });
  // A unit of several words ("fl oz", "sq ft", "degrees celsius", "L/100 km"), none a stop word
  // ("m in" is no min) or a letter alone.
  const plain = (t: string) => [...t].length > 1 && !stop.has(fold(t));
  const out: Read[] = [];
  for (let i = 0; i < tokens.length; i++) {
    let n = Math.min(MAX_WORDS, tokens.length - i);
    while (n > 1 && !(tokens.slice(i, i + n).every(plain) && found(tokens.slice(i, i + n).join(' ')).length > 0)) n--;
    if (n > 1) {
      const words = tokens.slice(i, i + n).join(' ');
      out.push(unit(words, found(words)));
      i += n - 1;
      continue;
    }
    // A unit word as typed ("l/100km") is one word; else a number and a word typed together are two.
    const parts = found(tokens[i]).length > 0 ? [tokens[i]] : tokens[i].split(JOINT);
    for (const part of parts) {
      const named = found(part);
      const money = units?.currencies.get(exactForm(part).toLowerCase());
      if (named.length > 0) out.push(unit(part, named));
      else if (money !== undefined) out.push({ typed: [], names: [[money.code.toLowerCase()], terms(money.name, stop)] });
      else if (NUMBER.test(part)) out.push({ typed: terms(part, stop), names: [], number: true });
      else if (/^\p{L}$/u.test(part)) out.push({ typed: [], names: [], letter: part });
      else out.push(...terms(part, stop).map((t) => ({ typed: [t], names: [] })));
    }
  }
  // A letter alone is no word ("a", "x"), except a temperature's beside another temperature:
  // "c to f", "F to °C", "-40 c to f" (c alone is also the cup: "37 c" stays as it was).
  if (units !== null) {
    const read = out.map((w) => (w.letter === undefined ? undefined : unitsOf(units, degreeSymbol(w.letter))[0]));
    for (const [i, w] of out.entries()) {
      const r = read[i];
      if (r === undefined) continue;
      const beside = out.some((o, j) => j !== i && (read[j]?.category ?? o.category) === r.category);
      if (beside) w.names = [nameTerms(r.unit, stop)];
    }
  }
  return out.filter((w) => !w.number && (w.typed.length > 0 || w.names.some((n) => n.length > 0))).map((w) => ({ typed: w.typed, names: names(w) }));
}

/** A word's names, each once, without the one it is typed as and any with no terms. */
function names(word: QueryWord): string[][] {
  const seen = new Set([word.typed.join(' ')]);
  return word.names.filter((n) => n.length > 0 && !seen.has(n.join(' ')) && Boolean(seen.add(n.join(' '))));
}

/** The ways a page may have a word: as typed, or by a name of its unit. */
export function waysOf(word: QueryWord): string[][] {
  return [word.typed, ...word.names].filter((way) => way.length > 0);
}
