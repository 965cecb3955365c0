// A conversion as typed: "quantity [to|in|into|as|→|-> target]". The one reading the unit
// cards, the currency card and the header search box share.
import { type Entry, type Lexicon, type LexUnit, strangerWord, entryIn, listedWord, lookupWord, nearestWord, unclearWord, unknownWord } from './lexicon.ts';
import { parseInput, type Parsed } from './parse.ts';
import { NAMES_METAL, OUNCE_WORD, ParseError, readUnitWords, troyNote, type Refusal } from './tokens.ts';
import { SEPARATOR_SOURCE } from './separators.ts';

/** A unit, or a compound of the category ("ft in"), typed after to/in. */
export type TypedTarget =
  | { kind: 'unit'; unit: LexUnit; category: string }
  | { kind: 'compound'; key: string; parts: LexUnit[]; category: string };

export type ConversionReading =
  | { kind: 'empty' }
  /**
   * `aboutUnits`: the message is about a conversion whose units were recognised (a known
   * target, or a quantity with units before an unknown one); the search box shows only
   * those and leaves other text with a number ("top 10 converters") to the search.
   */
  | { kind: 'error'; message: string; aboutUnits?: boolean; refusal?: Refusal }
  | {
      kind: 'ok';
      /** The part of the input read as the quantity, as typed ("5 ft 11 in" of "5 ft 11 in to cm"). */
      text: string;
      /** The quantity (a bare number is in From). */
      parsed: Extract<Parsed, { kind: 'number' | 'quantity' }>;
      /** The category of what was typed: the card's, else the units' (null: a bare number). */
      category: string | null;
      /** What to convert to, when typed; null otherwise. */
      target: TypedTarget | null;
    };

/** "nm" as typed, the nanometre's symbol (NM is the nautical mile). */
export const NM = /(?<!\p{L})nm(?!\p{L})/u;
/**
 * Said where nm meets a travel distance or a speed: it is almost always the nautical mile
 * meant. `q` writes each symbol: plain in a reading's note, quoted in a message.
 */
const nanometreSaid = (q: (symbol: string) => string): string => `${q('nm')} is the nanometre; for nautical miles type ${q('NM')} or ${q('nmi')}`;
/** The note a reading adds (conversion.ts). */
export const NANOMETRE_NOTE = nanometreSaid((symbol) => symbol);

/** Between a quantity and its target (separators.ts). */
export const SEPARATOR = new RegExp(SEPARATOR_SOURCE, 'giu');
// A separator with nothing after it yet: "10 kg to" (never "in": 5 ft 11 in is inches).
const DANGLING = /(?:\s(to|into|as)|\s*(→|->|=>|=))$/iu;

/**
 * Reads "quantity [to|in|into|as|→|->|= target]":
 *
 *   readConversion('10 kg to lb', lex, 'weight')   → parsed 10 kg, target lb
 *   readConversion('5 ft 11 in to cm', lex, null)  → parsed 1.8034 m, category 'length', target cm
 *   readConversion('5 ft 11 in', lex, 'length')    → no target (null)
 *   readConversion('100 usd in eur', currencies, 'currency')
 *
 * `lex`: buildLexicon over the categories to read (a card: its own category, and every other
 * category's words so their units get a message; the search box: every category and the
 * currencies). `category`: the card's category key, or null to take it from what was typed
 * (the target's category, else the first unit's). A target is one unit word or the parts of
 * a compound of the category ("ft in", "feet and inches"); its unit of another category gets
 * a message. The quantity follows parseInput (parse.ts). Never throws.
 */
export function readConversion(input: string, lex: Lexicon, category: string | null): ConversionReading {
  // In the search box, a query that does not read as typed is tried as a visitor meant it:
  // sizes in lower case, words before a quantity, a system as the target, a bill's units.
  const read = readAsTyped(input, lex, category);
  if (read.kind !== 'error' || category !== null) return read;
  const text = input.trim();
  return sizesInLowerCase(text, lex) ?? afterContextWords(text, lex) ?? systemTarget(text, lex) ?? electricityUnits(text, lex) ?? read;
}

/** "300 units", "1 unit of electricity": what an electricity bill counts. */
const BILL_UNITS = /(?<![\p{L}])units?(?:\s+(?:of\s+)?(?:electricity|power))?(?![\p{L}])/giu;

/**
 * "300 units to kwh", "1 kwh in units", "100 units of electricity in joules": an electricity
 * bill's unit is the kilowatt-hour (the Board of Trade unit), as bills in India, Pakistan and
 * Bangladesh count it, and the note says so. Null unless the whole reads as energy.
 */
function electricityUnits(text: string, lex: Lexicon): ConversionReading | null {
  if (text.search(BILL_UNITS) < 0) return null;
  const reading = readAsTyped(text.replace(BILL_UNITS, 'kWh'), lex, null);
  if (reading.kind !== 'ok' || reading.category !== ENERGY || reading.target === null) return null;
  // "300 units = 300 kWh": the units as typed, where the quantity is in them.
  const typed = quantityPart(text);
  const said = typed.search(BILL_UNITS) >= 0 && reading.parsed.kind === 'quantity' ? { reading: typed } : {};
  return { ...reading, parsed: { ...reading.parsed, ...said, notes: [...reading.parsed.notes, 'a unit of electricity read as a kilowatt-hour, as electricity bills count'] } };
}

const ENERGY = 'energy';

/** A target that names only a system of measures: "to us", "in imperial", "to metric". */
const SYSTEM_TARGET = /^(.*\S)\s+(?:to|in|into|as)\s+(us|u\.s\.|usa|american|uk|u\.k\.|british|imperial|imp|metric|aus|australian)\s*$/iu;
/** The system words a unit's own words may hold ("imperial gallons", "mpg uk"). */
const SYSTEM_WORDS = /\b(?:us|u\.s\.|usa|american|uk|u\.k\.|british|imperial|imp|metric|aus|australian)\b/giu;

/**
 * "5 imperial gallons to us", "40 mpg uk to us": the target is the same measure in the other
 * system, the quantity's unit words with the system named instead ("us gallons", "us mpg").
 * Null when that names no unit of the quantity's category ("5 kg to us").
 */
function systemTarget(text: string, lex: Lexicon): ConversionReading | null {
  const m = SYSTEM_TARGET.exec(text);
  if (m === null) return null;
  const left = parseInput(m[1], lex, null);
  if (left.kind !== 'quantity') return null;
  const words = m[1].replace(/[-+−]?[\d.,/ ]*\d/gu, ' ').replace(SYSTEM_WORDS, ' ').replace(/\s+/gu, ' ').trim();
  if (words === '' || /\d/u.test(words)) return null;
  const reading = readAsTyped(`${m[1]} to ${m[2]} ${words}`, lex, null);
  return reading.kind === 'ok' && reading.category === left.category && reading.target !== null ? reading : null;
}

/** Up to three words before the first number: "weight 70 kg in lbs", "body temperature 37 c in f". */
const CONTEXT_WORDS = /^((?:\p{L}[\p{L}'’-]*\s+){1,3})(?=[-+−]?[\d.,]*\d)/u;

/** A query's text before its first separator: the quantity of "70 kg in lbs". */
const quantityPart = (text: string): string => text.split(SEPARATOR)[0].trim();

/**
 * "weight 70 kg in lbs", "my height 5 ft 10 in cm", "fever 38.5 c in f": words that name what
 * is measured, before it, in the search box. When none of them is a unit's or a currency's and
 * the rest reads as a quantity typed with its unit, they are ignored, and the note says so.
 * Null otherwise: "iphone 15 in cm" is no 15 inches, and words before a bare number are the
 * search's.
 */
function afterContextWords(text: string, lex: Lexicon): ConversionReading | null {
  const m = CONTEXT_WORDS.exec(text);
  if (m === null) return null;
  const words = m[1].trim();
  if (words.split(/\s+/u).some((w) => lookupWord(lex, w, null) !== null)) return null;
  const rest = text.slice(m[0].length);
  if (parseInput(quantityPart(rest), lex, null).kind !== 'quantity') return null;
  const reading = readAsTyped(rest, lex, null);
  if (reading.kind !== 'ok') return null;
  return { ...reading, parsed: { ...reading.parsed, notes: [...reading.parsed.notes, `${words} ignored`] } };
}

/** readConversion's reading of the query as it is typed. */
function readAsTyped(input: string, lex: Lexicon, category: string | null): ConversionReading {
  const text = input.trim();
  if (text === '') return { kind: 'empty' };
  const dangling = DANGLING.exec(text);
  if (dangling) return { kind: 'error', message: `Add the unit to convert to after “${(dangling[1] ?? dangling[2]).toLowerCase()}” (10 kg to lb).` };
  const separators = [...text.matchAll(SEPARATOR)].reverse();
  for (const m of separators) {
    const left = text.slice(0, m.index);
    const right = text.slice(m.index! + m[0].length).trim();
    if (left.trim() === '' || right === '') continue;
    const word = (m[1] ?? m[2]).toLowerCase();
    let target = readTarget(right, lex, category);
    if (target === null) continue; // numbers after it: not a target
    // The search box: the quantity's category, when it has one, is the one the target must be
    // of; else the target's decides (100 c to f: c is °C there, not a cup).
    let mismatch: string | null = null;
    let quantityFirst = category !== null;
    if (category === null) {
      const first = parseInput(left, lex, null);
      if (first.kind === 'quantity') {
        quantityFirst = true;
        const mine = readTarget(right, lex, first.category);
        if (typeof mine === 'string') {
          // A symbol of two units read with the target's case rule ("5K to miles": the
          // runner's kilometre, not the kelvin; "300k to c": the kelvin, not the kilometre).
          const other = otherReading(left, right, lex, first.category, target !== null && typeof target !== 'string' ? target.category : undefined);
          if (other !== null) return { kind: 'ok', ...other };
          mismatch = (typeof target === 'string' || target === null ? null : caseQuestion(left, lex, target.category)) ?? mine;
          // "250 nm to kt": nm beside knots is the sailor's or pilot's nautical mile.
          if (target !== null && typeof target !== 'string' && target.kind === 'unit' && target.unit.key === 'knots' && NM.test(left)) mismatch += ` ${nanometreSaid((symbol) => `“${symbol}”`)}.`;
        }
        if (mine !== null && (typeof mine !== 'string' || typeof target === 'string')) target = mine;
      }
    }
    if (typeof target === 'string') {
      if (word === 'in') continue; // perhaps inches after all ("5 in in cm" tried first)
      return { kind: 'error', message: target, aboutUnits: quantityFirst };
    }
    let parsed = parseInput(left, lex, category ?? target.category);
    if (parsed.kind === 'empty') continue;
    // "1 kg of gold in oz": the ounce asked of a precious metal is the troy ounce, as the value's is.
    if (target.kind === 'unit' && OUNCE_WORD.test(right) && NAMES_METAL.test(left) && parsed.kind !== 'error') {
      const troy = lookupWord(lex, 'troy ounce', target.category);
      if (troy !== null && 'entry' in troy) {
        target = { kind: 'unit', unit: troy.entry.unit, category: target.category };
        const note = troyNote(right);
        if (!parsed.notes.includes(note)) parsed = { ...parsed, notes: [...parsed.notes, note] };
      }
    }
    // "5 in cm", "3/4 in mm": a bare number before "in" and a length is in inches, as such a
    // search means it; read as "5 in to cm", when that reads.
    if (parsed.kind === 'number' && word === 'in' && parsed.clock === undefined) {
      const inches = readConversion(`${left.trim()} in to ${right}`, lex, category);
      if (inches.kind === 'ok' && inches.parsed.kind === 'quantity') return inches;
    }
    if (parsed.kind === 'error') {
      const message = mismatch ?? (category === null ? offeredElsewhere(parsed.message, lex) : null) ?? parsed.message;
      return { kind: 'error', message, aboutUnits: true, ...(mismatch === null && parsed.refusal && { refusal: parsed.refusal }) };
    }
    return { kind: 'ok', text: left.trim(), parsed, category: category ?? target.category, target };
  }
  const parsed = parseInput(text, lex, category);
  if (parsed.kind === 'empty' || parsed.kind === 'error') return parsed;
  // "100 mb" alone in the search box: mb is the millibar by its case, yet a size in bits or
  // bytes is what such a search most often means; a wrong confident answer misleads, and a
  // question costs one retype. A pressure card or a pressure target reads it as the millibar.
  if (category === null && parsed.kind === 'quantity' && parsed.category !== STORAGE && lex.categories[STORAGE] !== undefined) {
    const question = caseQuestion(text, lex, STORAGE, parsed.category);
    if (question !== null) return { kind: 'error', message: question, aboutUnits: true };
  }
  return { kind: 'ok', text, parsed, category: parsed.kind === 'quantity' ? parsed.category : category, target: null };
}

/** The shortest typo offered from another category than the target's: a name, not a symbol. */
const NAME_LENGTH = 6;

/**
 * In the search box, a typo of the quantity's unit read in the target's category, which
 * offers nothing ("5 mililiters to oz": weight units): the "Did you mean" of the category
 * whose word it is one edit from (milliliters), not a list of units of a kind the visitor
 * did not type. Null when `message` is no such unknown unit, or no category is that near.
 */
function offeredElsewhere(message: string, lex: Lexicon): string | null {
  const typed = listedWord(message);
  // A name spelled out only: a short symbol is a trade's own ("cms" is no cm/s).
  if (typed === null || typed.length < NAME_LENGTH) return null;
  const near = Object.keys(lex.categories)
    .map((key) => ({ key, best: nearestWord(typed, lex, key) }))
    .filter((n) => n.best !== null && n.best.d <= 1)
    .sort((a, b) => a.best!.d - b.best!.d);
  return near.length === 0 ? null : unknownWord(typed, lex, near[0].key);
}

/** The category whose b/B symbols a lower-case word (mb, gb) may mean. */
const STORAGE = 'digital_storage';

/**
 * "1 gb to mb", "how many mb in a gb", "1 gib to mib": sizes typed in lower case with a
 * target, in the search box. By its case each word may be bits or bytes (or is no unit:
 * "mib", m being milli), but read alike both sides give the same number, so they are read as
 * bytes, what such a search almost always means, and the note says so. Null unless every
 * unit read is a data size and at least one word was so read; a size typed with its case
 * ("1 GB to mb") keeps the question, as it may mean another kind than its target's.
 */
function sizesInLowerCase(text: string, lex: Lexicon): ConversionReading | null {
  const read: { typed: string; bytes: LexUnit; bits?: LexUnit }[] = [];
  if (/\p{Lu}/u.test(text)) return null;
  const asBytes = text.replace(/\p{L}+/gu, (word) => {
    const units = (lex.words.get(word) ?? []).filter((e) => e.category === STORAGE).map((e) => e.unit);
    const bytes = units.find((u) => u.key.endsWith('bytes'));
    const bits = units.find((u) => u.key.endsWith('bits'));
    if (bytes === undefined) return word;
    // A word of bytes alone is a size to read only when its case makes it none ("mib").
    const found = bits === undefined ? lookupWord(lex, word, STORAGE) : null;
    if (found !== null && 'entry' in found) return word;
    if (!read.some((r) => r.typed === word)) read.push({ typed: word, bytes, bits });
    return bytes.symbol;
  });
  if (read.length === 0) return null;
  const reading = readAsTyped(asBytes, lex, null);
  if (reading.kind !== 'ok' || reading.category !== STORAGE || reading.target === null) return null;
  const list = (words: string[]) => words.join(' and ');
  // The same number in bits only when every size of the reading was such a word ("1 gigabyte to mb" is bytes either way).
  const target = reading.target.kind === 'unit' ? [reading.target.unit] : reading.target.parts;
  const sizes = [...(reading.parsed.kind === 'quantity' ? reading.parsed.units : []), ...target];
  const alike = read.every((r) => r.bits !== undefined) && sizes.every((u) => read.some((r) => r.bytes === u));
  const inBits = alike ? `; as ${list(read.map((r) => r.bits!.symbol))}, bits, the number is the same` : '';
  const note = `${list(read.map((r) => r.typed))} read as ${list(read.map((r) => r.bytes.symbol))}, bytes${inBits}`;
  return { ...reading, parsed: { ...reading.parsed, notes: [...reading.parsed.notes, note] } };
}

/**
 * The question a unit symbol of `left` asks in `category`, whose units have it in another
 * case: "500 mb in GB" reads mb by its case as the millibar, but the target's category asks
 * "Mb or MB?". With `read`, the category it was read in with no target, its unit there is
 * one more option (mb: or mbar). Null when no word of `left` is such a symbol.
 */
function caseQuestion(left: string, lex: Lexicon, category: string, read?: string): string | null {
  for (const word of left.split(/[\s\p{N}.,/⁄]+/u)) {
    const found = word === '' ? null : lookupWord(lex, word, category);
    if (found === null || !('unclear' in found)) continue;
    // With no target, the unit the word reads as by its case is one more option ("or mbar").
    const own = read === undefined ? null : lookupWord(lex, word, read);
    return unclearWord(word, own !== null && 'entry' in own ? [...found.unclear, { ...own.entry, word: own.entry.unit.symbol }] : found.unclear);
  }
  return null;
}

/**
 * The quantity `left` and target `right` read on the card of another category than `tried`,
 * the first whose card reads both (a unit symbol of two categories, k or K: kilometre and
 * kelvin), beginning with `prefer`, the target's own ("2 G to T": the tesla's, where G is the
 * gauss, before the weight card's gram and tonne); null when none does.
 */
function otherReading(left: string, right: string, lex: Lexicon, tried: string, prefer?: string): Omit<Extract<ConversionReading, { kind: 'ok' }>, 'kind'> | null {
  const keys = Object.keys(lex.categories);
  for (const key of prefer === undefined || !keys.includes(prefer) ? keys : [prefer, ...keys.filter((k) => k !== prefer)]) {
    if (key === tried) continue;
    const parsed = parseInput(left, lex, key);
    if (parsed.kind !== 'quantity' || parsed.category !== key) continue;
    const target = readTarget(right, lex, key);
    if (target !== null && typeof target !== 'string') return { text: left.trim(), parsed, category: key, target };
  }
  return null;
}

/** A compound typed as its parts' symbols ("h min s"), read whole: "min s" alone reads as "mins", one unit. */
function compoundOfSymbols(text: string, lex: Lexicon, category: string | null): TypedTarget | null {
  const typed = text.trim().replace(/\s+/gu, ' ');
  for (const [key, c] of Object.entries(lex.categories)) {
    if (category !== null && key !== category) continue;
    for (const compound of c.compounds ?? []) {
      const parts = compound.parts.map((p) => c.units.find((u) => u.key === p));
      if (compound.key === undefined || parts.some((u) => u === undefined)) continue;
      if (parts.map((u) => u!.symbol).join(' ') === typed) return { kind: 'compound', key: compound.key, parts: parts as LexUnit[], category: key };
    }
  }
  return null;
}

/**
 * The unit or compound `text` names: a TypedTarget, a message (a string) when it names none
 * of the category, or null when it is not unit words at all.
 */
function readTarget(text: string, lex: Lexicon, category: string | null): TypedTarget | string | null {
  const whole = compoundOfSymbols(text, lex, category);
  if (whole !== null) return whole;
  let words: { entry: Entry; text: string }[] | null;
  try {
    words = readUnitWords(text.replace(/\s*[+&,]\s*|\s+and\s+/giu, ' '), lex, category);
  } catch (e) {
    if (e instanceof ParseError) return e.message;
    throw e;
  }
  if (words === null || words.length === 0) return null;
  const home = category ?? words[0].entry.category;
  // A product written the other way round is the home category's ("1 N·m to ft lb": torque).
  words = words.map((w) => ({ ...w, entry: entryIn(w.entry, lex, home) ?? w.entry }));
  const at = words.findIndex((w) => w.entry.category !== home);
  if (at >= 0) return strangerWord(words[at].text, words[at].entry, lex, home, words.map((w) => w.text), words[at + 1]);
  if (words.length === 1) return { kind: 'unit', unit: words[0].entry.unit, category: home };
  const keys = words.map((w) => w.entry.unit.key);
  const c = lex.categories[home];
  const compound = c?.compounds?.find((x) => x.key !== undefined && x.parts.join() === keys.join());
  if (compound) {
    const parts = compound.parts.map((p) => c.units.find((u) => u.key === p)!);
    return { kind: 'compound', key: compound.key!, parts, category: home };
  }
  return `“${text}” is not one unit: convert to one unit, or to parts such as “ft in”.`;
}
