// Recent conversions, kept only in this browser (localStorage['conversion-history']).
// Server-rendered as the empty state. The list (ui/HistoryList.tsx, with lib/history.ts and
// the replay buttons) is a chunk fetched only when this browser has history or a converter
// on the page records a conversion, so a first visit loads none of it.
import { HISTORY_EVENT, HISTORY_KEY } from '../lib/historyBus.ts';
import { lazyChunk } from '../lib/lazyChunk.ts';
import { useStoredList } from '../lib/useStoredList.ts';
import { EMPTY_TEXT, HistoryFrame, type HistoryPanelProps } from '../ui/HistoryFrame.tsx';
import { useChunk } from '../ui/useChunk.ts';

const historyListChunk = lazyChunk(() => import('../ui/HistoryList.tsx'));

export default function HistoryPanel(props: HistoryPanelProps) {
  const wanted = useStoredList(HISTORY_KEY, HISTORY_EVENT);
  const [list] = useChunk(historyListChunk, 'the history list', wanted);
  const empty = (
    <HistoryFrame headingLevel={props.headingLevel}>
      <p className="history-empty">{EMPTY_TEXT}</p>
    </HistoryFrame>
  );
  return wanted && list !== null ? <list.default {...props} /> : empty;
}
