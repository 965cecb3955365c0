// The parts of the Workers bindings this function uses, as types only: config.ts names
// them in Env, and the modules that use a binding (store.ts, guard.ts) take them from here,
// so no module needs another's types just to describe a binding.

/**
 * A Workers KV namespace (wrangler.jsonc `kv_namespaces`), the calls made on it. One
 * interface for every KV binding, whatever reads or writes it.
 */
export interface KV {
  get(key: string): Promise<string | null>;
  get(key: string, type: "json"): Promise<unknown>;
  put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void>;
}

/** The Workers Rate Limiting binding (wrangler.jsonc `ratelimits`). */
export interface RateLimiter {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/** A Durable Object namespace (wrangler.jsonc `durable_objects`): a stub per named object. */
export interface DurableObjectNamespace {
  idFromName(name: string): unknown;
  get(id: unknown): { fetch(url: string, init?: RequestInit): Promise<Response> };
}

/** What a Durable Object's constructor gets: its own storage, here the SQLite kind. */
export interface DurableObjectState {
  storage: { sql: SqlStorage };
}

export interface SqlStorage {
  exec(query: string, ...bindings: (string | number | null)[]): { toArray(): Record<string, unknown>[] };
}
