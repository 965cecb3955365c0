// The Recent Conversions list, kept only in this browser (localStorage['conversion-history']).
// Every converter on the page (and in other tabs) records into the same list; the panel
// follows it live through subscribeHistory. Loaded by the HistoryPanel island only once
// there is history (a chunk of its own); it renders the panel the island's empty state is.
// Each entry is a button that converts it again: the card of its category on this page
// takes it (and focuses its Value); otherwise its converter page opens on it.
import { useEffect, useState } from 'react';
import { clearHistory, readHistory, subscribeHistory, type HistoryEntry } from '../lib/history.ts';
import { replayLink, replayOf, requestReplay } from '../lib/replay.ts';
import { fullTime, timeAgo } from '../lib/timeAgo.ts';
import { toast } from '../lib/toast.ts';
import { EMPTY_TEXT, HistoryFrame, type HistoryPanelProps } from './HistoryFrame.tsx';

export default function HistoryList({ limit = 10, headingLevel = 2 }: HistoryPanelProps) {
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  // Relative times ("2 minutes ago") are recomputed from this clock once a minute.
  const [now, setNow] = useState(0);

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
    // The button goes with the entries: the focus goes to the panel's heading, not to <body>.
    document.getElementById('history-title')?.focus();
    toast({ title: '🗑️ History cleared', description: 'Your conversion history was removed from this browser' });
  };

  const replay = (e: HistoryEntry): void => {
    const r = replayOf(e);
    if (r !== null && !requestReplay(r)) void replayLink(r).then((href) => window.location.assign(href));
  };

  const shown = entries.slice(0, limit);
  return (
    <HistoryFrame
      headingLevel={headingLevel}
      action={
        entries.length > 0 && (
          <button type="button" className="button button-secondary button-small" onClick={clear}>
            Clear history
          </button>
        )
      }
    >
      {shown.length === 0 ? (
        <p className="history-empty">{EMPTY_TEXT}</p>
      ) : (
        <>
          <ol className="history-list">
            {shown.map((e) => (
              <li key={e.id} className="history-item">
                {(() => {
                  const content = (
                    <>
                      <span className="history-type">{e.type}</span>{' '}
                      <span className="history-conversion">
                        <span>{e.from}</span> <span aria-hidden="true">→</span>
                        <span className="visually-hidden">to</span> <span>{e.approx ? `≈ ${e.to}` : e.to}</span>
                        {e.approx && <span className="history-approx">{` (${e.approx})`}</span>}
                      </span>
                    </>
                  );
                  return replayOf(e) === null ? (
                    <span className="history-main">{content}</span>
                  ) : (
                    // Named by what it shows (WCAG 2.5.3), "Length 9 m to 29.527559 ft"; what it does is its description.
                    <button type="button" className="history-main" title="Convert this again" onClick={() => replay(e)}>
                      {content}
                    </button>
                  );
                })()}
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
    </HistoryFrame>
  );
}
