// /api/gold-proxy and /api/ftse-proxy in the Workers runtime against fake upstreams.
import assert from "node:assert/strict";
import { test } from "node:test";
import { sleep, until, withWorker } from "./helpers.mjs";

test("gold: array upstream shape is answered as [{price, updatedAt}] and stored", () =>
  withWorker({}, async (w, up) => {
    const a = await w.fetch("/api/gold-proxy");
    assert.equal(a.status, 200);
    assert.deepEqual(a.json, [{ price: 2345.67, updatedAt: "2025-01-02T03:04:05.000Z" }]);
    // Cacheable until the quote reaches its TTL (MARKET_TTL_SECONDS 300): just fetched, nearly all of it.
    assert.match(a.headers.get("cache-control"), /^public, max-age=(29\d|300)$/);
    assert.equal(a.headers.get("x-unitly-cache"), "miss");
    const b = await w.fetch("/api/gold-proxy");
    assert.deepEqual(b.json, a.json);
    assert.equal(b.headers.get("x-unitly-cache"), "hit");
    assert.equal(up.calls("gold"), 1);
  }));

test("gold: {price} object upstream shape is normalised to an array", () =>
  withWorker((base) => ({ GOLD_UPSTREAM_URL: `${base}/gold/object` }), async (w) => {
    const a = await w.fetch("/api/gold-proxy");
    assert.equal(a.status, 200);
    assert.deepEqual(a.json, [{ price: 2345.67, updatedAt: "2025-01-02T03:04:05.000Z" }]);
  }));

test("gold: a missing or non-numeric price is a 502 no-price (not a failed fetch), and is not stored", () =>
  withWorker({}, async (w, up) => {
    up.state.fail = "error-result";
    const a = await w.fetch("/api/gold-proxy");
    assert.equal(a.status, 502);
    assert.deepEqual(a.json, { result: "error", "error-type": "no-price" });
    assert.equal(a.headers.get("cache-control"), "no-store");
    up.state.fail = null;
    const b = await w.fetch("/api/gold-proxy");
    assert.equal(b.status, 200);
    assert.equal(up.calls("gold"), 2);
  }));

test("ftse: Yahoo's chart shape, trimmed to the meta the banner reads", () =>
  withWorker({}, async (w, up) => {
    const a = await w.fetch("/api/ftse-proxy");
    assert.equal(a.status, 200);
    assert.deepEqual(a.json, {
      chart: { result: [{ meta: { regularMarketPrice: 8123.45, currency: "GBP", symbol: "^FTSE", regularMarketTime: 1735787045 } }], error: null },
    });
    assert.match(a.headers.get("cache-control"), /^public, max-age=(29\d|300)$/);
    await w.fetch("/api/ftse-proxy");
    assert.equal(up.calls("ftse"), 1);
  }));

test("ftse: a non-numeric regularMarketPrice or non-JSON answer is a 502", () =>
  withWorker({}, async (w, up) => {
    up.state.fail = "error-result";
    const noPrice = await w.fetch("/api/ftse-proxy");
    assert.equal(noPrice.status, 502);
    assert.equal(noPrice.json["error-type"], "no-price");
    // A price of zero or below is no price either, as for gold.
    up.state.fail = null;
    up.state.edit = (name, body) => (name === "ftse" ? { chart: { result: [{ meta: { ...body.chart.result[0].meta, regularMarketPrice: 0 } }], error: null } } : body);
    assert.equal((await w.fetch("/api/ftse-proxy")).json["error-type"], "no-price");
    up.state.edit = null;
    up.state.fail = "garbage";
    const garbage = await w.fetch("/api/ftse-proxy");
    assert.equal(garbage.status, 502);
    assert.equal(garbage.json["error-type"], "upstream-unavailable");
    up.state.fail = "status";
    const down = await w.fetch("/api/ftse-proxy");
    assert.equal(down.status, 502);
    assert.equal(down.json["error-type"], "upstream-unavailable");
    assert.equal(up.calls("ftse"), 4);
  }));

test("market: past MARKET_TTL_SECONDS (and its grace) the old quote is answered at once and refreshed behind it; a failed refresh marks it stale", () =>
  withWorker({ MARKET_TTL_SECONDS: "0.6" }, async (w, up) => {
    assert.equal((await w.fetch("/api/ftse-proxy")).headers.get("x-unitly-cache"), "miss");
    await sleep(1000); // TTL 0.6 s + grace 0.3 s
    const old = await w.fetch("/api/ftse-proxy");
    assert.equal(old.headers.get("x-unitly-cache"), "revalidate");
    assert.equal(old.headers.get("x-unitly-stale"), null, "an ordinary refresh is not an outage");
    // The upstream counts the call when it arrives; the refreshed quote lands a moment later.
    await until(async () => (await w.fetch("/api/ftse-proxy")).headers.get("x-unitly-cache") === "hit");
    assert.equal(up.calls("ftse"), 2, "refreshed once, behind the answer");
    await sleep(1000);
    up.state.fail = "status";
    await w.fetch("/api/ftse-proxy"); // starts the refresh that fails
    await until(() => up.calls("ftse") === 3);
    await sleep(50);
    const stale = await w.fetch("/api/ftse-proxy");
    assert.equal(stale.status, 200);
    assert.equal(stale.headers.get("x-unitly-stale"), "1");
    assert.equal(stale.headers.get("cache-control"), "no-cache");
    assert.equal(stale.json.chart.result[0].meta.regularMarketPrice, 8123.45);
  }));

test("market: HEAD answers the GET headers without a body", () =>
  withWorker({}, async (w) => {
    const a = await w.fetch("/api/gold-proxy", { method: "HEAD" });
    assert.equal(a.status, 200);
    assert.equal(a.text, "");
    assert.equal(a.headers.get("content-type"), "application/json; charset=utf-8");
  }));

test("market: an upstream answer past the size cap is refused while it streams (not read whole first), and one that declares too much is refused at once", () =>
  withWorker({}, async (w, up) => {
    // 64 MB of JSON whitespace, as fast as the socket takes it: the reader hangs up at 1 MB.
    up.state.huge = { prefix: "/gold/", mode: "stream", bytes: 64 * 1024 * 1024 };
    const a = await w.fetch("/api/gold-proxy");
    assert.deepEqual([a.status, a.json["error-type"]], [502, "upstream-unavailable"]);
    await until(() => /gold: refresh failed \(.*answer too large/.test(w.logs.join("")));
    assert.ok(up.state.hugeSent < 16 * 1024 * 1024, `the fake wrote ${up.state.hugeSent} bytes before the edge hung up`);
    // A Content-Length of 50 MB and a body that never comes: refused on the header, not timed out.
    up.state.huge = { prefix: "/ftse", mode: "declared", bytes: 50 * 1024 * 1024 };
    const b = await w.fetch("/api/ftse-proxy");
    assert.equal(b.status, 502);
    await until(() => /ftse: refresh failed \(.*answer too large/.test(w.logs.join("")));
    assert.doesNotMatch(w.logs.join(""), /ftse: .*timed out/);
  }));


test("a price no working feed gives (1e308, 0.001, hex) is no price, and the FTSE's codes pass only short", async () => {
  const { importSource } = await import("./helpers.mjs");
  const { normaliseGold, normaliseFtse } = await importSource("market.ts");
  for (const price of [1e308, "1e308", 0.001, "0x10", " 12 34 ", "2345.67abc"]) assert.throws(() => normaliseGold({ price }), /gold/, String(price));
  assert.equal(normaliseGold({ price: "2345.67" }).price, 2345.67);
  const chart = (meta) => ({ chart: { result: [{ meta: { regularMarketPrice: 8123.45, ...meta } }] } });
  assert.throws(() => normaliseFtse(chart({ regularMarketPrice: 1e300 })), /ftse/);
  const long = normaliseFtse(chart({ currency: "x".repeat(800_000), symbol: "^FTSE" }));
  assert.deepEqual([long.currency, long.symbol], [null, "^FTSE"]);
});
