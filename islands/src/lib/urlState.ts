// A conversion as a shareable address: `?value=5&from=meters&to=feet`. Pure functions over
// query strings, so they run in Node tests; the converter card wires them to `location`
// and `history.replaceState`.

import { parseValue } from './format';

export interface ConversionQuery {
  /** The value as the number input accepts it ("5", "-0.25", "1000000"), or '' for none. */
  value: string;
  from: string;
  to: string;
}

export const QUERY_KEYS = ['value', 'from', 'to'] as const;

/**
 * What a shared address asks for, validated: a unit key that `unitKeys` does not hold is
 * ignored, and so is a value that is not a finite number. Only the valid parts are
 * returned, so a caller keeps its own default for the rest.
 */
export function readConversionQuery(search: string, unitKeys: readonly string[]): Partial<ConversionQuery> {
  const params = new URLSearchParams(search);
  const out: Partial<ConversionQuery> = {};
  const n = parseValue(params.get('value'));
  // String() turns "1,234.5" or "1e3" into what <input type="number"> can hold.
  if (n !== null) out.value = String(n);
  for (const key of ['from', 'to'] as const) {
    const unit = params.get(key);
    if (unit !== null && unitKeys.includes(unit)) out[key] = unit;
  }
  return out;
}

/**
 * The query string for a conversion, keeping any unrelated parameters of `currentSearch`
 * (a campaign tag, say). With no value and the page's own preset pair there is nothing to
 * share and the result is '' (a clean address). Otherwise '?value=…&from=…&to=…'.
 */
export function conversionSearch(
  currentSearch: string,
  state: ConversionQuery,
  preset: { from: string; to: string },
): string {
  const params = new URLSearchParams(currentSearch);
  for (const key of QUERY_KEYS) params.delete(key);
  const value = state.value.trim();
  const own = new URLSearchParams();
  if (value !== '') own.set('value', value);
  if (value !== '' || state.from !== preset.from || state.to !== preset.to) {
    own.set('from', state.from);
    own.set('to', state.to);
  }
  const text = [own.toString(), params.toString()].filter((s) => s !== '').join('&');
  return text === '' ? '' : `?${text}`;
}
