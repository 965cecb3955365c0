// Digits typed in other scripts, read as the ASCII digits the parser reads (tokens.ts) and the
// search box looks for (searchWords.ts). Small and free of the parser: the box imports it.

/**
 * Digits typed in other scripts: full width (a Japanese, Chinese or Korean IME's default mode),
 * Arabic-Indic, Extended Arabic-Indic (Persian, Urdu) and Devanagari, each run of ten from its
 * zero; and the full-width signs typed with them, and the Arabic decimal and thousands marks.
 * Each is one UTF-16 unit read as one ASCII one, so positions in the text stay the same.
 */
const DIGIT_ZEROS = [0xff10, 0x0660, 0x06f0, 0x0966];
const OTHER_SIGNS: Record<string, string> = {
  '．': '.', '，': ',', '＋': '+', '－': '-', '／': '/', '＊': '*', '（': '(', '）': ')', '٫': '.', '٬': ',',
};
const OTHER_DIGITS = /[\uff10-\uff19\u0660-\u0669\u06f0-\u06f9\u0966-\u096f．，＋－／＊（）٫٬]/gu;
/** Any such digit, for telling whether a text holds a number (searchWords.ts). */
export const OTHER_DIGIT = /[\uff10-\uff19\u0660-\u0669\u06f0-\u06f9\u0966-\u096f]/u;

/** `typed` with the digits and number signs of other scripts as ASCII ones ("１．５" is "1.5"). */
export function plainDigits(typed: string): string {
  return typed.replace(OTHER_DIGITS, (c) => {
    const code = c.charCodeAt(0);
    const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9);
    return zero === undefined ? OTHER_SIGNS[c] : String(code - zero);
  });
}
