// The blog's 'Stay Updated' box: an email address, checked here and again by the edge
// function (/api/subscribe), which guards it like the contact form and mails the address a
// confirmation link (double opt-in): the subscription counts once its owner opens it.
import { useRef, useState, type FormEvent } from 'react';
import { toast } from '../lib/toast.ts';
import Field, { EMAIL_INPUT } from '../ui/Field.tsx';
import { useGuardedForm } from '../ui/useGuardedForm.tsx';
import { emailError } from '../lib/validate.ts';

interface Props {
  /** Turnstile's site key (site.turnstile.site_key); empty: no Turnstile. */
  turnstile?: string;
}

export default function Newsletter({ turnstile }: Props = {}) {
  // Fixed, not useId(): islands are separate React roots whose generated ids can collide.
  const id = 'newsletter';
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const form = useGuardedForm('newsletter', id, turnstile);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (form.sending) return;
    const problem = emailError(email);
    setError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    const address = email.trim();
    const outcome = await form.send({ email: address });
    if (outcome?.kind === 'sent') {
      setEmail('');
      toast({ title: 'Check your inbox to confirm', description: `We sent a link to ${address}. Your subscription starts when you open it.` });
    } else if (outcome?.kind === 'invalid') {
      setError(emailError(email) ?? 'Please enter a valid email address, like name@example.com.');
      input.current?.focus();
    }
  }

  return (
    <form className="newsletter-form" {...form.formProps} onSubmit={onSubmit}>
      <Field id={`${id}-email`} label="Email address" error={error} errorId={`${id}-error`}>
        {(control) => (
          <div className="inline-row">
            <input
              ref={input}
              {...control}
              {...EMAIL_INPUT}
              placeholder="you@example.com"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                if (error !== undefined) setError(emailError(e.target.value));
              }}
              onBlur={() => {
                if (email.trim() !== '' || error !== undefined) setError(emailError(email));
              }}
            />
            {/* Busy, it stays focusable (aria-disabled): a disabled button drops the focus to <body>. */}
            <button className="button" disabled={!form.ready} aria-disabled={form.sending || undefined}>
              {form.sending ? 'Subscribing…' : 'Subscribe'}
            </button>
          </div>
        )}
      </Field>
      {form.guards}
      {form.notice !== null && (
        <p className="form-notice" role="alert">
          {form.notice}
        </p>
      )}
    </form>
  );
}
