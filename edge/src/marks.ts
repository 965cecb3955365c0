// "Used once" for the forms: a used form token, "a confirmation was asked for this mailbox
// today", "this confirmation link has confirmed". Claiming a mark is atomic — of any number
// of concurrent claims of one key, exactly one succeeds — so a second use can never deliver
// twice. Workers KV cannot promise that: a read-then-write lets two requests both see
// "free", and a write takes up to 60 s to be seen in other locations. A Durable Object can:
// one object for the whole deployment (FormMarks, on the free plan with SQLite storage),
// which runs each request's statements with no other request in between.
//
// Keys are hashes or random nonces, never an address in clear. Each mark carries its
// expiry; every claim first deletes what has expired, so the table holds only live marks
// (at 1,000 posts a day, a few thousand rows).
import type { DurableObjectNamespace, DurableObjectState, SqlStorage } from "./bindings";

export interface Marks {
  /** True when this call claimed `key` for `ttlMs`; false while an earlier claim holds it. */
  claim(key: string, ttlMs: number): Promise<boolean>;
  /** Frees `key` again: what it guarded did not happen, so a retry may claim it. */
  release(key: string): Promise<void>;
}

/** The Durable Object (wrangler.jsonc `durable_objects`, class FormMarks). */
export class FormMarks {
  private readonly sql: SqlStorage;

  constructor(state: DurableObjectState) {
    this.sql = state.storage.sql;
    this.sql.exec("CREATE TABLE IF NOT EXISTS marks (key TEXT PRIMARY KEY, expires INTEGER NOT NULL)");
    this.sql.exec("CREATE INDEX IF NOT EXISTS marks_by_expiry ON marks (expires)");
  }

  /** POST {"key", "ttlMs"} to /claim → {"claimed": boolean}; POST {"key"} to /release. */
  async fetch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    const body = (await request.json().catch(() => null)) as { key?: unknown; ttlMs?: unknown } | null;
    const key = body?.key;
    if (typeof key !== "string" || key === "" || key.length > 200) return Response.json({ error: "bad key" }, { status: 400 });
    // From here on no await: the statements below run as one step of this object.
    const now = Date.now();
    if (pathname === "/claim" && typeof body?.ttlMs === "number" && body.ttlMs > 0) {
      this.sql.exec("DELETE FROM marks WHERE expires <= ?", now);
      const inserted = this.sql.exec("INSERT INTO marks (key, expires) VALUES (?, ?) ON CONFLICT (key) DO NOTHING RETURNING key", key, now + body.ttlMs).toArray();
      return Response.json({ claimed: inserted.length === 1 });
    }
    if (pathname === "/release") {
      this.sql.exec("DELETE FROM marks WHERE key = ?", key);
      return Response.json({ released: true });
    }
    return Response.json({ error: "unknown operation" }, { status: 400 });
  }
}

/** The one object every isolate talks to. */
const OBJECT_NAME = "form-marks";

class DurableMarks implements Marks {
  constructor(private readonly namespace: DurableObjectNamespace) {}

  private async call(op: "claim" | "release", body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const stub = this.namespace.get(this.namespace.idFromName(OBJECT_NAME));
    const res = await stub.fetch(`https://form-marks/${op}`, { method: "POST", body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`form marks: ${op} answered ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  }

  async claim(key: string, ttlMs: number): Promise<boolean> {
    return (await this.call("claim", { key, ttlMs })).claimed === true;
  }

  async release(key: string): Promise<void> {
    await this.call("release", { key });
  }
}

/** For runtimes without the binding: the same rule in this process (one thread, so atomic too). */
class MemoryMarks implements Marks {
  private readonly expiries = new Map<string, number>();

  async claim(key: string, ttlMs: number): Promise<boolean> {
    const now = Date.now();
    if (this.expiries.size > 50_000) for (const [k, until] of this.expiries) if (until <= now) this.expiries.delete(k);
    const until = this.expiries.get(key);
    if (until !== undefined && until > now) return false;
    this.expiries.set(key, now + ttlMs);
    return true;
  }

  async release(key: string): Promise<void> {
    this.expiries.delete(key);
  }
}

const fallback = new MemoryMarks();

export function marksFor(binding: DurableObjectNamespace | undefined): Marks {
  return binding && typeof binding.idFromName === "function" ? new DurableMarks(binding) : fallback;
}
