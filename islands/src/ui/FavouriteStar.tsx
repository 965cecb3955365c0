// The star in a converter card's head: keeps the card's From → To pair as a favourite,
// listed on the home page (lib/favourites.ts). A toggle button (aria-pressed); the stored
// state is read after hydration, so the server's HTML (not pressed) always matches. The
// favourites code is a chunk of its own, fetched only when this browser has favourites, when
// this page or another tab changes them, or when the star is pressed: a first visit loads
// none of it. Pressing does what the button shows (add when not pressed, remove when
// pressed), whatever another tab did meanwhile.
import { useEffect, useRef, useState } from 'react';
import type { Favourite } from '../lib/favourites.ts';
import { browserStorage, onStoredChange } from '../lib/storage.ts';
import { FAVOURITES_EVENT, FAVOURITES_KEY, favouriteName } from '../lib/favouriteKeys.ts';
import { lazyChunk } from '../lib/lazyChunk.ts';
import { toast } from '../lib/toast.ts';

type Lib = typeof import('../lib/favourites.ts');
const favouritesChunk = lazyChunk(() => import('../lib/favourites.ts'));
const loadLib = favouritesChunk.load;

const stored = (): boolean => {
  try {
    return browserStorage()?.getItem(FAVOURITES_KEY) != null;
  } catch {
    return false;
  }
};

export default function FavouriteStar({ pair }: { pair: Favourite }) {
  const [state, setState] = useState<{ lib: Lib; list: Favourite[] } | null>(null);
  const unsubscribe = useRef<(() => void) | null>(null);
  const start = (): Promise<Lib> =>
    loadLib().then((l) => {
      if (unsubscribe.current === null) {
        setState({ lib: l, list: l.readFavourites() });
        unsubscribe.current = l.subscribeFavourites((list) => setState({ lib: l, list }));
      }
      return l;
    });
  useEffect(() => {
    const load = (): void => void start().catch((err) => console.warn('Unitly: could not load favourites:', err));
    if (stored()) load();
    // Another tab (or another card here) may star the first favourite after this page
    // loaded: hear it without the chunk, which then takes over.
    const stopWaiting = onStoredChange(FAVOURITES_KEY, FAVOURITES_EVENT, () => {
      if (unsubscribe.current === null) load();
    });
    return () => {
      stopWaiting();
      unsubscribe.current?.();
    };
  }, []);
  const on = state !== null && state.lib.hasFavourite(state.list, pair);
  const name = favouriteName(pair);

  const toggle = async (): Promise<void> => {
    const lib = await start();
    const dropped = on ? null : lib.droppedByAdding(pair);
    const starred = lib.setFavourite(pair, !on);
    if (starred === null) {
      toast({ title: 'Favourites unavailable', description: 'This browser does not allow the site to store favourites', variant: 'destructive' });
      return;
    }
    toast(
      starred
        ? {
            title: '⭐ Added to favourites',
            description:
              starred && dropped !== null
                ? `${name} is on the home page. ${lib.FAVOURITES_LIMIT} are kept: the oldest, ${favouriteName(dropped)}, was removed`
                : `${name} is on the home page`,
          }
        : { title: 'Removed from favourites', description: `${name} is no longer a favourite` },
    );
  };

  return (
    <button
      type="button"
      className={`icon-button favourite-star${on ? ' is-on' : ''}`}
      aria-pressed={on}
      aria-label="Favourite pair"
      title={on ? `${name} is a favourite (on the home page)` : `Keep ${name} as a favourite on the home page`}
      onClick={() => void toggle()}
    >
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill={on ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
        <path d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z" />
      </svg>
    </button>
  );
}
