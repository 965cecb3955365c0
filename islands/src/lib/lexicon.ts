// The unit words a Value field reads, and the one rule that compares them (the build applies
// the same rule to refuse a units.yaml whose words clash: src/content/words.rs; a test holds
// the two to the same forms for every word, generated/wordForms.ts).
//
// A word's exact form is its Unicode compatibility form (NFKC: ℉ → °F, ² → 2) with spaces
// removed; its key is the exact form lower-cased. A key names one unit, except symbols of up
// to CASE_SYMBOL_CHARS characters that differ only in case (mg milligram, Mg megagram; c cup,
// C Celsius), and the longer words of CASE_WORDS (Calories the food kilocalorie, calories).
// For those, the card's own category decides when one of them is its unit, else the case
// typed, else the visitor is asked: "MG" is never silently a milligram. A word may also name
// units of two categories where units.yaml lists it in `shared` (the point's pt, the pint's):
// the card's category decides, and with none the unit that does not list it keeps the word
// (the search box reads "12 pt to px" on the card of the category whose card reads both).
import { CASE_SYMBOL_CHARS, CASE_WORDS, NOT_IN_WORDS, SHARED_WORDS } from '../generated/wordRule.ts';
import { PLURAL_SYMBOLS } from '../generated/units.ts';
import type { Definition } from './kinds.ts';
import { labelInText, plainName as plainNameOf } from './units.ts';
import { table } from './table.ts';

/** One unit as the parser needs it (a unit of units.yaml, or a currency: no definition). */
export interface LexUnit extends Definition {
  key: string;
  symbol: string;
  /** "US Short Tons (ton)": the reading names units that differ by country in full. */
  name?: string;
  aliases?: string[];
  /** Aliases the reading names when typed, alias → note ("T read as tablespoon, …"). */
  saidAs?: Record<string, string>;
  /** The symbol's plural where it is a word, for a unit no units.yaml has (units.ts `plural`). */
  plural?: string;
  /** Said whenever the unit is read or converted to (units.ts `note`: the stick of butter). */
  note?: string;
}

export interface LexCategory {
  /** Words for error messages: "weight" in "“kg” is a unit of weight". */
  label: string;
  units: LexUnit[];
  /** Compound units (feet + inches): each part's next part takes a bare trailing number. */
  compounds?: { key?: string; parts: string[] }[];
  /** Plain numbers (units.ts UnitCategory): scale words in a row multiply ("5 hundred thousand"). */
  counts?: boolean;
}

export interface Entry {
  category: string;
  unit: LexUnit;
  /** The word as units.yaml writes it, and its exact form. */
  word: string;
  exact: string;
  /** The unit lists this word in units.yaml `shared`: another category's unit keeps it where no card decides. */
  shared?: true;
}

export interface Lexicon {
  /** Key → the words with that key: one unit's, or case-significant symbols of several. */
  words: Map<string, Entry[]>;
  /**
   * Words the tokenizer would split: those holding a character it reads as an operator (km/h,
   * L/100 km, kg/m³) or a number inside letters (liters per 100 kilometers; not m², whose "m2"
   * it reads already), longest first, each as a pattern that matches it as written or in its
   * exact form (kg/m³, kg/m3), with or without spaces: the tokenizer tries them first.
   */
  marked: RegExp[];
  categories: Record<string, LexCategory>;
  /** The keys of the units a card shows in From and To: the unit a message names is one of them when it can be. */
  shown?: readonly string[];
}

/** A word's exact form: compatibility forms folded (℉ → °F, ² → 2), spaces removed. */
export function exactForm(word: string): string {
  return word.normalize('NFKC').replace(/\s+/g, '');
}

/** How a unit word is compared: its exact form, case ignored. */
export function wordKey(word: string): string {
  return exactForm(word).toLowerCase();
}

/** Every word that names `unit`: its key (underscores read as spaces), symbol and aliases. */
export function unitWordsOf(unit: LexUnit): string[] {
  return [unit.key.replace(/_/g, ' '), unit.symbol, ...(unit.aliases ?? [])];
}

const sameUnit = (a: Entry, b: Entry): boolean => a.category === b.category && a.unit.key === b.unit.key;

/** Whether `unit` of `category` lists the word `exact` in `shared` (the generated SHARED_WORDS). */
const listsShared = (exact: string, category: string, unit: string): boolean => SHARED_WORDS.some((w) => w[0] === exact && w[1] === category && w[2] === unit);

const lexicons = new WeakMap<object, Lexicon>();

/**
 * The lexicon of `categories`, built once per object: the search box reads the query's unit
 * words and works out its answer from the same units.json, so one build (7–30 ms) serves both.
 */
export function lexiconOf(categories: Record<string, LexCategory>): Lexicon {
  let lex = lexicons.get(categories);
  if (lex === undefined) {
    lex = buildLexicon(categories);
    lexicons.set(categories, lex);
  }
  return lex;
}

/**
 * The words of every category, so a unit of another category is recognised (and named)
 * rather than reported unknown. The build refuses words that clash under the rule; here the
 * first one wins.
 */
export function buildLexicon(categories: Record<string, LexCategory>): Lexicon {
  const words = new Map<string, Entry[]>();
  for (const [category, c] of Object.entries(categories)) {
    for (const unit of c.units) {
      for (const word of unitWordsOf(unit)) {
        const exact = exactForm(word);
        if (exact === '') continue;
        const key = exact.toLowerCase();
        const entry: Entry = { category, unit, word, exact, ...(listsShared(exact, category, unit.key) && { shared: true as const }) };
        const list = words.get(key);
        if (list === undefined) words.set(key, [entry]);
        else if (list.every((e) => (e.exact === exact ? e.category !== category && e.shared !== entry.shared : sameUnit(e, entry) || (caseSignificant(e.exact) && caseSignificant(exact))))) list.push(entry);
      }
    }
  }
  const marked = [...words.values()]
    .flat()
    .filter((e) => /\p{N}\p{L}/u.test(e.exact) || [...e.exact].some((c) => NOT_IN_WORDS.includes(c) && !(c >= '0' && c <= '9')))
    .flatMap((e) => [e.exact, e.word.replace(/\s+/g, '')])
    .filter((w, i, all) => all.indexOf(w) === i)
    .sort((a, b) => b.length - a.length)
    .map(markedPattern);
  return { words, marked, categories };
}

const isLetter = (c: string | undefined): boolean => c !== undefined && /\p{L}/u.test(c);

/**
 * A marked word as typed: spaces anywhere, and a period between two letters, which joins
 * the words of one unit as it does elsewhere (`in. H2O`, `ft. H2O` are inH₂O, ftH₂O).
 */
function markedPattern(word: string): RegExp {
  const chars = [...word];
  const escaped = chars.map((c) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  // A power after a letter may be typed with a caret: kg/m^3, m/s^2.
  const before = (i: number): string => (isLetter(chars[i - 1]) && isLetter(chars[i]) ? '\\.?' : isLetter(chars[i - 1]) && /^[23]$/u.test(chars[i]) ? '(?:\\s*\\^)?' : '');
  return new RegExp(escaped.map((c, i) => (i === 0 ? c : `${before(i)}\\s*${c}`)).join(''), 'iuy');
}

const short = (exact: string): boolean => [...exact].length <= CASE_SYMBOL_CHARS;

/** Whether a word (exact form) may name another unit than the same word in another case (words.rs case_significant). */
const caseSignificant = (exact: string): boolean => short(exact) || CASE_WORDS.includes(exact.toLowerCase());

/** `byCase`: the units of other categories the same word names in another case (NM, Nm), when capitals chose. */
export type Lookup = { entry: Entry; byCase?: Entry[] } | { unclear: Entry[] } | null;

/** The qualifiers that say a unit is the imperial one (uk gallon, imp gal, imperial gallon, british pint). */
const BRITISH = new Set(['uk', 'imp', 'imperial', 'british']);

/**
 * The unit `word` names on a card of `category` (null: any category), under the rule above.
 * `unclear` lists the units a case-significant symbol typed in neither case could be.
 */
export function lookupWord(lex: Lexicon, word: string, category: string | null): Lookup {
  const list = lex.words.get(wordKey(word)) ?? britishWord(lex, word);
  if (list === undefined) return null;
  const exact = exactForm(word);
  // A shared word is its sharing unit's on that unit's card only.
  const named = list.filter((e) => e.category === category || e.shared !== true);
  const units = named.filter((e, i) => named.findIndex((x) => sameUnit(x, e)) === i);
  const ours = units.filter((e) => e.category === category);
  const one = units.length === 1 ? units[0] : ours.length === 1 ? ours[0] : undefined;
  if (one !== undefined) {
    const same = list.find((e) => sameUnit(e, one) && e.exact === exact);
    return same || !caseChangesSize(lex, exact, one) ? { entry: same ?? one } : { unclear: [one] };
  }
  const pool = ours.length > 1 ? ours : units;
  const match = list.find((e) => e.exact === exact && pool.some((p) => sameUnit(p, e)));
  if (!match) return { unclear: pool };
  // Only for a symbol in capitals ("300 NM", car torque as often printed): "37 c" is answered
  // in both cases by the box, and a capital C needs no word on the cup.
  const byCase = /^\p{Lu}{2,}$/u.test(exact) ? pool.filter((p) => p.category !== match.category) : [];
  return byCase.length > 0 ? { entry: match, byCase } : { entry: match };
}

/**
 * The units of "british pt", "imperial gal": the word with another of the BRITISH
 * qualifiers ("uk pt", "imp gal"), so each qualifier goes before every unit word any one of
 * them is written with, not only those units.yaml lists with it.
 */
function britishWord(lex: Lexicon, word: string): Entry[] | undefined {
  const [q, ...rest] = word.trim().split(/\s+/u);
  if (!BRITISH.has(wordKey(q)) || rest.length === 0) return undefined;
  for (const other of BRITISH) {
    const list = other === wordKey(q) ? undefined : lex.words.get(wordKey(`${other} ${rest.join(' ')}`));
    if (list !== undefined) return list;
  }
  return undefined;
}

/** SI prefixes whose letter is another prefix in the other case: milli/mega, pico/peta, zepto/zetta, yocto/yotta. */
const CASE_PREFIXES = 'mMpPzZyY';
/**
 * Units whose milli- nobody means where m is typed in lower case before them ("2.4 ghz to mhz",
 * "kwh to mj": gas bills and food labels count megajoules; no card has the millijoule).
 */
const LOWER_CASE_MEANS_MEGA = new Set(['Hz', 'J', 'Pa']);

/**
 * Whether a symbol typed in another case than the unit's word `e` would be another size of
 * unit: its first letter is one of CASE_PREFIXES before a unit symbol of the same category
 * (mW is not MW, Ms is not ms), or a b/B differs in a category of bits and bytes (Mb/s is not
 * MB/s). Names and other symbols ignore case (KG, MPH, PA).
 */
function caseChangesSize(lex: Lexicon, exact: string, e: Entry): boolean {
  const typed = [...exact];
  const mine = [...e.exact];
  if (typed.length !== mine.length || !short(e.exact)) return false;
  const rest = mine.slice(1).join('');
  // "mhz" typed all in lower case is MHz: a millihertz is no frequency anyone converts.
  // (Likewise "mj", MJ.)
  const meansLarge = mine[0] === 'M' && exact === exact.toLowerCase() && LOWER_CASE_MEANS_MEGA.has(rest);
  const prefixed =
    !meansLarge && typed[0] !== mine[0] && CASE_PREFIXES.includes(mine[0]) && (lex.words.get(rest.toLowerCase())?.some((x) => x.category === e.category && x.exact === rest) ?? false);
  const symbols = lex.categories[e.category]?.units.map((u) => u.symbol) ?? [];
  const bitsAndBytes = symbols.some((s) => s.startsWith('bit')) && symbols.some((s) => s.startsWith('B'));
  return prefixed || (bitsAndBytes && typed.some((c, i) => c !== mine[i] && (mine[i] === 'b' || mine[i] === 'B')));
}

/**
 * "“MG” could be mg (Milligrams) or Mg (Metric Tons): type it with its case." For one unit,
 * typed in a case that would be another size: "“mW” is not MW (Megawatts): …".
 */
export function unclearWord(word: string, entries: Entry[]): string {
  if (entries.length === 1) {
    const [e] = entries;
    return `“${word}” is not ${e.word} (${plainName(e.unit)}): in a symbol, the case of a prefix or of b/B changes the unit. Type “${e.word}” if you mean it.`;
  }
  const options = entries.map((e) => `${e.word} (${plainName(e.unit)})`);
  return `“${word}” could be ${options.slice(0, -1).join(', ')} or ${options.at(-1)}: type it with its case.`;
}

/**
 * The note for a word its case read as one unit where another case names a unit of another
 * kind: "NM read as Nautical Miles, by its case; for Newton-Meters type N·m" (car torque is
 * often printed "300 NM").
 */
export function byCaseNote(word: string, entry: Entry, others: Entry[]): string {
  return `${word} read as ${plainName(entry.unit)}, by its case; ${others.map((o) => `for ${plainName(o.unit)} type ${o.unit.symbol}`).join(', ')}`;
}

/** "US Short Tons (ton)" → "US Short Tons"; the symbol when there is no name. */
const plainName = (u: LexUnit): string => plainNameOf(u.name ?? u.symbol);

/**
 * Names that say whose unit it is: the word alone means different amounts in different
 * places. US, UK or Imperial before the unit or its divisor (US Gallons per Minute, Miles
 * per US Gallon: a UK reader's mpg is the imperial one, 20% off).
 */
const NATIONAL = /^(?:(.+?) )?(US|UK|Imperial) (.+)$/;

/**
 * How the reading writes a typed unit: its symbol, or for a unit whose name says whose it is
 * (US, UK, Imperial) the name in full, so "2 tons" reads "2 US short tons", "1 gal" reads
 * "1 US gallon" and "40 mpg" "40 miles per US gallon". `one`: the number before it takes the
 * singular ("1/3 US cup", `takesSingular`), so the name's noun (the word before "per", else
 * the last) is singular ("1 US gallon per minute", "1 mile per imperial gallon").
 */
export function readingUnit(unit: LexUnit, one: boolean): string {
  const m = NATIONAL.exec(plainName(unit));
  // A symbol that is a word takes its plural (units.yaml `plural`): "2 metric cups", "3 centuries", "2 sticks".
  if (m === null) return one ? unit.symbol : (PLURAL_SYMBOLS[unit.key] ?? unit.plural ?? unit.symbol);
  const who = m[2] === 'Imperial' ? 'imperial' : m[2];
  const before = m[1] === undefined ? [] : m[1].toLowerCase().split(' ');
  const tokens = [...before, who, ...m[3].toLowerCase().split(' ')];
  if (!one) return tokens.join(' ');
  const per = tokens.indexOf('per');
  const noun = per > 0 ? per - 1 : tokens.length - 1;
  return tokens.map((t, i) => (i === noun ? singularOf(t) : t)).join(' ');
}

/**
 * A unit name's noun in the singular by the English plural rule (gallons, miles, inches,
 * feet), not by whether the unit happens to have the singular among its words: "mile per
 * imperial gallon" and "US gallon per 100 miles" are no alias, yet 1 takes them.
 */
function singularOf(noun: string): string {
  if (noun === 'feet') return 'foot';
  if (/(ch|sh|ss|x|z)es$/u.test(noun)) return noun.slice(0, -2);
  return /[^s]s$/u.test(noun) ? noun.slice(0, -1) : noun;
}

// ------------------------------------------------------------------------------------
// Messages for words that name no unit of the card
// ------------------------------------------------------------------------------------

/** Metric prefixes: a suggestion never swaps one for another (centiliter is not centimeter). */
const PREFIX = /^(milli|centi|deci|deca|deka|hecto|kilo|mega|giga|tera|micro|nano|pico)/;
/** A prefix as it is often misspelt, read as the prefix: "milimeters" is millimeters mistyped, no other size. */
const MISSPELT_PREFIX = /^mili/;

/**
 * The SI prefix symbols, as keys (lower case; µ in its compatibility form μ, and u): a
 * suggestion keeps the first letter typed when it or the suggestion's is one (kbar is not
 * mbar, Mcal not kcal, cmHg not mmHg, mtorr not torr).
 */
const PREFIX_SYMBOLS = new Set([...'yzafpnμumcdhkgte']);

/**
 * "Unknown unit “fet”. Did you mean “feet”?" — only a word of the card's category the typo
 * could be, never a unit 10× away (sizeKept). Else the category's first units.
 */
export function unknownWord(word: string, lex: Lexicon, category: string | null): string {
  if (category === null || !lex.categories[category]) return `“${word}” is not a number.`;
  const c = lex.categories[category];
  const best = nearestWord(word, lex, category);
  if (best !== null) return `Unknown unit “${word}”. Did you mean “${best.word}”?`;
  const symbols = c.units.slice(0, 6).map((u) => u.symbol).join(', ');
  return `Unknown unit “${word}”. ${cap(c.label)} units include ${symbols}.`;
}

/** The word of `category` the typo `word` could be (sizeKept), with its edits; null when none. */
export function nearestWord(word: string, lex: Lexicon, category: string): { word: string; d: number } | null {
  const c = lex.categories[category];
  const typed = wordKey(word);
  const symbol = !/\s/u.test(word.trim());
  let best: { word: string; d: number } | null = null;
  if (c === undefined || typed.length < 3) return null;
  for (const u of c.units) {
    const words = new Set(unitWordsOf(u).map(wordKey));
    for (const w of unitWordsOf(u)) {
      const d = sizeKept(typed, wordKey(w), symbol, words);
      // Of two as near, not the one across bits and bytes: "gigabyts" is gigabytes mistyped.
      const better = best === null || d! < best.d || (d === best.d && bitsForBytes(word, best.word, lex) && !bitsForBytes(word, w, lex));
      if (d !== null && better) best = { word: w, d };
    }
  }
  return best;
}

/**
 * Whether the word `offered` for the typo `typed` may be taken without asking (the search
 * box answers with it): no other unit is as near in its category ("kilobite" is one edit
 * from kilobits and from kilobytes), and it never turns bytes into bits or back, 8× apart:
 * bits only for a word with "bit" typed, bytes only for one with "byt" ("gigabyts").
 */
export function sureTypo(typed: string, offered: string, lex: Lexicon): boolean {
  const entries = lex.words.get(wordKey(offered)) ?? [];
  if (entries.length === 0) return false;
  const key = wordKey(typed);
  const symbol = !/\s/u.test(typed.trim());
  return entries.every((e) => {
    const c = lex.categories[e.category];
    if (c === undefined) return false;
    const near = new Set<string>();
    let best = Infinity;
    for (const u of c.units) {
      const words = new Set(unitWordsOf(u).map(wordKey));
      for (const w of unitWordsOf(u)) {
        const d = sizeKept(key, wordKey(w), symbol, words);
        // A word across bits and bytes is never taken, so it is no rival either ("gigabyts").
        if (d === null || d > best || bitsForBytes(typed, w, lex)) continue;
        if (d < best) near.clear();
        best = d;
        near.add(u.key);
      }
    }
    return near.size === 1 && near.has(e.unit.key);
  }) && !bitsForBytes(typed, offered, lex);
}

/**
 * Whether taking `fixed` for the typo `typed` could turn bytes into bits or back, 8× apart:
 * a bit only for a word with "bit" typed, a byte only for one with "byt" ("gigabyts").
 */
export function bitsForBytes(typed: string, fixed: string, lex: Lexicon): boolean {
  return (lex.words.get(wordKey(fixed)) ?? []).some((e) =>
    /byte/u.test(e.unit.key) ? !/byt/iu.test(typed) : /bit/u.test(e.unit.key) ? !/bit(?!e)/iu.test(typed) || /byt/iu.test(typed) : false,
  );
}

/** The word typed, from unknownWord's message when it offers no word but lists the category's units; null otherwise. */
export function listedWord(message: string): string | null {
  return /^Unknown unit “(.+?)”\. .* units include /u.exec(message)?.[1] ?? null;
}

/** The word typed and the unit word offered for it, from unknownWord's message; null when it offers none. */
export function offeredWord(message: string): { typed: string; word: string } | null {
  const m = /^Unknown unit “(.+?)”\. Did you mean “(.+?)”\?$/u.exec(message);
  return m === null ? null : { typed: m[1], word: m[2] };
}

/**
 * The edits from `typed` to `key` (a word of one unit, whose words are `words`) when it may
 * be offered as the typo's unit, else null. At least 3 letters; within a third of the typed
 * word's length in edits; never a unit 10× away:
 * - no two-letter word (one letter makes mm cm, ml dl), a three-letter one only with the
 *   first letter typed (lbz → lbs);
 * - never another metric prefix, spelled (centiliter is not centimeter; millitorr is not
 *   millibars: the words after a prefix are compared alone) or as a symbol (`symbol`, a
 *   word typed without spaces: kbar, µbar, cbar are not mbar; mtorr not torr; mWC not mmWC);
 * - a word of up to 4 letters, where each letter names something (cfh cubic feet per hour,
 *   fpm feet per minute), only for two neighbours swapped or a letter dropped or typed
 *   twice inside it, its first and last kept, or a plural's s for its last letter (lbz →
 *   lbs): never cfh → cmh, fpm → fps, gpd → gph, Mcal → kcal.
 */
function sizeKept(typed: string, key: string, symbol: boolean, words: Set<string>): number | null {
  if (key.length < 3 || (key.length === 3 && key[0] !== typed[0])) return null;
  // "mili-" with one l, the commonest misspelling of a prefix, is milli- (one edit more).
  const misspelt = MISSPELT_PREFIX.exec(typed);
  if (misspelt !== null) {
    const d = sizeKept(`milli${typed.slice(misspelt[0].length)}`, key, symbol, words);
    return d === null ? null : d + 1;
  }
  const prefix = PREFIX.exec(typed)?.[1];
  if (PREFIX.exec(key)?.[1] !== prefix) return null;
  if (prefix !== undefined) {
    const [a, b] = [typed.slice(prefix.length), key.slice(prefix.length)];
    const d = distance(a, b);
    return d <= Math.max(1, Math.floor(a.length / 3)) ? d : null;
  }
  const [t, k] = [[...typed], [...key]];
  const short = symbol && t.length <= 5;
  if (short && t[0] !== k[0] && (PREFIX_SYMBOLS.has(t[0]) || PREFIX_SYMBOLS.has(k[0]))) return null;
  if (short && ((PREFIX_SYMBOLS.has(k[0]) && k.slice(1).join('') === typed) || (PREFIX_SYMBOLS.has(t[0]) && t.slice(1).join('') === key))) return null;
  const d = distance(typed, key);
  if (d > Math.max(1, Math.floor(typed.length / 3))) return null;
  if (t.length > 4) return d;
  return shortTypo(t, k, words) ? d : null;
}

/** Whether the short word `t` is `k` with two neighbours swapped, a letter dropped or typed twice inside it, or a plural's s for its last letter. */
function shortTypo(t: string[], k: string[], words: Set<string>): boolean {
  if (t[0] !== k[0]) return false;
  if (t.length === k.length) {
    const diff = t.flatMap((c, i) => (c === k[i] ? [] : [i]));
    if (diff.length === 2 && diff[1] === diff[0] + 1) return t[diff[0]] === k[diff[1]] && t[diff[1]] === k[diff[0]];
    const last = t.length - 1;
    return diff.length === 1 && diff[0] === last && k[last] === 's' && words.has(k.slice(0, last).join(''));
  }
  const [long, shorter] = t.length > k.length ? [t, k] : [k, t];
  if (long.length !== shorter.length + 1 || long.at(-1) !== shorter.at(-1)) return false;
  // The letter the longer has over the shorter, inside it (not first, not last): any letter
  // the typed word dropped (fet → feet), a letter typed twice (lbbs → lbs).
  const extra = (i: number): boolean => long === k || long[i] === long[i - 1] || long[i] === long[i + 1];
  return long.some((_, i) => i > 0 && i < long.length - 1 && extra(i) && [...long.slice(0, i), ...long.slice(i + 1)].join('') === shorter.join(''));
}

/**
 * Prime and double prime, as keyboards and phones type them: feet and inches (5′ 11″) in a
 * length, minutes and seconds of arc (45° 30′ 15″) in an angle.
 */
const ARC_MARKS: Record<string, string> = table({
  "'": 'arcminutes', '′': 'arcminutes', '’': 'arcminutes', '‘': 'arcminutes',
  '"': 'arcseconds', '″': 'arcseconds', "''": 'arcseconds', '”': 'arcseconds', '“': 'arcseconds', '’’': 'arcseconds',
});

/**
 * "Microns" on a vacuum gauge: HVAC technicians evacuate a system "to 500 microns", microns
 * of mercury. On the pressure card (or before a pressure target) the micrometre's words
 * micron and microns read as the µmHg; µm itself stays a length there, and is told to type µmHg.
 */
const VACUUM_MICRONS: Record<string, string> = table({ micron: 'microns_of_mercury', microns: 'microns_of_mercury' });

/** Words of a length that name another unit on a card of these categories. */
const LENGTH_WORDS_ON: Record<string, Record<string, string>> = table({ angle: ARC_MARKS, pressure: VACUUM_MICRONS });

/**
 * `entry` as a unit of `category`: itself when it is one, else a length word's unit on that card (a prime mark's unit of
 * arc, microns of mercury), else the unit of `category` that is
 * its product of units written the other way round, else null. Energy's foot-pound (ft·lbf)
 * and torque's pound-foot (lbf·ft) are the same product, and people write a torque either way
 * ("80 ft lbs" in a car manual), so on the torque card, or after a torque, the foot-pound's
 * words read as the pound-foot, and back on the energy card.
 */
export function entryIn(entry: Entry, lex: Lexicon, category: string): Entry | null {
  if (entry.category === category) return entry;
  const meant = entry.category === 'length' ? (LENGTH_WORDS_ON[category] ?? {})[entry.word] : undefined;
  if (meant !== undefined) {
    const unit = lex.categories[category]?.units.find((u) => u.key === meant);
    if (unit !== undefined) return { category, unit, word: entry.word, exact: entry.exact };
  }
  const parts = entry.unit.symbol.split('·');
  if (parts.length < 2) return null;
  const symbol = parts.reverse().join('·');
  const unit = lex.categories[category]?.units.find((u) => u.symbol === symbol);
  return unit === undefined ? null : { category, unit, word: unit.symbol, exact: exactForm(unit.symbol) };
}

/**
 * Words that say whose unit follows (US gallon, UK pint, imp gal, metric tsp), never a unit of their own
 * before one: "us" is also the microsecond's ASCII symbol, and "1 US tbsp" is no time.
 */
export const QUALIFIERS = new Set(['us', 'metric', ...BRITISH]);

/**
 * The spoons UK recipes measure today, metric (GNU units' brtablespoon, brteaspoon): there is
 * no imperial spoon among the units, and the US one is another size.
 */
const UK_SPOONS: Record<string, number> = table({ tablespoons: 15, teaspoons: 5 });
const METRIC_SPOONS: Record<string, number> = table({ teaspoons: 5 });

/**
 * The message for a qualifier (`q`: UK, imp, imperial, British) before `rest`, a unit word
 * that, with it, names no unit: "1 imperial tablespoon" says what a UK spoon is rather than
 * "Unknown unit “imperial”", and "4 UK oz" on the volume card names the imperial fluid
 * ounce, not the US one. Null when it has nothing better to say.
 */
export function qualifiedWord(q: string, rest: string, entry: Entry, lex: Lexicon, category: string | null): string | null {
  // The metric tablespoon is a unit (15 mL); the metric teaspoon, 5 mL, is not.
  const spoon = wordKey(q) === 'metric' ? METRIC_SPOONS[entry.unit.key] : UK_SPOONS[entry.unit.key];
  if (spoon !== undefined && entry.unit.factor !== undefined) {
    const name = plainName(entry.unit).replace(/^US /u, '').toLowerCase().replace(/s$/u, '');
    const us = +(Number(entry.unit.factor) * 1000).toFixed(6);
    const metric = wordKey(q) === 'metric';
    const whose = metric ? `a metric ${name} is` : `UK recipes take a ${name} as`;
    return `“${q} ${rest}” is not read here: ${whose} ${spoon} mL, so type the amount in mL (1 ${metric ? 'metric ' : ''}${name} = ${spoon} mL); “${entry.unit.symbol}” is the US ${name}, ${us} mL.`;
  }
  if (category !== null && entry.category !== category && lex.categories[category] !== undefined) return otherCategory(rest, entry, lex, category, [q, rest]);
  return null;
}

/**
 * The message for `typed`, a unit of another category than `category`, followed by `next`
 * (the word typed after it, if a unit): a qualifier before a unit of the card ("US tbsp") is
 * an unknown unit of the card, not a unit of another category with a hint.
 */
export function strangerWord(typed: string, entry: Entry, lex: Lexicon, category: string, near: string[], next?: { entry: Entry; text: string }): string {
  if (next !== undefined && QUALIFIERS.has(wordKey(typed)) && entryIn(next.entry, lex, category) !== null) {
    return unknownWord(`${typed} ${next.text}`, lex, category);
  }
  return otherCategory(typed, entry, lex, category, near);
}

/** The end of otherCategory's message that says how to type the unit likely meant. */
const typeThat = (name: string, symbol: string): string => ` For ${name}, type “${symbol}”.`;

/** That end of a message, as typeThat writes it ("" when the message has none). */
export function typeThatOf(message: string): string {
  return /\sFor [^.]+, type “[^”]+”\.$/u.exec(message)?.[0] ?? '';
}

/**
 * "“oz” is a unit of weight, not volume." and, when a unit of the card's category is written
 * with the typed word as one of its parts, how to type that one: "For US fluid ounces, type
 * “fl oz”." `near`: every unit word typed with it, no number between ("lb" and "ft" of
 * "10 lb-ft", "gal" and "hr" of "1 gal/hr"): the unit named must be written with all of them,
 * else the hint would name another unit (lbf·in for lb-ft is 12× off), and there is none.
 */
export function otherCategory(typed: string, entry: Entry, lex: Lexicon, category: string, near: string[] = [typed]): string {
  const theirs = lex.categories[entry.category]?.label ?? entry.category;
  const ours = lex.categories[category]?.label ?? category;
  const said = `“${entry.unit.symbol}” is a unit of ${lower(theirs)}, not ${lower(ours)}.`;
  const typedWords = [typed, ...near].flatMap(wordsOf);
  // Each unit written with every word typed, by how many words more it takes (oz: "fl oz" one,
  // "imp fl oz" two); a tie between two units (lb: "in lb", "lb ft") names neither. A unit
  // the card shows in From or To comes first: there "oz" is the imperial fluid ounce shown.
  let best: { unit: LexUnit; more: number; tie: boolean } | null = null;
  const units = lex.categories[category]?.units ?? [];
  const shown = units.filter((u) => lex.shown?.includes(u.key));
  for (const pool of [shown, units]) {
    for (const u of pool) {
      const more = unitWordsOf(u)
        .map(wordsOf)
        .filter((parts) => parts.length > 1 && typedWords.every((w) => parts.some((p) => sameWord(lex, w, p))))
        .map((parts) => parts.filter((p) => !typedWords.some((w) => sameWord(lex, w, p))).length);
      if (more.length === 0) continue;
      const least = Math.min(...more);
      if (best === null || least < best.more) best = { unit: u, more: least, tie: false };
      else if (least === best.more) best.tie = true;
    }
    if (best !== null) break;
  }
  if (best === null || best.tie) return said + workInEnergy(entry, lex, category);
  const u = best.unit;
  const name = NATIONAL.test(plainName(u)) ? readingUnit(u, false) : plainName(u).toLowerCase();
  return said + typeThat(name, u.symbol);
}

/**
 * A torque typed on the energy card: the two stay apart (a torque is no energy), but work is
 * taught as force × distance in N·m, so the energy unit of the same size is named: " For
 * work or energy, 1 N·m = 1 J: type “J”." The other way round ("300 N·m to J" reads a torque
 * and meets J; "5 J" on the torque card), the torque unit of the same size, or N·m and J: " As
 * work or energy, 1 N·m = 1 J." ('' otherwise).
 */
function workInEnergy(entry: Entry, lex: Lexicon, category: string): string {
  const sameSize = (c: string) => lex.categories[c]?.units.find((u) => u.factor !== undefined && String(u.factor) === String(entry.unit.factor));
  if (entry.unit.factor === undefined) return '';
  if (entry.category === 'torque' && category === 'energy') {
    const energy = sameSize(category);
    return energy === undefined ? '' : ` For work or energy, 1 ${entry.unit.symbol} = 1 ${energy.symbol}: type “${energy.symbol}”.`;
  }
  if (entry.category === 'energy' && category === 'torque') {
    // kWh has no torque of its size: then the newton-metre and the joule.
    const base = (c: string) => lex.categories[c]?.units.find((u) => u.factor !== undefined && String(u.factor) === '1');
    const same = sameSize(category);
    const [torque, energy] = same !== undefined ? [same, entry.unit] : [base(category), base(entry.category)];
    return torque === undefined || energy === undefined ? '' : ` As work or energy, 1 ${torque.symbol} = 1 ${energy.symbol}.`;
  }
  return '';
}

/** The words a unit is written with: "gal/h" gal and h, "lbf·ft" lbf and ft, "fl oz" fl and oz. */
const wordsOf = (written: string): string[] => written.split(/[\s/·.\-]+/u).filter((w) => w !== '');

/** Whether two words are one (ft, ft), name one unit (hr, h; lbs, lb; foot, ft) or say imperial (uk, imp). */
function sameWord(lex: Lexicon, a: string, b: string): boolean {
  if (wordKey(a) === wordKey(b)) return true;
  if (BRITISH.has(wordKey(a)) && BRITISH.has(wordKey(b))) return true;
  const units = (w: string): Entry[] => lex.words.get(wordKey(w)) ?? [];
  return units(a).some((x) => units(b).some((y) => sameUnit(x, y)));
}

/** Edits from a to b: a letter changed, added or dropped, or two neighbours swapped (short words only). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

export const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
/** A category's label in a sentence ("weight", "HbA1c"): units.ts `labelInText`. */
export const lower = labelInText;

/**
 * "a" or "an" before `text` as it is said: by its first vowel, or an acronym's by its first
 * letter's name ("an HbA1c reading", "an area", "a temperature").
 */
export function article(text: string): 'a' | 'an' {
  const acronym = /\p{Lu}/u.test(text.slice(1, text.search(/\s|$/u)));
  return (acronym ? /^[AEFHILMNORSX]/u : /^[aeiou]/iu).test(text) ? 'an' : 'a';
}
