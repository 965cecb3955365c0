// Recent conversions, kept only in this browser (localStorage['conversion-history']).
// Server-rendered as the empty state. The list (ui/HistoryList.tsx, with lib/history.ts and
// the replay buttons) is a chunk fetched only when this browser has history or a converter
// on the page records a conversion, so a first visit loads none of it.
import { lazy, Suspense } from 'react';
import { HISTORY_EVENT, HISTORY_KEY } from '../lib/historyBus.ts';
import { useStoredList } from '../lib/useStoredList.ts';
import { EMPTY_TEXT, HistoryFrame, type HistoryPanelProps } from '../ui/HistoryFrame.tsx';

const HistoryList = lazy(() => import('../ui/HistoryList.tsx'));

export default function HistoryPanel(props: HistoryPanelProps) {
  const wanted = useStoredList(HISTORY_KEY, HISTORY_EVENT);
  const empty = (
    <HistoryFrame headingLevel={props.headingLevel}>
      <p className="history-empty">{EMPTY_TEXT}</p>
    </HistoryFrame>
  );
  return wanted ? <Suspense fallback={empty}>{<HistoryList {...props} />}</Suspense> : empty;
}
