// Every currency the card can name: the ISO 4217 catalog (generated/currencies.json, made by
// scripts/currencies.mjs from ICU and CLDR: names, symbols, minor units, the countries that
// use each), what the picker lists, and how typed text finds a currency ("baht", "THB",
// "Thailand"). A chunk of its own: the card fetches it when the picker opens or a currency
// outside the featured ones is on the card, so a page's first scripts carry none of it.
import data from '../generated/currencies.json';
import { COUNTRY_WORDS, CURRENCY_WORDS, localSignsOf } from './currencyWords.ts';
import { replacedOf } from './replacedCurrencies.ts';
import { CURRENCY_CODES } from '../generated/units.ts';
import type { Currency } from './units.ts';
import { table } from './table.ts';

/** A currency of the catalog, with the countries and territories where it is tender. */
export interface KnownCurrency extends Currency {
  countries: string[];
}

export const CATALOG: readonly KnownCurrency[] = data.currencies;
const byCode = new Map(CATALOG.map((c) => [c.code, c]));

/**
 * Whether `code` (in capitals) is one the box reads money in: the catalog's, a featured one
 * (units.yaml may name one the catalog lacks), or a withdrawn one, whose successor it names
 * ("VEF").
 */
export const isCurrencyCode = (code: string): boolean => byCode.has(code) || (CURRENCY_CODES as readonly string[]).includes(code) || replacedOf(code) !== null;

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

/** Letters with a stroke, which NFD does not split into a letter and a mark. */
const STROKES: Record<string, string> = table({ ł: 'l', đ: 'd', ø: 'o', ħ: 'h' });

/** Lower case without accents, so "Réunion" is found by "reunion", "CÔTE" by "cote" and "złoty" by "zloty". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[łđøħ]/gu, (c) => STROKES[c]);
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
 * it, then a word of the name (in English, or `localName`, the visitor's language), another
 * word for it ("rmb", "sterling"), its sign ("€", "฿") or another name of its country in full
 * ("UK", "USA"), then a sign its country shares ("$" finds the Canadian dollar after the US
 * one), then a country that uses it ("Thailand", "Brit"). An empty query lists everything in
 * the picker's order.
 */
export function searchCurrencies(list: readonly KnownCurrency[], query: string, localName?: (code: string) => string | undefined): Match[] {
  const q = fold(query.trim());
  if (q === '') return list.map((currency) => ({ currency }));
  const ranked: { match: Match; rank: number; index: number }[] = [];
  list.forEach((currency, index) => {
    const code = currency.code.toLowerCase();
    const names = [currency.name, localName?.(currency.code) ?? ''].map(fold);
    const words = (CURRENCY_WORDS[currency.code] ?? []).map(fold);
    let rank = -1;
    // Typed in full, another name of a country ("UK", "USA") is as good as a currency's name.
    let country = currency.countries.find((c) => COUNTRY_WORDS[c]?.some((name) => fold(name) === q));
    if (code === q) rank = 0;
    else if (code.startsWith(q)) rank = 1;
    else if (country !== undefined || names.some((n) => wordStarts(n, q)) || words.some((w) => wordStarts(w, q)) || fold(currency.symbol) === q) rank = 2;
    else if (localSignsOf(currency.code).some((s) => fold(s) === q)) rank = 3;
    else {
      country = currency.countries.find((c) => [c, ...(COUNTRY_WORDS[c] ?? [])].some((name) => wordStarts(fold(name), q)));
      if (country !== undefined) rank = 4;
      else if (q.length >= 3 && names.some((n) => n.includes(q))) rank = 5;
    }
    if (rank >= 0) ranked.push({ match: country === undefined ? { currency } : { currency, country }, rank, index });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return ranked.map((r) => r.match);
}

/**
 * The currency of a country named in full ("Philippines", "philippines", "Ivory Coast"), or
 * by its capitals (UK, USA, UAE), alone or asked about ("thailand currency", "currency of
 * india", "what currency does japan use"), as the picker finds it; null when the text names no country, or one with several currencies
 * in use (Panama: PAB and USD), which the picker lists for the visitor to choose.
 */
export function currencyOfCountry(text: string): string | null {
  // "thailand currency", "currency of india", "what currency does japan use": the country.
  const asked = text
    .trim()
    .replace(/^what\s+(?:currency|money)\s+(?:does|do|is\s+used\s+in)\s+(.+?)(?:\s+use)?$/iu, '$1')
    .replace(/^(?:currency|money)\s+(?:of|in)\s+/iu, '')
    .replace(/\s+(?:currency|money)$/iu, '')
    .replace(/^the\s+/iu, '');
  const q = fold(asked);
  // A short name only as written in capitals (UK, USA, UAE): "us" or "uk" in lower case is a word.
  if (q.length < 4 && !/^[A-Z]{2,3}$/u.test(asked)) return null;
  const codes = CATALOG.filter((c) => c.countries.some((country) => [country, ...(COUNTRY_WORDS[country] ?? [])].some((name) => fold(name) === q))).map((c) => c.code);
  return codes.length === 1 ? codes[0] : null;
}
