// What the contact form and the newsletter box say when a post did not go through, in one
// table: a new way for a post to fail (a new SubmitOutcome kind from readOutcome) gets its
// row here, with each form's sentence, and both forms show it.
import type { SubmitOutcome } from './validate.ts';

export type FormName = 'contact' | 'newsletter';

export const FORM_NOTICES = {
  network: {
    contact: 'Your message could not be sent: Unitly could not be reached. Check your connection and try again.',
    newsletter: 'You could not be subscribed: Unitly could not be reached. Check your connection and try again.',
  },
  refused: {
    contact: 'Your message could not be sent. Please shorten it and try again.',
    newsletter: 'You could not be subscribed. Please check the address and try again.',
  },
  limited: {
    contact: 'Too many attempts — please try again in a minute.',
    newsletter: 'Too many attempts — please try again in a minute.',
  },
  challenge: {
    contact: 'Please complete the security check above, then send again.',
    newsletter: 'Please complete the security check, then subscribe again.',
  },
  // 409 token-used: another post already used this form's one-time token, so this one was
  // not delivered (the token is replaced; pressing the button again sends it).
  used: {
    contact: "Your message was not sent: this form's one-time code had already been used by another send. Press Send Message to send it with a new one.",
    newsletter: "You were not subscribed: this form's one-time code had already been used by another send. Press Subscribe to try again with a new one.",
  },
  // 502 delivery-unknown: the mail service took the post but did not answer in time.
  unknown: {
    contact: "We could not confirm that your message was sent: it may still reach us. If you get no reply within 24 hours, please send it again.",
    newsletter: 'We could not confirm that the confirmation email was sent. If it has not arrived in a few minutes, please subscribe again.',
  },
  unavailable: {
    contact: 'Your message could not be sent right now: the contact form is not available at the moment.',
    newsletter: 'You could not be subscribed right now: the newsletter is not available at the moment. Please try again later.',
  },
} as const satisfies Record<string, Record<FormName, string>>;

export type FormNotice = keyof typeof FORM_NOTICES;

/** The notice for an outcome the form cannot act on itself; one without a row of its own reads as unavailable. */
export function noticeFor(outcome: SubmitOutcome): FormNotice {
  return Object.prototype.hasOwnProperty.call(FORM_NOTICES, outcome.kind) ? (outcome.kind as FormNotice) : 'unavailable';
}
