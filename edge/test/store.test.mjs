// The live data store in the Workers runtime: Workers KV filled by the Cron Trigger, shared
// by isolates and kept across restarts (Miniflare's persisted KV), and the back-off.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { readWrangler } from "../scripts/wrangler.mjs";
import { assertLogged, sleep, startUpstream, startWorker, until } from "./helpers.mjs";

const CRONS = readWrangler(new URL("../wrangler.jsonc", import.meta.url).pathname).triggers.crons;

/** A fake upstream, a KV folder, and workers started on demand; everything cleaned up. */
async function world(fn, extra = {}) {
  const up = await startUpstream();
  const dir = mkdtempSync(join(tmpdir(), "unitly-kv-"));
  const workers = [];
  const start = async (more = {}) => {
    const w = await startWorker(up.env({ ...extra, ...more }), { persist: dir });
    workers.push(w);
    return w;
  };
  try {
    await fn({ up, start, stop: async (w) => { workers.splice(workers.indexOf(w), 1); await w.dispose(); } });
  } finally {
    await Promise.all(workers.map((w) => w.dispose()));
    await up.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test("wrangler.jsonc's one cron is the shortest TTL's schedule; a run refreshes what is due and writes KV once", () =>
  world(async ({ up, start }) => {
    assert.deepEqual(CRONS, ["*/5 * * * *"]);
    const w = await start();
    await w.scheduled(CRONS[0]);
    assert.deepEqual(up.state.calls, { "rates-USD": 1, gold: 1, ftse: 1 });
    const record = await w.record("rates");
    assert.equal(record.value.usd.EUR, 0.9137);
    assert.equal(record.failures, 0);
    assert.ok(Date.now() - record.fetchedAt < 10_000);
    assert.equal((await w.record("gold")).value.price, 2345.67);
    assert.deepEqual(await w.kvKeys(), ["live:tables"], "one key holds every table");
    // Filled KV: the fetch path costs nothing, and the schedule again only re-checks.
    for (const path of ["/api/rates/pair/GBP/JPY/2", "/api/gold-proxy", "/api/ftse-proxy"]) {
      const a = await w.fetch(path);
      assert.equal(a.status, 200);
      assert.equal(a.headers.get("x-unitly-cache"), "hit");
    }
    const written = (await w.record("gold")).updatedAt;
    await w.scheduled(CRONS[0]);
    assert.deepEqual(up.state.calls, { "rates-USD": 1, gold: 1, ftse: 1 });
    assert.equal((await w.record("gold")).updatedAt, written, "nothing due: nothing written");
    assert.ok(!w.logs.join("").includes("is not the shortest TTL's schedule"));
    await w.scheduled("0 * * * *");
    // The full run on 8294808 read no log here: it came after the assertion (assertLogged).
    await assertLogged(w, /the cron "0 \* \* \* \*" is not the shortest TTL's schedule "\*\/5 \* \* \* \*"/);
  }));

test("a browser may keep an answer until its data reaches the TTL, never longer", () =>
  world(async ({ start }) => {
    const w = await start();
    const first = await w.fetch("/api/gold-proxy");
    assert.match(first.headers.get("cache-control"), /^public, max-age=[12]$/);
    await sleep(1200);
    const later = await w.fetch("/api/gold-proxy");
    assert.equal(later.headers.get("x-unitly-cache"), "hit", "within TTL + grace");
    assert.equal(later.headers.get("cache-control"), "public, max-age=0", "past its TTL: ask again next time");
  }, { MARKET_TTL_SECONDS: "2" }));

test("the fetch path with empty KV fetches once and stores the table for everyone", () =>
  world(async ({ up, start }) => {
    const w = await start();
    assert.equal(await w.record("rates"), null);
    const a = await w.fetch("/api/rates/latest/JPY");
    assert.equal(a.status, 200);
    assert.equal(a.headers.get("x-unitly-cache"), "miss");
    await until(async () => (await w.record("rates"))?.value !== undefined);
    assert.equal(up.calls("rates-USD"), 1);
  }));

test("two Miniflare instances sharing one persisted KV cost one upstream call between them", () =>
  world(async ({ up, start }) => {
    const [a, b] = [await start(), await start()];
    up.state.delayMs = 1500;
    const first = a.fetch("/api/rates/latest/EUR");
    // a writes its lease to KV before it calls the upstream, so once the upstream has the
    // call, b sees the lease (waiting on the call, not on a fixed sleep, holds on a slow machine).
    await until(() => up.calls("rates-USD") >= 1, 10_000);
    const second = await b.fetch("/api/rates/pair/EUR/USD/2");
    assert.equal(second.status, 200);
    assert.equal(second.json.conversion_result, 2 / 0.9137);
    assert.equal((await first).status, 200);
    assert.equal((await b.fetch("/api/gold-proxy")).status, 200);
    assert.equal((await a.fetch("/api/gold-proxy")).headers.get("x-unitly-cache"), "hit");
    assert.deepEqual(up.state.calls, { "rates-USD": 1, gold: 1 });
  }));

test("a restart within the TTL costs no upstream call, at start (the schedule) or after", () =>
  world(async ({ up, start, stop }) => {
    const before = await start();
    for (const cron of CRONS) await before.scheduled(cron);
    assert.deepEqual(up.state.calls, { "rates-USD": 1, gold: 1, ftse: 1 });
    await stop(before);
    const after = await start();
    for (const cron of CRONS) await after.scheduled(cron); // what `unitly serve` runs at start
    for (const path of ["/api/rates/latest/BRL", "/api/gold-proxy", "/api/ftse-proxy"]) {
      const a = await after.fetch(path);
      assert.equal(a.status, 200);
      assert.equal(a.headers.get("x-unitly-cache"), "hit");
    }
    assert.deepEqual(up.state.calls, { "rates-USD": 1, gold: 1, ftse: 1 });
  }));

test("an outage costs one visitor's attempt, then the cron's, every answer 200 and stale; the back-off survives a restart", () =>
  world(async ({ up, start, stop }) => {
    const w = await start();
    assert.equal((await w.fetch("/api/rates/latest/USD")).status, 200);
    await sleep(300); // past TTL 0.1 s + grace
    up.state.fail = "status";
    // The first visitor's refresh fails: back-off 2 s, which the cron respects.
    assert.equal((await w.fetch("/api/rates/pair/USD/GBP/10")).status, 200);
    await until(async () => (await w.record("rates")).failures === 1, 5000);
    await w.scheduled(CRONS[0]);
    assert.equal(up.calls("rates-USD"), 2, "the cron respects the back-off");
    // 2.5 s of visitors, past the back-off: they leave the retry to the cron (a minute apart
    // at this TTL), where every location's visitors would otherwise retry at once.
    const answers = [];
    const end = Date.now() + 2500;
    while (Date.now() < end) {
      answers.push(await w.fetch("/api/rates/pair/USD/GBP/10"));
      await sleep(25);
    }
    assert.ok(answers.length > 20, `${answers.length} requests`);
    for (const a of answers) {
      assert.equal(a.status, 200);
      assert.equal(a.json.conversion_result, 10 * 0.78911);
      assert.equal(a.headers.get("x-unitly-stale"), "1", "marked stale once a refresh failed");
    }
    await sleep(200); // a refresh a visitor started would have been counted by now
    assert.equal(up.calls("rates-USD") - 1, 1, "one attempt in 2.8 s: the first visitor's");
    const record = await w.record("rates");
    assert.equal(record.failures, 1);
    assert.equal(record.value.usd.GBP, 0.78911, "the last good table is kept");

    // A restart (a fresh isolate) keeps the stored outage: stale answers, no visitor's attempt.
    await stop(w);
    const again = await start();
    const calls = up.calls("rates-USD");
    const a = await again.fetch("/api/rates/latest/GBP");
    assert.equal(a.status, 200);
    assert.equal(a.headers.get("x-unitly-stale"), "1");
    await sleep(200);
    assert.equal(up.calls("rates-USD"), calls, "no attempt from a visitor");

    // Healed: the cron's next run refreshes, and the answers are live again.
    up.state.fail = null;
    await again.scheduled(CRONS[0]);
    assert.equal(up.calls("rates-USD"), calls + 1);
    assert.equal((await again.fetch("/api/rates/latest/GBP")).headers.get("x-unitly-stale"), null);
    assert.equal((await again.record("rates")).failures, 0);
  }, { RATES_TTL_SECONDS: "0.1", UPSTREAM_RETRY_SECONDS: "2" }));

test("with nothing ever stored, the back-off holds too: a quick JSON 502 of the same kind, no upstream call", () =>
  world(async ({ up, start }) => {
    const w = await start();
    up.state.fail = "error-result"; // gold without a price; the rates say quota-reached
    assert.equal((await w.fetch("/api/gold-proxy")).json["error-type"], "no-price");
    assert.equal((await w.fetch("/api/rates/latest/USD")).json["error-type"], "upstream-unavailable");
    up.state.fail = null;
    const gold = await w.fetch("/api/gold-proxy");
    assert.equal(gold.status, 502);
    assert.equal(gold.json["error-type"], "no-price", "the kind of the last failure");
    assert.equal((await w.fetch("/api/rates/latest/USD")).status, 502);
    assert.equal((await w.record("gold")).failures, 1);
    assert.deepEqual(up.state.calls, { gold: 1, "rates-USD": 1 });
    const logs = w.logs.join("");
    assert.equal(logs.match(/rates: refresh failed/g).length, 1, "logged once");
    assert.match(logs, /quota-reached/);
  }, { UPSTREAM_RETRY_SECONDS: "60" }));
