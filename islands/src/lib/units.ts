// Types for content/units.yaml (the islands receive it as props) and the conversion itself.
// The factors live only in that file; nothing here knows a number about any unit. The
// category keys, labels and currency codes come from the module the build generates from it.
import type { CategoryKey, CategoryLabel, CurrencyCode } from '../generated/units.ts';

export type { CategoryKey, CategoryLabel, CurrencyCode };
export type UnitSystem = 'metric' | 'imperial' | 'other';

export interface Unit {
  key: string;
  name: string; // display name, symbol in parentheses: "Feet (ft)"
  symbol: string;
  system: UnitSystem;
  /** Linear units: size of one unit in the category's base unit. */
  factor?: number;
  /** Temperature: degrees of this unit per degree Celsius. */
  scale?: number;
  /** Temperature: this unit's reading at 0 °C. */
  offset?: number;
  /** More words a visitor may type for the unit ("foot", "'"), besides key and symbol. */
  aliases?: string[];
}

/** A result in several units of one category, largest first: feet + inches. */
export interface Compound {
  key: string;
  name: string; // "Feet + Inches (ft in)"
  parts: string[];
}

export interface UnitCategory {
  label: CategoryLabel;
  base: string;
  precision: number; // decimals shown
  default: { from: string; to: string };
  /** The card's accent colour (a theme class `accent-…`). */
  accent: string;
  /** The card's outline icon: SVG path data on a 24×24 grid; a generic icon when absent. */
  icon?: string[];
  units: Unit[];
  compounds?: Compound[];
}

export interface Currency {
  code: CurrencyCode;
  name: string;
  symbol: string;
  flag: string;
}

/** rates[from][to] = how much of `to` one `from` buys. */
export type RateTable = Record<string, Record<string, number>>;

export interface UnitsData {
  categories: Record<CategoryKey, UnitCategory>;
  currencies: Currency[];
  currency_default: { from: string; to: string };
  fallback_rates: RateTable;
}

export function findUnit(category: UnitCategory, key: string): Unit | undefined {
  return category.units.find((u) => u.key === key);
}

export function isTemperature(unit: Unit): boolean {
  return unit.scale !== undefined;
}

/** Relative size below which a temperature sum is rounding residue (doubles carry ~1e-16). */
const RESIDUE = 1e-13;

export function convert(value: number, from: Unit, to: Unit): number {
  if (isTemperature(from) !== isTemperature(to)) {
    throw new Error(`cannot convert ${from.key} to ${to.key}: different kinds of unit`);
  }
  if (isTemperature(from)) {
    // Affine: go through Celsius. c = (v - offset) / scale; out = c * scale + offset.
    const celsius = (value - (from.offset ?? 0)) / from.scale!;
    const scaled = celsius * to.scale!;
    const out = scaled + (to.offset ?? 0);
    // Adding an offset to nearly its negative leaves binary residue: 0 K → °R computes as
    // -491.66999999999996 + 491.67 = 5.7e-14, which formatResult would faithfully show in
    // e-notation. A result that small beside the terms that made it is zero.
    const magnitude = Math.max(Math.abs(scaled), Math.abs(to.offset ?? 0));
    return Math.abs(out) < RESIDUE * magnitude ? 0 : out;
  }
  return value * factorRatio(from.factor!, to.factor!);
}

/**
 * from/to as a single correctly rounded division where possible. The factors are short
 * decimals (0.3048, 0.0254) that binary floating point stores inexactly, so 0.3048 / 0.0254
 * gives 12.000000000000002. Scaled to integers (3048 / 254) both are exact and the one
 * division is correctly rounded: 1 ft is exactly 12 in. Over every pair and ten values
 * (3,950 conversions) v × this ratio equalled the exactly rounded true result 81% of the
 * time, against 71-73% for v*f/t, v*(f/t) or v/(t/f); formatResult hides the remaining
 * last-bit differences. Falls back to f/t when the scaled integers are not exact.
 */
export function factorRatio(from: number, to: number): number {
  if (from === to) return 1;
  const decimals = (x: number): number => (String(x).split('.')[1] ?? '').length;
  const k = Math.max(decimals(from), decimals(to));
  const scaled = (x: number): number => Number(x.toFixed(k).replace('.', ''));
  const [a, b] = [scaled(from), scaled(to)];
  const exact = (n: number, x: number): boolean =>
    Number.isSafeInteger(n) && n / 10 ** k === x && !String(x).includes('e');
  return exact(a, from) && exact(b, to) ? a / b : from / to;
}
