// Types for content/units.yaml (the islands receive it as props). The factors live only in
// that file; nothing here knows a number about any unit, and the arithmetic of each kind of
// unit is kinds.ts. The category keys, labels, currency codes and unit systems come from the module the
// build generates from it.
import {
  FORMER_UNIT_KEYS,
  type CategoryKey,
  type CategoryLabel,
  type CurrencyCode,
  type UnitSystem,
} from '../generated/units.ts';
import type { Definition } from './kinds.ts';

export type { CategoryKey, CategoryLabel, CurrencyCode, UnitSystem };

export interface Unit extends Definition {
  key: string;
  name: string; // display name, symbol in parentheses: "Feet (ft)"
  symbol: string;
  system: UnitSystem;
  /** More words a visitor may type for the unit ("foot", "'"), besides key and symbol. */
  aliases?: string[];
  /** The GNU units expression the accuracy tests compare with (read from units.yaml by tests; not in props). */
  gnu?: string;
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

/**
 * A currency as the card shows it: a featured one (content/units.yaml, in the props) or any
 * other of the ISO 4217 catalog (lib/currencyCatalog.ts, fetched with the picker).
 */
export interface Currency {
  /** ISO 4217 code; the featured ones are CurrencyCode. */
  code: string;
  name: string;
  /** "€", "CA$", or the code when the currency has no symbol of its own. */
  symbol: string;
  /** The issuer's flag emoji, or '' for a currency several countries share. */
  flag: string;
  /** Decimals of an amount: its minor unit (JPY 0, KWD 3). */
  digits: number;
}

/** rates[from][to] = how much of `to` one `from` buys. */
export type RateTable = Record<string, Record<string, number>>;

export interface UnitsData {
  categories: Record<CategoryKey, UnitCategory>;
  currencies: Currency[];
  currency_default: { from: string; to: string };
  fallback_rates: RateTable;
}

/**
 * A unit key as it is now: a key units.yaml lists under `formerly` (the tonne was `tons`)
 * reads as the unit's key, so old addresses, favourites and history still open it.
 */
/**
 * A unit's (or compound's) name without the symbol in brackets, as a pair page's title writes
 * it (src/content/model.rs plain_name): "Feet (ft)" → "Feet", "Feet + Inches (ft in)" →
 * "Feet and Inches".
 */
export function plainName(name: string): string {
  const open = name.lastIndexOf(' (');
  return (open >= 0 && name.endsWith(')') ? name.slice(0, open) : name).replaceAll(' + ', ' and ');
}

export function currentUnitKey(category: string, key: string): string {
  return FORMER_UNIT_KEYS[category]?.[key] ?? key;
}

export function findUnit(category: UnitCategory, key: string): Unit | undefined {
  return category.units.find((u) => u.key === key);
}
