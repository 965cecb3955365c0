// On the offline page: the pages this browser has saved while the visitor read them (the
// service worker's runtime cache, islands/src/sw/sw.ts), with their titles, so they can
// be opened without a connection. Nothing is listed before hydration or without caches.
import { useEffect, useState } from 'react';
import { ASSETS_PATH } from '../generated/site.ts';
import { RUNTIME_CACHE } from '../sw/policy.ts';

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

export default function OfflinePages() {
  const [pages, setPages] = useState<Saved[] | null>(null);
  useEffect(() => {
    savedPages().then(setPages, () => setPages([]));
  }, []);
  if (pages === null) return null;
  return (
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
  );
}
