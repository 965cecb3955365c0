import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import {
  CHECK_LATER, MARKET_REFRESH_MS, ONLINE_RETRY_MS, RETURN_MIN_GAP_MS, UNAVAILABLE, announcement, createRefreshLoop, toAnnounce, fetchMarketValue,
  ftsePriceOf, goldPriceOf, loadMarketData, marketData, type MarketOutcome,
} from './market';

type Answer = { status?: number; body: unknown; headers?: Record<string, string> } | Error | 'hang';

function fakeFetch(answers: Record<string, Answer>) {
  return (async (url: string, init?: RequestInit) => {
    const a = answers[url];
    if (a === 'hang') {
      return new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    }
    if (a instanceof Error) throw a;
    const text = typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
    return new Response(text, { status: a.status ?? 200, headers: a.headers });
  }) as typeof fetch;
}

const gold = (price: unknown) => [{ price, updatedAt: '2026-11-20T00:00:00Z' }];
const ftse = (price: unknown) => ({ chart: { result: [{ meta: { regularMarketPrice: price } }], error: null } });
const down = { status: 502, body: { result: 'error', 'error-type': 'upstream-unavailable' } };
const noPrice = { status: 502, body: { result: 'error', 'error-type': 'no-price' } };

test("reading the two answers: the gold proxy's array, the FTSE proxy's chart", () => {
  assert.equal(goldPriceOf(gold(2345.678)), 2345.678);
  assert.equal(ftsePriceOf(ftse(8123.456)), 8123.456);
  for (const bad of [undefined, null, {}, [], [{}], [{ price: '2345' }], [{ price: NaN }], [{ price: 0 }], { price: 5 }]) {
    assert.equal(goldPriceOf(bad), null, JSON.stringify(bad));
  }
  for (const bad of [undefined, {}, { chart: {} }, { chart: { result: [] } }, ftse(null), ftse(-1), ftse('8000')]) {
    assert.equal(ftsePriceOf(bad), null, JSON.stringify(bad));
  }
});

test('a price, no price, or a failed fetch', async () => {
  const f = fakeFetch({
    '/ok': { body: gold(2345.678) },
    '/empty': { body: {} },
    '/garbled': { body: '<html>' },
    '/no-price': noPrice,
    '/down': down,
    '/404': { status: 404, body: 'not found' },
    '/offline': new TypeError('Failed to fetch'),
    '/slow': 'hang',
  });
  const get = (url: string) => fetchMarketValue(url, goldPriceOf, { fetchImpl: f, timeoutMs: 20 });
  assert.deepEqual(await get('/ok'), { kind: 'price', price: 2345.678 });
  assert.deepEqual(await get('/empty'), { kind: 'no-price' });
  assert.deepEqual(await get('/garbled'), { kind: 'no-price' });
  assert.deepEqual(await get('/no-price'), { kind: 'no-price' });
  for (const url of ['/down', '/404', '/slow']) {
    const o = await get(url);
    assert.equal(o.kind, 'failed', url);
    assert.equal(o.kind === 'failed' && o.network, false, url);
  }
  const offline = await get('/offline');
  assert.ok(offline.kind === 'failed' && offline.network);
});

test("an old price the edge serves marked stale (its upstream failed) is a failed fetch: 'Check later', not a current price", async () => {
  const stale = { headers: { 'X-Unitly-Stale': '1', 'Cache-Control': 'no-cache' } };
  const f = fakeFetch({
    '/api/gold-proxy': { body: gold(2345.67), ...stale },
    '/api/ftse-proxy': { body: ftse(8123.456), ...stale },
  });
  const o = await fetchMarketValue('/api/gold-proxy', goldPriceOf, { fetchImpl: f });
  assert.equal(o.kind, 'failed');
  assert.equal(o.kind === 'failed' && o.network, false);
  const both = await loadMarketData({ fetchImpl: f });
  assert.deepEqual(both.data, { goldPrice: CHECK_LATER, ftse100: CHECK_LATER });
  assert.equal(both.errors.length, 2, 'logged like any failed fetch');
  // Only the edge's own mark counts: a fresh answer with other headers is a price.
  const fresh = fakeFetch({ '/g': { body: gold(2345.67), headers: { 'X-Unitly-Cache': 'hit', 'X-Unitly-Stale': '0' } } });
  assert.deepEqual(await fetchMarketValue('/g', goldPriceOf, { fetchImpl: fresh }), { kind: 'price', price: 2345.67 });
});

test("the banner's texts; no answer at all for either makes both 'Unavailable'", () => {
  const price = (p: number): MarketOutcome => ({ kind: 'price', price: p });
  const failed: MarketOutcome = { kind: 'failed', network: false, error: new Error('x') };
  const offline: MarketOutcome = { kind: 'failed', network: true, error: new TypeError('x') };
  assert.deepEqual(marketData(price(2345.678), price(8123.456)), { goldPrice: '$2,345.68', ftse100: '8,123.46' });
  assert.deepEqual(marketData({ kind: 'no-price' }, failed), { goldPrice: UNAVAILABLE, ftse100: CHECK_LATER });
  assert.deepEqual(marketData(failed, failed), { goldPrice: CHECK_LATER, ftse100: CHECK_LATER });
  assert.deepEqual(marketData(offline, price(1)), { goldPrice: CHECK_LATER, ftse100: '1.00' });
  assert.deepEqual(marketData(offline, offline), { goldPrice: UNAVAILABLE, ftse100: UNAVAILABLE });
});

test('loadMarketData fetches both and returns the errors to log', async () => {
  const ok = await loadMarketData({ fetchImpl: fakeFetch({ '/api/gold-proxy': { body: gold(1234567.891) }, '/api/ftse-proxy': { body: ftse(8000) } }) });
  assert.deepEqual(ok, { data: { goldPrice: '$1,234,567.89', ftse100: '8,000.00' }, errors: [] });
  const half = await loadMarketData({ fetchImpl: fakeFetch({ '/api/gold-proxy': noPrice, '/api/ftse-proxy': down }) });
  assert.deepEqual(half.data, { goldPrice: UNAVAILABLE, ftse100: CHECK_LATER });
  assert.equal(half.errors.length, 1);
  const broken = await loadMarketData({ fetchImpl: (() => { throw new TypeError('no fetch'); }) as unknown as typeof fetch });
  assert.deepEqual(broken.data, { goldPrice: UNAVAILABLE, ftse100: UNAVAILABLE });
  assert.equal(broken.errors.length, 2);
});

test('the first values are not announced, later changes are', () => {
  const first = 'Gold $2,345.68 per troy ounce. FTSE 100 8,123.46.';
  assert.equal(toAnnounce(null, first), null, 'the page load');
  assert.equal(toAnnounce(first, first), null, 'no change');
  assert.equal(toAnnounce(first, 'Gold $2,400.00 per troy ounce. FTSE 100 8,123.46.'), 'Gold $2,400.00 per troy ounce. FTSE 100 8,123.46.');
});

test('announcement', () => {
  assert.equal(announcement({ goldPrice: '$2,345.68', ftse100: '8,123.46' }), 'Gold $2,345.68 per troy ounce. FTSE 100 8,123.46.');
  assert.equal(announcement({ goldPrice: UNAVAILABLE, ftse100: CHECK_LATER }), 'Gold Unavailable. FTSE 100 Check later.');
});

test('refresh loop: now, every 5 minutes, paused while hidden, at once on return', async () => {
  mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 });
  const flush = async () => { for (let i = 0; i < 5; i++) await Promise.resolve(); };
  try {
    let hidden = false;
    let refreshes = 0;
    const loop = createRefreshLoop({ refresh: () => { refreshes += 1; }, isHidden: () => hidden });
    loop.start();
    await flush();
    assert.equal(refreshes, 1);
    mock.timers.tick(MARKET_REFRESH_MS - 1);
    await flush();
    assert.equal(refreshes, 1);
    mock.timers.tick(1);
    await flush();
    assert.equal(refreshes, 2);

    hidden = true;
    loop.visibilityChanged();
    mock.timers.tick(MARKET_REFRESH_MS * 3);
    await flush();
    assert.equal(refreshes, 2); // nothing while hidden

    hidden = false;
    loop.visibilityChanged();
    await flush();
    assert.equal(refreshes, 3); // back: at once

    // A quick look away and back does not refetch; the interval carries on.
    hidden = true;
    loop.visibilityChanged();
    mock.timers.tick(RETURN_MIN_GAP_MS - 1000);
    hidden = false;
    loop.visibilityChanged();
    await flush();
    assert.equal(refreshes, 3);
    mock.timers.tick(MARKET_REFRESH_MS - (RETURN_MIN_GAP_MS - 1000));
    await flush();
    assert.equal(refreshes, 4);

    loop.stop();
    mock.timers.tick(MARKET_REFRESH_MS * 2);
    loop.visibilityChanged();
    await flush();
    assert.equal(refreshes, 4);
  } finally {
    mock.timers.reset();
  }
});

test('refresh loop: a tab that starts hidden waits for its return; a failing refresh keeps the loop alive', async () => {
  mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 });
  const flush = async () => { for (let i = 0; i < 5; i++) await Promise.resolve(); };
  try {
    let hidden = true;
    let refreshes = 0;
    const loop = createRefreshLoop({ refresh: async () => { refreshes += 1; throw new Error('boom'); }, isHidden: () => hidden });
    loop.start();
    await flush();
    assert.equal(refreshes, 0);
    hidden = false;
    loop.visibilityChanged();
    await flush();
    assert.equal(refreshes, 1);
    mock.timers.tick(MARKET_REFRESH_MS);
    await flush();
    assert.equal(refreshes, 2);
    loop.stop();
  } finally {
    mock.timers.reset();
  }
});

test('refresh loop: back online after a failed refresh, at once and once more a little later; after a good one, nothing; bounded per online', async () => {
  mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 });
  const flush = async () => { for (let i = 0; i < 5; i++) await Promise.resolve(); };
  try {
    let ok = false;
    let refreshes = 0;
    let finish: (() => void) | null = null;
    let hold = false;
    const loop = createRefreshLoop({
      refresh: async () => {
        refreshes += 1;
        if (hold) await new Promise<void>((resolve) => (finish = resolve));
        return ok;
      },
      isHidden: () => false,
    });
    loop.start();
    await flush();
    assert.equal(refreshes, 1); // failed (offline)
    loop.online();
    await flush();
    assert.equal(refreshes, 2); // at once, not 5 minutes later
    // It failed again (the connection was not usable yet): once more a few seconds later.
    mock.timers.tick(ONLINE_RETRY_MS - 1);
    await flush();
    assert.equal(refreshes, 2);
    mock.timers.tick(1);
    await flush();
    assert.equal(refreshes, 3);
    // That failed too (the network flapped): nothing more until the next online or the interval.
    mock.timers.tick(MARKET_REFRESH_MS - 1);
    await flush();
    assert.equal(refreshes, 3);
    loop.online();
    await flush();
    assert.equal(refreshes, 4);
    mock.timers.tick(ONLINE_RETRY_MS);
    await flush();
    assert.equal(refreshes, 5);

    // Online while a refresh is under way: one more right after it, if it failed.
    hold = true;
    loop.online();
    await flush();
    assert.equal(refreshes, 6);
    loop.online();
    loop.online();
    await flush();
    assert.equal(refreshes, 6); // never overlapping
    hold = false;
    finish!();
    await flush();
    mock.timers.tick(0);
    await flush();
    assert.equal(refreshes, 7);
    mock.timers.tick(ONLINE_RETRY_MS);
    await flush();
    assert.equal(refreshes, 8); // and that one's later try
    mock.timers.tick(MARKET_REFRESH_MS - 1);
    await flush();
    assert.equal(refreshes, 8);

    // A good refresh: online asks nothing more.
    ok = true;
    loop.online();
    await flush();
    assert.equal(refreshes, 9);
    loop.online();
    await flush();
    assert.equal(refreshes, 9);
    mock.timers.tick(MARKET_REFRESH_MS);
    await flush();
    assert.equal(refreshes, 10);
    loop.stop();
  } finally {
    mock.timers.reset();
  }
});
