// A card's lexicon widened with every other category's unit words (generated/unitWords.ts),
// so "5 kg" on the length card says that kg is a unit of weight instead of "unknown unit".
// The card fetches this chunk only once something typed fails to read: the words of the
// other categories are never in a page's props or its first scripts.
import { CATEGORY_LABELS, type CategoryKey } from '../generated/units.ts';
import { UNIT_WORDS } from '../generated/unitWords.ts';
import { buildLexicon, type LexCategory, type Lexicon } from './parse.ts';
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
