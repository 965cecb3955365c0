// One labelled form field: label, control, optional hint and inline error, with the
// control's aria-invalid and aria-describedby kept in step with the error and hint.
// The control is a render prop so each form keeps its own input, select or textarea.
import type { ReactNode } from 'react';
import { LIMITS } from '../lib/validate.ts';

export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface Props {
  /** The control's id; the hint and error are `${id}-hint` and `${id}-error` by default. */
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Overrides the error paragraph's id (kept stable for existing pages). */
  errorId?: string;
  children: (control: ControlProps) => ReactNode;
}

export default function Field({ id, label, error, hint, errorId = `${id}-error`, children }: Props) {
  const hintId = hint ? `${id}-hint` : undefined;
  // The error comes first so screen readers announce it before the standing hint.
  const describedBy = [error ? errorId : '', hintId ?? ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** What every email control shares (contact form, newsletter). */
export const EMAIL_INPUT = { name: 'email', type: 'email', autoComplete: 'email', inputMode: 'email', required: true, maxLength: LIMITS.email } as const;
