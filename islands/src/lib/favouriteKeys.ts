// The favourites' storage key and page event, apart from lib/favourites.ts so the home
// page's island and the cards' stars can listen without loading the list code.
export const FAVOURITES_KEY = 'unitly-favourites';
/** Fired on `window` after this page changes the favourites; other tabs get a 'storage' event. */
export const FAVOURITES_EVENT = 'unitly:favourites';
