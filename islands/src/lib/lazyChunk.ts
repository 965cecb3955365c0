// A piece of code fetched only when it is first needed (an `import()` of a chunk of its
// own). One loader for every such chunk, with one failure rule: a failed fetch (offline, a
// flaky network) is forgotten, so the next call (the next focus, the next value) fetches
// again instead of handing back the same rejection until the page is reloaded.

export interface LazyChunk<T> {
  /** The chunk's value once fetched: the same promise for every caller while in flight. */
  load(): Promise<T>;
  /** The value when it has arrived, else null (lets a render use it at once). */
  readonly loaded: T | null;
}

export function lazyChunk<T>(fetchChunk: () => Promise<T>): LazyChunk<T> {
  let loaded: T | null = null;
  let inFlight: Promise<T> | null = null;
  return {
    load: () =>
      loaded !== null
        ? Promise.resolve(loaded)
        : (inFlight ??= fetchChunk().then(
            (value) => (loaded = value),
            (err: unknown) => {
              inFlight = null; // the next call tries again
              throw err;
            },
          )),
    get loaded() {
      return loaded;
    },
  };
}
