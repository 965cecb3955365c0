// "Used once" under concurrency, in workerd with wrangler.jsonc's Durable Object: no two
// visitors ever share a form token, and however many posts race with one token, exactly
// one is delivered and every other hears that it was not.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { assertLogged, formToken, startUpstream, startWorker, withWorker } from "./helpers.mjs";

const message = { name: "Ada Lovelace", email: "ada@example.org", subject: "bug", message: "5 ft shows 1.524 m." };
let client = 0;
const post = (w, path, body) =>
  w.fetch(path, { method: "POST", headers: { "Content-Type": "application/json", "CF-Connecting-IP": `198.51.100.${++client % 250}` }, body: JSON.stringify(body) });

test("32 concurrent GET /api/form-token: 32 different tokens, each with its own nonce", () =>
  withWorker({}, async (w) => {
    const answers = await Promise.all(Array.from({ length: 32 }, () => w.fetch("/api/form-token")));
    const tokens = answers.map((a) => a.json.token);
    assert.ok(answers.every((a) => a.status === 200));
    assert.equal(new Set(tokens).size, 32, "no two alike");
    assert.equal(new Set(tokens.map((t) => t.split(".")[1])).size, 32, "no two nonces alike");
    assert.ok(new Set(tokens.map((t) => t.split(".")[0])).size < 32, "issued within the same milliseconds, still distinct");
  }));

test("10 parallel contact posts with one token: exactly 1 delivery, 9 clear 409 token-used", () =>
  withWorker({}, async (w, up) => {
    const token = formToken();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post(w, "/api/contact", { ...message, message: `Attempt ${i}`, token })));
    const statuses = answers.map((a) => a.status).sort();
    assert.deepEqual(statuses, [200, ...Array(9).fill(409)]);
    for (const a of answers.filter((a) => a.status === 409)) assert.deepEqual(a.json, { result: "error", "error-type": "token-used" });
    assert.equal(up.calls("/hook/contact"), 1);
  }));

test("10 parallel newsletter posts with one token, each another address: exactly 1 confirmation request", () =>
  withWorker({}, async (w, up) => {
    const token = formToken();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post(w, "/api/subscribe", { email: `reader${i}@example.org`, token })));
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, ...Array(9).fill(409)]);
    assert.equal(up.calls("/hook/subscribe"), 1);
  }));

test("10 parallel posts for one mailbox, each its own token: 1 confirmation request, every post answered alike", () =>
  withWorker({}, async (w, up) => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post(w, "/api/subscribe", { email: i % 2 ? "Reader@example.org" : "reader+x@example.org", token: formToken() })));
    for (const a of answers) assert.deepEqual(a.json, { result: "success", confirm: "sent" });
    assert.equal(up.calls("/hook/subscribe"), 1);
  }));

test("the marks outlive the worker: a token used before a restart is still used after it", async () => {
  const up = await startUpstream();
  const dir = mkdtempSync(join(tmpdir(), "unitly-marks-"));
  const env = up.env({ UPSTREAM_RETRY_SECONDS: "0" });
  try {
    const token = formToken();
    const first = await startWorker(env, { persist: dir });
    assert.equal((await post(first, "/api/contact", { ...message, token })).status, 200);
    await first.dispose();
    const second = await startWorker(env, { persist: dir });
    assert.equal((await post(second, "/api/contact", { ...message, token })).status, 409);
    assert.equal((await post(second, "/api/contact", { ...message, token: formToken() })).status, 200);
    await second.dispose();
    assert.equal(up.calls("/hook/contact"), 2);
  } finally {
    await up.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a webhook that fails frees the token: of racing posts none claims success, and the retry is delivered once", () =>
  withWorker({}, async (w, up) => {
    const token = formToken();
    up.state.hooksDown = true;
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(w, "/api/contact", { ...message, token })));
    // Each was tried and failed (502) or refused while another held the token (409): the form keeps the text.
    assert.ok(answers.every((a) => a.status === 502 || a.status === 409), answers.map((a) => a.status).join());
    assert.equal(up.calls("/hook/contact"), answers.filter((a) => a.status === 502).length);
    up.state.hooksDown = false;
    const retries = await Promise.all(Array.from({ length: 5 }, () => post(w, "/api/contact", { ...message, token })));
    assert.deepEqual(retries.map((a) => a.status).sort(), [200, 409, 409, 409, 409]);
  }));

test("a webhook that answers too late may have the post: 502 delivery-unknown, and the same post is not sent again", () =>
  withWorker({ UPSTREAM_TIMEOUT_MS: "300" }, async (w, up) => {
    up.state.hooksSlowMs = 800;
    const token = formToken();
    const first = await post(w, "/api/contact", { ...message, token });
    assert.equal(first.status, 502);
    assert.deepEqual(first.json, { result: "error", "error-type": "delivery-unknown" });
    assert.equal(up.calls("/hook/contact"), 1);
    // The visitor's (or a double-clicking browser's) same post: the token stays used.
    up.state.hooksSlowMs = 0;
    const again = await post(w, "/api/contact", { ...message, token });
    assert.equal(again.status, 409);
    assert.equal(up.calls("/hook/contact"), 1, "the receiver got it once");
    await assertLogged(w, /\[unitly\] contact: webhook failed \(timed out after 300 ms\)/);
  }));
