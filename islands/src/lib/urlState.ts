// A conversion as a shareable address: `?value=5&from=meters&to=feet`. Pure functions over
// query strings, so they run in Node tests; the converter card wires them to `location`
// and `history.replaceState`.


export interface ConversionQuery {
  /** The value as typed ("5", "5 ft 11 in", "1 1/2"), or '' for none. */
  value: string;
  from: string;
  to: string;
}

export const QUERY_KEYS = ['value', 'from', 'to'] as const;

/**
 * The longest value a person types, in characters: the Value field reads no more (parse.ts),
 * a shared address and a replayed history entry carry no more; longer is not typed text.
 */
export const MAX_VALUE_CHARS = 500;

/**
 * What a shared address asks for, validated: a From that `fromKeys` does not hold, a To
 * that `toKeys` does not hold (a unit or a compound; From's keys when not given), in any
 * case (`from=thb` is THB), or an over-long value is ignored and named in `ignored`
 * ("from=parsecs"), so the page can say so and correct the address. The value is kept as typed: the parser reads it, and what it
 * cannot read gets its message there, never silently dropped.
 */
export function readConversionQuery(
  search: string,
  fromKeys: readonly string[],
  toKeys: readonly string[] = fromKeys,
  /** A key as it is now (units.ts currentUnitKey): an old link's `from=tons` opens the tonne. */
  current: (key: string) => string = (key) => key,
): Partial<ConversionQuery> & { ignored: string[] } {
  const params = new URLSearchParams(search);
  const out: Partial<ConversionQuery> & { ignored: string[] } = { ignored: [] };
  const value = params.get('value');
  if (value !== null && value.trim() !== '') {
    if (value.length <= MAX_VALUE_CHARS) out.value = value.trim();
    else out.ignored.push('value (too long)');
  }
  for (const [key, keys] of [['from', fromKeys], ['to', toKeys]] as const) {
    const given = params.get(key);
    if (given === null || given === '') continue;
    const found = keyIn(keys, current(given));
    if (found !== undefined) out[key] = found;
    else out.ignored.push(ignoredParam(key, given));
  }
  return out;
}

/**
 * Whether `query` (readConversionQuery's) ignored a `from` or `to`, which a card may read
 * again as a unit word (linkWords.ts readUnitParams): the card loads that reading only then.
 */
export const unreadUnits = (query: { ignored: readonly string[] }): boolean => query.ignored.some((i) => /^(from|to)=/.test(i));

/** The sentence a card shows for the parts of a shared address (or, `whose`, a history entry) it ignored, and why when known. */
export function ignoredNotice(ignored: readonly string[], why: readonly string[] = [], whose = "The link's"): string {
  const was = ignored.length > 1 ? 'were' : 'was';
  return [`${whose} ${ignored.join(' and ')} ${was} not understood here and ${was} ignored.`, ...why].join(' ');
}

/** `given` as one of `keys`, written in another case too (a currency's `from=thb`, typed or lower-cased by a link tool). */
const keyIn = (keys: readonly string[], given: string): string | undefined =>
  keys.includes(given) ? given : keys.find((k) => k.toLowerCase() === given.toLowerCase());

/** How readConversionQuery names an ignored parameter in `ignored` (`from=parsecs`). */
export const ignoredParam = (name: string, given: string): string => `${name}=${given.slice(0, 40)}`;

/**
 * A parameter of a shared address that a card reads beside the conversion (the cooking
 * card's `ingredient`), validated as From and To are: `key` when `keys` hold it in any case,
 * else `ignored` names it ("ingredient=zzz"). Neither when the address does not give it.
 */
export function readKeyParam(search: string, name: string, keys: readonly string[]): { key?: string; ignored?: string } {
  const given = new URLSearchParams(search).get(name);
  if (given === null || given === '') return {};
  const key = keyIn(keys, given);
  return key !== undefined ? { key } : { ignored: ignoredParam(name, given) };
}

/**
 * The query string for a conversion, keeping any unrelated parameters of `currentSearch`
 * (a campaign tag, say). With no value and the page's own preset pair there is nothing to
 * share and the result is '' (a clean address). Otherwise '?value=…&from=…&to=…'.
 */
export function conversionSearch(
  currentSearch: string,
  state: ConversionQuery,
  preset: { from: string; to: string },
): string {
  const params = new URLSearchParams(currentSearch);
  for (const key of QUERY_KEYS) params.delete(key);
  const value = state.value.trim();
  const own = new URLSearchParams();
  if (value !== '') own.set('value', value);
  if (value !== '' || state.from !== preset.from || state.to !== preset.to) {
    own.set('from', state.from);
    own.set('to', state.to);
  }
  const text = [own.toString(), params.toString()].filter((s) => s !== '').join('&');
  return text === '' ? '' : `?${text}`;
}

/** A unit or currency key as a pair page's path writes it: `fluid_ounces` → `fluid-ounces`, `USD` → `usd` (src/content/pairs.rs). */
export const pairSlug = (key: string): string => key.toLowerCase().replace(/_/g, '-');

/** What tells which pair pages a unit category has: its units, and its compounds with the units that have a page to them. */
export interface PairCategory {
  units: readonly { key: string }[];
  compounds?: readonly { key: string; parts: readonly string[]; pagesFrom?: readonly string[] }[];
}

/**
 * The last segment of the page of from → to in `category` when the site has that page, as
 * src/content/pairs.rs names it: every two of its units (`feet-to-meters`), and a unit to a
 * compound from the units the build lists in its `pagesFrom`, the compound named by its
 * parts (`centimeters-to-feet-and-inches`). Null otherwise.
 */
export function pairPageSlug(category: PairCategory, from: string, to: string): string | null {
  if (from === to || !category.units.some((u) => u.key === from)) return null;
  if (category.units.some((u) => u.key === to)) return `${pairSlug(from)}-to-${pairSlug(to)}`;
  const compound = category.compounds?.find((c) => c.key === to);
  return compound?.pagesFrom?.includes(from) === true ? `${pairSlug(from)}-to-${compound.parts.map(pairSlug).join('-and-')}` : null;
}

/**
 * The conversion a pair page's address asks for, as its converter's address
 * ("/length-converter/feet-to-meters?value=5" → "/length-converter?value=5&from=feet&to=meters"):
 * the offline page, answering a pair page this device has not saved, links the converter,
 * which is saved. A slug's words are its key (`fluid-ounces` is fluid_ounces, `usd` USD in
 * any case); a compound's (`feet-and-inches`) are read as words. Null for another address.
 */
export function pairPageAsked(pathname: string, search: string): { home: string; href: string; from: string; to: string; value: string } | null {
  const m = /^(\/[a-z0-9-]+-converter)\/([a-z0-9-]+?)-to-([a-z0-9-]+)$/.exec(pathname);
  if (m === null) return null;
  const key = (slug: string): string => (slug.includes('-and-') ? slug.replace(/-/g, ' ') : slug.replace(/-/g, '_'));
  const [home, from, to] = [m[1], key(m[2]), key(m[3])];
  const value = new URLSearchParams(search).get('value')?.trim().slice(0, MAX_VALUE_CHARS) ?? '';
  return { home, from, to, value, href: home + conversionSearch('', { value, from, to }, { from: '', to: '' }) };
}

/**
 * The address a main card mirrors its conversion in: its page's own path (`ownPath`, as the
 * page was opened) with conversionSearch's query. On a pair page (`pairPage`, which gives
 * the last segment of a pair's page where the site has one), the address must agree with the page it names,
 * whose heading, formula and preview are about the page's own pair (`preset`): the page's
 * own pair keeps the page and adds `?value=`; another pair names that pair's page
 * (`/length-converter/meters-to-feet?value=5`) when there is one, else the category's
 * converter page (the pair page's parent) with `?value&from&to`.
 */
export function conversionAddress(
  ownPath: string,
  currentSearch: string,
  state: ConversionQuery,
  preset: { from: string; to: string },
  pairPage?: (pair: { from: string; to: string }) => string | null,
): string {
  if (pairPage === undefined) return ownPath + conversionSearch(currentSearch, state, preset);
  const home = ownPath.slice(0, ownPath.lastIndexOf('/'));
  const own = state.from === preset.from && state.to === preset.to;
  const other = own ? null : pairPage(state);
  if (!own && other === null) return home + conversionSearch(currentSearch, state, { from: '', to: '' });
  // The pair is the path's: the query holds the value alone.
  const params = new URLSearchParams(currentSearch);
  for (const key of QUERY_KEYS) params.delete(key);
  const value = state.value.trim();
  const text = [value === '' ? '' : new URLSearchParams({ value }).toString(), params.toString()].filter((s) => s !== '').join('&');
  const path = other === null ? ownPath : `${home}/${other}`;
  return text === '' ? path : `${path}?${text}`;
}

/**
 * The element id a fragment names (`#works-offline`, `#%C3%A9t%C3%A9` → `été`). A malformed
 * escape (`#%E0%A4%A`, from a mistyped or hostile link) is not an error: the fragment is
 * taken as written, which matches no id, so the page simply opens nothing.
 */
export function fragmentId(hash: string): string {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * `p` with the ends a link or a history entry gave; an end it did not give (or one not
 * understood) stays the card's, unless that makes a pair of one unit: then the card's other
 * end (`from=XYZ&to=USD` on a USD → EUR card opens EUR → USD, not USD → USD).
 */
export function withEnds(p: { from: string; to: string }, from: string | undefined, to: string | undefined): { from: string; to: string } {
  const next = { from: from ?? p.from, to: to ?? p.to };
  if (next.from !== next.to || (from !== undefined && to !== undefined)) return next;
  return from === undefined ? { from: p.to, to: next.to } : { from: next.from, to: p.from };
}
