// Batch conversion under a unit card: one value per line (any value the parser reads, also
// with a target: 10 kg to lb), each converted From → To as you type, bad lines flagged in
// place; Copy all and Download CSV. Loaded only when the visitor opens it (ConverterCard's
// React.lazy), so the card's own script stays small. (Not an island: islands are the files
// directly in src/components.)
//
// The tab never freezes: the lines are converted a slice of about 8 ms at a time between
// frames, each distinct line once for the current From, To and Decimals (typing one more line
// under 1,000 heavy ones converts one line), and only the first BATCH_LIMIT lines at all. A
// paste beyond BATCH_LIMIT lines keeps those and says how many it left out: a browser spends
// seconds laying out a text box of 300,000 lines, before any script runs.
import { memo, useDeferredValue, useEffect, useMemo, useRef, useState, type ClipboardEvent } from 'react';
import type { Target } from '../lib/conversion.ts';
import { BATCH_LIMIT, batchCsv, batchFileName, batchLines, batchSummary, batchText, convertLine, keepBatchLines, type BatchRow } from '../lib/batch.ts';
import type { Lexicon } from '../lib/parse.ts';
import type { Decimals } from '../lib/format.ts';
import type { Unit, UnitCategory } from '../lib/units.ts';
import { copyWithToast } from '../lib/clipboard.ts';
import { toast } from '../lib/toast.ts';
import { MESSAGE_PAUSE_MS } from '../lib/pause.ts';

interface Props {
  category: UnitCategory & { key: string };
  lexicon: Lexicon;
  from: Unit;
  target: Target;
  decimals: Decimals;
  /** Cooking measures as fractions (the card's choice). */
  fractions?: boolean;
}

/** One line of the table; a line unchanged by a keystroke is not rendered again. */
const Row = memo(function Row({ line, value, result, note, failed }: { line: number; value: string; result: string; note: string; failed: boolean }) {
  return (
    <tr className={failed ? 'batch-error' : undefined}>
      <td>{line}</td>
      <td>{value}</td>
      <td>
        {result}
        {/* How the line was read, as the card says it ("Read as 1200 − 1000"): a wrong number is never silent. */}
        {note !== '' && (
          <>
            {' '}
            <span className="batch-note">{note}</span>
          </>
        )}
      </td>
    </tr>
  );
});

/** Main-thread time one slice of conversion may take before the browser gets a frame. */
const SLICE_MS = 8;
const count = (n: number): string => n.toLocaleString('en-US');

export default function Batch({ category, lexicon, from, target, decimals, fractions = false }: Props) {
  const [text, setText] = useState('');
  // Non-blank lines a paste brought beyond the limit, left out of the box.
  const [dropped, setDropped] = useState(0);
  const deferred = useDeferredValue(text);
  const { lines, total } = useMemo(() => batchLines(deferred), [deferred]);
  const [rows, setRows] = useState<BatchRow[]>([]);
  // Converted lines by text, for the current request; emptied when the request changes.
  const cache = useRef<{ key: unknown[]; rows: Map<string, Omit<BatchRow, 'line'>> }>({ key: [], rows: new Map() });

  useEffect(() => {
    const key = [lexicon, from, target, decimals, fractions];
    if (key.some((k, i) => k !== cache.current.key[i])) cache.current = { key, rows: new Map() };
    const done = cache.current.rows;
    const req = { category, lexicon, from, to: target, decimals, fractions };
    let next = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slice = (): void => {
      const stop = performance.now() + SLICE_MS;
      for (; next < lines.length && performance.now() < stop; next++) {
        const l = lines[next];
        if (!done.has(l.value)) {
          const { line: _, ...row } = convertLine(l, req);
          done.set(l.value, row);
        }
      }
      if (next < lines.length) {
        timer = setTimeout(slice, 0);
        return;
      }
      setRows(lines.map((l) => ({ line: l.line, ...done.get(l.value)! })));
    };
    slice();
    return () => clearTimeout(timer);
  }, [lines, category, lexicon, from, target, decimals, fractions]);

  // The rows of an earlier text stay in view (nothing jumps) until this one is converted,
  // but Copy all and Download CSV wait for the box's own rows.
  const current = rows.length === lines.length && rows.every((r, i) => r.line === lines[i].line && r.value === lines[i].value);
  const shown = lines.length === 0 ? [] : rows;
  const busy = !current && lines.length > 0;
  const id = `${category.key}-batch`;
  const toKey = target.kind === 'unit' ? target.unit.key : target.compound.key;
  const toName = target.kind === 'unit' ? target.unit.name : target.compound.name;
  const over = Math.max(0, total - BATCH_LIMIT);
  const symbolOf = (key: string): string => category.units.find((u) => u.key === key)?.symbol ?? '';

  const copyAll = (): void => {
    void copyWithToast(batchText(shown, symbolOf), { title: '📋 Copied!', description: `${shown.length} conversions copied to clipboard` });
  };

  const download = (): void => {
    const blob = new Blob([batchCsv(shown, symbolOf)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = batchFileName(category.key, from.key, toKey);
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    toast({ title: '⬇️ Downloaded', description: `${a.download} saved` });
  };

  const paste = (e: ClipboardEvent<HTMLTextAreaElement>): void => {
    const box = e.currentTarget;
    const pasted = e.clipboardData.getData('text/plain');
    const next = box.value.slice(0, box.selectionStart) + pasted + box.value.slice(box.selectionEnd);
    const kept = keepBatchLines(next);
    if (kept.dropped === 0) return; // an ordinary paste: the browser inserts it
    e.preventDefault();
    setText(kept.text);
    setDropped(kept.dropped);
  };

  const summary = [
    lines.length === 0
      ? `Each line is converted from ${from.name} to ${toName}. Up to ${count(BATCH_LIMIT)} lines.`
      : busy
        ? `Converting ${count(lines.length)} ${lines.length === 1 ? 'line' : 'lines'}…`
        : batchSummary(shown, { from, to: { key: toKey, name: toName } }),
    over > 0 ? `${count(over)} more ${over === 1 ? 'line is' : 'lines are'} beyond the ${count(BATCH_LIMIT)}-line limit and not converted.` : '',
    dropped > 0 ? `The paste had ${count(dropped)} more ${dropped === 1 ? 'line' : 'lines'} beyond the ${count(BATCH_LIMIT)}-line limit, left out of the box.` : '',
  ]
    .filter(Boolean)
    .join(' ');

  // The table scrolls in its box once its rows (with their notes) outgrow it: only then is the
  // box a tab stop, so the arrow keys can scroll it.
  const wrap = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = wrap.current;
    if (el === null || typeof ResizeObserver === 'undefined') return;
    const sync = (): void => {
      const scrolls = el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1;
      if (scrolls) el.tabIndex = 0;
      else el.removeAttribute('tabindex');
    };
    const observer = new ResizeObserver(sync);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [shown.length > 0]); // eslint-disable-line react-hooks/exhaustive-deps

  // Announced once typing pauses, and only what the batch did: not "Converting…" between
  // keystrokes, nor every summary on the way (the summary under the box is not live).
  const steady = lines.length === 0 || busy ? '' : summary;
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(steady), MESSAGE_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [steady]);

  return (
    <div className="batch">
      <div className="field">
        <label htmlFor={`${id}-values`}>Values, one per line</label>
        <textarea
          id={`${id}-values`}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setDropped(0);
          }}
          onPaste={paste}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          inputMode="text"
          enterKeyHint="enter"
          rows={5}
          aria-describedby={`${id}-summary`}
        />
        <p id={`${id}-summary`} className="field-hint">
          {summary}
        </p>
        <p className="visually-hidden" role="status">
          {announced}
        </p>
      </div>
      {shown.length > 0 && (
        <>
          <div className="batch-table-wrap" ref={wrap} role="region" aria-label="Batch results">
            <table className="batch-table" aria-busy={busy ? true : undefined}>
              <caption className="visually-hidden">{`Batch results: ${from.name} to ${toName}`}</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Value</th>
                  <th scope="col">Result</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((r) => (
                  <Row key={r.line} line={r.line} value={r.value} result={r.error ?? r.result} note={r.note} failed={r.error !== null} />
                ))}
              </tbody>
            </table>
          </div>
          <div className="converter-actions">
            <button type="button" className="button button-secondary" onClick={copyAll} disabled={busy}>
              Copy all
            </button>
            <button type="button" className="button button-secondary" onClick={download} disabled={busy}>
              Download CSV
            </button>
          </div>
        </>
      )}
    </div>
  );
}
