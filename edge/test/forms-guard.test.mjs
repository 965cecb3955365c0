// The form routes' abuse guards in the Workers runtime, with wrangler.jsonc's bindings:
// per-client rate limits, the signed form token, the honeypot, the newsletter's double
// opt-in's request (one a day per mailbox) and optional Turnstile.
// (Concurrency — tokens never shared, used once under racing posts — in forms-once.test.mjs;
// the confirmation link in subscribe-confirm.test.mjs.)
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { assertLogged, formToken, sleep, withWorker, wranglerConfig } from "./helpers.mjs";

const contactBody = { name: "Ada Lovelace", email: "ada@example.org", subject: "bug", message: "5 ft shows 1.524 m." };
const post = (w, path, body, ip = "203.0.113.7") =>
  w.fetch(path, { method: "POST", headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip }, body: JSON.stringify(body) });

test("wrangler.jsonc's rate limits are the named constants of src/config.ts; the marks are a SQLite Durable Object", () => {
  const src = readFileSync(new URL("../src/config.ts", import.meta.url), "utf8");
  const constant = (name) => Number(new RegExp(`${name}: (\\d+)`).exec(src)[1]);
  const limits = Object.fromEntries(wranglerConfig().ratelimits.map((r) => [r.name, r.simple]));
  assert.deepEqual(limits.CONTACT_LIMITER, { limit: constant("contactPerMinute"), period: 60 });
  assert.deepEqual(limits.SUBSCRIBE_LIMITER, { limit: constant("subscribePerMinute"), period: 60 });
  // The "used once" marks: a Durable Object with SQLite storage (the free plan's kind), not KV.
  const { durable_objects, migrations, kv_namespaces } = wranglerConfig();
  assert.deepEqual(durable_objects.bindings, [{ name: "FORM_MARKS", class_name: "FormMarks" }]);
  assert.ok(migrations.some((m) => m.new_sqlite_classes?.includes("FormMarks")));
  assert.deepEqual(kv_namespaces.map((k) => k.binding), ["LIVE_DATA"]);
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
    // One token posted twice (a double click, a copied request): forwarded once; the second
    // post hears that it was not delivered.
    const token = formToken();
    assert.equal((await send({ token, leave_empty: "" })).status, 200);
    const again = await send({ token });
    assert.equal(again.status, 409);
    assert.deepEqual(again.json, { result: "error", "error-type": "token-used" });
    assert.equal(up.calls("/hook/contact"), 1);
  }));

test("a token from GET /api/form-token is refused for 3 seconds, then accepted", () =>
  withWorker({}, async (w, up) => {
    const a = await w.fetch("/api/form-token");
    assert.equal(a.status, 200);
    assert.equal(a.headers.get("cache-control"), "no-store");
    assert.match(a.json.token, /^\d{13}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
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

test("IPv6 clients are limited by their /64, IPv4 clients by their address", () =>
  withWorker({}, async (w, up) => {
    const send = (ip) => post(w, "/api/subscribe", { email: `r${Math.random()}@example.org`.replace("0.", ""), token: formToken() }, ip);
    // Three posts a minute per client: a client cycling addresses inside its /64 is one client.
    const statuses = [];
    for (const ip of ["2001:db8:1:2::1", "2001:db8:1:2::2", "2001:0db8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2:a:b:c:d"]) statuses.push((await send(ip)).status);
    assert.deepEqual(statuses, [200, 200, 200, 429]);
    // The next /64 is another client; so is another IPv4 address, each counted alone.
    assert.equal((await send("2001:db8:1:3::1")).status, 200);
    for (const ip of ["198.51.100.1", "198.51.100.1", "198.51.100.1"]) assert.equal((await send(ip)).status, 200);
    assert.equal((await send("198.51.100.1")).status, 429);
    assert.equal((await send("198.51.100.2")).status, 200);
    // An IPv4-mapped IPv6 address is the IPv4 address it maps.
    assert.equal((await send("::ffff:198.51.100.1")).status, 429);
    assert.equal(up.state.hooks.length, 8);
  }));

test("one confirmation request per mailbox a day: case, +tags, and Gmail's dots are one mailbox", () =>
  withWorker({}, async (w, up) => {
    let ip = 0;
    const ask = async (email) => {
      const a = await post(w, "/api/subscribe", { email, token: formToken() }, `192.0.2.${++ip}`);
      assert.deepEqual(a.json, { result: "success", confirm: "sent" }, email); // the same answer either way
    };
    const mails = () => up.state.hooks.map((h) => h.body.email);
    for (const email of ["victim@gmail.com", "Victim+1@gmail.com", "v.ictim@googlemail.com", "V.I.C.T.I.M+news@GMAIL.COM"]) await ask(email);
    assert.deepEqual(mails(), ["victim@gmail.com"]);
    for (const email of ["reader@example.org", "READER@Example.org", "reader+list@example.org"]) await ask(email);
    assert.deepEqual(mails(), ["victim@gmail.com", "reader@example.org"]);
    // Elsewhere a dot is part of the name: another mailbox. So is another domain.
    for (const email of ["re.ader@example.org", "reader@example.net"]) await ask(email);
    assert.deepEqual(mails(), ["victim@gmail.com", "reader@example.org", "re.ader@example.org", "reader@example.net"]);
    // The domain in Unicode or in its ASCII form is one domain.
    for (const email of ["ü@exämple.de", "ü@xn--exmple-cua.de"]) await ask(email);
    assert.equal(mails().length, 5);
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
    // An IPv6 visitor's own address, not the /64 the rate limit counts by.
    assert.equal((await post(w, "/api/contact", { ...contactBody, token: formToken(), turnstile: "turnstile-pass" }, "2001:db8:1:2:3:4:5:6")).status, 200);
    assert.equal(up.state.turnstile.at(-1).remoteip, "2001:db8:1:2:3:4:5:6");
    // An invalid form token is refused before Turnstile is asked.
    const asked = up.calls("/turnstile");
    assert.equal((await send({ token: "x", turnstile: "turnstile-pass" })).status, 403);
    assert.equal(up.calls("/turnstile"), asked);
    assert.ok(!w.logs.join("").includes("ts-secret"));
  }));

test("Turnstile: a verify endpoint answering a huge body is refused past the size cap, not read whole", () =>
  withWorker({ TURNSTILE_SECRET: "ts-secret-0x4AAA" }, async (w, up) => {
    up.state.huge = { prefix: "/turnstile", mode: "stream", bytes: 32 * 1024 * 1024 };
    const a = await post(w, "/api/subscribe", { email: "a@example.org", token: formToken(), turnstile: "turnstile-pass" });
    assert.equal(a.status, 502);
    assert.equal(up.state.hooks.length, 0);
    await assertLogged(w, /Turnstile verification failed \(answer too large\)/);
    assert.ok(up.state.hugeSent < 8 * 1024 * 1024, `the fake wrote ${up.state.hugeSent} bytes before the edge hung up`);
  }));

test("Turnstile: an unreachable verify endpoint is a 502 that forwards nothing", () =>
  withWorker({ TURNSTILE_SECRET: "ts-secret-0x4AAA", TURNSTILE_VERIFY_URL: "http://127.0.0.1:1/siteverify" }, async (w, up) => {
    const a = await post(w, "/api/subscribe", { email: "a@example.org", token: formToken(), turnstile: "turnstile-pass" });
    assert.equal(a.status, 502);
    assert.equal(a.json["error-type"], "upstream-unavailable");
    assert.equal(up.state.hooks.length, 0);
  }));
