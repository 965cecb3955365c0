// The contact form and the newsletter box, against the real edge function: inline
// validation, the honest "not configured" answer (503) that keeps the text, a network
// failure, success through a fake webhook, and the server refusing bad input itself.
//
// Two sites: A forwards contact messages to a webhook and has no newsletter list; B has a
// newsletter list and no contact webhook. Each form is seen both ways.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fakeUpstreams, launchBrowser, startSite } from './harness.mjs';
import { assertClean, fakeWebhook, newPage, post, toast, waitForAllIslands } from './interactive-helpers.mjs';

let a;
let b;
let up;
let hookA;
let hookB;
let browser;

before(async () => {
  [up, hookA, hookB] = await Promise.all([fakeUpstreams(), fakeWebhook(), fakeWebhook()]);
  [a, b, browser] = await Promise.all([
    startSite({ env: { ...up.env, CONTACT_WEBHOOK_URL: hookA.url } }),
    startSite({ env: { ...up.env, SUBSCRIBE_WEBHOOK_URL: hookB.url } }),
    launchBrowser(),
  ]);
});

after(async () => {
  await browser?.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await Promise.all([up?.close(), hookA?.close(), hookB?.close()]);
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

  test('sent: toast, fields cleared, and the webhook got the message', async () => {
    const f = await contactPage(a);
    await fillValid(f);
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

  test('the server refuses bad input itself', async () => {
    const before = hookA.received.length;
    const good = { name: 'Ada', email: 'ada@example.com', subject: 'bug', message: 'Hello' };
    for (const [bad, field] of [
      [{ ...good, email: 'nope' }, 'email'],
      [{ ...good, name: '   ' }, 'name'],
      [{ ...good, subject: 'spam' }, 'subject'],
      [{ ...good, message: undefined }, 'message'],
      [{ ...good, name: 'x'.repeat(101) }, 'name'],
    ]) {
      const r = await post(a, '/api/contact', bad);
      assert.equal(r.status, 400, JSON.stringify(bad));
      assert.deepEqual(r.body, { result: 'error', 'error-type': 'invalid-field', field });
    }
    assert.equal((await post(a, '/api/contact', 'name=Ada', 'application/x-www-form-urlencoded')).status, 415);
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
  test('validation, then subscribed through the webhook', async () => {
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
    await toast(n.page, 'Subscribed!').waitFor();
    assert.equal(await n.email.inputValue(), '');
    assert.deepEqual(
      hookB.received.map((r) => [r.form, r.email]),
      [['subscribe', 'reader@example.org']],
    );
    await assertClean(n.page);
    await n.page.context().close();
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
    for (const email of ['', 'nope', 'a@b', 'a b@c.de', 'x'.repeat(250) + '@b.co']) {
      const r = await post(b, '/api/subscribe', { email });
      assert.equal(r.status, 400, email);
      assert.equal(r.body.field, 'email');
    }
    assert.equal(hookB.received.length, 1, 'only the valid subscription above');
  });
});
