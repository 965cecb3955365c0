import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readComponentCode } from './componentCode.ts';
import { answerData, saidBy } from '../../test/testData.ts';

const said = saidBy(answerData());
const read = (q: string) => {
  const v = readComponentCode(q);
  return v === null ? null : [v.code, v.quantity, v.reading, v.target];
};

test('letter codes (IEC 60062): the letter is the decimal point and the multiplier, no part word needed', () => {
  assert.deepEqual(read('4k7'), ['4k7', '4.7 kΩ', 'a resistor’s code, 4.7 kΩ', null]);
  assert.deepEqual(read('2M2 to ohms'), ['2M2', '2.2 MΩ', 'a resistor’s code, 2.2 MΩ', 'ohms']);
  assert.deepEqual(read('R47'), ['R47', '0.47 Ω', 'a resistor’s code, 0.47 Ω', null]);
  assert.deepEqual(read('4n7'), ['4n7', '4.7 nF', 'a capacitor’s code, 4.7 nF', null]);
  assert.deepEqual(read('2p2 in nf'), ['2p2', '2.2 pF', 'a capacitor’s code, 2.2 pF', 'nf']);
  assert.deepEqual(read('inductor 4R7'), ['4R7', '4.7 µH', 'an inductor’s code, 4.7 µH', null], 'R on an inductor is microhenries');
  assert.equal(read('4n7 resistor'), null, 'a capacitor letter on a resistor is no code');
  // A number with a letter after it and nothing else is a quantity: "5K" the race, "10k" ten kilometers.
  for (const q of ['5K', '10k to miles', '5 k', '4k', 'k7']) assert.equal(read(q), null, q);
});

test('digit codes (EIA) need the part named: figures, then the number of zeros; 8 and 9 divide a capacitor’s', () => {
  assert.deepEqual(read('104 capacitor'), ['104', '100000 pF', 'a capacitor’s code, 10 × 10⁴ pF', null]);
  assert.deepEqual(read('capacitor code 472 to uf'), ['472', '4700 pF', 'a capacitor’s code, 47 × 10² pF', 'uf']);
  assert.deepEqual(read('104J cap'), ['104J', '100000 pF', 'a capacitor’s code, 10 × 10⁴ pF', null], 'a tolerance letter after the digits');
  assert.deepEqual(read('229 ceramic'), ['229', '2.2 pF', 'a capacitor’s code, 22 × 0.1 pF', null]);
  assert.deepEqual(read('resistor 4702'), ['4702', '47000 Ω', 'a resistor’s code, 470 × 10² Ω', null]);
  assert.deepEqual(read('101 inductor'), ['101', '100 µH', 'an inductor’s code, 10 × 10¹ µH', null]);
  assert.equal(read('104'), null, 'a bare number is no code');
  assert.equal(read('104 to nf'), null);
  assert.equal(read('4702 capacitor'), null, 'four figures are a resistor’s');
  assert.equal(read('109 resistor'), null, '9 divides only a capacitor’s value');
});

test('the search box answers a code with its value in the usual units, or in the target typed', () => {
  assert.deepEqual(said('104 capacitor'), ['104 = 100,000 pF', '104 = 100 nF', '104 = 0.1 µF']);
  assert.deepEqual(said('104 cap to uf'), ['104 = 0.1 µF']);
  assert.deepEqual(said('4k7'), ['4k7 = 4.7 kΩ', '4k7 = 4,700 Ω']);
  assert.deepEqual(said('R47'), ['R47 = 0.47 Ω']);
  assert.deepEqual(said('472 resistor'), ['472 = 4,700 Ω', '472 = 4.7 kΩ']);
  assert.deepEqual(said('inductor 4R7 to nh'), ['4R7 = 4,700 nH']);
  assert.deepEqual(said('5K to miles'), ['5 km = 3.106856 mi'], 'the race is still a distance');
});
