// /api/rates/latest/{BASE} and /api/rates/pair/{FROM}/{TO}/{AMOUNT} in the Workers runtime:
// every base and pair computed from the one USD table.
import assert from "node:assert/strict";
import { test } from "node:test";
import { assertLogged, CODES, importSource, PER_USD, rate, RATES_TIME, sleep, until, utcOf, withWorker } from "./helpers.mjs";

const close = (actual, expected, what) =>
  assert.ok(Math.abs(actual - expected) <= 1e-12 * Math.abs(expected), `${what}: ${actual} is not ${expected} within 1e-12`);

test("every base and every pair comes from one USD table, equal to its ratio within 1e-12", () =>
  withWorker({}, async (w, up) => {
    for (const base of CODES) {
      const a = await w.fetch(`/api/rates/latest/${base}`);
      assert.equal(a.status, 200);
      assert.equal(a.json.result, "success");
      assert.equal(a.json.base_code, base);
      assert.equal(a.json.time_last_update_utc, utcOf(RATES_TIME));
      assert.equal(a.json.time_next_update_utc, utcOf(RATES_TIME + 86400));
      assert.equal(a.headers.get("x-unitly-stale"), null, "a table of today is live");
      assert.deepEqual(Object.keys(a.json.conversion_rates).sort(), Object.keys(PER_USD).sort(), "every currency the table quotes");
      assert.equal(a.json.echo, undefined, "upstream fields are not passed through");
      // Cacheable until the table reaches its TTL (RATES_TTL_SECONDS 3600), when the edge expects a newer one.
      assert.match(a.headers.get("cache-control"), /^public, max-age=(35\d\d|3600)$/);
      for (const to of CODES) close(a.json.conversion_rates[to], PER_USD[to] / PER_USD[base], `latest ${base}->${to}`);
      assert.equal(a.json.conversion_rates[base], 1);
    }
    for (const from of CODES) {
      for (const to of CODES) {
        if (from === to) continue;
        const p = await w.fetch(`/api/rates/pair/${from}/${to}/123.45`);
        assert.equal(p.status, 200);
        close(p.json.conversion_rate, rate(from, to), `pair ${from}->${to}`);
        assert.equal(p.json.conversion_result, 123.45 * p.json.conversion_rate, "amount x rate, not rounded");
      }
    }
    assert.deepEqual(up.state.calls, { "rates-USD": 1 }, "one USD table, no other base ever fetched");
  }));

test("a deployment's RATES_TTL_SECONDS and MARKET_TTL_SECONDS of 0 count as a minute: visitors never make a provider call each", () =>
  withWorker({ RATES_TTL_SECONDS: "0", MARKET_TTL_SECONDS: "0", UNITLY_TEST_SHORT_TTLS: "" }, async (w, up) => {
    for (let i = 0; i < 6; i++) {
      assert.equal((await w.fetch("/api/rates/latest/USD")).status, 200);
      assert.equal((await w.fetch("/api/gold-proxy")).status, 200);
      await sleep(150); // a refresh behind the answer would be done by now
    }
    await until(async () => up.state.calls["rates-USD"] >= 1);
    assert.equal(up.state.calls["rates-USD"], 1, "one rate table for six visitors");
    assert.equal(up.calls("gold"), 1, "one gold quote for six visitors");
    const a = await w.fetch("/api/rates/latest/USD");
    assert.match(a.headers.get("cache-control"), /^public, max-age=(5\d|60)$/, "cacheable for the minute");
  }));

test("latest: without a key, the keyless endpoint's `rates` shape is accepted", () =>
  withWorker({ EXCHANGE_API_KEY: "" }, async (w, up) => {
    const a = await w.fetch("/api/rates/latest/EUR");
    assert.equal(a.status, 200);
    assert.equal(a.json.conversion_rates.USD, 1 / 0.9137);
    assert.equal(a.json.time_last_update_utc, utcOf(RATES_TIME));
    assert.deepEqual(up.state.calls, { "rates-USD": 1 });
  }));

test("pair: the v6 pair shape", () =>
  withWorker({}, async (w) => {
    const a = await w.fetch("/api/rates/pair/USD/EUR/3");
    assert.deepEqual(a.json, {
      result: "success",
      base_code: "USD",
      target_code: "EUR",
      conversion_rate: 0.9137,
      conversion_result: 3 * 0.9137,
      time_last_update_utc: utcOf(RATES_TIME),
      time_next_update_utc: utcOf(RATES_TIME + 86400),
    });
  }));

test("a table the provider keeps serving days old is marked stale by its age, though every fetch succeeds", () =>
  withWorker({}, async (w, up) => {
    up.state.ratesTime = RATES_TIME - 9 * 86400;
    for (const path of ["/api/rates/latest/EUR", "/api/rates/pair/USD/EUR/3"]) {
      const a = await w.fetch(path);
      assert.equal(a.status, 200);
      assert.equal(a.json.time_last_update_utc, utcOf(RATES_TIME - 9 * 86400));
      assert.equal(a.headers.get("x-unitly-stale"), "1", `${path}: nine days old is not live`);
    }
  }));

test("the age limit: a day, the edge's hour between checks and an hour's slack", async () => {
  const { outdated, RATES_MAX_AGE_MS } = await importSource("rates.ts");
  assert.equal(RATES_MAX_AGE_MS, 26 * 3600_000);
  const t = (ms) => ({ time_last_update_utc: new Date(ms).toUTCString(), time_next_update_utc: null, usd: { USD: 1 } });
  const now = Date.parse("2026-11-29T12:00:00Z");
  assert.equal(outdated(t(now - 25 * 3600_000), now), false);
  assert.equal(outdated(t(now - 27 * 3600_000), now), true);
  assert.equal(outdated({ ...t(now), time_last_update_utc: "x" }, now), false, "a time that does not parse is not judged");
});

test("concurrent first requests over several bases share one upstream call", () =>
  withWorker({}, async (w, up) => {
    up.state.delayMs = 150; // so every request overlaps the first upstream call
    const paths = CODES.map((c, i) => (i % 2 ? `/api/rates/latest/${c}` : `/api/rates/pair/${c}/JPY/10`));
    const answers = await Promise.all(paths.map((p) => w.fetch(p)));
    answers.forEach((a) => assert.equal(a.status, 200));
    assert.deepEqual(up.state.calls, { "rates-USD": 1 });
    assert.equal((await w.fetch("/api/rates/latest/CHF")).headers.get("x-unitly-cache"), "hit");
  }));

for (const [what, setup, errorType] of [
  ["quota-reached with HTTP 200", (up) => (up.state.fail = "error-result"), "quota-reached"],
  ["no rate for any featured currency", (up) => (up.state.edit = (_, b) => ({ ...b, conversion_rates: { USD: 1, XAU: 0.0004, ZAR: 18 } })), "no rate for any featured currency"],
  ["more codes than any currency table", (up) => (up.state.edit = (_, b) => ({ ...b, conversion_rates: { ...b.conversion_rates, ...Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`Q${i}`, 1])) } })), "more than any currency table"],
  ["a rate that is not a number", (up) => (up.state.edit = (_, b) => ({ ...b, conversion_rates: { ...b.conversion_rates, BRL: "5.2" } })), "bad rate for BRL"],
  ["a zero rate", (up) => (up.state.edit = (_, b) => ({ ...b, conversion_rates: { ...b.conversion_rates, INR: 0 } })), "bad rate for INR"],
  ["a malformed body", (up) => (up.state.fail = "garbage"), "not JSON"],
]) {
  test(`an upstream answer with ${what} is a failed refresh: 502, never stored, logged with its type`, () =>
    withWorker({}, async (w, up) => {
      setup(up);
      const a = await w.fetch("/api/rates/latest/INR");
      assert.equal(a.status, 502);
      assert.deepEqual(a.json, { result: "error", "error-type": "upstream-unavailable" });
      assert.equal((await w.record("rates")).value, undefined, "nothing stored");
      await assertLogged(w, new RegExp(`rates: refresh failed \\(127\\.0\\.0\\.1:\\d+ USD: [^)]*${errorType}`));
      up.state.fail = null;
      up.state.edit = null;
      const b = await w.fetch("/api/rates/pair/INR/USD/5");
      assert.equal(b.status, 200);
      assert.equal(b.headers.get("x-unitly-cache"), "miss");
      assert.equal(up.calls("rates-USD"), 2);
    }));
}

test("a table of 160 currencies: every one converts, to and from any other, and latest lists them all", () =>
  withWorker({}, async (w, up) => {
    // Real ISO 4217 codes (the runtime's own list), the featured ones among them.
    const codes = [...new Set([...CODES, ...Intl.supportedValuesOf("currency")])].slice(0, 160);
    assert.equal(codes.length, 160);
    const perUsd = Object.fromEntries(codes.map((c, i) => [c, c === "USD" ? 1 : 0.5 + i * 1.37]));
    up.state.edit = (_, b) => ({ ...b, conversion_rates: perUsd });
    const latest = await w.fetch("/api/rates/latest/THB");
    assert.equal(latest.status, 200);
    assert.deepEqual(Object.keys(latest.json.conversion_rates).sort(), [...codes].sort());
    for (const [i, from] of codes.entries()) {
      const to = codes[(i * 7 + 3) % codes.length];
      const a = await w.fetch(`/api/rates/pair/${from}/${to}/10`);
      assert.equal(a.status, 200, `${from} -> ${to}`);
      close(a.json.conversion_rate, perUsd[to] / perUsd[from], `${from} -> ${to}`);
      close(latest.json.conversion_rates[from], perUsd[from] / perUsd.THB, `latest THB -> ${from}`);
    }
    // A well-formed code the table does not quote is not a currency we know: 400, from the stored table.
    // It is named, so the card can say which of the pair cannot convert.
    for (const path of ["/api/rates/latest/QQQ", "/api/rates/pair/USD/QQQ/1", "/api/rates/pair/QQQ/THB/1"]) {
      const a = await w.fetch(path);
      assert.equal(a.status, 400, path);
      assert.deepEqual(a.json, { result: "error", "error-type": "unsupported-code", currencies: ["QQQ"] }, path);
    }
    assert.deepEqual((await w.fetch("/api/rates/pair/QQQ/QQR/1")).json.currencies, ["QQQ", "QQR"]);
    assert.deepEqual(up.state.calls, { "rates-USD": 1 }, "one table for all of them");
  }));

test("a currency the provider does not quote is left out: its pairs answer 502 no-rate, every other currency stays live", () =>
  withWorker({}, async (w, up) => {
    up.state.edit = (_, b) => ({ ...b, conversion_rates: { ...b.conversion_rates, BRL: undefined } });
    const latest = await w.fetch("/api/rates/latest/EUR");
    assert.equal(latest.status, 200);
    assert.equal(latest.json.conversion_rates.BRL, undefined);
    assert.ok(latest.json.conversion_rates.GBP > 0);
    for (const path of ["/api/rates/pair/USD/BRL/10", "/api/rates/pair/BRL/EUR/10", "/api/rates/latest/BRL"]) {
      const a = await w.fetch(path);
      assert.equal(a.status, 502, path);
      assert.deepEqual(a.json, { result: "error", "error-type": "no-rate" }, path);
    }
    assert.equal((await w.fetch("/api/rates/pair/USD/GBP/10")).status, 200);
    assert.equal(up.calls("rates-USD"), 1, "one refresh, stored");
    await assertLogged(w, /the provider quotes no rate for BRL/);
  }));

test("one bad rate for another currency (0, negative, text, absurd) leaves that currency out, not the whole table; a featured one fails the refresh", () =>
  withWorker({}, async (w, up) => {
    const bad = { ZWL: 0, SOS: -5, KPW: "900", VES: 1e300, MRU: 1e-300, IRR: Infinity, THB: 35.1 };
    up.state.edit = (_, b) => ({ ...b, conversion_rates: { ...b.conversion_rates, ...bad } });
    const pair = await w.fetch("/api/rates/pair/USD/EUR/100");
    assert.equal(pair.status, 200, "the table is stored");
    assert.equal(pair.json.result, "success");
    const latest = await w.fetch("/api/rates/latest/USD");
    assert.equal(latest.json.conversion_rates.THB, 35.1, "a good rate beside the bad ones is kept");
    for (const code of ["ZWL", "SOS", "KPW", "VES", "MRU", "IRR"]) {
      assert.equal(latest.json.conversion_rates[code], undefined, code);
      const a = await w.fetch(`/api/rates/pair/USD/${code}/1`);
      assert.deepEqual([a.status, a.json["error-type"]], [400, "unsupported-code"], code);
    }
    await assertLogged(w, /rate for ZWL, SOS, KPW, VES, MRU is not a plausible number; left out/);
  }).then(() =>
    withWorker({}, async (w, up) => {
      up.state.edit = (_, b) => ({ ...b, conversion_rates: { ...b.conversion_rates, EUR: 1e-300 } });
      const a = await w.fetch("/api/rates/pair/USD/GBP/100");
      assert.deepEqual([a.status, a.json["error-type"]], [502, "upstream-unavailable"]);
      await assertLogged(w, /rates: refresh failed \(.*bad rate for EUR\)/);
    })));

test("a cross rate that is no finite positive number (a table stored before the bounds) is no rate, never success with null or 0", async () => {
  const { crossRate, rebase } = await importSource("rates.ts");
  const t = { time_last_update_utc: "x", time_next_update_utc: null, usd: { USD: 1, EUR: 1e-300, JPY: 1e300, GBP: 0.79 } };
  assert.equal(crossRate(t, "EUR", "JPY"), null, "Infinity");
  assert.equal(crossRate(t, "JPY", "EUR"), null, "0");
  assert.equal(crossRate(t, "EUR", "EUR"), 1);
  assert.equal(crossRate(t, "USD", "GBP"), 0.79);
  const eur = rebase(t, "EUR");
  assert.equal(eur.conversion_rates.JPY, undefined, "left out, not null");
  assert.ok(Object.values(eur.conversion_rates).every((r) => Number.isFinite(r) && r > 0), JSON.stringify(eur.conversion_rates));
  assert.equal(rebase(t, "JPY").conversion_rates.EUR, undefined, "left out, not 0");
});

test("upstream down with nothing stored is a JSON 502", () =>
  withWorker({}, async (w, up) => {
    up.state.fail = "status";
    const a = await w.fetch("/api/rates/latest/CAD");
    assert.equal(a.status, 502);
    assert.deepEqual(a.json, { result: "error", "error-type": "upstream-unavailable" });
    // A real currency the card may offer waits for the provider like any other.
    assert.equal((await w.fetch("/api/rates/pair/USD/THB/1")).status, 502);
    // A code of no currency is the caller's mistake, table or not: 400, naming it.
    for (const path of ["/api/rates/latest/QQQ", "/api/rates/pair/USD/QQQ/1", "/api/rates/pair/QQQ/THB/1"]) {
      const b = await w.fetch(path);
      assert.equal(b.status, 400, path);
      assert.deepEqual(b.json, { result: "error", "error-type": "unsupported-code", currencies: ["QQQ"] }, path);
    }
  }));

test("a slow upstream times out (UPSTREAM_TIMEOUT_MS)", () =>
  withWorker({ UPSTREAM_TIMEOUT_MS: "300" }, async (w, up) => {
    up.state.fail = "timeout";
    const started = Date.now();
    assert.equal((await w.fetch("/api/rates/latest/AUD")).status, 502);
    assert.ok(Date.now() - started < 2000, "the timeout must cut the 3 s upstream short");
  }));

test("a wrong key fails as upstream-unavailable without echoing the key", () =>
  withWorker({ EXCHANGE_API_KEY: "not-the-key" }, async (w) => {
    const a = await w.fetch("/api/rates/latest/USD");
    assert.equal(a.status, 502);
    assert.ok(!a.text.includes("not-the-key"));
    await assertLogged(w, /invalid-key/);
    assert.ok(!w.logs.join("").includes("not-the-key"), "nor logging it");
  }));

test("an update time that is no time, or one still to come, fails the refresh; none at all is now, and what passes is a plain UTC string", async () => {
  const { normaliseUsd } = await importSource("rates.ts");
  const now = Date.parse("2026-11-29T12:00:00Z");
  const table = (fields) => ({ result: "success", base_code: "USD", conversion_rates: { USD: 1, EUR: 0.92 }, ...fields });
  // Served as live forever before: no age could be judged of "<b>soon</b>" or of the year 33658.
  for (const fields of [{ time_last_update_utc: "<b>soon</b>" }, { time_last_update_unix: 1e12 }, { time_last_update_utc: "x".repeat(900_000) }]) {
    assert.throws(() => normaliseUsd(table(fields), now), /update time/, JSON.stringify(fields).slice(0, 60));
  }
  assert.equal(normaliseUsd(table({ time_last_update_unix: now / 1000 - 3600 }), now).time_last_update_utc, "Sun, 29 Nov 2026 11:00:00 GMT");
  assert.equal(normaliseUsd(table({ time_last_update_utc: "Sun, 29 Nov 2026 00:00:01 +0000" }), now).time_last_update_utc, "Sun, 29 Nov 2026 00:00:01 GMT");
  assert.equal(normaliseUsd(table({}), now).time_last_update_utc, new Date(now).toUTCString());
  assert.equal(normaliseUsd(table({ time_next_update_utc: "<b>later</b>" }), now).time_next_update_utc, null);
});
