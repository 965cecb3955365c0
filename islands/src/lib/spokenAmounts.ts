// Amounts as recipes and people say them, written as the reader reads them: "half a cup" is
// 1/2 cup, "1 cup and 2 tbsp" and "1 cup plus 2 tbsp" are 1 cup + 2 tbsp. Used by the search
// box and the Cooking card before their readers (askConversion.ts, cooking.ts).

/** "half a cup", "a half cup", "half a pint": the half as 1/2 (not in "one and a half"). */
const HALF = /(?<!\band\s+)(?<![\p{L}\d])(?:a\s+)?half\s+(?:an?\s+)?(?=\p{L})/giu;

/** "and" or "plus" between a measure ("1 cup", "5 ft") and the next number. */
const AND = /(\d[\d.,/]*\s*\p{L}[\p{L}.]*)\s+(?:and|plus)\s+(?=\d)/giu;

/** `text` with spoken halves and sums as the reader writes them ("1/2 cup", "1 cup + 2 tbsp"). */
export function spokenAmounts(text: string): string {
  return text.replace(HALF, '1/2 ').replace(AND, '$1 + ');
}
