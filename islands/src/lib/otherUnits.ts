// A card's lexicon widened with every other category's unit words (generated/unitWords.ts),
// so "5 kg" on the length card says that kg is a unit of weight instead of "unknown unit".
// The card fetches this chunk only once something typed fails to read: the words of the
// other categories are never in a page's props or its first scripts.
import { CATEGORY_LABELS, type CategoryKey } from '../generated/units.ts';
import { UNIT_WORDS } from '../generated/unitWords.ts';
import { buildLexicon, type LexCategory, type Lexicon } from './parse.ts';
import { otherCategory } from './lexicon.ts';
import { readUnitWords } from './tokens.ts';
import type { UnitCategory } from './units.ts';

const cache = new WeakMap<object, Lexicon>();

/** The category's own units first (its words win), then the other categories' words. */
export function lexiconWithOthers(category: UnitCategory & { key: string }): Lexicon {
  let lex = cache.get(category);
  if (lex === undefined) {
    const all: Record<string, LexCategory> = { [category.key]: category };
    for (const key of Object.keys(UNIT_WORDS) as CategoryKey[]) {
      if (key === category.key) continue;
      all[key] = {
        label: CATEGORY_LABELS[key],
        units: UNIT_WORDS[key].map(([unitKey, symbol, ...aliases]) => ({ key: unitKey, symbol, aliases })),
      };
    }
    lex = buildLexicon(all);
    cache.set(category, lex);
  }
  return lex;
}

/**
 * The unit a shared address's `from` or `to` names in words the Value field reads ("sqft",
 * "square feet", "m2"): its key on this card, or why it is none here ("“ft” is a unit of
 * length, not area. …"). Null when it names no one unit.
 */
export function unitOfWord(category: UnitCategory & { key: string }, word: string): { key: string } | { why: string } | null {
  const lex = lexiconWithOthers(category);
  let words: ReturnType<typeof readUnitWords>;
  try {
    // Parts joined as the box reads a target: "feet and inches", "ft + in", "st & lb".
    words = readUnitWords(word.trim().replace(/\s*[+&,]\s*|\s+and\s+/giu, ' '), lex, category.key);
  } catch {
    return null; // an unknown or unclear word: the notice names it
  }
  if (words === null || words.length === 0) return null;
  if (words.length > 1) {
    // Several units: a compound of the card in its order ("ft in" is feet + inches), else none.
    const keys = words.map((w) => (w.entry.category === category.key ? w.entry.unit.key : '')).join();
    const compound = category.compounds?.find((c) => c.parts.join() === keys);
    return compound === undefined ? null : { key: compound.key };
  }
  const [{ entry, text }] = words;
  return entry.category === category.key ? { key: entry.unit.key } : { why: otherCategory(text, entry, lex, category.key) };
}
