// The home page's favourite pairs (starred on a converter card), each a one-click
// converter: a link that opens the pair's converter page on that pair, and a button to
// remove it. Kept only in this browser (lib/favourites.ts). Loaded by the Favourites island
// once there are favourites; with none it shows nothing at all, except right after the
// visitor removed the last one here (the focus needs somewhere to go).
//
// Removing one moves the keyboard focus to the next favourite's remove button (the previous
// one's at the end of the list), or to the list's heading when none is left: never to <body>.
import { useEffect, useRef, useState } from 'react';
import { favouriteHref, readFavourites, subscribeFavourites, setFavourite, type Favourite } from '../lib/favourites.ts';
import { toast } from '../lib/toast.ts';
import { favouriteName } from '../lib/favouriteKeys.ts';

export default function FavouritesList() {
  const [list, setList] = useState<Favourite[]>([]);
  // The position a favourite was removed from, until the list shows the removal and the
  // focus has moved; and whether this page removed the last one (the section then stays).
  const focusAt = useRef<number | null>(null);
  const [emptied, setEmptied] = useState(false);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    setList(readFavourites());
    return subscribeFavourites(setList);
  }, []);
  useEffect(() => {
    if (focusAt.current === null) return;
    if (list.length === 0) heading.current?.focus();
    else buttons.current[Math.min(focusAt.current, list.length - 1)]?.focus();
    focusAt.current = null;
  }, [list]);
  if (list.length === 0 && !emptied) return null;

  const remove = (f: Favourite, at: number): void => {
    if (setFavourite(f, false) !== false) return;
    focusAt.current = at;
    if (list.length === 1) setEmptied(true);
    toast({ title: 'Removed from favourites', description: `${favouriteName(f)} is no longer a favourite` });
  };

  return (
    <section className="card favourites" aria-labelledby="favourites-title">
      <h2 id="favourites-title" className="favourites-title" ref={heading} tabIndex={-1}>
        Your Favourites
      </h2>
      {list.length > 0 && (
      <ul className="favourites-list">
        {list.map((f, i) => (
          <li key={`${f.category}:${f.from}:${f.to}:${f.ingredient ?? ''}`} className="favourite">
            {/* Named by what it shows (WCAG 2.5.3): "Length Feet to Meters", the arrow read as "to". */}
            <a className="favourite-link" href={favouriteHref(f)}>
              <span className="favourite-type">{f.label}</span>{' '}
              <span className="favourite-pair">
                {f.fromName} <span aria-hidden="true">→</span>
                <span className="visually-hidden">to</span> {f.toName}
                {f.ingredientName !== undefined && ` of ${f.ingredientName.toLowerCase()}`}
              </span>
            </a>
            <button
              type="button"
              className="icon-button favourite-remove"
              aria-label={`Remove ${favouriteName(f, 'to')} from favourites`}
              ref={(el) => {
                buttons.current[i] = el;
              }}
              onClick={() => remove(f, i)}
            >
              <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
      )}
      <p className="favourites-note">
        {list.length === 0 ? 'No favourites left. Star a pair on any converter with ☆ to keep it here; ' : 'Starred on a converter with ☆; '}
        kept only in this browser.
      </p>
    </section>
  );
}
