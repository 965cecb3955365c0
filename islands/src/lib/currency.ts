// Offline exchange rates (spec section 8) and the currency arithmetic.

import type { RateTable } from './units';

/** A usable rate: a finite number above 0. Anything else counts as missing. */
function valid(rate: number | undefined): rate is number {
  return typeof rate === 'number' && Number.isFinite(rate) && rate > 0;
}

/** from → to from the table's row for `from`, or the inverse of the row for `to`. */
function directOrInverse(from: string, to: string, table: RateTable): number | null {
  const direct = table[from]?.[to];
  if (valid(direct)) return direct;
  const reverse = table[to]?.[from];
  return valid(reverse) ? 1 / reverse : null;
}

/**
 * How much of `to` one `from` buys, from the fallback table: the direct rate; else the inverse
 * of the reverse rate; else across USD, each leg direct or inverse (CHF → INR =
 * (1 / USD.CHF) × USD.INR). Unlike the original, which defaulted a missing leg to 1 and so
 * showed invented numbers, this returns null when there is no path.
 */
export function fallbackRate(from: string, to: string, table: RateTable): number | null {
  if (from === to) return 1;
  const rate = directOrInverse(from, to, table);
  if (rate !== null) return rate;
  const toUsd = directOrInverse(from, 'USD', table);
  const fromUsd = directOrInverse('USD', to, table);
  return toUsd !== null && fromUsd !== null ? toUsd * fromUsd : null;
}

/**
 * amount in `to`, or null when there is nothing to show: the spec shows a result only for an
 * amount above 0, and a missing rate must not become a made-up number. Equal currencies need
 * no rate (and no network call).
 */
export function convertCurrency(
  amount: number,
  from: string,
  to: string,
  rate: number | null | undefined,
): number | null {
  if (!Number.isFinite(amount) || amount <= 0) return null;
  if (from === to) return amount;
  return rate != null && valid(rate) ? amount * rate : null;
}
