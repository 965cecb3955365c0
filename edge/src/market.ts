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

/** Accepts `[{"price": …}]` or `{"price": …}`; anything without a numeric price is an error. */
export function normaliseGold(data: unknown): Gold {
  const item = Array.isArray(data) ? data[0] : data;
  if (!isObject(item)) throw new NoValueError("gold: unexpected shape");
  const price = typeof item.price === "string" && item.price.trim() !== "" ? Number(item.price) : item.price;
  if (!finite(price) || price <= 0) throw new NoValueError("gold: missing or non-numeric price");
  return { price, updatedAt: isoOrNow(item.updatedAt) };
}

/** Keeps only what the banner needs from Yahoo's chart answer, after checking the price. */
export function normaliseFtse(data: unknown): FtseMeta {
  const chart = isObject(data) ? data.chart : undefined;
  const result = isObject(chart) && Array.isArray(chart.result) ? chart.result[0] : undefined;
  const meta = isObject(result) ? result.meta : undefined;
  if (!isObject(meta) || !finite(meta.regularMarketPrice) || meta.regularMarketPrice <= 0) throw new NoValueError("ftse: missing, non-numeric or non-positive regularMarketPrice");
  return {
    regularMarketPrice: meta.regularMarketPrice,
    currency: typeof meta.currency === "string" ? meta.currency : null,
    symbol: typeof meta.symbol === "string" ? meta.symbol : null,
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
