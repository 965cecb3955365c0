import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spelledNumber, spokenAmounts } from './spokenAmounts.ts';

test('a spoken half is 1/2 before a unit only, never inside "and a half"', () => {
  assert.equal(spokenAmounts('half a cup to ml'), '1/2 cup to ml');
  assert.equal(spokenAmounts('a half cup of flour'), '1/2 cup of flour');
  assert.equal(spokenAmounts('one and a half cups to ml'), 'one and a half cups to ml');
  assert.equal(spokenAmounts('1 and a half cups to ml'), '1 1/2 cups to ml');
  assert.equal(spokenAmounts('2 and a half hours'), '2 1/2 hours');
  assert.equal(spokenAmounts('1 and 1/2 cups to ml'), '1 1/2 cups to ml');
  assert.equal(spokenAmounts('1/4 of a cup in tbsp'), '1/4 cup in tbsp');
  assert.equal(spokenAmounts('1/4 of the way', () => false), '1/4 of the way', 'only before a unit');
  const units = (w: string) => ['cup', 'pint', 'us cup', 'miles'].includes(w.toLowerCase());
  assert.equal(spokenAmounts('half marathon in miles', units), 'half marathon in miles');
  assert.equal(spokenAmounts('half a pint in ml', units), '1/2 pint in ml');
  assert.equal(spokenAmounts('half a US cup in ml', units), '1/2 US cup in ml');
});

test('quarters, thirds and eighths are read as halves are: before a unit only', () => {
  const units = (w: string) => ['cup', 'pound', 'mile', 'teaspoon', 'inch', 'cups'].includes(w.toLowerCase());
  for (const [said, written] of [
    ['a quarter pound in grams', '1/4 pound in grams'],
    ['quarter of a pound', '1/4 pound'],
    ['three quarters of a cup to ml', '3/4 cup to ml'],
    ['three-quarters cup', '3/4 cup'],
    ['two-thirds cup', '2/3 cup'],
    ['a third of a cup', '1/3 cup'],
    ['an eighth of a teaspoon', '1/8 teaspoon'],
    ['seven eighths of an inch', '7/8 inch'],
    ['2 and three quarters cups', '2 3/4 cups'],
    ['1 and a quarter cups', '1 1/4 cups'],
    // Left as typed: no unit after the part, or the part of a number in words (spelledNumber's).
    ['a quarter past five', 'a quarter past five'],
    ['three quarters', 'three quarters'],
    ['one and three quarters cups', 'one and three quarters cups'],
  ]) assert.equal(spokenAmounts(said, units), written, said);
});

test('a sign said before a number is its sign', () => {
  assert.equal(spokenAmounts('minus 40 c to f'), '-40 c to f');
  assert.equal(spokenAmounts('Negative 10 F in C'), '-10 F in C');
  assert.equal(spokenAmounts('minus forty'), 'minus forty', 'before digits only');
});

test('a number in words is read from where it begins to where it ends, and a word only beginning like one is none', () => {
  const read = (s: string, unit = false) => {
    const n = spelledNumber(s, 0, () => unit);
    return n === null ? null : `${n.value.n}/${n.value.d} ${s.slice(0, n.end)}`;
  };
  assert.equal(read('two hundred fifty g'), '250/1 two hundred fifty');
  assert.equal(read('twenty-five kg'), '25/1 twenty-five');
  assert.equal(read('twenty- kg'), '20/1 twenty', 'a hyphen joins tens and units only');
  assert.equal(read('one cup and two tbsp'), '1/1 one', '“and” goes on only into a number');
  assert.equal(read('one hundred and a half'), '201/2 one hundred and a half');
  assert.equal(read('two and three quarters cups'), '11/4 two and three quarters');
  assert.equal(read('one and a third cups'), '4/3 one and a third');
  assert.equal(read('one and two-thirds cups'), '5/3 one and two-thirds');
  assert.equal(read('one point five meters'), '3/2 one point five', 'digits said after “point” are decimals');
  assert.equal(read('one hundred point zero five km'), '2001/20 one hundred point zero five');
  assert.equal(read('twelve point type'), '12/1 twelve', '“point” with no digit after it is the unit, 12-point type');
  assert.equal(spelledNumber('two point seven five kg', 0, () => false)?.decimal, '2.75', 'said back as a decimal');
  assert.equal(read('a mile', true), '1/1 a');
  assert.equal(read('a mile', false), null, '“a” is one only before a unit');
  assert.equal(read('hundred'), null, 'a scale needs a number before it');
  assert.equal(read('often'), null);
  assert.equal(read('tenth'), null);
  assert.equal(read('seconds'), null);
  assert.equal(read('one5'), null);
  assert.equal(read('ten ten'), '10/1 ten');
});
