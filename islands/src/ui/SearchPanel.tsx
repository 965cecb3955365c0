// The search box's list (components/SiteSearch.tsx keeps only the field): fetched when the
// box is first focused, it reads each query against the site's index (lib/siteSearch.ts),
// shows the results as the combobox's listbox options (title, section, excerpt with the
// matched words marked) and handles the keys: ↓/↑ move through the options, Enter opens
// the chosen one (or the first, once the list is complete: a conversion's answer may come
// after the pages), Escape closes the list and, pressed again, clears the box.
// A query holding a number, or naming a pair ("feet to meters"), is also read as a conversion
// (lib/boxAnswers.ts, a chunk fetched then), as corrected when the search corrected its
// spelling: its answer comes first in the list, opens the converter filled in, and has Copy.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type MutableRefObject, type RefObject } from 'react';
import { listed, openSearch, type Found, type Hit, type Listed, type SiteSearch } from '../lib/siteSearch.ts';
import { amountAlone, holdsNumber, mayConvert, pairNotationOnly } from '../lib/searchWords.ts';
import { lazyChunk } from '../lib/lazyChunk.ts';
import { copyWithToast } from '../lib/clipboard.ts';
import { approximately } from '../lib/copyText.ts';
import type { AnswerLine, BoxAnswer } from '../lib/boxAnswers.ts';
import { MESSAGE_PAUSE_MS } from '../lib/pause.ts';

const answersChunk = lazyChunk(() => import('../lib/boxAnswers.ts'));
// The currency catalog alone (about 10 KB) tells whether words name a country, or two
// three-letter words a pair of currency codes ("eurusd"), before the answers' chunk (the
// parser, the lexicon and the rates client, about 54 KB) is fetched for them:
// most such words typed in the box are neither ("conversion history", "conver").
const catalogChunk = lazyChunk(() => import('../lib/currencyCatalog.ts'));

/** A result as listed: a page found, or a conversion's answer. */
type Option = Listed;

export type PanelKeys = (e: KeyboardEvent<HTMLInputElement>) => void;

/** What the field shows of the list: whether it is open, and the active option's id. */
export interface PanelState {
  expanded: boolean;
  active: string | null;
}

interface Props {
  id: string;
  query: string;
  input: RefObject<HTMLInputElement>;
  keys: MutableRefObject<PanelKeys | null>;
  onState: (state: PanelState) => void;
  setQuery: (query: string) => void;
}

/** Whether a query is words alone, of which a country's name may be ("Philippines", "Ivory Coast", "Bosnia & Herzegovina"). */
// Up to six words: "what currency does japan use", "Saint Kitts and Nevis currency".
const mayBeCountry = (query: string): boolean => /^\p{L}[\p{L}\s.&'’-]*$/u.test(query) && query.split(/\s+/u).length <= 6;

/** Wait this long after a keystroke before reading the index (typing on is not a query). */
const DEBOUNCE_MS = 40;

type Outcome = { query: string; found: Found } | { query: string; failed: 'offline' | 'unavailable' };

/** The index, opened once; a failure is forgotten so the next query tries again. */
let index: Promise<SiteSearch> | null = null;
function searchIndex(): Promise<SiteSearch> {
  index ??= openSearch();
  index.catch(() => (index = null));
  return index;
}

function failure(): 'offline' | 'unavailable' {
  return navigator.onLine === false ? 'offline' : 'unavailable';
}

export default function SearchPanel({ id, query, input, keys, onState, setQuery }: Props) {
  const [open, setOpen] = useState(true);
  // The chosen option by its address, not its place: an answer that comes late (a live rate)
  // goes above it, and the choice stays on what the visitor chose.
  const [active, setActive] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // `as`: the query answered, when a correction of the one typed.
  const [answered, setAnswered] = useState<{ query: string; answer: BoxAnswer; as?: string } | null>(null);
  // The last query whose conversion was read, answered or not.
  const [converted, setConverted] = useState<string | null>(null);
  // Enter pressed for this query before all of its list was in: it opens the first option then.
  const [entered, setEntered] = useState<string | null>(null);
  const latest = useRef(query);
  latest.current = query;

  const trimmed = query.trim();
  const shown = outcome !== null && outcome.query === trimmed ? outcome : null;
  const answer = answered !== null && answered.query === trimmed ? answered.answer : null;
  const lines = answer && 'lines' in answer ? answer.lines : [];
  const found: Hit[] = shown && 'found' in shown ? shown.found.hits : [];
  // A message with a way on ("No rate for USD to PHP…"): the converter on what was asked, first.
  const onward = answer && 'open' in answer && answer.open ? [{ href: answer.open.href, title: `Open the currency converter: ${answer.open.text}`, excerpt: 'To try again, or choose other currencies.' }] : [];
  const hits: Option[] = listed(lines, found, holdsNumber(trimmed), [...onward, ...(answer && 'pairs' in answer && answer.pairs ? answer.pairs : [])], answer?.money);
  const expanded = open && trimmed !== '' && hits.length > 0;
  const optionId = (i: number) => `${id}-option-${i}`;
  const activeIndex = active === null ? -1 : hits.findIndex((h) => h.url === active);
  // The list is complete once the search has answered and, for a conversion, its answer too.
  const complete = shown !== null && (!(mayConvert(trimmed) || mayBeCountry(trimmed)) || converted === trimmed);

  // Read the query once typing pauses (a word no page has is read as a misspelling at once:
  // the index matches beginnings of words, so a word being typed only misses when it is
  // already wrong); an answer for an older query is dropped.
  useEffect(() => {
    setActive(null);
    if (trimmed === '') return;
    const read = (): Promise<Found | null> =>
      searchIndex()
        .then((search) => search.search(trimmed))
        .then(
          (found) => {
            if (latest.current.trim() === trimmed) setOutcome({ query: trimmed, found });
            return found;
          },
          () => {
            if (latest.current.trim() === trimmed) setOutcome({ query: trimmed, failed: failure() });
            return null;
          },
        );
    // A conversion is answered alongside (a live rate may take a moment); a failure to
    // load the parser or the units leaves the search's answer alone.
    const aborted = new AbortController();
    // A query with no answer as typed, or only a message ("Did you mean “fahrenheit”?"), is
    // answered as the search corrected it ("farenheit to celsius") or as the message offers
    // ("3 feets to cm"); only with lines, as a message would be about words the visitor did
    // not type (boxAnswers.ts answerAsCorrected).
    const convert = (found: Promise<Found | null>) =>
      answersChunk
        .load()
        .then(async (m) => m.answerAsCorrected(trimmed, async () => (await found)?.corrected, await (await searchIndex()).units(), aborted.signal))
        .then(
          ({ answer, as }) => {
            if (latest.current.trim() !== trimmed) return;
            // No conversion of "UAE" or "thailand currency": a country, perhaps.
            if (answer === null && mayBeCountry(trimmed)) return country();
            if (answer !== null) setAnswered({ query: trimmed, answer, as });
            setConverted(trimmed);
          },
          () => {
            if (latest.current.trim() === trimmed) setConverted(trimmed);
          },
        );
    const country = () =>
      catalogChunk
        .load()
        .then((catalog) =>
          catalog.currencyOfCountry(trimmed) === null ? null : answersChunk.load().then(async (m) => m.countryAnswer(trimmed, await (await searchIndex()).units(), aborted.signal)),
        )
        .then(
          (answer) => {
            if (latest.current.trim() !== trimmed) return;
            if (answer !== null) setAnswered({ query: trimmed, answer });
            setConverted(trimmed);
          },
          () => {
            if (latest.current.trim() === trimmed) setConverted(trimmed);
          },
        );
    let answering: ReturnType<typeof setTimeout> | undefined;
    const timer = setTimeout(() => {
      // An amount alone is not searched (amountAlone): its note says what to add.
      const alone = amountAlone(trimmed);
      if (alone) setOutcome({ query: trimmed, found: { hits: [] } });
      const found = alone ? Promise.resolve(null) : read();
      // The answer is worked out in a task of its own, once the search has asked for its
      // files: its few milliseconds of script would hold their requests back.
      answering = setTimeout(() => {
        const codes = pairNotationOnly(trimmed);
        if (codes !== null) {
          // Not two codes, a word of six letters may be a country ("Canada", "Mexico").
          const otherwise = () => (mayBeCountry(trimmed) ? country() : latest.current.trim() === trimmed && setConverted(trimmed));
          void catalogChunk.load().then(
            (catalog) => (codes.every(catalog.isCurrencyCode) ? convert(found) : otherwise()),
            () => convert(found),
          );
        } else if (mayConvert(trimmed)) void convert(found);
        // Words alone may name a country ("Philippines"): its currency, as the picker finds it.
        else if (mayBeCountry(trimmed)) void country();
      });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      clearTimeout(answering);
      aborted.abort();
    };
  }, [trimmed]);

  // Results that come after the visitor tabbed to Copy (a page search slower than the
  // conversion's answer) go above it: it stays in the list's view, not pushed out of it.
  const copyButton = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    const button = copyButton.current;
    if (button !== null && button === document.activeElement) button.scrollIntoView({ block: 'nearest' });
  }, [hits.length]);

  const activeId = expanded && activeIndex >= 0 ? optionId(activeIndex) : null;
  // Before the paint, so the field's ARIA state and the list change together.
  useLayoutEffect(() => {
    onState({ expanded, active: activeId });
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [onState, expanded, activeId]);

  const go = useCallback((hit: Option) => {
    setOpen(false);
    window.location.assign(hit.opens ?? hit.url);
  }, []);

  // Enter pressed before the list was complete opens its first option once it is: the answer
  // when there is one ("100 usd to eur" waits for its rate), not what was first before it came.
  const first = expanded ? hits[0] : undefined;
  useEffect(() => {
    if (entered === null || !complete) return;
    setEntered(null);
    if (entered === trimmed && first) go(first);
  }, [entered, complete, trimmed, first, go]);

  // The field's keys, and its focus: the list opens with the field and closes when the
  // focus leaves the search.
  keys.current = (e) => {
    const n = hits.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      setEntered(null);
      if (n === 0) return;
      const down = e.key === 'ArrowDown';
      setActive(hits[activeIndex < 0 ? (down ? 0 : n - 1) : (activeIndex + (down ? 1 : n - 1)) % n].url);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (expanded && activeIndex >= 0) go(hits[activeIndex]);
      else if (!complete && open && trimmed !== '') setEntered(trimmed);
      else if (expanded) go(hits[0]);
    } else if (e.key === 'Escape') {
      if (open && trimmed !== '') {
        e.preventDefault();
        setOpen(false);
      } else if (query !== '') {
        e.preventDefault();
        if (input.current) input.current.value = '';
        setQuery('');
      }
    } else if (e.key !== 'Tab' && e.key !== 'Shift') {
      setOpen(true);
    }
  };
  useEffect(() => {
    const field = input.current;
    const search = field?.form;
    if (!field || !search) return;
    const onFocus = () => setOpen(true);
    // The list closes when the focus leaves the search, from the field or from its Copy
    // button, so it never covers what the focus moves on to (WCAG 2.4.11).
    const onFocusOut = (e: FocusEvent) => {
      if (!(e.relatedTarget instanceof Node && search.contains(e.relatedTarget))) setOpen(false);
    };
    // Escape on the Copy button closes the list and brings the focus back to the field
    // (focused first: the field's focus opens the list).
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || e.target === field) return;
      e.preventDefault();
      field.focus();
      setOpen(false);
    };
    field.addEventListener('focus', onFocus);
    search.addEventListener('focusout', onFocusOut);
    search.addEventListener('keydown', onKey);
    return () => {
      field.removeEventListener('focus', onFocus);
      search.removeEventListener('focusout', onFocusOut);
      search.removeEventListener('keydown', onKey);
    };
  }, [input]);
  useEffect(() => () => onState({ expanded: false, active: null }), [onState]);

  const corrected = (shown && 'found' in shown ? shown.found.corrected : undefined) ?? (answer !== null ? answered?.as : undefined);
  let note = '';
  if (trimmed !== '' && shown) {
    // With conversions answered offline, only what is missing: the pages to list.
    if ('failed' in shown && lines.length > 0) note = shown.failed === 'offline' ? 'Pages are listed when you are online; conversions work offline.' : '';
    else if ('failed' in shown) note = shown.failed === 'offline' ? 'Search needs a connection: you are offline.' : 'Search is unavailable right now. Try again in a moment.';
    else if (hits.length === 0 && !answer && amountAlone(trimmed)) note = `Add units to convert it: “${trimmed} kg to lb”, “${trimmed} usd to eur”.`;
    else if (hits.length === 0 && !answer) note = `No results for “${trimmed}”.`;
    else if (corrected) note = `Showing results for “${corrected}”.`;
  }
  if (trimmed !== '' && answer && 'message' in answer) note = answer.message;
  const said = lines.map((l) => `${lineCopied(l)}.`).join(' ');
  const announce = !open || trimmed === '' || (!shown && !answer) ? '' : [said, note, hits.length > 0 ? `${hits.length} result${hits.length === 1 ? '' : 's'}.` : ''].join(' ').trim();
  // Said once the list is complete and typing pauses (MESSAGE_PAUSE_MS): a character on the
  // way to a longer query is never said, and one typed alone ("€") is, as the list shows it;
  // a status for another query, or one the list no longer shows, is emptied.
  const [spoken, setSpoken] = useState<{ query: string; text: string } | null>(null);
  const sayable = announce !== '' && complete;
  useEffect(() => {
    if (!sayable) return;
    const timer = setTimeout(() => setSpoken({ query, text: announce }), MESSAGE_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [sayable, announce, query]);
  const status = sayable && spoken !== null && spoken.query === query && spoken.text === announce ? announce : '';
  const copy = () => void copyWithToast(lines.map(lineCopied).join('\n'), { title: '📋 Copied!', description: 'Conversion result copied to clipboard' });

  return (
    <>
      <div className="site-search-popup" hidden={!open || trimmed === '' || (!expanded && note === '')}>
        {note && <p className="site-search-note">{note}</p>}
        <ul id={`${id}-list`} role="listbox" aria-label="Search results" hidden={!expanded}>
          {hits.map((hit, i) => (
            <li
              key={hit.url}
              id={optionId(i)}
              role="option"
              aria-selected={i === activeIndex}
              className={hit.answer ? 'site-search-hit site-search-answer' : 'site-search-hit'}
              // The field keeps the focus (and the list stays open) until the click lands.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => go(hit)}
            >
              <span className="site-search-title">{hit.title}</span>
              <span className="site-search-section">{hit.section}</span>
              {hit.answer ? (
                <span className="site-search-excerpt">Open in the converter with this value</span>
              ) : (
                <span className="site-search-excerpt">{hit.excerpt.map((s, j) => (s.mark ? <mark key={j}>{s.text}</mark> : s.text))}</span>
              )}
            </li>
          ))}
        </ul>
        {expanded && lines.length > 0 && (
          <button ref={copyButton} type="button" className="button site-search-copy" onClick={copy}>
            Copy
          </button>
        )}
      </div>
      <p id={`${id}-status`} role="status" className="visually-hidden">
        {status}
      </p>
    </>
  );
}

/** A line as spoken and copied: at a rate that is not live, as approximate and why, as the card copies it. */
export function lineCopied(l: AnswerLine): string {
  return approximately(l.text, l.approx);
}
