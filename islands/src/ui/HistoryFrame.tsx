// The Recent Conversions panel's frame and empty state, shared by the HistoryPanel island
// (which server-renders it) and the list it loads once there is history.
import type { ReactNode } from 'react';

export interface HistoryPanelProps {
  /** How many of the newest entries to show (the list itself keeps up to 50). */
  limit?: number;
  headingLevel?: 2 | 3;
}

export const EMPTY_TEXT = 'No conversions yet. Your recent conversions will appear here, kept only in this browser.';

export function HistoryFrame({ headingLevel = 2, action, children }: { headingLevel?: 2 | 3; action?: ReactNode; children: ReactNode }) {
  const Heading = `h${headingLevel}` as 'h2';
  return (
    <section className="card history-panel" aria-labelledby="history-title">
      <div className="history-head">
        <Heading id="history-title" className="history-title" tabIndex={-1}>
          Recent Conversions
        </Heading>
        {action}
      </div>
      {children}
    </section>
  );
}
