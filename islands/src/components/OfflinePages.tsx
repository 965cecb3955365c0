// On the offline page: the pages this browser has saved while the visitor read them (the
// service worker's runtime cache, islands/src/sw/sw.ts), with their titles, so they can
// be opened without a connection. Nothing is listed before hydration or without caches.
// Asked for a pair page this device has not saved (a link someone sent), it first links the
// pair's converter on the pair and value asked (urlState pairPageAsked), when that converter
// is saved: the shell holds the everyday ones, the others once opened.
import { useEffect, useState } from 'react';
import { ASSETS_PATH } from '../generated/site.ts';
import { RUNTIME_CACHE } from '../sw/policy.ts';
import { pairPageAsked } from '../lib/urlState.ts';

interface Saved {
  path: string;
  title: string;
}

/** Pages (not files) in the runtime cache, newest first, titled from their <title>. */
async function savedPages(): Promise<Saved[]> {
  if (typeof caches === 'undefined' || !(await caches.has(RUNTIME_CACHE))) return [];
  const cache = await caches.open(RUNTIME_CACHE);
  const pages: Saved[] = [];
  for (const request of [...(await cache.keys())].reverse()) {
    const url = new URL(request.url);
    if (url.origin !== location.origin || url.pathname.startsWith(ASSETS_PATH) || /\.[a-z0-9]+$/i.test(url.pathname)) continue;
    const response = await cache.match(request);
    const html = response ? await response.text() : '';
    const title = new DOMParser().parseFromString(html, 'text/html').title || url.pathname;
    pages.push({ path: url.pathname, title: title.replace(/ \| [^|]+$/, '') });
  }
  return pages;
}

/** The converter of the pair page asked for, as a link: "Length Converter on 5 feet to meters"; null when this device has not saved it. */
async function askedConverter(): Promise<{ href: string; text: string } | null> {
  const asked = pairPageAsked(location.pathname, location.search);
  if (asked === null || typeof caches === 'undefined' || (await caches.match(asked.home, { ignoreSearch: true })) === undefined) return null;
  // The converter's name as this page links it, the longest ("Length Converter", not the menu's "Length").
  const named = [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
    .filter((a) => a.getAttribute('href') === asked.home)
    .map((a) => a.textContent?.trim() ?? '')
    .reduce((a, b) => (b.length > a.length ? b : a), '');
  const money = asked.home === '/currency-converter';
  const word = (key: string): string => (money ? key.toUpperCase() : key.replace(/_/g, ' '));
  const what = `${asked.value === '' ? '' : `${asked.value} `}${word(asked.from)} to ${word(asked.to)}`;
  return { href: asked.href, text: `${named || asked.home.slice(1)} on ${what}` };
}

export default function OfflinePages() {
  const [pages, setPages] = useState<Saved[] | null>(null);
  const [asked, setAsked] = useState<{ href: string; text: string } | null>(null);
  useEffect(() => {
    // Both at once, so the list never shows before the converter link it goes under.
    Promise.all([askedConverter(), savedPages()]).then(
      ([converter, saved]) => {
        setAsked(converter);
        setPages(saved);
      },
      () => setPages([]),
    );
  }, []);
  if (pages === null) return null;
  return (
    <>
    {asked !== null && (
      <section className="offline-asked" aria-labelledby="offline-asked-h">
        <h2 id="offline-asked-h">Its converter works offline</h2>
        <p>
          <a href={asked.href}>{`Open the ${asked.text}`}</a>
        </p>
      </section>
    )}
    <section className="offline-saved" aria-labelledby="offline-saved-h">
      <h2 id="offline-saved-h">Pages saved on this device</h2>
      {pages.length === 0 ? (
        <p>None yet: pages you open while online are kept here for later.</p>
      ) : (
        <ul className="link-list">
          {pages.map((p) => (
            <li key={p.path}>
              <a href={p.path}>{p.title}</a>
            </li>
          ))}
        </ul>
      )}
    </section>
    </>
  );
}
