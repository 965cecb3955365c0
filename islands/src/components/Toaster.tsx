// @island-chunk runtime
// The page's notification region: announced politely to screen readers, destructive
// toasts assertively. Server-rendered empty so the live region exists before any toast.
//
// A toast without an action goes by itself after TOAST_DURATION_MS, but not while it has the
// focus or the pointer (someone is reading it, or zoomed in on it): the time starts again when
// they leave. A toast that goes while it holds the focus (its ×, its action, or pushed out by
// newer ones) hands the focus to the next toast's ×, or, when none is left, back to where it
// was before it entered the toasts, never to <body>.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FocusReturn } from '../lib/focus.ts';
import { currentToasts, dismissToast, subscribeToasts, TOAST_DURATION_MS, type Toast } from '../lib/toast.ts';

function ToastItem({ toast }: { toast: Toast }) {
  const action = toast.action;
  const [focused, setFocused] = useState(false);
  const [pointed, setPointed] = useState(false);
  useEffect(() => {
    // A toast that offers an action waits for the visitor; the others go by themselves.
    if (action || focused || pointed) return;
    const timer = setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id, action, focused, pointed]);
  // The role sits inside the <li>: a list item may not be a status or alert itself.
  return (
    <li
      className="toast-item"
      data-toast-id={toast.id}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onPointerEnter={() => setPointed(true)}
      onPointerLeave={() => setPointed(false)}
    >
      <div className={`toast toast-${toast.variant}`} role={toast.variant === 'destructive' ? 'alert' : 'status'}>
        <div className="toast-text">
          <p className="toast-title">{toast.title}</p>
          {toast.description && <p className="toast-description">{toast.description}</p>}
        </div>
        {action && (
          <button
            type="button"
            className="button toast-action"
            onClick={() => {
              dismissToast(toast.id);
              action.run();
            }}
          >
            {action.label}
          </button>
        )}
        <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => dismissToast(toast.id)}>
          ×
        </button>
      </div>
    </li>
  );
}

/** The id of the toast whose element holds the focus, if any. */
function focusedToast(region: HTMLElement | null): number | null {
  const item = document.activeElement?.closest<HTMLElement>('[data-toast-id]');
  return item && region?.contains(item) ? Number(item.dataset.toastId) : null;
}

export default function Toaster() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const region = useRef<HTMLElement>(null);
  const focusReturn = useRef(new FocusReturn());
  // Where the focus goes once the toasts are drawn: a toast's id, or 'back'.
  const pendingFocus = useRef<number | 'back' | null>(null);
  const moving = useRef(false);

  useEffect(() => {
    let shown = currentToasts();
    setToasts(shown);
    return subscribeToasts((next) => {
      // Read before React removes the focused toast, which drops the focus to <body>.
      const held = focusedToast(region.current);
      if (held !== null && !next.some((t) => t.id === held)) {
        const at = shown.findIndex((t) => t.id === held);
        const stays = (t: Toast) => next.some((n) => n.id === t.id);
        const after = shown.slice(at + 1).find(stays);
        const before = shown.slice(0, at).reverse().find(stays);
        pendingFocus.current = (after ?? before)?.id ?? 'back';
      }
      shown = next;
      setToasts(next);
    });
  }, []);

  useLayoutEffect(() => {
    const target = pendingFocus.current;
    if (target === null) return;
    pendingFocus.current = null;
    const close = region.current?.querySelector<HTMLElement>(`[data-toast-id="${target}"] .toast-close`);
    if (close) {
      // Not an entry from outside: the removed toast's focus had already dropped to <body>.
      moving.current = true;
      close.focus();
      moving.current = false;
    } else focusReturn.current.restore();
  }, [toasts]);

  // A toast must not hide the control that was just pressed (WCAG 2.4.11): on a short window
  // (a phone on its side, 400 % zoom) the page scrolls it up above the toasts.
  useLayoutEffect(() => {
    const list = region.current?.querySelector('ol');
    const focused = document.activeElement;
    if (!list || !(focused instanceof HTMLElement) || focused === document.body || region.current?.contains(focused)) return;
    const t = list.getBoundingClientRect();
    const f = focused.getBoundingClientRect();
    if (t.height === 0 || f.bottom <= t.top || f.top >= t.bottom || f.right <= t.left || f.left >= t.right) return;
    window.scrollBy({ top: f.bottom - t.top + 8, behavior: 'instant' });
  }, [toasts]);

  return (
    <section
      ref={region}
      className="toaster"
      aria-label="Notifications"
      aria-live="polite"
      onFocus={(e) => moving.current || focusReturn.current.entered(e.currentTarget, e.relatedTarget)}
    >
      <ol>
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
      </ol>
    </section>
  );
}
