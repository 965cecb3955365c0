import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spokenAmounts } from './spokenAmounts.ts';

test('a spoken half is 1/2 before a unit only, never inside "and a half"', () => {
  assert.equal(spokenAmounts('half a cup to ml'), '1/2 cup to ml');
  assert.equal(spokenAmounts('a half cup of flour'), '1/2 cup of flour');
  assert.equal(spokenAmounts('one and a half cups to ml'), 'one and a half cups to ml');
  assert.equal(spokenAmounts('1 and a half cups to ml'), '1 1/2 cups to ml');
  assert.equal(spokenAmounts('2 and a half hours'), '2 1/2 hours');
  const units = (w: string) => ['cup', 'pint', 'us cup', 'miles'].includes(w.toLowerCase());
  assert.equal(spokenAmounts('half marathon in miles', units), 'half marathon in miles');
  assert.equal(spokenAmounts('half a pint in ml', units), '1/2 pint in ml');
  assert.equal(spokenAmounts('half a US cup in ml', units), '1/2 US cup in ml');
});
