// /api/rates/latest/{BASE} and /api/rates/pair/{FROM}/{TO}/{AMOUNT}.
// Both are served from one cached "latest" table per base currency, so any number of
// visitors cost one upstream request per base per RATES_TTL_SECONDS.
import { CURRENCIES, ratesUrl, type Config, type Currency } from "./config";
import { CACHE_RATES, error, notFound } from "./http";
import { serveCached, type RouteContext } from "./serve";
import { getJson, hostOf, UpstreamError } from "./upstream";

export interface Latest {
  result: "success";
  base_code: Currency;
  time_last_update_utc: string;
  time_next_update_utc: string | null;
  conversion_rates: Record<Currency, number>;
}

const MAX_AMOUNT = 1e12;

export const isCurrency = (code: string): code is Currency => (CURRENCIES as readonly string[]).includes(code);

/** A plain decimal (optionally with exponent), finite, > 0 and not absurd; else null. */
export function parseAmount(raw: string): number | null {
  if (raw.length > 40 || !/^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 && n <= MAX_AMOUNT ? n : null;
}

function utc(unixSeconds: unknown, text: unknown): string | null {
  if (typeof text === "string" && text !== "") return text;
  if (typeof unixSeconds === "number" && Number.isFinite(unixSeconds)) return new Date(unixSeconds * 1000).toUTCString();
  return null;
}

/** Accepts the keyed v6 answer (`conversion_rates`) and the open one (`rates`). */
export function normaliseLatest(data: unknown, base: Currency): Latest {
  const d = (typeof data === "object" && data !== null ? data : {}) as Record<string, unknown>;
  if (d.result !== "success") {
    // The provider's own error type ("invalid-key", "quota-reached"…) is worth a log line.
    const type = typeof d["error-type"] === "string" ? d["error-type"].slice(0, 40) : "unknown";
    throw new UpstreamError(`result is not success (${type})`);
  }
  if (d.base_code !== undefined && d.base_code !== base) throw new UpstreamError("base_code mismatch");
  const table = (d.conversion_rates ?? d.rates) as Record<string, unknown> | undefined;
  if (typeof table !== "object" || table === null) throw new UpstreamError("no rate table");
  const rates = {} as Record<Currency, number>;
  for (const code of CURRENCIES) {
    const rate = table[code];
    if (typeof rate !== "number" || !Number.isFinite(rate) || rate <= 0) throw new UpstreamError(`bad rate for ${code}`);
    rates[code] = rate;
  }
  return {
    result: "success",
    base_code: base,
    time_last_update_utc: utc(d.time_last_update_unix, d.time_last_update_utc) ?? new Date().toUTCString(),
    time_next_update_utc: utc(d.time_next_update_unix, d.time_next_update_utc),
    conversion_rates: rates,
  };
}

function serveLatest(config: Config, ctx: RouteContext, base: Currency, render: (l: Latest) => unknown): Promise<Response> {
  const load = async () => {
    const url = ratesUrl(config, base);
    try {
      return normaliseLatest(await getJson(url, config.timeoutMs), base);
    } catch (err) {
      // hostOf() drops the path, and with it the key.
      throw new UpstreamError(`${hostOf(url)} ${base}: ${err instanceof Error ? err.message : "failed"}`);
    }
  };
  return serveCached(`rates-${base}`, config.ratesTtlMs, load, ctx, render, CACHE_RATES);
}

/** `rest` is the path after /api/rates/, split on "/" and not decoded. */
export function rates(config: Config, ctx: RouteContext, rest: string[]): Response | Promise<Response> {
  const [kind, ...args] = rest;
  if (kind === "latest") {
    if (args.length !== 1) return error(400, "malformed-request");
    const [base] = args;
    if (!isCurrency(base)) return error(400, "unsupported-code");
    return serveLatest(config, ctx, base, (l) => l);
  }
  if (kind === "pair") {
    if (args.length !== 3) return error(400, "malformed-request");
    const [from, to, rawAmount] = args;
    if (!isCurrency(from) || !isCurrency(to)) return error(400, "unsupported-code");
    const amount = parseAmount(rawAmount);
    if (amount === null) return error(400, "invalid-amount");
    return serveLatest(config, ctx, from, (l) => {
      const rate = l.conversion_rates[to];
      return {
        result: "success",
        base_code: from,
        target_code: to,
        conversion_rate: rate,
        conversion_result: Number((amount * rate).toFixed(6)),
        time_last_update_utc: l.time_last_update_utc,
        time_next_update_utc: l.time_next_update_utc,
      };
    });
  }
  return notFound();
}
