// The body of the currency card's rate history (ui/RateHistory.tsx draws its heading and
// range buttons): the edge's answer for the pair and range, as a line chart of the European
// Central Bank's reference rates with its low, high and change. The chart is an image with a
// one-sentence description; focused, the arrow keys (or the pointer) read out one day at a
// time; every point is also in a table. A chunk of its own, fetched when the chart's place
// is on the screen or a range is pressed.
import { useEffect, useRef, useState } from 'react';
import { fetchHistory, formatChange, formatDay, linePath, plot, type History, type HistoryAnswer, type RangeKey } from '../lib/rateHistory.ts';
import { focusOnce } from '../lib/focus.ts';
import { formatRate } from '../lib/format.ts';

interface Props {
  /** The id its elements' ids start with (`currency-converter`). */
  id: string;
  from: string;
  to: string;
  range: RangeKey;
  /** The range as its button names it ("1 year"). */
  rangeLabel: string;
  /** A range was pressed: the notes are said (else only after Try again; a chosen currency is answered by the card's result). */
  spoken?: boolean;
}

// The drawing's own units; the SVG scales to the card's width.
const WIDTH = 600;
const HEIGHT = 180;

const INTERVAL_WORDS = { day: 'one point a working day', week: 'one point a week (its last rate)', month: 'one point a month (its last rate)' };

export default function RateHistoryChart({ id, from, to, range, rangeLabel, spoken = false }: Props) {
  const [attempt, setAttempt] = useState(0);
  // The answer with the question it answers: one for another pair, range or attempt is not
  // shown (not even for the frame before the new question goes out, when a live region would
  // say the old note again), so the answer is null while the new one is on its way.
  const question = `${from}/${to}/${range}/${attempt}`;
  const [answered, setAnswered] = useState<{ question: string; answer: HistoryAnswer } | null>(null);
  const answer = answered?.question === question ? answered.answer : null;
  // Try again was pressed and its answer is on the way: the note keeps its button (disabled),
  // so the focus stays on it instead of falling to <body> with a note that has none.
  const [retrying, setRetrying] = useState(false);
  const note = useRef<HTMLDivElement>(null);
  // The answer to a Try again that had the focus: the chart takes it (or the heading).
  const [takeFocus, setTakeFocus] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchHistory(from, to, range, controller.signal).then(
      (a) => {
        setTakeFocus(a.kind !== 'unavailable' && !!note.current?.contains(document.activeElement));
        setRetrying(false);
        setAnswered({ question, answer: a });
      },
      () => {
        // Aborted: a newer pair or range asked instead.
      },
    );
    return () => controller.abort();
  }, [from, to, range, question]);

  // Unavailable is often only offline (a tunnel): back online, it is asked for again, as
  // Try again would, without waiting for the visitor to think of it.
  const unavailable = answer?.kind === 'unavailable';
  useEffect(() => {
    if (!unavailable) return;
    const again = (): void => {
      setRetrying(true);
      setAttempt((n) => n + 1);
    };
    window.addEventListener('online', again, { once: true });
    return () => window.removeEventListener('online', again);
  }, [unavailable]);

  useEffect(() => {
    // 'No history' has nothing to focus: the section's heading, where Tab goes on from.
    if (takeFocus && answer?.kind === 'none') {
      const heading = document.getElementById(`${id}-history-title`);
      if (heading) focusOnce(heading);
    }
  }, [takeFocus, answer, id]);

  const loading = `Loading the ${rangeLabel.toLowerCase()} history…`;
  // Said only when the visitor asked for it (a range, Try again): a currency chosen or a page
  // opened is answered by the card's result, which the chart's loading and failing would delay.
  const status = spoken || retrying || takeFocus ? 'status' : undefined;
  if (answer === null && !retrying) {
    return (
      <p className="rate-history-note" role={status} aria-busy="true">
        {loading}
      </p>
    );
  }
  if (answer === null || answer.kind === 'unavailable') {
    const busy = answer === null;
    // Offline, the cause is the connection, not the provider: waiting for signal is the fix.
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    return (
      <div ref={note} className="rate-history-note" role={status} aria-busy={busy || undefined}>
        <p>{busy ? loading : offline ? 'The rate history needs a connection: you are offline. It loads when you are back online.' : 'The rate history is unavailable right now.'}</p>
        <button
          type="button"
          className="button button-secondary"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (busy) return;
            setRetrying(true);
            setAttempt((n) => n + 1);
          }}
        >
          Try again
        </button>
      </div>
    );
  }
  return answer.kind === 'none' ? (
    <p className="rate-history-note" role={status}>
      No history available for {answer.currencies.join(' or ')}: the European Central Bank publishes reference rates for about 30 currencies.
    </p>
  ) : (
    <Chart id={id} history={answer.history} takeFocus={takeFocus} />
  );
}

function Chart({ id, history, takeFocus }: { id: string; history: History; takeFocus: boolean }) {
  const { from, to, points, first, last, min, max, change } = history;
  const xy = plot(points, WIDTH, HEIGHT);
  // The point read out: by the arrow keys, or under the pointer; none until then.
  const [at, setAt] = useState<number | null>(null);
  const [tableOpen, setTableOpen] = useState(false);
  const svg = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (takeFocus) svg.current?.focus();
  }, [takeFocus]);
  const shown = at === null ? null : points[Math.min(at, points.length - 1)];
  const description =
    `${from} to ${to} from ${formatDay(first.date)} to ${formatDay(last.date)}: ${formatRate(first.rate)} to ${formatRate(last.rate)} ` +
    `(${formatChange(change)}), low ${formatRate(min.rate)} on ${formatDay(min.date)}, high ${formatRate(max.rate)} on ${formatDay(max.date)}.`;

  const onKeyDown = (e: React.KeyboardEvent): void => {
    const last = points.length - 1;
    const step = Math.max(1, Math.round(points.length / 10));
    const now = at ?? last;
    const next = { ArrowLeft: now - 1, ArrowRight: now + 1, ArrowDown: now - 1, ArrowUp: now + 1, PageDown: now - step, PageUp: now + step, Home: 0, End: last }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    setAt(Math.max(0, Math.min(last, next)));
  };
  const readAt = (e: React.PointerEvent): void => {
    const box = svg.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    const x = ((e.clientX - box.left) / box.width) * WIDTH;
    let nearest = 0;
    xy.forEach((p, i) => {
      if (Math.abs(p.x - x) < Math.abs(xy[nearest].x - x)) nearest = i;
    });
    setAt(nearest);
  };

  return (
    <>
      <dl className="rate-history-figures">
        <div>
          <dt>Change</dt>
          <dd className={change > 0 ? 'is-up' : change < 0 ? 'is-down' : undefined}>{formatChange(change)}</dd>
        </div>
        <div>
          <dt>Low</dt>
          <dd>
            {formatRate(min.rate)} <span>{formatDay(min.date)}</span>
          </dd>
        </div>
        <div>
          <dt>High</dt>
          <dd>
            {formatRate(max.rate)} <span>{formatDay(max.date)}</span>
          </dd>
        </div>
        <div>
          <dt>Latest</dt>
          <dd>
            {formatRate(last.rate)} <span>{formatDay(last.date)}</span>
          </dd>
        </div>
      </dl>
      <div className="rate-history-plot">
        <svg
          ref={svg}
          viewBox={`-4 -8 ${WIDTH + 8} ${HEIGHT + 16}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={`Chart: ${description}`}
          aria-describedby={`${id}-history-point`}
          tabIndex={0}
          onKeyDown={onKeyDown}
          // A tap reads the day under the finger (a touch has no hover to move with), and it
          // stays read after the finger lifts, which a touch follows with pointerleave.
          onPointerDown={readAt}
          onPointerMove={readAt}
          onPointerLeave={(e) => e.pointerType !== 'touch' && setAt(null)}
          onBlur={() => setAt(null)}
        >
          <line className="rate-history-grid" x1="0" x2={WIDTH} y1="0" y2="0" />
          <line className="rate-history-grid" x1="0" x2={WIDTH} y1={HEIGHT} y2={HEIGHT} />
          <path className="rate-history-line" d={linePath(xy)} vectorEffect="non-scaling-stroke" />
          {at !== null && <line className="rate-history-cursor" x1={xy[at].x} x2={xy[at].x} y1="0" y2={HEIGHT} vectorEffect="non-scaling-stroke" />}
        </svg>
        <p className="rate-history-axis" aria-hidden="true">
          <span>{formatDay(first.date)}</span>
          <span>
            {formatRate(min.rate)} – {formatRate(max.rate)} {to}
          </span>
          <span>{formatDay(last.date)}</span>
        </p>
      </div>
      <p className="rate-history-point" id={`${id}-history-point`} aria-live="polite">
        {shown === null ? 'Focus the chart and use the arrow keys, or touch or point at it, to read a day.' : `${formatDay(shown.date)}: 1 ${from} = ${formatRate(shown.rate)} ${to}`}
      </p>
      <details className="rate-history-table" onToggle={(e) => setTableOpen(e.currentTarget.open)}>
        <summary>Show the rates as a table</summary>
        {tableOpen && (
          <div className="table-scroll" role="region" aria-label={`${from} to ${to} rates table`} tabIndex={0}>
            <table>
              <caption className="visually-hidden">
                1 {from} in {to}, {INTERVAL_WORDS[history.interval]}, newest first
              </caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">1 {from} in {to}</th>
                </tr>
              </thead>
              <tbody>
                {[...points].reverse().map((p) => (
                  <tr key={p.date}>
                    <td>{formatDay(p.date)}</td>
                    <td>{formatRate(p.rate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </details>
      <p className="rate-history-source">
        {history.source}, {INTERVAL_WORDS[history.interval]}.
      </p>
    </>
  );
}
