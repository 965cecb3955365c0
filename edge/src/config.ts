// Every default and every knob of the edge function, in one place.
// Configuration comes only from `env` (Workers vars/secrets; locally, `unitly serve`'s
// runner passes them from its environment). An empty string counts as "not set", so
// wrangler `vars` can list a variable with "" without overriding the default here.
import { CONFIRM_LINK_HOURS } from "./generated/site";
import { CURRENCY_CODES, LIMITS, RATES_BASE } from "./generated/units";
import type { DurableObjectNamespace, KV, RateLimiter } from "./bindings";

export interface Env {
  GOLD_UPSTREAM_URL?: string;
  FTSE_UPSTREAM_URL?: string;
  RATES_UPSTREAM_URL?: string;
  HISTORY_UPSTREAM_URL?: string;
  EXCHANGE_API_KEY?: string;
  CONTACT_WEBHOOK_URL?: string;
  SUBSCRIBE_WEBHOOK_URL?: string;
  RATES_TTL_SECONDS?: string;
  MARKET_TTL_SECONDS?: string;
  UPSTREAM_TIMEOUT_MS?: string;
  UPSTREAM_RETRY_SECONDS?: string;
  /** Tests only: "1" lets RATES_TTL_SECONDS and MARKET_TTL_SECONDS go below MIN_TTL_SECONDS. */
  UNITLY_TEST_SHORT_TTLS?: string;
  /** Workers KV (wrangler.jsonc kv_namespaces): the live data of the whole deployment. */
  LIVE_DATA?: KV;
  /** Signs form tokens and confirmation links; without it the forms answer 503. */
  FORM_SECRET?: string;
  /** Turnstile's secret key; with it, every form post must carry a passing Turnstile token. */
  TURNSTILE_SECRET?: string;
  TURNSTILE_VERIFY_URL?: string;
  /** The public origin confirmation links point at; default: the origin of the request. */
  SITE_ORIGIN?: string;
  /** Workers Rate Limiting bindings (wrangler.jsonc `ratelimits`). */
  CONTACT_LIMITER?: RateLimiter;
  SUBSCRIBE_LIMITER?: RateLimiter;
  /** The forms' "used once" marks (wrangler.jsonc `durable_objects`, class FormMarks in marks.ts). */
  FORM_MARKS?: DurableObjectNamespace;
  /** Static assets binding on Workers (wrangler.jsonc); absent elsewhere. */
  ASSETS?: { fetch(request: Request): Promise<Response> };
}

/** Every variable read from env; `unitly serve`'s runner passes these (and wrangler.jsonc's vars) from its environment. */
export const ENV_NAMES = [
  "GOLD_UPSTREAM_URL",
  "FTSE_UPSTREAM_URL",
  "RATES_UPSTREAM_URL",
  "HISTORY_UPSTREAM_URL",
  "EXCHANGE_API_KEY",
  "CONTACT_WEBHOOK_URL",
  "SUBSCRIBE_WEBHOOK_URL",
  "RATES_TTL_SECONDS",
  "MARKET_TTL_SECONDS",
  "UPSTREAM_TIMEOUT_MS",
  "UPSTREAM_RETRY_SECONDS",
  "FORM_SECRET",
  "TURNSTILE_SECRET",
  "TURNSTILE_VERIFY_URL",
  "SITE_ORIGIN",
  "UNITLY_TEST_SHORT_TTLS",
] as const;

/**
 * The shortest RATES_TTL_SECONDS and MARKET_TTL_SECONDS a deployment gets: a shorter one
 * counts as this. At 0 every visitor's request would call the provider (ExchangeRate-API's
 * free plan is 1,500 calls a month). Tests set UNITLY_TEST_SHORT_TTLS=1 to go below it.
 */
export const MIN_TTL_SECONDS = 60;

export const DEFAULTS = {
  goldUrl: "https://api.gold-api.com/price/XAU",
  ftseUrl: "https://query1.finance.yahoo.com/v8/finance/chart/%5EFTSE?interval=1d&range=1d",
  // v6 API: {base}/{key}/latest/{BASE}
  ratesKeyedBase: "https://v6.exchangerate-api.com/v6",
  // Same provider family, no key: {base}/latest/{BASE}, answers `rates` not `conversion_rates`
  ratesOpenBase: "https://open.er-api.com/v6",
  // Frankfurter's v1 API (European Central Bank reference rates, about 30 currencies, back
  // to 1999, no key; self-hostable): {base}/currencies and {base}/{start}..?base=&symbols=
  historyBase: "https://api.frankfurter.dev/v1",
  ratesTtlSeconds: 3600,
  marketTtlSeconds: 300,
  upstreamTimeoutMs: 5000,
  // After a failed refresh: wait 60 s, doubling while it keeps failing, up to 15 minutes.
  upstreamRetrySeconds: 60,
  turnstileVerifyUrl: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
};

/**
 * The featured currencies (content/units.yaml, with offline fallback rates): expected in
 * every rate table. The rates routes accept every currency the provider's table quotes.
 */
export const FEATURED_CURRENCIES: readonly string[] = CURRENCY_CODES;

/** Field lengths in characters (UTF-16 code units, as the form counts them): content/units.yaml `limits`. */
export const FORM_LIMITS = {
  name: LIMITS.nameChars,
  email: LIMITS.emailChars,
  message: LIMITS.messageChars,
  /**
   * The largest body read: every field at its limit in 3-byte UTF-8 characters (a code unit
   * is at most 3 bytes; JSON escapes of allowed characters are 2), plus room for the keys,
   * the subject, the form token and a Turnstile token.
   */
  bodyBytes: 3 * (LIMITS.nameChars + LIMITS.emailChars + LIMITS.messageChars) + 4096,
};

/**
 * Abuse limits of the form routes. The per-minute limits are also written in
 * wrangler.jsonc's `ratelimits` (the binding takes its limit from there; a test keeps the
 * two in step); the numbers here are what runtimes without the binding use.
 */
export const FORM_GUARD = {
  contactPerMinute: 5,
  subscribePerMinute: 3,
  /** A person needs more than this to fill a form; a script posting at once does not. */
  tokenMinAgeMs: 3_000,
  tokenMaxAgeMs: 2 * 3600_000,
  confirmLinkTtlMs: CONFIRM_LINK_HOURS * 3600_000,
  /** The same address asking again within this sends no second confirmation request. */
  resendAfterMs: 24 * 3600_000,
  retryAfterSeconds: 60,
};

export interface Config {
  goldUrl: string;
  ftseUrl: string;
  ratesBase: string;
  historyBase: string;
  apiKey: string | undefined;
  contactWebhook: string | undefined;
  subscribeWebhook: string | undefined;
  formSecret: string | undefined;
  turnstileSecret: string | undefined;
  turnstileVerifyUrl: string;
  siteOrigin: string | undefined;
  ratesTtlMs: number;
  marketTtlMs: number;
  timeoutMs: number;
  retryMs: number;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

// Fractions are allowed on purpose: tests use TTLs well under a second (UNITLY_TEST_SHORT_TTLS).
function number(value: unknown, fallback: number, min: number, max: number): number {
  const s = text(value);
  const n = s === undefined ? NaN : Number(s);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
}

/** An http(s) origin without a trailing slash, or undefined. */
function origin(value: unknown): string | undefined {
  const s = text(value);
  if (!s) return undefined;
  try {
    const u = new URL(s);
    return u.protocol === "https:" || u.protocol === "http:" ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

export function readConfig(env: Env): Config {
  const apiKey = text(env.EXCHANGE_API_KEY);
  const ratesBase = text(env.RATES_UPSTREAM_URL) ?? (apiKey ? DEFAULTS.ratesKeyedBase : DEFAULTS.ratesOpenBase);
  const minTtl = text(env.UNITLY_TEST_SHORT_TTLS) === "1" ? 0 : MIN_TTL_SECONDS;
  return {
    goldUrl: text(env.GOLD_UPSTREAM_URL) ?? DEFAULTS.goldUrl,
    ftseUrl: text(env.FTSE_UPSTREAM_URL) ?? DEFAULTS.ftseUrl,
    ratesBase: ratesBase.replace(/\/+$/, ""),
    historyBase: (text(env.HISTORY_UPSTREAM_URL) ?? DEFAULTS.historyBase).replace(/\/+$/, ""),
    apiKey,
    contactWebhook: text(env.CONTACT_WEBHOOK_URL),
    subscribeWebhook: text(env.SUBSCRIBE_WEBHOOK_URL),
    formSecret: text(env.FORM_SECRET),
    turnstileSecret: text(env.TURNSTILE_SECRET),
    turnstileVerifyUrl: text(env.TURNSTILE_VERIFY_URL) ?? DEFAULTS.turnstileVerifyUrl,
    siteOrigin: origin(env.SITE_ORIGIN),
    ratesTtlMs: number(env.RATES_TTL_SECONDS, DEFAULTS.ratesTtlSeconds, minTtl, 86400) * 1000,
    marketTtlMs: number(env.MARKET_TTL_SECONDS, DEFAULTS.marketTtlSeconds, minTtl, 86400) * 1000,
    timeoutMs: number(env.UPSTREAM_TIMEOUT_MS, DEFAULTS.upstreamTimeoutMs, 1, 60000),
    retryMs: number(env.UPSTREAM_RETRY_SECONDS, DEFAULTS.upstreamRetrySeconds, 0, 3600) * 1000,
  };
}

/**
 * The URL of the latest RATES_BASE table, the only table ever fetched (every base and pair is
 * computed from it); it holds the key when there is one.
 */
export function ratesUrl(config: Config): string {
  return config.apiKey
    ? `${config.ratesBase}/${encodeURIComponent(config.apiKey)}/latest/${RATES_BASE}`
    : `${config.ratesBase}/latest/${RATES_BASE}`;
}

/**
 * The Cron Trigger schedule that refreshes data with this TTL: whole hours as
 * "0 *\/H * * *" ("0 * * * *" for one), else every N minutes ("*\/5 * * * *").
 * wrangler.jsonc declares the one of the shortest default TTL (a test checks they agree),
 * and the scheduled handler logs a schedule that is not this one.
 */
/** How often cronFor(ttlMs)'s schedule runs, in ms. */
export function cronPeriodMs(ttlMs: number): number {
  const minutes = Math.max(1, Math.round(ttlMs / 60000));
  return (minutes % 60 === 0 && minutes <= 24 * 60 ? minutes : Math.min(minutes, 59)) * 60000;
}

export function cronFor(ttlMs: number): string {
  const minutes = Math.max(1, Math.round(ttlMs / 60000));
  if (minutes % 60 === 0 && minutes <= 24 * 60) {
    const hours = minutes / 60;
    return hours === 1 ? "0 * * * *" : `0 */${hours} * * *`;
  }
  return minutes === 1 ? "* * * * *" : `*/${Math.min(minutes, 59)} * * * *`;
}
