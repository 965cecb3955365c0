// GET /api/rates/history/{FROM}/{TO}?range=… in workerd against a fake Frankfurter: the
// ranges and their intervals, the figures, caching (a second request costs no upstream
// call), currencies outside the provider, and a provider that is down or slow.
import assert from "node:assert/strict";
import { test } from "node:test";
import { assertLogged, historyPerUsd, importSource, withWorker } from "./helpers.mjs";

const DAY = 86_400_000;
const days = (a, b) => (Date.parse(b) - Date.parse(a)) / DAY;

test("each range: its span and interval, points oldest first, figures over every day", () =>
  withWorker({}, async (w, up) => {
    const spans = { "1M": [27, 32, "day"], "1Y": [360, 367, "day"], "5Y": [1820, 1830, "week"], max: [9000, Infinity, "month"] };
    for (const [range, [least, most, interval]] of Object.entries(spans)) {
      const a = await w.fetch(`/api/rates/history/USD/EUR?range=${range}`);
      assert.equal(a.status, 200, range);
      const h = a.json;
      assert.deepEqual([h.result, h.base_code, h.target_code, h.range, h.interval], ["success", "USD", "EUR", range, interval]);
      assert.equal(a.headers.get("cache-control"), "public, max-age=3600");
      const span = days(h.start, h.end);
      assert.ok(span >= least - 3 && span <= most, `${range}: ${span} days`);
      assert.ok(h.end >= new Date(Date.now() - 4 * DAY).toISOString().slice(0, 10), "up to the last working day");
      const dates = h.points.map((p) => p[0]);
      assert.deepEqual(dates, [...dates].sort(), "oldest first");
      for (const [date, rate] of h.points) assert.ok(Math.abs(rate / (historyPerUsd("EUR", date) / historyPerUsd("USD", date)) - 1) < 1e-4, `${range} ${date}`);
      if (interval === "week") assert.ok(h.points.length >= 255 && h.points.length <= 262, `${h.points.length} weeks`);
      if (interval === "month") assert.equal(new Set(dates.map((d) => d.slice(0, 7))).size, dates.length, "one point a month");
      assert.deepEqual(h.first, { date: h.start, rate: h.first.rate });
      assert.deepEqual(h.last, { date: h.end, rate: h.points.at(-1)[1] });
      assert.ok(h.min.rate <= h.max.rate && h.points.every(([, r]) => r >= h.min.rate && r <= h.max.rate));
      assert.ok(Math.abs(h.change - (h.last.rate / h.first.rate - 1)) < 1e-12);
      assert.equal(h.source, "European Central Bank reference rates");
    }
    // No range: one year.
    assert.equal((await w.fetch("/api/rates/history/GBP/JPY")).json.range, "1Y");
    assert.equal(up.calls("history-currencies"), 1, "the provider's currency list is asked once");
  }));

test("caching: the same pair and range again costs no upstream call; another range one", () =>
  withWorker({}, async (w, up) => {
    const first = await w.fetch("/api/rates/history/EUR/THB?range=1Y");
    assert.equal(first.status, 200);
    assert.deepEqual([up.calls("history-currencies"), up.calls("history-series")], [1, 1]);
    for (let i = 0; i < 5; i++) assert.deepEqual((await w.fetch("/api/rates/history/EUR/THB?range=1Y")).json, first.json);
    assert.deepEqual([up.calls("history-currencies"), up.calls("history-series")], [1, 1]);
    // Concurrent first requests for one pair share one call.
    const together = await Promise.all(Array.from({ length: 8 }, () => w.fetch("/api/rates/history/EUR/THB?range=5Y")));
    assert.ok(together.every((a) => a.status === 200));
    assert.deepEqual([up.calls("history-currencies"), up.calls("history-series")], [1, 2]);
    assert.equal(up.calls("rates-USD"), 0, "history never touches the rate table");
  }));

test("where the Cache API keeps nothing (a *.workers.dev address), the isolate's memory holds the costs", () =>
  withWorker({}, async (w, up) => {
    const first = await w.fetch("/api/rates/history/USD/EUR?range=1Y");
    assert.equal(first.status, 200);
    assert.deepEqual([up.calls("history-currencies"), up.calls("history-series")], [1, 1]);
    for (let i = 0; i < 3; i++) assert.deepEqual((await w.fetch("/api/rates/history/USD/EUR?range=1Y")).json, first.json);
    // A pair outside the provider is answered from the known list of currencies, with no call at all.
    assert.equal((await w.fetch("/api/rates/history/KWD/VND?range=max")).json.result, "no-history");
    assert.deepEqual([up.calls("history-currencies"), up.calls("history-series")], [1, 1]);
  }, { cache: false }));

test("one pair failing pauses that pair only; another pair is still answered", () =>
  withWorker({ UPSTREAM_RETRY_SECONDS: "60" }, async (w, up) => {
    assert.equal((await w.fetch("/api/rates/history/USD/EUR?range=1M")).status, 200);
    up.state.historyFailFor = "GBP";
    assert.equal((await w.fetch("/api/rates/history/USD/GBP?range=1M")).json["error-type"], "history-unavailable");
    const calls = up.calls("history-series");
    assert.equal((await w.fetch("/api/rates/history/USD/GBP?range=1M")).json["error-type"], "history-unavailable", "that pair is paused");
    assert.equal(up.calls("history-series"), calls, "without asking");
    assert.equal((await w.fetch("/api/rates/history/USD/EUR?range=1Y")).status, 200, "another pair is answered");
  }));

test("a currency outside the provider: a 200 no-history answer naming it, without asking for a series", () =>
  withWorker({}, async (w, up) => {
    assert.equal((await w.fetch("/api/rates/history/USD/EUR?range=1M")).status, 200);
    const series = up.calls("history-series");
    for (const [path, missing] of [["/api/rates/history/USD/KWD", ["KWD"]], ["/api/rates/history/VND/ARS?range=max", ["VND", "ARS"]]]) {
      const a = await w.fetch(path);
      assert.equal(a.status, 200, path);
      const [from, to] = path.split("?")[0].split("/").slice(-2);
      assert.deepEqual(a.json, { result: "no-history", base_code: from, target_code: to, currencies: missing });
    }
    assert.equal(up.calls("history-series"), series);
  }));

test("a range of months starts that many months back on the same day, or on the last day of a shorter month", async () => {
  const { startOf } = await importSource("history.ts");
  const starts = {
    "2026-03-31": "2026-02-28", "2026-03-30": "2026-02-28", "2026-03-29": "2026-02-28", "2024-03-30": "2024-02-29",
    "2026-03-15": "2026-02-15", "2026-01-31": "2025-12-31", "2026-05-31": "2026-04-30", "2026-02-28": "2026-01-28",
  };
  for (const [today, start] of Object.entries(starts)) assert.equal(startOf("1M", today), start, today);
  assert.equal(startOf("1Y", "2024-02-29"), "2023-02-28");
  assert.equal(startOf("5Y", "2026-08-31"), "2021-08-31");
  assert.equal(startOf("max", "2026-03-31"), "1999-01-04");
});

test("bad parameters are JSON 400s with no upstream call", () =>
  withWorker({}, async (w, up) => {
    const cases = [
      ["/api/rates/history/usd/EUR", "unsupported-code"], ["/api/rates/history/USD/EU", "unsupported-code"],
      ["/api/rates/history/USD/%45UR", "unsupported-code"], ["/api/rates/history/USD/USD", "same-currency"],
      ["/api/rates/history/USD/EUR?range=2Y", "invalid-range"], ["/api/rates/history/USD/EUR?range=", "invalid-range"],
      ["/api/rates/history/USD/EUR?range=constructor", "invalid-range"],
    ];
    for (const [path, type] of cases) {
      const a = await w.fetch(path);
      assert.equal(a.status, 400, path);
      assert.equal(a.json["error-type"], type, path);
    }
    for (const path of ["/api/rates/history/USD", "/api/rates/history", "/api/rates/history/USD/EUR/1"]) {
      const a = await w.fetch(path);
      assert.deepEqual([a.status, a.json["error-type"]], [400, "malformed-request"], path);
    }
    assert.equal((await w.fetch("/api/rates/history/USD/EUR", { method: "POST" })).status, 405);
    // Codes of no currency at all: the rates routes' 400 naming them, not a cacheable `no-history`.
    for (const [path, named] of [["/api/rates/history/ZZZ/XYZ", ["ZZZ", "XYZ"]], ["/api/rates/history/USD/QQQ?range=max", ["QQQ"]], ["/api/rates/history/QQQ/KWD", ["QQQ"]]]) {
      const a = await w.fetch(path);
      assert.equal(a.status, 400, path);
      assert.deepEqual(a.json, { result: "error", "error-type": "unsupported-code", currencies: named }, path);
      assert.equal(a.headers.get("cache-control"), "no-store", path);
    }
    assert.deepEqual(up.state.calls, {});
  }));

test("the provider down or slow: 'history unavailable' within 5 s, and a pause before asking again", () =>
  withWorker({ UPSTREAM_RETRY_SECONDS: "60" }, async (w, up) => {
    up.state.historyFail = "slow"; // answers after 8 s
    const started = Date.now();
    const slow = await w.fetch("/api/rates/history/USD/EUR?range=1M");
    // Cut at the 4.5 s deadline (the log says so), not after the provider's 8 s.
    assert.ok(Date.now() - started < 8000, `answered in ${Date.now() - started} ms`);
    assert.equal(slow.status, 502);
    assert.deepEqual(slow.json, { result: "error", "error-type": "history-unavailable" });
    await assertLogged(w, /\[unitly\] history: the provider failed \(timed out after 4500 ms\)/);
    const calls = up.calls("history-series") + up.calls("history-currencies");
    // Paused: answered without asking.
    up.state.historyFail = "status";
    for (let i = 0; i < 5; i++) assert.equal((await w.fetch("/api/rates/history/GBP/EUR?range=1Y")).json["error-type"], "history-unavailable");
    assert.equal(up.calls("history-series") + up.calls("history-currencies"), calls);
  }));

test("the provider streaming a huge answer: refused once past the size cap, within the deadline, without reading it all", () =>
  withWorker({}, async (w, up) => {
    up.state.huge = { prefix: "/history/", mode: "stream", bytes: 64 * 1024 * 1024 };
    const a = await w.fetch("/api/rates/history/GBP/JPY?range=max");
    assert.deepEqual([a.status, a.json], [502, { result: "error", "error-type": "history-unavailable" }]);
    await assertLogged(w, /\[unitly\] history: the provider failed \(.*answer too large\)/);
    assert.ok(up.state.hugeSent < 16 * 1024 * 1024, `the fake wrote ${up.state.hugeSent} bytes before the edge hung up`);
  }));

test("the provider failing, then back: the next request after the pause is answered", () =>
  withWorker({}, async (w, up) => {
    up.state.historyFail = "status";
    assert.equal((await w.fetch("/api/rates/history/USD/EUR?range=1M")).status, 502);
    up.state.historyFail = null;
    assert.equal((await w.fetch("/api/rates/history/USD/EUR?range=1M")).status, 200);
  }));

test("a currency list without the dollar or the euro is a failure, never kept as the day's list (every pair's history would go)", () =>
  withWorker({}, async (w, up) => {
    up.state.historyCurrencies = {};
    const broken = await w.fetch("/api/rates/history/USD/EUR?range=1M");
    assert.deepEqual([broken.status, broken.json], [502, { result: "error", "error-type": "history-unavailable" }]);
    assert.notEqual(broken.headers.get("cache-control"), "public, max-age=3600");
    await assertLogged(w, /\[unitly\] history: the provider failed \(.*currencies: 0 codes/);
  }));
