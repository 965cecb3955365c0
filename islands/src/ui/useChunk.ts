// A lazy chunk (lib/lazyChunk.ts) in a component: its value once it has arrived (null
// before), and `load` to fetch it. A failure is logged and leaves the value null; the next
// `load` (the next focus, the next value) fetches again.
import { useCallback, useEffect, useState } from 'react';
import type { LazyChunk } from '../lib/lazyChunk.ts';

/**
 * `what` names the chunk in the console ("the unit conversion"). With `wanted`, the chunk
 * is fetched as soon as it is true, and after a failure again when the browser is back
 * online (nothing the visitor does would ask for it again). With `prepared`, the island's
 * `prepare` (runtime/client.ts, server.tsx) fetched the chunk before the server rendered it and before
 * the browser hydrates it, so the first render uses it on both sides.
 */
export function useChunk<T>(chunk: LazyChunk<T>, what: string, wanted = false, prepared = false): [T | null, () => Promise<T | null>] {
  // Otherwise null on the first render, as on the server, even when another card already
  // fetched the chunk: the server's HTML was made without it, and hydration would not match.
  // The chunk already there is taken right after.
  const [value, setValue] = useState<T | null>(() => (prepared ? chunk.loaded : null));
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const loaded = chunk.loaded;
    if (loaded !== null) setValue(() => loaded);
  }, [chunk]);
  const load = useCallback(
    (): Promise<T | null> =>
      chunk.load().then(
        (v) => {
          setValue(() => v); // a function value (a chunk's export) is stored, not called
          return v;
        },
        (err: unknown) => {
          console.warn(`Unitly: could not load ${what}:`, err);
          return null;
        },
      ),
    [chunk, what],
  );
  useEffect(() => {
    if (!wanted || value !== null) return;
    let done = false;
    const retry = (): void => setAttempt((n) => n + 1);
    void load().then((v) => {
      if (v === null && !done) window.addEventListener('online', retry, { once: true });
    });
    return () => {
      done = true;
      window.removeEventListener('online', retry);
    };
  }, [wanted, value, attempt, load]);
  return [value, load];
}
