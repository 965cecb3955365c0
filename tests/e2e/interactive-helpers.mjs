// Helpers shared by the interactive-*.test.mjs files (not a test file itself).
import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { openPage, waitForHydration } from './harness.mjs';

/** A stored "reject non-essential" choice, so the consent banner stays out of the way. */
export const REJECTED = { version: 1, choices: { essential: true, preferences: false, analytics: false, advertising: false }, time: '2025-01-01T00:00:00.000Z' };

/**
 * openPage with the service worker blocked (only the offline test wants it) and, unless
 * `consent: false`, a stored consent choice so the banner does not cover the page.
 */
export async function newPage(browser, { consent = true, serviceWorkers = 'block', ...options } = {}) {
  const page = await openPage(browser, { serviceWorkers, ...options });
  if (consent) {
    await page.context().addInitScript((value) => {
      try {
        if (!localStorage.getItem('unitly-consent')) localStorage.setItem('unitly-consent', value);
      } catch {}
    }, JSON.stringify(REJECTED));
  }
  return page;
}

/** `path` of the site of `ctx` (siteForFile) in a new page, as newPage opens it, hydrated. */
export async function visitHydrated(ctx, path, options = {}) {
  const page = await newPage(ctx.browser, options);
  await page.goto(ctx.site.url + path);
  await waitForHydration(page);
  return page;
}

/** Every page visit ends with: no console errors, no page errors, no CSP violations. */
export async function assertClean(page) {
  assert.deepEqual(page.problems, [], 'console and page errors');
  assert.deepEqual(await page.cspViolations(), [], 'CSP violations');
}

/** assertClean, then the page's context is closed. */
export async function finish(page) {
  await assertClean(page);
  await page.context().close();
}

/** axe-core's script, put into each page it checks. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's violations on the page as it is now (or in `include`, a selector), each as
 * "label: rule [impact] help" and its first elements. axe-core goes into every frame of the
 * page, once, and runs from the top one, which checks the frames through their copies: its
 * documented way for same-origin frames, so a frame from another origin fails here instead of
 * going untested. (@axe-core/playwright's legacy mode did the same, but put the 550 KB script
 * into the top frame twice and sent every rule's results back: 0.5 s more per check.)
 */
export async function axeViolations(page, label, include = null) {
  const origin = new URL(page.url()).origin;
  const foreign = page.frames().map((f) => f.url()).filter((u) => u !== 'about:blank' && new URL(u).origin !== origin);
  assert.deepEqual(foreign, [], `${label}: a frame from another origin`);
  for (const frame of page.frames()) await frame.evaluate(AXE_SOURCE);
  // Only violations are reported in detail (faster on long pages); every rule still runs.
  const violations = await page.evaluate(async (include) => {
    const result = await window.axe.run(include === null ? document : { include: [include] }, { resultTypes: ['violations'] });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.slice(0, 5).map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  }, include);
  return violations.map(
    (v) => `${label}: ${v.id} [${v.impact}] ${v.help}\n${v.nodes
      .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(0, 3).join(' ')}`)
      .join('\n')}`,
  );
}

/** axe-core on the page as it is now (or in `include`): zero violations. */
export async function noAxeViolations(page, where, include = null) {
  const violations = await axeViolations(page, where, include);
  assert.deepEqual(violations, [], violations.join('\n'));
}

/** Hydrates every island, the idle and visible ones too (scrolling each into view). */
export async function hydrateEverything(page) {
  await waitForHydration(page);
  for (let i = 0; i < 60; i++) {
    const next = await page.evaluateHandle(() => {
      // A `demand` island (the install bar, the history panel) hydrates when the page asks for it.
      const el = document.querySelector('[data-island]:not([data-hydrated="true"]):not([data-client="demand"])');
      el?.firstElementChild?.scrollIntoView({ block: 'center' });
      return el;
    });
    const el = next.asElement();
    if (!el) break;
    const name = await el.getAttribute('data-island');
    await page
      .waitForFunction((e) => e.dataset.hydrated === 'true', el, { timeout: 15_000 })
      .catch((e) => assert.fail(`island ${name} did not hydrate: ${e.message}\n${page.problems.join('\n')}`));
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  // The market banner settles from 'Loading live market data...' once the edge answers.
  await page
    .waitForFunction(() => !document.body.innerText.includes('Loading live market data...'), null, { timeout: 10_000 })
    .catch(() => {});
}

/** Opens every disclosure on the page: <details> and FAQ answers behind a button. */
export async function openDisclosures(page) {
  await page.evaluate(() => {
    for (const d of document.querySelectorAll('details')) d.open = true;
  });
  const closed = page.locator('main [class*="faq"] button[aria-expanded="false"]');
  for (let i = await closed.count(); i > 0; i--) await closed.first().click();
}

/**
 * Waits until every named island has hydrated, whatever its directive. A `demand` island
 * hydrates only when the page asks for it (InstallBar: the browser's install offer once the
 * cookie choices are answered; HistoryPanel: history to show): name one only after that.
 */
export async function waitForAllIslands(page, names) {
  await page.waitForFunction(
    (names) => names.every((n) => document.querySelector(`[data-island="${n}"]`)?.dataset.hydrated === 'true'),
    names,
  );
}

/** A toast, found the way a screen reader meets it: a status (or alert) with this title. */
export function toast(page, title, role = 'status') {
  return page.getByRole('region', { name: 'Notifications' }).getByRole(role).filter({ hasText: title });
}

/**
 * A converter card's controls, found by role and name as a visitor or a screen reader finds
 * them, in `scope`: the page (one card) or a card's region (a page with several).
 */
export function cardByRole(scope) {
  return {
    value: scope.getByRole('textbox', { name: 'Value' }),
    from: scope.getByRole('combobox', { name: 'From' }),
    to: scope.getByRole('combobox', { name: 'To' }),
    result: scope.getByRole('status', { name: 'Result' }),
    copy: scope.getByRole('button', { name: 'Copy' }),
    reset: scope.getByRole('button', { name: 'Reset' }),
    swap: scope.getByRole('button', { name: 'Swap units' }),
    ingredient: scope.getByRole('combobox', { name: 'Ingredient' }),
  };
}

/**
 * Waits until no card in `scope` (a page, or a card's region) is converting: a card converts
 * once its conversion chunk is there (fetched on the Value field's focus), and until then its
 * Result is aria-busy, so reads wait for that, never for a fixed time. A card a page has not
 * hydrated yet (one below the fold) stays busy: read a region to wait for its card alone.
 */
export async function cardsConverted(scope) {
  if (typeof scope.page === 'function') await scope.locator('output[aria-busy="true"]').waitFor({ state: 'detached' });
  else await scope.waitForFunction(() => !document.querySelector('output[aria-busy="true"]'));
}

/** The card's Result text in `scope` (see cardByRole) once it has converted. */
export async function resultText(scope) {
  await cardsConverted(scope);
  return ((await cardByRole(scope).result.textContent()) ?? '').trim();
}

/**
 * The card's Value placeholder offers an example ("e.g. 5 ft 11 in"), and typed in, it
 * converts, with no error under the field. Leaves the example in Value.
 */
export async function placeholderExampleConverts(page, path) {
  const value = cardByRole(page.getByRole('region', { name: 'Converter' })).value.first();
  const example = /e\.g\. (.+)$/.exec((await value.getAttribute('placeholder')) ?? '')?.[1];
  assert.ok(example, `${path}: the placeholder gives an example`);
  await value.fill(example);
  assert.notEqual(await resultText(page), '', `${path}: "${example}" converts`);
  assert.equal(await page.locator('.converter-value .field-error').count(), 0, `${path}: "${example}" is no error`);
}

/**
 * Waits until `fn` (run in the page; it may return a promise) gives a truthy value, polling
 * from here. Playwright's `waitForFunction` takes a returned promise itself as true at once,
 * so a wait on the Cache API or the clipboard would pass before anything happened.
 */
export async function untilInPage(page, fn, arg, { timeout = 10_000, interval = 100 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await page.evaluate(fn, arg);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`still false after ${timeout} ms: ${fn}`);
    await new Promise((r) => setTimeout(r, interval));
  }
}

/** Presses Tab until the focused element matches `test` (a function run in the page). */
export async function tabUntil(page, test, arg, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(test, arg)) return;
  }
  throw new Error(`Tab never reached the element (${test})`);
}

/** The accessible-name-ish text of the focused element. */
export function focusedName(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el ? el.getAttribute('aria-label') || el.textContent.trim() || el.id : null;
  });
}

/** A webhook on 127.0.0.1 that records every JSON body it receives. */
export async function fakeWebhook() {
  const received = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      try {
        received.push(JSON.parse(body));
      } catch {
        received.push({ unparsable: body });
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}/hook`,
    received,
    close: () => new Promise((r) => { server.closeAllConnections?.(); server.close(r); }),
  };
}

/** POSTs JSON (or anything) to the site and returns {status, body}. */
export async function post(site, path, body, contentType = 'application/json') {
  const r = await fetch(site.url + path, { method: 'POST', headers: { 'Content-Type': contentType }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  let json = null;
  try {
    json = await r.json();
  } catch {}
  return { status: r.status, body: json };
}

/**
 * Posts (empty bodies, refused anyway) until this client is over the form's limit on `site`,
 * so that the form's own post, next, is refused with 429. The limiter counts per clock
 * minute (miniflare's, like Cloudflare's binding), so a minute that ends between these posts
 * and the form's would let the form's through: in a minute's last 20 seconds this first waits
 * for the next one.
 */
export async function useUpMinute(site, path) {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 40_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 250));
  for (let i = 0; i < 10; i++) if ((await post(site, path, {})).status === 429) return;
  throw new Error(`${path} never answered 429`);
}

/** A form token as the edge issues them (edge/src/guard.ts), `ageMs` old, signed with `secret`. */
export function signedFormToken(secret, ageMs = 5000) {
  const at = Date.now() - ageMs;
  const nonce = randomBytes(16).toString('base64url');
  return `${at}.${nonce}.${createHmac('sha256', secret).update(`unitly-form-token:${at}:${nonce}`).digest('base64url')}`;
}

/**
 * Records, from the page's start (an init script), each text a live region changes to, as a
 * screen reader is sent it: `window.__said` lists `{ region, text }`, region being the id or
 * the name of the nearest landmark or card it is in ('Market data', 'length-converter-title').
 * A live region is the nearest element with aria-live (off: none), else a status, alert or
 * log, or an <output>; an emptied region says nothing. `window.__shown` lists the texts the
 * converter cards' Result outputs show, announced or not.
 */
export async function recordLiveRegions(page) {
  await page.addInitScript(() => {
    window.__said = [];
    window.__shown = [];
    const regionOf = (node) => {
      for (let e = node instanceof Element ? node : node.parentElement; e; e = e.parentElement) {
        const live = e.getAttribute('aria-live');
        if (live !== null) return live === 'off' ? null : e;
        if (['status', 'alert', 'log'].includes(e.getAttribute('role') ?? '') || (e.tagName === 'OUTPUT' && !e.hasAttribute('role'))) return e;
      }
      return null;
    };
    const where = (e) => {
      const around = e.closest('[aria-label], [aria-labelledby]');
      return around?.getAttribute('aria-label') ?? around?.getAttribute('aria-labelledby') ?? e.id;
    };
    const last = new Map();
    const text = (e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim();
    new MutationObserver((mutations) => {
      for (const m of mutations) {
        const output = (m.target instanceof Element ? m.target : m.target.parentElement)?.closest('output');
        if (output && window.__shown.at(-1) !== text(output)) window.__shown.push(text(output));
        const region = regionOf(m.target);
        if (region === null) continue;
        const now = text(region);
        if (now !== '' && last.get(region) !== now) window.__said.push({ region: where(region), text: now });
        last.set(region, now);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/** What the live regions said so far (recordLiveRegions), those of `region` only if given. */
export async function liveSaid(page, region) {
  const said = await page.evaluate(() => window.__said);
  return said.filter((s) => region === undefined || s.region === region).map((s) => s.text);
}
