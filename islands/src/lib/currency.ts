// The built-in fallback rates (content/units.yaml `fallback_rates`): the rate the currency
// card uses when neither a live rate nor one this browser stored is at hand.

import { RATES_BASE } from '../generated/units.ts';
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
 * of the reverse rate; else across `base` (RATES_BASE, USD), each leg direct or inverse (CHF →
 * INR = (1 / USD.CHF) × USD.INR). With no path it is null: a missing leg never counts as 1,
 * which would show an invented number. (The day's reference rates walk the same way, across
 * their base, the euro.)
 */
export function fallbackRate(from: string, to: string, table: RateTable, base: string = RATES_BASE): number | null {
  if (from === to) return 1;
  const rate = directOrInverse(from, to, table);
  if (rate !== null) return rate;
  const toBase = directOrInverse(from, base, table);
  const fromBase = directOrInverse(base, to, table);
  return toBase !== null && fromBase !== null ? toBase * fromBase : null;
}
