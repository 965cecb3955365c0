// Amounts as recipes and people say them, written as the reader reads them: "half a cup" is
// 1/2 cup, "1 and a half cups" 1 1/2 cups, "1 cup and 2 tbsp" and "1 cup plus 2 tbsp" are
// 1 cup + 2 tbsp. Used by the search box and the Cooking card before their readers
// (askConversion.ts, cooking.ts).

/**
 * "half a cup", "a half cup", "half a pint": the half as 1/2 (not in "one and a half", with
 * or without its "a"); the word after it is `$1`, and the next one `$2`, for the unit test.
 */
const HALF = /(?<!\band\s+(?:a\s+)?)(?<![\p{L}\d])(?:a\s+)?half\s+(?:an?\s+)?(?=(\p{L}[\p{L}.]*)(?:\s+(\p{L}[\p{L}.]*))?)/giu;

/** "1 and a half cups": the number and a half, as 1 1/2. */
const AND_A_HALF = /(?<![\d.,/])(\d+)\s+and\s+a\s+half\s+(?=\p{L})/giu;

/** "and" or "plus" between a measure ("1 cup", "5 ft") and the next number. */
const AND = /(\d[\d.,/]*\s*\p{L}[\p{L}.]*)\s+(?:and|plus)\s+(?=\d)/giu;

/**
 * `text` with spoken halves and sums as the reader writes them ("1/2 cup", "1 cup + 2 tbsp").
 * `isUnit` says whether a word (or two) names a unit: a half before anything else is left as
 * typed ("half marathon in miles").
 */
export function spokenAmounts(text: string, isUnit: (word: string) => boolean = () => true): string {
  return text
    .replace(AND_A_HALF, '$1 1/2 ')
    .replace(HALF, (all, word: string, next: string | undefined) => (isUnit(word) || (next !== undefined && isUnit(`${word} ${next}`)) ? '1/2 ' : all))
    .replace(AND, '$1 + ');
}
