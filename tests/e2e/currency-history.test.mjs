// The currency page's rate-history chart: the edge's /api/rates/history in workerd against a
// fake Frankfurter on 127.0.0.1 (harness.fakeUpstreams). The chart is found by role and name,
// read by keyboard, has its table; a currency outside the provider and a provider that is
// down each get a sentence, never an empty chart or a spinner forever.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultRates, historyPerUsd, siteForFile, waitForHydration } from './harness.mjs';
import { finish, newPage, noAxeViolations, tabUntil, toast } from './interactive-helpers.mjs';

const USD = { ...defaultRates().USD, KWD: 0.3075 };
// No pause after a failed history call, so the "Try again" test sees the provider heal at once.
const ctx = siteForFile({ rates: { USD }, env: { UPSTREAM_RETRY_SECONDS: '0' } });

async function visit(path, setup = async () => {}) {
  const page = await newPage(ctx.browser, { viewport: { width: 1280, height: 900 } });
  await setup(page);
  const historyCalls = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/rates/history/')) historyCalls.push(url.pathname + url.search);
  });
  await page.goto(ctx.site.url + path);
  await waitForHydration(page);
  page.historyCalls = historyCalls;
  return page;
}

const rate4 = (r) => r.toFixed(4);
const isFocused = (locator) => locator.evaluate((el) => el === document.activeElement);

test('the pair\'s chart: figures, a described image read day by day with the keyboard, and its table', async () => {
  const page = await visit('/currency-converter');
  const history = page.getByRole('region', { name: 'USD to EUR history' });
  await history.scrollIntoViewIfNeeded();
  const chart = history.getByRole('img', { name: /^Chart: USD to EUR from / });
  await chart.waitFor();
  assert.deepEqual(page.historyCalls, ['/api/rates/history/USD/EUR?range=1Y']);
  assert.equal(await history.getByRole('button', { name: '1 year' }).getAttribute('aria-pressed'), 'true');
  // The description carries the range's figures; each is the fake's rate on its day.
  const name = await chart.getAttribute('aria-label');
  const [, low, lowDay] = /low (\d+\.\d{4}) on ([A-Z][a-z]{2} \d{1,2}, \d{4})/.exec(name);
  assert.equal(low, rate4(historyPerUsd(USD, 'EUR', new Date(`${lowDay} UTC`).toISOString().slice(0, 10))));
  assert.match(await history.getByRole('definition').first().textContent(), /^[+−]\d+\.\d{2}%$/);

  // Keyboard: Tab reaches the chart; End reads the latest day, Home the first, arrows step.
  await tabUntil(page, () => document.activeElement?.getAttribute('role') === 'img');
  const readout = page.locator('#currency-converter-history-point');
  await page.keyboard.press('End');
  const [, lastDay, lastRate] = /^([A-Z][a-z]{2} \d{1,2}, \d{4}): 1 USD = (\d+\.\d{4}) EUR$/.exec(await readout.textContent());
  assert.equal(lastRate, rate4(historyPerUsd(USD, 'EUR', new Date(`${lastDay} UTC`).toISOString().slice(0, 10))));
  await page.keyboard.press('ArrowLeft');
  assert.notEqual(await readout.textContent(), `${lastDay}: 1 USD = ${lastRate} EUR`);
  assert.equal(await chart.getAttribute('aria-describedby'), 'currency-converter-history-point');

  // The table alternative: every point, newest first.
  await history.getByText('Show the rates as a table').click();
  // Rendered on opening: wait for it before counting (count() does not wait).
  await history.getByRole('table').getByRole('row').nth(1).waitFor();
  const rows = history.getByRole('table').getByRole('row');
  const count = await rows.count();
  assert.ok(count > 240 && count < 270, `${count - 1} working days in a year`);
  assert.deepEqual(await rows.nth(1).getByRole('cell').allTextContents(), [lastDay, lastRate]);
  await noAxeViolations(page, 'the history chart with its table open');

  // Another range: weekly points over 5 years.
  await history.getByRole('button', { name: '5 years' }).click();
  await history.getByText('one point a week', { exact: false }).waitFor();
  assert.equal(await history.getByRole('button', { name: '5 years' }).getAttribute('aria-pressed'), 'true');
  assert.deepEqual(page.historyCalls.at(-1), '/api/rates/history/USD/EUR?range=5Y');
  await finish(page);
});

test('on a phone the chart\'s code and history come when its place is on the screen; offline then, a toast, and the chart once back online', async () => {
  const page = await newPage(ctx.browser, { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const requests = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await page.goto(`${ctx.site.url}/currency-converter/usd-to-eur`);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  // The heading and range buttons are in the page; the card fills the first screen above the chart.
  const history = page.getByRole('region', { name: 'USD to EUR history' });
  assert.equal(await history.getByRole('button', { name: '1 year' }).getAttribute('aria-pressed'), 'true');
  assert.deepEqual(requests.filter((p) => p.startsWith('/api/rates/history/')), [], 'no history fetched at load');
  const scriptsAtLoad = requests.filter((p) => p.endsWith('.js')).length;

  // The connection lost, the visitor scrolls to the chart: its file cannot come.
  await page.context().setOffline(true);
  await history.getByRole('group', { name: 'History range' }).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 300);
  await toast(page, 'Could not load the chart', 'alert').filter({ hasText: 'Check your connection and try again.' }).waitFor();
  await history.getByText('The chart could not load: check your connection.').waitFor();
  assert.ok(requests.filter((p) => p.endsWith('.js')).length > scriptsAtLoad, 'the chart\'s file was asked for on scrolling');

  // Try again from the keyboard, still offline: the note keeps its button, and the focus on it.
  const tryAgain = history.getByRole('button', { name: 'Try again' });
  await tryAgain.focus();
  await page.keyboard.press('Enter');
  await history.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
  await history.getByText('The chart could not load: check your connection.').waitFor();
  assert.ok(await isFocused(tryAgain), 'the focus stays on Try again');

  // Back online: the chart comes by itself, with the 1 year history; the focus that was on
  // Try again is on the section's heading.
  await page.context().setOffline(false);
  await history.getByRole('img', { name: /^Chart: USD to EUR from / }).waitFor();
  assert.ok(await isFocused(history.getByRole('heading', { name: 'USD to EUR history' })), 'the focus is on the heading');
  assert.deepEqual(requests.filter((p) => p.startsWith('/api/rates/history/')), ['/api/rates/history/USD/EUR']);
  page.problems.splice(0, page.problems.length, ...page.problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(p)));
  await finish(page);
});

test('on a phone a tap on the chart reads the day under the finger, and it stays read; a vertical drag still scrolls the page', async () => {
  const page = await newPage(ctx.browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await page.goto(`${ctx.site.url}/currency-converter`);
  await waitForHydration(page);
  const history = page.getByRole('region', { name: 'USD to EUR history' });
  // The chart loads once its place is on the screen: the region's middle, not just its heading.
  await history.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const chart = history.getByRole('img', { name: /^Chart: USD to EUR from / });
  await chart.waitFor();
  await chart.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const readout = page.locator('#currency-converter-history-point');
  assert.match(await readout.textContent(), /touch or point at it/);
  const box = await chart.boundingBox();
  const reading = /^([A-Z][a-z]{2} \d{1,2}, \d{4}): 1 USD = (\d+\.\d{4}) EUR$/;
  await page.touchscreen.tap(box.x + box.width * 0.25, box.y + box.height / 2);
  await page.waitForFunction(() => /: 1 USD = /.test(document.querySelector('#currency-converter-history-point').textContent));
  const first = await readout.textContent();
  assert.match(first, reading);
  // Another tap further right reads a later day.
  await page.touchscreen.tap(box.x + box.width * 0.75, box.y + box.height / 2);
  await page.waitForFunction((was) => document.querySelector('#currency-converter-history-point').textContent !== was, first);
  const [, day] = reading.exec(await readout.textContent());
  assert.ok(new Date(day) > new Date(reading.exec(first)[1]), `${day} is after ${first}`);
  assert.equal(await chart.evaluate((el) => getComputedStyle(el).touchAction), 'pan-y');
  await finish(page);
});

test('a currency the provider does not cover says so instead of drawing an empty chart', async () => {
  const page = await visit('/currency-converter?from=USD&to=KWD');
  const history = page.getByRole('region', { name: 'USD to KWD history' });
  await history.scrollIntoViewIfNeeded();
  await history.getByText('No history available for KWD', { exact: false }).waitFor();
  assert.equal(await history.getByRole('img').count(), 0);
  // An expected answer (the edge's 200 no-history), so the console holds nothing: finish() fails on any error.
  await finish(page);
});

test('a provider that is down: "unavailable" with Try again, which draws the chart once it is back', async () => {
  const healthy = ctx.up.set('history', () => [503, { message: 'down' }]);
  const page = await visit('/currency-converter?from=GBP&to=JPY');
  const history = page.getByRole('region', { name: 'GBP to JPY history' });
  await history.scrollIntoViewIfNeeded();
  const started = Date.now();
  await history.getByText('The rate history is unavailable right now.').waitFor();
  assert.ok(Date.now() - started < 5000, 'within 5 s');
  // Not said on its own (a screen reader heard the chart's loading and failing before the
  // card's result); said once a range is pressed.
  assert.equal(await history.getByRole('status').count(), 0, 'the note is no live region before the visitor asks');
  // The provider comes back only once the 5-year question has had its answer (else that
  // answer may be the chart, and Try again is gone before it is pressed).
  const fiveYears = page.waitForResponse((r) => r.url().includes('/api/rates/history/GBP/JPY?range=5Y'));
  // Every text the history's live region holds from the press on, frame by frame.
  await page.evaluate(() => {
    const region = document.querySelector('[aria-labelledby="currency-converter-history-title"]') ?? document.body;
    window.said = [];
    const listen = () => {
      const status = region.querySelector('[role="status"]');
      if (status && status.textContent !== window.said.at(-1)) window.said.push(status.textContent);
    };
    new MutationObserver(listen).observe(region, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await history.getByRole('button', { name: '5 years' }).click();
  await fiveYears;
  await history.getByRole('status').filter({ hasText: 'The rate history is unavailable right now.' }).waitFor();
  // The 1-year note is not said again as the 5-year question goes out: loading, then the answer.
  const said = await page.evaluate(() => window.said);
  assert.match(said[0], /^Loading the 5 years history/, `first said: ${said[0]}`);
  ctx.up.set('history', healthy);
  await history.getByRole('button', { name: 'Try again' }).click();
  await history.getByRole('img', { name: /^Chart: GBP to JPY from / }).waitFor();
  page.problems.splice(0, page.problems.length, ...page.problems.filter((p) => !/status of 502/.test(p)));
  await finish(page);
});

test('offline, the history says it needs a connection, and comes by itself once back online', async () => {
  // The chart's code comes; its history is asked for as the connection drops.
  let dropped;
  const drop = new Promise((resolve) => (dropped = resolve));
  const api = '**/api/rates/history/**';
  const page = await visit('/currency-converter?from=GBP&to=AUD', (p) =>
    p.route(api, async (r) => {
      await drop;
      await r.abort('internetdisconnected');
    }));
  const history = page.getByRole('region', { name: 'GBP to AUD history' });
  await history.scrollIntoViewIfNeeded();
  while (page.historyCalls.length === 0) await page.waitForTimeout(50);
  await page.context().setOffline(true);
  dropped();
  await history.getByText('The rate history needs a connection: you are offline. It loads when you are back online.').waitFor();
  assert.equal(await history.getByText('unavailable right now', { exact: false }).count(), 0);

  await page.unroute(api);
  await page.context().setOffline(false);
  await history.getByRole('img', { name: /^Chart: GBP to AUD from / }).waitFor();
  assert.equal(page.historyCalls.length, 2, 'asked again once, back online');
  page.problems.splice(0, page.problems.length, ...page.problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(p)));
  await finish(page);
});

test('keyboard: Try again keeps the focus while it asks, and hands it to the chart when that comes', async () => {
  const healthy = ctx.up.set('history', () => [503, { message: 'down' }]);
  const page = await visit('/currency-converter?from=GBP&to=CHF');
  const history = page.getByRole('region', { name: 'GBP to CHF history' });
  await history.scrollIntoViewIfNeeded();
  await history.getByText('The rate history is unavailable right now.').waitFor();
  const tryAgain = history.getByRole('button', { name: 'Try again' });
  await tabUntil(page, () => document.activeElement?.textContent === 'Try again', undefined, 200);

  // Still down: it says so again, and the focus is still on Try again, ready for another go.
  const answer = () => page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/rates/history/'));
  let answered = answer();
  await page.keyboard.press('Enter');
  await answered;
  await history.getByText('The rate history is unavailable right now.').waitFor();
  assert.ok(await isFocused(tryAgain), 'the focus stays on Try again');

  ctx.up.set('history', healthy);
  answered = answer();
  await page.keyboard.press('Enter');
  await answered;
  const chart = history.getByRole('img', { name: /^Chart: GBP to CHF from / });
  await chart.waitFor();
  assert.ok(await isFocused(chart), 'the focus is on the chart');
  page.problems.splice(0, page.problems.length, ...page.problems.filter((p) => !/status of 502/.test(p)));
  await finish(page);
});

test('the home page\'s currency card fetches no history and no chart code', async () => {
  const page = await visit('/');
  await page.mouse.wheel(0, 4000);
  await page.waitForTimeout(500);
  assert.deepEqual(page.historyCalls, []);
  assert.equal(await page.getByRole('region', { name: /history$/ }).count(), 0);
  await finish(page);
});
