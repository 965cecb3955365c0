import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DECIMALS_KEY, readDecimals, readFractions, subscribePrefs, writeDecimals, writeFractions } from './prefs';
import { MemoryStorage } from '../../test/testData.ts';

test('the Decimals choice is remembered, and Auto leaves nothing stored', () => {
  const storage = new MemoryStorage();
  assert.equal(readDecimals(storage), 'auto');
  assert.ok(writeDecimals(2, storage));
  assert.equal(storage.getItem(DECIMALS_KEY), '2');
  assert.equal(readDecimals(storage), 2);
  assert.ok(writeDecimals(0, storage));
  assert.equal(readDecimals(storage), 0);
  assert.ok(writeDecimals('auto', storage));
  assert.equal(storage.getItem(DECIMALS_KEY), null);
});

test('a corrupted or out-of-range Decimals value reads as Auto', () => {
  const storage = new MemoryStorage();
  for (const junk of ['11', '-1', 'two', '2.5', '{"a":1}', '']) {
    storage.setItem(DECIMALS_KEY, junk);
    assert.equal(readDecimals(storage), 'auto', junk);
  }
  storage.setItem(DECIMALS_KEY, '10');
  assert.equal(readDecimals(storage), 10);
});

test('full or blocked storage never throws: the choice is just not remembered', () => {
  assert.equal(writeDecimals(3, new MemoryStorage('QuotaExceededError')), false);
  const blocked = { getItem: () => { throw new DOMException('blocked', 'SecurityError'); } } as unknown as Storage;
  assert.equal(readDecimals(blocked), 'auto');
  assert.equal(readDecimals(undefined), 'auto');
});

test('other tabs changing the choice are heard; unrelated keys are not', () => {
  const target = new EventTarget();
  let calls = 0;
  const stop = subscribePrefs(() => calls++, target);
  const storageEvent = (key: string | null): Event => Object.assign(new Event('storage'), { key });
  target.dispatchEvent(storageEvent(DECIMALS_KEY));
  target.dispatchEvent(storageEvent('theme'));
  target.dispatchEvent(storageEvent(null));
  assert.equal(calls, 2);
  stop();
  target.dispatchEvent(storageEvent(DECIMALS_KEY));
  assert.equal(calls, 2);
});

test('blocked storage (no Storage at all) is a failed write: nothing announced, so a card keeps the choice', () => {
  // Announcing made every card read the default back over what the visitor had just chosen:
  // Decimals snapped back to Auto and Fractions could not be ticked.
  let heard = 0;
  const stop = subscribePrefs(() => heard++);
  assert.equal(writeDecimals(2, undefined), false);
  assert.equal(writeDecimals('auto', undefined), false);
  assert.equal(writeFractions(true, undefined), false);
  assert.equal(writeFractions(false, undefined), false);
  assert.equal(heard, 0);
  // A working storage is announced, on and off.
  const s = new MemoryStorage();
  assert.ok(writeFractions(true, s));
  assert.equal(readFractions(s), true);
  assert.ok(writeFractions(false, s));
  assert.equal(readFractions(s), false);
  assert.equal(heard, 2);
  stop();
});
