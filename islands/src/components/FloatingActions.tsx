// @island-chunk runtime
// The floating support and premium buttons (with tooltips). The popups they open
// (ui/SupportDialogs.tsx) are fetched when a button is first pressed, so a page carries
// only the buttons: the service worker stores the popups' file with every other client
// file, so they open offline too.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { lazyChunk } from '../lib/lazyChunk.ts';
import { tooltipTiming } from '../lib/tooltip.ts';
import { usePopup } from '../ui/usePopup.ts';
import type { default as SupportDialogs, SupportDialog } from '../ui/SupportDialogs.tsx';

const dialogsChunk = lazyChunk(() => import('../ui/SupportDialogs.tsx').then((m) => m.default));

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

const ICONS = { support: HEART, premium: SPARKLE };

export default function FloatingActions() {
  const [Dialogs, asked, ask] = usePopup<typeof SupportDialogs, SupportDialog>(dialogsChunk, 'the support and premium popups');

  return (
    <>
      <div className="floating-actions">
        <TooltipButton id="fab-premium-tip" label="Premium features" tooltip="Premium features: coming soon" className="fab fab-premium" onClick={() => ask('premium')}>
          {SPARKLE}
        </TooltipButton>
        <TooltipButton id="fab-support-tip" label="Support Unitly" tooltip="Support Unitly: help keep it free" className="fab fab-support" onClick={() => ask('support')}>
          {HEART}
        </TooltipButton>
      </div>
      {Dialogs && asked && <Dialogs asked={asked} icons={ICONS} />}
    </>
  );
}
