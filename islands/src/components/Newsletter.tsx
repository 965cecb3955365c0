// The blog's 'Stay Updated' box: an email address, checked here and again by the edge
// function (/api/subscribe), which guards it like the contact form and mails the address a
// confirmation link (double opt-in): the subscription counts once its owner opens it.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormGuard } from '../lib/formGuard.ts';
import { toast } from '../lib/toast.ts';
import Field, { EMAIL_INPUT } from '../ui/Field.tsx';
import FormTrap from '../ui/FormTrap.tsx';
import { useTurnstile } from '../ui/Turnstile.tsx';
import { emailError, type SubmitOutcome } from '../lib/validate.ts';

type Notice = 'unavailable' | 'network' | 'refused' | 'limited' | 'challenge' | null;

interface Props {
  /** Turnstile's site key (site.turnstile.site_key); empty: no Turnstile. */
  turnstile?: string;
}

export default function Newsletter({ turnstile }: Props = {}) {
  // Fixed, not useId(): islands are separate React roots whose generated ids can collide.
  const id = 'newsletter';
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [ready, setReady] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const guard = useRef<FormGuard | null>(null);
  const trap = useRef<HTMLInputElement>(null);
  const check = useTurnstile(turnstile);
  useEffect(() => setReady(true), []);

  /** The visitor started on the form: get its token (and Turnstile) now, not on page load. */
  const start = () => {
    guard.current ??= new FormGuard();
    guard.current.prepare();
    check.start();
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    const problem = emailError(email);
    setError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    if (check.token === '') {
      setNotice('challenge');
      return;
    }
    setSending(true);
    setNotice(null);
    start();
    const address = email.trim();
    const outcome: SubmitOutcome = await guard.current!.send('/api/subscribe', { email: address }, trap.current?.value ?? '', check.token);
    if (check.token !== undefined) check.reset();
    setSending(false);
    if (outcome.kind === 'sent') {
      setEmail('');
      toast({ title: 'Check your inbox to confirm', description: `We sent a link to ${address}. Your subscription starts when you open it.` });
    } else if (outcome.kind === 'invalid') {
      setError(emailError(email) ?? 'Please enter a valid email address, like name@example.com.');
      input.current?.focus();
    } else if (outcome.kind === 'network' || outcome.kind === 'refused' || outcome.kind === 'limited' || outcome.kind === 'challenge') {
      setNotice(outcome.kind);
    } else {
      setNotice('unavailable');
    }
  }

  return (
    <form className="newsletter-form" noValidate onSubmit={onSubmit} onFocus={start} aria-busy={sending}>
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
      <FormTrap id={`${id}-leave-empty`} inputRef={trap} />
      {check.widget}
      {notice && (
        <p className="form-notice" role="alert">
          {notice === 'network'
            ? 'You could not be subscribed: Unitly could not be reached. Check your connection and try again.'
            : notice === 'refused'
              ? 'You could not be subscribed. Please check the address and try again.'
              : notice === 'limited'
                ? 'Too many attempts — please try again in a minute.'
                : notice === 'challenge'
                  ? 'Please complete the security check, then subscribe again.'
                  : 'You could not be subscribed right now: the newsletter is not available at the moment. Please try again later.'}
        </p>
      )}
    </form>
  );
}
