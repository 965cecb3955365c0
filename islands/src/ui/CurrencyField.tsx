// From or To of the currency card: an editable combobox (ARIA 1.2, list autocomplete) over
// every currency the card offers. It shows the chosen currency ("USD – US Dollar"); typing
// ("baht", "THB", "Thailand") filters the list; ArrowDown/ArrowUp move through it, Enter
// chooses, Escape closes and restores the choice. The first match is shown (and announced)
// as selected, so Tab out of typed text or a moved-to option takes it (the APG's list
// autocomplete with automatic selection), rather than silently dropping what was announced. The list and its search arrive with the
// currency catalog (`matches` is null until then), fetched on the field's first focus.
// (Not an island: islands are the files directly in src/components.)
import { useEffect, useRef, useState } from 'react';
import type { Match } from '../lib/currencyCatalog.ts';
import type { Currency } from '../lib/units.ts';
import { useAutocorrectOff } from './useAutocorrectOff.ts';
import { replacedNote, replacedShort } from '../lib/replacedCurrencies.ts';
import { MESSAGE_PAUSE_MS } from '../lib/pause.ts';

interface Props {
  /** The input's id (`currency-converter-from`); the list's is `${id}-list`. */
  id: string;
  label: 'From' | 'To';
  chosen: Currency;
  /** What `text` finds, or null while the catalog is on its way. */
  search: ((text: string) => Match[]) | null;
  /** The first focus or click: fetch the catalog and the live list. */
  onFirstUse: () => void;
  onChoose: (code: string) => void;
}

/** "THB – Thai Baht", as the field shows a currency. */
export const currencyLabel = (c: Currency): string => (c.name === c.code ? c.code : `${c.code} – ${c.name}`);

export default function CurrencyField({ id, label, chosen, search, onFirstUse, onChoose }: Props) {
  // What the visitor typed, or null while the field shows the chosen currency.
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  const input = useRef<HTMLInputElement>(null);
  useAutocorrectOff(input); // "yen", "baht": currency words typed to filter
  // The arrows moved through the open list: its active option is the visitor's pick.
  const moved = useRef(false);
  const matches = open && search !== null ? search(text ?? '') : [];
  const shown = matches.length > 0 ? Math.min(active, matches.length - 1) : -1;
  const optionId = (code: string): string => `${id}-option-${code}`;

  // Keep the active option in view as the arrows move through a long list.
  useEffect(() => {
    if (shown < 0) return;
    const el = list.current?.querySelector<HTMLElement>(`#${optionId(matches[shown].currency.code)}`);
    el?.scrollIntoView?.({ block: 'nearest' });
  }, [shown, open]); // eslint-disable-line react-hooks/exhaustive-deps

  const close = (): void => {
    moved.current = false;
    setOpen(false);
    setText(null);
  };
  const choose = (code: string): void => {
    close();
    onChoose(code);
  };
  const openAt = (index: number): void => {
    onFirstUse();
    setOpen(true);
    setActive(index);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>): void => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open) openAt(Math.max(0, (search?.('') ?? []).findIndex((m) => m.currency.code === chosen.code)));
        else {
          moved.current = true;
          setActive(Math.min(shown + 1, matches.length - 1));
        }
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (!open) break;
        moved.current = true;
        setActive(Math.max(shown - 1, 0));
        break;
      case 'PageDown':
      case 'PageUp':
        if (!open) break;
        e.preventDefault();
        moved.current = true;
        setActive(Math.max(0, Math.min(shown + (e.key === 'PageDown' ? 10 : -10), matches.length - 1)));
        break;
      case 'Enter':
        if (open && shown >= 0) {
          e.preventDefault();
          choose(matches[shown].currency.code);
        }
        break;
      case 'Tab':
        // Not prevented: the focus moves on, with the option shown as selected chosen. The
        // list only opened (a click) or emptied text keeps the choice, as the field shows it.
        // Closed either way before the browser moves the focus: the open list scrolls, so
        // Tab would go into it, and its hiding on the blur then dropped the focus to <body>.
        if (open && shown >= 0 && (moved.current || (text ?? '').trim() !== '')) choose(matches[shown].currency.code);
        else close();
        break;
      case 'Escape':
        if (open || text !== null) {
          e.preventDefault();
          close();
        }
        break;
      default:
    }
  };

  // Typed text that finds nothing says so where the list would be, not with an empty box.
  const none = open && search !== null && matches.length === 0;
  // A withdrawn code the catalog no longer has ("VEF") is pointed to its successor.
  const withdrawn = none && /^\s*\p{L}{3}\s*$/u.test(text ?? '') ? replacedNote((text ?? '').trim().toUpperCase()) : null;
  const nothing = withdrawn === null ? 'No currency found' : `No currency found. ${withdrawn}`;
  const count = search === null ? 'Loading currencies…' : none ? nothing : `${matches.length} ${matches.length === 1 ? 'currency' : 'currencies'} found`;
  // Said once typing pauses, as the search box says its count: "baht" typed was five
  // announcements (162, 28, 9, 3, 1 currencies found). Opening the list says it at once.
  const [said, setSaid] = useState('');
  const typed = text !== null;
  useEffect(() => {
    if (!open) return setSaid('');
    if (!typed) return setSaid(count);
    const timer = setTimeout(() => setSaid(count), MESSAGE_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [open, typed, count]);
  return (
    <div className="field currency-field">
      <label htmlFor={id}>{label}</label>
      <div className="currency-combo">
        <span className="currency-flag" aria-hidden="true">
          {chosen.flag}
        </span>
        <input
          ref={input}
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open && matches.length > 0}
          aria-controls={`${id}-list`}
          aria-activedescendant={shown >= 0 ? optionId(matches[shown].currency.code) : undefined}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          value={text ?? currencyLabel(chosen)}
          onFocus={(e) => {
            onFirstUse();
            e.currentTarget.select();
          }}
          onClick={() => !open && openAt(0)}
          onChange={(e) => {
            setText(e.target.value);
            openAt(0);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        <svg className="currency-chevron" aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="m6 9 6 6 6-6" />
        </svg>
      </div>
      <ul ref={list} id={`${id}-list`} role="listbox" aria-label={`${label} currency`} className="currency-list" hidden={!open || matches.length === 0}>
        {matches.map((m, i) => (
          <li
            key={m.currency.code}
            id={optionId(m.currency.code)}
            role="option"
            aria-selected={i === shown}
            className={m.currency.code === chosen.code ? 'is-chosen' : undefined}
            // Keep the focus in the field, so choosing by pointer does not blur it first.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(m.currency.code)}
          >
            <span className="currency-flag" aria-hidden="true">
              {m.currency.flag}
            </span>
            <span className="currency-option-code">{m.currency.code}</span> <span className="currency-option-name">{m.currency.name}</span>
            {m.country !== undefined && <span className="currency-option-country"> · {m.country}</span>}
            {replacedShort(m.currency.code) !== null && <span className="currency-option-country"> · {replacedShort(m.currency.code)}</span>}
          </li>
        ))}
      </ul>
      {none && (
        // The status below says it to a screen reader.
        <p className="currency-list currency-none" aria-hidden="true">
          {nothing}
        </p>
      )}
      <span className="visually-hidden" role="status">
        {open ? said : ''}
      </span>
    </div>
  );
}
