// The parts every converter card shows the same way (converter.css): the card with its
// head (icon, title, favourite star), the Value field with its message and the notice of
// what a shared address asked for, and the Result. A card composes them around what is
// its own (its pair's options, what it says about a result).
// (Not an island: islands are the files directly in src/components.)
import { useEffect, useState, type ReactNode } from 'react';
import FavouriteStar from './FavouriteStar.tsx';
import type { Favourite } from '../lib/favourites.ts';
import type { Card } from './useCard.ts';
import { useAutocorrectOff } from './useAutocorrectOff.ts';
import { MESSAGE_PAUSE_MS } from '../lib/pause.ts';

interface SectionProps {
  card: Card;
  /** The section's classes beside `card converter-card` (its accent colour). */
  className: string;
  title: string;
  /** Level of the title in the page outline (2 on a converter page, 3 in the home grid). */
  headingLevel: 2 | 3 | 4;
  /** The icon's shapes, drawn in a 24 × 24 box with the current colour. */
  icon: ReactNode;
  /** The pair the star keeps. */
  favourite: Favourite;
  /** In the head after the star (the currency card's live/offline sign). */
  status?: ReactNode;
  /** The card's body under its head. */
  children: ReactNode;
}

/** The card itself: a region named by its title, with the icon, title and favourite star. */
export function CardSection({ card, className, title, headingLevel, icon, favourite, status, children }: SectionProps) {
  const Heading = `h${headingLevel}` as 'h2';
  return (
    <section className={`card converter-card ${className}`} aria-labelledby={`${card.id}-title`}>
      <div className="converter-head">
        <span className="converter-icon" aria-hidden="true">
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            {icon}
          </svg>
        </span>
        <Heading id={`${card.id}-title`} className="converter-title">
          {title}
        </Heading>
        <FavouriteStar pair={favourite} />
        {status}
      </div>
      {children}
    </section>
  );
}

/** What the Value field says under it, and whether it is an error, a hint or a warning. */
export interface FieldMessage {
  text: string;
  tone: 'error' | 'hint' | 'warning';
}

const TONE_CLASS: Record<FieldMessage['tone'], string> = { error: 'field-error', hint: 'field-hint', warning: 'field-hint field-warning' };

interface ValueProps {
  card: Card;
  /** The field's name: 'Value', 'Amount'. Its input is `${card.id}-${label in lower case}`. */
  label: string;
  placeholder: string;
  /** The first focus fetches what converting needs. */
  onFocus: () => void;
  /** Why there is no result, what was read, or a warning; null for nothing to say. */
  message: FieldMessage | null;
  /** A class the message adds to its tone's. */
  messageClass?: string;
  /**
   * A hint or warning is shown on the label's row, after the label (one line on a wide card,
   * two kept for it on a narrow one: converter.css), rather than under the field: for a card
   * that keeps no line under it for its message (the currency card, which must fit a first
   * screen), so nothing below moves when what was read is said. An error still goes under
   * the field.
   */
  hintBesideLabel?: boolean;
}

const sameMessage = (a: FieldMessage | null, b: FieldMessage | null): boolean => a?.text === b?.text && a?.tone === b?.tone;

/**
 * The message the field shows: while the visitor types in it (`card.typing`), a new message
 * waits for a pause (MESSAGE_PAUSE_MS) or Enter or leaving the field, so nothing appears
 * mid-word ("5 f" on the way to "5 ft") and a screen reader hears each message once; one
 * that no longer holds goes at once. A value that did not come from typing (an address, a
 * history entry) has its message at once.
 */
function useSteadyMessage(message: FieldMessage | null, value: string, waiting: boolean): FieldMessage | null {
  // The last message shown; while typing, a different one waits for the pause.
  const [last, setLast] = useState<FieldMessage | null>(message);
  useEffect(() => {
    if (sameMessage(last, message)) return;
    if (!waiting) {
      setLast(message);
      return;
    }
    const timer = setTimeout(() => setLast(message), MESSAGE_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [message?.text, message?.tone, value, waiting]); // eslint-disable-line react-hooks/exhaustive-deps
  return !waiting || sameMessage(last, message) ? message : null;
}

/** The Value field, after the notice of what a shared address asked for that the card ignored. */
export function ValueField({ card, label, placeholder, onFocus, message, messageClass, hintBesideLabel = false }: ValueProps) {
  const messageId = `${card.id}-message`;
  const inputId = `${card.id}-${label.toLowerCase()}`;
  const shown = useSteadyMessage(message, card.value, card.typing);
  const beside = hintBesideLabel && shown !== null && shown.tone !== 'error';
  useAutocorrectOff(card.valueInput);
  return (
    <>
      {card.notice !== null && (
        <p className="converter-notice" role="status">
          {card.notice}
        </p>
      )}
      <div className="field converter-value">
        <label htmlFor={inputId}>{label}</label>
        <input
          id={inputId}
          ref={card.valueInput}
          type="text"
          inputMode="text"
          enterKeyHint="done"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={placeholder}
          value={card.value}
          onChange={(e) => {
            card.valueTyped(e.target.value);
            card.setValue(e.target.value);
          }}
          onFocus={() => {
            card.valueFocused(true);
            onFocus();
          }}
          onBlur={() => {
            card.valueFocused(false);
            card.settleValue();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              card.settleValue();
              // "Done" on a phone's keyboard leaves the keyboard up, over the lower half of the
              // screen where Result is (under From and To): bring Result up into what is left,
              // no further. The field keeps the focus, as the visitor may type on.
              e.currentTarget.ownerDocument.getElementById(`${card.id}-result`)?.closest('.field')?.scrollIntoView({ block: 'nearest' });
            }
          }}
          aria-invalid={shown?.tone === 'error' ? true : undefined}
          aria-describedby={shown !== null ? messageId : undefined}
        />
        {/* One line is always kept for the message (or a hint sits on the label's row), so nothing
            below moves when it comes or goes. */}
        {/* Live once the visitor acts: a card filled from a link shows its message, and the
            field's description reads it when focused, but it is not announced over the page. */}
        <div className={beside ? 'converter-message is-beside' : 'converter-message'} aria-live={card.acted ? 'polite' : 'off'}>
          {shown !== null && (
            // Beside the label a hint longer than its lines is cut with an ellipsis: the title
            // shows it whole, and a screen reader reads the whole text.
            <p id={messageId} className={[TONE_CLASS[shown.tone], messageClass].filter(Boolean).join(' ')} title={beside ? shown.text : undefined}>
              {shown.text}
            </p>
          )}
        </div>
      </div>
    </>
  );
}

interface ResultProps {
  card: Card;
  /** The Value field's label, as ValueField names its input. */
  valueLabel: string;
  /** The number and its unit (the unit may be ''), or null for no result. */
  result: { value: string; unit: string } | null;
  /** A result is on its way. */
  busy: boolean;
  /** Whether the result shown is for the value and pair as they are now (false: an earlier
   *  input's, kept in view while the new one comes); only a current one is announced. */
  current?: boolean;
  /** The output's own class ('is-pending': the result shown is for an earlier input). */
  className?: string;
  /** Shown beside the output (a spinner), in a row of this class. */
  beside?: { className: string; content: ReactNode };
  /** Under the output (the rate and its source). */
  children?: ReactNode;
}

/**
 * What a screen reader hears of the result: nothing before the visitor acts (a shared
 * address, an embedded value), then the result once it holds: while the value is typed,
 * after the pause the Value field's message waits for (not "3.28084 ft", "39.370079 ft" on
 * the way to 12.5 m), otherwise (From, To, Swap, Decimals, Enter, a replay) at once. A
 * result on its way or for an earlier input keeps what was last said.
 */
function useSaidResult(card: Card, text: string, hold: boolean): string {
  const [said, setSaid] = useState('');
  const { acted, typing, value } = card;
  useEffect(() => {
    if (!acted || hold) return;
    if (!typing) {
      setSaid(text);
      return;
    }
    const timer = setTimeout(() => setSaid(text), MESSAGE_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [acted, hold, typing, text, value]);
  return said;
}

export function ResultField({ card, valueLabel, result, busy, current = true, className, beside, children }: ResultProps) {
  const id = card.id;
  const text = result === null ? '' : result.unit === '' ? result.value : `${result.value} ${result.unit}`;
  const said = useSaidResult(card, text, busy || !current);
  // The output shows every result as it is typed, so it is no live region (an <output> is a
  // polite one by default): the results are announced once, by the hidden line after it.
  const output = (
    <output id={`${id}-result`} htmlFor={`${id}-${valueLabel.toLowerCase()} ${id}-from ${id}-to`} aria-live="off" aria-busy={busy ? true : undefined} className={className}>
      {result !== null && (
        <>
          <span className="result-value">{result.value}</span>
          {result.unit !== '' && (
            <>
              {' '}
              <span className="result-unit">{result.unit}</span>
            </>
          )}
        </>
      )}
    </output>
  );
  return (
    <div className="field converter-result">
      <label htmlFor={`${id}-result`}>Result</label>
      {beside === undefined ? (
        output
      ) : (
        <div className={beside.className}>
          {output}
          {beside.content}
        </div>
      )}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {said}
      </p>
      {children}
    </div>
  );
}
