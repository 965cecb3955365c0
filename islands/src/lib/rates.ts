// Live exchange rates for the currency card: the client of the edge function's
// /api/rates routes, the rates this browser has already seen (kept for offline use), and
// the choice of an offline rate when the live call fails.
//
// Offline rates, in order:
//  1. the last live rates this browser saw, stored under RATES_KEY with the provider's
//     update time. Every successful pair conversion stores its rate, and after a success
//     the card also fetches /api/rates/latest/{FROM} at most once an hour per base, so a
//     visitor who converted from USD once has all nine USD rates for later. That costs no
//     extra upstream call: the edge computes every pair and base from one stored USD table.
//  2. the day's European Central Bank reference rates the build had (content/
//     reference-rates.json, about 30 currencies, when a deploy fetched them), when they are
//     newer than the stored rate: the pair pages state them, and the card agrees with its page.
//  3. the built-in fallback table (content/units.yaml `fallback_rates`), through
//     currency.ts's fallbackRate.
// Never an invented 1: with no path in either, there is no offline rate.
import { RATES_BASE } from '../generated/units.ts';
import { fallbackRate } from './currency';
import { formatCurrency, formatDay, formatMoney, formatRate } from './format';
import type { Currency, RateTable, ReferenceRates } from './units';
import { browserStorage } from './storage';
import { outdatedRate } from './rateAge.ts';

export const RATES_KEY = 'unitly-rates';
/** The edge waits 5 s for its upstream; give it that and a margin. */
export const RATES_TIMEOUT_MS = 8000;
/** Wait this long after the last keystroke before asking for a rate. */
export const RATES_DEBOUNCE_MS = 300;
/** How often, at most, the full table of one base is fetched for offline use. */
export const TABLE_REFRESH_MS = 60 * 60 * 1000;

const CODE = /^[A-Z]{3}$/;

export class RatesError extends Error {
  override name = 'RatesError';
  constructor(
    message: string,
    /** The edge's error type, when it answered one ('unsupported-code', 'no-rate', …). */
    readonly type?: string,
    /** The currencies it named: for 'unsupported-code', those it cannot convert. */
    readonly currencies?: string[],
  ) {
    super(message);
  }
}

/** One live conversion, as the edge's v6 pair answer gives it. */
export interface LiveConversion {
  from: string;
  to: string;
  amount: number;
  result: number;
  rate: number;
  /** The provider's update time (time_last_update_utc), in ms. */
  time: number;
  /** The edge served its last good rates because the live source is failing (X-Unitly-Stale). */
  stale: boolean;
}

export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  /** Where the time comes from when the answer carries none (tests). */
  now?: () => number;
}


const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const positive = (v: unknown): v is number => finite(v) && v > 0;
/** The latest time a Date holds (ECMA-262: 100,000,000 days after 1970). */
const LAST_MOMENT = 8.64e15;
/** A time a rate can have been stored at: what a Date can show (a stored 9e15 made formatting throw). */
const moment = (v: unknown): v is number => positive(v) && v <= LAST_MOMENT;

function timeOf(text: unknown, now: () => number): number {
  const t = typeof text === 'string' ? Date.parse(text) : NaN;
  return Number.isFinite(t) ? t : now();
}

/**
 * GETs JSON from our own API with a timeout. Rejects with a RatesError on a network error,
 * a non-2xx status, a timeout or a body that is not JSON; with the caller's AbortError when
 * the caller's signal aborts (a newer request replaced this one).
 */
async function getJson(url: string, opts: RequestOptions): Promise<{ data: Record<string, unknown>; stale: boolean }> {
  const { signal, timeoutMs = RATES_TIMEOUT_MS, fetchImpl = globalThis.fetch } = opts;
  if (signal?.aborted) throw signal.reason ?? new DOMException('aborted', 'AbortError');
  // Offline, the browser's HTTP cache may still answer an address asked before (the answer is
  // public, max-age): that is no live rate, so the card says it uses a stored one, as for any other amount.
  if (globalThis.navigator?.onLine === false) throw new RatesError('rates: offline');
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);
  try {
    const res = await fetchImpl(url, { signal: controller.signal, headers: { Accept: 'application/json' } });
    if (!res.ok) {
      // The edge's errors are JSON with an error type worth a log line; never required.
      const body = await res.json().catch(() => ({}));
      const type = typeof body?.['error-type'] === 'string' ? body['error-type'] : undefined;
      const currencies = Array.isArray(body?.currencies) ? body.currencies.filter((c: unknown): c is string => typeof c === 'string' && CODE.test(c)) : undefined;
      throw new RatesError(`rates: status ${res.status}${type === undefined ? '' : ` (${type})`}`, type, currencies);
    }
    let data: unknown;
    try {
      data = await res.json();
    } catch {
      throw new RatesError('rates: answer is not JSON');
    }
    if (typeof data !== 'object' || data === null) throw new RatesError('rates: unexpected answer');
    return { data: data as Record<string, unknown>, stale: res.headers.get('X-Unitly-Stale') === '1' };
  } catch (err) {
    if (signal?.aborted) throw signal.reason ?? err;
    if (timedOut) throw new RatesError(`rates: no answer within ${timeoutMs} ms`);
    if (err instanceof RatesError) throw err;
    throw new RatesError(`rates: network error (${err instanceof Error ? err.message : String(err)})`);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

function requireSuccess(data: Record<string, unknown>): void {
  if (data.result !== 'success') {
    const type = typeof data['error-type'] === 'string' ? ` (${data['error-type']})` : '';
    throw new RatesError(`rates: result is ${JSON.stringify(data.result ?? null)}${type}`);
  }
}

/** amount of `from` in `to`, from GET /api/rates/pair/FROM/TO/AMOUNT. */
export async function fetchPair(from: string, to: string, amount: number, opts: RequestOptions = {}): Promise<LiveConversion> {
  if (!CODE.test(from) || !CODE.test(to)) throw new RatesError(`rates: not a currency code: ${from} ${to}`);
  const { data, stale } = await getJson(`/api/rates/pair/${from}/${to}/${String(amount)}`, opts);
  requireSuccess(data);
  const result = data.conversion_result;
  if (!finite(result) || result < 0) throw new RatesError('rates: conversion_result is not a number');
  const rate = positive(data.conversion_rate) ? data.conversion_rate : result / amount;
  if (!positive(rate)) throw new RatesError('rates: no usable rate');
  return { from, to, amount, result, rate, time: timeOf(data.time_last_update_utc, opts.now ?? Date.now), stale };
}

/** The rates of one base, from GET /api/rates/latest/BASE. */
export async function fetchLatest(base: string, opts: RequestOptions = {}): Promise<{ rates: Record<string, number>; time: number }> {
  if (!CODE.test(base)) throw new RatesError(`rates: not a currency code: ${base}`);
  const { data } = await getJson(`/api/rates/latest/${base}`, opts);
  requireSuccess(data);
  const table = data.conversion_rates;
  if (typeof table !== 'object' || table === null) throw new RatesError('rates: no rate table');
  const rates: Record<string, number> = {};
  for (const [code, rate] of Object.entries(table)) {
    if (CODE.test(code) && code !== base && positive(rate)) rates[code] = rate;
  }
  return { rates, time: timeOf(data.time_last_update_utc, opts.now ?? Date.now) };
}

// ---------------------------------------------------------------------------------------
// Rates seen before, in localStorage
// ---------------------------------------------------------------------------------------

export interface StoredRate {
  rate: number;
  /** The provider's update time of this rate, in ms. */
  time: number;
}

export interface StoredRates {
  /** pairs[from][to] */
  pairs: Record<string, Record<string, StoredRate>>;
  /** When the full table of a base was last fetched (ms), to fetch it at most hourly. */
  tables: Record<string, number>;
}

const empty = (): StoredRates => ({ pairs: {}, tables: {} });


const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The stored rates. Never throws: missing, corrupted or foreign data reads as empty, and
 * entries of the wrong shape are dropped one by one.
 */
export function readStoredRates(storage: Storage | undefined = browserStorage()): StoredRates {
  let data: unknown;
  try {
    data = JSON.parse(storage?.getItem(RATES_KEY) ?? 'null');
  } catch {
    return empty();
  }
  const out = empty();
  if (!isRecord(data)) return out;
  if (isRecord(data.pairs)) {
    for (const [from, row] of Object.entries(data.pairs)) {
      if (!CODE.test(from) || !isRecord(row)) continue;
      for (const [to, entry] of Object.entries(row)) {
        if (!CODE.test(to) || to === from || !isRecord(entry)) continue;
        if (positive(entry.rate) && moment(entry.time)) (out.pairs[from] ??= {})[to] = { rate: entry.rate, time: entry.time };
      }
    }
  }
  if (isRecord(data.tables)) {
    for (const [base, at] of Object.entries(data.tables)) {
      if (CODE.test(base) && moment(at)) out.tables[base] = at;
    }
  }
  return out;
}

/**
 * Remembers live rates of `from` (one pair, or a whole table with `table: true`). An older
 * rate never replaces a newer one. A full or blocked storage is ignored: offline rates are
 * a convenience and must never break a conversion. Returns what is now stored.
 */
export function storeRates(
  from: string,
  rates: Record<string, number>,
  time: number,
  { table = false, storage = browserStorage(), now = Date.now() }: { table?: boolean; storage?: Storage; now?: number } = {},
): StoredRates {
  const stored = readStoredRates(storage);
  if (!CODE.test(from) || !positive(time)) return stored;
  const row = (stored.pairs[from] ??= {});
  for (const [to, rate] of Object.entries(rates)) {
    if (!CODE.test(to) || to === from || !positive(rate)) continue;
    if (!row[to] || row[to].time <= time) row[to] = { rate, time };
  }
  if (table) stored.tables[from] = now;
  try {
    storage?.setItem(RATES_KEY, JSON.stringify(stored));
  } catch {
    // QuotaExceededError or SecurityError: nothing was saved
  }
  return stored;
}

/** True when the full table of `base` has not been fetched within TABLE_REFRESH_MS. */
export function needsTable(base: string, stored: StoredRates, now: number = Date.now()): boolean {
  const at = stored.tables[base];
  return at === undefined || now - at >= TABLE_REFRESH_MS || at > now;
}

/**
 * The codes the provider's table quotes (what converts live): the RATES_BASE table this
 * browser stored within the hour, else the edge's, kept for offline use; the stored one (or
 * null) when the edge fails.
 */
export async function liveCodes(): Promise<string[] | null> {
  const stored = readStoredRates();
  const storedRow = stored.pairs[RATES_BASE];
  const storedCodes = storedRow ? [RATES_BASE, ...Object.keys(storedRow)] : null;
  if (!needsTable(RATES_BASE, stored)) return storedCodes;
  try {
    const { rates: table, time } = await fetchLatest(RATES_BASE);
    storeRates(RATES_BASE, table, time, { table: true });
    return [RATES_BASE, ...Object.keys(table)];
  } catch (err) {
    console.warn('Unitly: the list of live currencies is unavailable:', err);
    return storedCodes;
  }
}

const tablesInFlight = new Set<string>();
/** After a live success, keeps `base`'s whole table for offline use (at most hourly, one call at a time). */
export function keepTable(base: string): void {
  if (tablesInFlight.has(base) || !needsTable(base, readStoredRates())) return;
  tablesInFlight.add(base);
  fetchLatest(base)
    .then(({ rates: table, time }) => storeRates(base, table, time, { table: true }))
    .catch((err) => console.warn('Unitly: could not save offline rates:', err))
    .finally(() => tablesInFlight.delete(base));
}

// ---------------------------------------------------------------------------------------
// The offline rate
// ---------------------------------------------------------------------------------------

export type OfflineRate =
  | { source: 'stored'; rate: number; /** the oldest provider time the rate is built from */ time: number }
  | { source: 'reference'; rate: number; /** the day, YYYY-MM-DD */ date: string }
  | { source: 'table'; rate: number };

/** Units of `to` per one `from` in the day's reference rates (across their base); null when they quote either not. */
function referenceRate(from: string, to: string, reference: ReferenceRates | null | undefined): number | null {
  return reference === null || reference === undefined ? null : fallbackRate(from, to, { [reference.base]: reference.rates }, reference.base);
}

/** The time of the stored from→to leg as fallbackRate reads it: direct first, else reverse. */
function legTime(from: string, to: string, stored: StoredRates): number | undefined {
  return stored.pairs[from]?.[to]?.time ?? stored.pairs[to]?.[from]?.time;
}

/**
 * The rate to use when the live call failed: the rates this browser saw (direct, inverse or
 * across RATES_BASE, as fallbackRate walks a table), with their time, unless the day's
 * reference rates are newer; else those; else the built-in table; else null (there is no
 * offline rate, and the card says so rather than inventing one).
 */
export function offlineRate(from: string, to: string, stored: StoredRates, table: RateTable, reference: ReferenceRates | null = null): OfflineRate | null {
  const day = referenceRate(from, to, reference);
  const seen: RateTable = {};
  for (const [f, row] of Object.entries(stored.pairs)) {
    seen[f] = Object.fromEntries(Object.entries(row).map(([t, e]) => [t, e.rate]));
  }
  const rate = fallbackRate(from, to, seen);
  if (rate !== null && from !== to) {
    const direct = legTime(from, to, stored);
    const time = direct ?? Math.min(legTime(from, RATES_BASE, stored) ?? Infinity, legTime(RATES_BASE, to, stored) ?? Infinity);
    // A rate seen on the reference day or after is the newer (the ECB's is set at 14:15 CET).
    const newer = day === null || reference === null || time >= Date.parse(`${reference.date}T00:00:00Z`);
    if (Number.isFinite(time) && newer) return { source: 'stored', rate, time };
  }
  if (day !== null && reference !== null && from !== to) return { source: 'reference', rate: day, date: reference.date };
  const fixed = fallbackRate(from, to, table);
  return fixed === null ? null : { source: 'table', rate: fixed };
}

// ---------------------------------------------------------------------------------------
// Requests that never arrive out of order
// ---------------------------------------------------------------------------------------

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface Requester {
  /**
   * After `delayMs` of quiet, runs `run` and hands its outcome to `done`. Each call replaces
   * the previous one: a pending one is dropped, one in flight is aborted, and `done` is
   * only ever called for the newest request. A call with the `key` of the request still
   * pending or in flight asks the same thing again (a render that changed nothing the call
   * depends on): that request is kept, and its outcome goes to the newer `done`.
   */
  <T>(run: (signal: AbortSignal) => Promise<T>, done: (outcome: Outcome<T>) => void, key?: string): void;
  /** Drops whatever is pending or in flight (Reset, an amount that needs no call, unmount). */
  cancel(): void;
}

export function createRequester(delayMs: number = RATES_DEBOUNCE_MS): Requester {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;
  let generation = 0;
  // The request pending or in flight: its key, and where its outcome goes.
  let current: { key: string | undefined; done: (outcome: Outcome<never>) => void } | undefined;
  const cancel = (): void => {
    clearTimeout(timer);
    timer = undefined;
    controller?.abort();
    controller = undefined;
    current = undefined;
    generation += 1;
  };
  const request = <T>(run: (signal: AbortSignal) => Promise<T>, done: (outcome: Outcome<T>) => void, key?: string): void => {
    if (key !== undefined && current !== undefined && current.key === key) {
      current.done = done as (outcome: Outcome<never>) => void;
      return;
    }
    cancel();
    const mine = generation;
    const asked = { key, done: done as (outcome: Outcome<never>) => void };
    current = asked;
    timer = setTimeout(() => {
      timer = undefined;
      const c = new AbortController();
      controller = c;
      let started: Promise<T>;
      try {
        started = run(c.signal);
      } catch (error) {
        started = Promise.reject(error);
      }
      started
        .then((value): Outcome<T> => ({ ok: true, value }), (error): Outcome<T> => ({ ok: false, error }))
        .then((outcome) => {
          if (mine !== generation) return; // replaced or cancelled meanwhile
          controller = undefined;
          current = undefined;
          (asked.done as (outcome: Outcome<T>) => void)(outcome);
        });
    }, delayMs);
  };
  return Object.assign(request, { cancel });
}

// ---------------------------------------------------------------------------------------
// Words and numbers on the card
// ---------------------------------------------------------------------------------------

/** "1 USD = 0.9200 EUR" */
export function rateLine(from: string, to: string, rate: number): string {
  return `1 ${from} = ${formatRate(rate)} ${to}`;
}

// Built on first use: an Intl formatter costs milliseconds to build, not worth paying at load.
let clockFormat: Intl.DateTimeFormat | undefined;
let dayFormat: Intl.DateTimeFormat | undefined;
const clockOf = (ms: number): string =>
  `${(clockFormat ??= new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' })).format(ms)} UTC`;
const dayOf = (ms: number): string => (dayFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })).format(ms);

/** A rate's time, the same for every visitor, on the 24-hour clock of every time the card writes: "Nov 20, 2026, 00:00 UTC". */
export function formatRateTime(ms: number): string {
  if (!Number.isFinite(ms) || Math.abs(ms) > LAST_MOMENT) return '';
  return `${dayOf(ms)}, ${clockOf(ms)}`;
}

/**
 * When a live rate was published, short: "14:00 UTC" on the same UTC day as `now`, else
 * with its date, "Nov 20, 2026, 00:00 UTC".
 */
export function formatAsOf(ms: number, now: number = Date.now()): string {
  if (!Number.isFinite(ms)) return '';
  return dayOf(ms) === dayOf(now) ? clockOf(ms) : formatRateTime(ms);
}

// How old rates may be and still be called live: one rule, shared with the edge (rateAge.ts).
export { RATES_MAX_AGE_MS, outdatedRate } from './rateAge.ts';

/**
 * Where a live rate comes from and its time: "Live · as of 14:00 UTC"; rates older than a
 * day (the provider stopped updating them) "Rates from Nov 20, 2026, 00:00 UTC — not updated
 * since"; when the edge marked them stale (its source is failing) "Rates from 14:00 UTC —
 * live source unavailable".
 */
export function liveSourceText(time: number, stale: boolean, now: number = Date.now()): string {
  if (outdatedRate(time, now)) return `Rates from ${formatAsOf(time, now)} — not updated since`;
  return stale ? `Rates from ${formatAsOf(time, now)} — live source unavailable` : `Live · as of ${formatAsOf(time, now)}`;
}

/** Where the card's rate comes from: the edge, this browser's stored rates, the day's reference rates, the built-in table, or nowhere (one currency). */
export type RateSource = 'live' | 'stored' | 'reference' | 'table' | 'same';

/** The line under a result saying where its rate comes from. */
export function rateSourceText(c: { source: RateSource; time?: number; date?: string; stale?: boolean }): string {
  switch (c.source) {
    case 'live':
      return c.time === undefined ? 'Live rate' : liveSourceText(c.time, c.stale === true);
    case 'stored':
      return `Offline rate from ${formatRateTime(c.time ?? NaN)}`;
    case 'reference':
      return `Offline rate: the European Central Bank reference rate of ${formatDay(c.date ?? '')}`;
    case 'table':
      return 'Offline rate from the built-in fallback table';
    default:
      return 'Same currency: nothing to convert';
  }
}

/**
 * What copied text and a history entry say of a rate that is not live, as the card says it
 * under the result, with its full date (read later, elsewhere): "approximate offline rate"
 * (the built-in table), "European Central Bank rate of Nov 20, 2026" (the day's reference
 * rate), "offline rate from Nov 20, 2026, 14:00 UTC" (this browser's stored
 * rate), "rate from …, live source unavailable" (the edge's last good rate); null for a live
 * rate, which keeps the 'value unit = result unit' form.
 */
export function approximateNote(c: { source: RateSource; time?: number; date?: string; stale?: boolean }, now: number = Date.now()): string | null {
  switch (c.source) {
    case 'table':
      return 'approximate offline rate';
    case 'reference':
      return `European Central Bank rate of ${formatDay(c.date ?? '')}`;
    case 'stored':
      return c.time === undefined ? 'offline rate' : `offline rate from ${formatRateTime(c.time)}`;
    case 'live':
      if (c.time !== undefined && outdatedRate(c.time, now)) return `rate from ${formatRateTime(c.time)}, not updated since`;
      return c.stale === true && c.time !== undefined ? `rate from ${formatRateTime(c.time)}, live source unavailable` : null;
    default:
      return null;
  }
}

/** What the card falls back on while the last live call failed: `none` when it has no rate for the pair. */
export type OfflineRates = { source: 'stored'; time: number } | { source: 'reference'; date: string } | { source: 'table' } | { source: 'none' };

/**
 * The card's banner while live rates fail for `from` → `to`; offline, with no rate at all,
 * it names the currency this browser has no offline rate for ("no offline rate for THB").
 */
export function offlineBannerText(offline: OfflineRates, from: string, to: string, table: RateTable, reference: ReferenceRates | null = null): string {
  switch (offline.source) {
    case 'stored':
      return `Live rates are unavailable, so this result uses the last live rate this browser saw, from ${formatRateTime(offline.time)}. It may differ from today's rate.`;
    case 'reference':
      return `Live rates are unavailable, so this result uses the European Central Bank's reference rate of ${formatDay(offline.date)}. It may differ from today's rate.`;
    case 'table':
      return "Live rates are unavailable, so this result uses Unitly's built-in fallback rates. They are approximate and can be well out of date.";
    default: {
      const stored = readStoredRates();
      const lacking = [from, to].filter((c) => c !== RATES_BASE && offlineRate(c, RATES_BASE, stored, table, reference) === null);
      const missing = lacking.length > 0 ? lacking.join(' or ') : `${from} to ${to}`;
      // Offline, the connection is why; online, the rate service is (the box says it alike).
      const when = globalThis.navigator?.onLine === false ? 'when you are back online' : 'in a moment';
      return `Live rates are unavailable, and there is no offline rate for ${missing}. Try again ${when}.`;
    }
  }
}

/**
 * The currencies of `from` → `to` the edge said it does not convert (a 400 `unsupported-code`:
 * the provider quotes no rate for them), or null when the call failed otherwise (an outage).
 */
export function unsupportedCodes(error: unknown, from: string, to: string): string[] | null {
  if (!(error instanceof RatesError) || error.type !== 'unsupported-code') return null;
  const named = [from, to].filter((c) => error.currencies?.includes(c));
  return named.length > 0 ? named : [from, to];
}

/** What the card says for currencies the provider does not quote: no outage, nothing to retry. */
export function unavailableText(codes: readonly string[]): string {
  return codes.length === 1 ? `${codes[0]} is not available for live conversion.` : `${codes.join(' and ')} are not available for live conversion.`;
}

/** The toast when live rates first fail: what the card falls back on, or that it has nothing to. */
export function offlineToast(offline: OfflineRates): { title: string; description: string } {
  return offline.source === 'none'
    ? { title: 'Live rates unavailable', description: 'There is no offline rate for this conversion.' }
    : { title: 'Using offline rates', description: 'Live rates unavailable. Using fallback data.' };
}

/**
 * An amount of money as shown, in two parts: "€92.00" and "EUR" (no symbol when it is the
 * code), with the currency's own decimals ("¥15,120", "KWD" 0.308).
 */
export function moneyParts(amount: number, currency: Pick<Currency, 'code' | 'symbol' | 'digits'>): { value: string; code: string } {
  const value = formatMoney(amount, currency.digits);
  if (value === '') return { value: '', code: currency.code };
  const symbol = currency.symbol && currency.symbol !== currency.code ? currency.symbol : '';
  return { value: `${symbol}${value}`, code: currency.code };
}
