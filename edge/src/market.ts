// /api/gold-proxy and /api/ftse-proxy: the market banner's two numbers.
import type { Config } from "./config";
import { serveStored, type RouteContext } from "./serve";
import type { Table } from "./store";
import { getJson, hostOf, NoValueError, UpstreamError } from "./upstream";

export interface Gold {
  price: number;
  updatedAt: string;
}

export interface FtseMeta {
  regularMarketPrice: number;
  currency: string | null;
  symbol: string | null;
  regularMarketTime: number | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

function isoOrNow(value: unknown): string {
  const t = typeof value === "string" || typeof value === "number" ? Date.parse(String(value)) : NaN;
  return new Date(Number.isFinite(t) ? t : Date.now()).toISOString();
}

/**
 * Prices a working feed can give: gold in US dollars a troy ounce, the FTSE 100 in points.
 * Both have stayed within a few thousand for decades; 1e308 or 0.001 is a broken feed.
 */
export const PLAUSIBLE = { gold: { min: 100, max: 1_000_000 }, ftse: { min: 100, max: 1_000_000 } } as const;
const within = (price: number, { min, max }: { min: number; max: number }) => price >= min && price <= max;

/** A decimal as a price is written ("2345.67"), not hex, exponents or spaces ("0x10" read as 16). */
const decimal = (text: string): number => (/^\d{1,9}(\.\d{1,8})?$/.test(text.trim()) ? Number(text.trim()) : NaN);

/** A short code-like string from the upstream ("GBp", "^FTSE"), else null: nothing long passes through. */
const shortCode = (v: unknown): string | null => (typeof v === "string" && /^[\w^.=-]{1,16}$/.test(v) ? v : null);

/** Accepts `[{"price": …}]` or `{"price": …}`; anything without a numeric price is an error. */
export function normaliseGold(data: unknown): Gold {
  const item = Array.isArray(data) ? data[0] : data;
  if (!isObject(item)) throw new NoValueError("gold: unexpected shape");
  const price = typeof item.price === "string" ? decimal(item.price) : item.price;
  if (!finite(price) || price <= 0) throw new NoValueError("gold: missing or non-numeric price");
  if (!within(price, PLAUSIBLE.gold)) throw new NoValueError(`gold: ${price} is no price of gold`);
  return { price, updatedAt: isoOrNow(item.updatedAt) };
}

/** Keeps only what the banner needs from Yahoo's chart answer, after checking the price. */
export function normaliseFtse(data: unknown): FtseMeta {
  const chart = isObject(data) ? data.chart : undefined;
  const result = isObject(chart) && Array.isArray(chart.result) ? chart.result[0] : undefined;
  const meta = isObject(result) ? result.meta : undefined;
  if (!isObject(meta) || !finite(meta.regularMarketPrice) || meta.regularMarketPrice <= 0) throw new NoValueError("ftse: missing, non-numeric or non-positive regularMarketPrice");
  if (!within(meta.regularMarketPrice, PLAUSIBLE.ftse)) throw new NoValueError(`ftse: ${meta.regularMarketPrice} is no level of the index`);
  return {
    regularMarketPrice: meta.regularMarketPrice,
    currency: shortCode(meta.currency),
    symbol: shortCode(meta.symbol),
    regularMarketTime: finite(meta.regularMarketTime) ? meta.regularMarketTime : null,
  };
}

function quote<T>(name: "gold" | "ftse", url: string, config: Config, normalise: (d: unknown) => T): Table<T> {
  return {
    name,
    ttlMs: config.marketTtlMs,
    retryMs: config.retryMs,
    timeoutMs: config.timeoutMs,
    async load() {
      try {
        return normalise(await getJson(url, config.timeoutMs));
      } catch (err) {
        const Kind = err instanceof NoValueError ? NoValueError : UpstreamError;
        throw new Kind(`${hostOf(url)}: ${err instanceof Error ? err.message : "failed"}`);
      }
    },
  };
}

export const goldTable = (config: Config) => quote("gold", config.goldUrl, config, normaliseGold);
export const ftseTable = (config: Config) => quote("ftse", config.ftseUrl, config, normaliseFtse);

export function gold(config: Config, ctx: RouteContext): Promise<Response> {
  return serveStored(goldTable(config), ctx, (g: Gold) => [g]);
}

export function ftse(config: Config, ctx: RouteContext): Promise<Response> {
  return serveStored(ftseTable(config), ctx, (meta: FtseMeta) => ({ chart: { result: [{ meta }], error: null } }));
}
