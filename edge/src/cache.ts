// Cache of successful upstream answers, in two layers:
//  1. a Map per isolate (also the only layer in plain Node), and
//  2. the Workers Cache API (caches.default) when it exists, so a fresh isolate in the
//     same data centre does not go back to the upstream.
// Freshness is decided by our own timestamp, not by the Cache API's expiry: entries are
// kept for a week so an expired answer can still be served (marked stale) when the
// upstream is down. Concurrent misses for one key share one in-flight upstream request.

export type CacheState = "hit" | "miss" | "stale";

export interface Cached<T> {
  value: T;
  state: CacheState;
}

interface Entry {
  value: unknown;
  storedAt: number;
}

export interface CacheContext {
  /** Origin of the incoming request: Cache API keys must live on the zone's own host. */
  origin: string;
  waitUntil(promise: Promise<unknown>): void;
  /** Upper bound for one upstream round; waiters give up after it plus a margin. */
  timeoutMs: number;
}

const KEEP_SECONDS = 7 * 24 * 3600;
const STORED_AT = "X-Unitly-Stored-At";

// Keys are a closed set (gold, ftse, one per supported currency), so the Map stays small.
const memory = new Map<string, Entry>();
const inflight = new Map<string, Promise<Cached<unknown>>>();

function cacheApi(): Cache | undefined {
  // `caches.default` is Workers-only; Node (the dev server) has no `caches` global at all.
  const c = (globalThis as { caches?: { default?: Cache } }).caches;
  return c?.default;
}

const cacheKey = (ctx: CacheContext, key: string) => `${ctx.origin}/__unitly-cache/${key}`;

async function readPersisted(ctx: CacheContext, key: string): Promise<Entry | undefined> {
  const cache = cacheApi();
  if (!cache) return undefined;
  try {
    const res = await cache.match(cacheKey(ctx, key));
    if (!res) return undefined;
    const storedAt = Number(res.headers.get(STORED_AT));
    const value = await res.json();
    return Number.isFinite(storedAt) ? { value, storedAt } : undefined;
  } catch {
    return undefined; // a broken cache must never break the answer
  }
}

function persist(ctx: CacheContext, key: string, entry: Entry): void {
  const cache = cacheApi();
  if (!cache) return;
  const res = new Response(JSON.stringify(entry.value), {
    headers: {
      "Content-Type": "application/json",
      "Cache-Control": `max-age=${KEEP_SECONDS}`,
      [STORED_AT]: String(entry.storedAt),
    },
  });
  ctx.waitUntil(cache.put(cacheKey(ctx, key), res).catch(() => undefined));
}

const newest = (a?: Entry, b?: Entry) => (!a ? b : !b ? a : a.storedAt >= b.storedAt ? a : b);

async function refresh<T>(key: string, ttlMs: number, load: () => Promise<T>, ctx: CacheContext): Promise<Cached<T>> {
  const persisted = await readPersisted(ctx, key);
  if (persisted && Date.now() - persisted.storedAt < ttlMs) {
    memory.set(key, newest(memory.get(key), persisted)!);
    return { value: persisted.value as T, state: "hit" };
  }
  try {
    const value = await load();
    const entry = { value, storedAt: Date.now() };
    memory.set(key, entry);
    persist(ctx, key, entry);
    return { value, state: "miss" };
  } catch (err) {
    const stale = newest(memory.get(key), persisted);
    if (stale) return { value: stale.value as T, state: "stale" };
    throw err;
  }
}

function deadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("waited too long for a shared upstream request")), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

/**
 * The cached value for `key` if younger than `ttlMs`, else `load()`'s result (which is
 * cached only when it resolves). If `load()` fails, the last good value is served with
 * state "stale"; with none, the error propagates.
 */
export async function cached<T>(key: string, ttlMs: number, load: () => Promise<T>, ctx: CacheContext): Promise<Cached<T>> {
  const hit = memory.get(key);
  if (hit && Date.now() - hit.storedAt < ttlMs) return { value: hit.value as T, state: "hit" };

  let shared = inflight.get(key) as Promise<Cached<T>> | undefined;
  if (!shared) {
    shared = refresh(key, ttlMs, load, ctx).finally(() => inflight.delete(key));
    inflight.set(key, shared);
  }
  try {
    // On Workers the shared promise belongs to the request that started it; if that
    // request is cancelled, its promise may never settle. Our own deadline bounds the wait.
    return await deadline(shared, ctx.timeoutMs + 1000);
  } catch (err) {
    const stale = memory.get(key);
    if (stale) return { value: stale.value as T, state: "stale" };
    throw err;
  }
}
