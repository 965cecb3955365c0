import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import {
  RATES_KEY, moneyParts, RatesError, TABLE_REFRESH_MS, createRequester, fetchLatest, fetchPair,
  approximateNote, formatAsOf, formatRateTime, liveSourceText, outdatedRate, needsTable, offlineBannerText, offlineRate, offlineToast, rateLine, rateSourceText, readStoredRates, storeRates,
  unavailableText, unsupportedCodes, type Outcome,
} from './rates';
import { loadUnits, MemoryStorage } from '../../test/testData.ts';

const data = loadUnits();
const table = data.fallback_rates;
const T = Date.parse('Fri, 20 Nov 2026 00:00:01 +0000');


/** A fetch that answers from `answer(url)` and records the URLs it was asked for. */
function fakeFetch(answer: (url: string) => { status?: number; body: unknown; headers?: Record<string, string> } | Error) {
  const urls: string[] = [];
  const impl = (async (url: string, init?: RequestInit) => {
    urls.push(url);
    init?.signal?.throwIfAborted();
    const a = answer(url);
    if (a instanceof Error) throw a;
    const text = typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
    return new Response(text, { status: a.status ?? 200, headers: { 'content-type': 'application/json', ...a.headers } });
  }) as typeof fetch;
  return { impl, urls };
}

const pairAnswer = {
  result: 'success', base_code: 'USD', target_code: 'EUR', conversion_rate: 0.92, conversion_result: 92,
  time_last_update_utc: 'Fri, 20 Nov 2026 00:00:01 +0000',
};

test('fetchPair reads the v6 pair answer from our own API', async () => {
  const f = fakeFetch(() => ({ body: pairAnswer }));
  const live = await fetchPair('USD', 'EUR', 100, { fetchImpl: f.impl });
  assert.deepEqual(f.urls, ['/api/rates/pair/USD/EUR/100']);
  assert.deepEqual(live, { from: 'USD', to: 'EUR', amount: 100, result: 92, rate: 0.92, time: T, stale: false });
});

test('fetchPair: offline, an answer the HTTP cache still holds is no live rate', async () => {
  const f = fakeFetch(() => ({ body: pairAnswer }));
  const navigator = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  Object.defineProperty(globalThis, 'navigator', { value: { onLine: false }, configurable: true });
  try {
    await assert.rejects(fetchPair('USD', 'EUR', 100, { fetchImpl: f.impl }), RatesError);
    await assert.rejects(fetchLatest('USD', { fetchImpl: f.impl }), RatesError);
  } finally {
    if (navigator) Object.defineProperty(globalThis, 'navigator', navigator);
    else delete (globalThis as { navigator?: unknown }).navigator;
  }
  assert.deepEqual(f.urls, [], 'nothing asked offline');
});

test('fetchPair: an answer the edge marked stale (X-Unitly-Stale: 1) says so', async () => {
  const f = fakeFetch(() => ({ body: pairAnswer, headers: { 'X-Unitly-Stale': '1' } }));
  const live = await fetchPair('USD', 'EUR', 100, { fetchImpl: f.impl });
  assert.equal(live.stale, true);
  assert.equal(live.result, 92);
});

test('the live source line: the time alone on the same UTC day, with its date otherwise', () => {
  const at14 = Date.parse('2026-11-23T14:00:00Z');
  assert.equal(formatAsOf(at14, Date.parse('2026-11-23T23:59:00Z')), '14:00 UTC');
  assert.equal(formatAsOf(at14, Date.parse('2026-11-24T00:01:00Z')), 'Nov 23, 2026, 14:00 UTC');
  assert.equal(formatAsOf(T, T), '00:00 UTC');
  assert.equal(formatAsOf(NaN), '');
  assert.equal(liveSourceText(at14, false, at14), 'Live · as of 14:00 UTC');
  assert.equal(liveSourceText(at14, true, at14), 'Rates from 14:00 UTC — live source unavailable');
});

test('fetchPair: without conversion_rate the rate is derived; without a time it is now', async () => {
  const f = fakeFetch(() => ({ body: { result: 'success', conversion_result: 46 } }));
  const live = await fetchPair('USD', 'EUR', 50, { fetchImpl: f.impl, now: () => 1234 });
  assert.equal(live.rate, 0.92);
  assert.equal(live.time, 1234);
});

test('fetchPair: every kind of failure is a RatesError', async () => {
  const cases: [string, (url: string) => { status?: number; body: unknown } | Error][] = [
    ['network', () => new TypeError('Failed to fetch')],
    ['status', () => ({ status: 502, body: { result: 'error', 'error-type': 'upstream-unavailable' } })],
    ['not success', () => ({ body: { result: 'error', 'error-type': 'quota-reached' } })],
    ['no result', () => ({ body: { result: 'success' } })],
    ['string result', () => ({ body: { result: 'success', conversion_result: '92' } })],
    ['not json', () => ({ body: '<html>' })],
    ['null', () => ({ body: 'null' })],
  ];
  for (const [name, answer] of cases) {
    await assert.rejects(fetchPair('USD', 'EUR', 100, { fetchImpl: fakeFetch(answer).impl }), RatesError, name);
  }
  await assert.rejects(fetchPair('usd', 'EUR', 1, { fetchImpl: fakeFetch(() => ({ body: pairAnswer })).impl }), RatesError);
});

test('a currency the provider does not quote is told apart from an outage, and named', async () => {
  const refused = fakeFetch(() => ({ status: 400, body: { result: 'error', 'error-type': 'unsupported-code', currencies: ['THB'] } }));
  const error = await fetchPair('USD', 'THB', 100, { fetchImpl: refused.impl }).catch((e: unknown) => e);
  assert.ok(error instanceof RatesError);
  assert.deepEqual([error.type, error.currencies], ['unsupported-code', ['THB']]);
  assert.deepEqual(unsupportedCodes(error, 'USD', 'THB'), ['THB']);
  assert.equal(unavailableText(['THB']), 'THB is not available for live conversion.');
  assert.equal(unavailableText(['THB', 'KWD']), 'THB and KWD are not available for live conversion.');
  // An edge that does not name them: both of the pair.
  assert.deepEqual(unsupportedCodes(new RatesError('x', 'unsupported-code'), 'THB', 'KWD'), ['THB', 'KWD']);
  // Everything else is an outage: the card falls back on offline rates.
  const down = await fetchPair('USD', 'EUR', 1, { fetchImpl: fakeFetch(() => ({ status: 502, body: { result: 'error', 'error-type': 'no-rate' } })).impl }).catch((e: unknown) => e);
  assert.equal(unsupportedCodes(down, 'USD', 'EUR'), null);
  assert.equal(unsupportedCodes(new TypeError('Failed to fetch'), 'USD', 'EUR'), null);
});

test('the toast when live rates fail says what the card falls back on, or that there is nothing', () => {
  assert.deepEqual(offlineToast({ source: 'table' }), { title: 'Using offline rates', description: 'Live rates unavailable. Using fallback data.' });
  assert.deepEqual(offlineToast({ source: 'stored', time: T }), offlineToast({ source: 'table' }));
  assert.deepEqual(offlineToast({ source: 'none' }), { title: 'Live rates unavailable', description: 'There is no offline rate for this conversion.' });
});

test('fetchPair: a timeout is a RatesError; the caller aborting is not', async () => {
  const hanging = ((_url: string, init?: RequestInit) =>
    new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))) as typeof fetch;
  await assert.rejects(fetchPair('USD', 'EUR', 1, { fetchImpl: hanging, timeoutMs: 20 }), (e: Error) => e instanceof RatesError && /within 20 ms/.test(e.message));
  const c = new AbortController();
  const p = fetchPair('USD', 'EUR', 1, { fetchImpl: hanging, signal: c.signal });
  c.abort();
  await assert.rejects(p, (e: Error) => !(e instanceof RatesError) && e.name === 'AbortError');
});

test('fetchLatest keeps only currency codes with usable rates', async () => {
  const f = fakeFetch(() => ({
    body: { result: 'success', base_code: 'USD', time_last_update_utc: 'Fri, 20 Nov 2026 00:00:01 +0000', conversion_rates: { USD: 1, EUR: 0.92, GBP: 0, XAU: 'x', jpy: 150 } },
  }));
  assert.deepEqual(await fetchLatest('USD', { fetchImpl: f.impl }), { rates: { EUR: 0.92 }, time: T });
  assert.deepEqual(f.urls, ['/api/rates/latest/USD']);
  await assert.rejects(fetchLatest('USD', { fetchImpl: fakeFetch(() => ({ body: { result: 'success' } })).impl }), RatesError);
});

test('stored rates: round trip, newer wins, tables are dated', () => {
  const s = new MemoryStorage();
  assert.deepEqual(readStoredRates(s), { pairs: {}, tables: {} });
  storeRates('USD', { EUR: 0.92 }, T, { storage: s });
  storeRates('USD', { EUR: 0.5 }, T - 1000, { storage: s }); // older: ignored
  storeRates('USD', { GBP: 0.79, USD: 1, JPY: -1 }, T, { storage: s, table: true, now: 5000 });
  assert.deepEqual(readStoredRates(s), { pairs: { USD: { EUR: { rate: 0.92, time: T }, GBP: { rate: 0.79, time: T } } }, tables: { USD: 5000 } });
  storeRates('USD', { EUR: 0.93 }, T + 1000, { storage: s });
  assert.equal(readStoredRates(s).pairs.USD.EUR.rate, 0.93);
});

test('stored rates: corrupted or foreign data never throws and keeps what is sound', () => {
  for (const text of ['{', 'null', '[]', '"x"', '7', '{"pairs":[]}', '{"pairs":{"USD":5}}']) {
    const s = new MemoryStorage();
    s.setItem(RATES_KEY, text);
    assert.deepEqual(readStoredRates(s), { pairs: {}, tables: {} }, text);
    assert.doesNotThrow(() => storeRates('USD', { EUR: 0.9 }, T, { storage: s }));
    assert.equal(readStoredRates(s).pairs.USD.EUR.rate, 0.9);
  }
  const s = new MemoryStorage();
  s.setItem(RATES_KEY, JSON.stringify({
    // A time past what a Date holds (9e15) made the card's rate line throw and the card vanish.
    pairs: { USD: { EUR: { rate: 0.9, time: T }, GBP: { rate: 'x', time: T }, JPY: { rate: 150 }, CHF: { rate: 0.8, time: 9e15 }, USD: { rate: 1, time: T } }, usd: { EUR: { rate: 1, time: T } } },
    tables: { USD: 'yesterday', EUR: 5, GBP: 9e15 },
  }));
  assert.deepEqual(readStoredRates(s), { pairs: { USD: { EUR: { rate: 0.9, time: T } } }, tables: { EUR: 5 } });
  const blocked = { getItem() { throw new DOMException('blocked', 'SecurityError'); } } as unknown as Storage;
  assert.deepEqual(readStoredRates(blocked), { pairs: {}, tables: {} });
  const full = new MemoryStorage('QuotaExceededError');
  assert.doesNotThrow(() => storeRates('USD', { EUR: 0.9 }, T, { storage: full }));
  assert.deepEqual(readStoredRates(full), { pairs: {}, tables: {} });
  assert.deepEqual(readStoredRates(undefined), { pairs: {}, tables: {} });
});

test('needsTable: at most once per TABLE_REFRESH_MS per base', () => {
  const stored = { pairs: {}, tables: { USD: 1_000_000 } };
  assert.equal(needsTable('EUR', stored, 1_000_000), true);
  assert.equal(needsTable('USD', stored, 1_000_000 + TABLE_REFRESH_MS - 1), false);
  assert.equal(needsTable('USD', stored, 1_000_000 + TABLE_REFRESH_MS), true);
  assert.equal(needsTable('USD', stored, 999_000), true); // a clock that went back
});

test('offlineRate: stored live rates first, with their time; direct, inverse, across USD', () => {
  const stored = {
    pairs: { USD: { EUR: { rate: 0.92, time: T }, INR: { rate: 83.3, time: T - 5000 } }, GBP: { USD: { rate: 1.25, time: T - 9000 } } },
    tables: {},
  };
  assert.deepEqual(offlineRate('USD', 'EUR', stored, table), { source: 'stored', rate: 0.92, time: T });
  assert.deepEqual(offlineRate('EUR', 'USD', stored, table), { source: 'stored', rate: 1 / 0.92, time: T });
  // GBP → INR across USD: the oldest leg dates the rate
  assert.deepEqual(offlineRate('GBP', 'INR', stored, table), { source: 'stored', rate: 1.25 * 83.3, time: T - 9000 });
});

test('offlineRate: else the built-in table; never an invented 1', () => {
  const none = { pairs: {}, tables: {} };
  assert.deepEqual(offlineRate('USD', 'EUR', none, table), { source: 'table', rate: 0.85 });
  assert.deepEqual(offlineRate('CHF', 'INR', none, table), { source: 'table', rate: (1 / 0.92) * 74 });
  const partial = { pairs: { USD: { EUR: { rate: 0.92, time: T } } }, tables: {} };
  assert.deepEqual(offlineRate('GBP', 'JPY', partial, table), { source: 'table', rate: 151 });
  assert.equal(offlineRate('USD', 'XYZ', none, table), null);
  assert.equal(offlineRate('CHF', 'INR', none, {}), null);
});

test('offlineRate: the day\'s reference rates come before the table, and before a stored rate older than their day', () => {
  const reference = { base: 'EUR', date: '2026-11-21', rates: { USD: 1.04, THB: 36.4 } };
  const none = { pairs: {}, tables: {} };
  // Not stored, not in the table: across the reference base, dated.
  assert.deepEqual(offlineRate('USD', 'THB', none, table, reference), { source: 'reference', rate: (1 / 1.04) * 36.4, date: '2026-11-21' });
  assert.deepEqual(offlineRate('THB', 'EUR', none, table, reference), { source: 'reference', rate: 1 / 36.4, date: '2026-11-21' });
  // In the table too: the day's rate, which the pair page states.
  assert.deepEqual(offlineRate('USD', 'EUR', none, table, reference), { source: 'reference', rate: 1 / 1.04, date: '2026-11-21' });
  // A rate this browser saw the day before: the reference day's is newer; seen that day or after, the stored one.
  const seen = (time: number) => ({ pairs: { USD: { EUR: { rate: 0.92, time } } }, tables: {} });
  assert.equal(offlineRate('USD', 'EUR', seen(T), table, reference)?.source, 'reference');
  assert.deepEqual(offlineRate('USD', 'EUR', seen(T + 86_400_000), table, reference), { source: 'stored', rate: 0.92, time: T + 86_400_000 });
  // Neither quoted by the day (CHF) nor stored: the table; nowhere: null.
  assert.deepEqual(offlineRate('CHF', 'INR', none, table, reference), { source: 'table', rate: (1 / 0.92) * 74 });
  assert.equal(offlineRate('USD', 'XYZ', none, table, reference), null);
});

test('createRequester: debounces, aborts the older request, never delivers out of order', async () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    const delivered: string[] = [];
    const aborted: string[] = [];
    const resolvers: Record<string, (v: string) => void> = {};
    const request = createRequester(300);
    const run = (name: string) => (signal: AbortSignal) => {
      signal.addEventListener('abort', () => aborted.push(name));
      return new Promise<string>((r) => (resolvers[name] = r));
    };
    const done = (o: Outcome<string>) => delivered.push(o.ok ? o.value : `error ${String(o.error)}`);

    request(run('a'), done);
    mock.timers.tick(200);
    request(run('b'), done); // 'a' never started
    mock.timers.tick(300);
    assert.deepEqual(Object.keys(resolvers), ['b']);
    request(run('c'), done);
    mock.timers.tick(300);
    assert.deepEqual(aborted, ['b']);
    resolvers.c('c'); // the newer answers first …
    resolvers.b('b'); // … and the older, late, is dropped
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(delivered, ['c']);

    request(() => Promise.reject(new Error('down')), done);
    mock.timers.tick(300);
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(delivered, ['c', 'error Error: down']);

    request(run('d'), done);
    mock.timers.tick(300);
    request.cancel();
    resolvers.d('d');
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(delivered, ['c', 'error Error: down']);
    assert.deepEqual(aborted, ['b', 'd']);
  } finally {
    mock.timers.reset();
  }
});

test('createRequester: the same question asked again keeps the request on its way', async () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    const delivered: string[] = [];
    const started: string[] = [];
    const aborted: string[] = [];
    const resolvers: Record<string, (v: string) => void> = {};
    const request = createRequester(300);
    const run = (name: string) => (signal: AbortSignal) => {
      started.push(name);
      signal.addEventListener('abort', () => aborted.push(name));
      return new Promise<string>((r) => (resolvers[name] = r));
    };
    const done = (label: string) => (o: Outcome<string>) => delivered.push(`${label}: ${o.ok ? o.value : String(o.error)}`);

    request(run('2 USD'), done('first'), 'USD EUR 2');
    mock.timers.tick(300);
    request(run('2 USD again'), done('second'), 'USD EUR 2'); // in flight: kept
    mock.timers.tick(300);
    assert.deepEqual(started, ['2 USD']);
    assert.deepEqual(aborted, []);
    resolvers['2 USD']('1.84 EUR');
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(delivered, ['second: 1.84 EUR'], 'the answer goes to the newer callback, once');

    // Pending (not yet sent) and asked again: still one call, after the first quiet period.
    request(run('3 USD'), done('third'), 'USD EUR 3');
    mock.timers.tick(200);
    request(run('3 USD again'), done('fourth'), 'USD EUR 3');
    mock.timers.tick(100);
    assert.deepEqual(started, ['2 USD', '3 USD']);
    // Answered, the same key asks again (a retry once back online has a new key anyway).
    resolvers['3 USD']('2.76 EUR');
    await new Promise((r) => setImmediate(r));
    request(run('3 USD later'), done('fifth'), 'USD EUR 3');
    mock.timers.tick(300);
    assert.deepEqual(started, ['2 USD', '3 USD', '3 USD later']);
    // A different key replaces it; no key never matches.
    request(run('4 USD'), done('sixth'), 'USD EUR 4');
    mock.timers.tick(300);
    request(run('4 USD unkeyed'), done('seventh'));
    mock.timers.tick(300);
    request(run('4 USD unkeyed again'), done('eighth'));
    mock.timers.tick(300);
    assert.deepEqual(aborted, ['3 USD later', '4 USD', '4 USD unkeyed']);
    assert.deepEqual(delivered, ['second: 1.84 EUR', 'fourth: 2.76 EUR']);
  } finally {
    mock.timers.reset();
  }
});

test('words and numbers', () => {
  assert.equal(rateLine('USD', 'EUR', 0.92), '1 USD = 0.9200 EUR');
  assert.equal(rateLine('USD', 'JPY', 151.2), '1 USD = 151.2000 JPY');
  assert.equal(formatRateTime(T), 'Nov 20, 2026, 00:00 UTC', 'a 24-hour clock, as the live line writes it');
  assert.equal(formatRateTime(Date.parse('2026-11-20T14:05:00Z')), 'Nov 20, 2026, 14:05 UTC');
  assert.equal(formatRateTime(NaN), '');
  assert.equal(formatRateTime(9e15), '', 'past what a Date holds: nothing, never a RangeError');
  const [usd, , , , , , chf] = data.currencies;
  assert.deepEqual(moneyParts(1234.567, usd), { value: '$1,234.57', code: 'USD' });
  assert.deepEqual(moneyParts(92, chf), { value: '92.00', code: 'CHF' }); // no symbol when it is the code
  assert.deepEqual(moneyParts(NaN, usd), { value: '', code: 'USD' });
  assert.deepEqual(moneyParts(0.5, data.currencies[1]), { value: '€0.50', code: 'EUR' });
  // Where a shown rate comes from, and the banner while live rates fail.
  assert.equal(rateSourceText({ source: 'live' }), 'Live rate');
  assert.equal(rateSourceText({ source: 'live', time: T, stale: true }), liveSourceText(T, true));
  assert.equal(rateSourceText({ source: 'stored', time: T }), 'Offline rate from Nov 20, 2026, 00:00 UTC');
  assert.equal(rateSourceText({ source: 'table' }), 'Offline rate from the built-in fallback table');
  assert.equal(rateSourceText({ source: 'reference', date: '2026-11-20' }), 'Offline rate: the European Central Bank reference rate of Nov 20, 2026');
  assert.equal(rateSourceText({ source: 'same' }), 'Same currency: nothing to convert');
  // Copied text and the history say a rate that is not live as the card does, dated in full.
  assert.equal(approximateNote({ source: 'table' }), 'approximate offline rate');
  assert.equal(approximateNote({ source: 'reference', date: '2026-11-20' }), 'European Central Bank rate of Nov 20, 2026');
  assert.equal(approximateNote({ source: 'stored', time: T }), 'offline rate from Nov 20, 2026, 00:00 UTC');
  assert.equal(approximateNote({ source: 'live', time: T, stale: true }, T + 3600_000), 'rate from Nov 20, 2026, 00:00 UTC, live source unavailable');
  assert.equal(approximateNote({ source: 'live', time: T }, T + 3600_000), null);
  assert.equal(approximateNote({ source: 'same' }), null);
  assert.match(offlineBannerText({ source: 'stored', time: T }, 'USD', 'EUR', {}), /the last live rate this browser saw, from Nov 20, 2026, 00:00 UTC\./);
  assert.match(offlineBannerText({ source: 'table' }, 'USD', 'EUR', {}), /built-in fallback rates/);
  assert.match(offlineBannerText({ source: 'reference', date: '2026-11-20' }, 'USD', 'THB', {}), /the European Central Bank's reference rate of Nov 20, 2026\. It may differ/);
  // The currency without an offline rate is named; with none of the two, the pair.
  const table = { USD: { EUR: 0.92 } };
  // Offline, the connection is why; online, the rate service.
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  const banner = (onLine: boolean) => {
    Object.defineProperty(globalThis, 'navigator', { value: { onLine }, configurable: true });
    try {
      return offlineBannerText({ source: 'none' }, 'EUR', 'THB', table);
    } finally {
      if (saved) Object.defineProperty(globalThis, 'navigator', saved);
      else delete (globalThis as { navigator?: unknown }).navigator;
    }
  };
  assert.match(banner(false), /no offline rate for THB\. Try again when you are back online\./);
  assert.match(banner(true), /no offline rate for THB\. Try again in a moment\./);
  assert.match(offlineBannerText({ source: 'none' }, 'THB', 'KWD', table), /no offline rate for THB or KWD\./);
  // The day's reference rates name only the one they do not quote either.
  assert.match(offlineBannerText({ source: 'none' }, 'THB', 'KWD', table, { base: 'EUR', date: '2026-11-20', rates: { USD: 1.04, THB: 36.4 } }), /no offline rate for KWD\./);
});

test('rates over a day old are never called live, on the card, the pair page and in the box, nor copied as live', () => {
  const day = 24 * 3600_000;
  // Nine days on: the provider kept answering with the same table.
  const later = T + 9 * day;
  assert.equal(liveSourceText(T, false, later), 'Rates from Nov 20, 2026, 00:00 UTC — not updated since');
  assert.equal(liveSourceText(T, true, later), 'Rates from Nov 20, 2026, 00:00 UTC — not updated since', 'the edge’s stale mark for its age');
  assert.equal(approximateNote({ source: 'live', time: T }, later), 'rate from Nov 20, 2026, 00:00 UTC, not updated since');
  // Within the day the FAQ promises (and the edge's hour between checks), still live.
  assert.match(liveSourceText(T, false, T + day + 3600_000), /^Live · as of /);
  assert.equal(approximateNote({ source: 'live', time: T }, T + day), null);
  assert.ok(outdatedRate(T, T + 27 * 3600_000) && !outdatedRate(T, T + 25 * 3600_000));
});
