// Every currency the card can name: the ISO 4217 catalog (generated/currencies.json, made by
// scripts/currencies.mjs from ICU and CLDR: names, symbols, minor units, the countries that
// use each), what the picker lists, and how typed text finds a currency ("baht", "THB",
// "Thailand"). A chunk of its own: the card fetches it when the picker opens or a currency
// outside the featured ones is on the card, so a page's first scripts carry none of it.
import data from '../generated/currencies.json';
import type { Currency } from './units.ts';

/** A currency of the catalog, with the countries and territories where it is tender. */
export interface KnownCurrency extends Currency {
  countries: string[];
}

export const CATALOG: readonly KnownCurrency[] = data.currencies;
const byCode = new Map(CATALOG.map((c) => [c.code, c]));

/**
 * The currency of `code` as the card shows it: a featured one as the props give it, else
 * the catalog's; a code neither knows (a provider's local currency such as FOK) by its code,
 * with 2 decimals.
 */
export function currencyOf(code: string, featured: readonly Currency[]): KnownCurrency {
  const own = featured.find((c) => c.code === code);
  const known = byCode.get(code);
  if (own) return { ...own, countries: known?.countries ?? [] };
  return known ?? { code, name: code, symbol: code, flag: '', digits: 2, countries: [] };
}

/**
 * What From and To offer: the featured currencies first, in units.yaml's order, then every
 * other currency by English name. `live` is the codes the rate provider's table quotes
 * (what converts live); when it is not known (offline, never fetched) the whole catalog is
 * offered, and a currency without an offline rate says so when chosen.
 */
export function pickerList(featured: readonly Currency[], live: readonly string[] | null): KnownCurrency[] {
  const own = new Set(featured.map((c) => c.code));
  const codes = live ?? CATALOG.map((c) => c.code);
  const others = [...new Set(codes)].filter((c) => !own.has(c) && /^[A-Z]{3}$/.test(c)).map((c) => currencyOf(c, featured));
  others.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return [...featured.map((c) => currencyOf(c.code, featured)), ...others];
}

const everyOf = new WeakMap<readonly Currency[], Currency[]>();

/**
 * The featured currencies, then every other of the catalog (the same list each time for the
 * same `featured`): what the search box reads money in ("100 THB to USD"). Featured first, so
 * a sign several currencies use ("$") stays the featured one's.
 */
export function everyCurrency(featured: readonly Currency[]): Currency[] {
  let all = everyOf.get(featured);
  if (all === undefined) {
    const own = new Set(featured.map((c) => c.code));
    all = [...featured, ...CATALOG.filter((c) => !own.has(c.code)).map(({ countries: _, ...c }) => c)];
    everyOf.set(featured, all);
  }
  return all;
}

/** Lower case without accents, so "Réunion" is found by "reunion" and "CÔTE" by "cote". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A listed currency and, when typed text found it by a country, that country. */
export interface Match {
  currency: KnownCurrency;
  country?: string;
}

/** Whether a word of `text` starts with `query` (both folded): "baht" in "thai baht". */
function wordStarts(text: string, query: string): boolean {
  return text.startsWith(query) || text.includes(` ${query}`) || text.includes(`(${query}`);
}

/**
 * The listed currencies `query` finds, best first: the exact code, then codes starting with
 * it, then a word of the name (in English, or `localName`, the visitor's language), then a
 * country that uses it. An empty query lists everything in the picker's order.
 */
export function searchCurrencies(list: readonly KnownCurrency[], query: string, localName?: (code: string) => string | undefined): Match[] {
  const q = fold(query.trim());
  if (q === '') return list.map((currency) => ({ currency }));
  const ranked: { match: Match; rank: number; index: number }[] = [];
  list.forEach((currency, index) => {
    const code = currency.code.toLowerCase();
    const names = [currency.name, localName?.(currency.code) ?? ''].map(fold);
    let rank = -1;
    let country: string | undefined;
    if (code === q) rank = 0;
    else if (code.startsWith(q)) rank = 1;
    else if (names.some((n) => wordStarts(n, q))) rank = 2;
    else {
      country = currency.countries.find((c) => wordStarts(fold(c), q));
      if (country !== undefined) rank = 3;
      else if (q.length >= 3 && names.some((n) => n.includes(q))) rank = 4;
    }
    if (rank >= 0) ranked.push({ match: country === undefined ? { currency } : { currency, country }, rank, index });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return ranked.map((r) => r.match);
}
