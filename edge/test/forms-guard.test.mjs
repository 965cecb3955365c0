// The form routes' abuse guards in the Workers runtime, with wrangler.jsonc's bindings:
// per-client rate limits, the signed form token, the honeypot, the newsletter's double
// opt-in (confirmation link, once only, one request a day) and optional Turnstile.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { FORM_SECRET, formToken, sleep, withWorker, wranglerConfig } from "./helpers.mjs";

const contactBody = { name: "Ada Lovelace", email: "ada@example.org", subject: "bug", message: "5 ft shows 1.524 m." };
// Redirects are the answer under test, not something to follow.
const open = (w, path, init = {}) => w.fetch(path, { redirect: "manual", ...init });
const post = (w, path, body, ip = "203.0.113.7") =>
  w.fetch(path, { method: "POST", headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip }, body: JSON.stringify(body) });

/** A confirmation link signed with `secret`, as if requested `ageMs` ago. */
function link(email, ageMs = 0, secret = FORM_SECRET) {
  const at = Date.now() - ageMs;
  const sig = createHmac("sha256", secret).update(`unitly-confirm:${at}:${email}`).digest("base64url");
  return `/api/subscribe/confirm?${new URLSearchParams({ email, at: String(at), sig })}`;
}

test("wrangler.jsonc's rate limits are the named constants of src/config.ts", () => {
  const src = readFileSync(new URL("../src/config.ts", import.meta.url), "utf8");
  const constant = (name) => Number(new RegExp(`${name}: (\\d+)`).exec(src)[1]);
  const limits = Object.fromEntries(wranglerConfig().ratelimits.map((r) => [r.name, r.simple]));
  assert.deepEqual(limits.CONTACT_LIMITER, { limit: constant("contactPerMinute"), period: 60 });
  assert.deepEqual(limits.SUBSCRIBE_LIMITER, { limit: constant("subscribePerMinute"), period: 60 });
  assert.ok(wranglerConfig().kv_namespaces.some((k) => k.binding === "FORMS"));
});

test("500 posts from one client to each form reach the webhooks a handful of times: 429s, never a 5xx", () =>
  withWorker({}, async (w, up) => {
    const statuses = {};
    const started = Date.now();
    for (const [path, body] of [["/api/contact", () => contactBody], ["/api/subscribe", (i) => ({ email: `victim${i}@example.org` })]]) {
      // 20 at a time, as a script would; each a fresh, valid-looking submission with its own token.
      for (let i = 0; i < 500; i += 20) {
        const batch = Array.from({ length: 20 }, (_, j) => post(w, path, { ...body(i + j), token: formToken(5000 + (path.endsWith("subscribe") ? 500 + i + j : i + j) * 1000) }));
        for (const a of await Promise.all(batch)) {
          statuses[a.status] = (statuses[a.status] ?? 0) + 1;
          assert.ok(a.status === 200 || a.status === 429, `${path}: ${a.status}`);
          if (a.status === 429) {
            assert.equal(a.headers.get("retry-after"), "60");
            assert.deepEqual(a.json, { result: "error", "error-type": "rate-limited", retryAfter: 60 });
          }
        }
      }
    }
    // The limit is per minute window: a run that crosses a window boundary may see one more window.
    const windows = Math.ceil((Date.now() - started) / 60_000) + 1;
    for (const [hook, limit] of [["/hook/contact", 5], ["/hook/subscribe", 3]]) {
      assert.ok(up.calls(hook) >= limit && up.calls(hook) <= limit * windows, `${hook}: ${up.calls(hook)} calls in ${windows} windows`);
    }
    assert.equal(statuses[200], up.state.hooks.length);
    assert.equal(statuses[429], 1000 - up.state.hooks.length);
    // The limit is per client: another address still gets through.
    const before = up.calls("/hook/contact");
    assert.equal((await post(w, "/api/contact", { ...contactBody, token: formToken() }, "203.0.113.8")).status, 200);
    assert.equal(up.calls("/hook/contact"), before + 1);
  }));

test("posts without a token, with a forged, stale, too young or reused token, or a filled honeypot: nothing forwarded", () =>
  withWorker({}, async (w, up) => {
    let ip = 0;
    const send = (extra) => post(w, "/api/contact", { ...contactBody, ...extra }, `192.0.2.${++ip}`);
    const invalid = [
      {},
      { token: "" },
      { token: 42 },
      { token: "not-a-token" },
      { token: formToken(5000, "some-other-secret") }, // forged
      { token: formToken(2 * 3600_000 + 5000) }, // stale
      { token: formToken(1000) }, // too young: posted a second after the page asked
      { token: formToken(-60_000) }, // from the future
      { token: formToken().replace(/^\d+/, String(Date.now() - 10_000)) }, // another time, same signature
    ];
    for (const extra of invalid) {
      const a = await send(extra);
      assert.equal(a.status, 403, JSON.stringify(extra));
      assert.deepEqual(a.json, { result: "error", "error-type": "invalid-token" });
    }
    // The honeypot: a quiet success, so a bot learns nothing.
    for (const trap of ["http://spam.example", " "]) {
      const a = await send({ token: formToken(), leave_empty: trap });
      assert.equal(a.status, 200);
      assert.deepEqual(a.json, { result: "success" });
    }
    assert.equal(up.state.hooks.length, 0);
    // One submission posted twice (a retry, a double click): forwarded once.
    const token = formToken();
    assert.equal((await send({ token, leave_empty: "" })).status, 200);
    assert.deepEqual((await send({ token })).json, { result: "success" });
    assert.equal(up.calls("/hook/contact"), 1);
  }));

test("a token from GET /api/form-token is refused for 3 seconds, then accepted", () =>
  withWorker({}, async (w, up) => {
    const a = await w.fetch("/api/form-token");
    assert.equal(a.status, 200);
    assert.equal(a.headers.get("cache-control"), "no-store");
    assert.match(a.json.token, /^\d{13}\.[A-Za-z0-9_-]{43}$/);
    assert.equal(a.json.minSeconds, 3);
    assert.equal((await post(w, "/api/contact", { ...contactBody, token: a.json.token })).status, 403);
    await sleep(3100);
    assert.equal((await post(w, "/api/contact", { ...contactBody, token: a.json.token })).status, 200);
    assert.equal(up.calls("/hook/contact"), 1);
    assert.equal((await w.fetch("/api/form-token", { method: "POST" })).status, 405);
  }));

test("a failed webhook leaves the token usable, so the visitor's retry is delivered", () =>
  withWorker((base) => ({ CONTACT_WEBHOOK_URL: `${base}/hook/fail` }), async (w, up) => {
    const token = formToken();
    assert.equal((await post(w, "/api/contact", { ...contactBody, token })).status, 502);
    assert.equal((await post(w, "/api/contact", { ...contactBody, token })).status, 502);
    assert.equal(up.calls("/hook/fail"), 2, "the retry was tried, not swallowed");
  }));

test("double opt-in: a signed link on the site's origin; opening it confirms once", () =>
  withWorker({}, async (w, up) => {
    const a = await post(w, "/api/subscribe", { email: "Reader@Example.org", token: formToken() });
    assert.deepEqual(a.json, { result: "success", confirm: "sent" });
    assert.equal(up.state.hooks.length, 1);
    const ask = up.state.hooks[0].body;
    assert.deepEqual(Object.keys(ask).sort(), ["confirmUrl", "email", "event", "expiresAt", "form", "receivedAt"]);
    assert.equal(ask.form, "subscribe");
    assert.equal(ask.event, "confirmation-requested");
    assert.equal(ask.email, "Reader@Example.org");
    const url = new URL(ask.confirmUrl);
    assert.equal(url.origin, "http://unitly.test", "the origin the request came to");
    assert.equal(url.pathname, "/api/subscribe/confirm");
    const hours = (Date.parse(ask.expiresAt) - Date.parse(ask.receivedAt)) / 3600_000;
    assert.equal(hours, 48);

    // Asking again within a day (any spelling of the address, any client): no second mail.
    for (const [email, ip] of [["reader@example.org", "203.0.113.7"], ["READER@example.org", "203.0.113.99"]]) {
      assert.deepEqual((await post(w, "/api/subscribe", { email, token: formToken() }, ip)).json, { result: "success", confirm: "sent" });
    }
    assert.equal(up.state.hooks.length, 1);

    for (let i = 0; i < 3; i++) {
      const opened = await open(w, url.pathname + url.search);
      assert.equal(opened.status, 303);
      assert.equal(opened.headers.get("location"), "/newsletter/confirmed");
      assert.equal(opened.headers.get("referrer-policy"), "no-referrer");
    }
    assert.equal(up.state.hooks.length, 2, "confirmed once, however often the link is opened");
    const done = up.state.hooks[1].body;
    assert.equal(done.event, "confirmed");
    assert.equal(done.email, "Reader@Example.org");
    assert.ok(Date.parse(done.confirmedAt) >= Date.parse(done.requestedAt));
    assert.equal((await open(w, url.pathname + url.search, { method: "HEAD" })).status, 405, "a HEAD (link scanners) confirms nothing");
  }));

test("confirmation links: forged, tampered or older than 48 hours lead to the expired page and confirm nothing", () =>
  withWorker({}, async (w, up) => {
    const good = new URL(link("a@example.org"), "http://x");
    const tampered = new URLSearchParams(good.search);
    tampered.set("email", "b@example.org");
    for (const path of [
      link("a@example.org", 0, "wrong-secret"),
      link("a@example.org", 48 * 3600_000 + 60_000),
      link("a@example.org", -3600_000),
      `/api/subscribe/confirm?${tampered}`,
      "/api/subscribe/confirm",
      "/api/subscribe/confirm?email=a@example.org&at=x&sig=y",
    ]) {
      const a = await open(w, path);
      assert.equal(a.status, 303, path);
      assert.equal(a.headers.get("location"), "/newsletter/expired", path);
    }
    assert.equal(up.state.hooks.length, 0);
    assert.equal((await open(w, link("a@example.org", 47 * 3600_000))).headers.get("location"), "/newsletter/confirmed");
    assert.equal(up.state.hooks.length, 1);
  }));

test("confirmation links point at SITE_ORIGIN when it is set; a failing webhook can be confirmed later", () =>
  withWorker((base) => ({ SITE_ORIGIN: "https://unitly.example/", SUBSCRIBE_WEBHOOK_URL: `${base}/hook/subscribe` }), async (w, up) => {
    await post(w, "/api/subscribe", { email: "a@example.org", token: formToken() });
    assert.match(up.state.hooks[0].body.confirmUrl, /^https:\/\/unitly\.example\/api\/subscribe\/confirm\?email=a%40example\.org&at=\d{13}&sig=[\w-]{43}$/);
  }));

test("a confirmation whose webhook fails shows the unavailable page and can be opened again", () =>
  withWorker((base) => ({ SUBSCRIBE_WEBHOOK_URL: `${base}/hook/fail` }), async (w, up) => {
    const path = link("a@example.org");
    assert.equal((await open(w, path)).headers.get("location"), "/newsletter/unavailable");
    assert.equal((await open(w, path)).headers.get("location"), "/newsletter/unavailable");
    assert.equal(up.calls("/hook/fail"), 2);
  }));

test("Turnstile: with TURNSTILE_SECRET, posts must pass it; the verify endpoint gets the secret, the answer never does", () =>
  withWorker({ TURNSTILE_SECRET: "ts-secret-0x4AAA" }, async (w, up) => {
    let ip = 0;
    const send = (extra) => post(w, "/api/contact", { ...contactBody, token: formToken(), ...extra }, `192.0.2.${++ip}`);
    for (const extra of [{}, { turnstile: "" }, { turnstile: "turnstile-fail" }]) {
      const a = await send(extra);
      assert.equal(a.status, 403);
      assert.deepEqual(a.json, { result: "error", "error-type": "turnstile-failed" });
      assert.ok(!a.text.includes("ts-secret"));
    }
    assert.equal(up.state.hooks.length, 0);
    assert.equal((await send({ turnstile: "turnstile-pass" })).status, 200);
    assert.equal(up.state.hooks.length, 1);
    assert.deepEqual(up.state.turnstile.at(-1), { secret: "ts-secret-0x4AAA", response: "turnstile-pass", remoteip: `192.0.2.${ip}` });
    // An invalid form token is refused before Turnstile is asked.
    const asked = up.calls("/turnstile");
    assert.equal((await send({ token: "x", turnstile: "turnstile-pass" })).status, 403);
    assert.equal(up.calls("/turnstile"), asked);
    assert.ok(!w.logs.join("").includes("ts-secret"));
  }));

test("Turnstile: an unreachable verify endpoint is a 502 that forwards nothing", () =>
  withWorker({ TURNSTILE_SECRET: "ts-secret-0x4AAA", TURNSTILE_VERIFY_URL: "http://127.0.0.1:1/siteverify" }, async (w, up) => {
    const a = await post(w, "/api/subscribe", { email: "a@example.org", token: formToken(), turnstile: "turnstile-pass" });
    assert.equal(a.status, 502);
    assert.equal(a.json["error-type"], "upstream-unavailable");
    assert.equal(up.state.hooks.length, 0);
  }));
