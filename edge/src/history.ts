// GET /api/rates/history/{FROM}/{TO}?range=1M|1Y|5Y|max: how one currency pair moved, for
// the currency page's chart. From a history provider (Frankfurter by default: European
// Central Bank reference rates, one a working day, about 30 currencies, back to 1999;
// HISTORY_UPSTREAM_URL points elsewhere, e.g. a self-hosted copy).
//
// Costs: no KV at all. An answer is kept in the Cache API of the location that asked,
// under a key holding the UTC day, for 6 hours (the reference rates change once a working
// day); the provider's list of currencies likewise. So a pair and range costs the provider
// at most four calls a day per location, however many visitors ask. With the provider down
// or slow, the answer is "history unavailable" within HISTORY_DEADLINE_MS, and this isolate
// asks the provider nothing more for UPSTREAM_RETRY_SECONDS.
import type { Config } from "./config";
import { error, json } from "./http";
import { isCurrencyCode, unknownCodes } from "./rates";
import { getJson, UpstreamError } from "./upstream";

export const HISTORY_RANGES = {
  "1M": { months: 1, interval: "day" },
  "1Y": { months: 12, interval: "day" },
  "5Y": { months: 60, interval: "week" },
  max: { months: null, interval: "month" },
} as const;
export type HistoryRange = keyof typeof HISTORY_RANGES;
const DEFAULT_RANGE: HistoryRange = "1Y";
/** The first day of the ECB's reference rates. */
const FIRST_DAY = "1999-01-04";
/** However slow the provider, a visitor hears within this long (the browser's own wait is longer). */
export const HISTORY_DEADLINE_MS = 4_500;
const KEPT_SECONDS = 6 * 3600;
export const CACHE_HISTORY = "public, max-age=3600";

type Point = [date: string, rate: number];
interface Mark {
  date: string;
  rate: number;
}

/** The answer's shape (documented in README.md for the chart). */
export interface History {
  result: "success";
  base_code: string;
  target_code: string;
  range: HistoryRange;
  /** What one point stands for: its day's rate, or the last rate of its week or month. */
  interval: "day" | "week" | "month";
  /** The first and the last day with a rate. */
  start: string;
  end: string;
  source: string;
  /** Oldest first: [date, units of target per 1 base]. */
  points: Point[];
  first: Mark;
  last: Mark;
  /** Over every day of the range, not only the points. */
  min: Mark;
  max: Mark;
  /** last / first - 1. */
  change: number;
}

const SOURCE = "European Central Bank reference rates";

// ---------------------------------------------------------------------------------------
// Caching: this isolate's memory first, then the Cache API where the runtime has one
// (Workers, workerd). Memory alone must hold the costs: on a *.workers.dev address the
// Cache API exists but keeps nothing, so without it every request asked the provider.

interface EdgeCache {
  match(key: string): Promise<unknown | undefined>;
  put(key: string, value: unknown): Promise<void>;
}

/** What this isolate keeps, in characters of JSON (a 25-year daily series is about 150 KB). */
const MEMORY_BUDGET = 8_000_000;
const memory = new Map<string, { value: unknown; until: number; size: number }>();
let memorySize = 0;
const memoryCache: EdgeCache = {
  async match(key) {
    const hit = memory.get(key);
    return hit && hit.until > Date.now() ? hit.value : undefined;
  },
  async put(key, value) {
    const size = JSON.stringify(value).length;
    const old = memory.get(key);
    if (old) {
      memory.delete(key);
      memorySize -= old.size;
    }
    // Oldest first out, until the new one fits.
    for (const [k, v] of memory) {
      if (memorySize + size <= MEMORY_BUDGET) break;
      memory.delete(k);
      memorySize -= v.size;
    }
    memory.set(key, { value, until: Date.now() + KEPT_SECONDS * 1000, size });
    memorySize += size;
  },
};

function edgeCache(): EdgeCache {
  const store = (globalThis as { caches?: { default?: Cache } }).caches?.default;
  if (!store) return memoryCache;
  // A URL of our own naming: it is only ever a key, never fetched.
  const url = (key: string) => `https://history.unitly.internal/${key}`;
  return {
    async match(key) {
      const mine = await memoryCache.match(key);
      if (mine !== undefined) return mine;
      const res = await store.match(url(key));
      if (!res) return undefined;
      const value: unknown = await res.json();
      await memoryCache.put(key, value);
      return value;
    },
    async put(key, value) {
      await memoryCache.put(key, value);
      const res = new Response(JSON.stringify(value), { headers: { "Content-Type": "application/json", "Cache-Control": `public, max-age=${KEPT_SECONDS}` } });
      await store.put(url(key), res);
    },
  };
}

/** `key`'s value from the cache, else from `load` (one load per key at a time in this isolate), then kept. */
const loading = new Map<string, Promise<unknown>>();
async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const cache = edgeCache();
  const hit = await cache.match(key).catch(() => undefined);
  if (hit !== undefined) return hit as T;
  let run = loading.get(key) as Promise<T> | undefined;
  if (!run) {
    run = load().then(async (value) => {
      await cache.put(key, value).catch(() => undefined);
      return value;
    });
    loading.set(key, run);
    run.finally(() => loading.delete(key)).catch(() => undefined);
  }
  return run;
}

// ---------------------------------------------------------------------------------------
// The provider

/**
 * Until when this isolate asks the provider nothing after a failure: of its list of
 * currencies (every pair), or of one pair's series (that pair only: one slow or empty pair
 * must not take the chart away from every other).
 */
let quietUntil = 0;
const quietPairs = new Map<string, number>();

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * The first day of `range` up to `today`: the same day that many months back, or that month's
 * last day when it has no such day (1 month before Mar 31 is Feb 28, where Date's month
 * arithmetic overflows to Mar 3).
 */
export function startOf(range: HistoryRange, today: string): string {
  const months = HISTORY_RANGES[range].months;
  if (months === null) return FIRST_DAY;
  const d = new Date(`${today}T00:00:00Z`);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  const day = isoDay(target.getTime());
  return day < FIRST_DAY ? FIRST_DAY : day;
}

const currenciesKey = (today: string) => `currencies/${today}`;
/** Fewest codes a history provider's list may hold (Frankfurter quotes about 30). */
const MIN_HISTORY_CODES = 10;

async function currencies(config: Config, today: string, timeoutMs: number): Promise<string[]> {
  return cached(currenciesKey(today), async () => {
    const data = await getJson(`${config.historyBase}/currencies`, timeoutMs);
    if (typeof data !== "object" || data === null || Array.isArray(data)) throw new UpstreamError("currencies: not an object");
    const codes = Object.keys(data).filter(isCurrencyCode);
    // A list without the dollar and the euro, or with a handful of codes, is a broken answer:
    // kept for the day, it would take every pair's history away (and browsers keep that an hour).
    if (!codes.includes("USD") || !codes.includes("EUR") || codes.length < MIN_HISTORY_CODES) throw new UpstreamError(`currencies: ${codes.length} codes, without USD or EUR or too few`);
    return codes;
  });
}

/** A calendar day as YYYY-MM-DD that is one ("9999-99-99" is not). */
function isDay(date: string): boolean {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : NaN;
  return Number.isFinite(ms) && new Date(ms).toISOString().startsWith(date);
}

/** Every day's rate of the range, oldest first. */
async function series(config: Config, from: string, to: string, range: HistoryRange, today: string, timeoutMs: number): Promise<Point[]> {
  return cached(`series/${from}/${to}/${range}/${today}`, async () => {
    const q = new URLSearchParams({ base: from, symbols: to });
    const data = (await getJson(`${config.historyBase}/${startOf(range, today)}..?${q}`, timeoutMs)) as { rates?: unknown };
    const rates = data?.rates;
    if (typeof rates !== "object" || rates === null) throw new UpstreamError("series: no rates");
    const points: Point[] = [];
    for (const [date, day] of Object.entries(rates as Record<string, Record<string, unknown>>)) {
      const rate = day?.[to];
      if (isDay(date) && typeof rate === "number" && Number.isFinite(rate) && rate > 0) points.push([date, rate]);
    }
    if (points.length === 0) throw new UpstreamError("series: no rate in the range");
    return points.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  });
}

// ---------------------------------------------------------------------------------------
// The answer

/** The week (its Monday) or month a day belongs to. */
function periodOf(date: string, interval: "week" | "month"): string {
  if (interval === "month") return date.slice(0, 7);
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return isoDay(d.getTime());
}

/** One point per interval (its last day's rate), and the range's figures from every day. */
export function summarise(from: string, to: string, range: HistoryRange, days: Point[]): History {
  const interval = HISTORY_RANGES[range].interval;
  let points = days;
  if (interval !== "day") {
    points = [];
    for (const p of days) {
      if (points.length && periodOf(points[points.length - 1][0], interval) === periodOf(p[0], interval)) points[points.length - 1] = p;
      else points.push(p);
    }
  }
  const mark = ([date, rate]: Point): Mark => ({ date, rate });
  let [min, max] = [days[0], days[0]];
  for (const p of days) {
    if (p[1] < min[1]) min = p;
    if (p[1] > max[1]) max = p;
  }
  const [first, last] = [days[0], days[days.length - 1]];
  return {
    result: "success",
    base_code: from,
    target_code: to,
    range,
    interval,
    start: first[0],
    end: last[0],
    source: SOURCE,
    points,
    first: mark(first),
    last: mark(last),
    min: mark(min),
    max: mark(max),
    change: last[1] / first[1] - 1,
  };
}

/** A failure of one pair's series, apart from one of the list of currencies. */
class PairFailure extends Error {
  constructor(override readonly cause: unknown) {
    super("pair");
  }
}

/** GET /api/rates/history/{FROM}/{TO}?range=…; the codes as they came in the path (not decoded). */
export async function history(config: Config, from: string, to: string, params: URLSearchParams): Promise<Response> {
  if (!isCurrencyCode(from) || !isCurrencyCode(to)) return error(400, "unsupported-code");
  if (from === to) return error(400, "same-currency");
  const range = params.get("range") ?? DEFAULT_RANGE;
  if (!Object.hasOwn(HISTORY_RANGES, range)) return error(400, "invalid-range", { ranges: Object.keys(HISTORY_RANGES) });
  // A code of no currency is the caller's mistake, as on the rates routes; `no-history`
  // (cacheable) is for real currencies the provider has no series of.
  const unknown = unknownCodes([from, to]);
  if (unknown) return unknown;
  const pair = `${from}/${to}/${range}`;
  if (Date.now() < quietUntil || Date.now() < (quietPairs.get(pair) ?? 0)) return error(502, "history-unavailable");

  const today = isoDay(Date.now());
  const timeoutMs = Math.min(config.timeoutMs, HISTORY_DEADLINE_MS);
  const uncovered = (covered: string[]) => {
    const missing = [from, to].filter((c) => !covered.includes(c));
    // An answer, not an error (200): the pair exists, the provider has no series for it. A
    // 404 would print a network error in the visitor's console for an expected case.
    return missing.length ? json({ result: "no-history", base_code: from, target_code: to, currencies: missing }, 200, CACHE_HISTORY) : null;
  };
  try {
    // Known coverage (the usual case) answers a currency outside it without asking the
    // provider; unknown, both are asked at once, so the deadline holds for the two together.
    const known = (await edgeCache().match(currenciesKey(today)).catch(() => undefined)) as string[] | undefined;
    if (known) {
      const refused = uncovered(known);
      if (refused) return refused;
    }
    const days = series(config, from, to, range as HistoryRange, today, timeoutMs).catch((err: unknown) => {
      throw new PairFailure(err);
    });
    days.catch(() => undefined); // judged after the coverage below
    const refused = uncovered(known ?? (await currencies(config, today, timeoutMs)));
    if (refused) return refused;
    return json(summarise(from, to, range as HistoryRange, await days), 200, CACHE_HISTORY);
  } catch (failure) {
    const err = failure instanceof PairFailure ? failure.cause : failure;
    if (failure instanceof PairFailure) {
      if (quietPairs.size >= 1000) quietPairs.clear();
      quietPairs.set(pair, Date.now() + config.retryMs);
    } else quietUntil = Date.now() + config.retryMs;
    console.error(`[unitly] history: the provider failed (${err instanceof Error ? err.message : "unknown"})`);
    return error(502, "history-unavailable");
  }
}
