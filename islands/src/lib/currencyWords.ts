// Words people write for a currency besides the catalog's code, English sign and name
// (generated/currencies.json): the sign its own country writes, which several currencies
// share ($ is the peso's in Mexico, kr the krona's in Sweden), and names in English or in its
// own language. The Amount reads them (amount.ts) and the picker finds by them, and by other
// names of countries (currencyCatalog.ts). Written here by hand: the catalog gives each currency
// one sign, the one English writes; a test holds LOCAL_SIGNS to ICU's narrow signs.
import { table } from './table.ts';

/** A sign several currencies write at home (ICU's narrow symbol), and the currencies that do. */
export const LOCAL_SIGNS: Record<string, readonly string[]> = table({
  $: [
    'USD', 'CAD', 'AUD', 'NZD', 'MXN', 'SGD', 'HKD', 'TWD', 'ARS', 'BBD', 'BMD', 'BND', 'BSD', 'BZD', 'CLP', 'COP', 'CUC', 'CUP',
    'DOP', 'FJD', 'GYD', 'JMD', 'KYD', 'LRD', 'NAD', 'SBD', 'SRD', 'TTD', 'UYU', 'XCD',
  ],
  '¥': ['JPY', 'CNY'],
  kr: ['SEK', 'NOK', 'DKK', 'ISK'],
  '£': ['GBP', 'FKP', 'GIP', 'SHP', 'SSP', 'SYP'],
  '₩': ['KRW', 'KPW'],
  Rs: ['LKR', 'MUR', 'NPR', 'PKR'],
});

/**
 * More words for a currency, by code: its sign with its country's letters (US$, C$: the
 * featured Canadian dollar's before the Nicaraguan córdoba's), other names in English, and its
 * name or sign at home (złoty, kronor, 元, TL).
 */
export const CURRENCY_WORDS: Record<string, readonly string[]> = table({
  // Nicknames as people type them: bucks (the US dollar's, as "dollars" alone is), the Aussie,
  // the Kiwi and the loonie.
  USD: ['US$', 'buck', 'bucks', 'greenback', 'greenbacks'],
  // Rs, as India writes rupees besides ₹ (ICU's narrow sign, so not in LOCAL_SIGNS): shared
  // with the other rupees' Rs, and so the featured rupee's, as "rupees" is.
  INR: ['Rs'],
  GBP: ['sterling', 'quid', 'pound sterling', 'pounds sterling'],
  JPY: ['JP¥', '円'],
  CAD: ['C$', 'loonie', 'loonies', 'cdn'],
  AUD: ['AU$', 'aussie dollar', 'aussie dollars'],
  NZD: ['NZ$', 'kiwi dollar', 'kiwi dollars'],
  CNY: ['RMB', 'renminbi', '元'],
  TRY: ['TL'],
  THB: ['บาท'],
  PLN: ['złoty', 'złotys', 'złote', 'złotych'],
  SEK: ['kronor', 'crown', 'crowns', 'swedish kronor'],
  NOK: ['kroner', 'crown', 'crowns', 'norwegian kroner'],
  DKK: ['kroner', 'crown', 'crowns', 'danish kroner'],
  ISK: ['krónur', 'crown', 'crowns'],
  CZK: ['crown', 'crowns'],
  // The plurals English takes from Portuguese and Spanish, and the British spelling.
  BRL: ['reais'],
  PEN: ['soles'],
  RUB: ['rouble', 'roubles'],
  // As Singapore, the Gulf and Canada write them; Nepal's rupee by its English adjective.
  SGD: ['S$'],
  TWD: ['taiwan dollar', 'taiwan dollars', 'taiwanese dollar', 'taiwanese dollars'],
  AED: ['Dhs', 'uae dirham', 'uae dirhams', 'emirati dirham', 'emirati dirhams'],
  NPR: ['nepali rupee', 'nepali rupees'],
  // CLDR's English names, which the catalog replaces by the issuers' (scripts/currencies.mjs).
  GYD: ['guyanaese dollar', 'guyanaese dollars'],
  BMD: ['bermudan dollar', 'bermudan dollars'],
  BWP: ['botswanan pula'],
  LAK: ['laotian kip', 'laotian kips'],
  ZWG: ['zimbabwean gold', 'ZiG'],
});

/**
 * Currencies that a word shared with another does not name when nothing else decides: North
 * Korea's won is not exchanged outside the country, so "won" ("5000 won to usd") means South
 * Korea's, as ₩ does; "rubles" the Russian ruble, not the Belarusian. By its code, or chosen in From or To, it is read as before.
 */
export const NOT_MEANT_BY_SHARED_WORDS: ReadonlySet<string> = new Set(['KPW', 'BYN']);

/**
 * Other names of countries, as people search for their currency: "UK" and "England" find the
 * pound of the United Kingdom, "USA" the dollar of the United States. By the catalog's English
 * country names.
 */
export const COUNTRY_WORDS: Record<string, readonly string[]> = table({
  'United Kingdom': ['UK', 'Britain', 'Great Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland'],
  'United States': ['USA', 'US', 'America'],
  // Dubai and Abu Dhabi, as travellers name where they go ("dubai currency").
  'United Arab Emirates': ['UAE', 'Emirates', 'Dubai', 'Abu Dhabi'],
  Türkiye: ['Turkey'],
  Czechia: ['Czech Republic'],
  Netherlands: ['Holland'],
  // Typed without its apostrophe, or with a straight one.
  'Côte d’Ivoire': ['Ivory Coast', "Cote d'Ivoire", 'Cote d Ivoire', 'Cote dIvoire'],
  Eswatini: ['Swaziland'],
});

const signsOf = new Map<string, string[]>();
for (const [sign, codes] of Object.entries(LOCAL_SIGNS)) for (const code of codes) signsOf.set(code, [...(signsOf.get(code) ?? []), sign]);

/** The signs of LOCAL_SIGNS `code` writes ("$" for MXN). */
export function localSignsOf(code: string): readonly string[] {
  return signsOf.get(code) ?? [];
}

/** Every word of CURRENCY_WORDS and LOCAL_SIGNS for `code`. */
export function moreWordsOf(code: string): string[] {
  return [...localSignsOf(code), ...(CURRENCY_WORDS[code] ?? [])];
}
