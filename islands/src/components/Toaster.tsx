// @island-chunk chrome
// The page's notification region: announced politely to screen readers, destructive
// toasts assertively. Server-rendered empty so the live region exists before any toast.
import { useEffect, useState } from 'react';
import { currentToasts, dismissToast, subscribeToasts, TOAST_DURATION_MS, type Toast } from '../lib/toast.ts';

function ToastItem({ toast }: { toast: Toast }) {
  const action = toast.action;
  useEffect(() => {
    // A toast that offers an action waits for the visitor; the others go by themselves.
    if (action) return;
    const timer = setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id, action]);
  // The role sits inside the <li>: a list item may not be a status or alert itself.
  return (
    <li className="toast-item">
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

export default function Toaster() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(() => {
    setToasts(currentToasts());
    return subscribeToasts(setToasts);
  }, []);
  return (
    <section className="toaster" aria-label="Notifications" aria-live="polite">
      <ol>
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
      </ol>
    </section>
  );
}
