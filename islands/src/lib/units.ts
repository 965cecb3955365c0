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
import { own } from './table.ts';

export type { CategoryKey, CategoryLabel, CurrencyCode, UnitSystem };

export interface Unit extends Definition {
  key: string;
  name: string; // display name, symbol in parentheses: "Feet (ft)"
  symbol: string;
  system: UnitSystem;
  /** More words a visitor may type for the unit ("foot", "'"), besides key and symbol. */
  aliases?: string[];
  /** Aliases the reading names when typed, alias → note (the Cooking card's T and t: cooking.ts RECIPE_SPOONS). */
  saidAs?: Record<string, string>;
  /** The GNU units expression the accuracy tests compare with (read from units.yaml by tests; not in props). */
  gnu?: string;
  /** The symbol after any number but one or a proper fraction, where the symbol is a word (units.yaml `plural`). */
  plural?: string;
  /** Said whenever the unit is read or converted to: a measure the islands make (cooking.ts, the stick of butter). */
  note?: string;
}

/** A result in several units of one category, largest first: feet + inches. */
export interface Compound {
  key: string;
  name: string; // "Feet + Inches (ft in)"
  parts: string[];
  /** The units whose pair page to this compound the site has (set by the build, src/content/pairs.rs reads_in_parts). */
  pagesFrom?: string[];
}

export interface UnitCategory {
  label: CategoryLabel;
  base: string;
  precision: number; // decimals shown
  /** Below 1, at least this many significant digits under Auto (format.ts; 6 unless said). */
  significant?: number;
  default: { from: string; to: string };
  /** The card's accent colour (a theme class `accent-…`). */
  accent: string;
  /** The card's outline icon: SVG path data on a 24×24 grid; a generic icon when absent. */
  icon?: string[];
  units: Unit[];
  compounds?: Compound[];
  /** Plain numbers (lakhs, millions): a number typed with no unit, with a target here, counts in the base unit ("5 million in lakh"). */
  counts?: boolean;
  /** The metric and imperial units people use day to day (units.yaml `usual`): only in the search box's data, which answers an amount alone in them. */
  usual?: string[];
  /** Units that step into each other, smallest first (units.yaml `ladders`): only in the search box's data, which says an amount alone on the rung it reads best on. */
  ladders?: string[][];
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

/** A day's reference rates (the ECB's, content/reference-rates.json): units of each currency per one `base`. */
export interface ReferenceRates {
  base: string;
  /** The day they are for, YYYY-MM-DD. */
  date: string;
  rates: Record<string, number>;
}

export interface UnitsData {
  categories: Record<CategoryKey, UnitCategory>;
  currencies: Currency[];
  currency_default: { from: string; to: string };
  fallback_rates: RateTable;
}

/** A category's label in a sentence: each word in lower case but an acronym's, "electric current" but "HbA1c" (src/content/model.rs `label_in_text`). */
export function labelInText(label: string): string {
  return label
    .split(' ')
    .map((w) => (/\p{Lu}/u.test(w.slice(1)) ? w : w.toLowerCase()))
    .join(' ');
}

/**
 * A unit's (or compound's) name without the symbol in brackets, as a pair page's title writes
 * it (src/content/model.rs plain_name): "Feet (ft)" → "Feet", "Feet + Inches (ft in)" →
 * "Feet and Inches".
 */
export function plainName(name: string): string {
  const open = name.lastIndexOf(' (');
  const bare = open >= 0 && name.endsWith(')') ? name.slice(0, open) : name;
  // "Hours + Minutes + Seconds" reads "Hours, Minutes and Seconds".
  const last = bare.lastIndexOf(' + ');
  return last < 0 ? bare : `${bare.slice(0, last).replaceAll(' + ', ', ')} and ${bare.slice(last + 3)}`;
}

/**
 * A unit key as it is now: a key units.yaml lists under `formerly` (the tonne was `tons`)
 * reads as the unit's key, so old addresses, favourites and history still open it.
 */
export function currentUnitKey(category: string, key: string): string {
  const former = own(FORMER_UNIT_KEYS, category);
  return (former === undefined ? undefined : own(former, key)) ?? key;
}

/**
 * The unit an older history entry's result text names, among `keys` (its category's units):
 * entries stored before replay kept only text, the site then writing a unit key's words
 * ("12.7006 kilograms", "8 fluid ounces"). The words after a number of the text, the first
 * that name a unit, so a compound's "5 feet 10.87 inches" names its last part (inches); a
 * key renamed since (FORMER_UNIT_KEYS: "2 tons") reads as the unit's key now. Undefined for a
 * text with no number or no unit of `keys`. The one reader of both the card on the entry's
 * page and the link to another category's page, so an old entry opens the same To wherever
 * it is pressed.
 */
export function unitKeyOfText(category: string, text: string, keys: readonly string[]): string | undefined {
  const tokens = text.trim().split(/\s+/);
  // After the first number first: a unit's own words may hold one ("liters per 100 kilometers").
  for (let i = 0; i < tokens.length - 1; i++) {
    if (!/\d/.test(tokens[i])) continue;
    const key = currentUnitKey(category, tokens.slice(i + 1).join('_'));
    if (keys.includes(key)) return key;
  }
  return undefined;
}

export function findUnit(category: UnitCategory, key: string): Unit | undefined {
  return category.units.find((u) => u.key === key);
}

/**
 * The example the Value field's placeholder offers, in units the card reads: a category with
 * compounds shows its first ("5 ft 11 in", "5 st 11 lb"), any other the From unit ("5 kg",
 * "5 °F"). One example for every card ("5 ft 11 in") was refused outside Length.
 */
export function valueExample(category: UnitCategory, from: Unit): string {
  const compound = category.compounds?.[0];
  const parts = compound?.parts.map((key) => findUnit(category, key));
  if (parts?.length === 2 && parts[0] && parts[1]) return `5 ${parts[0].symbol} 11 ${parts[1].symbol}`;
  return `5 ${from.symbol}`;
}
