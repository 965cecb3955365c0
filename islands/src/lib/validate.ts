// The rules the contact form and the newsletter box check before sending. The edge
// function (edge/src/forms.ts) checks the same rules again, because a browser can be
// bypassed: the text fields' rules are one file both sides import (formRules.ts), the
// limits come from content/units.yaml through the generated module, and the subjects are
// formRules.ts's one list.

import { LIMITS as SHARED_LIMITS } from '../generated/units.ts';
import { fieldProblem, subjectProblem } from './formRules.ts';

/** The longest fields, in characters: content/units.yaml `limits`, which the edge enforces too. */
export const LIMITS = { name: SHARED_LIMITS.nameChars, email: SHARED_LIMITS.emailChars, message: SHARED_LIMITS.messageChars } as const;

/** The subject select (formRules.ts, which the edge accepts the same list from). */
export { CONTACT_SUBJECTS } from './formRules.ts';

export type ContactField = 'name' | 'email' | 'subject' | 'message';
export type ContactValues = Record<ContactField, string>;
export type Errors<F extends string> = Partial<Record<F, string>>;

export const CONTACT_FIELDS: ContactField[] = ['name', 'email', 'subject', 'message'];

/** The message for one email field, or undefined when it is fine (formRules.ts, which the edge shares). */
export function emailError(value: string): string | undefined {
  return fieldProblem('email', value);
}

export function contactFieldError(field: ContactField, raw: string): string | undefined {
  return field === 'subject' ? subjectProblem(raw) : fieldProblem(field, raw);
}

/** Every field's error; an empty object means the form can be sent. */
export function validateContact(values: ContactValues): Errors<ContactField> {
  const errors: Errors<ContactField> = {};
  for (const f of CONTACT_FIELDS) {
    const e = contactFieldError(f, values[f] ?? '');
    if (e) errors[f] = e;
  }
  return errors;
}

/** The trimmed body both forms send. */
export function trimmed<T extends Record<string, string>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as T;
}

/** What a form submission came to, read from the edge function's answer. */
export type SubmitOutcome =
  | { kind: 'sent' }
  | { kind: 'invalid'; field: string }
  | { kind: 'unavailable' } // 503 not-configured, 502 webhook down, 5xx
  | { kind: 'refused' } // 413, 415, malformed: not the visitor's typing
  | { kind: 'limited' } // 429: too many attempts from this address
  | { kind: 'token' } // 403 invalid-token: the form token was missing, stale or too young
  | { kind: 'used' } // 409 token-used: another post already used this form token; this one was not delivered
  | { kind: 'challenge' } // 403 turnstile-failed: the Turnstile check did not pass
  | { kind: 'unknown' } // 502 delivery-unknown: the receiver did not answer in time; it may have it
  | { kind: 'network' }; // no answer at all (offline, DNS, aborted)

export async function readOutcome(response: Response): Promise<SubmitOutcome> {
  if (response.ok) return { kind: 'sent' };
  let body: Record<string, unknown> = {};
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    // not JSON: judged by the status alone
  }
  if (response.status === 400 && body['error-type'] === 'invalid-field' && typeof body.field === 'string') {
    return { kind: 'invalid', field: body.field };
  }
  if (response.status === 429) return { kind: 'limited' };
  if (response.status === 403 && body['error-type'] === 'invalid-token') return { kind: 'token' };
  if (response.status === 403 && body['error-type'] === 'turnstile-failed') return { kind: 'challenge' };
  if (response.status === 409 && body['error-type'] === 'token-used') return { kind: 'used' };
  if (response.status === 502 && body['error-type'] === 'delivery-unknown') return { kind: 'unknown' };
  if (response.status >= 500) return { kind: 'unavailable' };
  return { kind: 'refused' };
}

/** POSTs JSON to one of the form routes and says what happened; never throws. */
export async function submitForm(
  path: '/api/contact' | '/api/subscribe',
  body: Record<string, string>,
  fetchImpl: typeof fetch = fetch,
): Promise<SubmitOutcome> {
  let response: Response;
  try {
    response = await fetchImpl(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { kind: 'network' };
  }
  return readOutcome(response);
}
