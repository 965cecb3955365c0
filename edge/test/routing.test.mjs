// Routing, parameter validation and hostile paths: every answer is JSON, nothing crashes,
// and no bad request reaches an upstream.
import assert from "node:assert/strict";
import { test } from "node:test";
import { KEY, checkAnswer, rate, withWorker } from "./helpers.mjs";

const bad = {
  "unsupported-code": [
    "/api/rates/latest/usd", "/api/rates/latest/X4U", "/api/rates/latest/US", "/api/rates/latest/USDD",
    "/api/rates/latest/%55SD", "/api/rates/latest/%ZZ", "/api/rates/latest/U%00D",
    "/api/rates/pair/usd/EUR/1", "/api/rates/pair/USD/eur/1", "/api/rates/pair/USD/Z@R/1", "/api/rates/pair/BTC1/USD/1",
    "/api/rates/pair/%E0%A4%A/USD/1", "/api/rates/pair/USD/EUR%/1", "/api/rates/pair//EUR/1",
  ],
  "invalid-amount": [
    "/api/rates/pair/USD/EUR/0", "/api/rates/pair/USD/EUR/-5", "/api/rates/pair/USD/EUR/abc", "/api/rates/pair/USD/EUR/NaN",
    "/api/rates/pair/USD/EUR/Infinity", "/api/rates/pair/USD/EUR/1e999", "/api/rates/pair/USD/EUR/1e13",
    "/api/rates/pair/USD/EUR/1000000000001", "/api/rates/pair/USD/EUR/0x10", "/api/rates/pair/USD/EUR/1,5",
    "/api/rates/pair/USD/EUR/%31", "/api/rates/pair/USD/EUR/1%2E5", "/api/rates/pair/USD/EUR/0.0000", "/api/rates/pair/USD/EUR/...",
    "/api/rates/pair/USD/EUR/" + "9".repeat(60), "/api/rates/pair/USD/EUR/%", "/api/rates/pair/USD/EUR/+1",
  ],
  "malformed-request": [
    "/api/rates/latest", "/api/rates/latest/USD/EUR", "/api/rates/pair", "/api/rates/pair/USD/EUR",
    "/api/rates/pair/USD/EUR/1/2", "/api/rates/history", "/api/rates/history/", "/api/rates/history/USD",
    "/api/rates/history/USD/EUR/1",
  ],
};

test("every bad rates parameter is a 400 JSON error naming the problem, with no upstream call", () =>
  withWorker({}, async (w, up) => {
    for (const [type, paths] of Object.entries(bad)) {
      for (const path of paths) {
        const a = await w.fetch(path);
        assert.equal(a.status, 400, path);
        assert.deepEqual(a.json, { result: "error", "error-type": type }, path);
        assert.equal(a.headers.get("cache-control"), "no-store");
      }
    }
    assert.deepEqual(up.state.calls, {});
  }));

test("the largest accepted amount and a trailing slash still work", () =>
  withWorker({}, async (w) => {
    assert.equal((await w.fetch("/api/rates/pair/USD/JPY/1000000000000")).json.conversion_result, 1e12 * rate("USD", "JPY"));
    assert.equal((await w.fetch("/api/rates/pair/USD/EUR/0.5/")).json.conversion_result, 0.5 * rate("USD", "EUR"));
    assert.equal((await w.fetch("/api/gold-proxy/")).status, 200);
  }));

test("unknown /api paths are 404 JSON; hostile paths never crash", () =>
  withWorker({}, async (w, up) => {
    const paths = [
      "/api/", "/api/nope", "/api/gold-proxy/extra", "/api/ftse-proxy/x", "/api/rates", "/api/rates/",
      "/api/contact/x", "/api/%", "/api/%FF%FE", "/api/..%2f..%2fetc/passwd",
      "/api/" + "a/".repeat(5000), "/api/rates/pair/" + "USD/".repeat(300) + "1", "/api/gold-proxy%00",
      `/api/${KEY}`, "/", "/index.html", "/api",
    ];
    for (const path of paths) {
      const a = await w.fetch(path);
      assert.equal(a.status, 404, path);
      assert.deepEqual(a.json, { result: "error", "error-type": "not-found" }, path);
    }
    assert.deepEqual(up.state.calls, {});
  }));

test("odd URLs that still parse (double slashes, stray %, bad query escapes) are answered as JSON", () =>
  withWorker({}, async (w) => {
    for (const url of ["http://unitly.test//api//gold-proxy", "http://unitly.test/api/rates/pair/USD/EUR/%%%", "http://unitly.test/api/rates/latest/USD?x=%ZZ#frag"]) {
      const a = await checkAnswer(await w.raw(url));
      assert.ok([200, 400, 404].includes(a.status), `${url}: ${a.status}`);
      assert.equal(typeof a.json.result, "string");
    }
  }));

test("wrong method is a 405 JSON with an Allow header", () =>
  withWorker({}, async (w) => {
    // HEAD is GET without a body wherever GET is allowed, the form token too.
    const head = await w.fetch("/api/form-token", { method: "HEAD" });
    assert.notEqual(head.status, 405);
    const cases = [
      ["POST", "/api/gold-proxy", "GET, HEAD"], ["DELETE", "/api/ftse-proxy", "GET, HEAD"], ["PUT", "/api/rates/latest/USD", "GET, HEAD"],
      ["OPTIONS", "/api/rates/pair/USD/EUR/1", "GET, HEAD"], ["GET", "/api/contact", "POST"], ["PUT", "/api/subscribe", "POST"],
      ["OPTIONS", "/api/contact", "POST"], ["POST", "/api/form-token", "GET, HEAD"], ["PUT", "/api/subscribe/confirm", "GET, HEAD, POST"], ["DELETE", "/api/subscribe/confirm?t=x", "GET, HEAD, POST"],
    ];
    for (const [method, path, allow] of cases) {
      const a = await w.fetch(path, { method, headers: { Origin: "https://evil.example" } });
      assert.equal(a.status, 405, `${method} ${path}`);
      assert.equal(a.headers.get("allow"), allow);
      assert.deepEqual(a.json, { result: "error", "error-type": "method-not-allowed" });
    }
  }));

test("a cacheable answer says it varies by Accept-Encoding (the runtime compresses it per request); a no-store one need not", () =>
  withWorker({}, async (w) => {
    for (const path of ["/api/gold-proxy", "/api/ftse-proxy", "/api/rates/latest/USD", "/api/rates/pair/USD/EUR/1", "/api/rates/history/USD/EUR?range=1Y"]) {
      const a = await w.fetch(path, { headers: { "Accept-Encoding": "br" } });
      assert.equal(a.status, 200, path);
      assert.match(a.headers.get("cache-control"), /^public, max-age=\d+$/, path);
      assert.equal(a.headers.get("vary"), "Accept-Encoding", path);
    }
    const error = await w.fetch("/api/rates/latest/usd");
    assert.equal(error.headers.get("cache-control"), "no-store");
    assert.equal(error.headers.get("vary"), null);
  }));
