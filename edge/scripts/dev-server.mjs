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

const MAX_BODY = 1024 * 1024; // the worker enforces its own, smaller limits

const { values: args } = parseArgs({ options: { port: { type: "string", default: "0" }, host: { type: "string", default: "127.0.0.1" } } });
const port = Number(args.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`edge: invalid --port ${args.port}`);
  process.exit(2);
}

/** Bundles the worker (and the config module, for its list of env names) in memory. */
async function loadWorker() {
  const src = (f) => fileURLToPath(new URL(`../src/${f}`, import.meta.url));
  const out = await build({
    entryPoints: { worker: src("index.ts"), config: src("config.ts") },
    outdir: "/virtual", // nothing is written: write is false
    bundle: true, format: "esm", target: "es2022", write: false, logLevel: "silent",
  });
  // The bundles have no imports, so data: URL modules need no file on disk.
  const load = (name) => {
    const file = out.outputFiles.find((f) => f.path.endsWith(`/${name}.js`));
    return import(`data:text/javascript;base64,${Buffer.from(file.text).toString("base64")}`);
  };
  return { worker: (await load("worker")).default, envNames: (await load("config")).ENV_NAMES };
}

// Only the documented variables; the rest of the parent's environment stays out.
const { worker, envNames } = await loadWorker();
const env = Object.fromEntries(envNames.filter((n) => process.env[n] !== undefined).map((n) => [n, process.env[n]]));
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
