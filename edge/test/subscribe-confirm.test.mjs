// The newsletter's confirmation link in workerd: opening it (GET, HEAD: what a mail scanner
// does) shows the site's "Confirm subscription" page and confirms nothing; the page's form
// posts back to the link, and that POST confirms once, however many race.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { confirmPath, formToken, withWorker } from "./helpers.mjs";

const post = (w, path, body, ip = "203.0.113.7") =>
  w.fetch(path, { method: "POST", headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip }, body: JSON.stringify(body) });
/** What the page's button sends: a plain form post to the page's own URL (redirects are the answer under test). */
const press = (w, path) =>
  w.fetch(path, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "" });
/** Opens the link as a browser or a scanner would; the answer is HTML, read as it is. */
async function open(w, path, method = "GET") {
  const res = await w.raw(`http://unitly.test${path}`, { method, redirect: "manual" });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

// Minified as the build writes pages: attribute values without quotes where they need none.
const SITE_PAGE = `<!doctype html><html lang=en><head><script>document.documentElement.dataset.theme="dark"</script>
<script type=application/ld+json>{"@type":"WebPage"}</script><script type=module src=/assets/app.js></script></head>
<body><h1>Confirm your subscription</h1><form class=confirm-form method=post><button class=button>Confirm subscription</button></form></body></html>`;
const sha256 = (text) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

test("double opt-in: the link opens a page that confirms nothing; its button confirms once", () =>
  withWorker({}, async (w, up) => {
    const a = await post(w, "/api/subscribe", { email: "Reader@Example.org", token: formToken() });
    assert.deepEqual(a.json, { result: "success", confirm: "sent" });
    const ask = up.state.hooks[0].body;
    assert.deepEqual(Object.keys(ask).sort(), ["confirmUrl", "email", "event", "expiresAt", "form", "id", "receivedAt"]);
    assert.deepEqual([ask.form, ask.event, ask.email], ["subscribe", "confirmation-requested", "Reader@Example.org"]);
    const url = new URL(ask.confirmUrl);
    assert.equal(url.origin, "http://unitly.test", "the origin the request came to");
    assert.equal(url.pathname, "/api/subscribe/confirm");
    assert.equal((Date.parse(ask.expiresAt) - Date.parse(ask.receivedAt)) / 3600_000, 48);
    const link = url.pathname + url.search;

    // A scanner (or the owner) opening the link, any number of times: a page, nothing sent.
    for (const method of ["GET", "GET", "HEAD"]) {
      const page = await open(w, link, method);
      assert.equal(page.status, 200, method);
      assert.match(page.headers.get("content-type"), /^text\/html/);
      assert.equal(page.headers.get("cache-control"), "no-store");
      assert.equal(page.headers.get("referrer-policy"), "no-referrer");
      assert.equal(page.headers.get("x-robots-tag"), "noindex");
      assert.match(page.headers.get("content-security-policy"), /form-action 'self'/);
      if (method === "GET") assert.match(page.text, /<form method="post"><button type="submit">Confirm subscription<\/button><\/form>/);
    }
    assert.equal(up.state.hooks.length, 1, "opening the link confirmed nothing");

    // The button: confirmed once, then the same page for every later press.
    for (let i = 0; i < 3; i++) {
      const pressed = await press(w, link);
      assert.equal(pressed.status, 303);
      assert.equal(pressed.headers.get("location"), "/newsletter/confirmed");
      assert.equal(pressed.headers.get("referrer-policy"), "no-referrer");
    }
    assert.equal(up.state.hooks.length, 2);
    const done = up.state.hooks[1].body;
    assert.deepEqual([done.event, done.email], ["confirmed", "Reader@Example.org"]);
    assert.ok(Date.parse(done.confirmedAt) >= Date.parse(done.requestedAt));
    // Each event its own id; the confirmation's is the link's, the same for a repeat.
    assert.notEqual(done.id, up.state.hooks[0].body.id);
    assert.equal(up.state.hooks[1].idempotencyKey, done.id);
  }));

test("10 parallel opens, then 10 parallel presses of one link: exactly 1 confirmed", () =>
  withWorker({}, async (w, up) => {
    const link = confirmPath("racer@example.org");
    const opened = await Promise.all(Array.from({ length: 10 }, () => open(w, link)));
    assert.ok(opened.every((o) => o.status === 200));
    assert.equal(up.state.hooks.length, 0);
    const pressed = await Promise.all(Array.from({ length: 10 }, () => press(w, link)));
    assert.ok(pressed.every((p) => p.status === 303 && p.headers.get("location") === "/newsletter/confirmed"));
    assert.deepEqual(up.state.hooks.map((h) => h.body.event), ["confirmed"]);
  }));

test("the page is the site's own, with the policy the site serves it with, or one as strict", () =>
  withWorker((base) => ({ SITE_ORIGIN: base }), async (w, up) => {
    const link = confirmPath("a@example.org");
    const sitePolicy = "default-src 'self'; script-src 'self' 'sha256-abc'; form-action 'self'; frame-ancestors 'none'";
    up.state.sitePage = { html: SITE_PAGE, headers: { "Content-Security-Policy": sitePolicy } };
    let page = await open(w, link);
    assert.equal(page.text, SITE_PAGE);
    assert.equal(page.headers.get("content-security-policy"), sitePolicy);

    // Served without a policy (Workers' assets binding adds no _headers): a strict one, with
    // the hash of the page's one inline script and not of its data block.
    up.state.sitePage = { html: SITE_PAGE, headers: {} };
    page = await open(w, link);
    const policy = page.headers.get("content-security-policy");
    assert.match(policy, /^default-src 'self'; script-src 'self' 'sha256-[^']+'; style-src 'self';/);
    assert.ok(policy.includes(sha256('document.documentElement.dataset.theme="dark"')), policy);
    assert.ok(!policy.includes(sha256('{"@type":"WebPage"}')));
    for (const part of ["object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'"]) assert.ok(policy.includes(part), part);

    // The site does not answer (or answers with something else): a plain page with the same button.
    for (const sitePage of [null, { html: "<p>not the page</p>", headers: {} }]) {
      up.state.sitePage = sitePage;
      page = await open(w, link);
      assert.equal(page.status, 200);
      assert.match(page.text, /<form method="post"><button type="submit">Confirm subscription<\/button><\/form>/);
      assert.equal(page.headers.get("content-security-policy"), "default-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'");
    }
    assert.equal(up.state.hooks.length, 0);
  }));

test("confirmation links: forged, tampered or older than 48 hours lead to the expired page, opened or pressed", () =>
  withWorker({}, async (w, up) => {
    const good = new URL(confirmPath("a@example.org"), "http://x");
    const tampered = new URLSearchParams(good.search);
    tampered.set("email", "b@example.org");
    for (const path of [
      confirmPath("a@example.org", 0, "wrong-secret"),
      confirmPath("a@example.org", 48 * 3600_000 + 60_000),
      confirmPath("a@example.org", -3600_000),
      `/api/subscribe/confirm?${tampered}`,
      "/api/subscribe/confirm",
      "/api/subscribe/confirm?email=a@example.org&at=x&sig=y",
    ]) {
      for (const answer of [await open(w, path), await press(w, path)]) {
        assert.equal(answer.status, 303, path);
        assert.equal(answer.headers.get("location"), "/newsletter/expired", path);
      }
    }
    assert.equal(up.state.hooks.length, 0);
    assert.equal((await press(w, confirmPath("a@example.org", 47 * 3600_000))).headers.get("location"), "/newsletter/confirmed");
    assert.equal(up.state.hooks.length, 1);
    assert.equal((await w.fetch(good.pathname + good.search, { method: "PUT" })).status, 405);
  }));

test("confirmation links point at SITE_ORIGIN when it is set", () =>
  withWorker((base) => ({ SITE_ORIGIN: "https://unitly.example/", SUBSCRIBE_WEBHOOK_URL: `${base}/hook/subscribe` }), async (w, up) => {
    await post(w, "/api/subscribe", { email: "a@example.org", token: formToken() });
    assert.match(up.state.hooks[0].body.confirmUrl, /^https:\/\/unitly\.example\/api\/subscribe\/confirm\?email=a%40example\.org&at=\d{13}&sig=[\w-]{43}$/);
  }));

test("a confirmation whose webhook fails leads to the unavailable page, and the link confirms later", () =>
  withWorker({}, async (w, up) => {
    const link = confirmPath("a@example.org");
    up.state.hooksDown = true;
    assert.equal((await press(w, link)).headers.get("location"), "/newsletter/unavailable");
    assert.equal((await press(w, link)).headers.get("location"), "/newsletter/unavailable");
    up.state.hooksDown = false;
    assert.equal((await press(w, link)).headers.get("location"), "/newsletter/confirmed");
    assert.equal((await press(w, link)).headers.get("location"), "/newsletter/confirmed");
    assert.equal(up.calls("/hook/subscribe"), 3);
  }));

test("without FORM_SECRET or a list, the link leads to the unavailable page", () =>
  withWorker({ SUBSCRIBE_WEBHOOK_URL: "" }, async (w, up) => {
    const link = confirmPath("a@example.org");
    assert.equal((await open(w, link)).headers.get("location"), "/newsletter/unavailable");
    assert.equal((await press(w, link)).headers.get("location"), "/newsletter/unavailable");
    assert.equal(up.state.hooks.length, 0);
  }));
