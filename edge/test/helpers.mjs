// Shared test fixtures: a fake upstream (node:http on 127.0.0.1) that counts its calls,
// and the bundled worker (dist/worker.js) running in workerd through miniflare.
import assert from "node:assert/strict";
import { createHmac, randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";
import { miniflareOptions } from "../scripts/wrangler.mjs";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const WORKER = fileURLToPath(new URL("../dist/worker.js", import.meta.url));
// Distinctive, so a leak anywhere is unmistakable.
export const KEY = "sk-test-9f8e7d6c5b4a";
export const CODES = ["USD", "EUR", "GBP", "JPY", "CAD", "AUD", "CHF", "CNY", "INR", "BRL"];

// Units per 1 USD, with digits enough that a cross rate's rounding would show; every
// other rate derives from it. XAU and ZAR must be filtered out.
export const PER_USD = { USD: 1, EUR: 0.9137, GBP: 0.78911, JPY: 151.337, CAD: 1.3571, AUD: 1.5233, CHF: 0.88043, CNY: 7.2019, INR: 83.3771, BRL: 5.0517, XAU: 0.0004, ZAR: 18 };
export const rate = (from, to) => PER_USD[to] / PER_USD[from];
/**
 * The fake rates table's publication time: today at 00:00:01 UTC (never more than a day old,
 * so the edge calls it live; a fixed date would be marked stale by its age once past), and
 * the next one a day later; `state.ratesTime` (unix seconds) sets another.
 */
export const RATES_TIME = Math.floor(Date.now() / 86400_000) * 86400 + 1;
export const utcOf = (unix) => new Date(unix * 1000).toUTCString();

/** The currencies the fake history provider covers (the ECB's reference currencies). */
export const HISTORY_CODES = ["AUD", "BGN", "BRL", "CAD", "CHF", "CNY", "CZK", "DKK", "EUR", "GBP", "HKD", "HUF", "IDR", "ILS", "INR", "ISK", "JPY", "KRW", "MXN", "MYR", "NOK", "NZD", "PHP", "PLN", "RON", "SEK", "SGD", "THB", "TRY", "USD", "ZAR"];
/** The fake provider's rate of `code` per 1 USD on `date` (working days only): a gentle wave, so ranges have a min and max. */
export function historyPerUsd(code, date) {
  const day = Date.parse(`${date}T00:00:00Z`) / 86_400_000;
  const base = PER_USD[code] ?? 1 + HISTORY_CODES.indexOf(code);
  return code === "USD" ? 1 : base * (1 + 0.1 * Math.sin(day / 50 + HISTORY_CODES.indexOf(code)));
}
const workingDays = (start, end) => {
  const days = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000) {
    const d = new Date(t);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) days.push(d.toISOString().slice(0, 10));
  }
  return days;
};
/**
 * A module of src/ bundled on its own (esbuild, as the worker is), for a pure function the
 * worker's answers cannot reach with the date a test needs.
 */
export async function importSource(file) {
  const { build } = await import("esbuild");
  const out = await build({ entryPoints: [fileURLToPath(new URL(`../src/${file}`, import.meta.url))], bundle: true, format: "esm", write: false, logLevel: "silent" });
  return import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString("base64")}`);
}

/** The one KV namespace the worker binds (wrangler.jsonc), as tests bind it. */
export const KV_BINDING = "LIVE_DATA";

/** wrangler.jsonc as an object (its comments are whole lines of `//`). */
export function wranglerConfig() {
  const text = readFileSync(new URL("../wrangler.jsonc", import.meta.url), "utf8");
  return JSON.parse(text.replace(/^\s*\/\/.*$/gm, ""));
}

/** The compatibility date from wrangler.jsonc, so tests run what production runs. */
export function compatibilityDate() {
  return wranglerConfig().compatibility_date;
}

/** Miniflare options for the rate limiters and Durable Objects wrangler.jsonc declares (as `unitly serve` binds them). */
export function wranglerBindings() {
  const { ratelimits, durableObjects } = miniflareOptions(wranglerConfig(), {}).options;
  return { ratelimits, durableObjects };
}

/** The FORM_SECRET every test worker gets. */
export const FORM_SECRET = "form-secret-test-3c1d";

/** A form token as the worker issues them, issued `ageMs` ago (signed here with the test secret), with its own nonce. */
export function formToken(ageMs = 5000, secret = FORM_SECRET, nonce = randomBytes(16).toString("base64url")) {
  const at = Date.now() - ageMs;
  const sig = createHmac("sha256", secret).update(`unitly-form-token:${at}:${nonce}`).digest("base64url");
  return `${at}.${nonce}.${sig}`;
}

/** The path of a confirmation link for `email` as the worker signs them, as if requested `ageMs` ago. */
export function confirmPath(email, ageMs = 0, secret = FORM_SECRET) {
  const at = Date.now() - ageMs;
  const sig = createHmac("sha256", secret).update(`unitly-confirm:${at}:${email}`).digest("base64url");
  return `/api/subscribe/confirm?${new URLSearchParams({ email, at: String(at), sig })}`;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Fake upstreams. `fail` switches every data route at once:
 * null (healthy), "status" (HTTP 500), "timeout" (answers after 3 s), "garbage" (not JSON),
 * "error-result" (rates: {"result":"error"}, market: an answer without a price).
 * `delayMs` slows healthy answers, so concurrent requests overlap.
 */
export async function startUpstream() {
  // `edit(name, body)` may replace a healthy answer (a table with a rate missing…).
  // `sitePage`: what the site answers for /newsletter/confirm ({ html, headers }), or null (404).
  // `hooksDown`: every webhook answers 500 (as /hook/fail… always does).
  // `historyFail`: the history provider answers 503 ("status") or after 8 s ("slow").
  const state = { fail: null, delayMs: 0, calls: {}, hooks: [], edit: null, sitePage: null, hooksDown: false };
  const count = (name) => (state.calls[name] = (state.calls[name] ?? 0) + 1);
  const send = (res, status, body) => {
    if (res.destroyed) return;
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };

  const server = http.createServer(async (req, res) => {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const path = new URL(req.url, "http://x").pathname;

    // `huge`: { prefix, mode, bytes }: requests whose path starts with `prefix` get a JSON
    // body of `bytes` streamed without Content-Length ("stream"), or a Content-Length of
    // `bytes` then a body that never comes ("declared"). `hugeSent`: bytes actually written,
    // which stops growing once the reader hangs up.
    if (state.huge && path.startsWith(state.huge.prefix)) {
      const { mode, bytes } = state.huge;
      state.hugeSent = 0;
      res.writeHead(200, { "Content-Type": "application/json", ...(mode === "declared" ? { "Content-Length": String(bytes) } : {}) });
      const closed = new Promise((r) => res.once("close", r));
      if (mode === "declared") {
        res.write("[");
        return closed;
      }
      const chunk = Buffer.alloc(64 * 1024, 0x20); // JSON whitespace
      res.write("[");
      while (state.hugeSent < bytes && !res.destroyed) {
        state.hugeSent += chunk.length;
        if (!res.write(chunk)) await Promise.race([new Promise((r) => res.once("drain", r)), closed]);
      }
      if (!res.destroyed) res.end("]");
      return;
    }

    if (path === "/turnstile") {
      count(path);
      const form = new URLSearchParams(Buffer.concat(chunks).toString());
      state.turnstile = (state.turnstile ?? []).concat([Object.fromEntries(form)]);
      return send(res, 200, { success: form.get("response") === "turnstile-pass", "error-codes": [] });
    }

    // Frankfurter's v1 API: /currencies and /{start}..{end}?base=&symbols= (end empty: today).
    if (path.startsWith("/history/")) {
      const rest = path.slice("/history/".length);
      const name = rest === "currencies" ? "history-currencies" : "history-series";
      count(name);
      if (state.historyFail === "slow") await new Promise((r) => setTimeout(r, 8000).unref());
      if (state.historyFail === "status") return send(res, 503, { message: "down" });
      // `historyFailFor`: the series of any pair with this currency answers 503 (one pair's trouble).
      const wanted = new URL(req.url, "http://x").searchParams;
      if (state.historyFailFor && rest !== "currencies" && [wanted.get("base"), wanted.get("symbols")].includes(state.historyFailFor)) return send(res, 503, { message: "down" });
      if (rest === "currencies" && state.historyCurrencies !== undefined) return send(res, 200, state.historyCurrencies);
      if (rest === "currencies") return send(res, 200, Object.fromEntries(HISTORY_CODES.map((c) => [c, `${c} name`])));
      const m = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})?$/.exec(rest);
      const q = new URL(req.url, "http://x").searchParams;
      const [base, symbol] = [q.get("base"), q.get("symbols")];
      if (!m || !HISTORY_CODES.includes(base) || !HISTORY_CODES.includes(symbol)) return send(res, 404, { message: "not found" });
      const days = workingDays(m[1], m[2] ?? new Date().toISOString().slice(0, 10));
      const rates = Object.fromEntries(days.map((d) => [d, { [symbol]: Number((historyPerUsd(symbol, d) / historyPerUsd(base, d)).toPrecision(5)) }]));
      return send(res, 200, { amount: 1, base, start_date: days[0], end_date: days.at(-1), rates });
    }

    if (path === "/newsletter/confirm") {
      count(path);
      if (!state.sitePage) return send(res, 404, { error: "no page" });
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", ...state.sitePage.headers });
      return res.end(state.sitePage.html);
    }

    if (path.startsWith("/hook/")) {
      count(path);
      state.hooks.push({ path, contentType: req.headers["content-type"], idempotencyKey: req.headers["idempotency-key"], body: JSON.parse(Buffer.concat(chunks).toString()) });
      // `hooksSlowMs`: the receiver takes the post, then answers this late.
      if (state.hooksSlowMs) await new Promise((r) => setTimeout(r, state.hooksSlowMs).unref());
      return send(res, path.startsWith("/hook/fail") || state.hooksDown ? 500 : 200, { ok: true });
    }

    let name, body, bad;
    let m;
    if ((m = /^\/gold\/(array|object)$/.exec(path))) {
      name = "gold";
      const item = { name: "Gold", price: 2345.67, symbol: "XAU", updatedAt: "2025-01-02T03:04:05Z" };
      body = m[1] === "array" ? [item] : item;
      bad = { name: "Gold", price: "n/a" };
    } else if (path === "/ftse") {
      name = "ftse";
      body = { chart: { result: [{ meta: { currency: "GBP", symbol: "^FTSE", regularMarketPrice: 8123.45, regularMarketTime: 1735787045, exchangeName: "FGI" }, indicators: {} }], error: null } };
      bad = { chart: { result: [{ meta: { symbol: "^FTSE", regularMarketPrice: null } }], error: null } };
    } else if ((m = /^\/v6\/(?:([^/]+)\/)?latest\/([A-Z]+)$/.exec(path))) {
      const [, key, base] = m;
      name = `rates-${base}`;
      const table = Object.fromEntries(Object.keys(PER_USD).map((c) => [c, rate(base, c)]));
      // The real keyed API says conversion_rates, the open one says rates. The echo field
      // carries the key back, to prove that upstream text never reaches a visitor.
      body = key
        ? { result: "success", echo: req.url, base_code: base, time_last_update_utc: utcOf(state.ratesTime ?? RATES_TIME), time_next_update_utc: utcOf((state.ratesTime ?? RATES_TIME) + 86400), conversion_rates: table }
        : { result: "success", base_code: base, time_last_update_unix: state.ratesTime ?? RATES_TIME, time_next_update_unix: (state.ratesTime ?? RATES_TIME) + 86400, rates: table };
      if (key && decodeURIComponent(key) !== KEY) body = { result: "error", "error-type": "invalid-key", echo: req.url };
      bad = { result: "error", "error-type": "quota-reached", echo: req.url };
    } else {
      return send(res, 404, { error: "no such fake route", path });
    }

    count(name);
    // unref: a request still hanging when the test ends must not keep the process alive.
    if (state.fail === "timeout") await new Promise((r) => setTimeout(r, 3000).unref());
    else if (state.delayMs) await sleep(state.delayMs);
    if (state.fail === "status") return send(res, 500, { error: "boom", echo: req.url });
    if (state.fail === "garbage") return send(res, 200, "<html>" + req.url);
    send(res, 200, state.fail === "error-result" ? bad : state.edit ? state.edit(name, body) : body);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  return {
    state,
    base,
    calls: (name) => state.calls[name] ?? 0,
    /** Bindings that point every upstream at this server. */
    env: (extra = {}) => ({
      GOLD_UPSTREAM_URL: `${base}/gold/array`,
      FTSE_UPSTREAM_URL: `${base}/ftse`,
      RATES_UPSTREAM_URL: `${base}/v6`,
      HISTORY_UPSTREAM_URL: `${base}/history`,
      EXCHANGE_API_KEY: KEY,
      CONTACT_WEBHOOK_URL: `${base}/hook/contact`,
      SUBSCRIBE_WEBHOOK_URL: `${base}/hook/subscribe`,
      FORM_SECRET,
      TURNSTILE_VERIFY_URL: `${base}/turnstile`,
      ...extra,
    }),
    close: () => {
      server.closeAllConnections();
      return new Promise((r) => server.close(r));
    },
  };
}

/** Asserts the things every answer must satisfy, whatever the route or status. */
export async function checkAnswer(res) {
  const body = await res.text();
  const headers = [...res.headers].map(([k, v]) => `${k}: ${v}`).join("\n");
  for (const secret of [KEY, encodeURIComponent(KEY), FORM_SECRET]) {
    assert.ok(!body.includes(secret), `key leaked in body: ${body}`);
    assert.ok(!headers.includes(secret), `key leaked in headers: ${headers}`);
  }
  assert.equal(res.headers.get("access-control-allow-origin"), null, "no CORS header expected");
  if (body !== "") {
    assert.equal(res.headers.get("content-type"), "application/json; charset=utf-8");
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    assert.ok(res.headers.get("cache-control"), "Cache-Control expected");
  }
  return { status: res.status, headers: res.headers, text: body, json: body === "" ? undefined : JSON.parse(body) };
}

/**
 * What stands in for the live-data KV namespace when a test asks (`kv` of startWorker): the
 * real namespace behind a wrapper that logs every call (`[kv] get`, `[kv] put`, so a test
 * can count them in the logs) and, with PUTS_FAIL, throws on every put as Workers KV does
 * once the day's writes are used up.
 */
const KV_WRAPPER = `export default function (env) {
  return {
    async get(key, type) { console.log("[kv] get"); return env.INNER.get(key, type); },
    async put(key, value, options) {
      console.log("[kv] put");
      if (env.PUTS_FAIL) throw new Error("KV put() limit exceeded for the day.");
      return env.INNER.put(key, value, options);
    },
  };
}`;

/** How many KV calls of `kind` ("get", "put") the logs of a worker started with `kv` show. */
export const kvCalls = (logs, kind) => (logs.join("").match(new RegExp(`\\[kv\\] ${kind}`, "g")) ?? []).length;

/**
 * A fresh worker (fresh isolate) with these bindings and its KV namespace: empty, or kept
 * in the folder `persist` (shared by every worker given the same folder, and kept after
 * dispose, like the deployment's KV). Its console output is collected so tests can check
 * the logs never hold the key either. `kv`: "count" logs every KV call, "fail-puts" also
 * makes every put throw (KV_WRAPPER).
 */
export async function startWorker(bindings, { persist, kv, cache } = {}) {
  // The tests' TTLs are seconds or less, below a deployment's minimum (MIN_TTL_SECONDS);
  // a test of that minimum sets UNITLY_TEST_SHORT_TTLS to "".
  bindings = { UNITLY_TEST_SHORT_TTLS: "1", ...bindings };
  assert.ok(existsSync(WORKER), "dist/worker.js is missing: run `npm run build` (npm test does)");
  const logs = [];
  const live = { kvNamespaces: { [KV_BINDING]: "live-data" } };
  const wrapped = {
    wrappedBindings: { [KV_BINDING]: { scriptName: "kv-wrapper", bindings: { PUTS_FAIL: kv === "fail-puts" } } },
  };
  const main = {
    name: "unitly",
    modules: true,
    scriptPath: WORKER,
    compatibilityDate: compatibilityDate(),
    ...wranglerBindings(),
    bindings,
    ...(kv ? wrapped : live),
    // `cache: false`: the Cache API keeps nothing, as on a *.workers.dev address.
    ...(cache === false ? { cache: false } : {}),
  };
  const mf = new Miniflare({
    cf: false, // no download of the request.cf data
    ...(persist ? { kvPersist: persist, durableObjectsPersist: persist } : {}),
    handleRuntimeStdio(stdout, stderr) {
      stdout.on("data", (d) => logs.push(String(d)));
      stderr.on("data", (d) => logs.push(String(d)));
    },
    workers: kv ? [main, { name: "kv-wrapper", modules: true, script: KV_WRAPPER, kvNamespaces: { INNER: "live-data" } }] : [main],
  });
  await mf.ready;
  // The namespace itself, also behind a wrapper.
  const kvNamespace = () => (kv ? mf.getKVNamespace("INNER", "kv-wrapper") : mf.getKVNamespace(KV_BINDING));
  return {
    logs,
    /** Raw dispatch, for requests a URL object would normalise away. */
    raw: (url, init) => mf.dispatchFetch(url, init),
    fetch: async (path, init) => checkAnswer(await mf.dispatchFetch(`http://unitly.test${path}`, init)),
    /** Runs the Cron Trigger's handler for `cron`, as Cloudflare does on schedule. */
    scheduled: async (cron) => (await mf.getWorker()).scheduled({ cron, scheduledTime: new Date() }),
    /** The keys of the live-data KV namespace. */
    kvKeys: async () => (await kvNamespace()).list().then((l) => l.keys.map((k) => k.name)),
    /** The stored record of a table ("rates", "gold", "ftse") in the one KV record of live data, or null. */
    record: async (name) => ((await (await kvNamespace()).get("live:tables", "json")) ?? {})[name] ?? null,
    dispose: async () => {
      await mf.dispose();
      const all = logs.join("");
      assert.ok(!all.includes(KEY) && !all.includes(encodeURIComponent(KEY)), `key leaked in logs: ${all}`);
      assert.ok(!all.includes(FORM_SECRET), `FORM_SECRET leaked in logs: ${all}`);
    },
  };
}

/**
 * Asserts that the worker logged `pattern`, waiting for it up to 3 s: workerd's output reaches
 * the test's pipe after the request or scheduled run that logged it has returned, and on a
 * busy machine later than the next line of the test.
 */
export async function assertLogged(w, pattern) {
  await until(() => pattern.test(w.logs.join(""))).catch(() => {});
  assert.match(w.logs.join(""), pattern);
}

/** Polls `check` until it is true (work done in waitUntil lands just after the answer). */
export async function until(check, ms = 3000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await sleep(20);
  }
}

/**
 * Runs `fn` with a fake upstream and a worker bound to it, and always cleans up.
 * `extraEnv` overrides bindings; as a function it gets the upstream's base URL.
 */
export async function withWorker(extraEnv, fn, options = {}) {
  const up = await startUpstream();
  // No back-off unless a test asks for it, so a test can fail an upstream and heal it at once.
  const worker = await startWorker({ UPSTREAM_RETRY_SECONDS: "0", ...up.env(typeof extraEnv === "function" ? extraEnv(up.base) : extraEnv) }, options);
  try {
    await fn(worker, up);
  } finally {
    await worker.dispose();
    await up.close();
  }
}

export { sleep };
