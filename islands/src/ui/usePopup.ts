// A popup whose code is a lazy chunk (lib/lazyChunk.ts), fetched when a button first asks
// for it: the popup component once it has arrived (null before, as on the server, so
// hydration matches), what was last asked for, and `ask`. Each ask counts, so the popup can
// open again on every press. A fetch that fails (offline before the service worker stored
// the file) says so in a toast; the next press fetches again.
import { useState } from 'react';
import type { LazyChunk } from '../lib/lazyChunk.ts';
import { toast } from '../lib/toast.ts';
import { useChunk } from './useChunk.ts';

export interface Asked<K> {
  which: K;
  /** How many times a popup was asked for: a change opens `which` again. */
  n: number;
}

export function usePopup<T, K>(chunk: LazyChunk<T>, what: string): [T | null, Asked<K> | null, (which: K) => void] {
  const [Popup, load] = useChunk(chunk, what);
  const [asked, setAsked] = useState<Asked<K> | null>(null);
  const ask = (which: K): void => {
    setAsked((last) => ({ which, n: (last?.n ?? 0) + 1 }));
    void load().then((loaded) => {
      if (loaded === null) toast({ title: 'Could not open', description: 'Check your connection and try again.', variant: 'destructive' });
    });
  };
  return [Popup, asked, ask];
}
