// The favourites' storage key, page event and how a favourite is named, apart from
// lib/favourites.ts so the home page's island and the cards' stars can listen and speak
// without loading the list code.

export const FAVOURITES_KEY = 'unitly-favourites';
/** Fired on `window` after this page changes the favourites; other tabs get a 'storage' event. */
export const FAVOURITES_EVENT = 'unitly:favourites';

/** "Meters (m) → Feet (ft)"; a cooking favourite adds its ingredient: "… → Grams (g) of honey". */
export function favouriteName(f: { fromName: string; toName: string; ingredientName?: string }, arrow = '→'): string {
  return `${f.fromName} ${arrow} ${f.toName}${f.ingredientName === undefined ? '' : ` of ${f.ingredientName.toLowerCase()}`}`;
}
