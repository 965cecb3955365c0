// Exact rational numbers over BigInt, for the value parser: "1 1/2" cups, "3/4" tsp and
// "5 ft 11 in" are summed and converted without a rounding step until the one conversion to
// a double at the very end. Unit factors are short decimals (0.3048, 0.45359237) and are
// exact here too, read from their shortest decimal text.

export interface Rational {
  readonly n: bigint; // numerator, carries the sign
  readonly d: bigint; // denominator, always > 0
}

const abs = (x: bigint): bigint => (x < 0n ? -x : x);

function gcd(a: bigint, b: bigint): bigint {
  a = abs(a);
  b = abs(b);
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

export function rational(n: bigint, d: bigint = 1n): Rational {
  if (d === 0n) throw new RangeError('division by zero');
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d);
  return g > 1n ? { n: n / g, d: d / g } : { n, d };
}

export const ZERO = rational(0n);

export const add = (a: Rational, b: Rational): Rational => rational(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Rational, b: Rational): Rational => rational(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Rational, b: Rational): Rational => rational(a.n * b.n, a.d * b.d);
export const neg = (a: Rational): Rational => ({ n: -a.n, d: a.d });
export const isZero = (a: Rational): boolean => a.n === 0n;
export const isNegative = (a: Rational): boolean => a.n < 0n;
/** |a|. */
export const magnitude = (a: Rational): Rational => (a.n < 0n ? neg(a) : a);
export const compare = (a: Rational, b: Rational): number => {
  const x = a.n * b.d - b.n * a.d;
  return x < 0n ? -1 : x > 0n ? 1 : 0;
};

/** a / b; throws RangeError('division by zero') when b is 0. */
export function div(a: Rational, b: Rational): Rational {
  if (b.n === 0n) throw new RangeError('division by zero');
  return rational(a.n * b.d, a.d * b.n);
}

/** digits × 10^exp exactly ("12345", -2 → 123.45). */
export function fromDecimal(digits: string, exp: number): Rational {
  const n = BigInt(digits === '' ? '0' : digits);
  return exp >= 0 ? rational(n * 10n ** BigInt(exp)) : rational(n, 10n ** BigInt(-exp));
}

/** A plain decimal as typed ("3.7", "12", ".5") exactly: 37/10, 12, 1/2. */
export function fromDecimalText(text: string): Rational {
  const [whole, decimals = ''] = text.split('.');
  return fromDecimal(whole + decimals, -decimals.length);
}

/**
 * A double as the decimal it was written as: String(0.3048) is "0.3048", so the factor is
 * exactly 3048/10000 rather than the binary neighbour the double actually holds.
 */
export function fromNumber(x: number): Rational {
  if (!Number.isFinite(x)) throw new RangeError(`not a finite number: ${x}`);
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(x));
  if (!m) throw new RangeError(`unexpected number text ${String(x)}`);
  const [, sign, int, frac = '', exp = '0'] = m;
  const r = fromDecimal(int + frac, Number(exp) - frac.length);
  return sign ? neg(r) : r;
}

/** Number of decimal digits of a positive BigInt. */
const digitCount = (x: bigint): number => x.toString().length;

/**
 * The double nearest to `a`, correctly rounded: 20 exact significant digits plus a sticky
 * digit when the quotient is not exact, so JavaScript's (correctly rounding) decimal
 * parser sees which side of any half-way point the true value lies. May be ±Infinity or
 * ±0 when `a` is beyond the double range.
 */
export function toNumber(a: Rational): number {
  if (a.n === 0n) return 0;
  const n = abs(a.n);
  // Choose k with n·10^k / d ≥ 10^20.
  const k = Math.max(0, 21 - (digitCount(n) - digitCount(a.d)));
  const scaled = n * 10n ** BigInt(k);
  const q = scaled / a.d;
  const sticky = scaled % a.d !== 0n ? '1' : '';
  const text = `${q}${sticky}e-${k + sticky.length}`;
  const value = Number(text);
  return a.n < 0n ? -value : value;
}
