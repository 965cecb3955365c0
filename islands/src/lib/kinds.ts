// The three kinds of unit of content/units.yaml, exactly: how a value becomes the
// category's base unit and back.
//   linear      base = value × factor
//   reciprocal  base = reciprocal ÷ value        (L/100 km against km/L)
//   affine      value = base × scale + offset    (°F against °C)
// A category whose units are all linear holds amounts, which add up; one with an affine or
// reciprocal unit holds readings, converted one at a time. The numbers are written as the
// build checked them (src/content/exact.rs): a decimal, a product or quotient of decimals
// ("5/18"), or one with pi ("pi/180"). Pi is a 40-digit fraction, the same everywhere, so it
// cancels exactly between units with the same power of pi (degrees ↔ arcminutes) and is
// far beyond a double's precision where the powers differ (degrees ↔ radians).
import { type Rational, add, div, fromDecimal, fromNumber, mul, neg, rational, sub } from './rational';

/** A number of units.yaml: a bare number, or the text of a ratio or a form with pi. */
export type ExactText = number | string;

/** How a unit is defined (one of the three). */
export interface Definition {
  factor?: ExactText;
  reciprocal?: ExactText;
  scale?: ExactText;
  offset?: ExactText;
}

export type Kind = 'linear' | 'reciprocal' | 'affine';

const PI = fromDecimal('31415926535897932384626433832795028841971', -40);

const parsed = new Map<ExactText, Rational>();

/** The exact value of a units.yaml number ("1609.344/3.785411784", "pi/180", 0.3048). */
export function exactNumber(text: ExactText): Rational {
  let r = parsed.get(text);
  if (r === undefined) parsed.set(text, (r = readExact(text)));
  return r;
}

function readExact(text: ExactText): Rational {
  if (typeof text === 'number') return fromNumber(text);
  const t = text.trim();
  const negative = t.startsWith('-');
  let value = rational(1n);
  const terms = (negative ? t.slice(1) : t).split(/([*/])/);
  for (let i = 0; i < terms.length; i += 2) {
    const term = terms[i].trim();
    const m = /^(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(term);
    let r: Rational;
    if (term === 'pi' || term === 'π') r = PI;
    else if (m) r = fromDecimal(m[1] + (m[2] ?? ''), Number(m[3] ?? 0) - (m[2] ?? '').length);
    else throw new RangeError(`not a units.yaml number: ${text}`);
    value = i > 0 && terms[i - 1] === '/' ? div(value, r) : mul(value, r);
  }
  return negative ? neg(value) : value;
}

export function kindOf(u: Definition): Kind {
  if (u.reciprocal !== undefined) return 'reciprocal';
  if (u.scale !== undefined) return 'affine';
  return 'linear';
}

/** Amounts that add up: every unit linear. */
export const isAdditive = (units: readonly Definition[]): boolean => units.every((u) => kindOf(u) === 'linear');

/** A linear unit's factor (1 for a unit with none, such as a currency). */
export const factorOf = (u: Definition): Rational => exactNumber(u.factor ?? 1);

/** `value` of unit `u` in the base unit. Throws RangeError('division by zero') for 0 of a reciprocal unit. */
export function toBase(value: Rational, u: Definition): Rational {
  switch (kindOf(u)) {
    case 'reciprocal':
      return div(exactNumber(u.reciprocal!), value);
    case 'affine':
      return div(sub(value, exactNumber(u.offset ?? 0)), exactNumber(u.scale!));
    default:
      return mul(value, factorOf(u));
  }
}

/** A base-unit value in unit `u`. Throws RangeError('division by zero') for a base of 0 and a reciprocal unit. */
export function fromBase(base: Rational, u: Definition): Rational {
  switch (kindOf(u)) {
    case 'reciprocal':
      return div(exactNumber(u.reciprocal!), base);
    case 'affine':
      return add(mul(base, exactNumber(u.scale!)), exactNumber(u.offset ?? 0));
    default:
      return div(base, factorOf(u));
  }
}
