// A currency pair's history for the chart under the currency card: the edge's
// /api/rates/history/{FROM}/{TO}?range=… (European Central Bank reference rates), read
// defensively, and the geometry of its line. Part of the chart's chunk, fetched only when
// the chart's place is on the screen.

/** The ranges the edge serves (ui/RateHistory.tsx names them on its buttons). */
export type RangeKey = '1M' | '1Y' | '5Y' | 'max';

/** Never a spinner forever: the edge answers within 4.5 s, this allows for a slow network. */
export const HISTORY_TIMEOUT_MS = 8000;

export interface DatedRate {
  date: string;
  rate: number;
}

export interface History {
  from: string;
  to: string;
  range: RangeKey;
  /** What a point is: one working day, the week's last rate, or the month's last. */
  interval: 'day' | 'week' | 'month';
  source: string;
  /** Oldest first: units of `to` per 1 `from`. */
  points: DatedRate[];
  first: DatedRate;
  last: DatedRate;
  min: DatedRate;
  max: DatedRate;
  /** last / first - 1, over every day of the range. */
  change: number;
}

export type HistoryAnswer =
  | { kind: 'history'; history: History }
  /** The provider does not cover these currencies (the ECB's list is about 30). */
  | { kind: 'none'; currencies: string[] }
  | { kind: 'unavailable' };

const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
const isRate = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;
const dated = (v: unknown): DatedRate | null => {
  const o = v as { date?: unknown; rate?: unknown } | null;
  return o !== null && typeof o === 'object' && isDate(o.date) && isRate(o.rate) ? { date: o.date, rate: o.rate } : null;
};

/** The edge's answer as a History, or null when it is not one (never a half-drawn chart). */
export function readHistory(body: unknown, from: string, to: string, range: RangeKey): History | null {
  const b = body as Record<string, unknown> | null;
  if (b === null || typeof b !== 'object' || b.result !== 'success' || !Array.isArray(b.points)) return null;
  const points: DatedRate[] = [];
  for (const p of b.points as unknown[]) {
    if (!Array.isArray(p) || !isDate(p[0]) || !isRate(p[1])) return null;
    points.push({ date: p[0], rate: p[1] });
  }
  const [first, last, min, max] = [b.first, b.last, b.min, b.max].map(dated);
  const interval = b.interval === 'week' || b.interval === 'month' ? b.interval : 'day';
  if (points.length < 2 || !first || !last || !min || !max || typeof b.change !== 'number' || !Number.isFinite(b.change)) return null;
  const source = typeof b.source === 'string' ? b.source : 'reference rates';
  return { from, to, range, interval, source, points, first, last, min, max, change: b.change };
}

/** Asks the edge for a pair's history; every failure is an answer the chart can say. */
export async function fetchHistory(from: string, to: string, range: RangeKey, signal?: AbortSignal): Promise<HistoryAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), HISTORY_TIMEOUT_MS);
  const stop = (): void => controller.abort();
  signal?.addEventListener('abort', stop);
  let res: Response;
  let body: unknown;
  try {
    res = await fetch(`/api/rates/history/${from}/${to}?range=${range}`, { signal: controller.signal });
    body = await res.json();
  } catch (err) {
    if (signal?.aborted) throw err;
    return { kind: 'unavailable' };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
  const b = body as { result?: unknown; currencies?: unknown } | null;
  if (res.ok && b?.result === 'no-history') {
    const named = Array.isArray(b.currencies) ? b.currencies.filter((c): c is string => typeof c === 'string' && /^[A-Z]{3}$/.test(c)) : [];
    return { kind: 'none', currencies: named.length > 0 ? named : [from, to] };
  }
  const history = res.ok ? readHistory(body, from, to, range) : null;
  return history === null ? { kind: 'unavailable' } : { kind: 'history', history };
}

/** Where each point sits in a `width` × `height` box, dates to x, rates to y (higher up). */
export function plot(points: readonly DatedRate[], width: number, height: number): { x: number; y: number }[] {
  const times = points.map((p) => Date.parse(`${p.date}T00:00:00Z`));
  const [t0, t1] = [times[0], times[times.length - 1]];
  const rates = points.map((p) => p.rate);
  const [lo, hi] = [Math.min(...rates), Math.max(...rates)];
  // A flat line (a pegged currency) sits in the middle rather than dividing by zero.
  const y = (r: number): number => (hi === lo ? height / 2 : height - ((r - lo) / (hi - lo)) * height);
  return points.map((p, i) => ({ x: t1 === t0 ? 0 : ((times[i] - t0) / (t1 - t0)) * width, y: y(p.rate) }));
}

/** The SVG path of a line through the points. */
export function linePath(xy: readonly { x: number; y: number }[]): string {
  return xy.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join('');
}

/** "+2.41%", "−0.37%", "0.00%": the change over the range, signed. */
export function formatChange(change: number): string {
  const text = Math.abs(change * 100).toFixed(2);
  return text === '0.00' ? '0.00%' : `${change > 0 ? '+' : '−'}${text}%`;
}

// "Nov 24, 2025": the chart's days, as the card and the box write a reference rate's.
export { formatDay } from './format.ts';
