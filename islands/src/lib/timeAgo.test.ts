import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fullTime, timeAgo } from './timeAgo';

const now = Date.parse('2026-03-10T12:00:00Z');
const ago = (ms: number): string => new Date(now - ms).toISOString();

test('timeAgo reads like speech', () => {
  assert.equal(timeAgo(ago(0), now), 'just now');
  assert.equal(timeAgo(ago(59_000), now), 'just now');
  assert.equal(timeAgo(ago(-5_000), now), 'just now'); // a clock slightly ahead
  assert.equal(timeAgo(ago(60_000), now), '1 minute ago');
  assert.equal(timeAgo(ago(5 * 60_000 + 30_000), now), '5 minutes ago');
  assert.equal(timeAgo(ago(3_600_000), now), '1 hour ago');
  assert.equal(timeAgo(ago(23 * 3_600_000), now), '23 hours ago');
  assert.equal(timeAgo(ago(24 * 3_600_000), now), 'yesterday');
  assert.equal(timeAgo(ago(3 * 24 * 3_600_000), now), '3 days ago');
});

test('timeAgo shows a date for older entries and nothing for a bad one', () => {
  assert.match(timeAgo('2025-12-28T10:00:00Z', now), /^Dec 2[78], 2025$/);
  assert.equal(timeAgo('not a date', now), '');
  assert.equal(fullTime('not a date'), '');
  assert.match(fullTime('2025-12-28T10:00:00Z'), /2025/);
});
