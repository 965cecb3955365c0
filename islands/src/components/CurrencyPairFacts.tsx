// A currency pair page's facts (/currency-converter/usd-to-eur): the rate and its inverse and
// tables of common amounts both ways. Rendered into the page at build time with the rate the
// build knew (the ECB reference rate of a day, dated, or the fallback labelled approximate),
// so the answer is in the HTML without script; hydrated when it nears the screen, it asks
// the edge for the live rate once and shows it, with its time, in the statement and the
// tables. When no live rate comes (offline, the edge failing) the built rate stays and says
// so; going back online asks again.
import { useEffect, useState } from 'react';
import { amountsFor, pairRateFacts, type BuiltQuote, type LiveRate } from '../lib/currencyPair.ts';
import { fetchPair } from '../lib/rates.ts';
import type { Currency } from '../lib/units.ts';
import { PairTable } from '../ui/PairTable.tsx';

interface Props {
  /** The featured currencies, as the card's props carry them; the pair is two of them. */
  currencies: Currency[];
  from: string;
  to: string;
  quote: BuiltQuote;
}

export default function CurrencyPairFacts({ currencies, from: fromCode, to: toCode, quote }: Props) {
  const [live, setLive] = useState<LiveRate>({ state: 'built' });
  useEffect(() => {
    let asking: AbortController | null = null;
    const ask = (): void => {
      asking?.abort();
      const controller = new AbortController();
      asking = controller;
      setLive((now) => (now.state === 'live' ? now : { state: 'checking' }));
      fetchPair(fromCode, toCode, 1, { signal: controller.signal })
        .then((c) => setLive({ state: 'live', rate: c.rate, time: c.time, stale: c.stale }))
        .catch(() => {
          if (!controller.signal.aborted) setLive((now) => (now.state === 'live' ? now : { state: 'offline' }));
        });
    };
    ask();
    window.addEventListener('online', ask);
    return () => {
      window.removeEventListener('online', ask);
      asking?.abort();
    };
  }, [fromCode, toCode]);

  const [from, to] = [fromCode, toCode].map((code) => currencies.find((c) => c.code === code));
  if (!from || !to) throw new Error(`no featured currency pair ${fromCode} → ${toCode}`);
  const facts = pairRateFacts(from, to, quote, live);
  const end = (c: Currency) => ({ name: c.name, symbol: c.code });
  return (
    <>
      <section aria-labelledby="pair-rate" aria-busy={live.state === 'checking' || undefined} data-rate={live.state}>
        <h2 id="pair-rate">{`${from.code} to ${to.code} exchange rate`}</h2>
        <p className="pair-statement">
          <strong>{facts.rate}</strong>
          {` and ${facts.inverse}`}
        </p>
        <p className="pair-rate-source" role="status">
          {facts.source}
        </p>
      </section>
      <PairTable id="pair-table" from={end(from)} to={end(to)} rows={amountsFor(from, to, facts.tableRate)} />
      <PairTable id="pair-table-inverse" from={end(to)} to={end(from)} rows={amountsFor(to, from, facts.tableInverse)} />
    </>
  );
}
