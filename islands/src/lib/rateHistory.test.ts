import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fetchHistory, formatChange, formatDay, linePath, plot, readHistory } from './rateHistory.ts';

const answer = {
  result: 'success', base_code: 'USD', target_code: 'EUR', range: '1Y', interval: 'day',
  start: '2025-11-24', end: '2025-11-28', source: 'European Central Bank reference rates',
  points: [['2025-11-24', 0.9412], ['2025-11-25', 0.9398], ['2025-11-28', 0.9186]],
  first: { date: '2025-11-24', rate: 0.9412 }, last: { date: '2025-11-28', rate: 0.9186 },
  min: { date: '2025-11-28', rate: 0.9186 }, max: { date: '2025-11-24', rate: 0.9412 }, change: -0.02401,
};

/** fetch answering `status` and `body` (or throwing `body` when it is an Error), recording the URLs. */
function fakeFetch(status: number, body: unknown): string[] {
  const urls: string[] = [];
  globalThis.fetch = (async (url: string) => {
    urls.push(url);
    if (body instanceof Error) throw body;
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return urls;
}

test("the edge's history answer is read whole, or not at all", () => {
  const h = readHistory(answer, 'USD', 'EUR', '1Y');
  assert.ok(h);
  assert.deepEqual(h.points[2], { date: '2025-11-28', rate: 0.9186 });
  assert.deepEqual([h.interval, h.min.rate, h.max.rate, h.change], ['day', 0.9186, 0.9412, -0.02401]);
  for (const broken of [
    { ...answer, result: 'error' },
    { ...answer, points: [['2025-11-24', 0.9412]] },
    { ...answer, points: [...answer.points, ['2025-11-29', 0]] },
    { ...answer, points: [...answer.points, ['29/11/2025', 0.9]] },
    { ...answer, min: null },
    { ...answer, change: 'x' },
    null,
    'success',
  ]) {
    assert.equal(readHistory(broken, 'USD', 'EUR', '1Y'), null, JSON.stringify(broken)?.slice(0, 80));
  }
});

test('fetching: a history, a currency without one, and every failure as "unavailable"', async () => {
  const realFetch = globalThis.fetch;
  try {
    const urls = fakeFetch(200, answer);
    const got = await fetchHistory('USD', 'EUR', '5Y');
    assert.equal(got.kind, 'history');
    assert.deepEqual(urls, ['/api/rates/history/USD/EUR?range=5Y']);
    fakeFetch(200, { result: 'no-history', base_code: 'USD', target_code: 'KWD', currencies: ['KWD'] });
    assert.deepEqual(await fetchHistory('USD', 'KWD', '1Y'), { kind: 'none', currencies: ['KWD'] });
    fakeFetch(200, { result: 'no-history', currencies: '<b>' });
    assert.deepEqual(await fetchHistory('VND', 'ARS', '1Y'), { kind: 'none', currencies: ['VND', 'ARS'] }, 'a bad list names the pair');
    for (const [status, body] of [[502, { result: 'error', 'error-type': 'history-unavailable' }], [200, { result: 'success' }], [200, new TypeError('Failed to fetch')]] as const) {
      fakeFetch(status, body);
      assert.deepEqual(await fetchHistory('USD', 'EUR', '1Y'), { kind: 'unavailable' }, `${status} ${String(body)}`);
    }
    // Aborted by the caller (a newer pair): thrown, not shown as "unavailable".
    const controller = new AbortController();
    globalThis.fetch = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))) as typeof fetch;
    const pending = fetchHistory('USD', 'EUR', '1Y', controller.signal);
    controller.abort();
    await assert.rejects(pending, { name: 'AbortError' });
  } finally {
    globalThis.fetch = realFetch;
  }
});

test('the line: dates to x across the width, rates to y with the highest at the top', () => {
  const xy = plot(readHistory(answer, 'USD', 'EUR', '1Y')!.points, 400, 100);
  assert.deepEqual(xy.map((p) => Math.round(p.x)), [0, 100, 400], 'by date: the weekend leaves a gap');
  assert.deepEqual([xy[0].y, xy[2].y], [0, 100]);
  assert.equal(linePath(xy.slice(0, 2)), `M0.0 0.0L100.0 ${xy[1].y.toFixed(1)}`);
  // A pegged currency: a flat line in the middle, no division by zero.
  const flat = plot([{ date: '2025-01-01', rate: 3.75 }, { date: '2025-01-02', rate: 3.75 }], 10, 50);
  assert.deepEqual(flat, [{ x: 0, y: 25 }, { x: 10, y: 25 }]);
});

test('the change is signed with a true minus, and days are written as the card writes dates', () => {
  assert.equal(formatChange(0.024104), '+2.41%');
  assert.equal(formatChange(-0.0037), '−0.37%');
  assert.equal(formatChange(0.00001), '0.00%');
  assert.equal(formatDay('2025-11-24'), 'Nov 24, 2025');
});
