// Recent conversions, kept only in this browser (localStorage['conversion-history']).
// Every converter on the page (and in other tabs) records into the same list; the panel
// follows it live through subscribeHistory. Server-rendered as the empty state: the list
// is read in an effect, so the first client render matches the server's HTML.
import { useEffect, useState } from 'react';
import { clearHistory, readHistory, subscribeHistory, type HistoryEntry } from '../lib/history.ts';
import { fullTime, timeAgo } from '../lib/timeAgo.ts';
import { toast } from '../lib/toast.ts';

export interface HistoryPanelProps {
  /** How many of the newest entries to show (the list itself keeps up to 50). */
  limit?: number;
  headingLevel?: 2 | 3;
}

export default function HistoryPanel({ limit = 10, headingLevel = 2 }: HistoryPanelProps) {
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  // Relative times ("2 minutes ago") are recomputed from this clock once a minute.
  const [now, setNow] = useState(0);
  const Heading = `h${headingLevel}` as 'h2';

  useEffect(() => {
    setEntries(readHistory());
    setNow(Date.now());
    const unsubscribe = subscribeHistory((list) => {
      setEntries(list);
      setNow(Date.now());
    });
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => {
      unsubscribe();
      clearInterval(timer);
    };
  }, []);

  const clear = (): void => {
    clearHistory();
    toast({ title: '🗑️ History cleared', description: 'Your conversion history was removed from this browser' });
  };

  const shown = entries.slice(0, limit);
  return (
    <section className="card history-panel" aria-labelledby="history-title">
      <div className="history-head">
        <Heading id="history-title" className="history-title">
          Recent Conversions
        </Heading>
        {entries.length > 0 && (
          <button type="button" className="button button-secondary button-small" onClick={clear}>
            Clear history
          </button>
        )}
      </div>
      {shown.length === 0 ? (
        <p className="history-empty">No conversions yet. Your recent conversions will appear here, kept only in this browser.</p>
      ) : (
        <>
          <ol className="history-list">
            {shown.map((e) => (
              <li key={e.id} className="history-item">
                <span className="history-type">{e.type}</span>
                <span className="history-conversion">
                  <span>{e.from}</span>
                  <span aria-hidden="true">→</span>
                  <span className="visually-hidden">to</span>
                  <span>{e.to}</span>
                </span>
                <time className="history-time" dateTime={e.timestamp} title={fullTime(e.timestamp)}>
                  {now === 0 ? fullTime(e.timestamp) : timeAgo(e.timestamp, now)}
                </time>
              </li>
            ))}
          </ol>
          <p className="history-note">
            {`${entries.length > shown.length ? `Showing the latest ${shown.length} of ${entries.length}. ` : ''}Stored only in this browser; nothing is sent to a server.`}
          </p>
        </>
      )}
    </section>
  );
}
