// One toast store for the whole page. Islands are separate React roots, so they talk
// through this module (bundled once, in a shared chunk) rather than through context.
// Toasts raised before the Toaster hydrates are kept and shown when it does.

export type ToastVariant = 'default' | 'destructive';

/** A button in the toast (such as 'Reload'); a toast with one stays until it is used or dismissed. */
export interface ToastAction {
  label: string;
  run: () => void;
}

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  action?: ToastAction;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
}

export const TOAST_DURATION_MS = 5000;
const MAX_VISIBLE = 3;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<(toasts: Toast[]) => void>();

function emit(): void {
  for (const l of listeners) l(toasts);
}

export function toast(input: ToastInput): number {
  const t: Toast = { id: nextId++, title: input.title, description: input.description, variant: input.variant ?? 'default', action: input.action };
  toasts = [t, ...toasts].slice(0, MAX_VISIBLE);
  emit();
  return t.id;
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function currentToasts(): Toast[] {
  return toasts;
}

export function subscribeToasts(listener: (toasts: Toast[]) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
