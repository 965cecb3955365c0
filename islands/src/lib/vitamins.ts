// International units (IU) of the vitamins whose IU is one fixed weight, as the NIH Office of
// Dietary Supplements' fact sheets give them: vitamin D, 40 IU to the microgram; vitamin E,
// 1 IU to 0.67 mg of natural (d-alpha) tocopherol or 0.45 mg of synthetic (dl-alpha); vitamin
// A, 1 IU to 0.3 µg of retinol. An IU is a substance's effect, not a weight, so IU alone, a
// carotene's (which counts for less vitamin A) or insulin's are not converted: the sentence
// (notConverted.ts) says so, on a card and in the search box.

import { IU } from './notConverted.ts';
import { SEPARATOR_WORD } from './separators.ts';

/** How many micrograms one IU of a vitamin's form weighs, and how a line names the form. */
interface Form {
  micrograms: string;
  /** After the weight: "(natural, d-alpha-tocopherol)". */
  said: string;
  /** Words that pick this form out of the vitamin's others ("synthetic", "dl-alpha"). */
  words?: RegExp;
}

interface Vitamin {
  name: string;
  words: RegExp;
  forms: Form[];
  /** The weight unit an IU amount alone is said in. */
  shownIn: 'µg' | 'mg';
}

const VITAMINS: Vitamin[] = [
  { name: 'vitamin D', words: /\b(?:vitamine?|vit\.?)\s*d[23]?\b|\bd[23]\b|\b(?:chole|ergo)calciferol\b/iu, forms: [{ micrograms: '0.025', said: '' }], shownIn: 'µg' },
  {
    name: 'vitamin E',
    words: /\b(?:vitamine?|vit\.?)\s*e\b|\b(?:d|dl)?[\s-]*alpha[\s-]*tocopher[a-z]*|\btocopher[a-z]*/iu,
    forms: [
      { micrograms: '670', said: ' (natural, d-alpha-tocopherol)', words: /\bnatural\b|(?<![a-z])d[\s-]*alpha/iu },
      { micrograms: '450', said: ' (synthetic, dl-alpha-tocopherol)', words: /\bsynthetic\b|\bdl[\s-]*alpha/iu },
    ],
    shownIn: 'mg',
  },
  { name: 'vitamin A', words: /\b(?:vitamine?|vit\.?)\s*a\b|\bretin(?:ol|yl\s+(?:acetate|palmitate))\b/iu, forms: [{ micrograms: '0.3', said: ' (as retinol; carotenes count for less)' }], shownIn: 'µg' },
];

const NUMBER = String.raw`\d[\d,]*(?:\.\d+)?|\.\d+`;
const IU_AMOUNT = new RegExp(String.raw`^(${NUMBER})\s*${IU}(?:\s+${SEPARATOR_WORD}\s+(.+))?$`, 'iu');
const IN_IU = new RegExp(String.raw`^(.+?)\s+${SEPARATOR_WORD}\s+${IU}$`, 'iu');

/** What a question of IU asks: IU to a weight, or a weight to IU, of a vitamin's forms. */
export type IuQuestion =
  | { kind: 'toWeight'; iu: string; target: string | null; vitamin: string; forms: Form[]; shownIn: 'µg' | 'mg' }
  | { kind: 'toIu'; weight: string; vitamin: string; forms: Form[] };

/**
 * "1000 IU vitamin D to mcg", "vitamin d3 2000 iu", "400 iu of vitamin e in mg", "25 mcg
 * vitamin d to iu": the vitamin named anywhere (its words and "of" taken out), then the IU
 * amount or the weight. Null for no vitamin of the three, or no such question.
 */
export function readIuQuestion(query: string): IuQuestion | null {
  const vitamin = VITAMINS.find((v) => v.words.test(query));
  if (vitamin === undefined) return null;
  const picked = vitamin.forms.filter((f) => f.words?.test(query) === true);
  // "dl-alpha" also holds "alpha": the synthetic form alone when both match.
  const forms = picked.length === 0 ? vitamin.forms : picked.slice(-1);
  const rest = query
    .replace(vitamin.words, ' ')
    .replace(/\b(?:natural|synthetic|of|dose|supplements?)\b/giu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  const iu = IU_AMOUNT.exec(rest);
  if (iu !== null) return { kind: 'toWeight', iu: iu[1].replace(/,/gu, ''), target: iu[2]?.trim() ?? null, vitamin: vitamin.name, forms, shownIn: vitamin.shownIn };
  const weight = IN_IU.exec(rest);
  return weight === null ? null : { kind: 'toIu', weight: weight[1].trim(), vitamin: vitamin.name, forms };
}
