// What a visitor was looking for at an address the site has not (the 404 page): the words
// of its path, read as the search box reads a query. "/length-converter/foot-to-metres" is
// the pair "foot to metres", "/convert/5-ft-to-cm.html" the value "5 ft to cm", and
// "/blog/converion-tips" the words "converion tips".
import { pairPageSlug, pairSlug, type PairCategory } from './urlState.ts';

/** Words of addresses that say nothing of what was sought. */
const GENERIC = new Set(['convert', 'converter', 'converters', 'conversion', 'conversions', 'calculator', 'index', 'www', 'unitly', 'en', 'html', 'htm']);

/** A segment's words: separators (- _ + and a point not between digits) read as spaces, a file ending dropped. */
function segmentWords(segment: string): string[] {
  return segment
    .replace(/\.(html?|php|aspx?|jsp)$/i, '')
    .replace(/(?<!\d)\.|\.(?!\d)|[-_+\s]+/g, ' ')
    .split(' ')
    .filter((w) => w !== '' && !GENERIC.has(w.toLowerCase()));
}

/**
 * The queries an address reads as, most precise first: its last segment with words left
 * ("foot to metres"), then the words of the whole path ("length foot to metres"); none for
 * an address with no words ("/", "/index.html").
 */
export function pathQueries(pathname: string): string[] {
  const path = decoded(pathname);
  const segments = path.split('/').map(segmentWords).filter((words) => words.length > 0);
  const queries = [segments.at(-1)?.join(' ') ?? '', segments.flat().join(' ')].filter((q) => q !== '' && q.length <= 120);
  return queries.filter((q, i) => queries.indexOf(q) === i);
}

/** A path with its escapes decoded; a malformed escape (%E0%A4%A) is read as written. */
function decoded(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * An address as the site writes its pages: lower case, with no trailing slash, file ending
 * (.html, .htm, .php) or last `/index` ("/About/", "/length-converter.html" and
 * "/faq/index.php" are "/about", "/length-converter" and "/faq").
 */
export function normalPath(pathname: string): string {
  let path = decoded(pathname).toLowerCase().replace(/\/{2,}/g, '/');
  for (let before = ''; before !== path; ) {
    before = path;
    path = path.replace(/\/+$/, '').replace(/\.(html?|php)$/, '').replace(/\/index$/, '');
  }
  return path === '' ? '/' : path;
}

/** A path without its separators: "/lengthconverter", "/length_converter" and "/length-converter" are one. */
const joined = (path: string): string => path.replace(/[-_+\s]+/g, '');

/**
 * The page of the site an address names, written another way ("/About", "/length-converter/",
 * "/lengthconverter" are "/about" and "/length-converter"), among `routes` (the site's paths
 * the caller knows); null when it names none, or only the home page.
 */
export function routeOf(pathname: string, routes: Iterable<string>): string | null {
  const path = normalPath(pathname);
  if (path === '/') return null;
  const known = [...routes].filter((r) => r !== '/');
  return known.find((r) => r.toLowerCase() === path) ?? known.find((r) => joined(r.toLowerCase()) === joined(path)) ?? null;
}

/**
 * The pages of the site an address names by their words, among `routes`, those of more words
 * first: "/blog/2024" names "/blog", "/about-us" "/about", "/faqs" "/faq" and
 * "/length-converter/foot-to-metres" "/length-converter". The search may rank such a page
 * below others that say its one word often; the page it is written another way (routeOf)
 * and the home page are not among them.
 */
export function namedRoutes(pathname: string, routes: Iterable<string>): string[] {
  const said = new Set(normalPath(pathname).split(/[^\p{L}\p{N}]+/u).flatMap((w) => (w.endsWith('s') ? [w, w.slice(0, -1)] : [w])));
  const known = [...new Set(routes)];
  const meant = routeOf(pathname, known);
  const words = (route: string) => route.toLowerCase().split(/[/-]+/).filter((w) => w !== '');
  return known
    .filter((r) => r !== '/' && r !== meant && words(r).length > 0 && words(r).every((w) => said.has(w)))
    .sort((a, b) => words(b).length - words(a).length);
}

/** What tells which pair pages the site has: units.json's categories, their pages and the featured currencies. */
export interface PairSite {
  pages: Record<string, string>;
  categories: Record<string, PairCategory>;
  currencies: { code: string }[];
}

/**
 * The pair page of a converter address the box links ("/length-converter?value=5+ft&from=feet&to=meters"
 * → "/length-converter/feet-to-meters?value=5+ft"; with `withValue` false, the value the box
 * put for a pair asked without one is dropped), or null when the site
 * has none: the build makes one for every two units of a category and some units to a
 * compound (src/content/pairs.rs, urlState pairPageSlug) and every two featured currencies
 * (currency_pairs.rs), none for cooking.
 */
export function pairPageOf(href: string, site: PairSite, origin: string, withValue = true): string | null {
  const url = new URL(href, origin);
  const from = url.searchParams.get('from');
  const to = url.searchParams.get('to');
  const category = Object.keys(site.pages).find((key) => site.pages[key] === url.pathname);
  if (!from || !to || category === undefined) return null;
  // Featured currencies pair as a category's units do.
  const pages = category === 'currency' ? { units: site.currencies.map((c) => ({ key: c.code })) } : site.categories[category];
  const slug = pages === undefined ? null : pairPageSlug(pages, from, to);
  return slug === null ? null : pairPathOf(href, origin, withValue, `${url.pathname}/${slug}`);
}

/**
 * The pair page's address for a converter address, as the build names the pages, whether or
 * not the site has it ("/currency-converter?value=100&from=USD&to=JPY" →
 * "/currency-converter/usd-to-jpy?value=100"), its other parameters kept; the value only
 * `withValue`. `page`: the page's path where the caller knows it (a compound's is named by
 * its parts, pairPageSlug). Null without a pair.
 */
export function pairPathOf(href: string, origin: string, withValue = true, page?: string): string | null {
  const url = new URL(href, origin);
  const from = url.searchParams.get('from');
  const to = url.searchParams.get('to');
  if (!from || !to) return null;
  const rest = new URLSearchParams(url.search);
  for (const key of ['from', 'to', 'value']) rest.delete(key);
  const value = url.searchParams.get('value');
  if (value !== null && withValue) rest.set('value', value);
  const query = rest.toString();
  return `${page ?? `${url.pathname}/${pairSlug(from)}-to-${pairSlug(to)}`}${query === '' ? '' : `?${query}`}`;
}

/**
 * Where an answer's converter address leads from the 404 page: its pair page where the site
 * has one (pairPageOf), else the address itself, without the value the box put for a pair
 * asked without one (`withValue` false): "/currency-converter?value=1&from=THB&to=USD" is
 * "/currency-converter?from=THB&to=USD", the card.
 */
export function linkOf(href: string, site: PairSite, origin: string, withValue = true): string {
  const page = pairPageOf(href, site, origin, withValue);
  if (page !== null || withValue) return page ?? href;
  const url = new URL(href, origin);
  url.searchParams.delete('value');
  return `${url.pathname}${url.search}`;
}

/**
 * `href` with the request's query (`search`) added, its own parameters first: a page the
 * 404 links for the address written another way ("/Length-Converter?value=5&from=feet&to=inches")
 * keeps what the address asked, as the host's redirects keep it ("redirects (307, its query kept)").
 */
export function withQuery(href: string, search: string, origin: string): string {
  const asked = new URLSearchParams(search);
  if ([...asked.keys()].length === 0) return href;
  const url = new URL(href, origin);
  for (const [name, value] of asked) if (!url.searchParams.has(name)) url.searchParams.append(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A query of the address's words with the request's `value` before it, when the words hold
 * no number of their own ("/length-converter/foot-to-metres?value=12" asks "12 foot to
 * metres", not 1 ft); null when there is no such value.
 */
export function valuedQuery(query: string, search: string, holdsNumber: (q: string) => boolean): string | null {
  const value = new URLSearchParams(search).get('value')?.trim() ?? '';
  if (value === '' || value.length > 120 || holdsNumber(query)) return null;
  return `${value} ${query}`;
}
