import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readAmount } from './amount.ts';
import { MAX_AMOUNT, MAX_AMOUNT_TEXT, quickAmount } from './quickAmount.ts';
import type { Currency } from './units.ts';

const currencies: Currency[] = [
  { code: 'USD', name: 'US Dollar', symbol: '$', flag: '🇺🇸', digits: 2 },
  { code: 'EUR', name: 'Euro', symbol: '€', flag: '🇪🇺', digits: 2 },
];

test('plain amounts are read without the parser, exactly as the parser reads them', () => {
  const plain = ['', '  ', '0', '0.0', '100', ' 12.5 ', '0.01', '007', '999999999999.99', String(MAX_AMOUNT), '1000000000001', '3.14159265358979323846'];
  let seed = 16016;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let i = 0; i < 500; i++) {
    const whole = String(Math.floor(rnd() * 10 ** Math.floor(rnd() * 14)));
    plain.push(rnd() < 0.5 ? whole : `${whole}.${String(Math.floor(rnd() * 10 ** 8)).padStart(8, '0').slice(0, 1 + Math.floor(rnd() * 8))}`);
  }
  for (const t of plain) {
    const quick = quickAmount(t);
    assert.notEqual(quick, null, t);
    assert.deepEqual(quick, readAmount(t, currencies), t);
  }
});

test('everything else is left to the parser, which says what is wrong', () => {
  for (const t of ['1,5', '1 1/2', '2*3', '-5', '€100', '.5', '1e3', 'abc']) assert.equal(quickAmount(t), null, t);
  assert.deepEqual(readAmount('1,5', currencies), { value: 1.5, message: null });
  assert.deepEqual(readAmount('1 1/2', currencies), { value: 1.5, message: null });
  assert.deepEqual(readAmount('-5', currencies), { value: null, message: 'Enter an amount greater than 0.' });
  assert.deepEqual(readAmount('2e12', currencies), { value: null, message: 'Enter an amount no larger than 1 trillion.' });
  assert.match(readAmount('€100', currencies).message ?? '', /without “€”/);
  assert.deepEqual(readAmount('0', currencies), quickAmount('0'));
});

test('an amount is converted only above 0 and up to the largest amount, however it is typed', () => {
  const value = (t: string) => (quickAmount(t) ?? readAmount(t, currencies)).value;
  assert.equal(value('100'), 100);
  assert.equal(value(' 2.5 '), 2.5);
  assert.equal(value('1,234.5'), 1234.5);
  assert.equal(value(String(MAX_AMOUNT)), MAX_AMOUNT);
  for (const t of ['', '  ', 'abc', '0', '-5', '0.0', '1e13', String(MAX_AMOUNT * 2), 'NaN', 'Infinity']) assert.equal(value(t), null, t);
  assert.equal(MAX_AMOUNT_TEXT, '1 trillion', 'the card names the limit in words');
});
