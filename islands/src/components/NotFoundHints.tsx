// The 404 page's suggestions: the address's words (lib/notFound.ts) read as the search box
// reads a query. A pair or a value ("/length-converter/foot-to-metres", "/5-ft-to-cm") is
// answered as the box answers it, linked to the pair's own page where it has one; then the
// pages the site search finds. The server renders nothing (it cannot know the address): the
// list appears once the index answers, and not at all offline or for an address of no words.
import { useEffect, useState } from 'react';
import { pathQueries, pairPageOf } from '../lib/notFound.ts';
import { holdsNumber, mayConvert } from '../lib/searchWords.ts';

/** How many suggestions at most. */
const SHOWN = 5;

interface Hint {
  href: string;
  title: string;
  section: string;
}

async function suggestions(pathname: string): Promise<Hint[]> {
  const queries = pathQueries(pathname);
  if (queries.length === 0) return [];
  const [{ openSearch }, answers] = await Promise.all([
    import('../lib/siteSearch.ts'),
    queries.some(mayConvert) ? import('../lib/boxAnswers.ts') : Promise.resolve(null),
  ]);
  const search = await openSearch();
  const hints: Hint[] = [];
  if (answers !== null) {
    const data = await search.units();
    for (const query of queries.filter(mayConvert)) {
      const answer = await answers.answerFor(query, data).catch(() => null);
      if (answer === null || !('lines' in answer)) continue;
      for (const line of answer.lines) {
        hints.push({ href: pairPageOf(line.href, data, window.location.origin, holdsNumber(query)) ?? line.href, title: line.text, section: line.section });
      }
      break;
    }
  }
  for (const query of queries) {
    const found = await search.search(query, { limit: SHOWN });
    if (found.hits.length === 0) continue;
    const seen = new Set(hints.map((h) => new URL(h.href, window.location.origin).pathname));
    hints.push(...found.hits.filter((h) => !seen.has(new URL(h.url, window.location.origin).pathname)).map((h) => ({ href: h.url, title: h.title, section: h.section })));
    break;
  }
  return hints.slice(0, SHOWN);
}

export default function NotFoundHints() {
  const [hints, setHints] = useState<Hint[]>([]);

  useEffect(() => {
    let live = true;
    suggestions(window.location.pathname).then(
      (found) => live && setHints(found),
      () => undefined, // offline or no index: the page's own links remain
    );
    return () => {
      live = false;
    };
  }, []);

  if (hints.length === 0) return null;
  return (
    <nav className="not-found-hints" aria-labelledby="not-found-hints-title">
      <h2 id="not-found-hints-title">Were you looking for…</h2>
      <ul>
        {hints.map((h) => (
          <li key={h.href}>
            <a href={h.href}>{h.title}</a> <span className="not-found-hints__section">{h.section}</span>
          </li>
        ))}
      </ul>
    </nav>
  );
}
