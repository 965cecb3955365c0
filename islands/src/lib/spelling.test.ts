import { test } from 'node:test';
import assert from 'node:assert/strict';
import { correctable, correction, listNames, oneEditApart, parseList } from './spelling.ts';

test('one edit: a letter changed, removed, added, or two neighbours swapped', () => {
  assert.ok(oneEditApart('convresion', 'conversion'), 'swap');
  assert.ok(oneEditApart('conversoin', 'conversion'), 'swap at the end');
  assert.ok(oneEditApart('cinversion', 'conversion'), 'changed');
  assert.ok(oneEditApart('conversio', 'conversion'), 'removed');
  assert.ok(oneEditApart('conversionn', 'conversion'), 'added');
  assert.ok(oneEditApart('xconversion', 'conversion'), 'added in front');
  assert.ok(!oneEditApart('conversion', 'conversion'), 'the same word is no edit');
  assert.ok(!oneEditApart('convrsoin', 'conversion'), 'two edits');
  assert.ok(!oneEditApart('cnoversino', 'conversion'), 'two swaps');
  assert.ok(oneEditApart('metre', 'meter'), 'the British spelling is a swap');
  assert.ok(!oneEditApart('meter', 'mover'), 'two changes');
  assert.ok(!oneEditApart('abcdefgh', 'abdcefhg'), 'two swaps, same length');
});

test('every word one edit away is in one of the six lists', () => {
  const word = 'conversion';
  const names = new Set(listNames(word));
  assert.deepEqual([...names].sort(), ['fc10', 'fc11', 'fc9', 'ln10', 'ln11', 'ln9']);
  const listOf = (w: string) => [`f${w[0]}${w.length}`, `l${w[w.length - 1]}${w.length}`];
  for (const typo of ['xonversion', 'conversiox', 'onversion', 'conversio', 'aconversion', 'conversionz', 'ocnversion', 'conversino']) {
    assert.ok(oneEditApart(typo, word));
    assert.ok(listOf(word).some((n) => new Set(listNames(typo)).has(n)), `${typo} finds ${word}'s lists`);
  }
});

test('lists never go below five letters', () => {
  assert.deepEqual(listNames('metre'), ['fm5', 'le5', 'fm6', 'le6']);
});

test('a list file is read line by line; bad lines are skipped', () => {
  assert.deepEqual(parseList('conversion 40\nconversions 3\n\nBad 2\nword x\nother 0\n'), [
    ['conversion', 40],
    ['conversions', 3],
  ]);
});

test('the most common word one edit away wins; a known word is left alone', () => {
  const lists = [parseList('conversion 40\nconversions 3\nconversation 1'), parseList('convection 2')];
  assert.equal(correction('convresion', lists), 'conversion');
  assert.equal(correction('conversions', lists), null, 'known');
  assert.equal(correction('zzzzzzz', lists), null, 'nothing near');
  assert.equal(correction('cnvection', lists), 'convection');
});

test('equally common candidates: the first alphabetically, whatever the list order', () => {
  const a = parseList('meters 5');
  const b = parseList('metres 5');
  assert.equal(correction('metrs', [a, b]), 'meters');
  assert.equal(correction('metrs', [b, a]), 'meters');
});

test('short words, digits and long words are not corrected', () => {
  assert.ok(!correctable('feet'));
  assert.ok(!correctable('100km'));
  assert.ok(!correctable('a'.repeat(25)));
  assert.ok(correctable('meter'));
  assert.equal(correction('fet', [parseList('feet 9')]), null);
});
