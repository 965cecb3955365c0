// What the browser-side libraries share about storage and page-wide events.

// Merely touching window.localStorage throws a SecurityError when storage is blocked
// (cookies disabled, some sandboxed frames): no storage then, never a crash.
export function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** The JSON array stored under `key`; [] for none, for corrupted JSON, a non-array or no storage. */
export function readStoredArray(key: string, storage: Storage | undefined = browserStorage()): unknown[] {
  try {
    const data: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
    return Array.isArray(data) ? data : [];
  } catch {
    return [];
  }
}

// In the browser the bus is window, so every island on the page hears it; in Node a private
// target stands in.
export const pageBus: EventTarget = typeof window !== 'undefined' ? window : new EventTarget();

/**
 * Calls `onChange` when this page announces a change (`event` on `target`) or another tab
 * changes `key` (a 'storage' event; its key is null when that tab cleared the storage).
 * Returns the unsubscribe function (a useEffect cleanup).
 */
export function onStoredChange(key: string, event: string, onChange: () => void, target: EventTarget = pageBus): () => void {
  const onStorage = (e: Event): void => {
    const changed = (e as StorageEvent).key;
    if (changed === key || changed === null) onChange();
  };
  target.addEventListener(event, onChange);
  target.addEventListener('storage', onStorage);
  return () => {
    target.removeEventListener(event, onChange);
    target.removeEventListener('storage', onStorage);
  };
}

/** Whether `key` holds a non-empty list; unreadable storage reads as no list. */
export function hasStoredList(key: string): boolean {
  try {
    const text = browserStorage()?.getItem(key);
    return text != null && text !== '[]';
  } catch {
    return false;
  }
}
