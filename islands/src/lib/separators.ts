// What stands between a quantity and the unit it is converted to: a word with spaces around
// it, an arrow or =. One list for the reader (query.ts) and for the search box's quick test
// of whether a query may name a pair (searchWords.ts), which must not pull the reader in.

/**
 * The separator, as a pattern's source: `to`, `in`, `into`, `as` between spaces (the space
 * after the word is not taken, so "5 ft 11 in to cm" finds both "in" and "to"), or `→`,
 * `->`, `=>`, `=` with or without spaces. Group 1 holds the word, group 2 the arrow.
 */
/** A separator as a regex alternation whose surroundings the caller writes (`\s+${SEPARATOR_WORD}\s+`): the words, an arrow or =. */
export const SEPARATOR_WORD = String.raw`(?:to|in|into|as|→|->|=)`;

export const SEPARATOR_SOURCE = String.raw`\s+(to|in|into|as)(?=\s)|\s*(→|->|=>|=)`;
