// The purpose checkboxes and the three choices after them, shared by the consent banner's
// Customize popup and the cookies page.
import { ACCEPT_ALL, PURPOSES, REJECT_ALL, type Purpose } from '../lib/consent.ts';
import { PURPOSE_TEXT } from '../lib/consentText.ts';

export type Draft = Record<Purpose, boolean>;

export function ConsentChoices({ idPrefix, value, onChange }: { idPrefix: string; value: Draft; onChange: (next: Draft) => void }) {
  return (
    <fieldset className="consent-choices">
      <legend>Choose what to allow</legend>
      <div className="consent-choice">
        <input type="checkbox" id={`${idPrefix}-essential`} checked disabled aria-describedby={`${idPrefix}-essential-text`} />
        <label htmlFor={`${idPrefix}-essential`}>{`${PURPOSE_TEXT.essential.label} (always on)`}</label>
        <p id={`${idPrefix}-essential-text`} className="field-hint">
          {PURPOSE_TEXT.essential.text}
        </p>
      </div>
      {PURPOSES.map((p) => (
        <div className="consent-choice" key={p}>
          <input
            type="checkbox"
            id={`${idPrefix}-${p}`}
            checked={value[p]}
            onChange={(e) => onChange({ ...value, [p]: e.target.checked })}
            aria-describedby={`${idPrefix}-${p}-text`}
          />
          <label htmlFor={`${idPrefix}-${p}`}>{PURPOSE_TEXT[p].label}</label>
          <p id={`${idPrefix}-${p}-text`} className="field-hint">
            {PURPOSE_TEXT[p].text}
          </p>
        </div>
      ))}
    </fieldset>
  );
}

/** Save choices (the form's submit), Reject non-essential and Accept all (`choose` with them). */
export function ConsentActions({ className, choose }: { className: string; choose: (choices: Draft) => void }) {
  return (
    <div className={className}>
      <button className="button">Save choices</button>
      <button type="button" className="button button-secondary" onClick={() => choose(REJECT_ALL)}>
        Reject non-essential
      </button>
      <button type="button" className="button button-secondary" onClick={() => choose(ACCEPT_ALL)}>
        Accept all
      </button>
    </div>
  );
}
