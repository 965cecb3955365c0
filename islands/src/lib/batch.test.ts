import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BATCH_LIMIT, batchCsv, batchSummary, batchText, batchFileName, batchLines, convertBatch, csvField, keepBatchLines, plainResult, type BatchRow } from './batch';
import { findTarget, lexiconFor } from './conversion';
import { findUnit, type CategoryKey, type UnitCategory } from './units';
import { lexiconWithOthers } from './otherUnits';
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
    'value,from,result,to,note\r\n' +
      "'=1+1,meters,error: Unexpected “=”.,feet,\r\n" +
      '"1,5",meters,4.92126,feet,Read as 1.5\r\n' +
      '-1234.5,meters,-4050.19685,feet,\r\n' +
      '5 fet,meters,error: Unknown unit “fet”. Did you mean “feet”?,feet,\r\n' +
      "'-2 ft 3 in,feet+inches,-2.25,feet,\r\n" +
      '1e-9,meters,3.28084e-9,feet,\r\n',
  );
  assert.equal(rows[2].result, '-4,050.19685 ft');
});

test('CSV: compound results and typed targets name their unit; the file name says the pair', () => {
  const rows: BatchRow[] = convertBatch('1.8\n-1.8\n2 kg to g', request('length', 'meters', 'feet_inches'));
  assert.equal(rows[0].result, '5 ft 10.87 in');
  assert.match(rows[2].error!, /is a unit of weight, not length/);
  const csv = batchCsv(rows, symbolOf('length'));
  assert.ok(csv.includes("\r\n1.8,meters,5 ft 10.87 in,feet_inches,\r\n-1.8,meters,'-5 ft 10.87 in,feet_inches,\r\n"), csv);
  assert.equal(batchFileName('length', 'square_meters', 'feet'), 'length-square-meters-to-feet.csv');
});

test('batch: scientific notation written 1.5×10³ is 1500', () => {
  const rows = convertBatch('1.5×10³\n1.5 x 10^3 J\n', request('energy', 'joules', 'kilojoules'));
  assert.deepEqual(rows.map((r) => [r.result, r.error]), [['1.5 kJ', null], ['1.5 kJ', null]]);
});

test('batch: each line says how it was read where the card would, in the table, Copy all and the CSV', () => {
  const rows = convertBatch('1.200\n1200-1000\n1000–1200\n1,200\n2 ft\n-1\n10 m to cm\n12 ft - 6 in\n5 ft 11 in\n1', request('length', 'meters', 'feet'));
  assert.deepEqual(rows.map((r) => [r.value, r.note]), [
    ['1.200', 'Read as 1.200 (the point is a decimal point)'],
    ['1200-1000', 'Read as 1200 − 1000'],
    // A range is no reading: its line could not be read (the card's message says why).
    ['1000–1200', ''],
    ['1,200', 'Read as 1200 (the comma groups thousands)'],
    ['2 ft', 'From 2 ft (converted to m, since ft is the To unit)'],
    // What only repeats the line says nothing: a plain minus, the units typed, the typed target.
    ['-1', ''],
    ['10 m to cm', ''],
    ['12 ft - 6 in', 'From 12 ft − 6 in'],
    ['5 ft 11 in', ''],
    ['1', ''],
  ]);
  const csv = batchCsv(rows, symbolOf('length'));
  assert.ok(csv.includes('\r\n1200-1000,meters,656.167979,feet,Read as 1200 − 1000\r\n'), csv);
  assert.ok(csv.includes('\r\n1.200,meters,3.937008,feet,Read as 1.200 (the point is a decimal point)\r\n'), csv);
  const copied = batchText(rows, symbolOf('length')).split('\n');
  assert.equal(copied[2], '1200-1000\tmeters\t656.167979\tfeet\tRead as 1200 − 1000');
  assert.equal(copied[6], '-1\tmeters\t-3.28084\tfeet\t');
});

test('Copy all: the CSV’s header and columns, tab-separated, with results as numbers a spreadsheet sums', () => {
  const rows = convertBatch('1234567.891\n3048\n5 fet\n=1+1\n1.8 m to ft in', request('length', 'meters', 'feet'));
  assert.deepEqual(batchText(rows, symbolOf('length')).split('\n'), [
    'value\tfrom\tresult\tto\tnote',
    '1234567.891\tmeters\t4050419.589895\tfeet\t',
    '3048\tmeters\t10000\tfeet\t',
    '5 fet\tmeters\terror: Unknown unit “fet”. Did you mean “feet”?\tfeet\t',
    "'=1+1\tmeters\terror: Unexpected “=”.\tfeet\t",
    '1.8 m to ft in\tmeters\t5 ft 10.87 in\tfeet_inches\t',
  ]);
});

test('batch: a fixed Decimals choice shows a small result in plain decimals, in the table, Copy all and the CSV', () => {
  const rows = convertBatch('0.1\n0.001', { ...request('length', 'meters', 'feet'), decimals: 0 });
  assert.deepEqual(rows.map((r) => r.result), ['0.3 ft', '0.003 ft']);
  assert.ok(batchCsv(rows, symbolOf('length')).includes('\r\n0.1,meters,0.3,feet,\r\n'));
  assert.ok(batchText(rows, symbolOf('length')).includes('\n0.1\tmeters\t0.3\tfeet\t'));
});

test('batch: Calories with a capital are the food kilocalorie, calories the small calorie, flagged', () => {
  const rows = convertBatch('2000 Calories\n2000 calories\n2000 Cal\n250 cal', request('energy', 'joules', 'kilojoules'));
  assert.deepEqual(rows.map((r) => [r.from, r.result]), [['kilocalories', '8,368 kJ'], ['calories', '8.368 kJ'], ['kilocalories', '8,368 kJ'], ['calories', '1.046 kJ']]);
  const note = 'From 2000 cal (small calories, as typed; food labels’ Calories are kilocalories)';
  assert.deepEqual(rows.map((r) => r.note), ['', note, '', note.replace('2000', '250')]);
  const pair = { from: { key: 'joules', name: 'Joules (J)' }, to: { key: 'kilojoules', name: 'Kilojoules (kJ)' } };
  assert.match(batchSummary(rows, pair), /lines 2 and 4 have a note to check/);
  // On a card set to kilocalories a lower-case "calories" is asked about, as "CALORIES" is: a food diary's 250 calories are 250 kcal.
  const food = convertBatch('2000\n250 Calories\n250 calories\n95 kcal', request('energy', 'kilocalories', 'kilojoules'));
  assert.deepEqual(food.map((r) => r.result || r.error), ['8,368 kJ', '1,046 kJ', '“calories” in lower case is the small calorie, 1/1000 of a food label’s Calorie: type “250 kcal” for food energy or “250 cal” for small calories.', '397.48 kJ']);
});

test('batch: a temperature below absolute zero carries the card’s warning into its row and the CSV', () => {
  const rows = convertBatch('-500 F to K\n-1\n20', request('temperature', 'kelvin', 'celsius'));
  const warning = 'That is below absolute zero (−273.15 °C), the lowest temperature possible.';
  assert.deepEqual(rows.map((r) => [r.result, r.note]), [['-22.41 K', warning], ['-274.15 °C', warning], ['-253.15 °C', '']]);
  const csv = batchCsv(rows, symbolOf('temperature'));
  assert.ok(csv.includes(`\r\n'-500 F to K,fahrenheit,-22.41,kelvin,"${warning}"\r\n`), csv);
});

test('batch summary: converted lines counted apart from those that failed; lines in their own units and noted lines said', () => {
  const pair = { from: { key: 'meters', name: 'Meters (m)' }, to: { key: 'feet', name: 'Feet (ft)' } };
  const req = request('length', 'meters', 'feet');
  assert.equal(batchSummary(convertBatch('1\n2\n3', req), pair), '3 lines converted from Meters (m) to Feet (ft).');
  assert.equal(batchSummary(convertBatch('1', req), pair), '1 line converted from Meters (m) to Feet (ft).');
  assert.equal(
    batchSummary(convertBatch('1\n2 ft\nbanana\n3', req), pair),
    '3 of 4 lines converted from Meters (m) to Feet (ft), 1 in the units its line names; line 2 has a note to check; line 3 could not be read.',
  );
  assert.equal(batchSummary(convertBatch('2 ft\n10 kg to lb\n3 in', req), pair), '2 of 3 lines converted in the units each line names; line 1 has a note to check; line 2 could not be read.');
  assert.equal(batchSummary(convertBatch('1.200\n1200-1000\n1\n1,5\n1 200', req), pair), '5 lines converted from Meters (m) to Feet (ft); 4 lines have a note to check.');
  assert.equal(batchSummary(convertBatch('x\n\ny', req), pair), 'None of the 2 lines could be read.');
  assert.equal(batchSummary(convertBatch('x', req), pair), 'The line could not be read.');
  assert.equal(batchSummary(convertBatch('a\n1\nb\nc', req), pair), '1 of 4 lines converted from Meters (m) to Feet (ft); lines 1, 3 and 4 could not be read.');
});

test('batch: full-width and Arabic-Indic digits are read, and the row says the number read', () => {
  const rows = convertBatch('１２３\n١٢٣\n１．５ ｍ', request('length', 'meters', 'feet'));
  assert.deepEqual(rows.map((r) => [r.error, r.result, r.note]), [
    [null, '403.543307 ft', 'Read as 123'],
    [null, '403.543307 ft', 'Read as 123'],
    // Units typed are said in the From column, as for ASCII ones.
    [null, '4.92126 ft', ''],
  ]);
});

test('Help says how results and the CSV write numbers, with an example the batch gives', () => {
  const help = readFileSync(new URL('../../../content/pages/help.md', import.meta.url), 'utf8');
  const [row] = convertBatch('1234.5', request('length', 'meters', 'feet'));
  assert.equal(row.result, '4,050.19685 ft');
  assert.equal(plainResult(row, 'ft'), '4050.19685');
  assert.ok(help.includes(`1234.5 m in feet is \`${row.result}\``), 'Help shows the grouped result');
  assert.ok(help.includes(`a plain number with a point and no grouping, \`${plainResult(row, 'ft')}\``), 'Help shows the CSV’s plain number');
  assert.match(help, /a point for decimals and commas between thousands/);
});

test('batch: a gauge pressure converts gauge to gauge, and its note says so', () => {
  const [psig, barg] = convertBatch('30 psig\n2 barg', request('pressure', 'psi', 'bars'));
  assert.equal(psig.result, '2.068427 bar');
  assert.equal(psig.note, 'From 30 psi (gauge, as typed: the result is gauge too; absolute is 1 atm more, 1.01325 bar or 14.695949 psi)');
  assert.equal(barg.result, '29.007548 psi', 'typed in the To unit, converted to From as a card does');
  assert.match(barg.note, /gauge, as typed/);
});

test('batch: with the lexicon the card hands it (its own words and every other category\'s), a line reads as the Value field reads it', () => {
  // ConverterCard gives the batch lexiconWithOthers from the first line: the foot-pound swap
  // and the "is a unit of weight" messages need the other categories' words.
  const read = (k: CategoryKey, from: string, to: string, text: string) => {
    const category = categories[k];
    const req = { category, lexicon: lexiconWithOthers(category), from: findUnit(category, from)!, to: findTarget(category, to)!, decimals: 'auto' as Decimals };
    return convertBatch(text, req).map((r) => r.error ?? r.result);
  };
  assert.deepEqual(read('torque', 'pound_feet', 'newton_meters', '80 ft lbs\n100 lb-in\n5 kg'), [
    '108.465436 N·m',
    '11.298483 N·m',
    '“kg” is a unit of weight, not torque.',
  ]);
  assert.deepEqual(read('length', 'meters', 'feet', '5 kg'), ['“kg” is a unit of weight, not length.']);
});

test('batch: a measure in brackets after a measure is the same amount, noted, never added', () => {
  const rows = convertBatch('1 cup (250ml)\n1 cup', request('volume', 'cups', 'milliliters'));
  assert.deepEqual(rows.map((r) => [r.result, r.note]), [
    ['236.588237 mL', 'From 1 US cup (250 mL in brackets read as the same amount, given another way, 5.7 % more)'],
    ['236.588237 mL', 'From 1 US cup'],
  ]);
  const weights = convertBatch('8 oz (225 g)\n8 oz', request('weight', 'ounces', 'grams'));
  assert.deepEqual(weights.map((r) => [r.result, r.note]), [['226.796185 g', 'From 8 oz (225 g in brackets read as the same amount, given another way)'], ['226.796185 g', '']]);
});
