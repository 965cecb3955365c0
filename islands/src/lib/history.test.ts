import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import {
  HISTORY_KEY, HISTORY_LIMIT, HISTORY_EVENT, addHistory, clearHistory, createSettler, readHistory,
  subscribeHistory, type HistoryEntry, type NewHistoryEntry,
} from './history';
import { onHistoryCleared } from './historyBus';
import { MemoryStorage } from '../../test/testData.ts';


const entry = (i: number, type: NewHistoryEntry['type'] = 'Length'): NewHistoryEntry =>
  ({ type, from: `${i} meters`, to: `${(i * 3.28084).toFixed(6)} feet` });

test('an empty storage, or none at all, reads as an empty history', () => {
  assert.deepEqual(readHistory(new MemoryStorage()), []);
  assert.deepEqual(readHistory(undefined), []);
});

test('addHistory records {id, type, from, to, timestamp}, newest first', () => {
  const s = new MemoryStorage();
  addHistory(entry(1), s, Date.UTC(2025, 0, 15, 10, 0, 0));
  addHistory({ type: 'Currency', from: '🇺🇸 100 USD', to: '🇪🇺 85.00 EUR' }, s, Date.UTC(2025, 0, 15, 10, 0, 5));
  const list = readHistory(s);
  assert.deepEqual(list, [
    { id: Date.UTC(2025, 0, 15, 10, 0, 5), type: 'Currency', from: '🇺🇸 100 USD', to: '🇪🇺 85.00 EUR', timestamp: '2025-01-15T10:00:05.000Z' },
    { id: Date.UTC(2025, 0, 15, 10, 0, 0), type: 'Length', from: '1 meters', to: '3.280840 feet', timestamp: '2025-01-15T10:00:00.000Z' },
  ]);
  assert.deepEqual(JSON.parse(s.getItem(HISTORY_KEY)!), list); // stored as a plain JSON array
});

test('one shared cap of 50 for every category, the oldest dropped', () => {
  const s = new MemoryStorage();
  const types = ['Length', 'Weight', 'Temperature', 'Volume', 'Area', 'Currency'] as const;
  for (let i = 0; i < 60; i++) addHistory(entry(i, types[i % types.length]), s, 1_000 + i);
  const list = readHistory(s);
  assert.equal(HISTORY_LIMIT, 50);
  assert.equal(list.length, 50);
  assert.equal(list[0].from, '59 meters');
  assert.equal(list[49].from, '10 meters');
  assert.equal(JSON.parse(s.getItem(HISTORY_KEY)!).length, 50);
});

test('an entry equal to one listed is not repeated: converted again, it moves to the top', () => {
  const s = new MemoryStorage();
  addHistory(entry(5), s, 1000);
  addHistory(entry(5), s, 2000);
  assert.equal(readHistory(s).length, 1);
  addHistory(entry(6), s, 3000);
  addHistory(entry(7), s, 3500);
  addHistory({ ...entry(5), replay: { category: 'length', value: '5', from: 'meters', to: 'feet' } }, s, 4000);
  // Before, a re-run entry was listed twice and pushed the oldest distinct one out of the 50.
  assert.deepEqual(readHistory(s).map((e) => e.from), ['5 meters', '7 meters', '6 meters']);
  assert.deepEqual(readHistory(s)[0].replay, { category: 'length', value: '5', from: 'meters', to: 'feet' }, 'the newer record, with its replay');
  addHistory({ ...entry(6), type: 'Area' }, s, 5000); // same text, other category: kept
  assert.equal(readHistory(s).length, 4);
});

test('two records in the same millisecond get distinct, increasing ids', () => {
  const s = new MemoryStorage();
  addHistory(entry(1), s, 1000);
  addHistory(entry(2), s, 1000);
  const [a, b] = readHistory(s);
  assert.equal(a.from, '2 meters');
  assert.ok(a.id > b.id);
});

test('corrupted JSON and non-array JSON read as empty and are replaced on the next record', () => {
  for (const raw of ['{not json', 'null', '42', '"text"', '{"0": {}}']) {
    const s = new MemoryStorage();
    s.setItem(HISTORY_KEY, raw);
    assert.deepEqual(readHistory(s), [], raw);
    addHistory(entry(1), s, 1000);
    assert.equal(readHistory(s).length, 1, raw);
  }
});

test('entries of the wrong shape are dropped, valid ones kept and sorted newest first', () => {
  const good = (id: number): HistoryEntry =>
    ({ id, type: 'Weight', from: '1 kilograms', to: '2.204623 pounds', timestamp: new Date(id).toISOString() });
  const s = new MemoryStorage();
  s.setItem(HISTORY_KEY, JSON.stringify([
    good(1000), null, 'text', 7, [],
    { ...good(2000), type: 'Shoe Size' },
    { ...good(3000), id: '3000' },
    { ...good(4000), to: 5 },
    { ...good(5000), timestamp: 'yesterday' },
    { id: 6000, type: 'Length' },
    good(7000),
  ]));
  assert.deepEqual(readHistory(s).map((e) => e.id), [7000, 1000]);
});

test('a full or blocked storage is ignored: nothing thrown, history unchanged', () => {
  for (const name of ['QuotaExceededError', 'SecurityError']) {
    const s = new MemoryStorage(name);
    assert.doesNotThrow(() => addHistory(entry(1), s, 1000));
    assert.deepEqual(addHistory(entry(1), s, 1000), []);
    assert.deepEqual(readHistory(s), []);
  }
  const throwing = { getItem() { throw new DOMException('blocked', 'SecurityError'); } } as unknown as Storage;
  assert.deepEqual(readHistory(throwing), []);
});

test('an entry of an unknown type is a programming error', () => {
  assert.throws(() => addHistory({ type: 'Shoe Size' as 'Length', from: 'a', to: 'b' }, new MemoryStorage()), TypeError);
});

test('clearHistory empties it', () => {
  const s = new MemoryStorage();
  addHistory(entry(1), s, 1000);
  clearHistory(s);
  assert.deepEqual(readHistory(s), []);
  assert.equal(s.getItem(HISTORY_KEY), null);
});

test('clearing the history drops a conversion a card was about to record', () => {
  const s = new MemoryStorage();
  const bus = new EventTarget();
  const settle = createSettler(1000);
  const stop = onHistoryCleared(() => settle.cancel(), bus);
  let recorded = 0;
  settle(() => recorded++);
  clearHistory(s, bus);
  settle.flush();
  assert.equal(recorded, 0, 'the pending record was dropped, not saved after the clear');
  settle(() => recorded++);
  settle.flush();
  assert.equal(recorded, 1, 'later conversions are recorded as before');
  stop();
});

test('subscribers hear every record and clear on this page', () => {
  const s = new MemoryStorage();
  const seen: number[] = [];
  const stop = subscribeHistory((list) => seen.push(list.length), s);
  addHistory(entry(1), s, 1000);
  addHistory(entry(2), s, 2000);
  addHistory(entry(2), s, 3000); // deduped: nothing changed, nothing fired
  clearHistory(s);
  stop();
  addHistory(entry(3), s, 4000);
  assert.deepEqual(seen, [1, 2, 0]);
});

test("subscribers hear other tabs through the 'storage' event, for this key only", () => {
  const s = new MemoryStorage();
  const target = new EventTarget();
  const seen: number[] = [];
  const stop = subscribeHistory((list) => seen.push(list.length), s, target);
  const storageEvent = (key: string | null) => Object.assign(new Event('storage'), { key });
  addHistory(entry(1), s, 1000); // fires on the page bus, not on this target
  target.dispatchEvent(storageEvent('theme'));
  target.dispatchEvent(storageEvent(HISTORY_KEY));
  target.dispatchEvent(storageEvent(null)); // another tab called localStorage.clear()
  target.dispatchEvent(new CustomEvent(HISTORY_EVENT));
  stop();
  target.dispatchEvent(storageEvent(HISTORY_KEY));
  assert.deepEqual(seen, [1, 1, 1]);
});

test('createSettler runs only the last action, once things have been still for the delay', () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    const runs: string[] = [];
    const settle = createSettler(1000);
    settle(() => runs.push('1'));
    mock.timers.tick(500);
    settle(() => runs.push('12'));
    mock.timers.tick(999);
    assert.equal(runs.length, 0); // (deepEqual with [] would narrow `runs` to never[])
    mock.timers.tick(1);
    assert.deepEqual(runs, ['12']);
    mock.timers.tick(5000);
    assert.deepEqual(runs, ['12']);

    settle(() => runs.push('flushed'));
    settle.flush();
    settle.flush(); // nothing pending any more
    assert.deepEqual(runs, ['12', 'flushed']);

    settle(() => runs.push('cancelled'));
    settle.cancel();
    mock.timers.tick(5000);
    assert.deepEqual(runs, ['12', 'flushed']);
  } finally {
    mock.timers.reset();
  }
});

test('an entry saved with a unit key units.yaml has since renamed (formerly) replays the unit', () => {
  const s = new MemoryStorage();
  const old = { id: 1, type: 'Weight', from: '2 tons', to: '4,409.245244 pounds', timestamp: new Date(1).toISOString(), replay: { category: 'weight', value: '2', from: 'tons', to: 'pounds' } };
  s.setItem(HISTORY_KEY, JSON.stringify([old]));
  assert.deepEqual(readHistory(s)[0].replay, { category: 'weight', value: '2', from: 'tonnes', to: 'pounds' });
});

test('an entry at a rate that is not live keeps its mark, and the same result at a live rate replaces it', () => {
  const s = new MemoryStorage();
  const offline = { type: 'Currency', from: '🇺🇸 1,000.00 USD', to: '🇪🇺 850.00 EUR', approx: 'approximate offline rate' } as const;
  addHistory(offline, s, 1_000);
  assert.equal(readHistory(s)[0].approx, 'approximate offline rate');
  addHistory({ type: 'Currency', from: offline.from, to: offline.to }, s, 2_000);
  assert.deepEqual(readHistory(s).map((e) => [e.id, e.approx]), [[2_000, undefined]], 'listed once, as it is now');
  s.setItem(HISTORY_KEY, JSON.stringify([{ id: 1, type: 'Currency', from: 'a', to: 'b', timestamp: '2025-01-15T10:00:00.000Z', approx: 5 }]));
  assert.equal('approx' in readHistory(s)[0], false, 'a mark that is no text is dropped');
});
