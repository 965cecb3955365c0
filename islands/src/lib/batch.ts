// The batch box's plain part: its lines, each read and converted exactly as the Value field
// reads it (conversion.ts), and the CSV a spreadsheet opens safely.
import { convertInput, resultLine, type ConvertRequest } from './conversion.ts';
import { plainMinus } from './format.ts';
import { lineNote } from './readingNote.ts';

export interface BatchRow {
  line: number; // 1-based line of the box
  value: string; // the line as typed, trimmed
  /** The unit the value is in: From's key, or the keys of the units typed (feet+inches). */
  from: string;
  /** The key of what the result is in: To, or a target typed on the line. */
  to: string;
  result: string; // "3.28084 ft" as shown, or '' on error
  /**
   * What the card would say of the line beyond what it repeats: "Read as 1200 − 1000",
   * "From 1.200 m² (the point is a decimal point)", the below-absolute-zero warning; '' for none.
   */
  note: string;
  error: string | null;
}

/** Up to this many lines are converted; the rest are counted and said, never silently dropped. */
export const BATCH_LIMIT = 1000;

/** A blank line from `at`: only spaces up to its end. */
const BLANK = /[^\S\n]*(?:\n|$)/y;
const blankAt = (text: string, at: number): boolean => {
  BLANK.lastIndex = at;
  return BLANK.test(text);
};

/** The box's first BATCH_LIMIT non-blank lines, and how many non-blank lines it has in all. */
export function batchLines(text: string): { lines: { line: number; value: string }[]; total: number } {
  const lines: { line: number; value: string }[] = [];
  let total = 0;
  let start = 0;
  // One pass without splitting: a box of 300,000 lines allocates 1,000 strings, not 300,000.
  for (let n = 1; start <= text.length; n++) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (!blankAt(text, start)) {
      total++;
      if (lines.length < BATCH_LIMIT) lines.push({ line: n, value: text.slice(start, end).trim() });
    }
    start = end + 1;
  }
  return { lines, total };
}

/**
 * `text` up to the end of its BATCH_LIMIT-th non-blank line, and how many non-blank lines
 * were left out. A browser lays out a text box of 300,000 lines for seconds, so a paste that
 * large keeps only what the batch converts, and says so.
 */
export function keepBatchLines(text: string): { text: string; dropped: number } {
  const { lines, total } = batchLines(text);
  if (total <= BATCH_LIMIT) return { text, dropped: 0 };
  const last = lines[lines.length - 1].line;
  let end = -1;
  for (let n = 0; n < last; n++) end = text.indexOf('\n', end + 1);
  return { text: text.slice(0, end), dropped: total - BATCH_LIMIT };
}

/** One line converted as the card would. */
export function convertLine({ line, value }: { line: number; value: string }, req: Omit<ConvertRequest, 'input'>): BatchRow {
  const o = convertInput({ ...req, input: value });
  const toKey = req.to.kind === 'unit' ? req.to.unit.key : req.to.compound.key;
  if (o.kind !== 'ok') return { line, value, from: req.from.key, to: toKey, result: '', note: '', error: o.kind === 'error' ? o.message : 'Empty line.' };
  const units = o.typed ? o.units.map((u) => u.key).join('+') : req.from.key;
  const to = o.target.kind === 'unit' ? o.target.unit.key : o.target.compound.key;
  return { line, value, from: units, to, result: resultLine(o), note: lineNote(o), error: null };
}

/** Every non-blank line of a batch box (up to BATCH_LIMIT), converted. */
export function convertBatch(text: string, req: Omit<ConvertRequest, 'input'>): BatchRow[] {
  return batchLines(text).lines.map((l) => convertLine(l, req));
}

const NUMBER = /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * A cell a spreadsheet never runs: one starting with =, +, -, @, a tab or a CR that is not a
 * number gets a leading ', as OWASP advises against CSV injection (the CSV and Copy all).
 */
function formulaSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !NUMBER.test(value) ? `'${value}` : value;
}

/** One CSV cell: [`formulaSafe`], quoted as RFC 4180 says when it holds a comma, quote, CR or LF. */
export function csvField(value: string): string {
  const safe = formulaSafe(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A result as a spreadsheet reads a number: no grouping commas, a plain minus, no unit. */
export function plainResult(row: BatchRow, symbol: string): string {
  const text = symbol !== '' && row.result.endsWith(` ${symbol}`) ? row.result.slice(0, -symbol.length - 1) : row.result;
  return plainMinus(text.replace(/(\d),(?=\d{3}\b)/g, '$1'));
}

/** The batch's columns, in the CSV and in Copy all: a header line, then a row per line: value,from,result,to,note; failed lines keep their error. */
function batchCells(rows: BatchRow[], symbolOf: (key: string) => string): string[][] {
  const lines = [['value', 'from', 'result', 'to', 'note']];
  for (const r of rows) lines.push([r.value, r.from, r.error === null ? plainResult(r, symbolOf(r.to)) : `error: ${r.error}`, r.to, r.note]);
  return lines;
}

/** The batch as CSV (CRLF line ends). */
export function batchCsv(rows: BatchRow[], symbolOf: (key: string) => string): string {
  return `${batchCells(rows, symbolOf)
    .map((l) => l.map(csvField).join(','))
    .join('\r\n')}\r\n`;
}

/** One cell of Copy all: a tab or line end inside it is a space (the paste would split it), then [`formulaSafe`]. */
function tsvField(value: string): string {
  return formulaSafe(value.replace(/[\t\r\n]+/g, ' '));
}

/**
 * Copy all's text: the CSV's header and columns, tab-separated, which a spreadsheet pastes
 * into columns with the results as numbers it can sum (no grouping commas, no unit in the cell).
 */
export function batchText(rows: BatchRow[], symbolOf: (key: string) => string): string {
  return batchCells(rows, symbolOf)
    .map((l) => l.map(tsvField).join('\t'))
    .join('\n');
}

const count = (n: number): string => n.toLocaleString('en-US');
const lineWord = (n: number): string => (n === 1 ? 'line' : 'lines');

/** "line 3", "lines 3 and 7", "lines 2, 5 and 9"; past three, "12 lines". */
function whichLines(rows: BatchRow[]): string {
  if (rows.length > 3) return `${count(rows.length)} lines`;
  const n = rows.map((r) => count(r.line));
  return `${lineWord(n.length)} ${n.length > 1 ? `${n.slice(0, -1).join(', ')} and ${n[n.length - 1]}` : n[0]}`;
}

/**
 * What the batch did, in one sentence a screen reader hears instead of reading the table:
 * how many lines converted out of how many, in the card's pair or in the units a line names
 * ("2 ft", "10 kg to lb" are not From → To), which lines carry a note to check and which could not be read.
 */
export function batchSummary(rows: BatchRow[], pair: { from: { key: string; name: string }; to: { key: string; name: string } }): string {
  const ok = rows.filter((r) => r.error === null);
  const failed = rows.filter((r) => r.error !== null);
  const noted = ok.filter((r) => r.note !== '');
  const own = ok.filter((r) => r.from !== pair.from.key || r.to !== pair.to.key).length;
  const parts: string[] = [];
  if (ok.length === 0) {
    parts.push(rows.length === 1 ? 'The line could not be read' : `None of the ${count(rows.length)} lines could be read`);
  } else {
    const head = `${ok.length === rows.length ? count(rows.length) : `${count(ok.length)} of ${count(rows.length)}`} ${lineWord(rows.length)} converted`;
    const inPair = ` from ${pair.from.name} to ${pair.to.name}`;
    if (own === 0) parts.push(head + inPair);
    else if (own === ok.length) parts.push(`${head} in the units ${own === 1 ? 'its line names' : 'each line names'}`);
    else parts.push(`${head + inPair}, ${count(own)} in the units ${own === 1 ? 'its line names' : 'their lines name'}`);
    if (noted.length > 0) parts.push(`${whichLines(noted)} ${noted.length === 1 ? 'has' : 'have'} a note to check`);
    if (failed.length > 0) parts.push(`${whichLines(failed)} could not be read`);
  }
  return `${parts.join('; ')}.`;
}

/** "length-meters-to-feet.csv" */
export function batchFileName(category: string, from: string, to: string): string {
  return `${category}-${from}-to-${to}.csv`.replace(/_/g, '-');
}
