import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lazyChunk } from './lazyChunk.ts';

test('a chunk is fetched once, shared by every caller while in flight, then known at once', async () => {
  let fetches = 0;
  const chunk = lazyChunk(async () => {
    fetches++;
    return { answer: 42 };
  });
  assert.equal(chunk.loaded, null);
  const [a, b] = await Promise.all([chunk.load(), chunk.load()]);
  assert.equal(a, b);
  assert.equal(fetches, 1);
  assert.equal(chunk.loaded, a);
  assert.equal(await chunk.load(), a);
  assert.equal(fetches, 1);
});

test('after a failed fetch the next call fetches again (one failure is not kept)', async () => {
  let fetches = 0;
  const chunk = lazyChunk(async () => {
    fetches++;
    if (fetches === 1) throw new TypeError('Failed to fetch dynamically imported module');
    return 'code';
  });
  await assert.rejects(chunk.load(), /Failed to fetch/);
  assert.equal(chunk.loaded, null);
  assert.equal(await chunk.load(), 'code');
  assert.equal(fetches, 2);
  assert.equal(chunk.loaded, 'code');
});

test('callers waiting on a fetch that fails all see the failure; none is left hanging', async () => {
  let fail = true;
  const chunk = lazyChunk(() => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(1)));
  const results = await Promise.allSettled([chunk.load(), chunk.load()]);
  assert.deepEqual(results.map((r) => r.status), ['rejected', 'rejected']);
  fail = false;
  assert.equal(await chunk.load(), 1);
});
