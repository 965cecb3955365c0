// What a currency pair page states (/currency-converter/usd-to-eur): the rate and its inverse
// and tables of common amounts, computed with the card's own formatting (rates.ts's rate
// line, format.ts's amounts in each currency's decimals), so the page and the card write a
// rate and an amount alike. At build time that is the rate the build knew; in the browser,
// the live rate once the edge answers.
import { formatCurrency, formatDay } from './format';
import { liveSourceText, rateLine } from './rates';
import type { Currency } from './units';

const LIVE_ABOVE = 'The converter above shows the live mid-market rate, checked every hour and shown with its time.';

/** The amounts a table lists, before scaling to the currency's worth. */
const AMOUNTS = [1, 5, 10, 25, 50, 100, 250, 500, 1000, 5000, 10000];

/** The rate a page was built with: units of To per one From, the inverse, and the reference
 *  rate's day (YYYY-MM-DD), or null for the approximate fallback rate. */
export interface BuiltQuote {
  rate: number;
  inverse: number;
  date: string | null;
}

/**
 * What the page knows of the live rate: nothing (the HTML as built, and while asking),
 * the edge's answer (`stale` when the edge serves its last good rates), or that none came
 * (offline, the edge failing): then the built rate stays, said to be what it is.
 */
export type LiveRate =
  | { state: 'built' }
  | { state: 'checking' }
  | { state: 'live'; rate: number; time: number; stale: boolean }
  | { state: 'offline' };

/**
 * A table's rows: common amounts of `from` and what each buys of `to`. The first row buys at
 * least two digits of `to` as it is written: a currency worth far less than the other (JPY
 * to USD: 0.0067) starts at a power of ten (100 JPY = 0.67 USD, not 0.01), and so does one
 * into a currency with no decimals (INR to JPY: 10 INR = 15 JPY, not 1 INR = 1 JPY).
 */
export function amountsFor(from: Currency, to: Currency, rate: number): { value: string; result: string }[] {
  const least = 10 ** (1 - to.digits); // two digits: 10 JPY, 0.10 USD, 0.010 KWD
  const scale = rate > 0 ? 10 ** Math.max(0, Math.ceil(Math.log10(least / (AMOUNTS[0] * rate)) - 1e-9)) : 1;
  return AMOUNTS.map((a) => a * scale).map((amount) => ({
    value: `${formatCurrency(amount, 0)} ${from.code}`,
    result: `${formatCurrency(amount * rate, to.digits)} ${to.code}`,
  }));
}

/**
 * The rate and its inverse the page shows ("1 USD = 0.9186 EUR"), the rate the tables use,
 * and where it comes from: the live rate with its time, else the built rate, dated or
 * labelled approximate, and when the live rate could not be had, saying so.
 */
export function pairRateFacts(
  from: Currency,
  to: Currency,
  built: BuiltQuote,
  live: LiveRate = { state: 'built' },
  now: number = Date.now(),
): { rate: string; inverse: string; tableRate: number; tableInverse: number; source: string } {
  if (live.state === 'live') {
    const source = `${liveSourceText(live.time, live.stale, now)}: the mid-market rate the converter above uses, checked every hour. The tables below are at this rate.`;
    return { rate: rateLine(from.code, to.code, live.rate), inverse: rateLine(to.code, from.code, 1 / live.rate), tableRate: live.rate, tableInverse: 1 / live.rate, source };
  }
  const day = built.date === null ? null : formatDay(built.date);
  const offline = live.state === 'offline';
  const source =
    day !== null
      ? offline
        ? `Live rates are unavailable, so this is the European Central Bank reference rate of ${day}, the latest known when this page was built.`
        : `European Central Bank reference rate of ${day}, the latest known when this page was built. ${LIVE_ABOVE}`
      : offline
        ? "Live rates are unavailable, so this is Unitly's built-in fallback rate: approximate, not a current market rate."
        : `Approximate: Unitly's built-in fallback rate, not a current market rate (no reference rate was known when this page was built). ${LIVE_ABOVE}`;
  return { rate: rateLine(from.code, to.code, built.rate), inverse: rateLine(to.code, from.code, built.inverse), tableRate: built.rate, tableInverse: built.inverse, source };
}
