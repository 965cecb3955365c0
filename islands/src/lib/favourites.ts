// Favourite pairs: a star on a converter card keeps its From → To pair, and the home page
// lists the pairs as one-click converters. Kept only in this browser
// (localStorage['unitly-favourites'], essential storage: the visitor asked for it). Like
// the history, it survives corruption: unreadable JSON reads as no favourites (and is not
// overwritten until the visitor stars a pair), and a malformed item is skipped, never the
// list. Storage is a parameter, so this runs in Node tests.
import { browserStorage, onStoredChange, pageBus as bus, readStoredArray } from './storage';
import { CONVERTER_PATHS } from '../generated/site.ts';
import { FAVOURITES_EVENT, FAVOURITES_KEY } from './favouriteKeys';
import { currentUnitKey } from './units';
import { own } from './table.ts';

export { FAVOURITES_EVENT, FAVOURITES_KEY };
export const FAVOURITES_LIMIT = 24;

export interface Favourite {
  /** A category key of content/units.yaml, or 'currency'. */
  category: string;
  /** The category's label as the card names it ("Length", "Currency"). */
  label: string;
  /** Unit keys or currency codes, and their names as the selects show them. */
  from: string;
  to: string;
  fromName: string;
  toName: string;
  /** The Cooking converter's ingredient (content/ingredients.yaml key and name), which
   *  decides its result; absent for every other card, and in favourites kept before it. */
  ingredient?: string;
  ingredientName?: string;
}

type Pair = Pick<Favourite, 'category' | 'from' | 'to' | 'ingredient'>;

const KEY = /^[A-Za-z0-9_-]{1,40}$/;
const text = (x: unknown): x is string => typeof x === 'string' && x.length > 0 && x.length <= 80;

function isFavourite(x: unknown): x is Favourite {
  if (typeof x !== 'object' || x === null) return false;
  const f = x as Record<string, unknown>;
  const ingredient = f.ingredient === undefined ? f.ingredientName === undefined : typeof f.ingredient === 'string' && KEY.test(f.ingredient) && text(f.ingredientName);
  return [f.category, f.from, f.to].every((k) => typeof k === 'string' && KEY.test(k)) && [f.label, f.fromName, f.toName].every(text) && ingredient;
}

const same = (a: Pair, b: Pair): boolean =>
  a.category === b.category && a.from === b.from && a.to === b.to && a.ingredient === b.ingredient;

/** The stored favourites, newest first; [] for none, for corrupted JSON or for no storage. */
export function readFavourites(storage: Storage | undefined = browserStorage()): Favourite[] {
  const data = readStoredArray(FAVOURITES_KEY, storage);
  const out: Favourite[] = [];
  for (const item of data) {
    // A category the site no longer has would be a link to nowhere in particular: left out.
    if (!isFavourite(item) || own(CONVERTER_PATHS, item.category) === undefined) continue;
    const fav = { ...item, from: currentUnitKey(item.category, item.from), to: currentUnitKey(item.category, item.to) };
    if (!out.some((f) => same(f, fav))) {
      const { ingredient, ingredientName } = fav;
      out.push({
        category: fav.category, label: fav.label, from: fav.from, to: fav.to, fromName: fav.fromName, toName: fav.toName,
        ...(ingredient !== undefined && { ingredient, ingredientName }),
      });
    }
  }
  return out.slice(0, FAVOURITES_LIMIT);
}

export function hasFavourite(list: readonly Favourite[], pair: Pair): boolean {
  return list.some((f) => same(f, pair));
}

function write(list: Favourite[], storage: Storage | undefined): boolean {
  // No storage at all (blocked: the localStorage getter threw) refuses too, never a silent success.
  if (storage === undefined) return false;
  try {
    storage.setItem(FAVOURITES_KEY, JSON.stringify(list));
  } catch {
    return false; // full or blocked storage: nothing was saved
  }
  bus.dispatchEvent(new CustomEvent(FAVOURITES_EVENT));
  return true;
}

/**
 * Makes the pair a favourite (at the top) when `on`, or not one. The caller says which, from
 * what its button showed: a star another tab has changed meanwhile must not do the opposite
 * of what the visitor pressed. Returns whether the pair is a favourite afterwards, or null
 * when storage refused the change.
 */
export function setFavourite(fav: Favourite, on: boolean, storage: Storage | undefined = browserStorage()): boolean | null {
  if (!isFavourite(fav)) throw new TypeError(`not a favourite: ${JSON.stringify(fav)}`);
  const list = readFavourites(storage);
  const rest = list.filter((f) => !same(f, fav));
  if (on && rest.length < list.length) return true; // a favourite already (starred in another tab): kept where it is
  const next = on ? [fav, ...rest].slice(0, FAVOURITES_LIMIT) : rest;
  return write(next, storage) ? on : null;
}

/**
 * The favourite that starring `fav` would drop to keep FAVOURITES_LIMIT (the oldest), or
 * null: the star says which one went, never silently.
 */
export function droppedByAdding(fav: Pair, storage: Storage | undefined = browserStorage()): Favourite | null {
  const list = readFavourites(storage);
  return list.length < FAVOURITES_LIMIT || hasFavourite(list, fav) ? null : list[list.length - 1];
}

/**
 * The converter page of the pair, opened on it: /length-converter?from=meters&to=feet (the
 * category's route in content/routes.yaml), with the cooking card's ingredient. A category
 * the site no longer has: the home page, which lists every converter.
 */
export function favouriteHref(f: Pair): string {
  const page = own(CONVERTER_PATHS, f.category);
  const q = new URLSearchParams({ from: f.from, to: f.to, ...(f.ingredient !== undefined && { ingredient: f.ingredient }) });
  return page === undefined ? '/' : `${page}?${q}`;
}

/** Calls `listener` with the fresh list whenever this page or another tab changes it. */
export function subscribeFavourites(
  listener: (list: Favourite[]) => void,
  storage: Storage | undefined = browserStorage(),
  target: EventTarget = bus,
): () => void {
  return onStoredChange(FAVOURITES_KEY, FAVOURITES_EVENT, () => listener(readFavourites(storage)), target);
}
