// Glue between the cache and a route: turns a cached value into a JSON answer, or the
// upstream failure into a 502 without any detail (details go to the log, redacted).
import { cached, type CacheContext } from "./cache";
import { CACHE_STALE, error, json, upstreamUnavailable } from "./http";
import { NoValueError, redact } from "./upstream";

export interface RouteContext extends CacheContext {
  secret: string | undefined;
}

export async function serveCached<T>(
  key: string,
  ttlMs: number,
  load: () => Promise<T>,
  ctx: RouteContext,
  render: (value: T) => unknown,
  cacheControl: string,
): Promise<Response> {
  try {
    const { value, state } = await cached(key, ttlMs, load, ctx);
    const headers: Record<string, string> = { "X-Unitly-Cache": state };
    if (state === "stale") headers["X-Unitly-Stale"] = "1";
    return json(render(value), 200, state === "stale" ? CACHE_STALE : cacheControl, headers);
  } catch (err) {
    console.error(`[unitly] ${key}: upstream unavailable: ${redact(String(err instanceof Error ? err.message : err), ctx.secret)}`);
    // "Answered without a value" and "did not answer" read differently to a visitor.
    return err instanceof NoValueError ? error(502, "no-price") : upstreamUnavailable();
  }
}
