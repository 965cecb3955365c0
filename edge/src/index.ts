// Unitly's edge function: a Web-standard Workers module that answers /api/*, and whose
// Cron Triggers (wrangler.jsonc) keep the live data in Workers KV fresh.
// Everything else is static assets (wrangler.jsonc routes only /api/* here first).
import { cronFor, cronPeriodMs, readConfig, type Config, type Env } from "./config";
import { confirm, confirmPage } from "./confirm";
import { contact, formToken, subscribe } from "./forms";
import { error, methodNotAllowed, notFound } from "./http";
import { history } from "./history";
import { ftse, ftseTable, gold, goldTable } from "./market";
import { rates, ratesTable } from "./rates";
import type { RouteContext } from "./serve";
import { refreshDue, type StoreContext, type Table } from "./store";
import { redact } from "./upstream";

/** The Durable Object class wrangler.jsonc binds as FORM_MARKS: Workers find it among the module's exports. */
export { FormMarks } from "./marks";

interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
}

interface ScheduledController {
  cron: string;
  scheduledTime: number;
}

function storeContext(env: Env, ctx: ExecutionContext | undefined, config: Config): StoreContext {
  return {
    kv: env.LIVE_DATA,
    // Some callers (tests, other runtimes) pass no ctx; then the work simply runs unawaited.
    waitUntil: (p) => (ctx?.waitUntil ? ctx.waitUntil(p) : void p),
    log: (message) => console.error(`[unitly] ${redact(message, config.apiKey)}`),
    cronPeriodMs: cronPeriodMs(Math.min(config.ratesTtlMs, config.marketTtlMs)),
  };
}

/** Every table of live data; one cron schedule refreshes whichever are due. */
function allTables(config: Config): Table<unknown>[] {
  return [ratesTable(config), goldTable(config), ftseTable(config)] as Table<unknown>[];
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
  const routeCtx: RouteContext = { ...storeContext(env, ctx, config), secret: config.apiKey };
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
      // A history path without both codes (or with more) is malformed, as a pair's is.
      if (parts[1] === "history") return get(() => (parts.length === 4 ? history(config, parts[2], parts[3], url.searchParams) : error(400, "malformed-request")));
      return parts.length >= 2 && (parts[1] === "latest" || parts[1] === "pair")
        ? get(() => rates(config, routeCtx, parts.slice(1)))
        : notFound();
    case "form-token":
      return parts.length === 1 ? get(() => formToken(config)) : notFound();
    case "contact":
      return parts.length === 1 ? post(() => contact(config, env, request, url.origin)) : notFound();
    case "subscribe":
      if (parts.length === 2 && parts[1] === "confirm") {
        // Opening the link shows a button; only its POST confirms (mail scanners open links).
        return request.method === "POST" ? confirm(config, env, url) : allow(request.method, ["GET", "HEAD", "POST"], () => confirmPage(config, env, url));
      }
      return parts.length === 1 ? post(() => subscribe(config, env, request, url.origin)) : notFound();
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

  /**
   * The Cron Trigger (wrangler.jsonc: one schedule, that of the shortest TTL, cronFor()):
   * refreshes every table that is due and writes KV once (store.ts).
   */
  async scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
    const config = readConfig(env ?? {});
    const store = storeContext(env ?? {}, ctx, config);
    const wanted = cronFor(Math.min(config.ratesTtlMs, config.marketTtlMs));
    // A TTL changed without the schedule: the data goes late and visitors refresh it (more KV writes).
    if (controller.cron !== wanted) store.log(`the cron "${controller.cron}" is not the shortest TTL's schedule "${wanted}": set triggers.crons in wrangler.jsonc`);
    await refreshDue(allTables(config), store);
  },
};
