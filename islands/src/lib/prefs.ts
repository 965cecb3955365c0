// What a visitor chooses on the unit cards and the site remembers in this browser
// (essential storage, like the theme: the visitor asked for it): the Decimals setting.
// Corrupted storage reads as the default; blocked or full storage means not remembered,
// never an error: a write then reports false and announces nothing, so the cards keep the
// choice for this page instead of reading back the default. Storage is a parameter for Node tests.

import { MAX_DECIMALS, type Decimals } from './format';
import { browserStorage, pageBus as bus } from './storage';

export const DECIMALS_KEY = 'unitly-decimals';
/** '1' when the visitor asked for cooking measures as fractions (1 1/2 cups). */
const FRACTIONS_KEY = 'unitly-fractions';
/** Fired on `window` after this page changes a preference; other tabs get a 'storage' event. */
const PREFS_EVENT = 'unitly:prefs';

const notify = (): void => {
  bus.dispatchEvent(new CustomEvent(PREFS_EVENT));
};

/** Stores `value` under `key`, or removes the key for null; false when storage refused. */
function save(key: string, value: string | null, storage: Storage | undefined): boolean {
  // Blocked storage (the localStorage getter threw) is no storage: nothing to announce, or
  // the cards would read back the default over what the visitor just chose.
  if (storage === undefined) return false;
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    return false; // full or blocked: the choice holds for this page only
  }
  notify();
  return true;
}

/** The Decimals choice: 'auto' unless a valid 0–10 is stored. */
export function readDecimals(storage: Storage | undefined = browserStorage()): Decimals {
  let text: string | null = null;
  try {
    text = storage?.getItem(DECIMALS_KEY) ?? null;
  } catch {
    return 'auto';
  }
  if (text === null || !/^\d{1,2}$/.test(text)) return 'auto';
  const n = Number(text);
  return n <= MAX_DECIMALS ? n : 'auto';
}

export function writeDecimals(d: Decimals, storage: Storage | undefined = browserStorage()): boolean {
  return save(DECIMALS_KEY, d === 'auto' ? null : String(d), storage);
}

/** Whether cooking measures show as fractions: only a stored '1' says yes. */
export function readFractions(storage: Storage | undefined = browserStorage()): boolean {
  try {
    return storage?.getItem(FRACTIONS_KEY) === '1';
  } catch {
    return false;
  }
}

export function writeFractions(on: boolean, storage: Storage | undefined = browserStorage()): boolean {
  return save(FRACTIONS_KEY, on ? '1' : null, storage);
}

/** Calls `listener` when a preference changes here or in another tab; returns the unsubscribe. */
export function subscribePrefs(listener: () => void, target: EventTarget = bus): () => void {
  const onStorage = (e: Event): void => {
    const key = (e as StorageEvent).key;
    if (key === DECIMALS_KEY || key === FRACTIONS_KEY || key === null) listener();
  };
  target.addEventListener(PREFS_EVENT, listener);
  target.addEventListener('storage', onStorage);
  return () => {
    target.removeEventListener(PREFS_EVENT, listener);
    target.removeEventListener('storage', onStorage);
  };
}
