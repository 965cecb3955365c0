import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DONATION_PRESETS, PREMIUM_TOAST, customAmountError, thankYou } from './support.ts';

test('the donation presets and their thank-you toast, word for word', () => {
  assert.deepEqual([...DONATION_PRESETS], [3, 5, 10, 20]);
  assert.deepEqual(thankYou(5), { title: 'Thank you for your support! ❤️', description: 'Your $5 donation helps keep our converters free and fast.' });
  assert.equal(thankYou('custom').description, 'Your custom donation helps keep our converters free and fast.');
  assert.equal(PREMIUM_TOAST.title, 'Premium Features Coming Soon! 🚀');
  assert.equal(PREMIUM_TOAST.description, 'Get notified when premium features launch with exclusive early access.');
});

test('custom amount validation', () => {
  for (const ok of ['1', '7.5', '7.50', ' 25 ', '1000', '0.1e2']) assert.equal(customAmountError(ok), undefined, ok);
  assert.equal(customAmountError(''), 'Enter an amount in US dollars.');
  assert.equal(customAmountError('abc'), 'Enter an amount as a number, like 7.50.');
  assert.equal(customAmountError('0'), 'The smallest amount is $1.');
  assert.equal(customAmountError('-5'), 'The smallest amount is $1.');
  assert.equal(customAmountError('1000.01'), 'The largest amount is $1,000.');
  assert.equal(customAmountError('2.345'), 'Use at most two decimals (whole cents).');
  assert.equal(customAmountError('4.10'), undefined);
});
