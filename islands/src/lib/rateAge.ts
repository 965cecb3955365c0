// How old exchange rates may be and still be called live: one rule for both sides. The
// edge function (edge/src/rates.ts) marks an older table stale even when the provider
// answered; the browser (rates.ts) checks again, against a cached answer or an older edge.
// No imports, so the edge can read it as it reads formRules.ts.

/**
 * A day, as the currency FAQ promises ("may be up to a day old": the provider's free plans
 * publish daily), plus the hour the edge waits between checks (RATES_TTL_SECONDS) and an
 * hour for the provider's publishing.
 */
export const RATES_MAX_AGE_MS = 26 * 3600_000;

/** Whether rates published at `time` (ms) are older than RATES_MAX_AGE_MS at `now`; a time that does not parse (NaN) is not judged. */
export const outdatedRate = (time: number, now: number = Date.now()): boolean => Number.isFinite(time) && now - time > RATES_MAX_AGE_MS;
