import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BATCH_LIMIT, batchCsv, batchFileName, batchLines, convertBatch, csvField, keepBatchLines, type BatchRow } from './batch';
import { findTarget, lexiconFor } from './conversion';
import { findUnit, type CategoryKey, type UnitCategory } from './units';
import { loadUnits } from '../../test/testData.ts';
import type { Decimals } from './format';

const data = loadUnits();
const categories = Object.fromEntries((Object.keys(data.categories) as CategoryKey[]).map((k) => [k, { ...data.categories[k], key: k }])) as Record<
  CategoryKey,
  UnitCategory & { key: string }
>;
function request(k: CategoryKey, from: string, to: string) {
  const category = categories[k];
  return { category, lexicon: lexiconFor(category, categories), from: findUnit(category, from)!, to: findTarget(category, to)!, decimals: 'auto' as Decimals };
}
const symbolOf = (k: CategoryKey) => (key: string): string => findUnit(categories[k], key)?.symbol ?? '';

test('batch: every line converted, bad lines flagged in place, blank lines skipped, typed units named', () => {
  const rows = convertBatch('1\n2\n\n3.5\n5 fet\n5 ft 11 in\r\n  \n10 m to cm\n', request('length', 'meters', 'feet'));
  assert.deepEqual(rows.map((r) => [r.line, r.value, r.from, r.result, r.to]), [
    [1, '1', 'meters', '3.28084 ft', 'feet'], [2, '2', 'meters', '6.56168 ft', 'feet'], [4, '3.5', 'meters', '11.48294 ft', 'feet'],
    [5, '5 fet', 'meters', '', 'feet'], [6, '5 ft 11 in', 'feet+inches', '5.916667 ft', 'feet'], [8, '10 m to cm', 'meters', '1,000 cm', 'centimeters'],
  ]);
  assert.match(rows[3].error!, /Did you mean “feet”/);
});

test('batch: the first BATCH_LIMIT non-blank lines are converted and the rest counted, in one pass', () => {
  const many = Array.from({ length: BATCH_LIMIT + 5 }, (_, i) => String(i)).join('\n');
  assert.equal(convertBatch(many, request('length', 'meters', 'feet')).length, BATCH_LIMIT);
  assert.equal(batchLines(many).total, BATCH_LIMIT + 5);
  // 300,000 pasted lines: counted, 1,000 kept.
  const paste = '1 ft\n\n'.repeat(150_000) + '   \n2 ft';
  const { lines, total } = batchLines(paste);
  assert.equal(total, 150_001);
  assert.equal(lines.length, BATCH_LIMIT);
  assert.deepEqual(lines[1], { line: 3, value: '1 ft' });
  // Such a paste keeps the box's first 1,000 non-blank lines (and the blank ones between).
  const kept = keepBatchLines(paste);
  assert.equal(kept.dropped, 149_001);
  assert.equal(kept.text, '1 ft\n\n'.repeat(BATCH_LIMIT).slice(0, -2));
  assert.deepEqual(keepBatchLines('1\n2\n'), { text: '1\n2\n', dropped: 0 });
});

test('CSV: a spreadsheet runs no formula from it (OWASP CSV injection), and reads numbers as numbers', () => {
  assert.equal(csvField('plain'), 'plain');
  assert.equal(csvField('1,234.5'), '"1,234.5"');
  assert.equal(csvField('5\'11"'), '"5\'11"""');
  assert.equal(csvField('a\nb'), '"a\nb"');
  for (const [cell, safe] of [
    ['=1+1', "'=1+1"], ['+1+1', "'+1+1"], ['@SUM(A1)', "'@SUM(A1)"], ['-2+3+cmd|\' /C calc\'!A0', "'-2+3+cmd|' /C calc'!A0"],
    ['\t=1', "'\t=1"], ['\r=1', '"\'\r=1"'], ['-5', '-5'], ['-1.5e-3', '-1.5e-3'], ['-5 ft', "'-5 ft"], ['5 = 5', '5 = 5'],
  ]) {
    assert.equal(csvField(cell), safe, cell);
  }
  const rows = convertBatch('=1+1\n1,5\n-1234.5\n5 fet\n-2 ft 3 in\n1e-9', request('length', 'meters', 'feet'));
  const csv = batchCsv(rows, symbolOf('length'));
  assert.equal(
    csv,
    'value,from,result,to\r\n' +
      "'=1+1,meters,error: Unexpected “=”.,feet\r\n" +
      '"1,5",meters,4.92126,feet\r\n' +
      '-1234.5,meters,-4050.19685,feet\r\n' +
      '5 fet,meters,error: Unknown unit “fet”. Did you mean “feet”?,feet\r\n' +
      "'-2 ft 3 in,feet+inches,-2.25,feet\r\n" +
      '1e-9,meters,3.28084e-9,feet\r\n',
  );
  assert.equal(rows[2].result, '-4,050.19685 ft');
});

test('CSV: compound results and typed targets name their unit; the file name says the pair', () => {
  const rows: BatchRow[] = convertBatch('1.8\n-1.8\n2 kg to g', request('length', 'meters', 'feet_inches'));
  assert.equal(rows[0].result, '5 ft 10.87 in');
  assert.match(rows[2].error!, /is a unit of weight, not length/);
  const csv = batchCsv(rows, symbolOf('length'));
  assert.ok(csv.includes("\r\n1.8,meters,5 ft 10.87 in,feet_inches\r\n-1.8,meters,'-5 ft 10.87 in,feet_inches\r\n"), csv);
  assert.equal(batchFileName('length', 'square_meters', 'feet'), 'length-square-meters-to-feet.csv');
});

test('batch: scientific notation written 1.5×10³ is 1500', () => {
  const rows = convertBatch('1.5×10³\n1.5 x 10^3 J\n', request('energy', 'joules', 'kilojoules'));
  assert.deepEqual(rows.map((r) => [r.result, r.error]), [['1.5 kJ', null], ['1.5 kJ', null]]);
});
