// The live data store: the latest good answer of each upstream ("table": the USD rate
// table, the gold quote, the FTSE quote), kept in Workers KV for the whole deployment and
// in a per-isolate memory copy, with what the refreshes have learnt about the upstream.
//
// One KV key (`live:tables`) holds every table's record, so a cron run that refreshes
// several tables costs one KV write (Workers KV allows 1,000 writes a day on the free
// plan: one every 5 minutes is 288). A table's record holds everything about it:
//   { value, fetchedAt, failures, retryAt, leaseUntil, error, updatedAt }
// - value/fetchedAt: the last good answer and when it was fetched (never a bad answer).
// - failures/retryAt/error: the back-off. A failed refresh waits `retryMs` before the next
//   attempt, doubling while it keeps failing, up to 15 x `retryMs` (1 to 15 minutes by
//   default). Stored in KV, so restarts and other isolates respect it.
// - leaseUntil: a visitor-triggered refresh claims the table for a few seconds, so the
//   other isolates that see the same old data do not refresh it too.
//
// Who refreshes: the Cron Trigger (`refreshDue`, index.ts's scheduled handler, one schedule
// for every table) refreshes each table shortly before it reaches its TTL. A request that
// finds data older than TTL + grace (the cron is late) answers from it at once and
// refreshes it in ctx.waitUntil. The grace covers KV's propagation (a write can take up to
// 60 s to be seen everywhere), so the cron's fresh record normally reaches every location
// before any visitor would refresh.
// With no data at all (a new deployment), a request waits for the first fetch.
import type { KV } from "./bindings";
import { NoValueError, UpstreamError } from "./upstream";

export const TABLE_NAMES = ["rates", "gold", "ftse"] as const;
export type TableName = (typeof TABLE_NAMES)[number];

export interface Table<T> {
  name: TableName;
  ttlMs: number;
  /** First wait after a failed refresh; doubles while refreshes keep failing, up to 15 x. */
  retryMs: number;
  /** Upper bound of one upstream round trip (the lease lasts a little longer). */
  timeoutMs: number;
  /** Fetches and checks one good answer; throws UpstreamError (or NoValueError) otherwise. */
  load(): Promise<T>;
}

export interface StoreContext {
  kv: KV | undefined;
  waitUntil(promise: Promise<unknown>): void;
  /** Log lines pass through this (it removes the API key). */
  log(message: string): void;
  /**
   * How often the Cron Trigger runs. In an outage it is the cron that retries: a visitor
   * retries only when the cron is a whole period late (else every location's visitors would
   * retry at the same moment, each with KV writes). Without it, visitors retry at once.
   */
  cronPeriodMs?: number;
}

type Failure = "no-value" | "unavailable";

export interface StoredRecord<T = unknown> {
  value?: T;
  fetchedAt?: number;
  failures: number;
  retryAt: number;
  leaseUntil: number;
  error?: Failure;
  updatedAt: number;
}

/**
 * How an answer was served, for X-Unitly-Cache: `hit` (within its TTL, or just past it
 * while the cron catches up), `revalidate` (past TTL + grace: served, and refreshed in the
 * background), `stale` (the last refresh failed: served, marked stale), `miss` (fetched now).
 */
export type ServedState = "hit" | "revalidate" | "stale" | "miss";

export interface Served<T> {
  value: T;
  state: ServedState;
  fetchedAt: number;
}

/** With no good answer to serve: why. */
export class NoDataError extends Error {
  constructor(readonly failure: Failure, message: string) {
    super(message);
  }
}

export const MAX_BACKOFF_FACTOR = 15;
const LEASE_MARGIN_MS = 2000;
/** The one KV key of the live data: `{ [table name]: StoredRecord }`. */
export const KV_KEY = "live:tables";

const empty = (): StoredRecord => ({ failures: 0, retryAt: 0, leaseUntil: 0, updatedAt: 0 });

// Per isolate: the record as last read or written, and when it was read.
const memory = new Map<TableName, { record: StoredRecord; readAt: number }>();
// Per isolate: the refresh in flight per table, shared by every request and the cron.
const inflight = new Map<TableName, Promise<StoredRecord>>();

/** Forgets the memory copies (tests of a "fresh isolate" inside one process). */
export function forgetMemory(): void {
  memory.clear();
}

/** How long a visitor keeps being served past the TTL before a request refreshes. */
export const graceMs = (ttlMs: number) => Math.min(90_000, ttlMs / 2);
/** A cron run refreshes a table this long before its TTL ends, so it is never served late. */
export const cronSlackMs = (ttlMs: number) => Math.min(60_000, ttlMs / 10);
/** How often a stale memory copy looks at KV again for another isolate's refresh. */
const recheckMs = (ttlMs: number) => Math.min(5_000, ttlMs);

export function backoffMs(retryMs: number, failures: number): number {
  return Math.min(retryMs * 2 ** Math.max(0, failures - 1), retryMs * MAX_BACKOFF_FACTOR);
}

function isRecord(v: unknown): v is StoredRecord {
  if (typeof v !== "object" || v === null) return false;
  const r = v as Record<string, unknown>;
  return ["failures", "retryAt", "leaseUntil", "updatedAt"].every((k) => typeof r[k] === "number");
}

type StoredTables = Partial<Record<TableName, StoredRecord>>;

async function readKv(ctx: StoreContext): Promise<StoredTables> {
  if (!ctx.kv) return {};
  try {
    const data = await ctx.kv.get(KV_KEY, "json");
    const tables: StoredTables = {};
    if (typeof data === "object" && data !== null) {
      for (const name of TABLE_NAMES) {
        const record = (data as Record<string, unknown>)[name];
        if (isRecord(record)) tables[name] = record;
      }
    }
    return tables;
  } catch (err) {
    // A KV hiccup must not break the answer: the memory copy (or a fetch) still serves.
    ctx.log(`KV read failed (${err instanceof Error ? err.name : "unknown"})`);
    return {};
  }
}

/**
 * Writes every table's newest record as the one KV record: this isolate's copies merged
 * with what KV holds now (another isolate may have written since), newest per table.
 * A write that fails (the daily quota, an outage) is logged; the memory copies still hold,
 * so this isolate's back-off and leases keep upstream calls where they were.
 */
async function writeKv(ctx: StoreContext, cause: TableName): Promise<void> {
  if (!ctx.kv) return;
  const stored = await readKv(ctx);
  const tables: StoredTables = {};
  for (const name of TABLE_NAMES) {
    const best = stored[name] ? remember(name, stored[name]) : memory.get(name)?.record;
    if (best) tables[name] = best;
  }
  try {
    await ctx.kv.put(KV_KEY, JSON.stringify(tables));
  } catch (err) {
    ctx.log(`${cause}: KV write failed (${err instanceof Error ? err.name : "unknown"})`);
  }
}

const newer = (a: StoredRecord | undefined, b: StoredRecord | undefined) =>
  !a ? b : !b ? a : b.updatedAt > a.updatedAt ? b : a;

function remember(name: TableName, record: StoredRecord, now = Date.now()): StoredRecord {
  const mine = memory.get(name)?.record;
  const best = newer(mine, record) ?? record;
  memory.set(name, { record: best, readAt: now });
  return best;
}

/** The records as KV has them now (or the memory copies where newer): one read updates every table's copy. */
async function currentAll(ctx: StoreContext): Promise<Record<TableName, StoredRecord>> {
  const stored = await readKv(ctx);
  const all = {} as Record<TableName, StoredRecord>;
  for (const name of TABLE_NAMES) {
    const known = stored[name] ?? memory.get(name)?.record;
    // A table neither KV nor this isolate knows stays unknown: nothing to remember yet.
    all[name] = known ? remember(name, known) : empty();
  }
  return all;
}

const current = async (ctx: StoreContext, name: TableName) => (await currentAll(ctx))[name];

// Per isolate: the tables whose lease this isolate wrote and holds while it refreshes them.
const held = new Set<TableName>();

function lease(table: Table<unknown>, now = Date.now()): void {
  const before = memory.get(table.name)?.record ?? empty();
  remember(table.name, { ...before, leaseUntil: now + table.timeoutMs + LEASE_MARGIN_MS, updatedAt: now });
  held.add(table.name);
}

const hasValue = (r: StoredRecord) => r.value !== undefined && typeof r.fetchedAt === "number";

/**
 * Refreshes `table` unless it is backed off or leased by someone else. `claim` writes a
 * lease first (visitor-triggered refreshes; the cron is one invocation per schedule and
 * does not need one). `persist` writes the outcome to KV at once (the cron writes once for
 * all its tables instead); `early`: how long before the back-off ends it may already run
 * (the cron's slack). Resolves with the record afterwards, whatever happened.
 */
function refresh<T>(table: Table<T>, ctx: StoreContext, claim: boolean, persist = true, early = 0): Promise<StoredRecord> {
  const running = inflight.get(table.name);
  if (running) return running;
  const run = (async () => {
    const before = await current(ctx, table.name);
    const now = Date.now();
    if (now + early < before.retryAt || (now < before.leaseUntil && !held.has(table.name))) return before;
    if (claim) {
      lease(table as Table<unknown>, now);
      await writeKv(ctx, table.name);
    }
    let after: StoredRecord;
    try {
      const value = await table.load();
      const at = Date.now();
      after = { value, fetchedAt: at, failures: 0, retryAt: 0, leaseUntil: 0, updatedAt: at };
    } catch (err) {
      const at = Date.now();
      const failures = before.failures + 1;
      const wait = backoffMs(table.retryMs, failures);
      const failure: Failure = err instanceof NoValueError ? "no-value" : "unavailable";
      const { value, fetchedAt } = before;
      after = { value, fetchedAt, failures, retryAt: at + wait, leaseUntil: 0, error: failure, updatedAt: at };
      // One line per failed refresh, and refreshes are at most one per back-off period.
      const why = err instanceof UpstreamError ? err.message : err instanceof Error ? err.name : "failed";
      ctx.log(`${table.name}: refresh failed (${why}); ${failures} in a row, next attempt in ${Math.round(wait / 1000)} s`);
    }
    remember(table.name, after);
    if (persist) await writeKv(ctx, table.name);
    return after;
  })().finally(() => {
    inflight.delete(table.name);
    held.delete(table.name);
  });
  inflight.set(table.name, run);
  return run;
}

function served<T>(record: StoredRecord, state: ServedState): Served<T> {
  return { value: record.value as T, state, fetchedAt: record.fetchedAt as number };
}

/**
 * The answer for a request: from memory, else KV, else (only when nothing good was ever
 * stored) a fetch now. Throws NoDataError when there is nothing to serve.
 */
export async function read<T>(table: Table<T>, ctx: StoreContext): Promise<Served<T>> {
  const { name, ttlMs } = table;
  let now = Date.now();
  let mem = memory.get(name);
  const fresh = (r: StoredRecord) => hasValue(r) && now - (r.fetchedAt as number) < ttlMs;
  if (mem && fresh(mem.record)) return served(mem.record, "hit");

  // Past its TTL (or unknown) here: another isolate or the cron may have refreshed it.
  let record = mem && now - mem.readAt < recheckMs(ttlMs) ? mem.record : await current(ctx, name);
  now = Date.now();
  if (fresh(record)) return served(record, "hit");

  if (hasValue(record)) {
    const age = now - (record.fetchedAt as number);
    if (record.failures > 0) {
      // An outage: the last good data, marked stale; the cron retries once the back-off
      // allows, and a visitor only when the cron is a whole period late.
      if (now >= record.retryAt + (ctx.cronPeriodMs ?? 0) && now >= record.leaseUntil) ctx.waitUntil(refresh(table, ctx, true));
      return served(record, "stale");
    }
    if (age < ttlMs + graceMs(ttlMs)) return served(record, "hit");
    if (now >= record.leaseUntil) ctx.waitUntil(refresh(table, ctx, true));
    return served(record, "revalidate");
  }

  // Nothing good was ever stored: this request waits for the first fetch.
  if (now < record.retryAt) throw noData(record);
  if (now < record.leaseUntil) record = await waitForLease(table, ctx, record);
  if (!hasValue(record)) record = await refresh(table, ctx, true);
  if (hasValue(record)) return served(record, record.failures > 0 ? "stale" : "miss");
  throw noData(record);
}

function noData(record: StoredRecord): NoDataError {
  const failure = record.error ?? "unavailable";
  return new NoDataError(failure, record.failures > 0 ? `no good answer yet (${record.failures} failed refreshes)` : "no answer yet");
}

/** Another isolate is fetching the first answer: look for it in KV until its lease ends. */
async function waitForLease<T>(table: Table<T>, ctx: StoreContext, record: StoredRecord): Promise<StoredRecord> {
  const until = Math.min(record.leaseUntil, Date.now() + table.timeoutMs + LEASE_MARGIN_MS);
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    const seen = await current(ctx, table.name);
    if (hasValue(seen) || seen.failures > record.failures) return seen;
  }
  return current(ctx, table.name);
}

type DueOutcome = "fresh" | "backed-off" | "leased" | "refreshed" | "failed";

/**
 * What the Cron Trigger runs: each table refreshed when its data is due (within the cron
 * slack of its TTL, or missing) and no back-off or lease forbids it, then one KV write for
 * all of them, and none when nothing was fetched. Resolves with each table's outcome.
 */
export async function refreshDue(tables: Table<unknown>[], ctx: StoreContext): Promise<DueOutcome[]> {
  const records = await currentAll(ctx);
  const now = Date.now();
  const outcomes = tables.map((table): DueOutcome | "due" => {
    const record = records[table.name];
    if (hasValue(record) && now - (record.fetchedAt as number) < table.ttlMs - cronSlackMs(table.ttlMs)) return "fresh";
    // The back-off ends between two runs: this run takes it if it ends within the slack, so
    // the retry is not left to the next run (or to visitors).
    if (now + cronSlackMs(table.ttlMs) < record.retryAt) return "backed-off";
    if (now < record.leaseUntil) return "leased";
    return "due";
  });
  const due = tables.filter((_, i) => outcomes[i] === "due");
  if (due.length === 0) return outcomes as DueOutcome[];
  // With nothing stored yet, a visitor may be fetching too: claim those like a visitor would, in one write.
  const unclaimed = due.filter((t) => !hasValue(records[t.name]));
  if (unclaimed.length) {
    unclaimed.forEach((t) => lease(t, now));
    await writeKv(ctx, unclaimed[0].name);
  }
  const after = await Promise.all(due.map((t) => refresh(t, ctx, false, false, cronSlackMs(t.ttlMs))));
  await writeKv(ctx, due[0].name);
  return outcomes.map((o, i) => {
    if (o !== "due") return o;
    const record = after[due.indexOf(tables[i])];
    return record.updatedAt > records[tables[i].name].updatedAt && record.failures === 0 ? "refreshed" : "failed";
  });
}
