// The core every converter card shares, whatever it converts (units, currencies, …): the
// value and the From → To pair, restored from a shared address, mirrored back to it,
// replayed from a history entry, and recorded in the history once it has settled (flushed
// when the page is hidden). A card adds only what is its own: how a result is computed
// and shown. Rules, the same for every card:
// - a shared address (?value=…&from=…&to=…) restores its conversion; what is not valid
//   here is said (`notice`), dropped, and the address corrected;
// - nothing is recorded in the history, and the address is not rewritten (but to correct
//   it), until the visitor acts: types, chooses, swaps, resets or replays an entry (one
//   whose units this card has all: else that is said, as for an address);
// - only the page's main card (`syncUrl`) reads or writes the address and takes replays.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { createSettler, onHistoryCleared, preloadHistory, recordHistory, replayIgnored, subscribeReplay, type Settler } from '../lib/historyBus.ts';
import type { NewHistoryEntry } from '../lib/history.ts';
import { conversionAddress, ignoredNotice, readConversionQuery, readKeyParam, unreadUnits, withEnds } from '../lib/urlState.ts';
import { currentUnitKey } from '../lib/units.ts';
import { FORMER_UNIT_KEYS } from '../generated/units.ts';
import { own as ownValue } from '../lib/table.ts';

// What a card reads of a link's unit words, only for a link that has some.
const linkWords = () => import('../lib/linkWords.ts');

export interface Pair {
  from: string;
  to: string;
}

export interface CardOptions {
  /** The card's category key ('length', 'currency'): its history entries' replay channel. */
  category: string;
  /** The page's main card syncs with the address and takes replays; grid cards do not. */
  syncUrl: boolean;
  /** The pair the card starts with; an address with no value and this pair is clean. */
  preset: Pair;
  /** The value the card starts with (an embedded converter's); empty by default. */
  initialValue?: string;
  /** The id prefix of the card's fields; `{category}-converter` by default, which is
   *  unique only while a page holds one card of the category. */
  id?: string;
  /** What From and To accept (To may add compounds such as feet + inches). */
  fromKeys: readonly string[];
  toKeys: readonly string[];
  /** An entry older than replay names its To only in its result text: the key it means. */
  toOfText?: (text: string) => string | undefined;
  /** A new pair makes the previous pair's result final: record it now, not after the delay. */
  recordOnPairChange?: boolean;
  /** More of a shared address the card reads (the cooking card's `ingredient`), as From and
   *  To are: `read` gets a known key; an unknown one is in the notice and the address loses it. */
  params?: readonly { name: string; keys: readonly string[]; read(key: string): void }[];
  /** A `from` or `to` that is no key, read as the Value field reads a unit word (`from=sqft`). */
  readUnit?: (word: string) => Promise<{ key: string } | { why: string } | null>;
  /** On a pair page (whose pair is `preset`): a pair's page as the last segment of its path,
   *  or null where the site has none, so that another pair's address names that page or the
   *  category's (urlState conversionAddress). */
  pairPage?: (pair: Pair) => string | null;
  /** A unit's name ("Metric Tons (t)"), for what the card says of a link's renamed key. */
  unitName?: (key: string) => string | undefined;
}

export interface Card extends Pair {
  /** The card's id prefix in the page (`length-converter`, `currency-converter`). */
  id: string;
  value: string;
  /** The visitor's changes (each one counts as acting). */
  setValue(value: string): void;
  setFrom(key: string): void;
  setTo(key: string): void;
  setPair(pair: Pair): void;
  /** Empties the value and the notice and drops the pending record (Reset). */
  clear(): void;
  /** What a shared address asked for that this card could not use. */
  notice: string | null;
  /** Whether the visitor has acted: only then is history recorded. */
  acted: boolean;
  /** The Value field: a replay scrolls it into view and focuses it. */
  valueInput: RefObject<HTMLInputElement>;
  /** Records `entry` at once (a deliberate act such as Copy), dropping the pending record. */
  recordNow(entry: NewHistoryEntry): Promise<void>;
  /** The pending record's timer (useSettledHistory schedules it). */
  settler: Settler;
  /** The value is being typed: the Value field has the focus, its value was typed there,
   *  and neither Enter nor leaving the field has settled it. What the card says of a value
   *  being typed waits for a pause (CardParts). */
  typing: boolean;
  /** The Value field's events that make `typing`: a value typed, focus, Enter or blur. */
  valueTyped(value: string): void;
  valueFocused(focused: boolean): void;
  settleValue(): void;
}

export function useCard(options: CardOptions): Card {
  const { syncUrl, preset } = options;
  const latest = useRef(options);
  latest.current = options;
  const [value, setValue] = useState(options.initialValue ?? '');
  const [pair, setPair] = useState<Pair>(preset);
  const [notice, setNotice] = useState<string | null>(null);
  // What a link's renamed unit key (`from=tons`, the tonne's before) was read as.
  const [renamed, setRenamed] = useState<string | null>(null);
  const [acted, setActed] = useState(false);
  // The shared address held something this card ignored: rewrite it even before any act.
  const [correctAddress, setCorrectAddress] = useState(false);
  // The card's own parameters the address gave wrong, removed by the correction.
  const dropped = useRef<string[]>([]);
  const [settler] = useState(() => createSettler());
  // Clear history drops the conversion this card was about to record (it came back a second later).
  useEffect(() => onHistoryCleared(() => settler.cancel()), [settler]);
  const valueInput = useRef<HTMLInputElement>(null);
  // The Value field's focus, the value Enter or leaving the field settled, and the value
  // last typed in the field (a replay or an address sets another one: not typed).
  const [focused, setFocused] = useState(false);
  const [settledAt, setSettledAt] = useState<string | null>(null);
  const typed = useRef<string | null>(null);

  // The visitor chose a unit: a shared address's unit word read after it changes nothing.
  const touched = useRef(false);
  const choose = (next: (p: Pair) => Pair): void => {
    touched.current = true;
    if (latest.current.recordOnPairChange) settler.flush();
    setPair(next);
    setActed(true);
  };

  // A shared address restores its conversion once, on mount: it is read, never watched.
  useEffect(() => {
    if (!syncUrl) return;
    const { fromKeys, toKeys } = latest.current;
    // A unit key units.yaml has renamed (formerly) in an old link opens the unit.
    const query = readConversionQuery(window.location.search, fromKeys, toKeys, (k) => currentUnitKey(options.category, k));
    if (query.from || query.to) setPair((p) => withEnds(p, query.from, query.to));
    // An older link to a pair page with another pair (…/feet-to-meters?from=inches&to=centimeters)
    // names at once the page of the pair the card shows.
    const { pairPage, preset: own } = latest.current;
    if (pairPage !== undefined && ((query.from ?? own.from) !== own.from || (query.to ?? own.to) !== own.to)) setCorrectAddress(true);
    if (query.value !== undefined) setValue(query.value);
    const ignored = [...query.ignored];
    for (const param of latest.current.params ?? []) {
      const { key, ignored: unknown } = readKeyParam(window.location.search, param.name, param.keys);
      if (key !== undefined) param.read(key);
      if (unknown !== undefined) {
        ignored.push(unknown);
        dropped.current.push(param.name);
      }
    }
    // A renamed key that is also another unit's word reads as older links meant, and says so:
    // the Value field reads "5 tons" as the other unit. The words come only for such a link.
    const former = ownValue(FORMER_UNIT_KEYS, options.category);
    const asked = new URLSearchParams(window.location.search);
    if (former !== undefined && [asked.get('from'), asked.get('to')].some((k) => k !== null && Object.hasOwn(former, k))) {
      void Promise.all([import('../generated/unitWords.ts'), linkWords()]).then(([{ UNIT_WORDS }, { renamedKeyNotice }]) => {
        const rows = (UNIT_WORDS as Record<string, readonly (readonly string[])[]>)[options.category] ?? [];
        setRenamed(renamedKeyNotice(window.location.search, former, rows, (k) => latest.current.unitName?.(k)));
      }, () => undefined);
    }
    const { readUnit } = latest.current;
    // A unit word for a key (`from=sqft`) is read by the card's reader, a chunk that comes a
    // moment later: the notice waits for it, and names only what it could not read.
    if (readUnit !== undefined && unreadUnits(query)) {
      const reading = linkWords().then(({ readUnitParams }) => readUnitParams(window.location.search, query, { from: fromKeys, to: toKeys }, readUnit));
      void reading.then(({ query: read, why }) => {
        if (!touched.current) setPair((p) => withEnds(p, read.from, read.to));
        const left = [...read.ignored, ...ignored.slice(query.ignored.length)];
        if (left.length > 0) setNotice(ignoredNotice(left, why));
        setCorrectAddress(true);
      });
    } else if (ignored.length > 0) {
      setNotice(ignoredNotice(ignored));
      setCorrectAddress(true);
    }
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // A history entry's button converts it again here: its value and pair, then the Value
  // field has the focus. The entry pending before it is recorded first. A unit of the entry
  // this card has not (gone from the site) is said, as a shared address's is, and what the
  // card then shows is another conversion: not recorded until the visitor acts.
  useEffect(() => {
    if (!syncUrl) return;
    return subscribeReplay(options.category, (r) => {
      const { fromKeys, toKeys, toOfText } = latest.current;
      settler.flush();
      setValue(r.value);
      const to = r.to ?? (r.toText !== undefined ? toOfText?.(r.toText) : undefined);
      setPair((p) => withEnds(p, r.from !== undefined && fromKeys.includes(r.from) ? r.from : undefined, to !== undefined && toKeys.includes(to) ? to : undefined));
      const ignored = replayIgnored(r, fromKeys, toKeys);
      setNotice(ignored.length > 0 ? ignoredNotice(ignored, [], "The history entry's") : null);
      setRenamed(null);
      setActed(ignored.length === 0);
      // Not recorded, but the address still follows what the card shows: a reload or a link
      // copied then gives this conversion, not the one before the replay.
      if (ignored.length > 0) setCorrectAddress(true);
      const input = valueInput.current;
      // Smooth only for those who have not asked the system to reduce motion (script's
      // 'smooth' would override the stylesheet's reduced-motion rule).
      const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
      input?.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' });
      input?.focus({ preventScroll: true });
    });
  }, [syncUrl, options.category, settler]);

  // Mirror the conversion in the address, replacing the entry rather than adding one.
  const ownPath = useRef<string | null>(null);
  useEffect(() => {
    if (!syncUrl || !(acted || correctAddress)) return;
    const kept = new URLSearchParams(window.location.search);
    for (const name of dropped.current.splice(0)) kept.delete(name);
    // The page's own path, as opened: after a pair's address has replaced it, the page's own
    // pair again (Reset, a second swap) returns to it.
    ownPath.current ??= window.location.pathname;
    const address = conversionAddress(ownPath.current, kept.toString(), { value, ...pair }, latest.current.preset, latest.current.pairPage);
    if (address === `${window.location.pathname}${window.location.search}`) return;
    try {
      window.history.replaceState(window.history.state, '', `${address}${window.location.hash}`);
    } catch {
      // Safari throttles replaceState; the conversion itself is unaffected.
    }
  }, [syncUrl, acted, correctAddress, value, pair]);

  // Leaving the page (or the tab) records what is pending; unmounting drops it.
  useEffect(() => {
    const onHide = (): void => {
      if (document.visibilityState === 'hidden') settler.flush();
    };
    document.addEventListener('visibilitychange', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      settler.cancel();
    };
  }, [settler]);

  return {
    id: options.id ?? `${options.category}-converter`,
    value,
    ...pair,
    setValue: (v) => {
      setValue(v);
      setActed(true);
    },
    setFrom: (from) => choose((p) => ({ ...p, from })),
    setTo: (to) => choose((p) => ({ ...p, to })),
    setPair: (next) => choose(() => next),
    clear: () => {
      settler.cancel();
      setValue('');
      setNotice(null);
      setRenamed(null);
      setActed(true);
    },
    notice: notice !== null && renamed !== null ? `${notice} ${renamed}` : (notice ?? renamed),
    acted,
    valueInput,
    recordNow: (entry) => {
      settler.cancel();
      return recordHistory(entry);
    },
    settler,
    typing: focused && typed.current === value && settledAt !== value,
    valueTyped: (v) => {
      typed.current = v;
    },
    valueFocused: setFocused,
    settleValue: () => setSettledAt(value),
  };
}

/**
 * Records the card's conversion once it has settled (~1 s after the last change), not per
 * keystroke, and only after the visitor has acted. `entry` is null while there is nothing
 * to record (no value, no result yet, an error).
 */
export function useSettledHistory(card: Card, entry: NewHistoryEntry | null): void {
  // The entry's content, not its identity: a render that changes nothing schedules nothing.
  const key = entry === null ? null : JSON.stringify(entry);
  const { acted, settler } = card;
  useEffect(() => {
    if (!acted || entry === null) return settler.cancel();
    preloadHistory();
    settler(() => void recordHistory(entry));
  }, [acted, key, settler]); // eslint-disable-line react-hooks/exhaustive-deps
}
