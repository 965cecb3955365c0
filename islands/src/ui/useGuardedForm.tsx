// What the contact form and the newsletter box share: the abuse guards the edge checks (a
// form token fetched when the visitor starts on the form, the honeypot, Turnstile when the
// site has a key), the post itself, and the notice shown when it did not go through
// (lib/formNotices.ts). A form keeps its fields, their checks and what it does once sent.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormGuard } from '../lib/formGuard.ts';
import { FORM_NOTICES, noticeFor, type FormName, type FormNotice } from '../lib/formNotices.ts';
import type { SubmitOutcome } from '../lib/validate.ts';
import FormTrap from './FormTrap.tsx';
import { useTurnstile } from './Turnstile.tsx';

export interface GuardedForm {
  /** On the <form>: the first focus starts the guards. */
  formProps: { noValidate: true; onFocus: () => void; 'aria-busy': boolean };
  /** The honeypot and the Turnstile widget, placed after the form's fields. */
  guards: ReactNode;
  /** Why the last post did not go through, in this form's words, or null. */
  notice: string | null;
  sending: boolean;
  /** False until hydrated: the submit button waits for it. */
  ready: boolean;
  /**
   * Posts `body` with the guards. A sent post or a field the edge refused comes back for
   * the form to handle; anything else is shown as the notice and comes back as null.
   */
  send(body: Record<string, string>): Promise<Extract<SubmitOutcome, { kind: 'sent' | 'invalid' }> | null>;
}

/** `id` prefixes the honeypot's id; the post goes to the form's route on the edge. */
export function useGuardedForm(form: FormName, id: string, turnstile: string | undefined): GuardedForm {
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const [ready, setReady] = useState(false);
  const guard = useRef<FormGuard | null>(null);
  const trap = useRef<HTMLInputElement>(null);
  const check = useTurnstile(turnstile);
  useEffect(() => setReady(true), []);

  /** The visitor started on the form: get its token (and Turnstile) now, not on page load. */
  const start = (): void => {
    guard.current ??= new FormGuard();
    guard.current.prepare();
    check.start();
  };

  const send: GuardedForm['send'] = async (body) => {
    if (check.token === '') {
      setNotice('challenge');
      return null;
    }
    setSending(true);
    setNotice(null);
    start();
    const outcome = await guard.current!.send(form === 'contact' ? '/api/contact' : '/api/subscribe', body, trap.current?.value ?? '', check.token);
    if (check.token !== undefined) check.reset();
    setSending(false);
    if (outcome.kind === 'sent' || outcome.kind === 'invalid') return outcome;
    setNotice(noticeFor(outcome));
    return null;
  };

  return {
    formProps: { noValidate: true, onFocus: start, 'aria-busy': sending },
    guards: (
      <>
        <FormTrap id={`${id}-leave-empty`} inputRef={trap} />
        {check.widget}
      </>
    ),
    notice: notice === null ? null : FORM_NOTICES[notice][form],
    sending,
    ready,
    send,
  };
}
