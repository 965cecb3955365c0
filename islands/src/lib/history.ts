// Conversion history, kept only in the visitor's browser.
//
// One cap for the whole list, whatever the category: a cap per category on one shared list
// would let whichever converter wrote last decide how much of the others survived.
// Every function takes the Storage as a parameter so it runs in Node tests without a DOM.

export const HISTORY_LIMIT = 50;

import { CATEGORY_LABELS, COOKING_LABEL, type CategoryLabel } from '../generated/units.ts';
import { browserStorage, onStoredChange, pageBus as bus, readStoredArray } from './storage';
import { HISTORY_CLEARED_EVENT, HISTORY_EVENT, HISTORY_KEY, isReplay, type Replay } from './historyBus';
import { currentUnitKey } from './units';

// What the cards need at once lives in historyBus.ts (this module is fetched when a
// conversion is recorded or the panel has entries); re-exported here for everyone else.
export { HISTORY_EVENT, HISTORY_KEY, HISTORY_SETTLE_MS, REPLAY_EVENT, createSettler, isReplay, subscribeReplay } from './historyBus';
export type { Replay, Settler } from './historyBus';

/** What a history entry names: a unit category's label (content/units.yaml), Currency, or the Cooking converter's label. */
export type HistoryType = CategoryLabel | 'Currency' | NonNullable<typeof COOKING_LABEL>;
const cookingLabel = COOKING_LABEL as HistoryType | null;
export const HISTORY_TYPES: readonly HistoryType[] = [...Object.values(CATEGORY_LABELS), 'Currency', ...(cookingLabel === null ? [] : [cookingLabel])];

export interface HistoryEntry {
  id: number; // creation time in ms, unique within the list
  type: HistoryType;
  from: string; // "5 meters"
  to: string; // "16.404199 feet"
  timestamp: string; // ISO 8601
  replay?: Replay;
  /** The result was not exact at its rate's moment: what the card said of the rate ("approximate offline rate"). */
  approx?: string;
}
export type NewHistoryEntry = Pick<HistoryEntry, 'type' | 'from' | 'to' | 'replay' | 'approx'>;

/** The entry with only what this version knows; a damaged replay is dropped, never the entry. */
function clean(e: HistoryEntry): HistoryEntry {
  const out: HistoryEntry = { id: e.id, type: e.type, from: e.from, to: e.to, timestamp: e.timestamp };
  if (typeof e.approx === 'string' && e.approx !== '') out.approx = e.approx.slice(0, 120);
  if (isReplay(e.replay)) {
    const r = e.replay;
    const key = (k: string): string => currentUnitKey(r.category, k);
    out.replay = { category: r.category, value: r.value, ...(r.from && { from: key(r.from) }), ...(r.to && { to: key(r.to) }), ...(r.toText && { toText: r.toText }) };
  }
  return out;
}

function isEntry(x: unknown): x is HistoryEntry {
  if (typeof x !== 'object' || x === null) return false;
  const e = x as Record<string, unknown>;
  return (
    typeof e.id === 'number' && Number.isFinite(e.id) &&
    HISTORY_TYPES.includes(e.type as HistoryType) &&
    typeof e.from === 'string' && typeof e.to === 'string' &&
    typeof e.timestamp === 'string' && !Number.isNaN(Date.parse(e.timestamp))
  );
}

/**
 * The stored history, newest first, at most HISTORY_LIMIT entries. Never throws: corrupted
 * JSON or a non-array reads as empty, and entries of the wrong shape (another script's, or
 * an older format) are dropped. The next addHistory overwrites what was dropped.
 */
export function readHistory(storage: Storage | undefined = browserStorage()): HistoryEntry[] {
  const data = readStoredArray(HISTORY_KEY, storage);
  // Sorted rather than trusted: an older version of the site may have written this list.
  return data.filter(isEntry).map(clean).sort((a, b) => b.id - a.id).slice(0, HISTORY_LIMIT);
}

/**
 * Records a conversion at the top of the history and returns the new list. An entry equal
 * to one already listed (same type, from and to: an entry converted again) moves to the top
 * instead of being listed twice; equal to the newest, nothing changes. A full or blocked
 * storage is ignored: history is a convenience and must never break a conversion.
 */
export function addHistory(
  entry: NewHistoryEntry,
  storage: Storage | undefined = browserStorage(),
  now: number = Date.now(),
): HistoryEntry[] {
  const list = readHistory(storage);
  const newest = list[0];
  const same = (e: HistoryEntry): boolean => e.type === entry.type && e.from === entry.from && e.to === entry.to;
  // Listed once; the newest is kept as it is unless its rate's mark changed (live, then offline).
  if (newest && same(newest) && newest.approx === entry.approx) return list;
  // Two records in one millisecond would share an id (a React key); keep ids increasing.
  const id = Math.max(now, (newest?.id ?? 0) + 1);
  const record: HistoryEntry = {
    id,
    type: entry.type,
    from: entry.from,
    to: entry.to,
    timestamp: new Date(now).toISOString(),
    ...(entry.replay && { replay: entry.replay }),
    ...(entry.approx && { approx: entry.approx }),
  };
  if (!isEntry(record) || (record.replay !== undefined && !isReplay(record.replay))) throw new TypeError(`not a history entry: ${JSON.stringify(entry)}`);
  const next = [record, ...list.filter((e) => !same(e))].slice(0, HISTORY_LIMIT);
  try {
    storage?.setItem(HISTORY_KEY, JSON.stringify(next));
  } catch {
    return list; // QuotaExceededError or SecurityError: nothing was saved
  }
  notify();
  return next;
}

export function clearHistory(storage: Storage | undefined = browserStorage(), target: EventTarget = bus): void {
  // First, so a card's conversion that was about to be recorded is dropped, not saved after.
  target.dispatchEvent(new CustomEvent(HISTORY_CLEARED_EVENT));
  try {
    storage?.removeItem(HISTORY_KEY);
  } catch {
    // blocked storage: there is nothing we could have stored either
  }
  notify();
}

function notify(): void {
  bus.dispatchEvent(new CustomEvent(HISTORY_EVENT));
}

/**
 * Calls `listener` with the fresh history whenever a converter on this page records or
 * clears, or another tab changes it. Returns the unsubscribe function (a useEffect cleanup).
 */
export function subscribeHistory(
  listener: (entries: HistoryEntry[]) => void,
  storage: Storage | undefined = browserStorage(),
  target: EventTarget = bus,
): () => void {
  return onStoredChange(HISTORY_KEY, HISTORY_EVENT, () => listener(readHistory(storage)), target);
}
