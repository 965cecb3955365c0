// Workers KV writes are the scarcest free quota (1,000 a day). These tests count them: one
// write per cron run however many tables it refreshes, none for visitors or form posts;
// and with every put throwing (the day's writes used up), upstream calls stay where they
// were and no visitor's message is lost. Time is scaled down: TTLs of a second or less.
import assert from "node:assert/strict";
import { test } from "node:test";
import { formToken, kvCalls, sleep, startUpstream, startWorker } from "./helpers.mjs";

// The schedule of the scaled TTLs (cronFor: under a minute is every minute).
const CRON = "* * * * *";
const message = { name: "Ada Lovelace", email: "ada@example.org", subject: "bug", message: "5 ft shows 1.524 m." };
let client = 0;
const contact = (w) =>
  w.fetch("/api/contact", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": `198.51.100.${++client % 250}` },
    body: JSON.stringify({ ...message, token: formToken() }),
  });

/** A worker whose KV is wrapped (`kv`: "count" or "fail-puts"), against a fresh fake upstream. */
async function counted(kv, env, fn) {
  const up = await startUpstream();
  const w = await startWorker(up.env({ UPSTREAM_RETRY_SECONDS: "0", ...env }), { kv });
  try {
    await fn(w, up);
  } finally {
    await w.dispose();
    await up.close();
  }
}

/** Visitors of every live route, `each` ms apart, until `ms` have passed; their answers' statuses. */
async function visitors(w, ms, each = 40) {
  const paths = ["/api/gold-proxy", "/api/ftse-proxy", "/api/rates/latest/EUR", "/api/rates/pair/USD/JPY/5"];
  const statuses = [];
  const end = Date.now() + ms;
  for (let i = 0; Date.now() < end; i++) {
    statuses.push((await w.fetch(paths[i % paths.length])).status);
    await sleep(each);
  }
  return statuses;
}

test("one KV write per cron run, whatever it refreshes; visitors and form posts write none", () =>
  // A 5-minute market TTL scaled to 1 s, the hourly rates to 12 s: 10 runs are 50 minutes.
  counted("count", { MARKET_TTL_SECONDS: "1", RATES_TTL_SECONDS: "12" }, async (w, up) => {
    const runs = 10;
    for (let i = 0; i < runs; i++) {
      await w.scheduled(CRON);
      const statuses = await visitors(w, 1000, 60);
      assert.ok(statuses.every((s) => s === 200), statuses.join());
      if (i % 3 === 0) assert.equal((await contact(w)).status, 200);
    }
    const puts = kvCalls(w.logs, "put");
    assert.ok(puts >= runs - 1 && puts <= runs + 1, `${puts} KV writes in ${runs} cron runs`);
    // Each run refreshed the market quotes; the rates once (plus at most one run past its TTL).
    assert.ok(up.calls("gold") >= runs - 1 && up.calls("gold") <= runs + 1, `${up.calls("gold")} gold calls`);
    assert.ok(up.calls("rates-USD") <= 2, `${up.calls("rates-USD")} rate tables`);
    assert.equal(up.calls("/hook/contact"), 4, "every message delivered");
    // Extrapolated to a day at the default periods: 288 runs, so 288 writes (the budget is 500 of the 1,000).
    assert.ok((puts / runs) * 288 <= 500);
  }));

test("KV puts throwing on every call: over a simulated hour no more upstream calls, and every message delivered or refused visibly", () =>
  // The hour scaled to 6 s: market TTL 0.5 s (5 minutes), rates 6 s (an hour), back-off 1 s.
  counted("fail-puts", { MARKET_TTL_SECONDS: "0.5", RATES_TTL_SECONDS: "6", UPSTREAM_RETRY_SECONDS: "1" }, async (w, up) => {
    const started = Date.now();
    const answers = [];
    for (let i = 0; i < 12; i++) {
      await w.scheduled(CRON);
      answers.push(...(await visitors(w, 500)));
      if (i % 4 === 0) answers.push((await contact(w)).status);
    }
    const elapsed = (Date.now() - started) / 1000;
    assert.ok(answers.every((s) => s === 200), answers.join());
    assert.ok(kvCalls(w.logs, "put") > 0 && w.logs.join("").includes("KV write failed"), "the puts did fail");
    // Without KV this isolate's memory copy holds: one call per TTL per table, as with KV.
    for (const [table, ttl] of [["gold", 0.5], ["ftse", 0.5], ["rates-USD", 6]]) {
      assert.ok(up.calls(table) <= Math.ceil(elapsed / ttl) + 1, `${table}: ${up.calls(table)} calls in ${elapsed} s`);
    }
    assert.equal(up.calls("/hook/contact"), 3, "every message delivered");

    // An outage on top: the back-off (1 s, then 2 s) holds in memory too.
    up.state.fail = "status";
    const before = { gold: up.calls("gold"), rates: up.calls("rates-USD") };
    const outage = await visitors(w, 2500);
    await w.scheduled(CRON);
    assert.ok(outage.every((s) => s === 200), "served stale, never a 5xx");
    assert.ok(up.calls("gold") - before.gold <= 3, `${up.calls("gold") - before.gold} gold attempts in 2.5 s`);
    assert.ok(up.calls("rates-USD") - before.rates <= 3, `${up.calls("rates-USD") - before.rates} rate attempts in 2.5 s`);
  }));
