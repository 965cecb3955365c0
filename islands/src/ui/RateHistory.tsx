// The history of the currency card's pair, under the card: its heading and range buttons
// come with the card (in the page's HTML), the chart itself (its fetch, drawing and table,
// ui/RateHistoryChart.tsx) is a chunk of its own, fetched when the place it is drawn in is
// on the screen or a range is pressed. On a phone the card fills the first screen down to
// this heading, so the page's first scripts carry no chart. A failed fetch (the connection
// lost) says so in a toast and in place of the chart, and is tried again by Try again or
// when the browser is back online. (Not an island: islands are the files in src/components.)
import { useCallback, useEffect, useRef, useState } from 'react';
import { focusOnce } from '../lib/focus.ts';
import { lazyChunk } from '../lib/lazyChunk.ts';
import type { RangeKey } from '../lib/rateHistory.ts';
import { toast } from '../lib/toast.ts';
import { useChunk } from './useChunk.ts';

interface Props {
  /** The id its elements' ids start with (`currency-converter`). */
  id: string;
  from: string;
  to: string;
  /** Its heading's level: one below the card's title. */
  headingLevel: number;
}

/** The ranges the edge serves, as the buttons name them. */
const RANGES: { key: RangeKey; label: string }[] = [
  { key: '1M', label: '1 month' },
  { key: '1Y', label: '1 year' },
  { key: '5Y', label: '5 years' },
  // Every year the reference rates have: from 1999 for most, later for CNY (2005), BRL (2008), INR (2009).
  { key: 'max', label: 'All years' },
];

const chartChunk = lazyChunk(() => import('./RateHistoryChart.tsx').then((m) => m.default));

export default function RateHistory({ id, from, to, headingLevel }: Props) {
  const Heading = `h${headingLevel}` as 'h3';
  const [range, setRange] = useState<RangeKey>('1Y');
  // A range pressed: from then on the chart says its loading and failing (RateHistoryChart `spoken`).
  const [rangePressed, setRangePressed] = useState(false);
  const [Chart, load] = useChunk(chartChunk, 'the rate history chart');
  // The chart is wanted once its place is on the screen or a range was pressed.
  const [wanted, setWanted] = useState(false);
  const [failed, setFailed] = useState(false);
  const place = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const spot = place.current;
    if (spot === null || wanted) return;
    if (typeof IntersectionObserver !== 'function') return setWanted(true);
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setWanted(true);
    });
    seen.observe(spot);
    return () => seen.disconnect();
  }, [wanted]);

  // Asking again after a failure: the note stays, with its Try again disabled, so a focus on
  // it stays too; when the chart's file comes, the focus goes to the heading (not <body>).
  const [loadingAgain, setLoadingAgain] = useState(false);
  const note = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const fetchChart = useCallback((): void => {
    setLoadingAgain(true);
    void load().then((loaded) => {
      setLoadingAgain(false);
      if (loaded !== null) {
        if (note.current?.contains(document.activeElement) && heading.current) focusOnce(heading.current);
        setFailed(false);
        return;
      }
      setFailed(true);
      toast({ title: 'Could not load the chart', description: 'Check your connection and try again.', variant: 'destructive' });
    });
  }, [load]);
  useEffect(() => {
    if (wanted && Chart === null) fetchChart();
  }, [wanted, Chart, fetchChart]);
  useEffect(() => {
    if (!failed) return;
    window.addEventListener('online', fetchChart, { once: true });
    return () => window.removeEventListener('online', fetchChart);
  }, [failed, fetchChart]);

  const rangeLabel = RANGES.find((r) => r.key === range)?.label ?? range;
  return (
    <section className="rate-history" aria-labelledby={`${id}-history-title`}>
      <Heading ref={heading} id={`${id}-history-title`} className="rate-history-title">
        {from} to {to} history
      </Heading>
      <div className="rate-history-ranges" role="group" aria-label="History range">
        {RANGES.map((r) => (
          <button
            key={r.key}
            type="button"
            className="button button-secondary"
            aria-pressed={r.key === range}
            onClick={() => {
              setRange(r.key);
              setRangePressed(true);
              setWanted(true);
              if (failed) fetchChart();
            }}
          >
            {r.label}
          </button>
        ))}
      </div>
      <div ref={place} className="rate-history-body">
        {from === to ? (
          <p className="rate-history-note">Choose two different currencies to see how one moved against the other.</p>
        ) : Chart !== null ? (
          <Chart id={id} from={from} to={to} range={range} rangeLabel={rangeLabel} spoken={rangePressed} />
        ) : failed ? (
          <div ref={note} className="rate-history-note" role="status" aria-busy={loadingAgain || undefined}>
            <p>{loadingAgain ? `Loading the ${rangeLabel.toLowerCase()} history…` : 'The chart could not load: check your connection.'}</p>
            <button
              type="button"
              className="button button-secondary"
              aria-disabled={loadingAgain || undefined}
              onClick={() => loadingAgain || fetchChart()}
            >
              Try again
            </button>
          </div>
        ) : (
          wanted && (
            // Not said: the card's result is what a currency chosen is answered with.
            <p className="rate-history-note" aria-busy="true">
              Loading the {rangeLabel.toLowerCase()} history…
            </p>
          )
        )}
      </div>
    </section>
  );
}
