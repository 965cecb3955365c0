import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DECIMALS_KEY, readDecimals, subscribePrefs, writeDecimals } from './prefs';
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
