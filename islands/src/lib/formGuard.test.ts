import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FormGuard, HONEYPOT, TOKEN_MIN_AGE_MS, TOKEN_REFRESH_AFTER_MS } from './formGuard.ts';
import { FORM_GUARD } from '../../../edge/src/config.ts';
import { HONEYPOT as EDGE_HONEYPOT } from '../../../edge/src/forms.ts';

/** A fake edge: hands out numbered tokens and answers posts from a script of statuses. */
function edge(postAnswers: [number, unknown][], tokenStatus = 200) {
  const calls: { url: string; body?: Record<string, string> }[] = [];
  let n = 0;
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = String(input);
    if (url === '/api/form-token') {
      calls.push({ url });
      if (tokenStatus === 0) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(tokenStatus === 200 ? { token: `t${++n}` } : { result: 'error' }), { status: tokenStatus });
    }
    calls.push({ url, body: JSON.parse(String(init!.body)) });
    const [status, body] = postAnswers.shift() ?? [200, { result: 'success' }];
    return new Response(JSON.stringify(body), { status });
  };
  return { calls, fetchImpl };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

function clock() {
  const c = { t: 1_000_000, slept: [] as number[] };
  return { c, now: () => c.t, sleep: async (ms: number) => void (c.slept.push(ms), (c.t += ms)) };
}

test('the edge and the browser agree on the limits and the honeypot name', () => {
  assert.equal(HONEYPOT, EDGE_HONEYPOT);
  assert.ok(TOKEN_MIN_AGE_MS > FORM_GUARD.tokenMinAgeMs && TOKEN_MIN_AGE_MS < FORM_GUARD.tokenMinAgeMs + 1000);
  assert.ok(TOKEN_REFRESH_AFTER_MS < FORM_GUARD.tokenMaxAgeMs);
});

test('a token fetched when the visitor starts is sent with the honeypot, after waiting out the minimum age', async () => {
  const { calls, fetchImpl } = edge([]);
  const { c, now, sleep } = clock();
  const g = new FormGuard({ fetchImpl, now, sleep });
  g.prepare();
  g.prepare(); // one fetch, however often the visitor focuses
  await settle();
  c.t += 1000;
  assert.deepEqual(await g.send('/api/contact', { name: 'Ada' }, ''), { kind: 'sent' });
  assert.deepEqual(c.slept, [TOKEN_MIN_AGE_MS - 1000]);
  assert.deepEqual(calls, [{ url: '/api/form-token' }, { url: '/api/contact', body: { name: 'Ada', token: 't1', leave_empty: '' } }]);
  // A person typing for longer waits for nothing; a sent post spends its token.
  g.prepare();
  await settle();
  c.t += 60_000;
  assert.deepEqual(await g.send('/api/subscribe', { email: 'a@b.co' }, 'bot was here', 'ts-token'), { kind: 'sent' });
  assert.equal(c.slept.length, 1);
  assert.deepEqual(calls[3].body, { email: 'a@b.co', token: 't2', leave_empty: 'bot was here', turnstile: 'ts-token' });
});

test('a refused token is replaced and the post sent once more; a second refusal is reported', async () => {
  const refused: [number, unknown] = [403, { result: 'error', 'error-type': 'invalid-token' }];
  const { calls, fetchImpl } = edge([refused]);
  const { now, sleep } = clock();
  assert.deepEqual(await new FormGuard({ fetchImpl, now, sleep }).send('/api/contact', {}, ''), { kind: 'sent' });
  assert.deepEqual(calls.map((x) => x.body?.token ?? x.url), ['/api/form-token', 't1', '/api/form-token', 't2']);
  const twice = edge([refused, refused]);
  assert.deepEqual(await new FormGuard({ fetchImpl: twice.fetchImpl, now, sleep }).send('/api/contact', {}, ''), { kind: 'token' });
  assert.equal(twice.calls.length, 4);
});

test('a token another post already used is reported, and the next send fetches a fresh one', async () => {
  const { calls, fetchImpl } = edge([[409, { result: 'error', 'error-type': 'token-used' }]]);
  const { now, sleep } = clock();
  const g = new FormGuard({ fetchImpl, now, sleep });
  assert.deepEqual(await g.send('/api/contact', {}, ''), { kind: 'used' });
  assert.deepEqual(await g.send('/api/contact', {}, ''), { kind: 'sent' });
  assert.deepEqual(calls.map((x) => x.body?.token ?? x.url), ['/api/form-token', 't1', '/api/form-token', 't2']);
});

test('a post the receiver may have (no answer in time) spends its token: a resend gets a fresh one', async () => {
  const { calls, fetchImpl } = edge([[502, { result: 'error', 'error-type': 'delivery-unknown' }]]);
  const { now, sleep } = clock();
  const g = new FormGuard({ fetchImpl, now, sleep });
  assert.deepEqual(await g.send('/api/contact', {}, ''), { kind: 'unknown' });
  assert.deepEqual(await g.send('/api/contact', {}, ''), { kind: 'sent' });
  assert.deepEqual(calls.map((x) => x.body?.token ?? x.url), ['/api/form-token', 't1', '/api/form-token', 't2']);
});

test('a failed post keeps its token for the retry; an old token is replaced', async () => {
  const { calls, fetchImpl } = edge([[502, { result: 'error', 'error-type': 'upstream-unavailable' }]]);
  const { c, now, sleep } = clock();
  const g = new FormGuard({ fetchImpl, now, sleep });
  assert.deepEqual(await g.send('/api/contact', {}, ''), { kind: 'unavailable' });
  assert.deepEqual(await g.send('/api/contact', {}, ''), { kind: 'sent' });
  assert.deepEqual(calls.map((x) => x.body?.token ?? x.url), ['/api/form-token', 't1', 't1']);
  g.prepare();
  await settle();
  c.t += TOKEN_REFRESH_AFTER_MS + 1;
  await g.send('/api/contact', {}, '');
  assert.deepEqual(calls.slice(3).map((x) => x.body?.token ?? x.url), ['/api/form-token', '/api/form-token', 't3']);
});

test('rate limits, an unconfigured edge and no connection are reported as outcomes', async () => {
  const { now, sleep } = clock();
  assert.deepEqual(await new FormGuard({ ...edge([[429, { 'error-type': 'rate-limited' }]]), now, sleep }).send('/api/subscribe', {}, ''), { kind: 'limited' });
  assert.deepEqual(await new FormGuard({ ...edge([], 503), now, sleep }).send('/api/subscribe', {}, ''), { kind: 'unavailable' });
  assert.deepEqual(await new FormGuard({ ...edge([], 429), now, sleep }).send('/api/subscribe', {}, ''), { kind: 'limited' });
  const offline = edge([], 0);
  const g = new FormGuard({ fetchImpl: offline.fetchImpl, now, sleep });
  g.prepare();
  assert.deepEqual(await g.send('/api/subscribe', {}, ''), { kind: 'network' });
  assert.equal(offline.calls.length, 2, 'the fetch that failed early is tried again at send time');
  assert.deepEqual(
    await new FormGuard({ ...edge([[403, { 'error-type': 'turnstile-failed' }]]), now, sleep }).send('/api/contact', {}, ''),
    { kind: 'challenge' },
  );
});
