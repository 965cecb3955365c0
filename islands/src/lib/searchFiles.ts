// Where the build writes the site search's index (src/search/mod.rs): the entry, always
// asked for afresh, and the folder of its versioned files. Read by the search (siteSearch.ts)
// and the service worker (sw/policy.ts).
export const SEARCH_ENTRY = '/search.json';
export const SEARCH_DIR = '/search/';
/** The file of a version that answers conversions in the box (src/search/answers.rs). */
export const ANSWERS_FILE = 'units.json';
