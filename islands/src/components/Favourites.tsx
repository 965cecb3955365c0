// The home page's favourite pairs (starred on a converter card). Server-rendered as
// nothing; the list (ui/FavouritesList.tsx with lib/favourites.ts) is a chunk fetched only
// when this browser has favourites or a card on the page stars a pair, so a first visit
// loads none of it.
import { FAVOURITES_EVENT, FAVOURITES_KEY } from '../lib/favouriteKeys.ts';
import { lazyChunk } from '../lib/lazyChunk.ts';
import { useStoredList } from '../lib/useStoredList.ts';
import { useChunk } from '../ui/useChunk.ts';

const favouritesListChunk = lazyChunk(() => import('../ui/FavouritesList.tsx'));

export default function Favourites() {
  const wanted = useStoredList(FAVOURITES_KEY, FAVOURITES_EVENT);
  const [list] = useChunk(favouritesListChunk, 'the favourites list', wanted);
  return wanted && list !== null ? <list.default /> : null;
}
