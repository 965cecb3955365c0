// The contact form: name, email, subject and message, all required, with inline errors
// tied to their fields. It posts to /api/contact (the edge function validates again,
// checks the form token, honeypot, rate limit and optional Turnstile, and forwards the
// message). Sent: a toast and cleared fields. Not sent: the form says why, keeps every
// word typed, and offers the email address instead.
import { useRef, useState, type FormEvent } from 'react';
import { toast } from '../lib/toast.ts';
import Field, { EMAIL_INPUT } from '../ui/Field.tsx';
import { useGuardedForm } from '../ui/useGuardedForm.tsx';
import {
  CONTACT_FIELDS,
  CONTACT_SUBJECTS,
  LIMITS,
  contactFieldError,
  trimmed,
  validateContact,
  type ContactField,
  type ContactValues,
  type Errors,
} from '../lib/validate.ts';

interface Props {
  /** Where to write instead when the form cannot send (site.contact.general). */
  email: string;
  /** Turnstile's site key (site.turnstile.site_key); empty: no Turnstile. */
  turnstile?: string;
}

const EMPTY: ContactValues = { name: '', email: '', subject: '', message: '' };

export default function ContactForm({ email, turnstile }: Props) {
  // Fixed, not useId(): islands are separate React roots whose generated ids can collide.
  const id = 'contact';
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [errors, setErrors] = useState<Errors<ContactField>>({});
  const form = useGuardedForm('contact', id, turnstile);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    subject: useRef<HTMLSelectElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
  };

  const fid = (f: ContactField) => `${id}-${f}`;
  const set = (f: ContactField, v: string) => {
    setValues((old) => ({ ...old, [f]: v }));
    // An error already shown updates as the visitor fixes it.
    if (errors[f] !== undefined) setErrors((old) => ({ ...old, [f]: contactFieldError(f, v) }));
  };
  const blur = (f: ContactField) => {
    // Leaving an untouched empty field is not a mistake yet; leaving a wrong one is.
    if (values[f].trim() === '' && errors[f] === undefined) return;
    setErrors((old) => ({ ...old, [f]: contactFieldError(f, values[f]) }));
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (form.sending) return;
    const found = validateContact(values);
    setErrors(found);
    const first = CONTACT_FIELDS.find((f) => found[f]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    const outcome = await form.send(trimmed(values));
    if (outcome?.kind === 'sent') {
      setValues(EMPTY);
      setErrors({});
      toast({ title: 'Message sent!', description: 'Thanks for reaching out. We reply within 24 hours.' });
    } else if (outcome?.kind === 'invalid') {
      const f = (CONTACT_FIELDS as string[]).includes(outcome.field) ? (outcome.field as ContactField) : 'message';
      setErrors({ [f]: contactFieldError(f, values[f]) ?? 'Please check this field and try again.' });
      refs[f].current?.focus();
    }
  }

  const subjectLabel = CONTACT_SUBJECTS.find((s) => s.value === values.subject)?.label ?? 'Message';
  const mailto = `mailto:${email}?subject=${encodeURIComponent(`${subjectLabel} (from the Unitly contact form)`)}&body=${encodeURIComponent(values.message.slice(0, 1500))}`;

  return (
    <form className="contact-form" {...form.formProps} onSubmit={onSubmit}>
      <p className="field-hint">All fields are required.</p>
      <div className="form-row">
        <Field id={fid('name')} label="Name" error={errors.name}>
          {(control) => (
            <input
              ref={refs.name}
              {...control}
              name="name"
              type="text"
              autoComplete="name"
              required
              maxLength={LIMITS.name}
              value={values.name}
              onChange={(e) => set('name', e.target.value)}
              onBlur={() => blur('name')}
            />
          )}
        </Field>
        <Field id={fid('email')} label="Email" error={errors.email}>
          {(control) => (
            <input
              ref={refs.email}
              {...control}
              {...EMAIL_INPUT}
              value={values.email}
              onChange={(e) => set('email', e.target.value)}
              onBlur={() => blur('email')}
            />
          )}
        </Field>
      </div>
      <Field id={fid('subject')} label="Subject" error={errors.subject}>
        {(control) => (
          <select
            ref={refs.subject}
            {...control}
            name="subject"
            required
            value={values.subject}
            onChange={(e) => set('subject', e.target.value)}
            onBlur={() => blur('subject')}
          >
            <option value="">Choose a subject…</option>
            {CONTACT_SUBJECTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id={fid('message')}
        label="Message"
        error={errors.message}
        hint="For a wrong result, include the value, both units and what you expected."
      >
        {(control) => (
          <textarea
            ref={refs.message}
            {...control}
            name="message"
            required
            rows={6}
            maxLength={LIMITS.message}
            value={values.message}
            onChange={(e) => set('message', e.target.value)}
            onBlur={() => blur('message')}
          />
        )}
      </Field>
      {form.guards}
      {form.notice !== null && (
        <div className="form-notice" role="alert">
          <p>
            {form.notice} Your text is still here.
          </p>
          <p>
            You can also email us at <a href={`mailto:${email}`}>{email}</a>
            {values.message.trim() ? (
              <>
                {' '}
                (<a href={mailto}>open your email app with this message</a>)
              </>
            ) : null}
            .
          </p>
        </div>
      )}
      <div className="form-actions">
        {/* Busy, it stays focusable (aria-disabled): a disabled button drops the focus to <body>. */}
        <button className="button" disabled={!form.ready} aria-disabled={form.sending || undefined}>
          {form.sending ? 'Sending…' : 'Send Message'}
        </button>
      </div>
    </form>
  );
}
