// Electronic parts print their values as codes: the letter code of IEC 60062, where a letter
// is the decimal point and the multiplier ("4K7" is 4.7 kΩ, "R47" 0.47 Ω, "4n7" 4.7 nF), and
// the digit code (EIA), two or three figures and then the number of zeros: "104" on a
// capacitor is 100,000 pF, "4702" on a resistor 47,000 Ω, "101" on an inductor 100 µH. The
// search box reads such a code as the value it stands for and converts it (askConversion.ts).
import { table } from './table.ts';

/** A code read: the value as a quantity the box converts, and how it was read. */
export interface ComponentValue {
  /** The code as typed: "4K7", "104". */
  code: string;
  /** The value it stands for, as the box reads a quantity: "100000 pF", "4.7 kΩ". */
  quantity: string;
  /** How the code was read, for the answer's line: "a capacitor's code, 10 × 10⁴ pF". */
  reading: string;
  /** The units to give the value in when no target is typed. */
  usual: readonly string[];
  /** The target typed after to/in, or null. */
  target: string | null;
}

type Part = 'capacitor' | 'resistor' | 'inductor';

const PART_WORDS: ReadonlyArray<readonly [Part, RegExp]> = [
  ['capacitor', /\b(?:capacitors?|caps?|ceramic|mlcc)\b/iu],
  ['resistor', /\bresistors?\b/iu],
  ['inductor', /\b(?:inductors?|chokes?)\b/iu],
];

/** Each part's unit for a digit code (and an inductor's R). */
const PART_UNIT: Record<Part, string> = { capacitor: 'pF', resistor: 'Ω', inductor: 'µH' };

/** The units a value in `unit` is given in when no target is typed: its own first. */
const SHOWN_IN: Record<string, readonly string[]> = table({
  pF: ['pF', 'nF', 'µF'],
  nF: ['nF', 'µF'],
  µF: ['µF', 'nF'],
  Ω: ['Ω', 'kΩ'],
  kΩ: ['kΩ', 'Ω'],
  MΩ: ['MΩ', 'kΩ'],
  GΩ: ['GΩ', 'MΩ'],
  µH: ['µH', 'mH'],
});

/** IEC 60062 letters: the part they mark and the unit the digits around them are in. */
const LETTERS: Record<string, { part: Part; unit: string }> = table({
  p: { part: 'capacitor', unit: 'pF' },
  n: { part: 'capacitor', unit: 'nF' },
  u: { part: 'capacitor', unit: 'µF' },
  µ: { part: 'capacitor', unit: 'µF' },
  μ: { part: 'capacitor', unit: 'µF' },
  R: { part: 'resistor', unit: 'Ω' },
  r: { part: 'resistor', unit: 'Ω' },
  K: { part: 'resistor', unit: 'kΩ' },
  k: { part: 'resistor', unit: 'kΩ' },
  M: { part: 'resistor', unit: 'MΩ' },
  G: { part: 'resistor', unit: 'GΩ' },
});

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';

const article = (part: Part): string => (part === 'inductor' ? 'an' : 'a');

/** "4702" (four figures) or "104" (three): the figures times ten to the last digit's power; on a capacitor 8 and 9 divide by 100 and 10 (EIA). */
function digitCode(code: string, part: Part): { value: string; said: string } | null {
  const figures = code.slice(0, -1);
  const last = Number(code.slice(-1));
  const unit = PART_UNIT[part];
  if (last >= 8) {
    if (part !== 'capacitor' || code.length !== 3) return null;
    const shift = last === 8 ? 2 : 1;
    const value = Number(`${figures.slice(0, -shift) || '0'}.${figures.slice(-shift).padStart(shift, '0')}`);
    return { value: String(value), said: `${figures} × ${last === 8 ? '0.01' : '0.1'} ${unit}` };
  }
  return { value: `${Number(figures)}${'0'.repeat(last)}`, said: `${figures} × 10${SUPERSCRIPT[last]} ${unit}` };
}

/** The code in `query` with its part and target ("104 capacitor to uf", "4k7", "inductor 4R7"), or null. */
export function readComponentCode(query: string): ComponentValue | null {
  const asked = /^(.+?)\s+(?:to|in|into|as)\s+(.+)$/iu.exec(query.trim());
  const left = asked === null ? query.trim() : asked[1];
  const named = PART_WORDS.find(([, words]) => words.test(left))?.[0];
  const rest = left
    .replace(/\b(?:capacitors?|caps?|ceramic|mlcc|resistors?|inductors?|chokes?|smd|code|marked|marking|value)\b/giu, ' ')
    .trim();
  if (!/^\S+$/u.test(rest)) return null;
  const target = asked === null ? null : asked[2].trim();
  // A letter between figures, or an R before them: no part word needed ("4k7", "R47", "4n7").
  const letter = /^(\d*)([pnuµμRrKkMG])(\d*)$/u.exec(rest);
  if (letter !== null && (letter[1] !== '' || letter[3] !== '') && (letter[3] !== '' || named !== undefined)) {
    const [, whole, mark, fraction] = letter;
    if (whole === '' && !/[Rr]/u.test(mark)) return null;
    const inductor = named === 'inductor' && /[Rr]/u.test(mark);
    const { part, unit } = inductor ? { part: 'inductor' as const, unit: 'µH' } : LETTERS[mark];
    if (named !== undefined && named !== part) return null;
    const value = `${whole || '0'}${fraction === '' ? '' : `.${fraction}`}`;
    const shown = String(Number(value));
    return { code: rest, quantity: `${shown} ${unit}`, reading: `${article(part)} ${part}’s code, ${shown} ${unit}`, usual: unit === 'Ω' ? ['Ω'] : SHOWN_IN[unit], target };
  }
  // Figures only, with the part named ("104 capacitor", "resistor 4702", "101 inductor").
  const digits = /^(\d{3,4})(?:[FGJKMfgjkm])?$/u.exec(rest);
  if (digits === null || named === undefined || (digits[1].length === 4 && named !== 'resistor')) return null;
  const read = digitCode(digits[1], named);
  if (read === null) return null;
  const unit = PART_UNIT[named];
  return { code: rest, quantity: `${read.value} ${unit}`, reading: `${article(named)} ${named}’s code, ${read.said}`, usual: SHOWN_IN[unit], target };
}
