// @island-chunk runtime
// The live market banner at the top of every page: the gold price and the FTSE 100 from
// the edge function (what each value says is ../lib/market.ts). Server-rendered in its loading state at its final
// height, so nothing below it moves when the values arrive. Fetches on load and every
// 5 minutes, pauses while the tab is hidden and refreshes on return, and back online
// after a failure (../lib/market.ts).
// Errors go to the console only; screen readers hear the values once per refresh that
// changed them, through one polite live region (not the first values: see toAnnounce).
import { useEffect, useState } from 'react';
import {
  CHECK_LATER, LOADING_TEXT, UNAVAILABLE, announcement, createRefreshLoop, loadMarketData, toAnnounce, type MarketData,
} from '../lib/market.ts';

function valueClass(text: string): string {
  if (text === UNAVAILABLE) return 'market-value market-value-unavailable';
  if (text === CHECK_LATER) return 'market-value market-value-later';
  return 'market-value';
}

function GoldIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
      <path d="M3 19h8l-1.5-5h-5z" />
      <path d="M13 19h8l-1.5-5h-5z" />
      <path d="M8 12h8l-1.5-5h-5z" />
    </svg>
  );
}

function IndexIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="m3 17 6-6 4 4 8-8" />
      <path d="M15 7h6v6" />
    </svg>
  );
}

export default function MarketBanner() {
  const [data, setData] = useState<MarketData | null>(null);
  const [spoken, setSpoken] = useState('');

  useEffect(() => {
    let alive = true;
    let heard: string | null = null;
    const loop = createRefreshLoop({
      isHidden: () => document.visibilityState === 'hidden',
      refresh: async () => {
        const { data: next, errors } = await loadMarketData();
        for (const err of errors) console.warn('Unitly: market data unavailable:', err);
        if (!alive) return true;
        setData(next);
        // At most once per refresh, only on change, and not the values the page loads with.
        const text = announcement(next);
        const said = toAnnounce(heard, text);
        heard = text;
        if (said !== null) setSpoken(said);
        return errors.length === 0;
      },
    });
    const onVisibility = () => loop.visibilityChanged();
    // Back online, a value the banner could not fetch is asked for again at once (and once
    // more 5 seconds later if that fails), not at the next refresh up to 5 minutes later.
    const onOnline = () => loop.online();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    loop.start();
    return () => {
      alive = false;
      loop.stop();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
    };
  }, []);

  const goldIsPrice = data !== null && data.goldPrice.startsWith('$');
  return (
    <section className="market-banner" aria-label="Market data">
      <div className="container market-row">
        {data === null ? (
          <p className="market-loading">
            <span className="market-pulse" aria-hidden="true" />
            {LOADING_TEXT}
          </p>
        ) : (
          <dl className="market-values">
            <div className="market-item market-gold">
              <dt>
                <GoldIcon />
                Gold
              </dt>
              <dd className={valueClass(data.goldPrice)}>
                {data.goldPrice}
                {goldIsPrice && (
                  <>
                    <span className="market-unit" aria-hidden="true">/oz</span>
                    <span className="visually-hidden"> per troy ounce</span>
                  </>
                )}
              </dd>
            </div>
            <div className="market-item market-ftse">
              <dt>
                <IndexIcon />
                FTSE 100
              </dt>
              <dd className={valueClass(data.ftse100)}>{data.ftse100}</dd>
            </div>
          </dl>
        )}
        <p className="visually-hidden" aria-live="polite" aria-atomic="true">
          {spoken}
        </p>
      </div>
    </section>
  );
}
