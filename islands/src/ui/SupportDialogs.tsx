// The support and premium popups of the floating buttons (components/FloatingActions.tsx),
// fetched when a button is first pressed: a page carries only the two buttons until then.
// The popups are native modal dialogs: focus moves in, Escape closes, the page behind is
// inert, and focus returns to the button. No payment is processed anywhere, and the
// popups say so.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useModalDialog } from '../lib/dialog.ts';
import CloseButton from './CloseButton.tsx';
import { toast } from '../lib/toast.ts';
import type { Asked } from './usePopup.ts';
import { CUSTOM_MAX, CUSTOM_MIN, DONATION_PRESETS, PREMIUM_TOAST, customAmountError, thankYou } from '../lib/support.ts';

export type SupportDialog = 'support' | 'premium';

interface Props {
  /** The popup to open, again each time `n` changes (a press of its button). */
  asked: Asked<SupportDialog>;
  /** The icons the buttons show, repeated at the top of their popups. */
  icons: Record<SupportDialog, ReactNode>;
}

// What Premium would add: only what no card offers free. Batch conversion, every unit at
// once and CSV downloads are on every card already, and stay free (FREE_NOTE says so).
const PREMIUM_FEATURES = [
  ['Custom conversion formulas', 'Define your own units and factors.'],
  ['Export to PDF/Excel', 'Formatted conversion tables and your history as PDF or Excel files.'],
  ['Priority support', 'Your questions answered first.'],
] as const;
const FREE_NOTE = 'Extras for people who convert a lot. Batch conversion, every unit at once and CSV downloads are free on every converter, and everything free today stays free.';

export default function SupportDialogs({ asked, icons }: Props) {
  // Fixed, not useId(): islands are separate React roots whose generated ids can collide.
  const id = 'fab';
  const support = useModalDialog();
  const premium = useModalDialog();
  const [custom, setCustom] = useState('');
  const [customError, setCustomError] = useState<string | undefined>();
  const customInput = useRef<HTMLInputElement>(null);
  const openSupport = support.open;
  const openPremium = premium.open;

  useEffect(() => {
    if (asked.which === 'support') openSupport();
    else openPremium();
  }, [asked, openSupport, openPremium]);

  // A fresh form each time the popup opens.
  useEffect(() => {
    if (support.isOpen) return;
    setCustom('');
    setCustomError(undefined);
  }, [support.isOpen]);

  const give = (choice: number | 'custom') => {
    support.close();
    toast(thankYou(choice));
  };
  const giveCustom = (e: FormEvent) => {
    e.preventDefault();
    const problem = customAmountError(custom);
    setCustomError(problem);
    if (problem) customInput.current?.focus();
    else give('custom');
  };

  return (
    <>
      <dialog ref={support.ref} className="modal" aria-labelledby={`${id}-sh`} aria-describedby={`${id}-sd`}>
        <div className="modal-body">
          <CloseButton onClick={support.close} />
          <div className="modal-icon modal-icon-support">{icons.support}</div>
          <h2 id={`${id}-sh`}>Support Unitly</h2>
          <p id={`${id}-sd`}>Unitly is free, with no sign-up. If it saves you time, a small contribution helps keep it fast and free for everyone.</p>
          <p className="modal-note">Payments are not enabled yet — nothing will be charged.</p>
          <div className="amounts" role="group" aria-label="Choose an amount">
            {DONATION_PRESETS.map((a) => (
              <button key={a} type="button" className="amount" onClick={() => give(a)}>
                {`$${a}`}
              </button>
            ))}
          </div>
          <form className="custom-amount" noValidate onSubmit={giveCustom}>
            <div className="field">
              <label htmlFor={`${id}-custom`}>Custom amount (US$)</label>
              <div className="inline-row">
                <input
                  ref={customInput}
                  id={`${id}-custom`}
                  type="number"
                  inputMode="decimal"
                  min={CUSTOM_MIN}
                  max={CUSTOM_MAX}
                  step="0.01"
                  placeholder="e.g. 7.50"
                  value={custom}
                  onChange={(e) => {
                    setCustom(e.target.value);
                    if (customError !== undefined) setCustomError(customAmountError(e.target.value));
                  }}
                  aria-invalid={customError ? true : undefined}
                  aria-describedby={customError ? `${id}-custom-error` : undefined}
                />
                <button className="button">
                  Give this amount
                </button>
              </div>
              {customError && (
                <p id={`${id}-custom-error`} className="field-error">
                  {customError}
                </p>
              )}
            </div>
          </form>
          <div className="modal-actions">
            <button type="button" className="button button-secondary" onClick={support.close}>
              Maybe Later
            </button>
          </div>
        </div>
      </dialog>

      <dialog ref={premium.ref} className="modal" aria-labelledby={`${id}-ph`} aria-describedby={`${id}-pd`}>
        <div className="modal-body">
          <CloseButton onClick={premium.close} />
          <div className="modal-icon modal-icon-premium">{icons.premium}</div>
          <h2 id={`${id}-ph`}>Unitly Premium</h2>
          <p className="price">
            <span className="price-amount">$4.99</span>/month
          </p>
          <p id={`${id}-pd`}>{FREE_NOTE}</p>
          <ul className="premium-features">
            {PREMIUM_FEATURES.map(([title, text]) => (
              <li key={title}>
                <strong>{title}</strong>
                <span>{text}</span>
              </li>
            ))}
          </ul>
          <p className="modal-note">Premium is not available yet — there is nothing to buy and nothing will be charged.</p>
          <div className="modal-actions">
            <button type="button" className="button button-secondary" onClick={premium.close}>
              Continue Free
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                premium.close();
                toast(PREMIUM_TOAST);
              }}
            >
              Get Early Access
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
