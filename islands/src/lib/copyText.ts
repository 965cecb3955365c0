// The one text form of a conversion, 'value unit = result unit', shared by
// the Copy button and the history panel so the two never drift apart.

import type { Currency, Unit } from './units';

/** A unit as written in copied text: its key with spaces, "square_meters" → "square meters". */
export function unitWords(unit: Unit | string): string {
  return (typeof unit === 'string' ? unit : unit.key).replace(/_/g, ' ');
}

/** "5 meters": the value as shown (already formatted by the caller) followed by the unit. */
export function quantityText(value: string | number, unit: Unit | string): string {
  return `${String(value).trim()} ${unitWords(unit)}`;
}

/**
 * "5 meters = 16.404199 feet". A result that is not exact at its moment (a currency at an
 * offline or stale rate) says so once pasted, away from the card that warned of it: `note`
 * makes it "1,000.00 USD ≈ 850.00 EUR (approximate offline rate)".
 */
export function copyLine(
  value: string | number,
  fromUnit: Unit | string,
  result: string | number,
  toUnit: Unit | string,
  note?: string | null,
): string {
  return approximately(`${quantityText(value, fromUnit)} = ${quantityText(result, toUnit)}`, note);
}

/**
 * "A = B" as copied when it is not exact at its moment: "A ≈ B (note)". The one form of it, for
 * the card's Copy and the search box's answers alike (SearchPanel.tsx).
 */
export function approximately(line: string, note?: string | null): string {
  return note ? `${line.replace(' = ', ' ≈ ')} (${note})` : line;
}

/**
 * A history entry's copied line, "5 m = 16.404199 ft": a result already approximate ("≈ 7/8
 * cup", shown as a fraction) follows with its own sign, never "= ≈".
 */
export function entryLine(from: string, to: string): string {
  return /^≈\s/u.test(to) ? `${from} ${to}` : `${from} = ${to}`;
}

/** Currency history text carries the flag first, so an entry shows its country: "🇺🇸 100 USD". */
export function currencyText(amount: string | number, currency: Currency): string {
  return `${currency.flag} ${String(amount).trim()} ${currency.code}`;
}
