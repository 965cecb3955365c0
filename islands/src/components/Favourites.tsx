// The home page's favourite pairs (starred on a converter card). Server-rendered as
// nothing; the list (ui/FavouritesList.tsx with lib/favourites.ts) is a chunk fetched only
// when this browser has favourites or a card on the page stars a pair, so a first visit
// loads none of it.
import { lazy, Suspense } from 'react';
import { FAVOURITES_EVENT, FAVOURITES_KEY } from '../lib/favouriteKeys.ts';
import { useStoredList } from '../lib/useStoredList.ts';

const FavouritesList = lazy(() => import('../ui/FavouritesList.tsx'));

export default function Favourites() {
  const wanted = useStoredList(FAVOURITES_KEY, FAVOURITES_EVENT);
  return wanted ? (
    <Suspense fallback={null}>
      <FavouritesList />
    </Suspense>
  ) : null;
}
