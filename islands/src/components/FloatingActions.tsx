// @island-chunk chrome
// The floating support and premium buttons (with tooltips) and the two popups they open.
// The popups are native modal dialogs: focus moves in, Escape closes, the page behind is
// inert, and focus returns to the button. No payment is processed anywhere, and the
// popups say so.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useModalDialog } from '../lib/dialog.ts';
import CloseButton from '../ui/CloseButton.tsx';
import { toast } from '../lib/toast.ts';
import { tooltipTiming } from '../lib/tooltip.ts';
import { CUSTOM_MAX, CUSTOM_MIN, DONATION_PRESETS, PREMIUM_TOAST, customAmountError, thankYou } from '../lib/support.ts';

/** A button with a tooltip: shown on hover (after the shared delay) and on keyboard focus. */
function TooltipButton(props: { id: string; label: string; tooltip: string; className: string; onClick: () => void; children: ReactNode }) {
  const id = props.id;
  const [shown, setShown] = useState(false);
  const isShown = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = () => {
    clearTimeout(timer.current);
    if (isShown.current) return;
    isShown.current = true;
    tooltipTiming.opened();
    setShown(true);
  };
  const hide = () => {
    clearTimeout(timer.current);
    if (!isShown.current) return;
    isShown.current = false;
    tooltipTiming.closed();
    setShown(false);
  };
  const showSoon = () => {
    clearTimeout(timer.current);
    const delay = tooltipTiming.delay();
    if (delay === 0) show();
    else timer.current = setTimeout(show, delay);
  };

  useEffect(() => {
    if (!shown) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shown]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <span className="tooltip-anchor">
      <button
        type="button"
        className={props.className}
        aria-label={props.label}
        aria-describedby={id}
        onClick={() => {
          hide();
          props.onClick();
        }}
        onPointerEnter={(e) => e.pointerType === 'mouse' && showSoon()}
        onPointerLeave={hide}
        onPointerDown={hide}
        onFocus={(e) => e.currentTarget.matches(':focus-visible') && show()}
        onBlur={hide}
      >
        {props.children}
      </button>
      <span role="tooltip" id={id} className="tooltip" hidden={!shown}>
        {props.tooltip}
      </span>
    </span>
  );
}

const HEART = (
  <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="currentColor">
    <path d="M12 21s-7.5-4.6-9.6-9.1C.9 8.6 2.8 5 6.3 4.6c2.1-.2 3.9.9 5.7 3 1.8-2.1 3.6-3.2 5.7-3 3.5.4 5.4 4 3.9 7.3C19.5 16.4 12 21 12 21z" />
  </svg>
);
const SPARKLE = (
  <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="currentColor">
    <path d="M12 2l2.2 6.1L20 10l-5.8 1.9L12 18l-2.2-6.1L4 10l5.8-1.9L12 2zM19 15l1 2.6 2.5 1-2.5 1L19 22l-1-2.4-2.5-1 2.5-1L19 15z" />
  </svg>
);

// What Premium would add: only what no card offers free. Batch conversion, every unit at
// once and CSV downloads are on every card already, and stay free (FREE_NOTE says so).
const PREMIUM_FEATURES = [
  ['Custom conversion formulas', 'Define your own units and factors.'],
  ['Export to PDF/Excel', 'Formatted conversion tables and your history as PDF or Excel files.'],
  ['Priority support', 'Your questions answered first.'],
] as const;
const FREE_NOTE = 'Extras for people who convert a lot. Batch conversion, every unit at once and CSV downloads are free on every converter, and everything free today stays free.';

export default function FloatingActions() {
  // Fixed, not useId(): islands are separate React roots whose generated ids can collide.
  const id = 'fab';
  const support = useModalDialog();
  const premium = useModalDialog();
  const [custom, setCustom] = useState('');
  const [customError, setCustomError] = useState<string | undefined>();
  const customInput = useRef<HTMLInputElement>(null);

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
      <div className="floating-actions">
        <TooltipButton id="fab-premium-tip" label="Premium features" tooltip="Premium features: coming soon" className="fab fab-premium" onClick={premium.open}>
          {SPARKLE}
        </TooltipButton>
        <TooltipButton id="fab-support-tip" label="Support Unitly" tooltip="Support Unitly: help keep it free" className="fab fab-support" onClick={support.open}>
          {HEART}
        </TooltipButton>
      </div>

      <dialog ref={support.ref} className="modal" aria-labelledby={`${id}-sh`} aria-describedby={`${id}-sd`}>
        <div className="modal-body">
          <CloseButton onClick={support.close} />
          <div className="modal-icon modal-icon-support">{HEART}</div>
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
          <div className="modal-icon modal-icon-premium">{SPARKLE}</div>
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
