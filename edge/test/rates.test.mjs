// /api/rates/latest/{BASE} and /api/rates/pair/{FROM}/{TO}/{AMOUNT} in the Workers runtime.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CODES, rate, sleep, withWorker } from "./helpers.mjs";

const pairs = [
  ["USD", "EUR", "100"], ["USD", "JPY", "2.5"], ["USD", "GBP", "1"], ["USD", "BRL", "1e3"],
  ["EUR", "USD", "100"], ["EUR", "INR", "0.01"], ["EUR", "CHF", "42"], ["EUR", "EUR", "7"],
];

test("latest: v6 shape, restricted to the ten supported currencies", () =>
  withWorker({}, async (w, up) => {
    const a = await w.fetch("/api/rates/latest/GBP");
    assert.equal(a.status, 200);
    assert.equal(a.json.result, "success");
    assert.equal(a.json.base_code, "GBP");
    assert.equal(a.json.time_last_update_utc, "Thu, 02 Jan 2025 00:00:01 +0000");
    assert.equal(a.json.time_next_update_utc, "Fri, 03 Jan 2025 00:00:01 +0000");
    assert.deepEqual(Object.keys(a.json.conversion_rates).sort(), [...CODES].sort());
    assert.equal(a.json.conversion_rates.JPY, rate("GBP", "JPY"));
    assert.equal(a.json.echo, undefined, "upstream fields are not passed through");
    assert.equal(a.headers.get("cache-control"), "public, max-age=300");
    assert.equal(up.calls("rates-GBP"), 1);
  }));

test("latest: without a key, the keyless endpoint's `rates` shape is accepted", () =>
  withWorker({ EXCHANGE_API_KEY: "" }, async (w, up) => {
    const a = await w.fetch("/api/rates/latest/USD");
    assert.equal(a.status, 200);
    assert.equal(a.json.conversion_rates.EUR, 0.9);
    assert.equal(a.json.time_last_update_utc, new Date(1735776001 * 1000).toUTCString());
    assert.equal(up.calls("rates-USD"), 1);
  }));

test("pair: conversion_rate is the table's rate, conversion_result is amount x rate", () =>
  withWorker({}, async (w) => {
    const a = await w.fetch("/api/rates/pair/USD/EUR/3");
    assert.deepEqual(a.json, {
      result: "success",
      base_code: "USD",
      target_code: "EUR",
      conversion_rate: 0.9,
      conversion_result: 2.7, // 3 * 0.9 is 2.7000000000000001 in floating point
      time_last_update_utc: "Thu, 02 Jan 2025 00:00:01 +0000",
      time_next_update_utc: "Fri, 03 Jan 2025 00:00:01 +0000",
    });
    const b = await w.fetch("/api/rates/pair/JPY/GBP/1234.5");
    assert.equal(b.json.conversion_rate, rate("JPY", "GBP"), "the rate is not rounded");
    assert.equal(b.json.conversion_result, Number((1234.5 * rate("JPY", "GBP")).toFixed(6)));
  }));

test("pair: eight concurrent conversions with two bases cost one upstream call per base", () =>
  withWorker({}, async (w, up) => {
    up.state.delayMs = 100; // so all eight requests overlap the first upstream call
    const answers = await Promise.all(pairs.map(([f, t, a]) => w.fetch(`/api/rates/pair/${f}/${t}/${a}`)));
    answers.forEach((res, i) => {
      const [from, to, amount] = pairs[i];
      assert.equal(res.status, 200);
      assert.equal(res.json.conversion_rate, rate(from, to));
      assert.equal(res.json.conversion_result, Number((Number(amount) * rate(from, to)).toFixed(6)));
    });
    // And sequentially afterwards: all from the cache.
    for (const [f, t, a] of pairs) assert.equal((await w.fetch(`/api/rates/pair/${f}/${t}/${a}`)).headers.get("x-unitly-cache"), "hit");
    assert.deepEqual(up.state.calls, { "rates-USD": 1, "rates-EUR": 1 });
  }));

test("rates: RATES_TTL_SECONDS expiry refetches", () =>
  withWorker({ RATES_TTL_SECONDS: "0.2" }, async (w, up) => {
    // Concurrent, so they share one upstream call however slow this machine is.
    await Promise.all([w.fetch("/api/rates/pair/USD/EUR/1"), w.fetch("/api/rates/latest/USD")]);
    assert.equal(up.calls("rates-USD"), 1);
    await sleep(250);
    const a = await w.fetch("/api/rates/pair/USD/EUR/1");
    assert.equal(a.headers.get("x-unitly-cache"), "miss");
    assert.equal(up.calls("rates-USD"), 2);
  }));

test("rates: upstream down with an expired cached table serves it, marked stale", () =>
  withWorker({ RATES_TTL_SECONDS: "0.1" }, async (w, up) => {
    assert.equal((await w.fetch("/api/rates/pair/USD/EUR/10")).status, 200);
    await sleep(150);
    up.state.fail = "status";
    const a = await w.fetch("/api/rates/pair/USD/EUR/10");
    assert.equal(a.status, 200);
    assert.equal(a.json.conversion_result, 9);
    assert.equal(a.headers.get("x-unitly-stale"), "1");
    assert.equal(a.headers.get("cache-control"), "no-cache");
    assert.equal(up.calls("rates-USD"), 2);
  }));

test("rates: upstream down with nothing cached is a JSON 502", () =>
  withWorker({}, async (w, up) => {
    up.state.fail = "status";
    const a = await w.fetch("/api/rates/latest/CAD");
    assert.equal(a.status, 502);
    assert.deepEqual(a.json, { result: "error", "error-type": "upstream-unavailable" });
  }));

test("rates: a slow upstream times out (UPSTREAM_TIMEOUT_MS): 502 cold, stale when warm", () =>
  withWorker({ UPSTREAM_TIMEOUT_MS: "300", RATES_TTL_SECONDS: "0.1" }, async (w, up) => {
    up.state.fail = "timeout";
    let started = Date.now();
    assert.equal((await w.fetch("/api/rates/latest/AUD")).status, 502);
    assert.ok(Date.now() - started < 2000, "the timeout must cut the 3 s upstream short");
    up.state.fail = null;
    assert.equal((await w.fetch("/api/rates/latest/AUD")).status, 200);
    await sleep(150);
    up.state.fail = "timeout";
    started = Date.now();
    const stale = await w.fetch("/api/rates/latest/AUD");
    assert.ok(Date.now() - started < 2000);
    assert.equal(stale.status, 200);
    assert.equal(stale.headers.get("x-unitly-stale"), "1");
  }));

test("rates: a non-success upstream answer is a 502 and is not cached", () =>
  withWorker({}, async (w, up) => {
    up.state.fail = "error-result";
    assert.equal((await w.fetch("/api/rates/latest/INR")).status, 502);
    assert.equal((await w.fetch("/api/rates/pair/INR/USD/5")).status, 502);
    up.state.fail = null;
    const a = await w.fetch("/api/rates/pair/INR/USD/5");
    assert.equal(a.status, 200);
    assert.equal(a.headers.get("x-unitly-cache"), "miss");
    assert.equal(up.calls("rates-INR"), 3);
  }));

test("rates: a wrong key fails as upstream-unavailable without echoing the key", () =>
  withWorker({ EXCHANGE_API_KEY: "not-the-key" }, async (w) => {
    const a = await w.fetch("/api/rates/latest/USD");
    assert.equal(a.status, 502);
    assert.ok(!a.text.includes("not-the-key"));
  }));
