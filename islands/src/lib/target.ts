// The part of a unit card's conversion it needs before anything is typed: which To choice a
// key names, whether a unit is a cooking measure, and an outcome as one line. Kept apart from
// conversion.ts so the parser and the exact arithmetic (parse.ts, rational.ts) load only on
// first interaction, not with every converter page.
import type { Compound, Unit, UnitCategory } from './units';
import { COOKING_UNITS, PLURAL_SYMBOLS } from '../generated/units.ts';
import { takesSingular } from './singular.ts';

export type Target = { kind: 'unit'; unit: Unit } | { kind: 'compound'; compound: Compound; parts: Unit[] };

/** The To choice with this key: a unit or a compound of the category. */
export function findTarget(category: UnitCategory, key: string): Target | undefined {
  const unit = category.units.find((u) => u.key === key);
  if (unit) return { kind: 'unit', unit };
  const compound = category.compounds?.find((c) => c.key === key);
  if (!compound) return undefined;
  const parts = compound.parts.map((p) => category.units.find((u) => u.key === p));
  return parts.every((p) => p !== undefined) ? { kind: 'compound', compound, parts: parts as Unit[] } : undefined;
}

/** Whether results in `unit` may show as fractions (`cooking: true` in units.yaml). */
export const isCookingUnit = (unit: Unit): boolean => COOKING_UNITS.includes(unit.key);

/** The ok outcome's parts resultLine needs (conversion.ts's Outcome has them). */
interface Shown {
  text: string;
  symbol: string;
  target?: Target;
}

/** "5 ft 10.87 in", "16.404199 ft", "2 cups": the outcome as one line of text. */
export function resultLine(o: Shown): string {
  if (o.target?.kind === 'unit') return withSymbol(o.text, o.target.unit);
  return o.symbol === '' ? o.text : `${o.text} ${o.symbol}`;
}

/** The symbol the Result field shows after the outcome's number ("cups" after 2). */
export function resultSymbol(o: Shown): string {
  return o.target?.kind === 'unit' ? symbolAfter(o.text, o.target.unit) : o.symbol;
}

/** The symbol after `number`: its plural where the symbol is a word (units.yaml `plural`). */
export function symbolAfter(number: string, unit: { key: string; symbol: string; plural?: string }): string {
  return takesSingular(number) ? unit.symbol : (PLURAL_SYMBOLS[unit.key] ?? unit.plural ?? unit.symbol);
}

/** "2 cups", "1/2 cup", "45°", "20 °C": a number and its unit as a sentence writes them (no space before a bare °, ′ or ″). */
export function withSymbol(number: string, unit: { key: string; symbol: string; plural?: string }): string {
  const symbol = symbolAfter(number, unit);
  return /^[°′″]$/.test(symbol) ? `${number}${symbol}` : `${number} ${symbol}`;
}

