// Currencies no longer in use are said to be, with what replaced them, never shown as a live rate.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { REPLACED, replacedNote, replacedShort } from './replacedCurrencies.ts';
import { CATALOG } from './currencyCatalog.ts';
import { answerData, loadUnits } from '../../test/testData.ts';

test('the kuna, the bolívar fuerte and the others: what replaced them, when and at what rate', () => {
  assert.equal(replacedNote('HRK'), 'HRK is no longer in use: the euro (EUR) replaced the Croatian kuna on 1 January 2023, at a fixed 7.53450 HRK per EUR.');
  assert.equal(replacedNote('VEF'), 'VEF is no longer in use: the bolívar soberano (VES) replaced the Venezuelan bolívar fuerte in 2018 (100,000 VEF = 1 VES).');
  assert.equal(replacedShort('HRK'), 'replaced by EUR in 2023');
  assert.equal(replacedNote('BGN'), 'BGN is no longer in use: the euro (EUR) replaced the Bulgarian lev on 1 January 2026, at a fixed 1.95583 BGN per EUR.');
  assert.equal(replacedShort('ANG'), 'replaced by XCG in 2025');
  assert.equal(replacedNote('EUR'), null);
  const codes = new Set(CATALOG.map((c) => c.code));
  // Each successor is a currency of the catalog; no featured currency is said to be out of use.
  for (const [code, r] of Object.entries(REPLACED)) assert.ok(codes.has(r.by), `${code} → ${r.by}`);
  for (const c of loadUnits().currencies) assert.equal(replacedNote(c.code), null, c.code);
});

test('the box answers the kuna with what replaced it rather than “Live”, and points a withdrawn code to its successor', async () => {
  const { answerFor } = await import('./boxAnswers.ts');
  const featured = { ...answerData(), currencies: loadUnits().currencies };
  const fetch = globalThis.fetch;
  const body = { result: 'success', base_code: 'EUR', target_code: 'HRK', conversion_rate: 7.5326, conversion_result: 753.26, time_last_update_utc: new Date().toUTCString() };
  globalThis.fetch = async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  try {
    const a = await answerFor('100 eur to hrk', featured);
    assert.ok(a !== null && 'lines' in a, JSON.stringify(a));
    assert.equal(a.lines[0].section, `Currency · ${replacedNote('HRK')}`);
    assert.doesNotMatch(a.lines[0].section, /Live/);
    for (const q of ['VEF', '100 vef to usd']) assert.deepEqual(await answerFor(q, featured), { message: `${replacedNote('VEF')} Convert in VES.`, money: { page: '/currency-converter', codes: [] } }, q);
    assert.equal(await answerFor('std', featured), null, 'a word in lower case with no amount is no code');
  } finally {
    globalThis.fetch = fetch;
  }
});
