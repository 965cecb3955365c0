// The value parser: what a visitor types in a Value or Amount field, read exactly.
//
//   1,234.5   1 234   1,5 (a decimal comma)   1e3   3/4   1 1/2   ½   1¾   2*(3+4)   -3
//   5 ft 11 in   5'11"   5’11”   5 ft. 11 in.   10 st 4 lb   2 cups + 3 tbsp   100 °F   12'-6"
//   100 degrees F   1/2 cup   6 ft / 2   €100   100 EUR
//
// Pure TypeScript: no eval, no Function, no DOM. Numbers are exact rationals (rational.ts)
// from the literal to the answer; the unit words come in as data (content/units.yaml's key,
// symbol and aliases of every unit, lexicon.ts), never from a list here. How numbers and
// words are told apart is in tokens.ts; a target ("10 kg to lb") is read by query.ts.
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
// A category of amounts (every unit linear: kinds.ts) sums in its base unit; a category of
// readings (an affine or reciprocal unit: temperature, fuel economy) keeps one reading in
// its unit, never summed or scaled; a currency (a unit with no definition) sums only with
// amounts of itself.

import {
  type Rational, ZERO, add, compare, div, isNegative, isZero, mul, neg, rational, sub, toNumber,
} from './rational';
import { exactNumber, fromBase, kindOf, toBase, type Definition } from './kinds';
import { MAX_VALUE_CHARS } from './urlState';
import { takesSingular } from './singular.ts';
import { SMALL_CALORIE, SMALL_CALORIE_NOTE, smallCalorieUnsaid } from './foodEnergy.ts';
import { type Entry, type Lexicon, type LexUnit, article, cap, lower, lookupWord, readingUnit, entryIn, strangerWord } from './lexicon.ts';
import { type Clock, ParseError, type Refusal, type Token, clockFit, clockNote, clockRefusal, clockScale, fail, isPace, tokenize } from './tokens.ts';

export {
  buildLexicon, exactForm, lookupWord, readingUnit, unitWordsOf, wordKey,
  type Entry, type LexCategory, type Lexicon, type LexUnit,
} from './lexicon.ts';

export type Parsed =
  | { kind: 'empty' }
  /** `refusal`: a quantity typed with units, refused as no single value (tokens.ts Refusal). */
  | { kind: 'error'; message: string; refusal?: Refusal }
  /**
   * A plain number: it is in the From unit. `clock`: it was typed as a time (5:30), which
   * only some units read (tokens.ts clockFit): the card checks From.
   */
  | { kind: 'number'; value: Rational; reading: string; notes: string[]; clock?: Clock; clocks?: Clock[]; clocksAlone?: boolean }
  /**
   * A quantity with typed units, which win over From. In a category of amounts `value` is in
   * the base unit. In a category of readings (`single`: temperature, fuel economy) `value` is
   * one reading in `unit`; a currency's is an amount of `unit`.
   */
  | {
      kind: 'quantity'; value: Rational; unit: LexUnit; category: string; single: boolean; reading: string; notes: string[];
      /** Every unit typed, in order, once each (5 ft 11 in: feet, inches). */
      units: LexUnit[];
      /** The reading with every unit as its symbol ("2 ton", where `reading` says "2 US short tons"). */
      symbols: string;
    };


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
  /** A currency amount's unit (no factor: only amounts of one currency sum). */
  money?: LexUnit;
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
    /** The card's category; null until the first unit typed sets it (the search box). */
    private category: string | null,
  ) {}

  private peek(): Token | undefined {
    return this.toks[this.i];
  }
  private isOp(v: string): boolean {
    const t = this.peek();
    return t !== undefined && t.t === 'op' && t.v === v;
  }

  /** Every unit applied, in order, once each. */
  readonly unitsTyped: LexUnit[] = [];

  /** The category the units typed belong to (the card's, or the first unit's). */
  get categoryRead(): string | null {
    return this.category;
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
    // The last term is kept apart from the terms before it, so a hyphen joining feet and
    // inches joins that term alone: 10 ft - 5 ft-3 in is 10 ft − (5 ft 3 in).
    let before: { total: Val; op: '+' | '-' } | null = null;
    let term = this.seq();
    const added = (b: { total: Val; op: '+' | '-' } | null, t: Val): Val =>
      b === null ? t : this.combine(b.total, t, b.op, `${b.total.text} ${b.op === '+' ? '+' : '−'} ${t.text}`);
    while (this.isOp('+') || this.isOp('-')) {
      const { v: op, space } = this.toks[this.i++] as { v: string; space: boolean };
      if (this.peek() === undefined) fail(`Something is missing after “${op}”.`);
      const next = this.peek()!;
      const joined = op === '-' && !space && !next.space && next.t === 'num' ? this.feetInches(term) : null;
      if (joined !== null) {
        term = joined;
        continue;
      }
      before = { total: added(before, term), op: op === '+' ? '+' : '-' };
      term = this.seq();
    }
    return added(before, term);
  }

  /**
   * 12'-6", 12'-6 1/2", 12 ft-6 in: feet, a hyphen with no space on either side, then inches
   * is one length, as US plans and lumber write it (12 ft 6 in), like the hyphen of 1-1/2;
   * 12' - 6" with spaces stays a subtraction. Null, having read nothing, when what follows
   * the hyphen is no inches (12 ft-6 m).
   */
  private feetInches(v: Val): Val | null {
    if (v.dim !== 1 || v.last?.key !== 'feet') return null;
    const at = this.i;
    const w = this.qterm();
    const inches = this.nextPart(v.last);
    if (inches?.key !== 'inches' || !(w.dim === 0 ? this.peek() === undefined : w.first === inches && w.last === inches)) {
      this.i = at;
      return null;
    }
    this.hyphenJoins = true;
    const part = w.dim === 0 ? this.applyUnit(w, { category: this.category!, unit: inches, word: inches.symbol, exact: inches.symbol }, inches.symbol) : w;
    return this.combine(v, part, isNegative(v.r) ? '-' : '+', `${v.text} ${part.text}`);
  }

  /** Whether a hyphen joined feet and inches, for the reading's note. */
  hyphenJoins = false;

  private combine(v: Val, w: Val, op: '+' | '-', text: string): Val {
    if (v.dim !== w.dim) {
      const bare = v.dim === 0 ? v.text : w.text;
      fail(`${bare} has no unit: give every number a unit, or none.`);
    }
    const reading = v.readingOf ?? w.readingOf;
    if (reading !== undefined) fail(`${cap(lower(reading))} readings cannot be added or subtracted: convert one reading at a time.`);
    if ((v.money || w.money) && v.money !== w.money) fail('Amounts in two currencies cannot be added: convert one currency at a time.');
    return { r: op === '+' ? add(v.r, w.r) : sub(v.r, w.r), dim: v.dim, money: v.money, first: v.first, last: w.last, text };
  }

  private startsOperand(): boolean {
    const t = this.peek();
    return t !== undefined && (t.t === 'num' || (t.t === 'op' && t.v === '('));
  }

  private seq(): Val {
    let v = this.qterm();
    const negative = isNegative(v.r);
    while (this.startsOperand()) {
      if (this.bracketEquivalent(v)) continue;
      if (v.dim === 0) {
        const t = this.peek()!;
        fail(`Two numbers in a row (${v.text} ${t.t === 'num' ? t.text : '('}): put +, -, * or / between them, write a fraction as 1 1/2, or group digits in threes (1 000).`);
      }
      let w = this.qterm();
      if (w.dim === 0) {
        const next = this.nextPart(v.last) ?? this.heightCentimeters(v.last, w);
        if (next === undefined) fail(`${w.text} has no unit: write it as ${w.text} and a unit.`);
        w = this.applyUnit(w, { category: this.category!, unit: next!, word: next!.symbol, exact: next!.symbol }, next!.symbol);
      }
      const text = `${v.text} ${w.text}`;
      v = negative && !isNegative(w.r) ? this.combine(v, w, '-', text) : this.combine(v, w, '+', text);
    }
    return v;
  }

  /** How a horse's height was read (15.2 hh), for the reading's notes. */
  readonly heightNotes: string[] = [];

  /**
   * 15.2 hh: a horse's height, 15 hands 2 inches, as every stud book writes it. The digit
   * after the point counts inches, 0 to 3 (a hand is 4 in), so 15.5 hh is no height and is
   * refused with the way to type it. Null when `v` is no such number before the hand (15,
   * 15.25 and 15 1/2 hh are decimal hands).
   */
  private handsHigh(v: Val, unit: LexUnit): Val | null {
    const typed = horseHeight(v.text);
    const inches = this.nextPart(unit);
    if (typed === null || unit.key !== HANDS || inches === undefined) return null;
    const { hands, digit } = typed;
    if (!typed.height) {
      const decimal = String(+(Number(digit) * 0.4).toFixed(1));
      fail(`In a horse’s height the digit after the point counts inches, 0 to 3 (15.2 hh is 15 hands 2 inches), so ${v.text} hh is no height: for ${v.text} hands, type ${hands} hh ${decimal} in.`);
    }
    for (const u of [unit, inches]) if (!this.unitsTyped.includes(u)) this.unitsTyped.push(u);
    const text = `${hands} ${readingUnit(unit, takesSingular(hands))} ${digit} ${readingUnit(inches, takesSingular(digit))}`;
    this.heightNotes.push(`${v.text} hh read as ${hands} hands ${digit} inches, as horses are measured`);
    const r = add(toBase(rational(BigInt(hands)), unit), toBase(rational(BigInt(digit)), inches));
    return { r, dim: 1, first: unit, last: inches, text };
  }

  /** What brackets after a quantity gave as the same amount, for the reading's notes. */
  readonly bracketNotes: string[] = [];

  /**
   * 1 cup (250 ml), 8 oz (225 g), 5 ft (1.52 m): a quantity with units in brackets right after
   * a quantity is the same amount given another way, as recipes and labels print it, never a
   * second amount to add (that would be two cups). The first is read; the note names the
   * bracket, and how far it is from the first when more than rounding (2 %). Reads nothing
   * and returns false when the bracket is no quantity of this category (5 ft (11) is 5 ft
   * 11 in; 2 m (3 kg) gets the parser's own message), an amount of money, which no figure
   * here relates. One more than BRACKET_TOLERANCE away is refused (5 ft (11 in)).
   */
  private bracketEquivalent(v: Val): boolean {
    if (v.dim !== 1 || v.money !== undefined || !this.isOp('(') || this.category === null) return false;
    let depth = 0;
    let close = -1;
    for (let j = this.i; j < this.toks.length && close < 0; j++) {
      const t = this.toks[j];
      if (t.t !== 'op') continue;
      if (t.v === '(') depth++;
      else if (t.v === ')' && --depth === 0) close = j;
    }
    if (close < 0) return false;
    let w: Val;
    try {
      w = new Parser(this.toks.slice(this.i + 1, close), this.lex, this.category).parse();
    } catch (e) {
      if (e instanceof ParseError) return false;
      throw e;
    }
    if (w.dim !== 1 || w.money !== undefined) return false;
    // A reading (350 °F (177 °C)) is no amount: how far apart two are in percent means nothing.
    const apart = v.readingUnit !== undefined || w.readingUnit !== undefined || isZero(v.r) ? 0 : toNumber(div(sub(w.r, v.r), v.r));
    // Printed equivalents round, UK recipes up to 12 % (1 oz (25 g), 1 lb (500 g)). Further
    // apart, the two are not one amount, and adding them is never what brackets mean (an
    // Australian recipe's 2 tbsp (40 ml) would be 69.6 mL): refused, with the sum to type.
    if (Math.abs(apart) > BRACKET_TOLERANCE) {
      const pct = `${Number((Math.abs(apart) * 100).toPrecision(2))} % ${apart > 0 ? 'more' : 'less'}`;
      // 20 mL a tablespoon: 1.35 × the US one.
      const aus = v.first?.key === 'tablespoons' && Math.abs(apart - AUS_TO_US_TABLESPOON) < 0.02 ? ' An Australian tablespoon is 20 mL: type aus tbsp.' : '';
      fail(`${w.text} in brackets is ${pct} than ${v.text}, so it is not the same amount given another way: convert one of them, or add them with + (${v.text} + ${w.text}).${aus}`);
    }
    this.i = close + 1;
    const by = Math.abs(apart) > 0.02 ? `, ${Number((Math.abs(apart) * 100).toPrecision(2))} % ${apart > 0 ? 'more' : 'less'}` : '';
    this.bracketNotes.push(`${w.text} in brackets read as the same amount, given another way${by}`);
    return true;
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

  /**
   * 1m80, 1 m 75: a height as French and Spanish write it, two digits of centimetres after
   * the metres (1m05 is 1.05 m). No compound (its result would be no use in the To menu).
   */
  private heightCentimeters(unit: LexUnit | undefined, w: Val): LexUnit | undefined {
    if (unit?.key !== 'meters' || this.category === null || !/^\d\d$/u.test(w.text)) return undefined;
    return this.lex.categories[this.category]?.units.find((u) => u.key === 'centimeters');
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
    return this.scaleWords(this.applyUnit(v, t.entry, t.text, this.i - 1));
  }

  /**
   * "5 hundred thousand", "48 lakh crore": in a category of plain numbers (Numbers), scale
   * words in a row multiply, as they are spoken, each larger than the last; the last is the
   * unit counted (500 thousand, 4,800,000 crore). Anything else after a quantity is left to
   * the caller's message.
   */
  private scaleWords(v: Val): Val {
    const home = this.category === null ? undefined : this.lex.categories[this.category];
    if (home?.counts !== true) return v;
    for (let t = this.peek(); t?.t === 'unit' && v.dim === 1 && v.last !== undefined; t = this.peek()) {
      const entry = entryIn(t.entry, this.lex, this.category!);
      const one = rational(1n);
      if (entry === null || entry.category !== this.category || compare(toBase(one, entry.unit), toBase(one, v.last)) <= 0) break;
      this.i++;
      const { unit } = entry;
      if (!this.unitsTyped.includes(unit)) this.unitsTyped.push(unit);
      v = { r: toBase(v.r, unit), dim: 1, first: unit, last: unit, text: `${v.text} ${readingUnit(unit, false)}` };
    }
    return v;
  }

  /** `v` in the unit of `entry`, typed as `typed` (token `at`). */
  private applyUnit(v: Val, typedEntry: Entry, typed: string, at?: number): Val {
    const home = (this.category ??= typedEntry.category);
    const entry = entryIn(typedEntry, this.lex, home) ?? this.durationMinute(typedEntry, at);
    if (entry === null) {
      const next = at === undefined ? undefined : this.toks[at + 1];
      const room = this.roomArea(v, typedEntry, home);
      if (room !== null) fail(room, 'room');
      fail(strangerWord(typed, typedEntry, this.lex, home, at === undefined ? [typed] : this.unitWordsAround(at), next?.t === 'unit' ? next : undefined));
    }
    const { unit } = entry;
    if (v.dim === 1) fail(`${v.text} already has a unit, so “${unit.symbol}” cannot follow it.`);
    const height = this.handsHigh(v, unit);
    if (height !== null) return height;
    if (!this.unitsTyped.includes(unit)) this.unitsTyped.push(unit);
    const withText = `${v.text} ${readingUnit(unit, takesSingular(v.text))}`;
    const category = this.lex.categories[entry.category];
    if (category !== undefined && isReadingUnit(unit, category.units)) {
      const readingOf = isPace(unit) && !wholeCategoryReads(category.units) ? 'Pace' : category.label;
      return { r: v.r, dim: 1, readingUnit: unit, readingOf, first: unit, last: unit, text: withText };
    }
    if (unit.factor === undefined) return { r: v.r, dim: 1, money: unit, first: unit, last: unit, text: withText };
    return { r: toBase(v.r, unit), dim: 1, first: unit, last: unit, text: withText };
  }

  /**
   * "1h30m", "2 h 15 m", "1m30s": in a duration, m right after hours or right before a number
   * of seconds is the minute, as timers and logs write it; anywhere else it is the metre, which
   * gets the category's message. Null when it is not that.
   */
  private durationMinute(typed: Entry, at: number | undefined): Entry | null {
    if (typed.unit.key !== 'meters' || typed.exact !== 'm' || at === undefined || this.category === null) return null;
    const minutes = this.lex.categories[this.category]?.units.find((u) => u.key === 'minutes');
    if (minutes === undefined) return null;
    const [number, next] = [this.toks[at + 1], this.toks[at + 2]];
    const seconds = number?.t === 'num' && next?.t === 'unit' && entryIn(next.entry, this.lex, this.category)?.unit.key === 'seconds';
    return this.unitsTyped.at(-1)?.key === 'hours' || seconds ? { category: this.category, unit: minutes, word: 'm', exact: 'm' } : null;
  }

  /**
   * 12 ft × 14 ft or 10'x12' on the Area card: a room's sides, each a length. Saying only
   * "type ft²" would lead to 12 ft² × 14, so say how to write the area. Null for anything else.
   */
  private roomArea(v: Val, typed: Entry, home: string): string | null {
    const square = this.squareOf(typed.unit, home);
    if (square === null || square.category !== home || v.dim !== 0) return null;
    const label = lower(this.lex.categories[typed.category]?.label ?? typed.category);
    const say = (oneUnit: boolean, area: string) =>
      `“${typed.unit.symbol}” is a unit of ${label}: for an area, ${oneUnit ? 'write both sides in one unit, ' : ''}multiply the numbers and write the square unit once, ${area}.`;
    // 12 ft 6 in × 10 ft, 10 ft × 2 m: each side read as a length, given in one unit.
    const sides = this.sidesInOneUnit(typed.category);
    if (sides !== null) return say(sides.units > 1, sides.area);
    const next = this.peek();
    const times = next?.t === 'op' && next.v === '*';
    if (!times && !v.text.includes('×')) return null;
    const [other, after] = [this.toks[this.i + 1], this.toks[this.i + 2]];
    // Only "12 ft × 14" or "12 ft × 14 ft" is given as numbers here: a side in another unit
    // that no one unit reads in a few decimals (10 ft × 1/3 m) is not.
    const plain = other?.t === 'num' && (after === undefined || (after.t === 'unit' && after.entry.unit === typed.unit && this.toks[this.i + 3] === undefined));
    if (times && !plain) return null;
    const product = times ? `${v.text} × ${other?.t === 'num' ? other.text : '…'}` : v.text;
    return say(false, `${product} ${square.unit.symbol}`);
  }

  /**
   * The whole value read as two lengths of `category` multiplied (12 ft 6 in × 10 ft, one ×
   * outside parentheses), as the area to type: "12.5 × 10 ft²". Null when it is not that.
   */
  private sidesInOneUnit(category: string): { area: string; units: number } | null {
    let depth = 0;
    const at: number[] = [];
    this.toks.forEach((t, i) => {
      if (t.t !== 'op') return;
      if (t.v === '(') depth++;
      else if (t.v === ')') depth--;
      else if (t.v === '*' && depth === 0) at.push(i);
    });
    if (at.length !== 1) return null;
    const side = (toks: Token[]): Val | null => {
      try {
        const v = new Parser(toks, this.lex, category).parse();
        return v.dim === 1 && v.readingUnit === undefined && v.money === undefined ? v : null;
      } catch (e) {
        if (e instanceof ParseError) return null;
        throw e;
      }
    };
    const [a, b] = [side(this.toks.slice(0, at[0])), side(this.toks.slice(at[0] + 1))];
    return a === null || b === null ? null : this.oneUnit(a, b);
  }

  /**
   * Two lengths as numbers of one unit they were typed in, with that unit's square: the first
   * unit typed, in order, in which both read in a few decimals (12 ft 6 in × 10 ft: "12.5 ×
   * 10 ft²"; 5 ft 7 in × 10 ft: "67 × 120 in²"), and how many units were typed. Null when
   * none does.
   */
  private oneUnit(a: Val, b: Val): { area: string; units: number } | null {
    const typed = [...new Set([a.first, a.last, b.first, b.last].filter((u): u is LexUnit => u !== undefined))];
    const one = rational(1n);
    const bySize = [...typed].sort((x, y) => compare(toBase(one, x), toBase(one, y)));
    for (const unit of [...typed, bySize[0]]) {
      const square = unit === undefined ? null : this.squareOf(unit, null);
      const sides = [a, b].map((v) => shortDecimal(fromBase(v.r, unit)));
      if (square !== null && sides.every((x) => x !== null)) return { area: `${sides.join(' × ')} ${square.unit.symbol}`, units: typed.length };
    }
    return null;
  }

  /** The square of a length unit ("ft" → ft²), read as its symbol and a 2 is ("ft2"), or null. */
  private squareOf(unit: LexUnit, category: string | null): Entry | null {
    const found = lookupWord(this.lex, `${unit.symbol}2`, category);
    return found !== null && 'entry' in found ? found.entry : null;
  }

  /**
   * The unit words typed with token `at`, no number between ("lb" and "ft" of "10 lb-ft",
   * "gal" and "hr" of "1 gal/hr"): what a hint about the unit meant must match.
   */
  private unitWordsAround(at: number): string[] {
    const joined = (t: Token): boolean => t.t === 'unit' || (t.t === 'op' && t.v !== '(' && t.v !== ')');
    let a = at;
    let b = at;
    while (a > 0 && joined(this.toks[a - 1])) a--;
    while (b + 1 < this.toks.length && joined(this.toks[b + 1])) b++;
    return this.toks.slice(a, b + 1).flatMap((t) => (t.t === 'unit' ? [t.text] : []));
  }

  private term(): Val {
    let v = this.unary();
    while (this.isOp('*') || this.isOp('/')) {
      // A unit after the term applies to all of it, so the term stops before one.
      const op = this.toks[this.i++] as { v: '*' | '/'; space: boolean; scale?: true };
      const tight = !op.space && !this.peek()?.space;
      const w = this.unaryOrFail(op.v);
      const typed = `${v.text} ${w.text}`;
      v = this.mulDiv(v, w, op.v, tight);
      // "1 million": a scale word reads back as typed, not as "1 × 1000000".
      if (op.scale) v = { ...v, text: typed };
    }
    return v;
  }

  private unaryOrFail(op: string): Val {
    if (this.peek() === undefined) fail(`Something is missing after “${op === '*' ? '×' : op}”.`);
    return this.unary();
  }

  private mulDiv(v: Val, w: Val, op: '*' | '/', tight: boolean): Val {
    const reading = v.readingOf ?? w.readingOf;
    if (reading !== undefined) fail(`${cap(article(lower(reading)))} ${lower(reading)} reading cannot be multiplied or divided: convert it as it is.`);
    if (op === '*') {
      if (v.dim + w.dim > 1) {
        const area = this.areaHint(v, w);
        fail(`Two quantities cannot be multiplied here: multiply a quantity by a plain number${area}.`, area === '' ? undefined : 'room');
      }
      return { r: mul(v.r, w.r), dim: (v.dim + w.dim) as 0 | 1, money: v.money ?? w.money, first: v.first ?? w.first, last: w.last ?? v.last, text: `${v.text} × ${w.text}` };
    }
    if (w.dim > v.dim) fail(`A number cannot be divided by a quantity (${w.text}).`);
    if (isZero(w.r)) fail('Division by zero.');
    // 100 m² ÷ 4 m² is 25, a count of tiles: as a value in From's unit it would be 25 ft²
    // on a ft² card, so it is refused as the product of two quantities is. (No unit here
    // is a quotient of two of its own category's units, so such a ratio is never one.)
    if (v.dim === 1 && w.dim === 1) {
      const label = lower(this.lex.categories[this.category!]?.label ?? 'quantity');
      const ratio = Number(toNumber(div(v.r, w.r)).toPrecision(6));
      fail(`${v.text} ÷ ${w.text} is a plain ratio${Number.isFinite(ratio) ? ` (${ratio})` : ''}, not ${article(label)} ${label}: divide a quantity by a plain number.`, 'ratio');
    }
    const text = tight ? `${v.text}/${w.text}` : `${v.text} ÷ ${w.text}`;
    return { r: div(v.r, w.r), dim: (v.dim - w.dim) as 0 | 1, money: v.money, first: v.first, last: v.last, text };
  }

  /** For two sides in one length unit (10 ft × 12 ft), where the area is typed: "(for an area, type 10 × 12 ft² on the Area converter)". */
  private areaHint(v: Val, w: Val): string {
    const unit = v.first;
    if (unit === undefined || v.money !== undefined) return '';
    const square = this.squareOf(unit, null);
    if (square === null || square.category === this.category) return '';
    const label = this.lex.categories[square.category]?.label ?? square.category;
    // 12 ft 6 in × 10 ft: the whole value read as two sides, given in one unit.
    const one = this.category === null ? null : this.sidesInOneUnit(this.category);
    if (one !== null) return ` (for an area, type ${one.area} on the ${label} converter)`;
    if (v.last !== unit || w.first !== unit || w.last !== unit) return '';
    const sides = [v.text, w.text].map((t) => /^(.*\S) \S+$/.exec(t)?.[1]);
    if (sides.some((t) => t === undefined || /[^\d.,/ ]/.test(t))) return '';
    return ` (for an area, type ${sides.join(' × ')} ${square.unit.symbol} on the ${label} converter)`;
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
      // A unit written before its number: €100, $ 5, Rs100, CHF100. Other letters glued to a
      // number are a code or a name (A4, PS5, B12, T20), not a unit before its number.
      const next = this.toks[this.i + 1];
      if (next?.t === 'num' && !next.space && t.entry.category !== 'currency' && /^\p{L}+$/u.test(t.text)) {
        return fail(`“${t.text}${next.text}” is no quantity: type the number first, as in “${next.text} ${t.text}”.`);
      }
      this.i++;
      if (!this.startsOperand()) {
        return fail(`“${t.text}” needs a number${this.peek() === undefined ? '' : ' right after it'}.`);
      }
      const at = this.i - 1;
      const v = this.term();
      return this.applyUnit(v, t.entry, t.text, at);
    }
    if (t.v === ')') return fail('A “)” has no matching “(”.');
    return fail(`A number is missing before “${t.v === '*' ? '×' : t.v}”.`);
  }
}

/** `r` in at most four decimals ("12.5"), or null when it needs more. */
function shortDecimal(r: Rational): string | null {
  for (let k = 0n; k <= 4n; k++) if ((r.n * 10n ** k) % r.d === 0n) return String(toNumber(r));
  return null;
}

/**
 * Reads `input` as a value of `category` (a key of the lexicon's categories; its units win
 * where symbols differ only in case, and other categories' units get a message), or of
 * whichever category the first unit typed belongs to (`null`: the search box). Never throws.
 */
/**
 * Signs keyboards type for a degree: the ordinal º (Spanish, Portuguese and Italian layouts)
 * and the ring ˚ (Apple's Option-K). In a value they mean nothing else, and their
 * compatibility forms (o, a space and a combining ring) would name no unit.
 */
/** How far apart (a fraction) a bracket after a quantity may be and still be the same amount (bracketEquivalent). */
const BRACKET_TOLERANCE = 0.15;
/** How much more an Australian tablespoon (20 mL) holds than a US one (14.7867648 mL), as a fraction. */
const AUS_TO_US_TABLESPOON = 20 / 14.78676478125 - 1;
const DEGREE_LOOKALIKES = /[º˚]/g;

/**
 * Whether a plain value is its clocks times plain factors (5:30 + 0:30, 2 × 5:30), so that
 * it scales with them: 5:30 on Seconds is 5.5 minutes, 330 s, but in 5:30 + 10 the 10 would be
 * seconds. Read again with every clock doubled: the value doubles only then.
 */
function clocksAlone(tokens: Token[], lex: Lexicon, category: string | null, value: Rational): boolean {
  const doubled = tokens.map((t) => (t.t === 'num' && t.clock !== undefined ? { ...t, v: mul(t.v, rational(2n)) } : t));
  try {
    return compare(new Parser(doubled, lex, category).parse().r, mul(value, rational(2n))) === 0;
  } catch {
    return false;
  }
}

/** A bare °, ′ or ″ right after its number, as target.ts withSymbol writes them (45°, 30′); °C and °/s keep their space. */
const tightSigns = (text: string): string => text.replace(/(\d) ([°′″])(?=$|\s)/gu, '$1$2');

/** The hand's key: a number before it may be a horse's height (Parser.handsHigh). */
export const HANDS = 'hands';

/**
 * "15.2": a number with one digit after the point, as a horse's height is written in hands;
 * `height`: the digit can count inches (0 to 3, a hand being 4 in). Null for any other number.
 */
export function horseHeight(text: string): { hands: string; digit: string; height: boolean } | null {
  const m = /^(\d+)\.(\d)$/u.exec(text);
  return m === null ? null : { hands: m[1], digit: m[2], height: Number(m[2]) <= 3 };
}

export function parseInput(input: string, lex: Lexicon, category: string | null): Parsed {
  const text = input.trim().replace(DEGREE_LOOKALIKES, '°');
  if (text === '') return { kind: 'empty' };
  if (text.length > MAX_VALUE_CHARS) return { kind: 'error', message: `That is too long to read (over ${MAX_VALUE_CHARS} characters).` };
  try {
    const notes = new Set<string>();
    const tokens = tokenize(text, lex, category, notes);
    // A time typed as 5:30 counts in the unit after it (5:30 min/km, 5:30 s is 330 s), else in From.
    // Each clock's unit and fit, once: they scale the number now, and give the notes (or the
    // refusal) once the whole input has parsed.
    const clocks = tokens.flatMap((t, i) => {
      if (t.t !== 'num' || t.clock === undefined) return [];
      const next = tokens.slice(i + 1).find((u) => u.t === 'unit');
      const unit = next?.t === 'unit' ? next.entry.unit : null;
      return [{ i, clock: t.clock, unit, fit: unit === null ? null : clockFit(t.clock, unit) }];
    });
    const scaled = tokens.map((t, i) => {
      const c = clocks.find((k) => k.i === i);
      return t.t !== 'num' || c === undefined || c.unit === null || c.fit === null ? t : { ...t, v: mul(t.v, clockScale(c.fit, c.unit)) };
    });
    const parser = new Parser(scaled, lex, category);
    const v = parser.parse();
    if (parser.hyphenJoins) notes.add('the hyphen joins feet and inches');
    for (const note of [...parser.bracketNotes, ...parser.heightNotes]) notes.add(note);
    const bare: Clock[] = [];
    for (const { clock, unit, fit } of clocks) {
      if (unit === null) bare.push(clock);
      else if (fit === null) fail(clockRefusal(clock, unit));
      else notes.add(clockNote(clock, fit));
    }
    if (v.dim === 0) {
      if (bare.length === 0) return { kind: 'number', value: v.r, reading: v.text, notes: [...notes] };
      return { kind: 'number', value: v.r, reading: v.text, notes: [...notes], clock: bare[0], clocks: bare, clocksAlone: clocksAlone(scaled, lex, category, v.r) };
    }
    const unit = v.readingUnit ?? v.money ?? v.first!;
    const units = parser.unitsTyped;
    // "2000 calories": the small calorie, as documented, but a label's Calories are 1,000 times more.
    if (units.some((u) => u.key === SMALL_CALORIE) && smallCalorieUnsaid(text)) notes.add(SMALL_CALORIE_NOTE);
    let symbols = v.text;
    for (const u of units) symbols = symbols.split(readingUnit(u, false)).join(u.symbol).split(readingUnit(u, true)).join(u.symbol);
    return { kind: 'quantity', value: v.r, unit, category: parser.categoryRead!, single: v.readingUnit !== undefined, reading: tightSigns(v.text), notes: [...notes], units, symbols: tightSigns(symbols) };
  } catch (e) {
    if (e instanceof ParseError) return { kind: 'error', message: e.message, ...(e.refusal && { refusal: e.refusal }) };
    if (e instanceof RangeError && /division by zero/.test(e.message)) return { kind: 'error', message: 'Division by zero.' };
    throw e;
  }
}

// ------------------------------------------------------------------------------------
// Converting what was read
// ------------------------------------------------------------------------------------

/**
 * Every unit of the category holds readings (converted one at a time, never summed, scaled or,
 * beside a reciprocal unit, below zero): temperature, and fuel economy, where 30 mpg + 10 mpg
 * or −30 mpg means nothing. A pace alone does not make speed so: −9.8 m/s and 10 km/h + 5 km/h
 * are speeds.
 */
export const wholeCategoryReads = (units: readonly (Definition & { symbol: string })[]): boolean =>
  units.some((u) => kindOf(u) === 'affine' || (kindOf(u) === 'reciprocal' && !isPace(u)));

/** A value in `unit` is a reading: the unit is not linear (a pace, °F), or its whole category reads. */
export const isReadingUnit = (unit: Definition & { symbol: string }, units: readonly (Definition & { symbol: string })[]): boolean =>
  kindOf(unit) !== 'linear' || wholeCategoryReads(units);

/** The parsed value in the base unit (a plain number is in `from`). Throws RangeError('division by zero') for 0 of a reciprocal unit. */
export function inBase(p: Extract<Parsed, { kind: 'number' | 'quantity' }>, from: LexUnit): Rational {
  if (p.kind === 'number') return toBase(p.value, from);
  return p.single ? toBase(p.value, p.unit) : p.value;
}

/**
 * The parsed value in `to`, exactly. Throws RangeError('division by zero') where a reciprocal
 * unit meets 0 (0 L/100 km in km/L), except between two reciprocal units: those are
 * proportional (L/100 km and gal/100 mi), so no fuel is 0 in both.
 */
export function convertParsed(p: Extract<Parsed, { kind: 'number' | 'quantity' }>, from: LexUnit, to: LexUnit): Rational {
  const unit = p.kind === 'number' ? from : p.single ? p.unit : null;
  if (unit !== null && kindOf(unit) === 'reciprocal' && kindOf(to) === 'reciprocal') {
    return mul(p.value, div(exactNumber(to.reciprocal!), exactNumber(unit.reciprocal!)));
  }
  return fromBase(inBase(p, from), to);
}

export { compare, ZERO };
