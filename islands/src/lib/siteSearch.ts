// The site search's reader: finds the pages, FAQ entries and units for a query in the static
// index the build writes (src/search/mod.rs), fetching only what the query needs: the entry
// (`/search.json`: the version, each chunk's first term, the stop words), the unit words
// (units.json, which answers conversions too), the chunk(s) each term falls in, and the
// results it shows. A query's words are read as a visitor means them (queryWords.ts: "lbs"
// is also pounds, "100 usd to eur" usd and eur). A term matches the index's terms it begins
// (`conv` finds conversion, converter); a page must have every word (else the pages with
// the most of them), ranked by the sum of the index's scores, a result titled as the query
// first among those shown. When nothing matches, a misspelled word is read as the site's most
// common word one edit away (spelling.ts).
import { correctable, correction, listNames, oneEditApart, parseList, type WordList } from './spelling.ts';
import { fold, term, terms, wordsOf } from './searchWords.ts';
import { readQuery, unitWords, waysOf, type QueryWord } from './queryWords.ts';
import { wordKey } from './lexicon.ts';
import { ANSWERS_FILE, SEARCH_DIR, SEARCH_ENTRY } from './searchFiles.ts';
import type { AnswerData } from './askConversion.ts';
import type { AnswerLine, MoneyAsked } from './boxAnswers.ts';
import { pairPathOf } from './notFound.ts';
import { notConvertedWord } from './notConverted.ts';

/** How many results the box lists. */
export const RESULTS = 6;
/** An excerpt's length in words. */
const EXCERPT_WORDS = 22;
/** At most this many chunks for one term (a short prefix can span several). */
const MAX_CHUNKS = 3;

export interface Entry {
  version: string;
  chunks: string[];
  stop: string[];
  /** The spelling lists the index has, by name, separated by spaces (absent before they were named). */
  lists?: string;
  /**
   * How many results share a fragment file: `p/<n ÷ group>.json` is an array of them in
   * number order (src/search/fragments.rs). Absent in an index written before they shared
   * files (a version a browser kept offline), where `p/<n>.json` is result n alone.
   */
  group?: number;
}

/** A run of an excerpt: a matched word is `mark`ed. */
export interface Segment {
  text: string;
  mark: boolean;
}

export interface Hit {
  url: string;
  title: string;
  section: string;
  excerpt: Segment[];
}

export interface Found {
  hits: Hit[];
  /** The query as read when a misspelled word was corrected ("conversion tables"). */
  corrected?: string;
}

interface Fragment {
  url: string;
  title: string;
  section: string;
  text: string;
}

/** A chunk of the index: term → [rarity, page delta, frequency, …] (see src/search/postings.rs). */
type Chunk = Record<string, number[]>;
export type FetchText = (url: string) => Promise<string>;

/** GETs a file of ours as text; a failed request or a status other than 200 rejects. */
export const fetchText: FetchText = async (url) => {
  const res = await fetch(url, url === SEARCH_ENTRY ? { cache: 'no-cache' } : undefined);
  if (!res.ok) throw new Error(`${url}: status ${res.status}`);
  return res.text();
};

/** The index of the chunk `t` falls in: the last whose first term sorts before or at `t`. */
export function chunkOf(firsts: readonly string[], t: string): number {
  let lo = 0;
  let hi = firsts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (firsts[mid] <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Chunk numbers holding terms that begin with `t`. */
export function chunksFor(firsts: readonly string[], t: string): number[] {
  const out = [chunkOf(firsts, t)];
  while (out.length < MAX_CHUNKS) {
    const next = out[out.length - 1] + 1;
    if (next >= firsts.length || !firsts[next].startsWith(t)) break;
    out.push(next);
  }
  return out;
}

/**
 * Page → score for one term: the best of the index's terms it begins (exact counts most),
 * each listed as [rarity, page delta, frequency, page delta, frequency, …]. A longer word
 * counts at most as rare as the term itself when the index has the term: "pounds" finds
 * Pounds first, not the rarer poundal; and none counts rarer than `cap`.
 */
export function scoresFor(t: string, chunks: readonly Chunk[], cap = Infinity): Map<number, number> {
  const scores = new Map<number, number>();
  const exact = chunks.find((c) => Object.hasOwn(c, t))?.[t][0];
  for (const chunk of chunks) {
    for (const [indexed, postings] of Object.entries(chunk)) {
      if (!indexed.startsWith(t)) continue;
      const rarity = Math.min(cap, indexed === t || exact === undefined ? postings[0] : Math.min(postings[0], exact));
      const factor = ((indexed === t ? 1 : (0.5 * t.length) / indexed.length) * rarity) / 100;
      let page = 0;
      for (let i = 1; i + 1 < postings.length; i += 2) {
        page += postings[i];
        const s = postings[i + 1] * factor;
        if (s > (scores.get(page) ?? 0)) scores.set(page, s);
      }
    }
  }
  return scores;
}

/** Pages ranked by their summed scores: those with every term, or else those with any. */
export function rank(perTerm: readonly Map<number, number>[]): number[] {
  if (perTerm.length === 0) return [];
  const sum = (pages: Iterable<number>) => [...pages].map((p) => [p, perTerm.reduce((s, m) => s + (m.get(p) ?? 0), 0)] as const);
  const [first, ...rest] = perTerm;
  let ranked = sum([...first.keys()].filter((p) => rest.every((m) => m.has(p))));
  if (ranked.length === 0) ranked = sum(new Set(perTerm.flatMap((m) => [...m.keys()])));
  return ranked.sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([p]) => p);
}

/** Up to EXCERPT_WORDS words of `text` around its densest run of words that match `qterms`. */
export function excerpt(text: string, qterms: readonly string[], stop: ReadonlySet<string>): Segment[] {
  const words = wordsOf(text);
  const matched = words.map(({ word }) => {
    const t = term(fold(word), stop);
    return t !== null && qterms.some((q) => t.startsWith(q));
  });
  let best = 0;
  let bestCount = -1;
  for (let start = 0; start < Math.max(1, words.length - EXCERPT_WORDS + 1); start++) {
    let count = 0;
    for (let i = start; i < Math.min(words.length, start + EXCERPT_WORDS); i++) if (matched[i]) count++;
    if (count > bestCount) [best, bestCount] = [start, count];
  }
  // Start a few words before the first match, so it reads in context.
  const firstMatch = matched.indexOf(true, best);
  if (words.length === 0) return [{ text: text.slice(0, 160), mark: false }];
  // Words joined without a space (3.785411784, 1,000, x-ray) are one: never cut inside them,
  // so a factor is never shown as "multiply by 3. …".
  const joined = (i: number): boolean => !/\s/u.test(text.slice(words[i - 1].at + words[i - 1].word.length, words[i].at));
  let start = firstMatch >= 0 ? Math.max(0, firstMatch - 3) : 0;
  while (start > 0 && joined(start)) start--;
  let end = Math.min(words.length, start + EXCERPT_WORDS);
  while (end < words.length && joined(end)) end++;
  const segments: Segment[] = [];
  const push = (s: string, mark: boolean) => {
    const last = segments[segments.length - 1];
    if (last && last.mark === mark) last.text += s;
    else if (s) segments.push({ text: s, mark });
  };
  if (start > 0) push('… ', false);
  let at = words[start].at;
  for (let i = start; i < end; i++) {
    push(text.slice(at, words[i].at), false);
    push(words[i].word, matched[i]);
    at = words[i].at + words[i].word.length;
  }
  const tail = end < words.length ? text.slice(at, words[end].at).replace(/\s+$/, '') : text.slice(at);
  push(tail, false);
  if (end < words.length) push(' …', false);
  return segments;
}

/** A search over one version of the index; open one with `openSearch`. */
export class SiteSearch {
  private readonly stop: Set<string>;
  /** The spelling lists there are; null: unknown (an entry that does not name them). */
  private readonly lists: Set<string> | null;
  /** URL → its parsed contents, each fetched once; a failed fetch is forgotten, so the next query tries again. */
  private readonly loaded = new Map<string, Promise<unknown>>();

  constructor(
    readonly entry: Entry,
    private readonly get: FetchText = fetchText,
  ) {
    this.stop = new Set(entry.stop);
    this.lists = typeof entry.lists === 'string' ? new Set(entry.lists.split(' ')) : null;
  }

  private load<T>(file: string, parse: (text: string) => T): Promise<T> {
    const url = `${SEARCH_DIR}${this.entry.version}/${file}`;
    let p = this.loaded.get(url) as Promise<T> | undefined;
    if (!p) {
      p = this.get(url).then(parse);
      this.loaded.set(url, p);
      p.catch(() => this.loaded.delete(url));
    }
    return p;
  }

  private chunk(n: number): Promise<Chunk> {
    return this.load(`c/${n}.json`, (t) => JSON.parse(t) as Chunk);
  }

  private fragment(n: number): Promise<Fragment> {
    const group = this.entry.group;
    if (group === undefined) return this.load(`p/${n}.json`, (t) => JSON.parse(t) as Fragment);
    return this.load(`p/${Math.floor(n / group)}.json`, (t) => JSON.parse(t) as (Fragment | null)[]).then((file) => {
      const fragment = file[n % group];
      if (!fragment) throw new Error(`search result ${n} has no fragment`);
      return fragment;
    });
  }

  private list(name: string): Promise<WordList> {
    // A list the site does not have is an empty one (no word of that shape), and is not
    // asked for: a 404 would be an error in the visitor's console.
    if (this.lists !== null && !this.lists.has(name)) return Promise.resolve([]);
    return this.load(`w/${name}.txt`, parseList).catch(() => [] as WordList);
  }

  /** What answers conversions in the box: the units, their pages, the currencies (units.json). */
  units(): Promise<AnswerData> {
    return this.load(ANSWERS_FILE, (t) => JSON.parse(t) as AnswerData);
  }

  /** The terms of a text, as the index reads a page (a result's title). */
  terms(text: string): string[] {
    return [...new Set(terms(text, this.stop))];
  }

  /**
   * A title's terms, each once, each with its plural's where the stemmer makes that another
   * term: "Cookie Policy" is found by "cookies", whose term is cooky (as the index reads a
   * title, src/search/mod.rs).
   */
  titleTerms(title: string): string[][] {
    const seen = new Set<string>();
    const out: string[][] = [];
    for (const { word } of wordsOf(fold(title))) {
      const t = term(word, this.stop);
      if (t === null || seen.has(t)) continue;
      seen.add(t);
      const plural = term(`${word}s`, this.stop);
      out.push(plural !== null && plural !== t ? [t, plural] : [t]);
    }
    return out;
  }

  /**
   * The words of a query, each in the ways a page may have it (queryWords.ts), with the unit
   * words of units.json when it can be had (without them, the words as typed).
   */
  async read(query: string): Promise<QueryWord[]> {
    const units = await this.units().then(unitWords, () => null);
    return readQuery(query, this.stop, units);
  }

  /** The chunks of the index that hold the terms `t` begins. */
  private chunksOf(t: string): Promise<Chunk[]> {
    return Promise.all(chunksFor(this.entry.chunks, t).map((n) => this.chunk(n)));
  }

  /** A way of writing a word (its terms): the pages with all of them, by the sum of their scores. */
  private async wayScores(way: readonly string[], cap: number): Promise<Map<number, number>> {
    const [first, ...rest] = await Promise.all(way.map(async (t) => scoresFor(t, await this.chunksOf(t), cap)));
    const out = new Map<number, number>();
    for (const [page, score] of first) if (rest.every((m) => m.has(page))) out.set(page, rest.reduce((s, m) => s + m.get(page)!, score));
    return out;
  }

  /**
   * Each word's pages and scores: a page has a word when it has it as typed or by a name of
   * its unit, scored by the best. A unit's word as typed counts at most as rare as its name,
   * so "foot" finds Feet first as "feet" does, not the rarer Foot-Pounds.
   */
  private scores(words: readonly QueryWord[]): Promise<Map<number, number>[]> {
    return Promise.all(
      words.map(async (word) => {
        // The typed terms' chunks are asked for now, beside the names' (wayScores finds them
        // loaded): one round trip for both, not one after the other.
        for (const t of word.typed) this.chunksOf(t).catch(() => undefined);
        const rarities = await Promise.all(word.names.flat().map(async (t) => (await this.chunksOf(t)).find((c) => Object.hasOwn(c, t))?.[t][0] ?? 0));
        const cap = rarities.some((r) => r > 0) ? Math.max(...rarities) : Infinity;
        const ways = [...(word.typed.length > 0 ? [this.wayScores(word.typed, cap)] : []), ...word.names.map((name) => this.wayScores(name, Infinity))];
        const best = new Map<number, number>();
        for (const way of await Promise.all(ways)) for (const [page, score] of way) if (score > (best.get(page) ?? 0)) best.set(page, score);
        return best;
      }),
    );
  }

  /**
   * Whether a word of a query is in the index as typed: its term exactly, or the beginning
   * of a term (a word being typed, "conve"). "metrs" is neither: its term "metr" only begins
   * other words (metric, metre), so it is read as a possible misspelling.
   */
  private async known(word: string): Promise<boolean> {
    const t = term(word, this.stop);
    if (t === null) return true;
    const chunks = await this.chunksOf(t);
    return chunks.some((c) => Object.keys(c).some((k) => k === t || k.startsWith(word)));
  }

  /** Result numbers for the words of a query, best first. */
  async pages(words: readonly QueryWord[]): Promise<number[]> {
    return rank(await this.scores(words));
  }

  /** The query with each misspelled word replaced by the site's word it most likely means; null when none is. */
  async corrected(query: string): Promise<string | null> {
    let changed = false;
    const parts = await Promise.all(
      query.split(/(\s+)/).map(async (part) => {
        const word = fold(part).replace(/[^\p{Alphabetic}]/gu, '');
        // A word the box answers with a sentence ("shoes", "beaufort") is meant as typed.
        if (notConvertedWord(word)) return part;
        if (!correctable(word) || this.stop.has(word)) {
          const unit = await this.unitCorrection(word);
          if (unit === null) return part;
          changed = true;
          return unit;
        }
        const fix = correction(word, await Promise.all(listNames(word).map((n) => this.list(n))));
        if (fix === null) return part;
        changed = true;
        return fix;
      }),
    );
    return changed ? parts.join('') : null;
  }

  /**
   * A unit's name written without its vowels, four letters, too short for the site's
   * spelling lists ("grms", "yrds", "pnts"): read as the one word of a unit (units.json) of
   * four letters or more that is it with one vowel put back (grams, yards, pints). Only with
   * no vowel, as English words of four letters are one edit from units' names (roof rood,
   * pond pound, rain grain, tone tonne); only when no word of the site begins with it and it
   * names no unit itself; never a shorter word, as one edit makes a symbol another (ft, mi,
   * nm, pt).
   */
  private async unitCorrection(word: string): Promise<string | null> {
    if (word.length !== 4 || !/^[b-df-hj-np-tv-z]+$/u.test(word) || this.stop.has(word)) return null;
    const units = await this.units().then(unitWords, () => null);
    if (units === null || units.lexicon.words.has(wordKey(word)) || (await this.known(word))) return null;
    // The unit's word less its one vowel, not any word one edit away: "tbls" is no "tbps".
    const near = [...units.lexicon.words.keys()].filter((w) => w.length >= 4 && /^[a-z]+$/u.test(w) && oneEditApart(word, w) && w.replace(/[aeiou]/gu, '') === word);
    return near.length === 1 ? near[0] : null;
  }

  /**
   * The results for a query: up to `limit`, with their excerpts. A query with a word the
   * index does not have as typed is read again with its misspelled words corrected, and the
   * correction is taken when it finds pages with every word ("feet to metrs" is feet to
   * meters, not the pages that only say feet) or the query found none at all.
   */
  async search(query: string, { limit = RESULTS } = {}): Promise<Found> {
    let words = await this.read(query);
    if (words.length === 0) return { hits: [] };
    const perWord = await this.scores(unique(words));
    let pages = rank(perWord);
    let corrected: string | undefined;
    // A word with a digit is an amount, or one with its unit ("10kg"), which the unit words
    // read: never a misspelling (the lists hold letters), so its chunk is not asked for.
    const typed = wordsOf(fold(query))
      .map((w) => w.word)
      .filter((w) => !/\p{N}/u.test(w));
    if (perWord.some((m) => m.size === 0) || (await Promise.all(typed.map((w) => this.known(w)))).some((k) => !k)) {
      const fixed = await this.corrected(query);
      if (fixed !== null) {
        const fixedWords = await this.read(fixed);
        const fixedScores = await this.scores(unique(fixedWords));
        const fixedPages = rank(fixedScores);
        if (fixedPages.length > 0 && (pages.length === 0 || fixedScores.every((m) => m.size > 0))) {
          [words, pages, corrected] = [fixedWords, fixedPages, fixed];
        }
      }
    }
    const fragments = await Promise.all(pages.slice(0, limit).map((n) => this.fragment(n)));
    // A result titled as the query reads (its words, in their order; a unit's title without
    // its symbol) comes first: "feet to meters" finds Feet to Meters and Meters to Feet with
    // the same words and the same score, and "foot" Feet (ft) before Foot-Pounds. Then one
    // whose title begins with the query, the way a visitor names a page ("cookies": Cookie
    // Policy before the FAQ entry "Does Unitly use cookies…?"; "help" Help Center). A page
    // with the words anywhere in its title is above those that only say them already: the
    // index adds a title's words a score no text reaches (src/search/postings.rs).
    const titled = (f: Fragment) => titleMatch(this.titleTerms(f.title.replace(/\s*\([^)]*\)$/u, '')), words);
    const order = new Map(fragments.map((f) => [f, titled(f)]));
    fragments.sort((a, b) => order.get(b)! - order.get(a)!);
    const qterms = [...new Set(words.flatMap(waysOf).flat())];
    const hits = fragments.map((f) => ({ url: f.url, title: f.title, section: f.section, excerpt: excerpt(withoutTitle(f), qterms, this.stop) }));
    return corrected === undefined ? { hits } : { hits, corrected };
  }
}

/** A result as the box lists it: a page found, or a conversion's answer; `opens` the address
 *  it opens when that is not `url` (a pair's page with the value asked), `url` naming it in the list. */
export type Listed = Hit & { answer?: boolean; opens?: string };

/** A unit pair page's address (src/content/pairs.rs): /length-converter/feet-to-meters. */
const UNIT_PAIR_PAGE = /^\/[a-z-]+-converter\/[a-z0-9-]+-to-[a-z0-9-]+$/u;

/**
 * What the box lists for a query: the conversion's answer lines, then the page of each pair
 * they convert ("5 N to lbf": Newtons to Pounds-Force, which the search may not rank first,
 * as it skips one-letter words such as N), then the pages found, each once. The page of a
 * pair an answer converts (made, or found: "100 usd to jpy" finds USD to JPY) opens on the
 * answer's value, as the 404 links it (notFound.ts pairPathOf), unless the query held no
 * number (`withValue` false: "feet to meters" is answered for 1, which the page needs not).
 * `asked`: pair pages a message names as likeliest meant, first ("1 gb in mb", askConversion.ts),
 * or the converter a message about money opens on what was asked ("No rate for USD to PHP…").
 */
export function listed(lines: readonly AnswerLine[], found: readonly Hit[], withValue = true, asked: readonly { href: string; title: string; excerpt?: string }[] = [], money?: MoneyAsked): Listed[] {
  // Money asked ("2500 php to usd", "1 btc to usd"): no other pair's page (US Dollar to
  // Canadian Dollar shares only "usd"), nor a unit's entry ("pounds" there is sterling).
  if (money !== undefined) {
    const about = (url: string): boolean => {
      if (!url.startsWith(`${money.page}/`)) return !UNIT_PAIR_PAGE.test(url); // "kr 100": no Micrograys to Kilorads
      const pair = /^([a-z]{3})-to-([a-z]{3})$/u.exec(url.slice(money.page.length + 1));
      return pair === null || (money.codes.includes(pair[1]) && money.codes.includes(pair[2]));
    };
    found = found.filter((h) => about(h.url) && !/ unit$/u.test(h.section));
  }
  const answers: Listed[] = lines.map((l) => ({ url: l.href, title: l.text, section: l.section, excerpt: [], answer: true }));
  const origin = 'https://unitly.invalid';
  const valued = new Map<string, string>();
  for (const l of lines) {
    const page = pairPathOf(l.href, origin, false, l.pair?.href);
    const withIt = pairPathOf(l.href, origin, withValue, l.pair?.href);
    if (page !== null && withIt !== null) valued.set(page, withIt);
  }
  // The option keeps its page's url (the box's choice follows it while a late answer comes).
  const opened = (h: Hit): Listed => (valued.has(h.url) ? { ...h, opens: valued.get(h.url) } : h);
  const pairs: Hit[] = [];
  const made: ({ href: string; title: string; excerpt?: string } | undefined)[] = [...asked, ...lines.map((l) => l.pair)];
  for (const pair of made) {
    if (pair === undefined || pairs.some((p) => p.url === pair.href)) continue;
    const excerpt = pair.excerpt ?? 'The formula, an example and a table for this pair.';
    pairs.push(found.find((h) => h.url === pair.href) ?? { url: pair.href, title: pair.title, section: 'Page', excerpt: [{ text: excerpt, mark: false }] });
  }
  return [...answers, ...pairs.map(opened), ...found.filter((h) => !pairs.some((p) => p.url === h.url)).map(opened)];
}

/**
 * A result's text without the title it starts with (a page's text begins with its heading):
 * the list shows the title, and a screen reader would hear it twice ("Feet to Meters Feet to
 * Meters Type a value…"). A text that is only its title keeps it.
 */
export function withoutTitle({ title, text }: { title: string; text: string }): string {
  if (title === '' || !text.startsWith(title)) return text;
  const rest = text.slice(title.length);
  return /^\s+\S/u.test(rest) ? rest.trimStart() : text;
}

/** The words of a query, each once ("square meters to square feet" has square once). */
function unique(words: readonly QueryWord[]): QueryWord[] {
  const keys = words.map((w) => JSON.stringify(w));
  return words.filter((_, i) => keys.indexOf(keys[i]) === i);
}

/**
 * Whether a title's terms (each once) read as the query's words: one way of each, in order,
 * and nothing else ("foot to meter" reads as Feet to Meters).
 */
export function titledAs(title: readonly string[], words: readonly QueryWord[]): boolean {
  return reads(title.map((t) => [t]), words, false);
}

/**
 * Whether a title's terms (each with the terms it also stands for) read as the query's words,
 * one way of each in order: the whole title, or (`begins`) its first terms, the last word
 * maybe one being typed.
 */
function reads(title: readonly (readonly string[])[], words: readonly QueryWord[], begins: boolean): boolean {
  const last = words.length - 1;
  const matches = (at: number, t: string, partly: boolean) => title[at]?.some((x) => x === t || (partly && x.startsWith(t))) ?? false;
  const from = (w: number, at: number): boolean =>
    w === words.length
      ? begins || at === title.length
      : waysOf(words[w]).some((way) => way.every((t, k) => matches(at + k, t, begins && w === last && k === way.length - 1)) && from(w + 1, at + way.length));
  return words.length > 0 && from(0, 0);
}

/**
 * How a title's terms ([`SiteSearch.titleTerms`]) read the query's words: 2 as the query
 * ([`titledAs`]), 1 beginning with them ("about": About Unitly; "help cen": Help Center),
 * 0 otherwise.
 */
export function titleMatch(title: readonly (readonly string[])[], words: readonly QueryWord[]): 0 | 1 | 2 {
  return reads(title, words, false) ? 2 : reads(title, words, true) ? 1 : 0;
}

/** Opens the current index (its entry is always fetched afresh). */
export async function openSearch(get: FetchText = fetchText): Promise<SiteSearch> {
  const entry = JSON.parse(await get(SEARCH_ENTRY)) as Entry;
  if (typeof entry?.version !== 'string' || !Array.isArray(entry.chunks) || !Array.isArray(entry.stop)) throw new Error('search.json: unexpected contents');
  return new SiteSearch(entry, get);
}
