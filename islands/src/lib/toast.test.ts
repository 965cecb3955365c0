import { test } from 'node:test';
import assert from 'node:assert/strict';
import { currentToasts, dismissToast, subscribeToasts, toast } from './toast.ts';

test('toasts are kept newest first, capped, and dismissable', () => {
  const seen: number[] = [];
  const stop = subscribeToasts((t) => seen.push(t.length));
  const a = toast({ title: 'one' });
  toast({ title: 'two', variant: 'destructive' });
  toast({ title: 'three' });
  toast({ title: 'four' });
  assert.deepEqual(currentToasts().map((t) => t.title), ['four', 'three', 'two']);
  assert.equal(currentToasts()[2].variant, 'destructive');
  dismissToast(currentToasts()[0].id);
  assert.deepEqual(currentToasts().map((t) => t.title), ['three', 'two']);
  dismissToast(a); // already dropped by the cap: harmless
  stop();
  toast({ title: 'five' });
  assert.deepEqual(seen, [1, 2, 3, 3, 2, 2]);
});
