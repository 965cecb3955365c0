// The blog's 'Stay Updated' box: an email address, checked here and again by the edge
// function (/api/subscribe), which hands it to the configured mailing list.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '../lib/toast.ts';
import Field, { EMAIL_INPUT } from '../ui/Field.tsx';
import { emailError, submitForm, type SubmitOutcome } from '../lib/validate.ts';

type Notice = 'unavailable' | 'network' | 'refused' | null;

export default function Newsletter() {
  // Fixed, not useId(): islands are separate React roots whose generated ids can collide.
  const id = 'newsletter';
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [ready, setReady] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setReady(true), []);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    const problem = emailError(email);
    setError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    setSending(true);
    setNotice(null);
    const outcome: SubmitOutcome = await submitForm('/api/subscribe', { email: email.trim() });
    setSending(false);
    if (outcome.kind === 'sent') {
      setEmail('');
      toast({ title: 'Subscribed!', description: 'New guides and conversion tips will arrive in your inbox.' });
    } else if (outcome.kind === 'invalid') {
      setError(emailError(email) ?? 'Please enter a valid email address, like name@example.com.');
      input.current?.focus();
    } else {
      setNotice(outcome.kind);
    }
  }

  return (
    <form className="newsletter-form" noValidate onSubmit={onSubmit} aria-busy={sending}>
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
            <button className="button" disabled={!ready || sending}>
              {sending ? 'Subscribing…' : 'Subscribe'}
            </button>
          </div>
        )}
      </Field>
      {notice && (
        <p className="form-notice" role="alert">
          {notice === 'network'
            ? 'You could not be subscribed: Unitly could not be reached. Check your connection and try again.'
            : notice === 'refused'
              ? 'You could not be subscribed. Please check the address and try again.'
              : 'You could not be subscribed right now: the newsletter is not available at the moment. Please try again later.'}
        </p>
      )}
    </form>
  );
}
