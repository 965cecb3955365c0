// The home page's favourite pairs (starred on a converter card), each a one-click
// converter: a link that opens the pair's converter page on that pair, and a button to
// remove it. Kept only in this browser (lib/favourites.ts). Loaded by the Favourites island
// once there are favourites; with none (all removed) it shows nothing at all.
import { useEffect, useState } from 'react';
import { favouriteHref, readFavourites, subscribeFavourites, toggleFavourite, type Favourite } from '../lib/favourites.ts';
import { toast } from '../lib/toast.ts';

export default function FavouritesList() {
  const [list, setList] = useState<Favourite[]>([]);
  useEffect(() => {
    setList(readFavourites());
    return subscribeFavourites(setList);
  }, []);
  if (list.length === 0) return null;

  const remove = (f: Favourite): void => {
    if (toggleFavourite(f) === false) toast({ title: 'Removed from favourites', description: `${f.fromName} → ${f.toName} is no longer a favourite` });
  };

  return (
    <section className="card favourites" aria-labelledby="favourites-title">
      <h2 id="favourites-title" className="favourites-title">
        Your Favourites
      </h2>
      <ul className="favourites-list">
        {list.map((f) => (
          <li key={`${f.category}:${f.from}:${f.to}`} className="favourite">
            <a className="favourite-link" href={favouriteHref(f)} aria-label={`${f.label}: ${f.fromName} to ${f.toName}`}>
              <span className="favourite-type">{f.label}</span>
              <span className="favourite-pair">
                {f.fromName}
                {' → '}
                {f.toName}
              </span>
            </a>
            <button type="button" className="icon-button favourite-remove" aria-label={`Remove ${f.fromName} to ${f.toName} from favourites`} onClick={() => remove(f)}>
              <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
      <p className="favourites-note">Starred on a converter with ☆; kept only in this browser.</p>
    </section>
  );
}
