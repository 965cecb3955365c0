// What a currency pair page states (/currency-converter/usd-to-eur), computed at build time
// with the card's own formatting (rates.ts's rate line, format.ts's amounts in each
// currency's decimals), so the page and the card write a rate and an amount alike.
import { formatCurrency } from './format';
import { formatDay } from './rateHistory';
import { rateLine } from './rates';
import type { Currency } from './units';

/** The amounts a table lists, before scaling to the currency's worth. */
const AMOUNTS = [1, 5, 10, 25, 50, 100, 250, 500, 1000, 5000, 10000];

/**
 * A table's rows: common amounts of `from` and what each buys of `to`. A currency worth far
 * less than the other (JPY to USD: 0.0067) starts at a power of ten that buys at least a
 * cent's worth or so (100 JPY), so no row reads 0.01.
 */
export function amountsFor(from: Currency, to: Currency, rate: number): { value: string; result: string }[] {
  const scale = rate > 0 && rate < 1 ? 10 ** Math.max(0, Math.floor(-Math.log10(rate))) : 1;
  return AMOUNTS.map((a) => a * scale).map((amount) => ({
    value: `${formatCurrency(amount, 0)} ${from.code}`,
    result: `${formatCurrency(amount * rate, to.digits)} ${to.code}`,
  }));
}

/** "1 USD = 0.9186 EUR", its inverse, and where the rate comes from, dated or labelled approximate. */
export function pairRateFacts(from: Currency, to: Currency, rate: number, inverse: number, date: string | null): { rate: string; inverse: string; source: string } {
  const live = 'The converter above shows the live mid-market rate, refreshed every hour.';
  const source = date
    ? `European Central Bank reference rate of ${formatDay(date)}, the latest known when this page was built. ${live}`
    : `Approximate: Unitly's built-in fallback rate, not a current market rate (no reference rate was known when this page was built). ${live}`;
  return { rate: rateLine(from.code, to.code, rate), inverse: rateLine(to.code, from.code, inverse), source };
}
