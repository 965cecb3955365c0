import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TooltipTiming, TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './tooltip.ts';

test('tooltip delays: open 700 ms, skip 300 ms', () => {
  assert.equal(TOOLTIP_OPEN_DELAY_MS, 700);
  assert.equal(TOOLTIP_SKIP_DELAY_MS, 300);
});

test('first tooltip waits, the next one within the skip delay opens at once', () => {
  let t = 1000;
  const timing = new TooltipTiming(() => t);
  assert.equal(timing.delay(), 700);
  timing.opened();
  assert.equal(timing.delay(), 0, 'while one is open, another opens at once');
  t += 2000;
  timing.closed();
  t += 299;
  assert.equal(timing.delay(), 0, 'within 300 ms of closing');
  t += 1;
  assert.equal(timing.delay(), 700, 'after 300 ms the delay is back');
});

test('closing more than was opened is harmless', () => {
  let t = 0;
  const timing = new TooltipTiming(() => t);
  timing.closed();
  t = 5000;
  assert.equal(timing.delay(), 700);
});
