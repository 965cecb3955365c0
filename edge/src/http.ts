// JSON answers with the headers every /api answer carries. Deliberately no
// Access-Control-Allow-Origin: the site calls its own origin, nobody else may.

// A stale answer was served because the upstream failed: let browsers ask again soon.
export const CACHE_STALE = "no-cache";
export const NO_STORE = "no-store";

export function json(body: unknown, status = 200, cacheControl = NO_STORE, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": cacheControl,
      "X-Content-Type-Options": "nosniff",
      // The runtime compresses JSON per request (br, gzip or none): a shared cache that may
      // keep this answer must keep one copy per encoding, or hand br to a client without it.
      ...(cacheControl === NO_STORE ? {} : { Vary: "Accept-Encoding" }),
      ...extra,
    },
  });
}

/** The provider's v6 error shape, which the client already understands. */
export function error(status: number, type: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): Response {
  return json({ result: "error", "error-type": type, ...extra }, status, NO_STORE, headers);
}

export const notFound = () => error(404, "not-found");
export const methodNotAllowed = (allow: string) => error(405, "method-not-allowed", {}, { Allow: allow });
export const upstreamUnavailable = () => error(502, "upstream-unavailable");

/**
 * A body of at most `maxBytes`, as one JSON value, or "too-large" (said at once when
 * Content-Length is over; otherwise counted chunk by chunk and cancelled as soon as it passes,
 * so a huge or endless body costs at most `maxBytes`) or "not-json" (bad UTF-8 or JSON).
 * Content-Length can be absent (chunked), which is why the count is kept while reading.
 */
export async function readJsonBody(message: Request | Response, maxBytes: number): Promise<{ json: unknown } | "too-large" | "not-json"> {
  const declared = Number(message.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) {
    await message.body?.cancel().catch(() => {});
    return "too-large";
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (message.body) {
    const reader = message.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return "too-large";
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  try {
    return { json: JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) };
  } catch {
    return "not-json";
  }
}
