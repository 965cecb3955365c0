import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fold, stem, terms, wordsOf } from './searchWords.ts';

// The build's own files: the cases the index's reading is tested against, and its stop words.
const root = new URL('../../../', import.meta.url);
const cases: Array<{ text: string; terms: string[] }> = JSON.parse(readFileSync(new URL('tests/search-terms.json', root), 'utf8'));
const stop = new Set(readFileSync(new URL('src/search/stop-words.txt', root), 'utf8').split('\n').filter(Boolean));

test('reads a query as the build reads a page', () => {
  for (const c of cases) assert.deepEqual(terms(c.text, stop), c.terms, c.text);
});

test('folds case, accents and curly quotes', () => {
  assert.equal(fold('Café “Crème” it’s'), 'cafe "creme" it\'s');
});

test('words keep where they start', () => {
  assert.deepEqual(wordsOf('5 ft, 11 in'), [
    { word: '5', at: 0 },
    { word: 'ft', at: 2 },
    { word: '11', at: 6 },
    { word: 'in', at: 9 },
  ]);
});

test('plural endings go, with the exceptions', () => {
  assert.deepEqual(['miles', 'inches', 'candies', 'pies', 'glass', 'celsius', 'degrees', 'toes', 'gas', 'km2s'].map(stem), [
    'mile',
    'inche',
    'candy',
    'pie',
    'glass',
    'celsius',
    'degree',
    'toe',
    'gas',
    'km2s',
  ]);
});
