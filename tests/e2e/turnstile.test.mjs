// Turnstile, optional (issue 18), end to end: a copy of the site with a site key in
// content/site.yaml and an edge with TURNSTILE_SECRET and its verify URL pointed at a fake
// siteverify on 127.0.0.1. Cloudflare's script is answered by a stand-in (routed in the
// browser, so nothing leaves this machine) that renders a checkbox and hands the form a
// token when it is ticked, as the real widget does through its callback. What is real:
// the page's CSP (the script must be allowed from challenges.cloudflare.com), the islands
// loading the script only when the visitor starts on a form, the token travelling with the
// post, the edge verifying it with the secret, and nothing reaching a webhook without it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fakeUpstreams, launchBrowser, siteCopy, startSite } from './harness.mjs';
import { assertClean, fakeWebhook, newPage, post, signedFormToken, toast, waitForAllIslands } from './interactive-helpers.mjs';

const SITE_KEY = '1x00000000000000000000AA'; // Cloudflare's documented test key that always passes
const TURNSTILE_SECRET = 'e2e-turnstile-secret';
const FORM_SECRET = 'e2e-form-secret-turnstile';
const PASSING = 'turnstile-token-that-passes';
const SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

/** Cloudflare's siteverify: form-encoded secret + response (+ remoteip); success only for PASSING. */
async function fakeSiteverify() {
  const calls = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      calls.push(form);
      const success = form.secret === TURNSTILE_SECRET && form.response === PASSING;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(success ? { success } : { success, 'error-codes': ['invalid-input-response'] }));
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}/siteverify`, calls, close: () => new Promise((r) => server.close(r)) };
}

/** The stand-in for Turnstile's api.js: render() draws a labelled checkbox; ticking it passes. */
const WIDGET = `
window.__turnstile = { rendered: 0, resets: 0 };
window.turnstile = {
  render(el, options) {
    window.__turnstile.rendered++;
    const label = document.createElement('label');
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.addEventListener('change', () => options.callback(box.checked ? ${JSON.stringify(PASSING)} : ''));
    label.append(box, ' Verify you are human');
    el.append(label);
    window.__turnstile.box = box;
    return 'widget-1';
  },
  reset() {
    window.__turnstile.resets++;
    window.__turnstile.box.checked = false;
  },
};`;

let site;
let up;
let verify;
let hook;
let browser;
let root;

before(async () => {
  root = siteCopy((dir) => {
    const file = join(dir, 'content/site.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/site_key: ""/, `site_key: "${SITE_KEY}"`));
  });
  [up, verify, hook] = await Promise.all([fakeUpstreams(), fakeSiteverify(), fakeWebhook()]);
  [site, browser] = await Promise.all([
    startSite({
      root,
      env: {
        ...up.env,
        FORM_SECRET,
        TURNSTILE_SECRET,
        TURNSTILE_VERIFY_URL: verify.url,
        CONTACT_WEBHOOK_URL: `${hook.url}/contact`,
        SUBSCRIBE_WEBHOOK_URL: `${hook.url}/subscribe`,
      },
    }),
    launchBrowser(),
  ]);
});

after(async () => {
  await browser?.close();
  await site?.stop();
  await Promise.all([up?.close(), verify?.close(), hook?.close()]);
  rmSync(root, { recursive: true, force: true });
});

/** A page whose requests for Turnstile's script get the stand-in; everything else stays local. */
async function pageWithWidget(path, islands) {
  const page = await newPage(browser);
  const scriptRequests = [];
  await page.route('https://challenges.cloudflare.com/**', (route) => {
    scriptRequests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: WIDGET });
  });
  await page.goto(site.url + path);
  await waitForAllIslands(page, islands);
  return { page, scriptRequests };
}

test('the CSP names Turnstile only because a site key is set', async () => {
  const csp = (await fetch(`${site.url}/contact`)).headers.get('content-security-policy');
  for (const directive of ['script-src', 'frame-src', 'connect-src']) {
    assert.match(csp, new RegExp(`${directive} [^;]*https://challenges\\.cloudflare\\.com`), directive);
  }
});

test('contact: the widget loads when the visitor starts, the form waits for it, and a passed check sends once', async () => {
  const { page, scriptRequests } = await pageWithWidget('/contact', ['ContactForm', 'Toaster']);
  assert.deepEqual(scriptRequests, [], 'nothing is fetched from Cloudflare on page load');
  const form = page.locator('form.contact-form');
  const name = form.getByRole('textbox', { name: 'Name' });
  await name.click();
  await name.pressSequentially('Grace Hopper', { delay: 30 });
  await form.getByRole('textbox', { name: 'Email' }).fill('grace@example.com');
  await form.getByRole('combobox', { name: 'Subject' }).selectOption({ label: 'Feedback' });
  await form.getByRole('textbox', { name: 'Message' }).fill('The stone and pounds result is exactly what I needed.');
  const check = form.getByRole('checkbox', { name: 'Verify you are human' });
  await check.waitFor();
  assert.deepEqual(scriptRequests, [SCRIPT], 'loaded once, when the visitor started on the form');

  // Sending before the check passes: the form asks for it and posts nothing.
  await form.getByRole('button', { name: 'Send Message' }).click();
  await form.getByText('Please complete the security check above, then send again.').waitFor();
  assert.equal(verify.calls.length, 0);
  assert.equal(await form.getByRole('textbox', { name: 'Name' }).inputValue(), 'Grace Hopper', 'the text stays');

  await check.check();
  await page.waitForTimeout(3100); // the form token's minimum age: a person takes this long anyway
  await form.getByRole('button', { name: 'Send Message' }).click();
  await toast(page, 'Message sent!').waitFor();
  assert.equal(verify.calls.length, 1);
  assert.equal(verify.calls[0].secret, TURNSTILE_SECRET);
  assert.equal(verify.calls[0].response, PASSING);
  assert.equal(verify.calls[0].remoteip, '127.0.0.1', 'unitly serve sets CF-Connecting-IP from the peer; the edge passes it on');
  assert.deepEqual(hook.received.map((r) => [r.form, r.name]), [['contact', 'Grace Hopper']]);
  assert.ok(!('turnstile' in hook.received[0]), 'the token stays at the edge');
  assert.equal(await page.evaluate(() => window.__turnstile.resets), 1, 'a spent token is reset for the next message');
  await assertClean(page);
  await page.context().close();
});

test('newsletter: the same check guards the subscription', async () => {
  const { page } = await pageWithWidget('/blog', ['Toaster']);
  const box = page.getByRole('region', { name: 'Stay Updated' });
  await box.scrollIntoViewIfNeeded();
  await waitForAllIslands(page, ['Newsletter']);
  const email = box.getByRole('textbox', { name: 'Email address' });
  await email.click();
  await email.pressSequentially('reader@example.net', { delay: 30 });
  await box.getByRole('checkbox', { name: 'Verify you are human' }).check();
  await page.waitForTimeout(3100);
  const before = verify.calls.length;
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await toast(page, 'Check your inbox to confirm').waitFor();
  assert.equal(verify.calls.length, before + 1);
  assert.deepEqual(hook.received.at(-1).event, 'confirmation-requested');
  assert.equal(hook.received.at(-1).email, 'reader@example.net');
  await assertClean(page);
  await page.context().close();
});

test('a post without a passing Turnstile token reaches no webhook: 403 turnstile-failed', async () => {
  const sent = hook.received.length;
  const body = { name: 'Script', email: 'bot@example.com', subject: 'other', message: 'spam', token: signedFormToken(FORM_SECRET) };
  for (const turnstile of [undefined, '', 'forged-token']) {
    const a = await post(site, '/api/contact', turnstile === undefined ? body : { ...body, turnstile });
    assert.equal(a.status, 403, String(turnstile));
    assert.deepEqual(a.body, { result: 'error', 'error-type': 'turnstile-failed' });
  }
  assert.equal(hook.received.length, sent);
});
