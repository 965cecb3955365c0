import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerData, saidBy } from '../../test/testData.ts';
import { notConverted } from './notConverted.ts';
import { readIuQuestion } from './vitamins.ts';

const said = saidBy(answerData());

test('a vitamin’s international units are said as a weight, and a weight as IU, by the vitamin’s factor', () => {
  // Vitamin D: 40 IU to the microgram (NIH Office of Dietary Supplements).
  assert.deepEqual(said('1000 IU vitamin D to mcg'), ['1,000 IU of vitamin D = 25 µg']);
  assert.deepEqual(said('vitamin d3 2000 iu'), ['2,000 IU of vitamin D = 50 µg'], 'the vitamin first, no target: in µg');
  assert.deepEqual(said('1000 iu vitamine d'), ['1,000 IU of vitamin D = 25 µg'], 'as French writes it: not vitamin E');
  assert.deepEqual(said('50000 iu vitamin d in mg'), ['50,000 IU of vitamin D = 1.25 mg']);
  assert.deepEqual(said('25 mcg vitamin d to iu'), ['25 µg of vitamin D = 1,000 IU']);
  // Vitamin E: each form its line unless one is named.
  assert.deepEqual(said('400 iu vitamin e'), ['400 IU of vitamin E = 268 mg (natural, d-alpha-tocopherol)', '400 IU of vitamin E = 180 mg (synthetic, dl-alpha-tocopherol)']);
  assert.deepEqual(said('400 iu of natural vitamin e in mg'), ['400 IU of vitamin E = 268 mg (natural, d-alpha-tocopherol)']);
  assert.deepEqual(said('400 iu dl-alpha tocopherol to mg'), ['400 IU of vitamin E = 180 mg (synthetic, dl-alpha-tocopherol)'], 'dl-alpha is synthetic, though it holds “alpha”');
  assert.deepEqual(said('5000 iu vitamin a to mcg'), ['5,000 IU of vitamin A = 1,500 µg (as retinol; carotenes count for less)']);
  assert.equal(said('1000 iu vitamin d to cups'), '“cup” is a unit of volume, not weight.');
  // A weight the box asks about is asked about here, among weights only (not mG, the milligauss).
  assert.equal(said('25 MG vitamin d to iu'), '“MG” could be mg (Milligrams) or Mg (Metric Tons): type it with its case.');
  assert.deepEqual(said('25 mcgs vitamin d to iu'), ['25 µg of vitamin D = 1,000 IU'], 'mcg’s plural');
});

test('IU with no vitamin the site converts gets one sentence, on a card and in the search box; words alone are a search', () => {
  const sentence = /^International units \(IU\) are not converted to a weight here without the vitamin: .*For vitamin D, 40 IU is 1 µg/u;
  for (const q of ['1000 iu to mg', '1000 IU', '25 mcg to iu', '10 i.u.']) {
    assert.match(String(said(q)), sentence, q);
    assert.match(String(notConverted(q)), sentence, `${q} on a card`);
  }
  assert.equal(readIuQuestion('vitamin d'), null);
  assert.equal(said('vitamin d'), null);
  assert.equal(notConverted('5 in'), null, 'in is the inch, no IU');
  assert.equal(notConverted('iu'), null);
});
