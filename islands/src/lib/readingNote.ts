// What a unit card says under Value about a converted value: how it was read ("Read as
// 1200 − 1000", "From 1.200 m² (the point is a decimal point)") and the below-absolute-zero
// warning. One place, so the card, the batch rows and the search box's answers say the same
// thing. Small and free of the parser: the card's first script imports it.
import { plainMinus } from './format.ts';

/** The parts of an ok outcome (conversion.ts) a note is made of. */
export interface Noted {
  reading: string | null;
  notes: string[];
  typed: boolean;
  /** The value as typed, without a typed target ("10 m" of "10 m to cm"). */
  typedText: string;
  targetTyped: boolean;
  /** What was read with units as symbols ("40 mpg" of "40 miles per US gallon"). */
  readingSymbols?: string;
  /** The typed target's note names its unit in full ("in US pints, as typed"): more than the result's symbol says. */
  targetNamed?: boolean;
  belowAbsoluteZero: boolean;
  /** A pace result in m:ss ("8:51 min/mi"), said after the reading. */
  pace?: string;
}

/** The warning for a temperature below absolute zero, about `what` ("That", or the reading). */
export const belowAbsoluteZero = (what = 'That'): string => `${what} is below absolute zero (−273.15 °C), the lowest temperature possible.`;
export const BELOW_ABSOLUTE_ZERO = belowAbsoluteZero();

/** The card's message under Value: "From 5 ft 11 in", "Read as 1200 (the comma groups thousands)", the warning, a pace in m:ss. */
export function readingNote(o: Noted): string {
  return [
    o.reading ? `${o.typed ? 'From' : 'Read as'} ${o.reading}${o.notes.length > 0 ? ` (${o.notes.join('; ')})` : ''}` : '',
    o.belowAbsoluteZero ? BELOW_ABSOLUTE_ZERO : '',
    o.pace ? `Result as m:ss: ${o.pace}` : '',
  ]
    .filter(Boolean)
    .join('. ');
}

/**
 * How the value was read, where that says more than the line itself: its notes ("the point is
 * a decimal point", "converted to m, since ft is the To unit"), a number read otherwise than
 * typed ("1200-1000" is 1200 − 1000), or arithmetic between quantities ("12 ft − 6 in").
 * Not the typed target's note ("in cm, as typed"): a row's result names its unit already,
 * unless the note names it in full ("in US pints, as typed", the result saying only "pt").
 */
export function readingNotes(o: Noted): string[] {
  return o.targetTyped && o.targetNamed !== true ? o.notes.slice(0, -1) : o.notes;
}

/**
 * Whether a reading only says back what was typed: spacing aside, and its minus sign being the
 * typed hyphen ("5  ft 11 in" is "5 ft 11 in"; "-1" is not said back as "Read as −1"). The
 * card, the currency Amount and the batch ask this alike.
 */
export const readsAsTyped = (reading: string, typed: string): boolean =>
  plainMinus(reading).replace(/\s+/g, ' ').trim() === plainMinus(typed).replace(/\s+/g, ' ').trim();

/**
 * The card's message for a line of the batch, without what only repeats the line: "2 ft" is
 * not "From 2 ft", "-1" not "Read as −1"; but "40 mpg" is "From 40 miles per US gallon", a
 * unit named in full saying whose it is, as on the card. '' when there is nothing to add.
 */
export function lineNote(o: Noted): string {
  const notes = readingNotes(o);
  const named = o.readingSymbols !== undefined && o.reading !== o.readingSymbols;
  const read =
    o.reading !== null &&
    (notes.length > 0 || (o.typed ? named || /\s[−+×÷]\s/u.test(o.reading) : !readsAsTyped(o.reading, o.typedText)));
  return readingNote({ ...o, reading: read ? o.reading : null, notes, targetTyped: false });
}
