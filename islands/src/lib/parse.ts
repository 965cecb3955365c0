// The value parser: what a visitor types in a Value or Amount field, read exactly.
//
//   1,234.5   1,5 (a decimal comma)   1e3   3/4   1 1/2   ½   1¾   2*(3+4)   -3
//   5 ft 11 in   5'11"   10 st 4 lb   2 cups + 3 tbsp   100 °F   1/2 cup   6 ft / 2
//
// Pure TypeScript: no eval, no Function, no DOM. Numbers are exact rationals (rational.ts)
// from the literal to the answer; the unit words come in as data (content/units.yaml's key,
// symbol and aliases of every unit), never from a list here.
//
// Grammar (a recursive-descent parser over tokens):
//   sum     := seq (('+' | '-') seq)*
//   seq     := qterm qterm*             juxtaposed quantities add up: 5 ft 11 in
//   qterm   := term unit? (('*' | '/') term unit?)*
//   term    := unary (('*' | '/') unary)*
//   unary   := ('+' | '-') unary | primary        (never two signs in a row)
//   primary := number | '(' sum ')' | unit term   (a unit before its number: €100)
// A unit after a term applies to the whole term, so 2*(3+4) m is 14 m and 1/2 cup is half
// a cup. In a juxtaposed sequence a bare last number takes the next part of a compound
// unit (5 ft 11 → 5 ft 11 in), and a leading minus applies to the whole sequence.

import {
  type Rational, ZERO, add, compare, div, fromDecimal, isNegative, isZero, mul, neg, rational, sub,
} from './rational';
import { type Definition, fromBase, isAdditive, toBase } from './kinds';
import { MAX_VALUE_CHARS } from './urlState';

/** One unit as the parser needs it (a unit of units.yaml, or a currency: no definition, factor 1). */
export interface LexUnit extends Definition {
  key: string;
  symbol: string;
  aliases?: string[];
}

export interface LexCategory {
  /** Words for error messages: "weight" in "“kg” is a unit of weight". */
  label: string;
  units: LexUnit[];
  /** Compound units (feet + inches): each part's next part takes a bare trailing number. */
  compounds?: { parts: string[] }[];
}

interface Entry {
  category: string;
  unit: LexUnit;
}

export interface Lexicon {
  words: Map<string, Entry>;
  categories: Record<string, LexCategory>;
}

/** How a unit word is compared: compatibility forms folded (℉ → °F, ² → 2), case and spaces ignored. */
export function wordKey(word: string): string {
  return word.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
}

/** Every word that names `unit`: its key (underscores read as spaces), symbol and aliases. */
export function unitWordsOf(unit: LexUnit): string[] {
  return [unit.key.replace(/_/g, ' '), unit.symbol, ...(unit.aliases ?? [])];
}

/**
 * The words of every category, so a unit of another category is recognised (and named)
 * rather than reported unknown. A word naming two units would make input ambiguous; the
 * build refuses such a units.yaml, and here the first one wins.
 */
export function buildLexicon(categories: Record<string, LexCategory>): Lexicon {
  const words = new Map<string, Entry>();
  for (const [category, c] of Object.entries(categories)) {
    for (const unit of c.units) {
      for (const w of unitWordsOf(unit)) {
        const k = wordKey(w);
        if (k !== '' && !words.has(k)) words.set(k, { category, unit });
      }
    }
  }
  return { words, categories };
}

export type Parsed =
  | { kind: 'empty' }
  | { kind: 'error'; message: string }
  /** A plain number: it is in the From unit. */
  | { kind: 'number'; value: Rational; reading: string }
  /**
   * A quantity with typed units, which win over From. In a category of amounts (all units
   * linear) `value` is in the base unit. In a category of readings (an affine or reciprocal
   * unit: temperature, fuel economy) `value` is one reading in `unit`, never summed or scaled.
   */
  | { kind: 'quantity'; value: Rational; unit: LexUnit; single: boolean; reading: string };

/** Largest power of ten a literal may carry (1e1000); beyond, no double can hold the answer anyway. */
const MAX_EXPONENT = 1000;

class ParseError extends Error {}
function fail(message: string): never {
  throw new ParseError(message);
}

// ------------------------------------------------------------------------------------
// Tokens
// ------------------------------------------------------------------------------------

type Token =
  | { t: 'num'; v: Rational; text: string; space: boolean }
  | { t: 'op'; v: '+' | '-' | '*' | '/' | '(' | ')'; space: boolean }
  | { t: 'unit'; entry: Entry; text: string; space: boolean };

const VULGAR: Record<string, [number, number]> = {
  '½': [1, 2], '⅓': [1, 3], '⅔': [2, 3], '¼': [1, 4], '¾': [3, 4], '⅕': [1, 5], '⅖': [2, 5], '⅗': [3, 5],
  '⅘': [4, 5], '⅙': [1, 6], '⅚': [5, 6], '⅐': [1, 7], '⅛': [1, 8], '⅜': [3, 8], '⅝': [5, 8], '⅞': [7, 8],
  '⅑': [1, 9], '⅒': [1, 10],
};
const OPS: Record<string, '+' | '-' | '*' | '/' | '(' | ')'> = {
  '+': '+', '-': '-', '−': '-', '–': '-', '*': '*', '×': '*', '·': '*', '/': '/', '÷': '/', '⁄': '/', '(': '(', ')': ')',
};
// A word: anything that is not a digit, a space, an operator or a number's punctuation.
const WORD = /[^\s\d+\-−–*×·/÷⁄()^.,;:=!?<>[\]{}|\\½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅐⅛⅜⅝⅞⅑⅒]+/uy;
const WORD_RUN = /[^\s\d+\-−–*×·/÷⁄()^.,;:=!?<>[\]{}|\\½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅐⅛⅜⅝⅞⅑⅒]+(?:\s+[^\s\d+\-−–*×·/÷⁄()^.,;:=!?<>[\]{}|\\½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅐⅛⅜⅝⅞⅑⅒]+){0,2}/uy;

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

function tokenize(s: string, lex: Lexicon, category: string | null): Token[] {
  const out: Token[] = [];
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
      const [tok, next] = readNumber(s, i, space);
      out.push(tok);
      i = next;
    } else if (c in VULGAR) {
      const [a, b] = VULGAR[c];
      out.push({ t: 'num', v: rational(BigInt(a), BigInt(b)), text: `${a}/${b}`, space });
      i++;
    } else if (c in OPS) {
      out.push({ t: 'op', v: OPS[c], space });
      i++;
    } else if (c === '^') {
      fail('Powers (^) are not supported: write the number out, or use e-notation such as 1e6.');
    } else {
      const [tok, next] = readUnit(s, i, space, lex, category);
      out.push(tok);
      i = next;
    }
    space = false;
  }
  return out;
}

function readNumber(s: string, start: number, space: boolean): [Token, number] {
  let i = start;
  let int = '';
  while (isDigit(s[i])) int += s[i++];
  let grouped = false;
  // Thousands separators: a comma followed by exactly three digits (then no fourth).
  while (int !== '' && s[i] === ',' && isDigit(s[i + 1]) && isDigit(s[i + 2]) && isDigit(s[i + 3]) && !isDigit(s[i + 4])) {
    int += s.slice(i + 1, i + 4);
    i += 4;
    grouped = true;
  }
  let frac = '';
  let point = '';
  if (s[i] === '.' || (s[i] === ',' && isDigit(s[i + 1]))) {
    point = s[i];
    if (point === ',' && grouped) {
      fail(`“${s.slice(start, i + 1)}…” is unclear: use a point for decimals when commas group thousands (1,234.5).`);
    }
    i++;
    while (isDigit(s[i])) frac += s[i++];
    if (s[i] === '.' || (s[i] === ',' && isDigit(s[i + 1]))) {
      let j = i;
      while (isDigit(s[j]) || s[j] === '.' || s[j] === ',') j++;
      fail(`“${s.slice(start, j)}” is not a number: it has more than one decimal separator.`);
    }
  }
  let exp = 0;
  let expText = '';
  const e = /[eE][+-]?\d+/y;
  e.lastIndex = i;
  const em = e.exec(s);
  if (em && (int !== '' || frac !== '')) {
    exp = Number(em[0].slice(1));
    expText = em[0].toLowerCase();
    i += em[0].length;
    if (!Number.isFinite(exp) || Math.abs(exp) > MAX_EXPONENT) {
      fail(exp > 0 ? 'That number is too large to convert.' : 'That number is too small to convert.');
    }
  }
  let v = fromDecimal(int + frac, exp - frac.length);
  // As typed, with a decimal comma shown as the point it was read as.
  let text = point === ',' ? `${int}.${frac}${expText}` : s.slice(start, i).toLowerCase();
  // A whole number followed by a fraction is a mixed number: 1 1/2, 1½, 1 ½.
  if (point === '' && expText === '' && !grouped) {
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
        if (BigInt(mm[2]) === 0n) fail('Division by zero.');
        v = add(v, rational(BigInt(mm[1]), BigInt(mm[2])));
        text = `${text} ${mm[1]}/${mm[2]}`;
        i = j + mm[0].length;
      }
    }
  }
  return [{ t: 'num', v, text, space }, i];
}

function readUnit(s: string, start: number, space: boolean, lex: Lexicon, category: string | null): [Token, number] {
  WORD_RUN.lastIndex = start;
  const run = WORD_RUN.exec(s);
  if (!run) fail(`Unexpected “${String.fromCodePoint(s.codePointAt(start) ?? 0)}”.`);
  // Longest first: "fl oz" before "fl", "square feet" before "square".
  const parts = run![0].split(/(\s+)/);
  for (let n = parts.length; n > 0; n -= 2) {
    const text = parts.slice(0, n).join('');
    // "m2", "ft3": a square or cubic unit typed without ² or ³, when this category has it
    // (so "5ft2in" on a length card stays 5 ft 2 in).
    const power = /^[23](?!\d)/.exec(s.slice(start + text.length));
    const squared = power ? lex.words.get(wordKey(text + power[0])) : undefined;
    if (squared && squared.category === category) {
      return [{ t: 'unit', entry: squared, text: text + power![0], space }, start + text.length + 1];
    }
    const entry = lex.words.get(wordKey(text));
    if (entry) return [{ t: 'unit', entry, text, space }, start + text.length];
  }
  WORD.lastIndex = start;
  const word = WORD.exec(s)![0];
  return fail(unknownWord(word, lex, category));
}

function unknownWord(word: string, lex: Lexicon, category: string | null): string {
  if (category === null || !lex.categories[category]) {
    return `“${word}” is not a number.`;
  }
  const c = lex.categories[category];
  const target = wordKey(word);
  let best: { word: string; d: number } | null = null;
  for (const u of c.units) {
    for (const w of unitWordsOf(u)) {
      const d = distance(target, wordKey(w));
      if (best === null || d < best.d) best = { word: w, d };
    }
  }
  const limit = Math.max(1, Math.floor(target.length / 3));
  if (best !== null && best.d <= limit) return `Unknown unit “${word}”. Did you mean “${best.word}”?`;
  const symbols = c.units.slice(0, 6).map((u) => u.symbol).join(', ');
  return `Unknown unit “${word}”. ${cap(c.label)} units include ${symbols}.`;
}

/** Levenshtein distance (short words only). */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const here = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = here;
    }
  }
  return row[b.length];
}

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const lower = (s: string): string => s.toLowerCase();

// ------------------------------------------------------------------------------------
// Parser
// ------------------------------------------------------------------------------------

interface Val {
  r: Rational;
  /** 0: a plain number; 1: a quantity of the category. */
  dim: 0 | 1;
  /** A reading's unit, in a category of readings (temperature, fuel economy): never summed or scaled. */
  readingUnit?: LexUnit;
  /** That category's label, for the message refusing arithmetic on a reading. */
  readingOf?: string;
  /** The unit written last, for a compound's bare trailing number (5 ft 11). */
  last?: LexUnit;
  /** The first unit written (the quantity's unit for messages and the reading). */
  first?: LexUnit;
  text: string;
}

class Parser {
  private i = 0;
  constructor(
    private toks: Token[],
    private lex: Lexicon,
    private category: string | null,
  ) {}

  private peek(): Token | undefined {
    return this.toks[this.i];
  }
  private isOp(v: string): boolean {
    const t = this.peek();
    return t !== undefined && t.t === 'op' && t.v === v;
  }

  parse(): Val {
    const v = this.sum();
    const t = this.peek();
    if (t !== undefined) {
      if (t.t === 'op' && t.v === ')') fail('A “)” has no matching “(”.');
      if (t.t === 'unit') fail(`“${t.text}” follows ${v.text}, which already has a unit.`);
      fail(`Unexpected “${t.t === 'num' ? t.text : t.v}” after ${v.text}.`);
    }
    return v;
  }

  private sum(): Val {
    let v = this.seq();
    while (this.isOp('+') || this.isOp('-')) {
      const op = (this.toks[this.i++] as { v: string }).v;
      if (this.peek() === undefined) fail(`Something is missing after “${op}”.`);
      const w = this.seq();
      v = this.combine(v, w, op === '+' ? '+' : '-', `${v.text} ${op === '+' ? '+' : '−'} ${w.text}`);
    }
    return v;
  }

  private combine(v: Val, w: Val, op: '+' | '-', text: string): Val {
    if (v.dim !== w.dim) {
      const bare = v.dim === 0 ? v.text : w.text;
      fail(`${bare} has no unit: give every number a unit, or none.`);
    }
    const reading = v.readingOf ?? w.readingOf;
    if (reading !== undefined) fail(`${cap(lower(reading))} readings cannot be added or subtracted: convert one reading at a time.`);
    return { r: op === '+' ? add(v.r, w.r) : sub(v.r, w.r), dim: v.dim, first: v.first, last: w.last, text };
  }

  private startsOperand(): boolean {
    const t = this.peek();
    return t !== undefined && (t.t === 'num' || (t.t === 'op' && t.v === '('));
  }

  private seq(): Val {
    let v = this.qterm();
    const negative = isNegative(v.r);
    while (this.startsOperand()) {
      if (v.dim === 0) {
        const t = this.peek()!;
        fail(`Two numbers in a row (${v.text} ${t.t === 'num' ? t.text : '('}): put +, -, * or / between them, or write a fraction as 1 1/2.`);
      }
      let w = this.qterm();
      if (w.dim === 0) {
        const next = this.nextPart(v.last);
        if (next === undefined) fail(`${w.text} has no unit: write it as ${w.text} and a unit.`);
        w = this.applyUnit(w, { category: this.category!, unit: next! }, w.text);
      }
      const text = `${v.text} ${w.text}`;
      v = negative && !isNegative(w.r) ? this.combine(v, w, '-', text) : this.combine(v, w, '+', text);
    }
    return v;
  }

  /** The part after `unit` in a compound of this category (inches after feet), if any. */
  private nextPart(unit: LexUnit | undefined): LexUnit | undefined {
    if (unit === undefined || this.category === null) return undefined;
    const c = this.lex.categories[this.category];
    for (const compound of c?.compounds ?? []) {
      const at = compound.parts.indexOf(unit.key);
      if (at >= 0 && at + 1 < compound.parts.length) {
        return c.units.find((u) => u.key === compound.parts[at + 1]);
      }
    }
    return undefined;
  }

  private qterm(): Val {
    let v = this.withUnit(this.term());
    while (this.isOp('*') || this.isOp('/')) {
      const op = this.toks[this.i++] as { v: '*' | '/'; space: boolean };
      const tight = !op.space && !this.peek()?.space;
      const w = this.withUnit(this.unaryOrFail(op.v));
      v = this.mulDiv(v, w, op.v, tight);
    }
    return v;
  }

  private withUnit(v: Val): Val {
    const t = this.peek();
    if (t?.t !== 'unit') return v;
    this.i++;
    return this.applyUnit(v, t.entry, v.text);
  }

  private applyUnit(v: Val, entry: Entry, text: string): Val {
    const { unit } = entry;
    if (this.category === null) {
      fail(`Enter the amount without “${unit.symbol}”: choose the currency in From.`);
    }
    if (entry.category !== this.category) {
      const theirs = this.lex.categories[entry.category]?.label ?? entry.category;
      const ours = this.lex.categories[this.category!]?.label ?? this.category;
      fail(`“${unit.symbol}” is a unit of ${lower(theirs)}, not ${lower(ours!)}.`);
    }
    if (v.dim === 1) fail(`${v.text} already has a unit, so “${unit.symbol}” cannot follow it.`);
    const withText = `${text} ${unit.symbol}`;
    const category = this.lex.categories[entry.category];
    if (category !== undefined && !isAdditive(category.units)) {
      return { r: v.r, dim: 1, readingUnit: unit, readingOf: category.label, first: unit, last: unit, text: withText };
    }
    return { r: toBase(v.r, unit), dim: 1, first: unit, last: unit, text: withText };
  }

  private term(): Val {
    let v = this.unary();
    while (this.isOp('*') || this.isOp('/')) {
      // A unit after the term applies to all of it, so the term stops before one.
      const op = this.toks[this.i++] as { v: '*' | '/'; space: boolean };
      const tight = !op.space && !this.peek()?.space;
      const w = this.unaryOrFail(op.v);
      v = this.mulDiv(v, w, op.v, tight);
    }
    return v;
  }

  private unaryOrFail(op: string): Val {
    if (this.peek() === undefined) fail(`Something is missing after “${op === '*' ? '×' : op}”.`);
    return this.unary();
  }

  private mulDiv(v: Val, w: Val, op: '*' | '/', tight: boolean): Val {
    const reading = v.readingOf ?? w.readingOf;
    if (reading !== undefined) fail(`A ${lower(reading)} reading cannot be multiplied or divided: convert it as it is.`);
    if (op === '*') {
      if (v.dim + w.dim > 1) fail('Two quantities cannot be multiplied here: multiply a quantity by a plain number.');
      return { r: mul(v.r, w.r), dim: (v.dim + w.dim) as 0 | 1, first: v.first ?? w.first, last: w.last ?? v.last, text: `${v.text} × ${w.text}` };
    }
    if (w.dim > v.dim) fail(`A number cannot be divided by a quantity (${w.text}).`);
    if (isZero(w.r)) fail('Division by zero.');
    const text = tight ? `${v.text}/${w.text}` : `${v.text} ÷ ${w.text}`;
    return { r: div(v.r, w.r), dim: (v.dim - w.dim) as 0 | 1, first: v.first, last: v.last, text };
  }

  private unary(): Val {
    if (this.isOp('+') || this.isOp('-')) {
      const op = (this.toks[this.i++] as { v: string }).v;
      if (this.isOp('+') || this.isOp('-')) fail('Two signs in a row: write one sign, such as -3.');
      if (this.peek() === undefined) fail(`A number is missing after “${op}”.`);
      const v = this.unary();
      return op === '-' ? { ...v, r: neg(v.r), text: `−${v.text}` } : v;
    }
    return this.primary();
  }

  private primary(): Val {
    const t = this.peek();
    if (t === undefined) return fail('A number is missing.');
    if (t.t === 'num') {
      this.i++;
      return { r: t.v, dim: 0, text: t.text };
    }
    if (t.t === 'op' && t.v === '(') {
      this.i++;
      if (this.isOp(')')) fail('Empty parentheses “()”.');
      const v = this.sum();
      if (!this.isOp(')')) fail('A “(” is never closed: add “)”.');
      this.i++;
      return { ...v, text: `(${v.text})` };
    }
    if (t.t === 'unit') {
      // A unit written before its number: €100, $ 5.
      this.i++;
      if (!this.startsOperand()) {
        return fail(`“${t.text}” needs a number${this.peek() === undefined ? '' : ' right after it'}.`);
      }
      const v = this.term();
      return this.applyUnit(v, t.entry, v.text);
    }
    if (t.v === ')') return fail('A “)” has no matching “(”.');
    return fail(`A number is missing before “${t.v === '*' ? '×' : t.v}”.`);
  }
}

/**
 * Reads `input` as a value of `category` (a key of the lexicon's categories), or of no
 * category (`null`: plain numbers only, as the currency card's Amount). Never throws.
 */
export function parseInput(input: string, lex: Lexicon, category: string | null): Parsed {
  const text = input.trim();
  if (text === '') return { kind: 'empty' };
  if (text.length > MAX_VALUE_CHARS) return { kind: 'error', message: `That is too long to read (over ${MAX_VALUE_CHARS} characters).` };
  try {
    const v = new Parser(tokenize(text, lex, category), lex, category).parse();
    if (v.dim === 0) return { kind: 'number', value: v.r, reading: v.text };
    const unit = v.readingUnit ?? v.first!;
    return { kind: 'quantity', value: v.r, unit, single: v.readingUnit !== undefined, reading: v.text };
  } catch (e) {
    if (e instanceof ParseError) return { kind: 'error', message: e.message };
    if (e instanceof RangeError && /division by zero/.test(e.message)) return { kind: 'error', message: 'Division by zero.' };
    throw e;
  }
}

// ------------------------------------------------------------------------------------
// Converting what was read
// ------------------------------------------------------------------------------------

/** The parsed value in the base unit (a plain number is in `from`). Throws RangeError('division by zero') for 0 of a reciprocal unit. */
export function inBase(p: Extract<Parsed, { kind: 'number' | 'quantity' }>, from: LexUnit): Rational {
  if (p.kind === 'number') return toBase(p.value, from);
  return p.single ? toBase(p.value, p.unit) : p.value;
}

/** The parsed value in `to`, exactly. Throws RangeError('division by zero') where a reciprocal unit meets 0. */
export function convertParsed(p: Extract<Parsed, { kind: 'number' | 'quantity' }>, from: LexUnit, to: LexUnit): Rational {
  return fromBase(inBase(p, from), to);
}

export { compare, ZERO };
