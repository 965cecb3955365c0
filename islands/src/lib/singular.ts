/**
 * Whether a unit word after `number` is singular, as English writes it: one ("1 cup",
 * "1.0 cup") or a proper fraction of one ("1/2 cup", "≈ 3/4 cup", "½ cup"). Decimals take
 * the plural ("0.5 cups", "1.5 cups"), as do zero, mixed numbers and improper fractions
 * ("1 1/2 cups", "3/2 cups"). One rule for the reading of what was typed and the result shown.
 */
export function takesSingular(number: string): boolean {
  const m = /^(?:≈ )?[-−]?(?:1(?:\.0+)?|(\d+)\/(\d+)|[½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞])$/.exec(number.trim());
  if (m === null) return false;
  if (m[1] === undefined) return true;
  const [numerator, denominator] = [BigInt(m[1]), BigInt(m[2])];
  return numerator > 0n && numerator <= denominator;
}
