// Digits typed in other scripts, read as the ASCII digits the parser reads (tokens.ts) and the
// search box looks for (searchWords.ts). Small and free of the parser: the box imports it.
import { table } from './table.ts';

/**
 * Digits of other scripts, each run of ten from its zero: Arabic-Indic, Extended Arabic-Indic
 * (Persian, Urdu) and Devanagari.
 */
const DIGIT_ZEROS = [0x0660, 0x06f0, 0x0966];
/** The Arabic decimal and thousands separators. */
const ARABIC_SIGNS: Record<string, string> = table({ '٫': '.', '٬': ',' });
/**
 * What plainDigits rewrites: those digits and signs, and the full-width forms of ASCII (U+FF01–
 * FF5E) a Japanese, Chinese or Korean IME types by default, digits, signs and letters alike,
 * so "５ ｋｍ／ｈ" is "5 km/h" and its slash is the unit's, not a division.
 */
const OTHER_FORMS = /[\uff01-\uff5e\u0660-\u0669\u06f0-\u06f9\u0966-\u096f٫٬]/gu;
/** Any such digit, for telling whether a text holds a number (searchWords.ts). */
export const OTHER_DIGIT = /[\uff10-\uff19\u0660-\u0669\u06f0-\u06f9\u0966-\u096f]/u;

/**
 * `typed` with the digits of other scripts and the full-width forms as ASCII ("１．５" is
 * "1.5"). Each is one UTF-16 unit read as one, so positions in the text stay the same.
 */
export function plainDigits(typed: string): string {
  return typed.replace(OTHER_FORMS, (c) => {
    const code = c.charCodeAt(0);
    if (code >= 0xff01) return String.fromCharCode(code - 0xfee0);
    const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9);
    return zero === undefined ? ARABIC_SIGNS[c] : String(code - zero);
  });
}
