// What the contact form and the newsletter box accept, and the sentence that says what is
// wrong: one rule for both sides. The browser (validate.ts) checks it as the visitor types;
// the edge function (edge/src/forms.ts) imports this same file and checks again, because a
// browser can be bypassed, and answers a refused field with the same sentence.
// Its only import is the generated limits, which both sides can read. The contact
// subjects are here for the same reason: the form offers them, the edge accepts only them.
import { LIMITS } from '../generated/units.ts';

export type TextField = 'name' | 'email' | 'message';

/**
 * Characters that change how text reads without showing themselves: controls (line
 * breaks, NUL, escape), line and paragraph separators (U+2028, U+2029), and formatting
 * characters — bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069), marks,
 * zero-width spaces and joiners (U+200B–U+200D), word joiners, the byte-order mark, soft
 * hyphens — plus halves of broken characters (lone surrogates). A name or an address with
 * one can pass for another, or break the line of whoever reads it.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
/** A message may break lines and use tabs; any other control character is refused. */
const CONTROL_IN_MESSAGE = /[^\P{Cc}\n\r\t]/u;
/** Characters that separate addresses in a list: more than one address. */
const SEVERAL = /[,;]|@.*@/s;
/**
 * One address, mailbox@domain: the mailbox without spaces or the characters mail software
 * reads as structure (<>()[]\:;,"), the domain dot-separated labels of letters, digits and
 * inner hyphens ending in a name of two or more letters (Unicode allowed, as in exämple.de).
 */
const EMAIL = /^[^\s@<>()[\]\\:;,"]+@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+(?:\p{L}{2,}|xn--[a-z0-9-]+)$/iu;

/**
 * The contact form's subjects: the value posted, which the edge accepts and forwards, and
 * the text the visitor chooses from.
 */
export const CONTACT_SUBJECTS = [
  { value: 'general', label: 'General question' },
  { value: 'bug', label: 'Bug report' },
  { value: 'feature', label: 'Feature request' },
  { value: 'accuracy', label: 'Conversion accuracy' },
  { value: 'technical', label: 'Technical support' },
  { value: 'feedback', label: 'Feedback' },
  { value: 'partnership', label: 'Partnership or business' },
  { value: 'other', label: 'Something else' },
] as const;

/** The sentence for a subject that is not one of CONTACT_SUBJECTS' values, or undefined. */
export function subjectProblem(raw: string): string | undefined {
  const value = raw.trim();
  return CONTACT_SUBJECTS.some((s) => s.value === value) ? undefined : 'Please choose a subject.';
}

/** The sentence for what is wrong with a form field's (trimmed) value, or undefined when it is fine. */
export function fieldProblem(field: TextField, raw: string): string | undefined {
  const value = raw.trim();
  switch (field) {
    case 'name':
      if (value === '') return 'Please enter your name.';
      if (value.length > LIMITS.nameChars) return `Names can be at most ${LIMITS.nameChars} characters.`;
      if (HIDDEN.test(value)) return 'Please remove line breaks and invisible or text-direction characters from your name.';
      return undefined;
    case 'email':
      if (value === '') return 'Please enter your email address.';
      if (value.length > LIMITS.emailChars) return `Email addresses can be at most ${LIMITS.emailChars} characters.`;
      if (HIDDEN.test(value)) return 'Please remove the invisible or control characters from the address (they often come along when it is pasted).';
      if (SEVERAL.test(value)) return 'Please enter one email address only.';
      if (!EMAIL.test(value)) return 'Please enter a valid email address, like name@example.com.';
      return undefined;
    case 'message':
      if (value === '') return 'Please enter a message.';
      if (value.length > LIMITS.messageChars) return `Messages can be at most ${LIMITS.messageChars} characters (yours has ${value.length}).`;
      if (CONTROL_IN_MESSAGE.test(value)) return 'Please remove special control characters from your message.';
      return undefined;
  }
}
