// What a history entry's button does (HistoryPanel only, so none of this is in the cards'
// chunks): the entry's replay, or for an entry stored before replay existed, one read from
// its text; handed to the card of its category on this page, or to its converter page.
import { CONVERTER_PATHS } from '../generated/site.ts';
import { CATEGORY_LABELS } from '../generated/units.ts';
import { lazyChunk } from './lazyChunk';
import { REPLAY_EVENT, type HistoryEntry, type Replay } from './history';
import { pageBus as bus } from './storage';
import { unitKeyOfText } from './units';
import { own } from './table.ts';

// Every category's unit words, fetched only to open an older entry of another category.
const unitWordsChunk = lazyChunk(() => import('../generated/unitWords.ts'));

/**
 * How to convert an entry again: its stored replay, or for an entry recorded before replay
 * existed, what its text says. A unit entry's From text ("5 meters", "5 ft 11 in") is a value
 * the card's parser reads with its units; a currency entry's ("🇺🇸 100 USD") gives the amount
 * and the code.
 */
export function replayOf(e: HistoryEntry): Replay | null {
  if (e.replay) return e.replay;
  if (e.type === 'Currency') {
    const from = /^(?:\S+\s)?([\d.,]+)\s([A-Z]{3})$/u.exec(e.from);
    const to = /\s([A-Z]{3})$/.exec(e.to);
    return from ? { category: 'currency', value: from[1], from: from[2], ...(to && { to: to[1] }) } : null;
  }
  const key = (Object.keys(CATEGORY_LABELS) as (keyof typeof CATEGORY_LABELS)[]).find((k) => CATEGORY_LABELS[k] === e.type);
  return key === undefined ? null : { category: key, value: e.from, toText: e.to };
}

/**
 * Asks the card of the replay's category on this page to show it (it scrolls to itself and
 * focuses its Value). False when no card here took it: the caller opens the converter page.
 */
export function requestReplay(replay: Replay, target: EventTarget = bus): boolean {
  const event = new CustomEvent<Replay>(REPLAY_EVENT, { detail: replay, cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

/**
 * The converter page of a replay, opened on it (used when no card on this page takes it):
 * the category's route in content/routes.yaml; the home page for a category the site no
 * longer has.
 */
export function replayHref(r: Replay): string {
  const q = new URLSearchParams();
  if (r.value.trim() !== '') q.set('value', r.value);
  if (r.from) q.set('from', r.from);
  if (r.to) q.set('to', r.to);
  const search = q.toString();
  const page = own(CONVERTER_PATHS, r.category);
  return page === undefined ? '/' : `${page}${search === '' ? '' : `?${search}`}`;
}

/**
 * replayHref, and for an older entry (text only) its To unit too, read from its result text:
 * the card of its page reads the From unit in the value, but not the To (before, "2 stones →
 * 12.7006 kilograms" opened the weight converter on pounds).
 */
export async function replayLink(r: Replay): Promise<string> {
  if (r.to !== undefined || r.toText === undefined) return replayHref(r);
  try {
    const { UNIT_WORDS } = await unitWordsChunk.load();
    const units = (UNIT_WORDS as Readonly<Record<string, readonly (readonly string[])[]>>)[r.category];
    const to = units === undefined ? undefined : unitKeyOfText(r.category, r.toText, units.map((u) => u[0]));
    return replayHref(to === undefined ? r : { ...r, to });
  } catch {
    return replayHref(r); // offline before the words came: the page opens on the value alone
  }
}
