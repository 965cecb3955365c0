// POST /api/contact and /api/subscribe: server-side validation and webhook forwarding.
// (Abuse guards — limits, tokens, honeypot, double opt-in, Turnstile — in forms-guard.test.mjs.)
import assert from "node:assert/strict";
import { test } from "node:test";
import { assertLogged, formToken, until, withWorker } from "./helpers.mjs";

const good = { name: "  Ada Lovelace ", email: "ada@example.org", subject: "accuracy", message: "Line one\nLine two\tend" };
let client = 0;
/** One post from a new client address (so these tests stay under the rate limits), with a valid token. */
const post = (w, path, body, headers = { "Content-Type": "application/json" }) =>
  w.fetch(path, {
    method: "POST",
    headers: { "CF-Connecting-IP": `198.51.100.${++client % 250}`, ...headers },
    body: typeof body === "string" ? body : JSON.stringify({ token: formToken(), ...body }),
  });

test("contact: valid input is forwarded trimmed to the webhook as JSON", () =>
  withWorker({}, async (w, up) => {
    const a = await post(w, "/api/contact", { ...good, extra: "dropped" });
    assert.equal(a.status, 200);
    assert.deepEqual(a.json, { result: "success" });
    assert.equal(a.headers.get("cache-control"), "no-store");
    assert.equal(up.state.hooks.length, 1);
    const hook = up.state.hooks[0];
    assert.equal(hook.path, "/hook/contact");
    assert.match(hook.contentType, /^application\/json/);
    const { receivedAt, id, ...fields } = hook.body;
    assert.deepEqual(fields, { form: "contact", name: "Ada Lovelace", email: "ada@example.org", subject: "accuracy", message: "Line one\nLine two\tend" });
    assert.ok(!Number.isNaN(Date.parse(receivedAt)));
    // The submission's id, in the body and as the Idempotency-Key header: a receiver drops repeats by it.
    assert.match(id, /^[A-Za-z0-9_-]{16,}$/);
    assert.equal(hook.idempotencyKey, id);
  }));

test("subscribe: valid input asks its own webhook for a confirmation", () =>
  withWorker({}, async (w, up) => {
    const a = await post(w, "/api/subscribe", { email: " reader@example.co.uk " }, { "Content-Type": "application/json; charset=utf-8" });
    assert.equal(a.status, 200);
    assert.deepEqual(a.json, { result: "success", confirm: "sent" });
    assert.equal(up.state.hooks[0].path, "/hook/subscribe");
    assert.equal(up.state.hooks[0].body.email, "reader@example.co.uk");
    assert.equal(up.state.hooks[0].body.event, "confirmation-requested");
  }));

test("contact: the first bad field is named, and nothing is forwarded", () =>
  withWorker({}, async (w, up) => {
    const cases = [
      [{ ...good, name: "   " }, "name"], [{ ...good, name: undefined }, "name"], [{ ...good, name: 42 }, "name"],
      [{ ...good, name: "x".repeat(101) }, "name"], [{ ...good, name: "Ada\nBcc: x@y.z" }, "name"],
      [{ ...good, email: "" }, "email"], [{ ...good, email: "not-an-email" }, "email"], [{ ...good, email: "a@b" }, "email"],
      [{ ...good, email: "a b@c.de" }, "email"], [{ ...good, email: `${"a".repeat(250)}@b.cd` }, "email"], [{ ...good, email: ["a@b.cd"] }, "email"],
      [{ ...good, subject: "" }, "subject"], [{ ...good, subject: "spam" }, "subject"], [{ ...good, subject: "General" }, "subject"],
      [{ ...good, message: " \n " }, "message"], [{ ...good, message: "x".repeat(5001) }, "message"], [{ ...good, message: "bell\u0007" }, "message"],
      [{ name: "", email: "bad", subject: "bad", message: "" }, "name"],
    ];
    for (const [body, field] of cases) {
      const a = await post(w, "/api/contact", body);
      assert.equal(a.status, 400, JSON.stringify(body).slice(0, 80));
      assert.deepEqual(Object.keys(a.json), ["result", "error-type", "field", "message"]);
      assert.deepEqual([a.json["error-type"], a.json.field], ["invalid-field", field]);
      assert.ok(typeof a.json.message === "string" && a.json.message.length > 10, a.json.message);
    }
    for (const email of ["", "x", "x@y", "@y.z", null]) {
      const a = await post(w, "/api/subscribe", { email });
      assert.deepEqual([a.status, a.json.field], [400, "email"]);
    }
    assert.equal(up.state.hooks.length, 0);
  }));

test("hostile names and addresses are refused with the sentence the form shows, and nothing is forwarded", () =>
  withWorker({}, async (w, up) => {
    const shape = "Please enter a valid email address, like name@example.com.";
    const one = "Please enter one email address only.";
    const hidden = "Please remove the invisible or control characters from the address (they often come along when it is pasted).";
    const name = "Please remove line breaks and invisible or text-direction characters from your name.";
    const cases = [
      [{ email: "ada@example.org,evil" }, "email", one],
      [{ email: "ada@example.org, bob@example.org" }, "email", one],
      [{ email: "a@b@c.de" }, "email", one],
      [{ email: "<img/src=x/onerror=alert(1)>@x.yz" }, "email", shape],
      [{ email: "\"a\"@b.co" }, "email", shape],
      [{ email: "ada@example.org\u200b" }, "email", hidden],
      [{ email: "ada\u202e@example.org" }, "email", hidden],
      [{ name: "Ada\u2028Bcc: evil@example.org" }, "name", name],
      [{ name: "Ada\u2029Lovelace" }, "name", name],
      [{ name: "evil\u202Egnp.exe" }, "name", name],
      [{ name: "A\u200Bda" }, "name", name],
    ];
    for (const [change, field, message] of cases) {
      const a = await post(w, "/api/contact", { ...good, ...change });
      assert.equal(a.status, 400, JSON.stringify(change));
      assert.deepEqual(a.json, { result: "error", "error-type": "invalid-field", field, message }, JSON.stringify(change));
      if (field === "email") assert.deepEqual((await post(w, "/api/subscribe", change)).json.message, message);
    }
    assert.equal(up.state.hooks.length, 0);
    // Names may hold any visible text, markup-looking included: the webhook gets it as JSON text.
    assert.equal((await post(w, "/api/contact", { ...good, name: "<b>Zoë</b> O’Brien" })).status, 200);
    assert.equal(up.state.hooks[0].body.name, "<b>Zoë</b> O’Brien");
  }));

test("forms: wrong content type, bad JSON and oversized bodies are rejected", () =>
  withWorker({}, async (w, up) => {
    assert.equal((await post(w, "/api/contact", good, { "Content-Type": "text/plain" })).status, 415);
    assert.equal((await post(w, "/api/subscribe", "email=a@b.cd", { "Content-Type": "application/x-www-form-urlencoded" })).status, 415);
    assert.equal((await post(w, "/api/contact", good, {})).json["error-type"], "unsupported-media-type");
    for (const body of ["{", "", "null", "[1]", '"x"', "\uFEFF{}x"]) {
      const a = await post(w, "/api/contact", body);
      assert.equal(a.status, 400, body);
      assert.equal(a.json["error-type"], "malformed-request");
    }
    const huge = await post(w, "/api/contact", { ...good, message: "x".repeat(25000) });
    assert.equal(huge.status, 413);
    assert.equal(huge.json["error-type"], "payload-too-large");
    const { limit } = huge.json;
    assert.ok(limit >= 16 * 1024, `a body limit that fits every field at its length: ${limit}`);
    // Streamed without Content-Length: counted while reading. One byte over the limit, so the
    // edge has read all of it when it answers (a client still sending could see a reset instead).
    const over = new TextEncoder().encode("x".repeat(limit + 1));
    const chunks = new ReadableStream({
      start(c) {
        for (let at = 0; at < over.length; at += 1024) c.enqueue(over.subarray(at, at + 1024));
        c.close();
      },
    });
    const streamed = await w.fetch("/api/subscribe", { method: "POST", headers: { "Content-Type": "application/json" }, body: chunks, duplex: "half" });
    assert.equal(streamed.status, 413);
    assert.equal(up.state.hooks.length, 0);
  }));

test("contact: every field at its limit in 3-byte characters fits the body limit", () =>
  withWorker({}, async (w, up) => {
    // content/units.yaml limits: name 100, email 254, message 5000 characters.
    const name = "漢".repeat(100);
    const email = `${"ü".repeat(245)}@exa.mple`;
    const message = `${"“漢”\n".repeat(1249)}“漢”漢`; // the edge trims, so no newline last
    assert.equal(email.length, 254);
    assert.equal(message.length, 5000);
    const a = await post(w, "/api/contact", { ...good, name, email, message });
    assert.equal(a.status, 200, JSON.stringify(a.json));
    assert.equal(up.state.hooks[0].body.message, message);
    const over = await post(w, "/api/contact", { ...good, message: message + "x" });
    assert.equal(over.status, 400);
    assert.equal(up.state.hooks.length, 1);
  }));

test("forms: without a webhook, valid input is a 503 not-configured", () =>
  withWorker({ CONTACT_WEBHOOK_URL: "", SUBSCRIBE_WEBHOOK_URL: "" }, async (w) => {
    for (const [path, body] of [["/api/contact", good], ["/api/subscribe", { email: "a@b.cd" }]]) {
      const a = await post(w, path, body);
      assert.equal(a.status, 503);
      assert.deepEqual(a.json, { result: "error", "error-type": "not-configured" });
    }
    // Validation still comes first.
    assert.equal((await post(w, "/api/subscribe", { email: "nope" })).status, 400);
  }));

test("forms: without FORM_SECRET, no token is issued and valid input is a 503 not-configured", () =>
  withWorker({ FORM_SECRET: "" }, async (w, up) => {
    assert.deepEqual((await w.fetch("/api/form-token")).json, { result: "error", "error-type": "not-configured" });
    for (const [path, body] of [["/api/contact", good], ["/api/subscribe", { email: "a@b.cd" }]]) {
      const a = await post(w, path, body);
      assert.equal(a.status, 503);
      assert.equal(a.json["error-type"], "not-configured");
    }
    assert.equal(up.state.hooks.length, 0);
  }));

test("forms: a missing FORM_SECRET or webhook is said once in the log, by name, never by value", () =>
  withWorker({ FORM_SECRET: "", CONTACT_WEBHOOK_URL: "" }, async (w) => {
    for (let i = 0; i < 3; i++) {
      assert.equal((await w.fetch("/api/form-token")).status, 503);
      assert.equal((await post(w, "/api/contact", good)).status, 503);
      assert.equal((await post(w, "/api/subscribe", { email: "a@b.cd" })).status, 503);
    }
    await until(() => w.logs.join("").includes("CONTACT_WEBHOOK_URL"));
    const lines = w.logs.join("").split("\n").filter((l) => l.includes("is not set"));
    assert.equal(lines.filter((l) => l.includes("FORM_SECRET is not set")).length, 1, lines.join("\n"));
    assert.equal(lines.filter((l) => l.includes("CONTACT_WEBHOOK_URL is not set")).length, 1, lines.join("\n"));
    assert.equal(lines.length, 2, `the subscribe webhook is set: ${lines.join("\n")}`);
    assert.ok(!w.logs.join("").includes("/hook/subscribe"), "no value is logged");
  }));

test("forms: a failing or unreachable webhook is a 502 whose answer and log name neither its host nor its path", () =>
  withWorker((base) => ({ CONTACT_WEBHOOK_URL: `${base}/hook/fail-s3cret-path?key=q5ecret`, SUBSCRIBE_WEBHOOK_URL: "http://127.0.0.1:1/hook?token=s3cret" }), async (w, up) => {
    const a = await post(w, "/api/contact", good);
    assert.equal(a.status, 502);
    assert.deepEqual(a.json, { result: "error", "error-type": "upstream-unavailable" });
    assert.equal(up.calls("/hook/fail-s3cret-path"), 1);
    const b = await post(w, "/api/subscribe", { email: "a@b.cd" });
    assert.equal(b.status, 502);
    // The form and what went wrong, and nothing of where the webhook is.
    await assertLogged(w, /\[unitly\] contact: webhook failed \(status 500\)/);
    await assertLogged(w, /\[unitly\] subscribe: webhook failed \(network error/);
    const logs = w.logs.join("");
    for (const part of [new URL(up.base).host, "127.0.0.1:1", "/hook", "s3cret", "q5ecret"]) {
      assert.ok(!logs.includes(part), `the log holds ${part}: ${logs}`);
      assert.ok(!a.text.includes(part) && !b.text.includes(part));
    }
  }));
