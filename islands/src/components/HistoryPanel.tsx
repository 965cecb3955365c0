// Recent conversions, kept only in this browser (localStorage['conversion-history']).
// Server-rendered as the empty state. The list (ui/HistoryList.tsx, with lib/history.ts and
// the replay buttons) is a chunk fetched only when this browser has history or a converter
// on the page records a conversion, so a first visit loads none of it.
import { lazy, Suspense, useEffect, useState } from 'react';
import { HISTORY_EVENT, HISTORY_KEY } from '../lib/historyBus.ts';
import { browserStorage, pageBus } from '../lib/storage.ts';
import { EMPTY_TEXT, HistoryFrame, type HistoryPanelProps } from '../ui/HistoryFrame.tsx';

const HistoryList = lazy(() => import('../ui/HistoryList.tsx'));

function stored(): boolean {
  try {
    const text = browserStorage()?.getItem(HISTORY_KEY);
    return text != null && text !== '[]';
  } catch {
    return false;
  }
}

export default function HistoryPanel(props: HistoryPanelProps) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (stored()) {
      setWanted(true);
      return;
    }
    const want = (): void => setWanted(true);
    const onStorage = (e: Event): void => {
      if ((e as StorageEvent).key === HISTORY_KEY) want();
    };
    pageBus.addEventListener(HISTORY_EVENT, want);
    pageBus.addEventListener('storage', onStorage);
    return () => {
      pageBus.removeEventListener(HISTORY_EVENT, want);
      pageBus.removeEventListener('storage', onStorage);
    };
  }, []);
  const empty = (
    <HistoryFrame headingLevel={props.headingLevel}>
      <p className="history-empty">{EMPTY_TEXT}</p>
    </HistoryFrame>
  );
  return wanted ? <Suspense fallback={empty}>{<HistoryList {...props} />}</Suspense> : empty;
}
