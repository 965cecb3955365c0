// The contact form and the newsletter box, against the real edge function: inline
// validation, the honest "not configured" answer (503) that keeps the text, a network
// failure, success through a fake webhook (the newsletter's double opt-in link opened in
// the browser), the server refusing bad input itself, and the abuse guards: a flood of
// direct posts, posts without a valid token or with the honeypot filled, and the
// rate-limit message that keeps the visitor's text.
//
// Three sites: A forwards contact messages to a webhook and has no newsletter list; B has a
// newsletter list and no contact webhook; C has both and takes the flood. Each form is seen
// every way. The rate limits are per client and every request here comes from 127.0.0.1, so
// A and B stay under 5 contact and 3 subscribe posts a minute.
import { createHmac } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fakeUpstreams, launchBrowser, startSite } from './harness.mjs';
import { assertClean, fakeWebhook, newPage, post, signedFormToken, toast, useUpMinute, waitForAllIslands } from './interactive-helpers.mjs';

const FORM_SECRET = 'e2e-form-secret-51c9';
const formToken = (ageMs = 5000, secret = FORM_SECRET) => signedFormToken(secret, ageMs);

let a;
let b;
let c;
let up;
let hookA;
let hookB;
let hookC;
let browser;

before(async () => {
  [up, hookA, hookB, hookC] = await Promise.all([fakeUpstreams(), fakeWebhook(), fakeWebhook(), fakeWebhook()]);
  [a, b, c, browser] = await Promise.all([
    startSite({ env: { ...up.env, FORM_SECRET, CONTACT_WEBHOOK_URL: hookA.url } }),
    startSite({ env: { ...up.env, FORM_SECRET, SUBSCRIBE_WEBHOOK_URL: hookB.url } }),
    startSite({ env: { ...up.env, FORM_SECRET, CONTACT_WEBHOOK_URL: `${hookC.url}/contact`, SUBSCRIBE_WEBHOOK_URL: `${hookC.url}/subscribe` } }),
    launchBrowser(),
  ]);
});

after(async () => {
  await browser?.close();
  await Promise.all([a?.stop(), b?.stop(), c?.stop()]);
  await Promise.all([up?.close(), hookA?.close(), hookB?.close(), hookC?.close()]);
});

async function contactPage(site) {
  const page = await newPage(browser);
  await page.goto(`${site.url}/contact`);
  await waitForAllIslands(page, ['ContactForm', 'Toaster']);
  const form = page.locator('form.contact-form');
  return {
    page,
    name: form.getByRole('textbox', { name: 'Name' }),
    email: form.getByRole('textbox', { name: 'Email' }),
    subject: form.getByRole('combobox', { name: 'Subject' }),
    message: form.getByRole('textbox', { name: 'Message' }),
    send: form.getByRole('button', { name: 'Send Message' }),
  };
}

/** The error text a field is described by, or null. */
const errorOf = (field) =>
  field.evaluate((el) => {
    const ids = (el.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
    return ids.length ? document.getElementById(ids[0])?.textContent ?? null : null;
  });

async function fillValid(f) {
  await f.name.fill('Ada Lovelace');
  await f.email.fill('ada@example.com');
  await f.subject.selectOption({ label: 'Conversion accuracy' });
  await f.message.fill('5 feet in meters shows 1.524.\nThat is right, thank you!');
}

describe('Contact form', () => {
  test('inline errors tied to their fields, on submit and on blur', async () => {
    const f = await contactPage(a);
    const options = await f.subject.locator('option').evaluateAll((os) => os.map((o) => [o.value, o.textContent]));
    assert.deepEqual(
      options.map((o) => o[0]),
      ['', 'general', 'bug', 'feature', 'accuracy', 'technical', 'feedback', 'partnership', 'other'],
    );
    assert.ok(options.every(([, text]) => /^[A-Z]/.test(text)), 'readable option texts');

    await f.send.click();
    assert.equal(await errorOf(f.name), 'Please enter your name.');
    assert.equal(await errorOf(f.email), 'Please enter your email address.');
    assert.equal(await errorOf(f.subject), 'Please choose a subject.');
    assert.equal(await errorOf(f.message), 'Please enter a message.');
    for (const field of [f.name, f.email, f.subject, f.message]) assert.equal(await field.getAttribute('aria-invalid'), 'true');
    assert.equal(await f.page.evaluate(() => document.activeElement?.id), 'contact-name', 'focus on the first wrong field');

    // Fixing a field clears its error as you type; a wrong email shows on blur.
    await f.name.fill('Ada');
    assert.equal(await errorOf(f.name), null);
    assert.equal(await f.name.getAttribute('aria-invalid'), null);
    await f.email.fill('ada@example');
    assert.equal(await errorOf(f.email), 'Please enter a valid email address, like name@example.com.');
    await f.email.fill('ada@example.com');
    assert.equal(await errorOf(f.email), null);

    // On a fresh form, leaving a wrongly filled field shows its error at once.
    await f.page.reload();
    await waitForAllIslands(f.page, ['ContactForm']);
    await f.email.fill('not an email');
    await f.email.blur();
    assert.equal(await errorOf(f.email), 'Please enter a valid email address, like name@example.com.');
    assert.equal(await errorOf(f.name), null, 'untouched fields stay quiet');
    assert.equal(hookA.received.length, 0, 'nothing was sent');
    await assertClean(f.page);
    await f.page.context().close();
  });

  test('sent at a person\'s pace: toast, fields cleared, and the webhook got the message once', async () => {
    const f = await contactPage(a);
    await f.name.click();
    await f.name.pressSequentially('Ada Lovelace', { delay: 40 });
    await f.email.fill('ada@example.com');
    await f.subject.selectOption({ label: 'Conversion accuracy' });
    await f.message.fill('5 feet in meters shows 1.524.\nThat is right, thank you!');
    await f.send.click();
    const sent = toast(f.page, 'Message sent!');
    await sent.waitFor();
    assert.match(await sent.textContent(), /Thanks for reaching out\. We reply within 24 hours\./);
    for (const field of [f.name, f.email, f.message]) assert.equal(await field.inputValue(), '');
    assert.equal(await f.subject.inputValue(), '');
    assert.equal(hookA.received.length, 1);
    const got = hookA.received[0];
    assert.equal(got.form, 'contact');
    assert.equal(got.name, 'Ada Lovelace');
    assert.equal(got.email, 'ada@example.com');
    assert.equal(got.subject, 'accuracy');
    assert.equal(got.message, '5 feet in meters shows 1.524.\nThat is right, thank you!');
    assert.ok(!('token' in got) && !('leave_empty' in got), 'the guards stay at the edge');
    await assertClean(f.page);
    await f.page.context().close();
  });

  test('not configured (503): the form says so, offers the address and keeps the text', async () => {
    const f = await contactPage(b);
    await fillValid(f);
    await f.send.click();
    const alert = f.page.getByRole('alert').filter({ hasText: 'could not be sent right now' });
    await alert.waitFor();
    assert.match(await alert.textContent(), /Your text is still here/);
    assert.equal(await alert.getByRole('link', { name: 'hello@unitly.app' }).getAttribute('href'), 'mailto:hello@unitly.app');
    assert.equal(await f.name.inputValue(), 'Ada Lovelace');
    assert.equal(await f.subject.inputValue(), 'accuracy');
    assert.equal(await f.message.inputValue(), '5 feet in meters shows 1.524.\nThat is right, thank you!');
    assert.equal(await toast(f.page, 'Message sent!').count(), 0);
    // The browser logs the 503 response itself; that is the answer we asked for, not a bug.
    f.page.problems.splice(0, f.page.problems.length, ...f.page.problems.filter((p) => !/status of 503/.test(p)));
    await assertClean(f.page);
    await f.page.context().close();
  });

  test('network failure: says so and keeps the text', async () => {
    const f = await contactPage(a);
    await f.page.route('**/api/contact', (route) => route.abort('internetdisconnected'));
    await fillValid(f);
    await f.send.click();
    await f.page.getByRole('alert').filter({ hasText: 'could not be reached' }).waitFor();
    assert.equal(await f.message.inputValue(), '5 feet in meters shows 1.524.\nThat is right, thank you!');
    f.page.problems.splice(0, f.page.problems.length, ...f.page.problems.filter((p) => !/ERR_INTERNET_DISCONNECTED/.test(p)));
    await assertClean(f.page);
    await f.page.context().close();
  });

  test('a post whose token another post used (409) was not delivered: the form says so, keeps the text, and sends with a fresh token', async () => {
    const f = await contactPage(a);
    const tokens = [];
    f.page.on('request', (r) => r.url().endsWith('/api/form-token') && tokens.push(r.url()));
    // The edge's answer when racing posts share a token (edge/test/forms-once.test.mjs makes it for real).
    await f.page.route('**/api/contact', (route) => route.fulfill({ status: 409, contentType: 'application/json', body: '{"result":"error","error-type":"token-used"}' }), { times: 1 });
    const before = hookA.received.length;
    await fillValid(f);
    await f.send.click();
    const alert = f.page.getByRole('alert').filter({ hasText: 'Your message was not sent' });
    await alert.waitFor();
    assert.match(await alert.textContent(), /one-time code had already been used.*Your text is still here/s);
    assert.equal(await f.message.inputValue(), '5 feet in meters shows 1.524.\nThat is right, thank you!');
    assert.equal(hookA.received.length, before);
    await f.send.click();
    await toast(f.page, 'Message sent!').waitFor();
    assert.equal(hookA.received.length, before + 1);
    assert.equal(tokens.length, 2, 'the used token was replaced');
    f.page.problems.splice(0, f.page.problems.length, ...f.page.problems.filter((p) => !/status of 409/.test(p)));
    await assertClean(f.page);
    await f.page.context().close();
  });

  test('the server refuses bad input itself', async () => {
    const before = hookA.received.length;
    const good = { name: 'Ada', email: 'ada@example.com', subject: 'bug', message: 'Hello' };
    // (Every rule is checked in edge/test; here only a few posts, to stay under the rate limit.)
    for (const [bad, field] of [[{ ...good, email: 'nope' }, 'email']]) {
      const r = await post(a, '/api/contact', bad);
      assert.equal(r.status, 400, JSON.stringify(bad));
      assert.deepEqual(r.body, { result: 'error', 'error-type': 'invalid-field', field, message: 'Please enter a valid email address, like name@example.com.' });
    }
    assert.equal((await post(a, '/api/contact', '{not json')).status, 400);
    assert.equal(hookA.received.length, before, 'nothing bad was forwarded');
    // Not configured answers 503 only for valid input: a 400 stays the visitor's to fix.
    assert.deepEqual((await post(b, '/api/contact', good)).body?.['error-type'], 'not-configured');
    assert.equal((await post(b, '/api/contact', { ...good, email: 'x' })).status, 400);
  });
});

async function newsletterPage(site) {
  const page = await newPage(browser);
  await page.goto(`${site.url}/blog`);
  const box = page.getByRole('region', { name: 'Stay Updated' });
  await box.scrollIntoViewIfNeeded();
  await waitForAllIslands(page, ['Newsletter', 'Toaster']);
  return { page, box, email: box.getByRole('textbox', { name: 'Email address' }), subscribe: box.getByRole('button', { name: 'Subscribe' }) };
}

describe('Newsletter', () => {
  test('validation, then a confirmation link through the webhook; its page confirms by the button, once', async () => {
    const n = await newsletterPage(b);
    await n.subscribe.click();
    assert.equal(await errorOf(n.email), 'Please enter your email address.');
    assert.equal(await n.email.getAttribute('aria-invalid'), 'true');
    await n.email.fill('reader@example');
    await n.subscribe.click();
    assert.equal(await errorOf(n.email), 'Please enter a valid email address, like name@example.com.');
    assert.equal(hookB.received.length, 0);
    await n.email.fill(' reader@example.org ');
    assert.equal(await errorOf(n.email), null);
    await n.subscribe.click();
    const check = toast(n.page, 'Check your inbox to confirm');
    await check.waitFor();
    assert.match(await check.textContent(), /We sent a link to reader@example\.org\. Your subscription starts when you open it\./);
    assert.equal(await n.email.inputValue(), '');
    assert.deepEqual(
      hookB.received.map((r) => [r.form, r.event, r.email]),
      [['subscribe', 'confirmation-requested', 'reader@example.org']],
    );
    const link = new URL(hookB.received[0].confirmUrl);
    assert.equal(link.origin, b.url, 'the link is on the site\'s own origin');
    await assertClean(n.page);

    // Opening the link (what a mail scanner does too) shows a page in the site's look and
    // confirms nothing; its button confirms, and the list hears it once.
    for (let i = 0; i < 2; i++) {
      await n.page.goto(link.href);
      assert.equal(await n.page.getByRole('heading', { level: 1 }).textContent(), 'Confirm your subscription');
      assert.equal(await n.page.getByRole('navigation').first().isVisible(), true, 'the site\'s header is there');
      assert.equal(hookB.received.length, 1 + i, 'opening the link confirmed nothing');
      await n.page.getByRole('button', { name: 'Confirm subscription' }).click();
      await n.page.waitForURL('**/newsletter/confirmed');
      assert.equal(await n.page.getByRole('heading', { level: 1 }).textContent(), "You're subscribed");
    }
    assert.deepEqual(
      hookB.received.map((r) => [r.event, r.email]),
      [['confirmation-requested', 'reader@example.org'], ['confirmed', 'reader@example.org']],
    );
    await assertClean(n.page);
    await n.page.context().close();
  });

  test('the confirmation page works without JavaScript', async () => {
    const page = await newPage(browser, { javaScriptEnabled: false });
    // A link as the edge signs them (edge/src/guard.ts confirmLink), for another reader.
    const at = Date.now();
    const sig = createHmac('sha256', FORM_SECRET).update(`unitly-confirm:${at}:nojs@example.org`).digest('base64url');
    await page.goto(`${b.url}/api/subscribe/confirm?${new URLSearchParams({ email: 'nojs@example.org', at: String(at), sig })}`);
    assert.equal(await page.locator('meta[name="robots"][content="noindex"]').count(), 1);
    assert.equal(hookB.received.length, 2);
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await page.waitForURL('**/newsletter/confirmed');
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), "You're subscribed");
    assert.deepEqual(hookB.received.slice(2).map((r) => [r.event, r.email]), [['confirmed', 'nojs@example.org']]);
    await page.context().close();
  });

  test('not configured (503): says so and keeps the address', async () => {
    const n = await newsletterPage(a);
    await n.email.fill('reader@example.org');
    await n.subscribe.click();
    await n.box.getByRole('alert').filter({ hasText: 'not available at the moment' }).waitFor();
    assert.equal(await n.email.inputValue(), 'reader@example.org');
    n.page.problems.splice(0, n.page.problems.length, ...n.page.problems.filter((p) => !/status of 503/.test(p)));
    await assertClean(n.page);
    await n.page.context().close();
  });

  test('the server refuses bad addresses itself', async () => {
    const r = await post(b, '/api/subscribe', { email: 'a b@c.de' });
    assert.equal(r.status, 400);
    assert.equal(r.body.field, 'email');
    assert.equal(hookB.received.length, 3, 'only the subscription and the two confirmations above');
  });
});

describe('Abuse guards', () => {
  test('posts without a valid token or with the honeypot filled reach no webhook; a flood of 500 posts a handful', async () => {
    const message = { name: 'Spam', email: 'spam@example.com', subject: 'other', message: 'Buy now' };
    const started = Date.now();
    for (const [extra, status, type] of [
      [{}, 403, 'invalid-token'],
      [{ token: formToken(3 * 3600_000) }, 403, 'invalid-token'], // stale
      [{ token: formToken(5000, 'guessed-secret') }, 403, 'invalid-token'], // forged
      [{ token: formToken(), leave_empty: 'https://spam.example' }, 200, undefined], // honeypot: a quiet success
    ]) {
      const r = await post(c, '/api/contact', { ...message, ...extra });
      assert.equal(r.status, status, JSON.stringify(extra));
      assert.equal(r.body['error-type'], type);
    }
    assert.equal(hookC.received.length, 0);

    const statuses = {};
    for (const [path, body] of [['/api/contact', () => message], ['/api/subscribe', (i) => ({ email: `victim${i}@example.org` })]]) {
      for (let i = 0; i < 500; i += 10) {
        // Each post its own token (each has its own nonce), as a script fetching tokens would.
        const batch = Array.from({ length: 10 }, (_, j) => post(c, path, { ...body(i + j), token: formToken() }));
        for (const r of await Promise.all(batch)) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      }
    }
    assert.deepEqual(Object.keys(statuses).sort(), ['200', '429'], JSON.stringify(statuses));
    // 5 contact posts (4 used above) and 3 subscribe posts a minute, per client; a limiter
    // with clock-aligned minutes may give a run that crosses one a second window.
    const windows = Math.ceil((Date.now() - started) / 60_000) + 1;
    assert.ok(hookC.received.length >= 1 && hookC.received.length <= (5 + 3) * windows - 4, `${hookC.received.length} webhook calls in ${windows} min`);
    assert.equal(statuses[200], hookC.received.length);
    assert.ok(hookC.received.every((r) => r.form === 'contact' || r.event === 'confirmation-requested'));
    const limited = await fetch(`${c.url}/api/subscribe`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('retry-after'), '60');
  });

  test('over the limit, the form says so and keeps the text', async () => {
    const f = await contactPage(c);
    await fillValid(f);
    await f.page.waitForTimeout(3500); // a person's pace: the form's token is old enough now
    await useUpMinute(c, '/api/contact');
    await f.send.click();
    const alert = f.page.getByRole('alert').filter({ hasText: 'Too many attempts — please try again in a minute.' });
    await alert.waitFor();
    assert.match(await alert.textContent(), /Your text is still here/);
    assert.equal(await f.name.inputValue(), 'Ada Lovelace');
    assert.equal(await f.message.inputValue(), '5 feet in meters shows 1.524.\nThat is right, thank you!');
    f.page.problems.splice(0, f.page.problems.length, ...f.page.problems.filter((p) => !/status of 429/.test(p)));
    await assertClean(f.page);
    await f.page.context().close();

    const n = await newsletterPage(c);
    await n.email.fill('reader@example.org');
    await n.page.waitForTimeout(3500);
    await useUpMinute(c, '/api/subscribe');
    await n.subscribe.click();
    await n.box.getByRole('alert').filter({ hasText: 'Too many attempts — please try again in a minute.' }).waitFor();
    assert.equal(await n.email.inputValue(), 'reader@example.org');
    n.page.problems.splice(0, n.page.problems.length, ...n.page.problems.filter((p) => !/status of 429/.test(p)));
    await assertClean(n.page);
    await n.page.context().close();
  });

  test('the honeypot is out of reach: no name for screen readers, never focused by Tab', async () => {
    const f = await contactPage(a);
    const trap = f.page.locator('input[name="leave_empty"]');
    assert.equal(await trap.count(), 1);
    assert.equal(await f.page.getByRole('textbox', { name: 'Leave this field empty' }).count(), 0, 'hidden from the accessibility tree');
    await f.name.focus();
    for (let i = 0; i < 12; i++) {
      await f.page.keyboard.press('Tab');
      assert.notEqual(await f.page.evaluate(() => document.activeElement?.getAttribute('name')), 'leave_empty');
    }
    const box = await trap.boundingBox();
    assert.ok(box === null || box.x + box.width <= 0, 'off-screen');
    await f.page.context().close();
  });
});
