#!/usr/bin/env node
// Runs the edge function in plain Node for `unitly serve` (which proxies /api/* here).
// Same code as production: src/index.ts is bundled with esbuild in memory and imported,
// then served through node:http with IncomingMessage -> Request -> worker -> Response.
//
//   node edge/scripts/dev-server.mjs --port 0 [--host 127.0.0.1]
//
// stdout: exactly one line, `edge listening on http://HOST:PORT` (the real port).
// stderr: one line per request. Exits on SIGTERM/SIGINT, and when stdin (a pipe from
// the parent) closes, so it never outlives `unitly serve`.
import { fstatSync } from "node:fs";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { build } from "esbuild";

const ENV_NAMES = [
  "GOLD_UPSTREAM_URL", "FTSE_UPSTREAM_URL", "RATES_UPSTREAM_URL", "EXCHANGE_API_KEY",
  "CONTACT_WEBHOOK_URL", "SUBSCRIBE_WEBHOOK_URL", "RATES_TTL_SECONDS", "MARKET_TTL_SECONDS", "UPSTREAM_TIMEOUT_MS",
];
const MAX_BODY = 1024 * 1024; // the worker enforces its own, smaller limits

const { values: args } = parseArgs({ options: { port: { type: "string", default: "0" }, host: { type: "string", default: "127.0.0.1" } } });
const port = Number(args.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`edge: invalid --port ${args.port}`);
  process.exit(2);
}

async function loadWorker() {
  const entry = fileURLToPath(new URL("../src/index.ts", import.meta.url));
  const out = await build({ entryPoints: [entry], bundle: true, format: "esm", target: "es2022", write: false, logLevel: "silent" });
  const code = out.outputFiles[0].text;
  // The bundle has no imports, so a data: URL module needs no file on disk.
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)).default;
}

// Only the documented variables; the rest of the parent's environment stays out.
const env = Object.fromEntries(ENV_NAMES.filter((n) => process.env[n] !== undefined).map((n) => [n, process.env[n]]));
const ctx = { waitUntil: (p) => Promise.resolve(p).catch((e) => console.error(`edge: waitUntil failed: ${e}`)), passThroughOnException() {} };

async function readBody(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function toRequest(req, body, origin) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    // HTTP/1 connection-level headers mean nothing to a fetch Request.
    if (value === undefined || /^(connection|keep-alive|transfer-encoding|upgrade|host)$/i.test(name)) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  // Concatenate rather than resolve, so "//x" stays a path and cannot become a host.
  const url = new URL(origin + (req.url.startsWith("/") ? req.url : `/${req.url}`));
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url, { method: req.method, headers, body: hasBody ? body : undefined });
}

async function send(res, response, method) {
  const headers = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie?.() ?? [];
  if (cookies.length) headers["set-cookie"] = cookies;
  res.writeHead(response.status, headers);
  if (method !== "HEAD" && response.body) {
    for await (const chunk of response.body) res.write(chunk);
  }
  res.end();
}

function sendError(res, status, type) {
  if (res.headersSent) return res.destroy();
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
  res.end(JSON.stringify({ result: "error", "error-type": type }));
}

const worker = await loadWorker();

const server = http.createServer(async (req, res) => {
  const started = Date.now();
  res.on("close", () => console.error(`edge: ${req.method} ${req.url.slice(0, 200)} ${res.statusCode} ${Date.now() - started}ms`));
  try {
    const body = await readBody(req);
    if (body === null) return sendError(res, 413, "payload-too-large");
    let request;
    try {
      request = toRequest(req, body, origin);
    } catch {
      return sendError(res, 400, "malformed-request");
    }
    await send(res, await worker.fetch(request, env, ctx), req.method);
  } catch (err) {
    console.error(`edge: internal error: ${err?.name ?? "unknown"}`);
    sendError(res, 500, "internal-error");
  }
});

let origin;
server.listen(port, args.host, () => {
  const { port: real } = server.address();
  const host = args.host.includes(":") ? `[${args.host}]` : args.host;
  origin = `http://${host}:${real}`;
  process.stdout.write(`edge listening on ${origin}\n`);
});
server.on("error", (err) => {
  console.error(`edge: cannot listen on ${args.host}:${port}: ${err.message}`);
  process.exit(1);
});

function stop() {
  server.close();
  server.closeAllConnections();
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
// Die with the parent: it holds our stdin pipe, which closes when it exits. Only a pipe
// or socket counts; a terminal or /dev/null (`node dev-server.mjs &`) is not a parent.
try {
  const stdin = fstatSync(0);
  if (stdin.isFIFO() || stdin.isSocket()) {
    process.stdin.on("end", stop).on("close", stop).on("error", stop).resume();
  }
} catch {
  // no stdin at all: nothing to watch
}
