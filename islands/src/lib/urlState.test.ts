import { test } from 'node:test';
import assert from 'node:assert/strict';
import { conversionSearch, readConversionQuery } from './urlState';

const keys = ['meters', 'feet', 'inches'];
const preset = { from: 'meters', to: 'feet' };

test('readConversionQuery reads a shared conversion', () => {
  assert.deepEqual(readConversionQuery('?value=5&from=meters&to=feet', keys), { value: '5', from: 'meters', to: 'feet' });
  assert.deepEqual(readConversionQuery('value=-0.25&to=inches', keys), { value: '-0.25', to: 'inches' });
  assert.deepEqual(readConversionQuery('', keys), {});
});

test('readConversionQuery ignores unknown units and values that are not numbers', () => {
  assert.deepEqual(readConversionQuery('?value=abc&from=parsecs&to=feet', keys), { to: 'feet' });
  assert.deepEqual(readConversionQuery('?value=&from=&to=', keys), {});
  assert.deepEqual(readConversionQuery('?value=Infinity&from=__proto__&to=constructor', keys), {});
  assert.deepEqual(readConversionQuery('?value=1e999', keys), {});
  assert.deepEqual(readConversionQuery('?value=0x10', keys), {});
});

test('readConversionQuery normalises a value to what a number input holds', () => {
  assert.equal(readConversionQuery('?value=1,234.5', keys).value, '1234.5');
  assert.equal(readConversionQuery('?value=1e3', keys).value, '1000');
  assert.equal(readConversionQuery('?value=%2B7', keys).value, '7');
  assert.equal(readConversionQuery('?value=-0', keys).value, '0');
});

test('conversionSearch writes value, from and to', () => {
  assert.equal(conversionSearch('', { value: '5', from: 'meters', to: 'feet' }, preset), '?value=5&from=meters&to=feet');
  assert.equal(conversionSearch('?value=4&from=feet&to=meters', { value: ' 2.5 ', from: 'inches', to: 'feet' }, preset),
    '?value=2.5&from=inches&to=feet');
});

test('conversionSearch gives a clean address when there is nothing to share', () => {
  assert.equal(conversionSearch('?value=5&from=meters&to=feet', { value: '', from: 'meters', to: 'feet' }, preset), '');
  // A changed pair is still worth sharing without a value.
  assert.equal(conversionSearch('', { value: '', from: 'feet', to: 'meters' }, preset), '?from=feet&to=meters');
});

test('conversionSearch keeps unrelated parameters', () => {
  assert.equal(conversionSearch('?utm_source=mail&value=1', { value: '3', from: 'meters', to: 'feet' }, preset),
    '?value=3&from=meters&to=feet&utm_source=mail');
  assert.equal(conversionSearch('?utm_source=mail', { value: '', from: 'meters', to: 'feet' }, preset), '?utm_source=mail');
});

test('a written address reads back to the same conversion', () => {
  const state = { value: '-12.75', from: 'inches', to: 'meters' };
  assert.deepEqual(readConversionQuery(conversionSearch('', state, preset), keys), state);
});
