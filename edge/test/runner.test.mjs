// The runner of `unitly serve` (scripts/serve.mjs): the worker in workerd through Miniflare
// with whatever bindings wrangler.jsonc declares, KV kept in a state folder, the schedule.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { miniflareOptions, readDevVars, readWrangler } from "../scripts/wrangler.mjs";
import { KEY, checkAnswer, formToken, startUpstream, until } from "./helpers.mjs";

const SCRIPT = fileURLToPath(new URL("../scripts/serve.mjs", import.meta.url));
const WRANGLER = fileURLToPath(new URL("../wrangler.jsonc", import.meta.url));

test("bindings come from wrangler.jsonc generically: vars, every KV namespace, rate limiter and Durable Object, the crons", () => {
  const dir = mkdtempSync(join(tmpdir(), "unitly-wrangler-"));
  try {
    const file = join(dir, "wrangler.jsonc");
    writeFileSync(file, `{
      // comments and trailing commas, as wrangler allows
      "compatibility_date": "2025-09-01",
      "compatibility_flags": ["nodejs_compat"],
      "kv_namespaces": [{ "binding": "LIVE_DATA" }, { "binding": "FORMS", "id": "abc123" },],
      "ratelimits": [{ "name": "FORM_LIMITER", "namespace_id": "1001", "simple": { "limit": 5, "period": 60 } }],
      "triggers": { "crons": ["0 * * * *"] },
      "durable_objects": { "bindings": [{ "name": "MARKS", "class_name": "Marks" }, { "name": "OLD", "class_name": "Old" }, { "name": "FAR", "class_name": "Far", "script_name": "other" }] },
      "migrations": [{ "tag": "v1", "new_classes": ["Old"] }, { "tag": "v2", "new_sqlite_classes": ["Marks"] }],
      "r2_buckets": [{ "binding": "FILES", "bucket_name": "f" }],
      "vars": { "PLAIN": "from-config", "OVERRIDDEN": "from-config", "EMPTY": "" },
    }`);
    writeFileSync(join(dir, ".dev.vars"), `# local secrets\nSECRET_A="quoted value"\nexport SECRET_B=plain\n`);
    const warnings = [];
    const { crons, options } = miniflareOptions(readWrangler(file), {
      env: { OVERRIDDEN: "from-env", SECRET_B: "env-wins", NOT_DECLARED: "must-not-pass", PATH: "/bin" },
      envNames: ["SECRET_B"],
      devVars: readDevVars(join(dir, ".dev.vars")),
      state: "/state",
      warn: (m) => warnings.push(m),
    });
    assert.deepEqual(crons, ["0 * * * *"]);
    assert.deepEqual(options, {
      compatibilityDate: "2025-09-01",
      compatibilityFlags: ["nodejs_compat"],
      bindings: { SECRET_A: "quoted value", SECRET_B: "env-wins", PLAIN: "from-config", OVERRIDDEN: "from-env", EMPTY: "" },
      kvNamespaces: { LIVE_DATA: "LIVE_DATA", FORMS: "abc123" },
      kvPersist: "/state/kv",
      ratelimits: { FORM_LIMITER: { simple: { limit: 5, period: 60 } } },
      durableObjects: { MARKS: { className: "Marks", useSQLite: true }, OLD: { className: "Old", useSQLite: false } },
      durableObjectsPersist: "/state/do",
    });
    assert.deepEqual(warnings, [
      "wrangler.jsonc binds FAR to a class of another worker, which the local runner does not bind",
      "wrangler.jsonc declares r2_buckets, which the local runner does not bind",
    ]);

    writeFileSync(file, `{\n  "vars": { "A": 1 }\n  "b": 2\n}`);
    assert.throws(() => readWrangler(file), new RegExp(`${file.replace(/[.]/g, "\\.")}:3:3: CommaExpected`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Starts the runner with exactly `env` (plus PATH) and waits for its address line. */
async function startRunner(env, args = []) {
  const child = spawn(process.execPath, [SCRIPT, "--port", "0", ...args], { env: { PATH: process.env.PATH, ...env }, stdio: ["pipe", "pipe", "pipe"] });
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
    child.on("exit", (code) => reject(new Error(`runner exited (${code}): ${stderr}`)));
  });
  return {
    origin,
    exited,
    output: () => ({ stdout, stderr }),
    fetch: async (path, init) => checkAnswer(await fetch(origin + path, init)),
    /** What `unitly serve` does when it exits: close our stdin. */
    stop: async () => {
      child.stdin.end();
      const [code] = await exited;
      return code;
    },
  };
}

const refused = (port) =>
  new Promise((resolve) => {
    const s = net.connect(port, "127.0.0.1");
    s.on("connect", () => (s.destroy(), resolve(false)));
    s.on("error", () => resolve(true));
  });

test("serve.mjs: workerd with the project's bindings; the start schedule fills KV, the forms' marks persist, a restart costs nothing, it stops with its parent", async () => {
  const up = await startUpstream();
  const dir = mkdtempSync(join(tmpdir(), "unitly-runner-"));
  // The key comes only from .dev.vars next to the config: a good table proves it reached the worker.
  const config = join(dir, "wrangler.jsonc");
  const extra = `"ratelimits": [{ "name": "FORM_LIMITER", "namespace_id": "1001", "simple": { "limit": 5, "period": 60 } }],\n`;
  writeFileSync(config, readFileSync(WRANGLER, "utf8").replace(/\n\s*"vars"/, `\n  ${extra}  "vars"`));
  writeFileSync(join(dir, ".dev.vars"), `EXCHANGE_API_KEY=${KEY}\n`);
  const { EXCHANGE_API_KEY, ...env } = up.env({ UNRELATED: "x" });
  const args = ["--state", join(dir, "state"), "--config", config];
  try {
    const first = await startRunner(env, args);
    await until(() => up.calls("rates-USD") === 1 && up.calls("gold") === 1 && up.calls("ftse") === 1, 15_000);
    const pair = await first.fetch("/api/rates/pair/USD/EUR/10");
    assert.equal(pair.status, 200);
    assert.equal(pair.headers.get("x-unitly-cache"), "hit");
    assert.equal((await first.fetch("/api/rates/pair/USD/EUR/-1")).status, 400);
    // The Durable Object of the forms' marks is bound and kept in the state folder.
    const token = formToken();
    const contact = (run) => run.fetch("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Ada", email: "ada@example.org", subject: "bug", message: "Hello", token }),
    });
    assert.equal((await contact(first)).status, 200);
    assert.equal((await contact(first)).status, 409);
    const head = await first.fetch("/api/gold-proxy", { method: "HEAD" });
    assert.equal(head.status, 200);
    assert.equal(head.text, "");
    const port = Number(new URL(first.origin).port);
    assert.equal(await first.stop(), 0);
    assert.ok(await refused(port), "workerd stopped with the runner");

    const second = await startRunner(env, args);
    for (const path of ["/api/rates/latest/JPY", "/api/gold-proxy", "/api/ftse-proxy"]) {
      assert.equal((await second.fetch(path)).headers.get("x-unitly-cache"), "hit");
    }
    assert.equal((await contact(second)).status, 409, "the used token is still used after a restart");
    await new Promise((r) => setTimeout(r, 500)); // the start schedule has run by now
    assert.deepEqual(up.state.calls, { "rates-USD": 1, gold: 1, ftse: 1, "/hook/contact": 1 });
    assert.equal(await second.stop(), 0);
    for (const run of [first, second]) {
      const { stdout, stderr } = run.output();
      assert.equal(stdout.split("\n").filter(Boolean).length, 1, "stdout holds only the address line");
      assert.ok(!stderr.includes(KEY), "the key never reaches the log");
    }
  } finally {
    await up.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
