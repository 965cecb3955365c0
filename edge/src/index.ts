// Unitly's edge function: a Web-standard Workers module that answers /api/*.
// Everything else is static assets (wrangler.jsonc routes only /api/* here first).
import { readConfig, type Env } from "./config";
import { contact, subscribe } from "./forms";
import { error, methodNotAllowed, notFound } from "./http";
import { ftse, gold } from "./market";
import { rates } from "./rates";
import type { RouteContext } from "./serve";
import { redact } from "./upstream";

interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
}

const MAX_PATH = 512; // longer than any real route by far

type Handler = () => Response | Promise<Response>;

function route(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> {
  const url = new URL(request.url);
  if (!url.pathname.startsWith("/api/")) {
    return env.ASSETS ? env.ASSETS.fetch(request) : notFound();
  }
  if (url.pathname.length > MAX_PATH) return notFound();

  const config = readConfig(env);
  const routeCtx: RouteContext = {
    origin: url.origin,
    // Some callers (tests, other runtimes) pass no ctx; then the put simply runs unawaited.
    waitUntil: (p) => (ctx?.waitUntil ? ctx.waitUntil(p) : void p),
    timeoutMs: config.timeoutMs,
    secret: config.apiKey,
  };
  // Segments stay percent-encoded on purpose: valid parameters never need decoding,
  // and malformed encodings then cannot throw.
  const parts = url.pathname.slice("/api/".length).replace(/\/$/, "").split("/");
  const get = (h: Handler) => allow(request.method, ["GET", "HEAD"], h);
  const post = (h: Handler) => allow(request.method, ["POST"], h);

  switch (parts[0]) {
    case "gold-proxy":
      return parts.length === 1 ? get(() => gold(config, routeCtx)) : notFound();
    case "ftse-proxy":
      return parts.length === 1 ? get(() => ftse(config, routeCtx)) : notFound();
    case "rates":
      return parts.length >= 2 && (parts[1] === "latest" || parts[1] === "pair")
        ? get(() => rates(config, routeCtx, parts.slice(1)))
        : notFound();
    case "contact":
      return parts.length === 1 ? post(() => contact(config, request)) : notFound();
    case "subscribe":
      return parts.length === 1 ? post(() => subscribe(config, request)) : notFound();
    default:
      return notFound();
  }
}

async function allow(method: string, methods: string[], handler: Handler): Promise<Response> {
  if (!methods.includes(method)) return methodNotAllowed(methods.join(", "));
  const res = await handler();
  // HEAD is GET without a body.
  return method === "HEAD" ? new Response(null, { status: res.status, headers: res.headers }) : res;
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    try {
      return await route(request, env ?? {}, ctx);
    } catch (err) {
      // Last line of defence: never crash, never echo internals.
      const message = err instanceof Error ? `${err.name}: ${err.message}` : "unknown";
      console.error(`[unitly] internal error: ${redact(message, env?.EXCHANGE_API_KEY)}`);
      return error(500, "internal-error");
    }
  },
};
