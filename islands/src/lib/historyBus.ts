// The part of the history the converter cards need before anything is recorded: the
// storage key and events, the settle timer, and the replay channel from the history
// panel's buttons. Kept apart from history.ts so a card's first scripts carry none of the
// list handling; recordHistory fetches that when a conversion is recorded. history.ts builds
// on this file's key and events, so the two import each other: this side only lazily (and
// for a type), which islands/test/imports.test.ts allows for this pair alone.
import { hasStoredList, onStoredChange, pageBus as bus } from './storage';
import { demandIsland } from './islandDemand';
import type { NewHistoryEntry } from './history';
import { lazyChunk } from './lazyChunk';
import { MAX_VALUE_CHARS } from './urlState';

const historyChunk = lazyChunk(() => import('./history'));

export const HISTORY_KEY = 'conversion-history';
/** Fired on `window` after this page changes the history; other tabs get a 'storage' event. */
export const HISTORY_EVENT = 'unitly:history';
/** Fired on the page bus when the visitor clears the history: a card drops what it was about to record. */
export const HISTORY_CLEARED_EVENT = 'unitly:history-cleared';
/** Record a conversion once the input has been still this long, not on every keystroke. */
export const HISTORY_SETTLE_MS = 1000;

// The history panel (`client="demand"`) hydrates once there is history to show: stored at
// load, recorded on this page, or written by another tab. Until then its server HTML, the
// empty state, is what it would show, and a first visit loads none of its code. The panel
// sits beside a card on every page, and every card imports this file.
if (typeof window !== 'undefined') {
  const ask = (): void => demandIsland('HistoryPanel');
  if (hasStoredList(HISTORY_KEY)) ask();
  else onStoredChange(HISTORY_KEY, HISTORY_EVENT, ask);
}

/**
 * What converts an entry again in its card: the category key (or 'currency'), the value as
 * typed and the From and To keys. Added to entries after their first shape (type, from, to,
 * timestamp); entries stored before it have none and are replayed from their text (replayOf).
 */
export interface Replay {
  category: string;
  value: string;
  from?: string;
  to?: string;
  /** An older entry's result text ("16.404199 feet"): the card finds its To unit from it. */
  toText?: string;
}

/**
 * What of a replay a card cannot use: its From or To key when the card has no such unit (a
 * unit the site no longer has), as `from=lightyears`, the way a shared address's are named.
 */
export function replayIgnored(r: Replay, fromKeys: readonly string[], toKeys: readonly string[]): string[] {
  return [
    ...(r.from !== undefined && !fromKeys.includes(r.from) ? [`from=${r.from}`] : []),
    ...(r.to !== undefined && !toKeys.includes(r.to) ? [`to=${r.to}`] : []),
  ];
}

/** Fired on the page bus by a history entry's button; the card of that category takes it. */
export const REPLAY_EVENT = 'unitly:replay';
const KEY = /^[A-Za-z0-9_-]{1,40}$/;

export function isReplay(x: unknown): x is Replay {
  if (typeof x !== 'object' || x === null) return false;
  const r = x as Record<string, unknown>;
  const key = (k: unknown): boolean => k === undefined || (typeof k === 'string' && KEY.test(k));
  return typeof r.category === 'string' && KEY.test(r.category) && typeof r.value === 'string' && r.value.length <= MAX_VALUE_CHARS &&
    key(r.from) && key(r.to) && (r.toText === undefined || (typeof r.toText === 'string' && r.toText.length <= 200));
}

/** A card listens for replays of its category; the first card to take one keeps it. */
export function subscribeReplay(category: string, listener: (r: Replay) => void, target: EventTarget = bus): () => void {
  const onReplay = (e: Event): void => {
    const r = (e as CustomEvent<Replay>).detail;
    if (e.defaultPrevented || !isReplay(r) || r.category !== category) return;
    e.preventDefault();
    listener(r);
  };
  target.addEventListener(REPLAY_EVENT, onReplay);
  return () => target.removeEventListener(REPLAY_EVENT, onReplay);
}

/** Fetches the history code ahead of a record (a card calls it on the first change). */
export function preloadHistory(): void {
  historyChunk.load().catch(() => {
    // offline before the chunk arrived: recordHistory will say so if it still cannot load
  });
}

/** Records a conversion (history.ts's addHistory, fetched on first use); resolves once stored. */
export function recordHistory(entry: NewHistoryEntry): Promise<void> {
  return historyChunk.load().then(
    (m) => void m.addHistory(entry),
    (err) => console.warn('Unitly: could not record the conversion:', err),
  );
}

/** Calls `listener` when this page clears the history. Returns the unsubscribe function. */
export function onHistoryCleared(listener: () => void, target: EventTarget = bus): () => void {
  target.addEventListener(HISTORY_CLEARED_EVENT, listener);
  return () => target.removeEventListener(HISTORY_CLEARED_EVENT, listener);
}

export interface Settler {
  /** Run `action` once nothing new has been scheduled for the delay; replaces any pending one. */
  (action: () => void): void;
  /** Run the pending action now (the page is being hidden, the unit changed, …). */
  flush(): void;
  /** Drop the pending action (Reset, unmount). */
  cancel(): void;
}

/** Debounce for recording: `settle(() => addHistory(...))` on every change. */
export function createSettler(delayMs: number = HISTORY_SETTLE_MS): Settler {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: (() => void) | undefined;
  const cancel = (): void => {
    clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  const flush = (): void => {
    const action = pending;
    cancel();
    action?.();
  };
  const settle = (action: () => void): void => {
    clearTimeout(timer);
    pending = action;
    timer = setTimeout(flush, delayMs);
  };
  return Object.assign(settle, { flush, cancel });
}
