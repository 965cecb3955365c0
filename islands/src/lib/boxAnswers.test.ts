import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerFor } from './boxAnswers.ts';
import type { AnswerData } from './askConversion.ts';
import { loadUnits } from '../../test/testData.ts';

const units = loadUnits();
const data: AnswerData = { categories: units.categories, pages: { currency: '/currency-converter' }, currencies: units.currencies, fallbackRates: units.fallback_rates, cooking: null };

/** Runs `fn` with the rate service answering 502 and the browser on- or offline. */
async function withRates<T>(onLine: boolean, fn: () => Promise<T>): Promise<T> {
  const fetch = globalThis.fetch;
  const navigator = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  globalThis.fetch = async () => new Response('{"result":"error"}', { status: 502, headers: { 'content-type': 'application/json' } });
  Object.defineProperty(globalThis, 'navigator', { value: { onLine }, configurable: true });
  try {
    return await fn();
  } finally {
    globalThis.fetch = fetch;
    if (navigator) Object.defineProperty(globalThis, 'navigator', navigator);
    else delete (globalThis as { navigator?: unknown }).navigator;
  }
}

test('a currency with no rate to fall back on: online the live rates are to blame, offline the connection', async () => {
  const open = { text: 'THB to USD', href: '/currency-converter?value=1&from=THB&to=USD', section: 'Currency converter' };
  assert.deepEqual(await withRates(true, () => answerFor('THB to USD', data)), { message: 'No rate for THB to USD: the live rates are unavailable right now. Try again in a moment.', open });
  assert.deepEqual(await withRates(false, () => answerFor('THB to USD', data)), { message: 'No rate for THB to USD without a connection.', open });
  const amount = await withRates(true, () => answerFor('100 thb to usd', data));
  assert.deepEqual(amount !== null && 'open' in amount && amount.open, { text: '100.00 THB to USD', href: '/currency-converter?value=100&from=THB&to=USD', section: 'Currency converter' }, 'the card is linked without a rate');
  // A featured pair falls back on the built-in rates either way.
  const eur = await withRates(true, () => answerFor('100 usd to eur', data));
  assert.ok('lines' in eur! && /built-in offline rate/.test(eur.lines[0].section), JSON.stringify(eur));
});
