import { test } from 'node:test';
import assert from 'node:assert/strict';
import { categoryOf, countText, filterFaq, matches } from './faq.ts';
import { fold } from './searchWords.ts';

const entries = [
  { id: 'free', category: 'General', question: 'Is Unitly really free?', answer: 'Yes, no sign-up.' },
  { id: 'rates', category: 'Currency', question: 'Where do the exchange rates come from?', answer: 'A provider, hourly.' },
  { id: 'offline', category: 'Technical', question: 'Does it work offline?', answer: 'Yes; currency uses fallback rates.' },
  { id: 'quote', category: 'Privacy', question: 'What does “Using offline rates” mean?', answer: 'It’s the fallback.' },
];

test('empty query matches everything', () => {
  assert.equal(filterFaq(entries, '').length, 4);
  assert.equal(filterFaq(entries, '   ').length, 4);
});

test('searches questions, answers and categories, case-insensitively', () => {
  assert.deepEqual(filterFaq(entries, 'FREE').map((e) => e.id), ['free']);
  assert.deepEqual(filterFaq(entries, 'hourly').map((e) => e.id), ['rates']);
  assert.deepEqual(filterFaq(entries, 'currency').map((e) => e.id), ['rates', 'offline']);
  assert.deepEqual(filterFaq(entries, 'General').map((e) => e.id), ['free']);
  assert.deepEqual(filterFaq(entries, 'zebra'), []);
});

test('every word must match, in any order', () => {
  assert.deepEqual(filterFaq(entries, 'offline work').map((e) => e.id), ['offline']);
  assert.deepEqual(filterFaq(entries, 'rates offline').map((e) => e.id), ['offline', 'quote']);
});

test('quotes and accents fold', () => {
  assert.equal(fold('Café “x” It’s'), 'cafe "x" it\'s');
  assert.ok(matches(entries[3], '"using offline rates"'.replace(/"/g, '')));
  assert.ok(matches(entries[3], "it's"));
});

test('categoryOf and countText', () => {
  assert.equal(categoryOf(' currency ', ['General', 'Currency']), 'Currency');
  assert.equal(categoryOf('curr', ['General', 'Currency']), undefined);
  assert.equal(countText(12, 12), 'Showing all 12 questions');
  assert.equal(countText(3, 12), 'Showing 3 of 12 questions');
});
