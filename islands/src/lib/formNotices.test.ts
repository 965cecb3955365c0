import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FORM_NOTICES, noticeFor } from './formNotices.ts';
import { readOutcome } from './validate.ts';

const answer = (status: number, body: unknown) => readOutcome(new Response(JSON.stringify(body), { status }));

test('every way a post fails has a sentence for each form', async () => {
  const outcomes = [
    { kind: 'network' as const },
    await answer(429, { result: 'error' }),
    await answer(403, { 'error-type': 'turnstile-failed' }),
    await answer(413, { result: 'error' }),
    await answer(502, { result: 'error' }),
    await answer(502, { result: 'error', 'error-type': 'delivery-unknown' }),
  ];
  assert.deepEqual(outcomes.map(noticeFor), ['network', 'limited', 'challenge', 'refused', 'unavailable', 'unknown']);
  for (const [kind, row] of Object.entries(FORM_NOTICES)) {
    for (const sentence of Object.values(row)) assert.match(sentence, /^[A-Z].*\.$/, kind);
  }
});

test('an outcome with no row of its own (a token refused twice) says the form is unavailable', async () => {
  assert.equal(noticeFor(await answer(403, { 'error-type': 'invalid-token' })), 'unavailable');
});
