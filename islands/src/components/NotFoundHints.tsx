// The 404 page's suggestions: first, "Did you mean" the page of the site the address is,
// written another way ("/About", "/length-converter.html", "/lengthconverter"), found among
// the pages this page links (its header and footer) and the search's results; it is a link,
// not a redirect, so the address stays a 404. Then the address's words (lib/notFound.ts) read
// as the search box reads a query. A pair or a value ("/length-converter/foot-to-metres", "/5-ft-to-cm") is
// answered as the box answers it, linked to the pair's own page where it has one; then the
// pages the site search finds. The server renders nothing (it cannot know the address): the
// list appears once the index answers, and not at all offline or for an address of no words.
import { useEffect, useState } from 'react';
import { linkOf, namedRoutes, pathQueries, routeOf, valuedQuery, withQuery } from '../lib/notFound.ts';
import { holdsNumber, mayConvert } from '../lib/searchWords.ts';

/** How many suggestions at most. */
const SHOWN = 5;

interface Hint {
  href: string;
  title: string;
  section: string;
}

interface Hints {
  /** The page the address is, written another way: "Did you mean …". */
  meant: Hint | null;
  list: Hint[];
}

/** The pages this page links (the converters, About, FAQ, Blog…), by path, each with its longest name ("Length Converter", not "Length"). */
function linkedPages(): Map<string, string> {
  const pages = new Map<string, string>();
  for (const a of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    const url = new URL(a.href, window.location.origin);
    if (url.origin !== window.location.origin || url.search !== '' || url.hash !== '') continue;
    const name = a.textContent?.trim() ?? '';
    if (name.length > (pages.get(url.pathname)?.length ?? -1)) pages.set(url.pathname, name);
  }
  return pages;
}

/** A linked page's name: its link's, when it says all the path's words ("FAQ", "Help Center"), else the path's words ("Cooking" is "Cooking Converter"). */
function pageName(path: string, linked: string): string {
  const words = path.split(/[/-]+/).filter((w) => w !== '');
  if (words.every((w) => linked.toLowerCase().includes(w))) return linked;
  return words.map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');
}

/** Whether `title` has a word that one of `query`'s words begins, or that begins one ("history" in "Where is my conversion history stored?"). */
function titleSays(title: string, query: string): boolean {
  const words = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3);
  const asked = words(query);
  return words(title).some((t) => asked.some((q) => t.startsWith(q) || q.startsWith(t)));
}

/**
 * The suggestions for the address `pathname` asked with the query `search`: the links to the
 * page it is written another way, and to converters, keep the query (`?value=5&from=feet`), and
 * a pair in words with no number is answered for the query's value (`?value=12`), not 1.
 */
async function suggestions(pathname: string, search: string): Promise<Hints> {
  const linked = linkedPages();
  const route = routeOf(pathname, linked.keys());
  const queries = pathQueries(pathname);
  if (queries.length === 0) return { meant: null, list: [] };
  const [{ openSearch }, answers] = await Promise.all([
    import('../lib/siteSearch.ts'),
    queries.some(mayConvert) ? import('../lib/boxAnswers.ts') : Promise.resolve(null),
  ]);
  const index = await openSearch();
  const hints: Hint[] = [];
  const origin = window.location.origin;
  if (answers !== null) {
    const data = await index.units();
    answer: for (const words of queries.filter(mayConvert)) {
      for (const query of [valuedQuery(words, search, holdsNumber), words]) {
        if (query === null) continue;
        const answer = await answers.answerFor(query, data).catch(() => null);
        // Money with no rate now is linked all the same, to the card that will ask again.
        const lines = answer === null ? [] : 'lines' in answer ? answer.lines : answer.open ? [answer.open] : [];
        if (lines.length === 0) continue;
        for (const line of lines) {
          hints.push({ href: linkOf(line.href, data, origin, holdsNumber(query)), title: line.text, section: line.section });
        }
        break answer;
      }
    }
  }
  // A converter's page the address names keeps the query it was asked with.
  const converters = search === '' ? null : await index.units().then((d) => new Set(Object.values(d.pages)), () => null);
  const carried = (path: string): string => (converters?.has(path) ? withQuery(path, search, origin) : path);
  const pathOf = (href: string) => new URL(href, window.location.origin).pathname;
  const answered = hints.length;
  // The pages the address names by their words ("/blog/2024" Blog, "/about-us" About), which the search may rank low.
  for (const path of namedRoutes(pathname, linked.keys())) {
    if (!hints.some((h) => pathOf(h.href) === path)) hints.push({ href: carried(path), title: pageName(path, linked.get(path) ?? ''), section: 'Page' });
  }
  const named = hints.length;
  let searched = '';
  for (const query of queries) {
    const found = await index.search(query, { limit: SHOWN });
    if (found.hits.length === 0) continue;
    const seen = new Set(hints.map((h) => pathOf(h.href)));
    hints.push(...found.hits.filter((h) => !seen.has(pathOf(h.url))).map((h) => ({ href: h.url, title: h.title, section: h.section })));
    searched = found.corrected ?? query;
    break;
  }
  // A page the header and footer do not link ("/Metric-Length-Converter/") is known by the
  // search's results; a pair page answered ("/Length-Converter/Feet-To-Meters") stays its answer.
  const meantPath = route ?? routeOf(pathname, hints.slice(answered).map((h) => pathOf(h.href)));
  const found = hints.slice(answered).find((h) => pathOf(h.href) === meantPath);
  const meant =
    meantPath === null ? null : { href: withQuery(meantPath, search, origin), title: found?.title ?? pageName(meantPath, linked.get(meantPath) ?? ''), section: found?.section ?? '' };
  // With the page meant known, what the search found besides it is listed only when its title
  // says one of the words searched: "/About" is About, not pages that say "about 0.28".
  // The page meant is not listed again; an answer on it is, for its other value.
  const kept = hints.filter(
    (h, i) => (meantPath === null || i < named || titleSays(h.title, searched)) && (i < answered ? h.href !== meant?.href : pathOf(h.href) !== meantPath),
  );
  return { meant, list: kept.slice(0, SHOWN - (meant === null ? 0 : 1)) };
}

export default function NotFoundHints() {
  const [hints, setHints] = useState<Hints>({ meant: null, list: [] });

  useEffect(() => {
    let live = true;
    suggestions(window.location.pathname, window.location.search).then(
      (found) => live && setHints(found),
      () => undefined, // offline or no index: the page's own links remain
    );
    return () => {
      live = false;
    };
  }, []);

  const { meant, list } = hints;
  if (meant === null && list.length === 0) return null;
  return (
    <nav className="not-found-hints" aria-labelledby="not-found-hints-title">
      <h2 id="not-found-hints-title">Were you looking for…</h2>
      {meant !== null && (
        <p className="not-found-hints__meant">
          Did you mean <a href={meant.href}>{meant.title}</a>?
        </p>
      )}
      <ul>
        {list.map((h) => (
          <li key={h.href}>
            <a href={h.href}>{h.title}</a> <span className="not-found-hints__section">{h.section}</span>
          </li>
        ))}
      </ul>
    </nav>
  );
}
