// Talking to upstreams: one timeout covering connect, headers and body, and error
// messages that never carry a URL (paths may hold the API key or a webhook token).
import { readJsonBody } from "./http";

export class UpstreamError extends Error {}

/**
 * The upstream answered, but without a usable value (a gold answer with no price). The
 * market banner shows this as "Unavailable", unlike a failed fetch ("Check later"), so it
 * gets its own error type: 502 `no-price`.
 */
export class NoValueError extends UpstreamError {}

/** No answer within the time allowed: the request may still have arrived (a webhook's post). */
export class UpstreamTimeout extends UpstreamError {}

// An upstream answer larger than this is not what we asked for (the longest, a pair's
// history since 1999, is about 200 kB). Counted while reading, never after: a fast link
// delivers hundreds of MB within the timeout, and a Workers isolate has 128 MB.
export const MAX_BODY_BYTES = 1_000_000;

/** Where a URL points, safe to log: the host only, never the path or query. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(invalid url)";
  }
}

/** Removes every trace of `secret` (raw and URL-encoded) from a message. */
export function redact(message: string, secret: string | undefined): string {
  if (!secret) return message;
  return message.split(secret).join("***").split(encodeURIComponent(secret)).join("***");
}

async function withTimeout<T>(timeoutMs: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await run(controller.signal);
  } catch (err) {
    if (controller.signal.aborted) throw new UpstreamTimeout(`timed out after ${timeoutMs} ms`);
    if (err instanceof UpstreamError) throw err;
    throw new UpstreamError(`network error (${err instanceof Error ? err.name : "unknown"})`);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * An answer's JSON body of at most `maxBytes` (http.ts readJsonBody: a huge or endless answer
 * costs at most that, and the caller's timeout signal aborts the read). Throws UpstreamError
 * on size, bad UTF-8 or bad JSON.
 */
export async function readJsonCapped(res: Response, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const body = await readJsonBody(res, maxBytes);
  if (body === "too-large") throw new UpstreamError("answer too large");
  if (body === "not-json") throw new UpstreamError("answer is not JSON");
  return body.json;
}

/** GETs JSON; any failure (network, timeout, status, size, parse) is an UpstreamError. */
export function getJson(url: string, timeoutMs: number): Promise<unknown> {
  return withTimeout(timeoutMs, async (signal) => {
    const res = await fetch(url, {
      signal,
      headers: {
        Accept: "application/json",
        // Yahoo refuses requests without a browser-like agent.
        "User-Agent": "Mozilla/5.0 (compatible; UnitlyEdge/1.0)",
      },
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new UpstreamError(`status ${res.status}`);
    }
    return readJsonCapped(res);
  });
}

/** POSTs JSON to a webhook; resolves only on a 2xx answer. `headers` are added to the post's. */
export function postJson(url: string, payload: unknown, timeoutMs: number, headers: Record<string, string> = {}): Promise<void> {
  return withTimeout(timeoutMs, async (signal) => {
    const res = await fetch(url, {
      method: "POST",
      signal,
      headers: { "Content-Type": "application/json; charset=utf-8", "User-Agent": "UnitlyEdge/1.0", ...headers },
      body: JSON.stringify(payload),
    });
    await res.body?.cancel(); // the webhook's answer body is not needed; free the connection
    if (res.status < 200 || res.status > 299) throw new UpstreamError(`status ${res.status}`);
  });
}
