// Cooking by ingredient (content/ingredients.yaml): cups, spoons and milliliters of an
// ingredient as grams and ounces, and back. With one ingredient chosen, every measure is a
// linear unit of one category whose base is the gram: a volume unit weighs its size in
// cups times the ingredient's grams per cup. So the card converts with the same exact code
// as every other card (conversion.ts), sums included: "1 cup + 2 tbsp", "1 cup + 50 g".
import { exactNumber, factorOf, type ExactText } from './kinds';
import { div, mul, type Rational } from './rational';
import type { Unit, UnitCategory } from './units';
import { unitWordsOf, wordKey } from './lexicon';
import { SEPARATOR_SOURCE } from './separators';
import { resultLine, withSymbol, type Target } from './target';
import { spokenAmounts } from './spokenAmounts';
import { table } from './table.ts';

export interface Ingredient {
  key: string;
  name: string;
  /** More words a visitor may type for it after a quantity ("3 cups flour"). */
  aliases?: string[];
  /** What one cup (`cup`) of it weighs in grams (`gram`), exactly ("n/d"): the build's
   *  reading of the file's figure as its source gives it (`weighs`, `unit`, `per`). A typical value. */
  grams_per_cup: ExactText;
}

/** The card's props from content/ingredients.yaml (src/render/shared.rs `cooking`). */
export interface CookingData {
  label: string;
  precision: number;
  /** The measures offered: units of units.yaml's volume and weight categories, with their factors there. */
  volume: Unit[];
  weight: Unit[];
  /** The volume and weight units `grams_per_cup` is given in. */
  cup: string;
  gram: string;
  default: { ingredient: string; from: string; to: string };
  ingredients: Ingredient[];
}

/** The category key the cooking card's history, replay and favourites use. */
export const COOKING_KEY = 'cooking';

/**
 * Recipe cards' spoons: a capital T is the tablespoon and a small t the teaspoon, as US
 * cookbooks write them. Read so with an ingredient only (the card's measures, where no tonne
 * is one), saying so, since elsewhere t is the tonne (5 t to kg); so they are no units.yaml
 * aliases.
 */
export const RECIPE_SPOONS: Record<string, { word: string; note: string }> = table({
  tablespoons: { word: 'T', note: 'T read as tablespoon, as recipes write it' },
  teaspoons: { word: 't', note: 't read as teaspoon, as recipes write it' },
});

/**
 * The US stick of butter, half a US cup (8 tbsp, 4 oz: GNU units' stickbutter is 1/4 lb), the
 * measure US recipes give butter in. A measure of butter alone, so no unit of units.yaml
 * (which would also give the Volume converter a pair page per unit for it): the card and the
 * search box read "1 stick" and "2 sticks of butter" with butter, saying what a stick is.
 */
export const STICK = { ingredient: 'butter', cups: { n: 1n, d: 2n } as Rational };

/**
 * A link to the card (`?value=…&from=…&to=…`) as the card can open it: the stick is in no
 * menu, so a stick From is the cup (the value typed, "1 stick", still names the stick) and a
 * stick To is typed after the value ("200 g to sticks").
 */
export function stickLink(href: string): string {
  const [path, search = ''] = href.split('?');
  const params = new URLSearchParams(search);
  if (params.get('from') === 'sticks') params.set('from', 'cups');
  if (params.get('to') === 'sticks') {
    params.set('to', 'cups');
    params.set('value', `${params.get('value') ?? ''} to sticks`);
  }
  return `${path}?${params}`;
}

/** A rational as units.yaml text ("15/2"), which kinds.ts reads back exactly. */
const text = (r: Rational): string => `${r.n}/${r.d}`;

/**
 * Significant digits of a measure below 1 (0.83 cups, 0.167 tsp): what an ingredient's weight
 * per cup can mean, a few percent either way with how it is filled, not the six a length
 * gets (100 g of flour is not 0.829976 cups).
 */
const KITCHEN_SIGNIFICANT = 3;

/**
 * The category the card converts in with `ingredient`: the measures as linear units of
 * grams (the `gram` unit is the base). Throws when `cup` or `gram` is not a measure (the
 * build refuses such a file).
 */
export function cookingCategory(data: CookingData, ingredient: Ingredient): UnitCategory & { key: string } {
  const cup = data.volume.find((u) => u.key === data.cup);
  const gram = data.weight.find((u) => u.key === data.gram);
  if (!cup || !gram) throw new Error('ingredients.yaml: cup and gram must be measures');
  // Grams of the ingredient per volume base unit (litre), and per weight base unit (kg).
  const perVolume = div(exactNumber(ingredient.grams_per_cup), factorOf(cup));
  const perWeight = div(exactNumber(1), factorOf(gram));
  const measure = (u: Unit, gramsPerBase: Rational): Unit => {
    const spoon = RECIPE_SPOONS[u.key];
    const recipe = spoon === undefined ? {} : { aliases: [...(u.aliases ?? []), spoon.word], saidAs: { [spoon.word]: spoon.note } };
    return { ...u, factor: text(mul(factorOf(u), gramsPerBase)), ...recipe };
  };
  const sticks: Unit[] =
    ingredient.key !== STICK.ingredient
      ? []
      : [{
          key: 'sticks', name: 'Sticks (stick)', symbol: 'stick', plural: 'sticks', system: 'imperial', aliases: [],
          factor: text(mul(STICK.cups, exactNumber(ingredient.grams_per_cup))),
          note: 'a US stick of butter is 1/2 cup, 8 tbsp, 113 g',
        }];
  return {
    key: COOKING_KEY,
    label: data.label as UnitCategory['label'],
    base: data.gram,
    precision: data.precision,
    significant: KITCHEN_SIGNIFICANT,
    default: { from: data.default.from, to: data.default.to },
    accent: 'orange',
    units: [...data.volume.map((u) => measure(u, perVolume)), ...sticks, ...data.weight.map((u) => measure(u, perWeight))],
  };
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The ingredient ending `input`: the longest name or alias standing as its own word, and where its match starts. */
function endingIngredient(input: string, ingredients: readonly Ingredient[]): { ingredient: Ingredient; length: number; at: number } | null {
  let best: { ingredient: Ingredient; length: number; at: number } | null = null;
  for (const ingredient of ingredients) {
    for (const word of [ingredient.name, ...(ingredient.aliases ?? [])]) {
      const words = word.trim().split(/\s+/).map(escape).join('\\s+');
      const m = new RegExp(`(?:^|\\s)(?:of\\s+)?(${words})\\s*$`, 'iu').exec(input);
      if (m && (best === null || m[1].length > best.length)) best = { ingredient, length: m[1].length, at: m.index };
    }
  }
  return best;
}

/**
 * The ingredient a typed value names, and the value without it as typed: at the end ("3 cups
 * flour", "2 tbsp of honey", "1 1/2 cups Brown Sugar"; case and runs of spaces ignored) or
 * before a target ("100 g sugar to cups" is "100 g to cups"), the end first, then the last
 * target. The longest name or alias wins ("bread flour" before "flour"); it must stand as its
 * own word. `ingredient` is null when none is named. `unknown` holds the words of an ingredient
 * the data has not: words that name no measure (`measures`) between a measure or "of" and the
 * alias ("1 cup caster sugar" is “caster sugar”, never granulated sugar), and `rest` is then
 * the measure without them ("1 cup"), for the ingredient chosen in the menu instead.
 * `named`: the ingredient's words as typed ("Bread Flour").
 */
export function splitIngredient(
  input: string,
  ingredients: readonly Ingredient[],
  measures: readonly Unit[] = [],
  isUnit: (word: string) => boolean = () => false,
): { ingredient: Ingredient | null; rest: string; unknown: string | null; note: string | null; named?: string } {
  const { text, note } = fullness(input, measures);
  const separators = new RegExp(SEPARATOR_SOURCE, 'giu');
  const ends = [text.length, ...[...text.matchAll(separators)].map((m) => m.index).reverse()];
  for (const end of ends) {
    const best = endingIngredient(text.slice(0, end), ingredients);
    if (best === null) continue;
    const before = text.slice(0, best.at).trim();
    const unknown = unknownWords(before, text.slice(best.at, end).trim(), measures);
    const named = text.slice(best.at, end).trim().replace(/^of\s+/iu, '');
    return { ingredient: best.ingredient, rest: `${unknown?.measure ?? before}${text.slice(end)}`.trim(), unknown: unknown?.words ?? null, note, named };
  }
  // No ingredient named: words that name no unit right after a measure are one the data has
  // not ("1 cup rice", "1 tsp baking soda to grams"), never an unknown unit. After "of" they
  // may be what a volume holds ("1 gallon of paint"), which the search box says otherwise.
  for (const end of ends) {
    const before = text.slice(0, end);
    if (new RegExp(SEPARATOR_SOURCE, 'iu').test(before)) continue;
    const unknown = unknownWords(before.trim(), '', measures, false);
    // A quantity, not a sentence that holds a unit's word ("the 1959 yard and pound agreement").
    if (unknown !== null && /^[\d½¼¾⅓⅔⅛⅜⅝⅞]/u.test(unknown.measure) && !unknown.words.split(/\s+/).some(isUnit)) return { ingredient: null, rest: `${unknown.measure}${text.slice(end)}`.trim(), unknown: unknown.words, note };
  }
  return { ingredient: null, rest: text, unknown: null, note };
}

/** How full a measure is, before it: "level" is what a measure means; "heaped" and "scant" are no exact amount. */
const FULLNESS = new Set(['level', 'leveled', 'levelled', 'heaped', 'heaping', 'rounded', 'scant']);

/**
 * `input` without the word of how full a measure is before a measure ("1 level tsp", "1 heaped
 * tbsp"), and a note for a word that makes it inexact (null for "level").
 */
function fullness(input: string, measures: readonly Unit[]): { text: string; note: string | null } {
  // The recipe T and t too ("1 heaped T sugar"), which are no unit words (RECIPE_SPOONS).
  const spoons = measures.flatMap((u) => (RECIPE_SPOONS[u.key] === undefined ? [] : [RECIPE_SPOONS[u.key].word]));
  const keys = new Set([...measures.flatMap(unitWordsOf), ...spoons].map(wordKey));
  let note: string | null = null;
  const text = input.replace(/(?<![\p{L}\d])(\p{L}+)\s+(?=(\p{L}+))/gu, (both, word: string, next: string) => {
    if (!FULLNESS.has(word.toLowerCase()) || !keys.has(wordKey(next))) return both;
    if (!/^level/iu.test(word)) note ??= `${word.toLowerCase()} read as level: a heaped, rounded or scant measure is not an exact one`;
    return '';
  });
  return { text, note };
}

/**
 * "caster sugar" and the measure "1 cup" when `before` ("1 cup caster") ends in words no measure is, after a measure
 * (glued to its number too: "225g") or, with `afterOf`, "of"; else null.
 */
function unknownWords(before: string, alias: string, measures: readonly Unit[], afterOf = true): { words: string; measure: string } | null {
  if (measures.length === 0) return null;
  const keys = new Set(measures.flatMap(unitWordsOf).map(wordKey));
  const tokens = before.split(/\s+/);
  let i = tokens.length;
  while (i > 0 && /^\p{L}[\p{L}'’.-]*$/u.test(tokens[i - 1]) && !keys.has(wordKey(tokens[i - 1])) && tokens[i - 1].toLowerCase() !== 'of') i -= 1;
  // Words after a number alone may be a misspelt measure ("1 cupz sugar"): the reading names it.
  const after = i > 0 ? tokens[i - 1] : '';
  const of = afterOf && after.toLowerCase() === 'of';
  if (i === tokens.length || !(keys.has(wordKey(after.replace(/^[\d.,/½¼¾⅓⅔⅛]+(?=\p{L})/u, ''))) || of)) return null;
  const measure = tokens.slice(0, of ? i - 1 : i).join(' ');
  return { words: [...tokens.slice(i), alias.replace(/^of\s+/iu, '')].filter((w) => w !== '').join(' '), measure };
}

/**
 * What the card converts: the ingredient typed in `input`, else the menu's `chosen`, and the
 * measure without it. `error` says when the typed ingredient is one the data has not (the
 * menu then stays, and `rest` is the measure alone), naming those whose names hold its words
 * ("kosher salt").
 */
export function cookingInput(
  input: string,
  chosen: Ingredient,
  ingredients: readonly Ingredient[],
  measures: readonly Unit[] = [],
): { ingredient: Ingredient; typed: boolean; rest: string; error: string | null; note: string | null } {
  const split = splitIngredient(spokenAmounts(input), ingredients, measures);
  if (split.unknown !== null) {
    const words = split.unknown.toLowerCase().split(/\s+/);
    const nameWords = (i: Ingredient): string[] => i.name.toLowerCase().split(/[\s,]+/);
    const like = ingredients.filter((i) => words.every((w) => nameWords(i).includes(w))).map((i) => `“${i.name}”`);
    const hint = like.length === 0 ? '' : ` (${like.join(' or ')})`;
    return { ingredient: chosen, typed: false, rest: split.rest, error: `Unknown ingredient “${split.unknown}”: choose it in Ingredient${hint}.`, note: null };
  }
  return { ingredient: split.ingredient ?? chosen, typed: split.ingredient !== null, rest: split.rest, error: null, note: split.note };
}

/**
 * The card's words for a conversion `ok` of `typed` (the Value without its ingredient) from
 * `from`: what was read ("1 cup", "3/4 cup", "2 cups", "1 US cup + 2 US tablespoons" as the
 * reader names typed units), and the history's and Copy's two sides, "1 cup of butter" and
 * "226.8 g" or "≈ 7/8 cup": symbols, singular after 1 or a fraction of one, as the unit cards write them.
 */
export function cookingTexts(
  ok: { typed: boolean; reading: string | null; text: string; symbol: string; target?: Target },
  typed: string,
  from: Unit,
  ingredient: Ingredient,
): { read: string; from: string; to: string } {
  const read = ok.typed && ok.reading !== null ? ok.reading : withSymbol(ok.reading ?? typed.trim(), from);
  return { read, from: `${read} of ${ingredient.name.toLowerCase()}`, to: resultLine(ok) };
}
