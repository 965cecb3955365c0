// The market banner's data: the gold price and the
// FTSE 100 from the edge function, each read as a number, 'Unavailable' or 'Check later'.
//
//  - a number: the answer carried a usable price (2 decimals, US formatting);
//  - 'Unavailable': the answer carried no usable price (a 2xx without one, or the edge's
//    502 `no-price`: the upstream answered without a price);
//  - 'Check later': that fetch failed (the edge's other errors: upstream down or slow,
//    a timeout, an unreadable answer), and also when the edge answered with its last good
//    price marked `X-Unitly-Stale: 1` (its own fetch of the upstream failed): the spec's
//    states are a number, 'Unavailable' or 'Check later', and an old price shown as a
//    number would read as current for as long as the outage lasts;
//  - an overall failure, where neither request reached our own API at all (the visitor is
//    offline, or the refresh itself broke), sets both to 'Unavailable'.
// Errors are only logged (the caller passes them to console.warn).
import { formatCurrency } from './format';

export const UNAVAILABLE = 'Unavailable';
export const CHECK_LATER = 'Check later';
export const LOADING_TEXT = 'Loading live market data...';
/** How often the banner refreshes while the tab is visible. */
export const MARKET_REFRESH_MS = 5 * 60 * 1000;
/** Back online, a refresh that failed at once is tried again this much later, once. */
export const ONLINE_RETRY_MS = 5000;
/**
 * Back on a hidden tab, refresh at once unless the last refresh is younger than this (the
 * edge answers with max-age=60, so sooner would only read the same numbers again).
 */
export const RETURN_MIN_GAP_MS = 60 * 1000;
const MARKET_TIMEOUT_MS = 10_000;

/** Both values are text: a formatted price, 'Unavailable' or 'Check later'. */
export interface MarketData {
  goldPrice: string;
  ftse100: string;
}

export type MarketOutcome =
  | { kind: 'price'; price: number }
  | { kind: 'no-price' }
  | { kind: 'failed'; /** no answer from our own API at all */ network: boolean; error: unknown };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const usable = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

/** The gold proxy answers with an array whose first item has `price`. */
export function goldPriceOf(data: unknown): number | null {
  const item = Array.isArray(data) ? data[0] : undefined;
  return isObject(item) && usable(item.price) ? item.price : null;
}

/** The FTSE proxy answers in Yahoo's chart shape: chart.result[0].meta.regularMarketPrice. */
export function ftsePriceOf(data: unknown): number | null {
  const chart = isObject(data) ? data.chart : undefined;
  const result = isObject(chart) && Array.isArray(chart.result) ? chart.result[0] : undefined;
  const meta = isObject(result) ? result.meta : undefined;
  return isObject(meta) && usable(meta.regularMarketPrice) ? meta.regularMarketPrice : null;
}

export interface MarketFetchOptions {
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

/** GETs one market value and says which of the three outcomes it is. Never rejects. */
export async function fetchMarketValue(
  url: string,
  read: (data: unknown) => number | null,
  { fetchImpl = globalThis.fetch, timeoutMs = MARKET_TIMEOUT_MS }: MarketFetchOptions = {},
): Promise<MarketOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let res: Response;
  try {
    res = await fetchImpl(url, { signal: controller.signal, headers: { Accept: 'application/json' } });
  } catch (error) {
    clearTimeout(timer);
    // A timeout means our API answered nothing in time: a failed fetch, not "offline".
    return { kind: 'failed', network: !controller.signal.aborted, error };
  }
  try {
    const data: unknown = await res.json().catch(() => undefined);
    if (res.ok) {
      // The edge's last good price, served because the upstream failed: a failed fetch.
      if (res.headers.get('X-Unitly-Stale') === '1') {
        return { kind: 'failed', network: false, error: new Error(`${url}: live source unavailable (stale answer)`) };
      }
      const price = read(data);
      return price === null ? { kind: 'no-price' } : { kind: 'price', price };
    }
    if (isObject(data) && data['error-type'] === 'no-price') return { kind: 'no-price' };
    return { kind: 'failed', network: false, error: new Error(`${url}: status ${res.status}`) };
  } catch (error) {
    return { kind: 'failed', network: false, error };
  } finally {
    clearTimeout(timer);
  }
}

/** '$2,345.68': US dollars per troy ounce. */
const formatGold = (price: number): string => `$${formatCurrency(price)}`;
/** '8,123.46': index points. */
const formatFtse = (price: number): string => formatCurrency(price);

function text(outcome: MarketOutcome, format: (p: number) => string): string {
  if (outcome.kind === 'price') return format(outcome.price);
  return outcome.kind === 'no-price' ? UNAVAILABLE : CHECK_LATER;
}

/** The banner's two texts from the two outcomes; with no answer at all for either, both read 'Unavailable'. */
export function marketData(gold: MarketOutcome, ftse: MarketOutcome): MarketData {
  const offline = (o: MarketOutcome) => o.kind === 'failed' && o.network;
  if (offline(gold) && offline(ftse)) return { goldPrice: UNAVAILABLE, ftse100: UNAVAILABLE };
  return { goldPrice: text(gold, formatGold), ftse100: text(ftse, formatFtse) };
}

/** Both values, fetched in parallel, plus the errors to log. Never rejects. */
export async function loadMarketData(opts: MarketFetchOptions = {}): Promise<{ data: MarketData; errors: unknown[] }> {
  try {
    const [gold, ftse] = await Promise.all([
      fetchMarketValue('/api/gold-proxy', goldPriceOf, opts),
      fetchMarketValue('/api/ftse-proxy', ftsePriceOf, opts),
    ]);
    const errors = [gold, ftse].flatMap((o) => (o.kind === 'failed' ? [o.error] : []));
    return { data: marketData(gold, ftse), errors };
  } catch (error) {
    // Nothing could be asked at all: both read 'Unavailable'.
    return { data: { goldPrice: UNAVAILABLE, ftse100: UNAVAILABLE }, errors: [error] };
  }
}

/** One sentence for screen readers, spoken once per refresh that changed something. */
export function announcement(data: MarketData): string {
  const gold = data.goldPrice.startsWith('$') ? `${data.goldPrice} per troy ounce` : data.goldPrice;
  return `Gold ${gold}. FTSE 100 ${data.ftse100}.`;
}

/**
 * What the banner's live region says after a refresh whose announcement is `next`, `heard`
 * being the last one taken in (null before the first answer): null for nothing. The first
 * values are only shown: said, they would greet a screen reader on every page before the
 * visitor did anything. Later ones are said when they changed.
 */
export function toAnnounce(heard: string | null, next: string): string | null {
  return heard === null || heard === next ? null : next;
}

// ---------------------------------------------------------------------------------------
// When to refresh: now, every interval, never while the tab is hidden
// ---------------------------------------------------------------------------------------

export interface RefreshLoopOptions {
  /** Resolves to false when a value could not be fetched (a refresh that throws failed too). */
  refresh: () => Promise<boolean | void> | boolean | void;
  intervalMs?: number;
  minGapMs?: number;
  isHidden: () => boolean;
  now?: () => number;
}

export interface RefreshLoop {
  /** First refresh (at once, or on return if the tab starts hidden). */
  start(): void;
  /** Call on every visibilitychange. */
  visibilityChanged(): void;
  /** Call when the browser is back online (window `online`). */
  online(): void;
  stop(): void;
}

/**
 * Refreshes now and then every `intervalMs` (measured from the end of the previous
 * refresh), pauses while the tab is hidden, and on return refreshes at once if the last
 * refresh is at least `minGapMs` old (else waits out the rest of the interval). Back online
 * after a refresh that failed, refreshes at once (or right after the one under way, if that
 * fails too), and if that fails, once more `ONLINE_RETRY_MS` later: the `online` event can
 * come before the connection carries a request (a new Wi-Fi, a phone leaving a tunnel).
 * Bounded per `online`, so a flapping network never makes it loop. A refresh never
 * overlaps the previous one.
 */
export function createRefreshLoop({
  refresh,
  intervalMs = MARKET_REFRESH_MS,
  minGapMs = RETURN_MIN_GAP_MS,
  isHidden,
  now = Date.now,
}: RefreshLoopOptions): RefreshLoop {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last: number | undefined; // when the last refresh finished
  let running = false;
  let stopped = false;
  let failed = false; // the last refresh could not fetch every value
  let again = false; // back online while a refresh was under way
  let later = false; // a refresh asked by `online` may fail: one more try a little later

  const clear = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const schedule = (ms: number) => {
    clear();
    if (!stopped && !isHidden()) timer = setTimeout(run, Math.max(0, ms));
  };
  async function run(): Promise<void> {
    clear();
    if (stopped || running || isHidden()) return;
    running = true;
    try {
      failed = (await refresh()) === false;
    } catch {
      // refresh reports its own errors; the loop must keep going
      failed = true;
    } finally {
      running = false;
      last = now();
      const retry = again && failed;
      const retryLater = !retry && later && failed;
      // The one under way when `online` came failed: at once, then perhaps a little later.
      later = retry;
      again = false;
      schedule(retry ? 0 : retryLater ? ONLINE_RETRY_MS : intervalMs);
    }
  }

  return {
    start() {
      stopped = false;
      if (!isHidden()) void run();
    },
    visibilityChanged() {
      if (stopped) return;
      if (isHidden()) return clear();
      if (running) return;
      const age = last === undefined ? Infinity : now() - last;
      if (age >= minGapMs) void run();
      else schedule(intervalMs - age);
    },
    online() {
      if (stopped || isHidden()) return;
      if (running) again = true;
      else if (failed) {
        later = true;
        void run();
      }
    },
    stop() {
      stopped = true;
      clear();
    },
  };
}
