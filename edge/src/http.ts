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
