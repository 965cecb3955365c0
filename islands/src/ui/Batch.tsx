// Batch conversion under a unit card: one value per line (any value the parser reads),
// each converted From → To as you type, bad lines flagged in place; Copy all and Download
// CSV. Loaded only when the visitor opens it (ConverterCard's React.lazy), so the card's
// own script stays small. (Not an island: islands are the files directly in src/components.)
import { useDeferredValue, useState } from 'react';
import { BATCH_LIMIT, batchCsv, batchFileName, batchOverflow, convertBatch, type Target } from '../lib/conversion.ts';
import type { Lexicon } from '../lib/parse.ts';
import type { Decimals } from '../lib/format.ts';
import type { Unit, UnitCategory } from '../lib/units.ts';
import { copyWithToast } from '../lib/clipboard.ts';
import { toast } from '../lib/toast.ts';

interface Props {
  category: UnitCategory & { key: string };
  lexicon: Lexicon;
  from: Unit;
  target: Target;
  decimals: Decimals;
  /** Cooking measures as fractions (the card's choice). */
  fractions?: boolean;
}

export default function Batch({ category, lexicon, from, target, decimals, fractions = false }: Props) {
  const [text, setText] = useState('');
  // Typing stays responsive with 1,000 lines: the table follows a moment later if it must.
  const deferred = useDeferredValue(text);
  const rows = convertBatch(deferred, { category, lexicon, from, to: target, decimals, fractions });
  const over = batchOverflow(deferred);
  const id = `${category.key}-batch`;
  const toKey = target.kind === 'unit' ? target.unit.key : target.compound.key;
  const toName = target.kind === 'unit' ? target.unit.name : target.compound.name;
  const toSymbol = target.kind === 'unit' ? ` ${target.unit.symbol}` : '';
  const failed = rows.filter((r) => r.error !== null).length;

  const copyAll = (): void => {
    const lines = rows.map((r) => `${r.value}\t${r.error === null ? `${r.result}${toSymbol}` : r.error}`);
    void copyWithToast(lines.join('\n'), { title: '📋 Copied!', description: `${rows.length} conversions copied to clipboard` });
  };

  const download = (): void => {
    const blob = new Blob([batchCsv(rows, toKey)], { type: 'text/csv;charset=utf-8' });
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

  return (
    <div className="batch">
      <div className="field">
        <label htmlFor={`${id}-values`}>Values, one per line</label>
        <textarea
          id={`${id}-values`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          rows={5}
          aria-describedby={`${id}-summary`}
        />
        <p id={`${id}-summary`} className="field-hint" aria-live="polite">
          {rows.length === 0
            ? `Each line is converted from ${from.name} to ${toName}. Up to ${BATCH_LIMIT.toLocaleString('en-US')} lines.`
            : `${rows.length} ${rows.length === 1 ? 'line' : 'lines'} converted from ${from.name} to ${toName}${failed > 0 ? `; ${failed} could not be read` : ''}.${over > 0 ? ` ${over} more lines are beyond the ${BATCH_LIMIT.toLocaleString('en-US')}-line limit.` : ''}`}
        </p>
      </div>
      {rows.length > 0 && (
        <>
          <div className="batch-table-wrap">
            <table className="batch-table">
              <caption className="visually-hidden">{`Batch results: ${from.name} to ${toName}`}</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Value</th>
                  <th scope="col">Result</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.line} className={r.error === null ? undefined : 'batch-error'}>
                    <td>{r.line}</td>
                    <td>{r.value}</td>
                    <td>{r.error === null ? `${r.result}${toSymbol}` : r.error}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="converter-actions">
            <button type="button" className="button button-secondary" onClick={copyAll}>
              Copy all
            </button>
            <button type="button" className="button button-secondary" onClick={download}>
              Download CSV
            </button>
          </div>
        </>
      )}
    </div>
  );
}
