// The Workers Cache API layer: two workers (two isolates, so two separate in-memory
// Maps) in one miniflare share caches.default, like two isolates in one data centre.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Miniflare } from "miniflare";
import { WORKER, checkAnswer, compatibilityDate, sleep, startUpstream } from "./helpers.mjs";

async function twoIsolates(bindings) {
  const worker = (name) => ({ name, modules: true, scriptPath: WORKER, bindings });
  const mf = new Miniflare({ cf: false, compatibilityDate: compatibilityDate(), workers: [worker("a"), worker("b")] });
  await mf.ready;
  const fetcher = async (name) => {
    const w = await mf.getWorker(name);
    return async (path) => checkAnswer(await w.fetch(`http://unitly.test${path}`));
  };
  return { a: await fetcher("a"), b: await fetcher("b"), dispose: () => mf.dispose() };
}

// The put runs in waitUntil, after the answer; give it a moment to land.
async function until(check) {
  for (let i = 0; i < 40 && !(await check()); i++) await sleep(25);
}

test("a second isolate is served from caches.default without an upstream call", async () => {
  const up = await startUpstream();
  const { a, b, dispose } = await twoIsolates(up.env());
  try {
    assert.equal((await a("/api/rates/latest/EUR")).headers.get("x-unitly-cache"), "miss");
    let seen;
    await until(async () => (seen = await b("/api/rates/pair/EUR/USD/2")).headers.get("x-unitly-cache") === "hit");
    assert.equal(seen.headers.get("x-unitly-cache"), "hit");
    assert.equal(seen.json.conversion_result, Number((2 / 0.9).toFixed(6)));
    assert.equal(up.calls("rates-EUR"), 1);
  } finally {
    await dispose();
    await up.close();
  }
});

test("an expired caches.default entry is still the stale fallback for a cold isolate", async () => {
  const up = await startUpstream();
  const { a, b, dispose } = await twoIsolates(up.env({ MARKET_TTL_SECONDS: "0.1" }));
  try {
    assert.equal((await a("/api/gold-proxy")).status, 200);
    await sleep(300); // expired by our TTL, still kept by the Cache API
    up.state.fail = "status";
    const stale = await b("/api/gold-proxy");
    assert.equal(stale.status, 200);
    assert.equal(stale.headers.get("x-unitly-stale"), "1");
    assert.equal(stale.json[0].price, 2345.67);
  } finally {
    await dispose();
    await up.close();
  }
});
