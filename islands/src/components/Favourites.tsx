// The home page's favourite pairs (starred on a converter card). Server-rendered as
// nothing; the list (ui/FavouritesList.tsx with lib/favourites.ts) is a chunk fetched only
// when this browser has favourites or a card on the page stars a pair, so a first visit
// loads none of it.
import { lazy, Suspense, useEffect, useState } from 'react';
import { FAVOURITES_EVENT, FAVOURITES_KEY } from '../lib/favouriteKeys.ts';
import { browserStorage, pageBus } from '../lib/storage.ts';

const FavouritesList = lazy(() => import('../ui/FavouritesList.tsx'));

function stored(): boolean {
  try {
    const text = browserStorage()?.getItem(FAVOURITES_KEY);
    return text != null && text !== '[]';
  } catch {
    return false;
  }
}

export default function Favourites() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (stored()) {
      setWanted(true);
      return;
    }
    const want = (): void => setWanted(true);
    const onStorage = (e: Event): void => {
      if ((e as StorageEvent).key === FAVOURITES_KEY) want();
    };
    pageBus.addEventListener(FAVOURITES_EVENT, want);
    pageBus.addEventListener('storage', onStorage);
    return () => {
      pageBus.removeEventListener(FAVOURITES_EVENT, want);
      pageBus.removeEventListener('storage', onStorage);
    };
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <FavouritesList />
    </Suspense>
  ) : null;
}
