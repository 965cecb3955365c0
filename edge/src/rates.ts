// /api/rates/latest/{BASE} and /api/rates/pair/{FROM}/{TO}/{AMOUNT}.
// Only the RATES_BASE (USD) table is ever fetched (one upstream request per refresh for the whole
// deployment, see store.ts); every base and pair is computed from it in full double
// precision: rate(FROM -> TO) = usd[TO] / usd[FROM]. Every currency the table quotes
// (about 160) converts; the featured ones (content/units.yaml, with offline fallback
// rates) are expected in it: one the provider stops quoting answers 502 "no-rate", so the
// card falls back offline for it alone, instead of failing the refresh for every currency.
import { FEATURED_CURRENCIES, ratesUrl, type Config } from "./config";
import { error, notFound } from "./http";
import { serveStored, type RouteContext } from "./serve";
import type { Table } from "./store";
import { getJson, hostOf, UpstreamError } from "./upstream";
import { CURRENCY_CATALOG_CODES, LIMITS, RATES_BASE } from "./generated/units";
import { outdatedRate } from "../../islands/src/lib/rateAge.ts";

/** What is stored: units of each currency per 1 USD, and the provider's update times. */
export interface UsdTable {
  time_last_update_utc: string;
  time_next_update_utc: string | null;
  /** Every currency the provider quoted, by its ISO 4217 code. */
  usd: Record<string, number>;
}

export interface Latest {
  result: "success";
  base_code: string;
  time_last_update_utc: string;
  time_next_update_utc: string | null;
  conversion_rates: Record<string, number>;
}

/** A currency code as ISO 4217 writes them: three capital letters. Anything else is refused before any lookup. */
export const isCurrencyCode = (code: string) => /^[A-Z]{3}$/.test(code);
const isFeatured = (code: string) => (FEATURED_CURRENCIES as readonly string[]).includes(code);
const CATALOG = new Set(CURRENCY_CATALOG_CODES.split(" "));
/** More codes than this in one answer is not a currency table (ISO 4217 has about 180). */
const MAX_CODES = 400;
/**
 * Units per 1 USD that a currency can plausibly be worth: the dearest (KWD, 0.3) and the
 * cheapest (IRR, VES: about 1e6 at worst) sit well inside; 0, 1e-300 or 1e300 is a broken
 * feed, and its cross rates would overflow to Infinity or underflow to 0.
 */
export const PLAUSIBLE_PER_USD = { min: 1e-6, max: 1e7 } as const;
const plausible = (rate: unknown): rate is number =>
  typeof rate === "number" && Number.isFinite(rate) && rate >= PLAUSIBLE_PER_USD.min && rate <= PLAUSIBLE_PER_USD.max;
/** A rate a visitor may be answered with: finite and positive (a stored table may predate the bounds). */
const usable = (rate: number) => Number.isFinite(rate) && rate > 0;

/**
 * How old a table may be and still be called live (islands/src/lib/rateAge.ts, the rule the
 * browser checks too): an older table (a provider that keeps answering `success` with the
 * same rates, as the keyless endpoint and a lapsed plan do) is marked stale
 * (X-Unitly-Stale), never live.
 */
export { RATES_MAX_AGE_MS } from "../../islands/src/lib/rateAge.ts";

/** Whether `t` was published longer than RATES_MAX_AGE_MS before `now` (a time that does not parse is not judged). */
export function outdated(t: UsdTable, now = Date.now()): boolean {
  return outdatedRate(Date.parse(t.time_last_update_utc), now);
}

/** A plain decimal (optionally with exponent), finite, > 0 and not absurd; else null. */
export function parseAmount(raw: string): number | null {
  if (raw.length > 40 || !/^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 && n <= LIMITS.maxAmount ? n : null;
}

/** How far ahead of the clock a provider's update time may be (clocks differ a little). */
const CLOCK_SLACK_MS = 24 * 3600 * 1000;

/**
 * A provider's time, as the UTC string every answer carries: `undefined` when the provider
 * gives none, `null` when what it gives is no time or one not yet come (a broken field must
 * not make a table live forever, nor pass through its text: up to 1 MB of it was served).
 */
function utc(unixSeconds: unknown, text: unknown, now: number): string | null | undefined {
  let ms: number;
  if (typeof text === "string" && text !== "") ms = text.length <= 64 ? Date.parse(text) : NaN;
  else if (typeof unixSeconds === "number") ms = unixSeconds * 1000;
  else return undefined;
  return Number.isFinite(ms) && ms > 0 && ms <= now + CLOCK_SLACK_MS ? new Date(ms).toUTCString() : null;
}

/**
 * Checks the provider's USD answer (the keyed v6 `conversion_rates` or the open `rates`).
 * Anything but a good table throws: `result` other than "success" (e.g. "quota-reached"
 * with HTTP 200), another base, a featured currency's rate that is there but not a number
 * within PLAUSIBLE_PER_USD, more than MAX_CODES codes, no rate for any featured
 * currency, or an update time that is none or still to come. A key that is not a currency code is left out; a featured currency the provider
 * does not quote, and any other currency whose rate is bad (0, negative, text, absurd), is
 * left out and logged, so one currency's gap does not take every currency offline.
 */
export function normaliseUsd(data: unknown, now = Date.now()): UsdTable {
  const d = (typeof data === "object" && data !== null ? data : {}) as Record<string, unknown>;
  if (d.result !== "success") {
    // The provider's own error type ("invalid-key", "quota-reached"…) is worth a log line.
    const type = typeof d["error-type"] === "string" ? d["error-type"].slice(0, 40) : "unknown";
    throw new UpstreamError(`result is not success (${type})`);
  }
  if (d.base_code !== undefined && d.base_code !== RATES_BASE) throw new UpstreamError(`base_code is not ${RATES_BASE}`);
  const table = (d.conversion_rates ?? d.rates) as Record<string, unknown> | undefined;
  if (typeof table !== "object" || table === null) throw new UpstreamError("no rate table");
  const entries = Object.entries(table);
  if (entries.length > MAX_CODES) throw new UpstreamError(`${entries.length} codes, more than any currency table`);
  const usd: Record<string, number> = {};
  const bad: string[] = [];
  for (const [code, rate] of entries) {
    if (!isCurrencyCode(code) || rate === undefined || rate === null) continue;
    if (plausible(rate)) usd[code] = rate;
    else if (isFeatured(code) || code === RATES_BASE) throw new UpstreamError(`bad rate for ${code}`);
    else bad.push(code);
  }
  if (bad.length > 0) console.warn(`[unitly] rates: the provider's rate for ${bad.slice(0, 20).join(", ")} is not a plausible number; left out, those codes do not convert`);
  if (usd[RATES_BASE] !== 1) throw new UpstreamError(`${RATES_BASE} is not 1 in its own table`);
  const unquoted = FEATURED_CURRENCIES.filter((code) => usd[code] === undefined);
  if (unquoted.length === FEATURED_CURRENCIES.length - 1) throw new UpstreamError("no rate for any featured currency");
  if (unquoted.length > 0) console.warn(`[unitly] rates: the provider quotes no rate for ${unquoted.join(", ")}; those convert offline only`);
  const time = utc(d.time_last_update_unix, d.time_last_update_utc, now);
  if (time === null) throw new UpstreamError("the table's update time is no time, or one still to come");
  // The next update is after now: only its form is checked.
  const next = utc(d.time_next_update_unix, d.time_next_update_utc, Infinity);
  return { time_last_update_utc: time ?? new Date(now).toUTCString(), time_next_update_utc: next ?? null, usd };
}

/**
 * Units of `to` per 1 `from`, or null when the provider quotes either currency no rate or
 * the ratio is not finite and positive (a table stored before the plausibility bounds).
 */
export function crossRate(t: UsdTable, from: string, to: string): number | null {
  const [f, d] = [t.usd[from], t.usd[to]];
  if (f === undefined || d === undefined) return null;
  if (from === to) return 1;
  const rate = d / f;
  return usable(rate) ? rate : null;
}

/** The table rebased on `base`, as the provider's latest/{BASE} would answer; null when `base` has no rate. */
export function rebase(t: UsdTable, base: string): Latest | null {
  if (t.usd[base] === undefined || !usable(t.usd[base])) return null;
  const rates: Record<string, number> = {};
  for (const code of Object.keys(t.usd)) {
    // A ratio that is no usable number is left out, as an unquoted currency is: never null or 0.
    const rate = crossRate(t, base, code);
    if (rate !== null) rates[code] = rate;
  }
  return {
    result: "success",
    base_code: base,
    time_last_update_utc: t.time_last_update_utc,
    time_next_update_utc: t.time_next_update_utc,
    conversion_rates: rates,
  };
}

/**
 * The answer for codes the table does not quote: a featured currency the provider stopped
 * quoting is ours to fall back on (502 no-rate), any other code is not a currency we know,
 * named in `currencies` so the card can say which of the pair it is.
 */
function unquoted(...codes: string[]): Response {
  const unknown = codes.filter((c) => !isFeatured(c) && c !== RATES_BASE);
  return unknown.length === 0 ? error(502, "no-rate") : error(400, "unsupported-code", { currencies: unknown });
}

/**
 * With no table to look in (an outage before any good answer), a code that is neither in the
 * ISO 4217 catalog nor featured is still known to be no currency: a 400 naming it, as with a
 * table, rather than the outage's 502.
 */
async function orUnknownCode(answer: Promise<Response>, codes: string[]): Promise<Response> {
  const response = await answer;
  if (response.status !== 502) return response;
  return unknownCodes(codes) ?? response;
}

/** 400 `unsupported-code` naming the codes that are neither in the ISO 4217 catalog nor featured; null when all are currencies. */
export function unknownCodes(codes: string[]): Response | null {
  const unknown = codes.filter((c) => !CATALOG.has(c) && !isFeatured(c));
  return unknown.length === 0 ? null : error(400, "unsupported-code", { currencies: unknown });
}

export function ratesTable(config: Config): Table<UsdTable> {
  return {
    name: "rates",
    ttlMs: config.ratesTtlMs,
    retryMs: config.retryMs,
    timeoutMs: config.timeoutMs,
    async load() {
      const url = ratesUrl(config);
      try {
        return normaliseUsd(await getJson(url, config.timeoutMs));
      } catch (err) {
        // hostOf() drops the path, and with it the key.
        throw new UpstreamError(`${hostOf(url)} ${RATES_BASE}: ${err instanceof Error ? err.message : "failed"}`);
      }
    },
  };
}

/** `rest` is the path after /api/rates/, split on "/" and not decoded. */
export function rates(config: Config, ctx: RouteContext, rest: string[]): Response | Promise<Response> {
  const [kind, ...args] = rest;
  if (kind === "latest") {
    if (args.length !== 1) return error(400, "malformed-request");
    const [base] = args;
    if (!isCurrencyCode(base)) return error(400, "unsupported-code");
    return orUnknownCode(serveStored(ratesTable(config), ctx, (t) => rebase(t, base) ?? unquoted(base), (t) => outdated(t)), [base]);
  }
  if (kind === "pair") {
    if (args.length !== 3) return error(400, "malformed-request");
    const [from, to, rawAmount] = args;
    if (!isCurrencyCode(from) || !isCurrencyCode(to)) return error(400, "unsupported-code");
    const amount = parseAmount(rawAmount);
    if (amount === null) return error(400, "invalid-amount");
    const answer = serveStored(ratesTable(config), ctx, (t) => {
      const rate = crossRate(t, from, to);
      // Both quoted but no usable ratio (or a result past a double): no-rate, as for a featured gap.
      if (rate === null || !usable(amount * rate)) return unquoted(...[from, to].filter((c) => t.usd[c] === undefined));
      return {
        result: "success",
        base_code: from,
        target_code: to,
        conversion_rate: rate,
        conversion_result: amount * rate,
        time_last_update_utc: t.time_last_update_utc,
        time_next_update_utc: t.time_next_update_utc,
      };
    }, (t) => outdated(t));
    return orUnknownCode(answer, [from, to]);
  }
  return notFound();
}
