// What a unit pair page says about its pair (/length-converter/feet-to-meters): the formula
// in words with its exact factor, a worked example, a table of common values and one
// sentence defining each unit from its data. Computed at build time by the same code the
// cards use (kinds.ts for the arithmetic, convertNumber and formatResult for what is
// shown), so a table row and the card agree to the digit.
import { convertNumber, minutesText, type Outcome } from './conversion';
import { isPace } from './tokens';
import { exactNumber, factorOf, fromBase, kindOf, toBase } from './kinds';
import { add, compare, div, fromDecimal, isNegative, isZero, mul, neg, rational, sub, toNumber, type Rational } from './rational';
import { findTarget, isCookingUnit, resultLine, withSymbol, type Target } from './target';
import { labelInText, plainName, type Unit, type UnitCategory } from './units';
import { FOOD_CALORIE, SMALL_CALORIE, SMALL_CALORIE_CAVEAT } from './foodEnergy';
import { table } from './table.ts';

export interface PairFacts {
  from: Named;
  to: Named;
  /** "1 ft = 0.3048 m", with `exact` false when the right side is rounded ("≈"). */
  statement: { text: string; exact: boolean };
  /** How to convert, in words and as a formula: "multiply by 0.3048", "m = ft × 0.3048". */
  rule: { words: string; formula: string };
  /** "5 ft", "1.524 m": a typical value and the card's answer for it, `exact` false when the
   *  answer is rounded (the page writes "≈", not "="). */
  example: { value: string; result: string; exact: boolean };
  /** Common values and the card's answer for each. */
  rows: { value: string; result: string }[];
  /** Some row is rounded: the page says so under the table, so a reader checking a row
   *  against the exact statement above it sees why they differ. */
  rounded: boolean;
  /** One sentence each defining the two units, from units.yaml. */
  definitions: { key: string; name: string; text: string }[];
  /**
   * The same pair with the food Calorie (kilocalories) in place of the small calorie, for a
   * page of the small one (calories-to-kilojoules: Kilocalories to Kilojoules), whose reader
   * most likely came for a food label: a path relative to this page, and its title.
   */
  foodPair?: { href: string; title: string };
}

interface Named {
  key: string;
  /** "Feet", "US Fluid Ounces": the unit's name without its symbol. */
  name: string;
  symbol: string;
}

/** Most values a table shows: one to ten, then steps up to a thousand. */
const DEFAULT_VALUES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '15', '20', '25', '30', '40', '50', '75', '100', '250', '500', '1000'];
/** A kitchen measure: what recipes ask for. */
const COOKING_VALUES = ['1/8', '1/4', '1/3', '1/2', '2/3', '3/4', '1', '3/2', '2', '5/2', '3', '4'];
/** Readings with an offset (temperatures), in the base unit: a range people meet (°C). Each row
 *  shows the From unit's reading of it, so the Kelvin table never starts below absolute zero. */
const BASE_READINGS = ['-40', '-20', '-10', '0', '10', '20', '25', '30', '37', '40', '50', '60', '80', '100'];
/** Readings of a test's result on its own scale, by the From unit: HbA1c from the normal range to a poorly controlled diabetes. */
const RESULT_READINGS: Record<string, string[]> = table({
  ngsp_percent: ['4', '4.5', '5', '5.5', '5.7', '6', '6.5', '7', '7.5', '8', '8.5', '9', '10', '11', '12', '14'],
  ifcc_mmol_per_mol: ['20', '25', '31', '36', '39', '42', '48', '53', '58', '64', '69', '75', '86', '97', '108', '130'],
});
/** The reading a pair page of such a scale states first: the threshold of diabetes (ADA, WHO). */
const RESULT_LANDMARKS: Record<string, string> = table({ ngsp_percent: '6.5', ifcc_mmol_per_mol: '48' });
/** Fuel economy and other reciprocal pairs: nothing at or below zero. */
const POSITIVE_READING_VALUES = ['5', '10', '15', '20', '25', '30', '35', '40', '45', '50', '60', '80', '100'];

/** Paces runners train and race at, in the pace unit (5:30 min/km is a 3:52 marathon); others from the first's range. */
const PACE_VALUES: Record<string, string[]> = table({
  minutes_per_kilometer: ['3', '3.5', '4', '4.25', '4.5', '4.75', '5', '5.25', '5.5', '5.75', '6', '6.5', '7', '7.5', '8', '9', '10'],
  minutes_per_mile: ['5', '6', '6.5', '7', '7.5', '8', '8.5', '9', '9.5', '10', '11', '12', '13', '15'],
});
/** Running speeds, from a speed to a pace: a jog to a sprint finish, in round numbers of the From unit. */
const RUNNING_SPEEDS: Record<string, string[]> = table({
  kilometers_per_hour: ['6', '7', '8', '9', '10', '11', '12', '13', '14', '15', '16', '18', '20'],
  miles_per_hour: ['4', '4.5', '5', '5.5', '6', '6.5', '7', '7.5', '8', '9', '10', '11', '12'],
  meters_per_second: ['2', '2.25', '2.5', '2.75', '3', '3.25', '3.5', '3.75', '4', '4.5', '5', '5.5', '6'],
  feet_per_second: ['6', '7', '8', '9', '10', '11', '12', '13', '14', '15', '16', '18', '20'],
  knots: ['3', '4', '5', '6', '7', '8', '9', '10', '11', '12'],
  centimeters_per_second: ['150', '200', '250', '300', '350', '400', '450', '500', '550', '600'],
  feet_per_minute: ['400', '450', '500', '550', '600', '650', '700', '800', '900', '1000', '1100', '1200'],
});

/** A decimal reading of the compound's largest part or a whole number of it (decimal feet,
 *  hours, pounds or years; yards, days, stones) to its parts, as timesheets, heights and birth
 *  weights are written: whole values would read "… 0 in" on every row. */
const DECIMAL_VALUES = ['0.1', '0.2', '0.25', '0.3', '0.4', '0.5', '0.6', '0.7', '0.75', '0.8', '0.9', '1.25', '1.5', '1.75', '2.5', '3.75', '5.5', '5.75', '7.5', '10.25'];

/** How many of a compound's largest part one `from` is, when that is a whole number (feet or
 *  yards to feet and inches: 1 or 3; days to hours and minutes: 24); else null. */
function wholeOfLargest(from: Unit, target: Target | undefined): bigint | null {
  if (target?.kind !== 'compound' || kindOf(from) !== 'linear') return null;
  const k = div(factorOf(from), factorOf(target.parts[0]));
  return k.d === 1n && k.n >= 1n ? k.n : null;
}

/** A pair page's name, as src/content/pairs.rs `plan` writes it: "Feet to Meters", and
 *  "Decimal Hours to Hours and Minutes" for a page whose table holds decimals (wholeOfLargest). */
export function pairTitle(from: Unit, target: Target): string {
  const decimal = wholeOfLargest(from, target) === null ? '' : 'Decimal ';
  return `${decimal}${plainName(from.name)} to ${plainName(target.kind === 'unit' ? target.unit.name : target.compound.name)}`;
}

/** Round counts of the smallest of three parts: 100 s = 1 min 40 s … 100,000 s = 27 h 46 min 40 s. */
const ROUND_COUNTS = ['90', '100', '150', '200', '300', '500', '1000', '2000', '5000', '10000', '20000', '50000', '100000'];

/** A part to its compound (inches to feet and inches): these many of the largest part, so
 *  every row regroups (12, 15, 18 … 240 in: 1 ft, 1 ft 3 in, 1 ft 6 in … 20 ft). */
const IN_LARGEST_PART = ['1', '1.25', '1.5', '2', '2.5', '3', '4', '5', '5.5', '6', '7', '8', '10', '12', '15', '20'];

/**
 * What a metric value in parts is looked up for, in a reference unit: heights (cm in feet and
 * inches, 150–200 cm by 5 after a few small lengths), body weights (kg in stones and pounds)
 * and babies' weights (kg in pounds and ounces, as birth weights are told), as the Celsius
 * page has body and oven temperatures. By the compound's key in units.yaml.
 */
const PEOPLE_VALUES: Record<string, { unit: string; largest: string; values: string[] }> = table({
  feet_inches: { unit: 'centimeters', largest: 'meters', values: ['1', '10', '30', '50', '100', '150', '155', '160', '165', '170', '175', '180', '185', '190', '195', '200'] },
  stones_pounds: { unit: 'kilograms', largest: 'kilograms', values: ['10', '20', '30', '40', '45', '50', '55', '60', '65', '70', '75', '80', '85', '90', '95', '100', '105', '110', '115', '120', '125', '130'] },
  pounds_ounces: { unit: 'kilograms', largest: 'kilograms', values: ['1.5', '1.75', '2', '2.25', '2.5', '2.75', '3', '3.25', '3.5', '3.75', '4', '4.25', '4.5', '4.75', '5', '6', '8', '10', '12'] },
});

/** PEOPLE_VALUES in `from` (mm, m; g), when `from` is a metric unit near the reference unit; else null. */
function peopleValues(category: UnitCategory, from: Unit, target: Target | undefined): Rational[] | null {
  const people = target?.kind === 'compound' ? PEOPLE_VALUES[target.compound.key] : undefined;
  const reference = people === undefined ? undefined : category.units.find((u) => u.key === people.unit);
  const largest = people === undefined ? undefined : category.units.find((u) => u.key === people.largest);
  if (people === undefined || reference === undefined || largest === undefined || from.system !== 'metric' || kindOf(from) !== 'linear') return null;
  const scale = div(factorOf(reference), factorOf(from));
  // Millimetres to metres, grams to kilograms: not kilometres of height nor quintals or
  // tonnes of baby.
  if (compare(factorOf(from), factorOf(largest)) > 0 || compare(scale, rational(1000n)) > 0) return null;
  return people.values.map((v) => mul(exactNumber(v), scale));
}

/** The values a table shows for `from` (to `target` when given), chosen by what the category holds. */
export function tableValues(category: UnitCategory, from: Unit, target?: Target): Rational[] {
  if (wholeOfLargest(from, target) !== null) return DECIMAL_VALUES.map(exactNumber);
  if (target?.kind === 'compound' && target.parts.includes(from)) {
    const perLargest = div(factorOf(target.parts[0]), factorOf(from));
    // The smallest of three parts (seconds in h min s): counts people look up, which fill every
    // part (10,000 s = 2 h 46 min 40 s), and one largest part; not whole hours, all "0 min 0 s".
    if (target.parts.length > 2 && from === target.parts.at(-1)) {
      const counts = ROUND_COUNTS.map(exactNumber);
      return [...counts.filter((c) => compare(c, perLargest) < 0), perLargest, ...counts.filter((c) => compare(c, perLargest) > 0)];
    }
    return IN_LARGEST_PART.map((k) => roundToWhole(mul(exactNumber(k), perLargest)));
  }
  const people = peopleValues(category, from, target);
  if (people !== null) return people;
  if (isCookingUnit(from)) return COOKING_VALUES.map(exactNumber);
  // A pace pair shows what runners run; the category's other pairs are speeds as before.
  if (isPace(from)) return (PACE_VALUES[from.key] ?? PACE_VALUES.minutes_per_kilometer).map(exactNumber);
  if (target?.kind === 'unit' && isPace(target.unit)) return (RUNNING_SPEEDS[from.key] ?? POSITIVE_READING_VALUES).map(exactNumber);
  const kinds = new Set(category.units.filter((u) => !isPace(u)).map(kindOf));
  if (kinds.has('reciprocal')) return POSITIVE_READING_VALUES.map(exactNumber);
  if (RESULT_READINGS[from.key]) return RESULT_READINGS[from.key].map(exactNumber);
  if (kinds.has('affine')) return BASE_READINGS.map((t) => fromBase(exactNumber(t), from));
  return DEFAULT_VALUES.map(exactNumber);
}

/** The nearest whole number (halves up): 17.5 lb of a stone and a quarter is 18. */
function roundToWhole(x: Rational): Rational {
  return rational((x.n * 2n + x.d) / (x.d * 2n));
}

/** The value a worked example uses: 5, or for readings and regroupings the table's middle. */
function exampleValue(category: UnitCategory, from: Unit, target: Target): Rational {
  const values = tableValues(category, from, target);
  // A height of 5.75 ft is 5 ft 9 in; three quarters of a yard, day or stone, 2 ft 3 in, 18 h, 10 lb 8 oz.
  const whole = wholeOfLargest(from, target);
  if (whole !== null) return exactNumber(whole === 1n ? '5.75' : '0.75');
  if (target.kind === 'compound' && target.parts.includes(from)) {
    // Seconds in h min s: the first count past an hour, which fills every part (5,000 s = 1 h 23 min 20 s).
    const perLargest = div(factorOf(target.parts[0]), factorOf(from));
    const pastLargest = values.find((v) => compare(v, perLargest) > 0);
    return target.parts.length > 2 && pastLargest !== undefined ? pastLargest : values[Math.floor(values.length / 2)];
  }
  if (values.length === 0) return rational(5n);
  // 5:30 min/km, a marathon in 3:52; 12 km/h, a 5:00 min/km run.
  if (isPace(from)) return exactNumber(from.key === 'minutes_per_mile' ? '9' : '5.5');
  if (target.kind === 'unit' && isPace(target.unit) && from.key === 'kilometers_per_hour') return rational(12n);
  const five = values.find((v) => compare(v, rational(5n)) === 0);
  if (five && category.units.every((u) => kindOf(u) === 'linear' || isPace(u))) return five;
  if (isCookingUnit(from)) return rational(2n);
  return values[Math.floor(values.length / 2)];
}

/** A value as the pair's card answers it, and whether that text is exact. */
function answerOf(category: UnitCategory & { key: string }, from: Unit, target: Target): (value: Rational) => Answer {
  return (value) => {
    const outcome = convertNumber(value, { category, from, to: target, decimals: 'auto' });
    // A pace also as runners write it: "8.851392 min/mi (8:51)".
    const pace = outcome.kind === 'ok' && outcome.pace ? ` (${outcome.pace.split(' ')[0]})` : '';
    return outcome.kind === 'ok' ? { result: readable(resultLine(outcome)) + pace, exact: shownExactly(outcome, value, from) } : { result: '—', exact: false };
  };
}

/**
 * A pair's rule in one line where its readings are no multiples of each other, as its page
 * states it: an offset, "°F = °C × 1.8 + 32 (0 °C = 32 °F)", or a reciprocal, "mpg =
 * 235.2145833 ÷ (L/100 km)". Null for a pair of factors, which "1 ft = 0.3048 m" says.
 */
export function pairRule(category: UnitCategory & { key: string }, fromKey: string, toKey: string): string | null {
  const from = category.units.find((u) => u.key === fromKey);
  const target = findTarget(category, toKey);
  if (!from || target?.kind !== 'unit' || from.key === toKey) return null;
  const kinds = [kindOf(from), kindOf(target.unit)];
  if (kinds.every((k) => k === 'linear') || kinds.every((k) => k === 'reciprocal')) return null;
  const relation = relationOf(category, from, target);
  if (kinds.includes('reciprocal')) return relation.rule.formula;
  return `${relation.rule.formula} (${relation.statement(answerOf(category, from, target)).text})`;
}

/** Everything the pair page says; undefined when either key is not in the category. */
export function pairFacts(category: UnitCategory & { key: string }, fromKey: string, toKey: string): PairFacts | undefined {
  const from = category.units.find((u) => u.key === fromKey);
  const target = findTarget(category, toKey);
  if (!from || !target || from.key === toKey) return undefined;
  const to: Named =
    target.kind === 'unit'
      ? { key: target.unit.key, name: plainName(target.unit.name), symbol: target.unit.symbol }
      : { key: target.compound.key, name: plainName(target.compound.name), symbol: target.parts.map((p) => p.symbol).join(' ') };
  // Each value converted once, for its text and for whether that text is exact.
  const answer = answerOf(category, from, target);
  const shown = (value: Rational): string => withSymbol(valueText(value, from), from);
  const example = exampleValue(category, from, target);
  const values = tableValues(category, from, target);
  const relation = relationOf(category, from, target);
  const [answered, worked] = [values.map(answer), answer(example)];
  return {
    from: { key: from.key, name: plainName(from.name), symbol: from.symbol },
    to,
    statement: relation.statement(answer),
    rule: relation.rule,
    example: { value: shown(example), ...worked },
    rows: values.map((v, i) => ({ value: valueText(v, from), result: answered[i].result })),
    rounded: answered.some((a) => !a.exact),
    definitions: [from, ...(target.kind === 'unit' ? [target.unit] : [])].map((u) => definition(category, u)),
    ...foodPairOf(category, from.key, to.key),
  };
}

/** The food-Calorie twin of a small-calorie pair (see `PairFacts.foodPair`), when it is a pair. */
function foodPairOf(category: UnitCategory, from: string, to: string): Pick<PairFacts, 'foodPair'> {
  const swap = (k: string): string => (k === SMALL_CALORIE ? FOOD_CALORIE : k);
  const [f, t] = [swap(from), swap(to)];
  const [fu, tu] = [category.units.find((u) => u.key === f), category.units.find((u) => u.key === t)];
  if ((f === from && t === to) || f === t || !fu || !tu) return {};
  return { foodPair: { href: `${f.replaceAll('_', '-')}-to-${t.replaceAll('_', '-')}`, title: `${plainName(fu.name)} to ${plainName(tu.name)}` } };
}

/** The card's answer for a value as the page writes it ("1.524 m"), `exact` false when it is rounded. */
interface Answer {
  result: string;
  exact: boolean;
}

/**
 * Whether the card's answer for `value` (`outcome`) shows it exactly, not rounded: a single
 * unit's when the number shown is the exact value; a compound's (5 ft 10.87 in) when the
 * smallest part comes out in whole hundredths, as it is shown.
 */
function shownExactly(outcome: Extract<Outcome, { kind: 'ok' }>, value: Rational, from: Unit): boolean {
  const base = toBase(value, from);
  const target = outcome.target;
  if (target.kind === 'compound') return mul(fromBase(base, target.parts.at(-1)!), rational(100n)).d === 1n;
  const exact = fromBase(base, target.unit);
  const [mantissa, exponent = '0'] = outcome.text.replace(/,/g, '').split('e');
  const [int, frac = ''] = mantissa.split('.');
  const shown = fromDecimal(`${int}${frac}`, Number(exponent) - frac.length);
  return compare(shown, exact) === 0;
}

/** A table or example value as typed: fractions for kitchen measures (1 1/2, 1/3), else decimals. */
function valueText(value: Rational, unit: Unit): string {
  // A pace as runners type it, and the card reads it: 5:30, not 5.5.
  if (isPace(unit) && mul(value, rational(60n)).d === 1n && !isNegative(value)) return minutesText(value);
  if (isCookingUnit(unit) && value.d !== 1n && value.d <= 16n && !isNegative(value)) {
    const whole = value.n / value.d;
    return `${whole > 0n ? `${whole} ` : ''}${value.n % value.d}/${value.d}`;
  }
  return exactText(value);
}

// ------------------------------------------------------------------------------------
// The relation between two units, in words.

interface Relation {
  statement: (answer: (v: Rational) => Answer) => { text: string; exact: boolean };
  rule: { words: string; formula: string };
}

/** value_to = value_from × a + b, or value_to = c ÷ value_from (one side reciprocal). */
function relationOf(category: UnitCategory, from: Unit, target: Target): Relation {
  const f = from.symbol;
  if (target.kind === 'compound') {
    const parts = target.parts.map((p) => p.symbol).join(' + ');
    const largest = target.parts[0];
    // From is the smallest part (inches to feet and inches): how many make the largest.
    const smallest = target.parts.at(-1)!;
    const [largestName, smallestName] = [largest, smallest].map((u) => plainName(u.name).toLowerCase());
    const whole = wholeOfLargest(from, target);
    if (whole !== null) return decimalRelation(from, target.parts, whole);
    if (target.parts.includes(from)) {
      // Whole hours (3,600 s each), then whole minutes (60 s each), down to `from`.
      const above = target.parts.slice(0, target.parts.indexOf(from));
      const takes = above.map((p) => `whole ${plainName(p.name).toLowerCase()} (${withSymbol(exactText(div(factorOf(p), factorOf(from))), from)} each)`);
      const perLargest = exactText(div(factorOf(largest), factorOf(from)));
      const fromName = plainName(from.name).toLowerCase();
      return {
        statement: () => ({ text: `${withSymbol('1', largest)} = ${withSymbol(perLargest, from)}`, exact: true }),
        rule: { words: `take out ${takes.join(', then ')}; the rest stays in ${fromName}`, formula: `${f} → ${parts}` },
      };
    }
    return {
      statement: (answer: (v: Rational) => Answer) => {
        const one = answer(rational(1n));
        if (one.exact) return { text: `${withSymbol('1', from)} = ${one.result}`, exact: true };
        // Rounded in parts, 1 kg would read "≈ 2.2 lb": the factor into the part it is
        // nearest (the largest from its size up), as a pair of two units states it.
        const part = compare(factorOf(from), factorOf(largest)) >= 0 ? largest : smallest;
        return linearRelation(from, part, div(factorOf(from), factorOf(part))).statement(answer);
      },
      rule: { words: `convert to ${smallestName}, then take out whole ${largestName}`, formula: `${f} → ${parts}` },
    };
  }
  const to = target.unit;
  const t = to.symbol;
  const [kf, kt] = [kindOf(from), kindOf(to)];
  if (kf === 'reciprocal' || kt === 'reciprocal') {
    if (kf === 'reciprocal' && kt === 'reciprocal') {
      const a = div(exactNumber(to.reciprocal!), exactNumber(from.reciprocal!));
      return linearRelation(from, to, a);
    }
    // base = R ÷ v for the reciprocal side, base = v × factor for the other: t = c ÷ f.
    const c = kf === 'reciprocal' ? div(exactNumber(from.reciprocal!), factorOf(to)) : div(exactNumber(to.reciprocal!), factorOf(from));
    const cText = numberText(c);
    return {
      // 1 From is c To: the same constant, rounded once, as the rule below divides. Said as a
      // correspondence, never "1 min/km = 60 km/h": elsewhere that form means "multiply", and
      // 2 min/km is 30 km/h, not 120.
      statement: () => ({
        text: `${withSymbol('1', from)} corresponds to ${isExactDecimal(c) ? '' : 'about '}${withSymbol(cText.text, to)}`,
        exact: isExactDecimal(c),
      }),
      rule: {
        words: `divide ${cText.text} by the value in ${f}${isExactDecimal(c) ? '' : ` (${cText.text} is rounded)`}`,
        // "÷ (L/100 km)": the whole symbol divides.
        formula: `${t} = ${cText.formula} ÷ ${/[ /]/.test(f) ? `(${f})` : f}`,
      },
    };
  }
  if (kf === 'affine' || kt === 'affine') {
    // value = base × scale + offset; a linear unit has scale 1/factor and offset 0.
    const [sf, of] = affine(from);
    const [st, ot] = affine(to);
    const a = div(st, sf);
    const relation = affineRelation(from, to, a, of, ot);
    // A test's scale says its zero nowhere a result falls (0 % HbA1c is −23.5 mmol/mol): the
    // statement gives a reading that matters instead.
    const landmark = RESULT_LANDMARKS[from.key];
    if (landmark === undefined) return relation;
    return {
      ...relation,
      statement: (answer: (v: Rational) => Answer) => {
        const at = answer(exactNumber(landmark));
        return { text: `${withSymbol(landmark, from)} ${at.exact ? '=' : '≈'} ${at.result}`, exact: at.exact };
      },
    };
  }
  return linearRelation(from, to, div(factorOf(from), factorOf(to)));
}

/**
 * A decimal reading to parts, `from` being `whole` of the largest part: 1 ft = 12 in, "keep the
 * whole feet; multiply the decimal part by 12 for the inches"; 1 yd = 3 ft, "multiply by 3 for
 * the feet, then …"; with three parts the minutes' decimal part gives the seconds.
 */
function decimalRelation(from: Unit, parts: Unit[], whole: bigint): Relation {
  const names = parts.map((p) => plainName(p.name).toLowerCase());
  const per = parts.slice(1).map((p, i) => exactText(div(factorOf(parts[i]), factorOf(p))));
  const steps = per.map((n, i) => (i === 0 ? `multiply the decimal part by ${n} for the ${names[1]}` : `the ${names[i]}’ decimal part by ${n} for the ${names[i + 1]}`));
  const first = whole === 1n ? '' : `multiply by ${whole} for the ${names[0]}, then `;
  const [one, next] = whole === 1n ? [withSymbol('1', parts[0]), withSymbol(per[0], parts[1])] : [withSymbol('1', from), withSymbol(String(whole), parts[0])];
  return {
    statement: () => ({ text: `${one} = ${next}`, exact: true }),
    rule: { words: `${first}keep the whole ${names[0]}; ${steps.join(', and ')}`, formula: `${from.symbol} → ${parts.map((p) => p.symbol).join(' + ')}` },
  };
}

function affine(u: Unit): [Rational, Rational] {
  return kindOf(u) === 'affine' ? [exactNumber(u.scale!), exactNumber(u.offset ?? 0)] : [div(rational(1n), factorOf(u)), rational(0n)];
}

/** t = f × a. */
function linearRelation(from: Unit, to: Unit, a: Rational): Relation {
  const [f, t] = [from.symbol, to.symbol];
  const one = withSymbol('1', from);
  if (compare(a, rational(1n)) === 0) {
    // Two names of one size (hPa and mbar): nothing to multiply.
    return { statement: () => ({ text: `${one} = ${withSymbol('1', to)}`, exact: true }), rule: { words: 'keep the number: the two are the same size', formula: `${t} = ${f}` } };
  }
  const inverse = div(rational(1n), a);
  // Multiply by an exact decimal when there is one; else divide by one (1 m = 1 ÷ 0.3048 ft).
  const byInverse = !isExactDecimal(a) && isExactDecimal(inverse);
  const m = numberText(byInverse ? inverse : a);
  return {
    statement: () =>
      byInverse || !isExactDecimal(a)
        ? { text: `${one} ≈ ${withSymbol(approximate(a).replace(/^≈ /, ''), to)}`, exact: false }
        : { text: `${one} = ${withSymbol(m.text, to)}`, exact: true },
    rule: byInverse
      ? { words: `divide by ${m.words}`, formula: `${t} = ${f} ÷ ${m.formula}` }
      : { words: `multiply by ${m.words}`, formula: `${t} = ${f} × ${m.formula}` },
  };
}

/**
 * t = (f − of) × a + ot, with a = scale_t ÷ scale_f; or t = f × a + c with the offsets folded
 * into one (c = ot − of × a) where that is simpler: when a is 1 (°F = °R − 459.67) or c is 0
 * (°R = K × 1.8).
 */
function affineRelation(from: Unit, to: Unit, a: Rational, fromOffset: Rational, toOffset: Rational): Relation {
  const [f, t] = [from.symbol, to.symbol];
  const inverse = div(rational(1n), a);
  const byInverse = !isExactDecimal(a) && isExactDecimal(inverse);
  const m = numberText(byInverse ? inverse : a);
  const one = compare(a, rational(1n)) === 0;
  const folded = sub(toOffset, mul(fromOffset, a));
  const [of, ot] = one || isZero(folded) ? [rational(0n), folded] : [fromOffset, toOffset];
  let expression = isZero(of) ? f : `(${f} ${signed(neg(of))})`;
  if (!one) expression = `${expression} ${byInverse ? '÷' : '×'} ${m.formula}`;
  if (!isZero(ot)) expression = `${expression} ${signed(ot)}`;
  // At the from unit's zero: 0 °C = 32 °F.
  const atZero = add(mul(sub(rational(0n), of), a), ot);
  const words = [
    isZero(of) ? null : `subtract ${exactText(of)}`,
    one ? null : `${byInverse ? 'divide by' : 'multiply by'} ${m.words}`,
    isZero(ot) ? null : isNegative(ot) ? `subtract ${exactText(neg(ot))}` : `add ${exactText(ot)}`,
  ].filter((w) => w !== null);
  return {
    statement: () => ({ text: `${withSymbol('0', from)} ${isExactDecimal(atZero) ? '=' : '≈'} ${withSymbol(exactText(atZero), to)}`, exact: isExactDecimal(atZero) }),
    rule: { words: words.length ? words.join(', then ') : 'the readings are equal', formula: `${t} = ${expression}` },
  };
}

const signed = (x: Rational): string => (isNegative(x) ? `− ${exactText(neg(x))}` : `+ ${exactText(x)}`);

// ------------------------------------------------------------------------------------
// Numbers as text.

/** Whether x is a decimal with a finite expansion short enough to read (≤ 15 significant digits). */
function isExactDecimal(x: Rational): boolean {
  return decimalText(x) !== null;
}

/** x as its exact decimal ("1,609.344"), or null when it does not end (1/3) or is too long. */
function decimalText(x: Rational): string | null {
  let d = x.d;
  let twos = 0;
  let fives = 0;
  while (d % 2n === 0n) {
    d /= 2n;
    twos++;
  }
  while (d % 5n === 0n) {
    d /= 5n;
    fives++;
  }
  if (d !== 1n) return null;
  const places = Math.max(twos, fives);
  const scaled = (x.n < 0n ? -x.n : x.n) * 10n ** BigInt(places) / x.d;
  let digits = scaled.toString().padStart(places + 1, '0');
  const significant = digits.replace(/^0+/, '').replace(/0+$/, '');
  // A whole number is read whole up to a sextillion (1 PiB = 1,125,899,906,842,624 B); other
  // decimals up to 15 significant digits.
  if (significant.length > 15 && !(places === 0 && digits.length <= MAX_WHOLE_DIGITS)) return null;
  // A whole number past 10¹⁶ that ends in zeros, or past a sextillion, as a power of ten (still
  // exact): 1 ly = 9.4607304725808 × 10²⁵ Å, not twelve zeros after its digits.
  if (places === 0 && digits.length > 16 && (digits.length > MAX_WHOLE_DIGITS || digits.endsWith('0'))) {
    return `${x.n < 0n ? '-' : ''}${scientific(`${significant[0]}.${significant.slice(1) || '0'}e${digits.length - 1}`)}`;
  }
  const int = digits.slice(0, digits.length - places);
  const frac = digits.slice(digits.length - places);
  // Below 10⁻⁶ as a power of ten, as the rounded ones are (exact still): 1.602176634 × 10⁻¹⁹,
  // not eighteen zeros after the point.
  const zeros = frac.length - frac.replace(/^0+/, '').length;
  if (/^0+$/.test(int) && zeros >= 6) {
    return `${x.n < 0n ? '-' : ''}${scientific(`${significant[0]}.${significant.slice(1) || '0'}e${-(zeros + 1)}`)}`;
  }
  const decimals = frac.replace(/0+$/, '');
  digits = `${int.replace(/\B(?=(\d{3})+$)/g, ',')}${decimals ? `.${decimals}` : ''}`;
  return `${x.n < 0n ? '-' : ''}${digits}`;
}

/**
 * A card's result as a page writes it: the card's copy-pasteable e-notation ("1.00000e-9"), and
 * a decimal with six zeros or more after the point ("0.0000001"), as a power of ten
 * ("1 × 10⁻⁹", "1 × 10⁻⁷"), so a table reads in one notation, as the page's statement does.
 */
function readable(line: string): string {
  return line
    .replace(/(\d(?:\.\d+)?)e([-+]\d+)/g, (_, mantissa: string, exponent: string) => scientific(`${mantissa}e${exponent}`))
    .replace(/\b0\.(0{6,})(\d+)/g, (_, zeros: string, digits: string) => scientific(`${digits[0]}.${digits.slice(1) || '0'}e-${zeros.length + 1}`));
}

/** An exact decimal when there is one, else ten significant digits. */
function exactText(x: Rational): string {
  return decimalText(x) ?? approximate(x).replace(/^≈ /, '');
}

/** Digits of the longest whole number a fact writes out (a sextillion has 22). */
const MAX_WHOLE_DIGITS = 22;

/**
 * "≈ 3.280839895": ten significant digits, grouped. Never zeros in place of digits: from
 * 10¹⁰ every digit of the whole part and decimals up to 15 significant digits
 * (490,806,662,401.575 ft in an au), from 10¹⁵ a power of ten.
 */
function approximate(x: Rational): string {
  const n = toNumber(x);
  const size = Math.abs(n);
  if (size >= 1e15) return `≈ ${scientific(n.toPrecision(10))}`;
  const text = Number(n.toPrecision(size >= 1e10 ? 15 : 10)).toString();
  if (/e/.test(text)) return `≈ ${scientific(n.toPrecision(10))}`;
  const [int, frac] = text.split('.');
  return `≈ ${int.replace(/\B(?=(\d{3})+$)/g, ',')}${frac ? `.${frac}` : ''}`;
}

const SUPERSCRIPT: Record<string, string> = table({ '-': '⁻', '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹' });

/** "6.213711922e-7" → "6.213711922 × 10⁻⁷", as a reader writes it. */
function scientific(text: string): string {
  const [mantissa, exponent] = text.split('e');
  const power = String(Number(exponent)).replace(/./g, (c) => SUPERSCRIPT[c] ?? c);
  return `${mantissa.replace(/\.?0+$/, '')} × 10${power}`;
}

/**
 * A factor as a number (`text`), in a formula (a power of ten in parentheses, so that
 * "ha ÷ (6.4516 × 10⁻⁸)" divides by all of it) and in a sentence: exact when it ends, else
 * rounded with "about".
 */
function numberText(x: Rational): { text: string; formula: string; words: string } {
  const exact = decimalText(x);
  const text = exact ?? approximate(x).replace(/^≈ /, '');
  const formula = text.includes('×') ? `(${text})` : text;
  return { text, formula, words: exact !== null ? text : `about ${text}` };
}

// ------------------------------------------------------------------------------------
// Definitions from the data.

function definition(category: UnitCategory, u: Unit): { key: string; name: string; text: string } {
  const name = `${plainName(u.name)} (${u.symbol})`;
  const base = category.units.find((b) => b.key === category.base);
  const label = labelInText(category.label);
  let text: string;
  if (u.key === category.base || !base) {
    text = `The base unit of ${label} here: every ${label} conversion on Unitly goes through ${u.symbol}.`;
  } else if (kindOf(u) === 'linear') {
    const size = factorOf(u);
    const exact = decimalText(size);
    text = `${withSymbol('1', u)} is ${exact !== null ? 'exactly' : 'about'} ${withSymbol(exactText(size), base)}.`;
  } else if (kindOf(u) === 'affine') {
    const [scale, offset] = affine(u);
    text = `${withSymbol('0', base)} reads ${withSymbol(exactText(offset), u)}, and a change of ${withSymbol('1', base)} is a change of ${withSymbol(exactText(scale), u)}.`;
  } else if (isPace(u) && perHour(category, u) !== undefined) {
    // 1 min/km is 60 km/h: the speed in the same distance per hour divides 60.
    const distance = plainName(u.name).replace(/^.* per /, '').toLowerCase();
    const speed = perHour(category, u)!.symbol;
    text = `A pace, the reciprocal of a speed: the minutes one ${distance} takes, which is 60 divided by the speed in ${speed} (5:30 ${u.symbol} is 10.909091 ${speed}).`;
  } else {
    const reciprocal = exactNumber(u.reciprocal!);
    const r = decimalText(reciprocal) ?? `about ${exactText(reciprocal)}`;
    text = `The reciprocal of ${base.symbol}: a value in ${u.symbol} is ${r} divided by the same value in ${base.symbol}.`;
  }
  // The small calorie is not the one on food labels: said where it is defined.
  if (u.key === SMALL_CALORIE) text = `${text} ${SMALL_CALORIE_CAVEAT}`;
  return { key: u.key, name, text };
}

/** The speed unit of a pace's distance per hour (km/h for min/km): the one a pace is 60 divided by. */
function perHour(category: UnitCategory, pace: Unit): Unit | undefined {
  return category.units.find((u) => kindOf(u) === 'linear' && compare(div(exactNumber(pace.reciprocal!), factorOf(u)), rational(60n)) === 0);
}

export const _test = { decimalText, approximate, readable };
