// The two calories of content/units.yaml's energy units. Lower-case `cal` and `calories` are
// the small (thermochemical) calorie, as GNU units and the README read them, while food
// labels' Calories are kilocalories, 1,000 times larger. So wherever the small calorie is
// read or defined the gap is said (a reading note, the pair pages' definition), and where
// food energy was plainly chosen (a Kilocalories menu) the lower-case word is asked about.
// Small and free of the parser: the reading note and the pair pages import it.

/** units.yaml's keys of the small calorie and of the food Calorie (the kilocalorie). */
export const SMALL_CALORIE = 'calories';
export const FOOD_CALORIE = 'kilocalories';

/** Said with a reading of `cal` or `calories` (not "thermochemical calories", which says it). */
export const SMALL_CALORIE_NOTE = 'small calories, as typed; food labels’ Calories are kilocalories';

/** The small calorie's caveat on its pair pages. */
export const SMALL_CALORIE_CAVEAT = 'Not the food Calorie: nutrition labels’ Calories are kilocalories (1 kcal = 1,000 cal = 4.184 kJ).';

/** Whether `typed` names the small calorie by a word that does not say which calorie it is. */
export const smallCalorieUnsaid = (typed: string): boolean => !/thermochemical/iu.test(typed);

/**
 * The question for a lower-case "calories" typed on a card whose From or To is the food
 * Calorie: "2000 calories" there is far more likely a label's 2000 kcal than 2 kcal.
 * `typed` is the value as typed; null when it holds no such word.
 */
export function foodCalorieQuestion(typed: string): string | null {
  if (!/\bcalories?\b/u.test(typed)) return null;
  const food = typed.replace(/\bcalories?\b/gu, 'kcal').trim();
  const small = typed.replace(/\bcalories?\b/gu, 'cal').trim();
  return `“calories” in lower case is the small calorie, 1/1000 of a food label’s Calorie: type “${food}” for food energy or “${small}” for small calories.`;
}
