// Reads wrangler.jsonc and turns it into Miniflare options, generically: whatever vars,
// KV namespaces, rate limiters and Durable Objects it declares are bound locally the way Cloudflare binds
// them in production, so a binding added there works in `unitly serve` with no change here.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse, printParseErrorCode } from "jsonc-parser";

/** Binding kinds of wrangler.jsonc this runner does not bind (yet): named, not ignored silently. */
const UNSUPPORTED = [
  "d1_databases", "r2_buckets", "queues", "services", "analytics_engine_datasets",
  "hyperdrive", "vectorize", "ai", "browser", "send_email", "workflows", "dispatch_namespaces", "mtls_certificates",
];

/** wrangler.jsonc as an object; a syntax error names its line and column. */
export function readWrangler(path) {
  const text = readFileSync(path, "utf8");
  const errors = [];
  const config = parse(text, errors, { allowTrailingComma: true });
  if (errors.length) {
    const { error, offset } = errors[0];
    const before = text.slice(0, offset).split("\n");
    throw new Error(`${path}:${before.length}:${before.at(-1).length + 1}: ${printParseErrorCode(error)}`);
  }
  if (typeof config !== "object" || config === null || Array.isArray(config)) throw new Error(`${path}: not an object`);
  return config;
}

/** KEY=value lines (wrangler's `.dev.vars` for local secrets); # comments, optional quotes. */
export function readDevVars(path) {
  if (!existsSync(path)) return {};
  const out = {};
  for (const line of readFileSync(path, "utf8").split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m || line.trim().startsWith("#")) continue;
    const q = /^(["'])(.*)\1$/.exec(m[2]);
    out[m[1]] = q ? q[2] : m[2];
  }
  return out;
}

/**
 * Miniflare options for `config` (parsed wrangler.jsonc).
 * - vars: each one, overridden by the environment variable of the same name when set;
 * - `envNames` (every variable the worker reads, secrets included) likewise from `env`,
 *   after the secrets of `devVars`; nothing else of the environment reaches the worker;
 * - kv_namespaces: each binding, persisted under `state`/kv (the id names its folder);
 * - ratelimits: each binding with its `simple` limit;
 * - durable_objects: each binding to its class in this worker, with SQLite storage when a
 *   migration creates the class with `new_sqlite_classes`, persisted under `state`/do;
 * - triggers.crons: returned as `crons` for the caller to schedule.
 */
export function miniflareOptions(config, { env = {}, envNames = [], devVars = {}, state, warn = () => {} }) {
  const bindings = { ...devVars };
  for (const [name, value] of Object.entries(config.vars ?? {})) bindings[name] = value;
  for (const name of [...Object.keys(config.vars ?? {}), ...envNames]) {
    if (env[name] !== undefined) bindings[name] = env[name];
  }

  const kvNamespaces = {};
  for (const ns of config.kv_namespaces ?? []) {
    if (typeof ns?.binding !== "string") throw new Error("wrangler.jsonc: a kv_namespaces entry has no binding");
    kvNamespaces[ns.binding] = String(ns.preview_id ?? ns.id ?? ns.binding);
  }

  const ratelimits = {};
  for (const rl of config.ratelimits ?? []) {
    if (typeof rl?.name !== "string" || typeof rl?.simple?.limit !== "number") {
      throw new Error("wrangler.jsonc: a ratelimits entry needs a name and simple.limit");
    }
    ratelimits[rl.name] = { simple: { limit: rl.simple.limit, ...(rl.simple.period ? { period: rl.simple.period } : {}) } };
  }

  const sqliteClasses = new Set((config.migrations ?? []).flatMap((m) => m?.new_sqlite_classes ?? []));
  const durableObjects = {};
  for (const binding of config.durable_objects?.bindings ?? []) {
    if (typeof binding?.name !== "string" || typeof binding?.class_name !== "string") {
      throw new Error("wrangler.jsonc: a durable_objects binding needs a name and a class_name");
    }
    if (binding.script_name !== undefined) {
      warn(`wrangler.jsonc binds ${binding.name} to a class of another worker, which the local runner does not bind`);
      continue;
    }
    durableObjects[binding.name] = { className: binding.class_name, useSQLite: sqliteClasses.has(binding.class_name) };
  }

  for (const key of UNSUPPORTED) {
    if (config[key] !== undefined) warn(`wrangler.jsonc declares ${key}, which the local runner does not bind`);
  }

  const crons = config.triggers?.crons ?? [];
  if (!Array.isArray(crons) || crons.some((c) => typeof c !== "string")) throw new Error("wrangler.jsonc: triggers.crons must be a list of strings");

  return {
    crons,
    options: {
      compatibilityDate: config.compatibility_date,
      compatibilityFlags: config.compatibility_flags ?? [],
      bindings,
      kvNamespaces,
      ...(state ? { kvPersist: join(state, "kv") } : {}),
      ratelimits,
      durableObjects,
      ...(state ? { durableObjectsPersist: join(state, "do") } : {}),
    },
  };
}
