#!/usr/bin/env node
// Runs the edge function for `unitly serve` (which proxies /api/* here) in workerd, the
// Workers runtime, through Miniflare: the bundle of src/index.ts with the bindings of
// wrangler.jsonc (scripts/wrangler.mjs), its KV persisted in a local state folder, and its
// Cron Triggers run on their schedule (UTC), plus once at start: the scheduled handler
// itself skips every table younger than its TTL, so a restart costs no upstream call.
//
//   node edge/scripts/serve.mjs [--port 0] [--host 127.0.0.1] [--state DIR] [--config FILE]
//
// --state defaults to $UNITLY_EDGE_STATE, else ../.unitly/edge-state (git-ignored).
// stdout: exactly one line, `edge listening on http://HOST:PORT` (the real port).
// stderr: the worker's own log lines. Exits on SIGTERM/SIGINT, and when stdin (a pipe from
// the parent) closes, so neither it nor workerd outlives `unitly serve`.
import { fstatSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Cron } from "croner";
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { miniflareOptions, readDevVars, readWrangler } from "./wrangler.mjs";

const EDGE = fileURLToPath(new URL("..", import.meta.url));
const { values: args } = parseArgs({
  options: {
    port: { type: "string", default: "0" },
    host: { type: "string", default: "127.0.0.1" },
    state: { type: "string", default: process.env.UNITLY_EDGE_STATE || resolve(EDGE, "../.unitly/edge-state") },
    config: { type: "string", default: resolve(EDGE, "wrangler.jsonc") },
  },
});
const port = Number(args.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`edge: invalid --port ${args.port}`);
  process.exit(2);
}

/** The worker bundle (what `npm run build` writes to dist/), and the names of the variables it reads. */
async function bundle() {
  const out = await build({
    entryPoints: { worker: resolve(EDGE, "src/index.ts"), config: resolve(EDGE, "src/config.ts") },
    outdir: "/virtual", // nothing is written: write is false
    bundle: true, format: "esm", target: "es2022", write: false, logLevel: "silent",
  });
  const text = (name) => out.outputFiles.find((f) => f.path.endsWith(`/${name}.js`)).text;
  // config.ts has no imports left once bundled, so a data: URL module needs no file on disk.
  const config = await import(`data:text/javascript;base64,${Buffer.from(text("config")).toString("base64")}`);
  return { script: text("worker"), envNames: config.ENV_NAMES ?? [] };
}

let mf;
let jobs = [];
let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  jobs.forEach((j) => j.stop());
  await mf?.dispose().catch(() => undefined);
  process.exit(code);
}
process.on("SIGTERM", () => stop());
process.on("SIGINT", () => stop());
// Die with the parent: it holds our stdin pipe, which closes when it exits. Only a pipe
// or socket counts; a terminal or /dev/null (`node serve.mjs &`) is not a parent.
try {
  const stdin = fstatSync(0);
  if (stdin.isFIFO() || stdin.isSocket()) process.stdin.on("end", () => stop()).on("close", () => stop()).on("error", () => stop()).resume();
} catch {
  // no stdin at all: nothing to watch
}

try {
  const wrangler = readWrangler(args.config);
  const { script, envNames } = await bundle();
  mkdirSync(args.state, { recursive: true });
  const { crons, options } = miniflareOptions(wrangler, {
    env: process.env,
    envNames,
    devVars: readDevVars(resolve(dirname(args.config), ".dev.vars")),
    state: args.state,
    warn: (m) => console.error(`edge: ${m}`),
  });
  mf = new Miniflare({
    ...options,
    modules: true,
    script,
    scriptPath: resolve(EDGE, "dist/worker.js"), // names the module; nothing is read from it
    cf: false, // no download of the request.cf data
    host: args.host,
    port,
    handleRuntimeStdio(stdout, stderr) {
      // stdout is reserved for the address line.
      stdout.pipe(process.stderr);
      stderr.pipe(process.stderr);
    },
  });
  const url = await mf.ready;
  process.stdout.write(`edge listening on ${url.origin}\n`);

  const worker = await mf.getWorker();
  const run = (cron) =>
    worker.scheduled({ cron, scheduledTime: new Date() }).catch((err) => console.error(`edge: scheduled ${cron} failed: ${err?.message ?? err}`));
  // At start, every schedule once (tables that are still fresh are skipped), then on time.
  for (const cron of crons) run(cron);
  jobs = crons.map((cron) => new Cron(cron, { timezone: "UTC", protect: true }, () => run(cron)));
} catch (err) {
  console.error(`edge: cannot start: ${err?.message ?? err}`);
  await stop(1);
}
