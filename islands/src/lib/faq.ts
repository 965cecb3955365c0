// FAQ search: which entries match what the visitor typed. The category buttons put a
// category's name in the search box, so the category itself is searched too. Queries are
// folded as every search of the site folds them (searchWords.ts).
import { fold } from './searchWords.ts';

export interface FaqEntry {
  id: string;
  category: string;
  question: string;
  /** Plain text, for search. */
  answer: string;
  /** The answer rendered from its inline markdown by the build (links, emphasis, code). */
  answer_html?: string;
}

/** Every word of the query must appear in the entry's question, answer or category. */
export function matches(entry: FaqEntry, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold(`${entry.category}\n${entry.question}\n${entry.answer}`);
  return words.every((w) => haystack.includes(w));
}

export function filterFaq<T extends FaqEntry>(entries: T[], query: string): T[] {
  return entries.filter((e) => matches(e, query));
}

/** The category a query names exactly (what a category button sets), if any. */
export function categoryOf(query: string, categories: string[]): string | undefined {
  const q = fold(query.trim());
  return categories.find((c) => fold(c) === q);
}

/** "Showing all 12 questions", "Showing 3 of 12 questions", "Showing 1 of 12 questions". */
export function countText(shown: number, total: number): string {
  if (shown === total) return `Showing all ${total} questions`;
  return `Showing ${shown} of ${total} question${total === 1 ? '' : 's'}`;
}
