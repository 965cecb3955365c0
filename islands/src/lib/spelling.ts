// Typo tolerance for the site search. Its index matches words and their beginnings only, so a
// query word of five or more letters that no page contains is read as the most common word
// of the site one edit away: one letter wrong, missing or added, or two neighbours swapped
// (`convresion` → `conversion`). The build writes the site's words (src/search/spelling.rs)
// in small lists by first letter and length and by last letter and length: a word one edit
// away from another keeps its first or its last letter and a length within one of it, so
// six lists hold every candidate, and a query fetches only those.

/** Shorter words are too easily one edit from another word to correct. */
export const MIN_LENGTH = 5;
/** Longer words are not listed (they are rare, and a typo in them is still a prefix match). */
export const MAX_LENGTH = 24;

/** A word list: words with the number of pages holding each, most common first. */
export type WordList = ReadonlyArray<readonly [string, number]>;

const LETTERS = /^[a-z]+$/;

/** Whether the lists can say anything about `word` (folded: lower case, no accents). */
export function correctable(word: string): boolean {
  return word.length >= MIN_LENGTH && word.length <= MAX_LENGTH && LETTERS.test(word);
}

/** The names of the lists holding `word` and every word one edit from it (`fc10`, `ln9`…). */
export function listNames(word: string): string[] {
  const names: string[] = [];
  for (let n = word.length - 1; n <= word.length + 1; n++) {
    if (n < MIN_LENGTH || n > MAX_LENGTH) continue;
    names.push(`f${word[0]}${n}`, `l${word[word.length - 1]}${n}`);
  }
  return names;
}

/** Reads a list file: one `word count` per line; anything else is skipped. */
export function parseList(text: string): WordList {
  const list: Array<[string, number]> = [];
  for (const line of text.split('\n')) {
    const [word, count] = line.split(' ');
    const n = Number(count);
    if (word && LETTERS.test(word) && Number.isInteger(n) && n > 0) list.push([word, n]);
  }
  return list;
}

/** Whether `a` becomes `b` by one edit: a letter changed, removed or added, or two neighbours swapped. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  if (a.length === b.length) {
    let i = 0;
    while (a[i] === b[i]) i++;
    // Changed at i, or i and i+1 swapped; the rest must agree.
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (long.length - short.length !== 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  return short.slice(i) === long.slice(i + 1);
}

/**
 * The word `word` most likely means, from `lists` (those named by listNames): null when the
 * site has the word itself or no word one edit away; else the most common such word (the
 * first in alphabetical order among equals, so the answer never depends on list order).
 */
export function correction(word: string, lists: readonly WordList[]): string | null {
  if (!correctable(word)) return null;
  let best: readonly [string, number] | null = null;
  for (const list of lists) {
    for (const entry of list) {
      if (entry[0] === word) return null;
      if (!oneEditApart(word, entry[0])) continue;
      if (!best || entry[1] > best[1] || (entry[1] === best[1] && entry[0] < best[0])) best = entry;
    }
  }
  return best ? best[0] : null;
}
