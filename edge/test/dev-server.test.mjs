// The Node adapter used by `unitly serve`: the same worker code through node:http.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import net from "node:net";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { KEY, checkAnswer, startUpstream } from "./helpers.mjs";

const SCRIPT = fileURLToPath(new URL("../scripts/dev-server.mjs", import.meta.url));

/** Starts the dev server with exactly `env` (plus PATH) and waits for its first line. */
async function startDevServer(env) {
  const child = spawn(process.execPath, [SCRIPT, "--port", "0", "--host", "127.0.0.1"], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const exited = once(child, "exit");
  const origin = await new Promise((resolve, reject) => {
    child.stdout.on("data", (d) => {
      stdout += d;
      const m = /^edge listening on (http:\/\/127\.0\.0\.1:(\d+))\n/.exec(stdout);
      if (m && Number(m[2]) > 0) resolve(m[1]);
    });
    child.on("exit", (code) => reject(new Error(`dev server exited (${code}): ${stderr}`)));
  });
  return {
    port: Number(new URL(origin).port),
    child,
    exited,
    output: () => ({ stdout, stderr }),
    fetch: async (path, init) => checkAnswer(await fetch(origin + path, init)),
  };
}

/** Sends one raw HTTP/1.1 request line and returns the status code. */
async function rawStatus(port, target) {
  const socket = net.connect(port, "127.0.0.1");
  await once(socket, "connect");
  socket.end(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
  let reply = "";
  for await (const chunk of socket) reply += chunk;
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1]);
}

test("dev server: serves the worker against fake upstreams, and exits when stdin closes", async () => {
  const up = await startUpstream();
  const s = await startDevServer(up.env({ UNRELATED_SECRET: "must-not-matter" }));
  try {
    const gold = await s.fetch("/api/gold-proxy");
    assert.equal(gold.status, 200);
    assert.deepEqual(gold.json, [{ price: 2345.67, updatedAt: "2025-01-02T03:04:05.000Z" }]);
    for (const amount of ["1", "2", "10"]) {
      const pair = await s.fetch(`/api/rates/pair/USD/EUR/${amount}`);
      assert.equal(pair.json.conversion_result, Number((Number(amount) * 0.9).toFixed(6)));
    }
    assert.equal(up.calls("rates-USD"), 1, "the in-memory cache works in Node too");
    const form = await s.fetch("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Ada", email: "ada@example.org", subject: "bug", message: "Hi" }),
    });
    assert.equal(form.status, 200);
    assert.equal(up.state.hooks[0].body.message, "Hi");
    assert.equal((await s.fetch("/api/rates/pair/USD/EUR/-1")).status, 400);
    assert.equal((await s.fetch("//api/../api/%ZZ")).status, 404);
    const head = await s.fetch("/api/gold-proxy", { method: "HEAD" });
    assert.equal(head.status, 200);
    assert.equal(head.text, "");
    up.state.fail = "status";
    assert.equal((await s.fetch("/api/ftse-proxy")).status, 502);
  } finally {
    s.child.stdin.end(); // what happens when `unitly serve` exits
    const [code] = await s.exited;
    await up.close();
    assert.equal(code, 0);
  }
  const { stdout, stderr } = s.output();
  assert.equal(stdout.split("\n").filter(Boolean).length, 1, "stdout holds only the listening line");
  assert.match(stderr, /GET \/api\/gold-proxy 200/);
  assert.ok(!stderr.includes(KEY), "the key never reaches the log");
});

test("dev server: starts with no environment at all, and exits on SIGTERM", async () => {
  const s = await startDevServer({});
  try {
    // No webhook configured. (No market or rates request here: they would go to the real
    // default upstreams, and tests never call a real API.)
    const form = await s.fetch("/api/subscribe", { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"email":"a@b.cd"}' });
    assert.equal(form.status, 503);
    assert.equal((await s.fetch("/api/nothing")).status, 404);
    assert.equal((await s.fetch("/api/gold-proxy", { method: "POST" })).status, 405);
    // Request lines no fetch client would send: absolute-form, bad escapes, a huge path.
    for (const target of ["http://evil.example/api/gold-proxy", "/api/rates/latest/%E0%A4%A", "/api/" + "x".repeat(20000)]) {
      const status = await rawStatus(s.port, target);
      assert.ok([400, 404, 414, 431].includes(status), `${target.slice(0, 40)}: ${status}`);
    }
  } finally {
    s.child.kill("SIGTERM");
    const [code, signal] = await s.exited;
    assert.ok(code === 0 || signal === "SIGTERM");
  }
});
