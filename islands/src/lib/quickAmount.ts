// The currency card's Amount, read without the value parser when it is only digits: the
// parser (parse.ts, rational.ts) is a chunk of its own that the card fetches on focus, so a
// page load carries none of it. amount.ts reads everything else; both end in checkAmount,
// and a test holds the two readers to the same answers for plain amounts.
import { LIMITS } from '../generated/units.ts';

/** The edge refuses larger amounts; the card says so instead of calling it (content/units.yaml `limits`). */
export const MAX_AMOUNT: number = LIMITS.maxAmount;
let maxAmountWords: string | undefined;
/**
 * MAX_AMOUNT in words, as the card's message says it: "1 trillion". Made on first use: a
 * compact-notation formatter loads locale data, 40 ms of a phone's main thread at page load.
 */
export const maxAmountText = (): string =>
  (maxAmountWords ??= new Intl.NumberFormat('en-US', { notation: 'compact', compactDisplay: 'long', maximumFractionDigits: 3 }).format(MAX_AMOUNT));

/** The amount to convert, or why there is none (both null: the field is empty). */
export interface AmountReading {
  value: number | null;
  message: string | null;
  /** Currencies typed with the amount (€100, 100 usd to jpy), in place of From and To. */
  from?: string;
  to?: string;
  /** What was read, when it says more than the field: "Read as 1500 (the comma groups thousands)". */
  hint?: string;
}

/** The limits every amount meets, however it was typed. */
export function checkAmount(n: number): AmountReading {
  if (!(n > 0)) return { value: null, message: 'Enter an amount greater than 0.' };
  if (n > MAX_AMOUNT) return { value: null, message: `Enter an amount no larger than ${maxAmountText()}.` };
  return { value: n, message: null };
}

const PLAIN = /^\d{1,20}(?:\.\d{1,20})?$/;
/** 1.000, 2.500: a point before three digits that a reader might take for grouping; the parser says how it read it. */
const POINT_OR_GROUP = /^[1-9]\d{0,2}\.\d{3}$/;

/** An empty field or a plain decimal (100, 12.5); null for anything the parser must read. */
export function quickAmount(text: string): AmountReading | null {
  const t = text.trim();
  if (t === '') return { value: null, message: null };
  return PLAIN.test(t) && !POINT_OR_GROUP.test(t) ? checkAmount(Number(t)) : null;
}

/**
 * What Swap makes of the card: the menus turned round; when the Amount names the currencies it
 * converts (100 THB, €100, 3650 THB to USD), that pair turned round, and the amount alone in
 * the Amount, since the menus now name its currencies.
 */
export function swapped(read: AmountReading | null, menus: { from: string; to: string }): { from: string; to: string; value?: string } {
  if (read === null || read.value === null || (read.from === undefined && read.to === undefined)) return { from: menus.to, to: menus.from };
  // 15 digits: what a double holds, not the binary arithmetic's tail (0.1 + 0.2).
  return { from: read.to ?? menus.to, to: read.from ?? menus.from, value: String(Number(read.value.toPrecision(15))) };
}
