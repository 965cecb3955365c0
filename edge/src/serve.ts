// Glue between the store and a route: turns a stored answer into a JSON response, or the
// absence of any good answer into a 502 without any detail (details go to the log, redacted).
import { CACHE_STALE, error, json, upstreamUnavailable } from "./http";
import { NoDataError, read, type StoreContext, type Table } from "./store";
import { redact } from "./upstream";

export interface RouteContext extends StoreContext {
  secret: string | undefined;
}

/**
 * How long a browser may keep an answer: until the data it holds reaches its TTL, when the
 * edge itself expects newer data (sooner would only fetch the same numbers again, each
 * fetch a Workers request; later would keep older numbers than the edge has).
 */
export function cacheFor(fetchedAt: number, ttlMs: number, now = Date.now()): string {
  const seconds = Math.floor((fetchedAt + ttlMs - now) / 1000);
  return `public, max-age=${Math.min(Math.max(0, seconds), Math.floor(ttlMs / 1000))}`;
}

/**
 * `outdated`: whether a value the source still serves is too old to be called live (a rates
 * table the provider stopped updating); it is then marked stale as after a failed refresh.
 */
export async function serveStored<T>(table: Table<T>, ctx: RouteContext, render: (value: T) => unknown, outdated?: (value: T) => boolean): Promise<Response> {
  try {
    const { value, state, fetchedAt } = await read(table, ctx);
    const body = render(value);
    // A stored table that cannot answer this request (a currency with no rate) answers itself.
    if (body instanceof Response) return body;
    const headers: Record<string, string> = { "X-Unitly-Cache": state };
    if (state === "stale" || outdated?.(value) === true) headers["X-Unitly-Stale"] = "1";
    return json(body, 200, state === "stale" ? CACHE_STALE : cacheFor(fetchedAt, table.ttlMs), headers);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error(`[unitly] ${table.name}: nothing to serve: ${redact(message, ctx.secret)}`);
    // "Answered without a value" and "did not answer" read differently to a visitor.
    return err instanceof NoDataError && err.failure === "no-value" ? error(502, "no-price") : upstreamUnavailable();
  }
}
