// What the search box shows for a conversion (askConversion.ts reads it): each answer as a
// line to open, "5 ft 11 in = 180.34 cm" → the length converter with that value, and money
// at the live rate the edge gives, with its time; without one, at the rate this browser
// last saw or the built-in table, and the line says so. Money is read in every currency of
// the catalog, not only the featured ones units.json lists ("100 THB to USD"). A chunk of its
// own: the parser, the catalog and the rates client load only once a query may convert.
import { answer, crossesBitsAndBytes, isUnitWord, sureOffer, type Answer, type AnswerData } from './askConversion.ts';
import { currencyOfWord, readMoney } from './amount.ts';
import { approximateNote, fetchPair, keepTable, liveSourceText, offlineRate, readStoredRates, storeRates, formatAsOf } from './rates.ts';
import { formatDay, formatMoney, formatRate } from './format.ts';
import { currencyOfCountry, everyCurrency } from './currencyCatalog.ts';
import { offeredWord } from './lexicon.ts';
import { mayConvert } from './searchWords.ts';
import { WITH_AMOUNT_OR_TARGET } from './notConverted.ts';
import { replacedNote, replacedOf } from './replacedCurrencies.ts';

/** One answer line: the result to read and copy, where it opens, and what it is. */
export interface AnswerLine {
  text: string;
  href: string;
  /** "Length converter", "Currency · Live · as of 14:00 UTC" */
  section: string;
  /** The page of the pair asked, listed after the answer (askConversion.ts UnitAnswer). */
  pair?: { href: string; title: string };
  /** Money at a rate that is not live: what the card's Copy says of it ("approximate offline rate", rates.ts approximateNote). */
  approx?: string;
}

/**
 * A message, when there is no answer to show ("No rate for THB to USD…"); `open` is where the
 * question is asked all the same, the currency card for money with no rate (the 404 page links it);
 * `pairs` the pages of the pair likeliest meant, listed first ("1 gb in mb": Gigabytes to Megabytes).
 */
export type BoxAnswer = ({ lines: AnswerLine[] } | { message: string; open?: AnswerLine; pairs?: { href: string; title: string }[] }) & { money?: MoneyAsked };

/**
 * Money asked: the currency converter's page and the codes asked (lower case, none for a
 * message about crypto or an ambiguous word); the list keeps only the pair pages of those
 * codes, and no unit's entry ("50000 naira to pounds" is not the weight).
 */
export interface MoneyAsked {
  page: string;
  codes: string[];
}

/** How long the box waits for a live rate before it answers with an offline one. */
const RATE_TIMEOUT_MS = 4000;

const widened = new WeakMap<AnswerData, AnswerData>();

/** `data` reading every currency; the same object each time, so its lexicons are built once. */
function withEveryCurrency(data: AnswerData): AnswerData {
  let wide = widened.get(data);
  if (wide === undefined) {
    wide = { ...data, currencies: everyCurrency(data.currencies) };
    widened.set(data, wide);
  }
  return wide;
}

/**
 * A currency the index has no page for (not a featured one), named alone as a code written in
 * capitals or by its name ("MXN", "mexican peso": its rate), or any currency with an amount and
 * no target ("100 MXN", "€100"): in US dollars (US dollars in euros, the first featured
 * currency after them), opening the currency converter on it, as "5 ft" is answered in its
 * converter's usual units. Null for anything else (a featured currency alone: the search lists its page).
 */
function currencyAsked(query: string, data: AnswerData, wide: AnswerData): Answer | null {
  // A unit's word is the unit, whatever its case: "kips", "KIP" the force, "CUP" the cup, not the Lao kip or the Cuban peso.
  if (isUnitWord(query, data)) return null;
  const read = readMoney(query, wide.currencies);
  const withAmount = read.kind === 'ok' && read.parsed.kind === 'quantity' && read.target === null ? read.parsed.unit.key : null;
  // A lower-case word of three letters alone is likelier a word than a code ("cup", "all", "top").
  const alone = /\d/u.test(query) || /^\s*\p{Ll}{3}\s*$/u.test(query) ? null : currencyOfWord(query, wide.currencies);
  if (withAmount !== null) {
    const to = withAmount === 'USD' ? data.currencies.find((c) => c.code !== 'USD')?.code : 'USD';
    return to === undefined ? null : answer(`${query.trim()} to ${to}`, wide);
  }
  if (alone === null || data.currencies.some((c) => c.code === alone)) return null;
  return answer(`${alone} to USD`, wide);
}

/**
 * The sentence for a withdrawn code the catalog no longer has ("VEF", "100 vef to usd"):
 * what replaced it. In capitals anywhere; in lower case with an amount or a target (a word
 * such as "std" is no currency otherwise). Null when the query names none.
 */
function withdrawnCode(query: string, wide: AnswerData): string | null {
  const money = WITH_AMOUNT_OR_TARGET.test(query);
  for (const [word] of query.matchAll(/(?<![\p{L}])\p{L}{3}(?![\p{L}])/gu)) {
    const code = word.toUpperCase();
    if ((word !== code && !money) || wide.currencies.some((c) => c.code === code)) continue;
    const note = replacedNote(code);
    if (note !== null) return `${note} Convert in ${replacedOf(code)!.by}.`;
  }
  return null;
}

/** The answer for `query`, or null when it is no conversion (the search answers it). */
export async function answerFor(query: string, data: AnswerData, signal?: AbortSignal): Promise<BoxAnswer | null> {
  const wide = withEveryCurrency(data);
  const money = (codes: string[]): { money: MoneyAsked } => ({ money: { page: data.pages.currency, codes: codes.map((c) => c.toLowerCase()) } });
  const withdrawn = withdrawnCode(query, wide);
  if (withdrawn !== null) return { message: withdrawn, ...money([]) };
  const a = answer(query, wide) ?? currencyAsked(query, data, wide);
  if (a === null) return null;
  if (a.kind === 'error') return { message: a.message, ...(a.pairs && { pairs: a.pairs }), ...(a.money && money([])) };
  if (a.kind === 'answers') return { lines: a.answers.map((x) => ({ text: x.text, href: x.href, section: `${x.label} converter${x.note ? ` · ${x.note}` : ''}`, ...(x.pair && { pair: x.pair }) })) };
  const { amount, from, to, href } = a;
  // How the amount was read, as a unit answer says it ("1.000 EUR": the point is a decimal point).
  const read = a.notes !== undefined && a.notes.length > 0 ? ` (${a.notes.join('; ')})` : '';
  // A pair asked without an amount ("thb to usd") is answered with the rate itself.
  const text = (rate: number) =>
    // In each currency's decimals, as the card shows them: 1,000.00 THB = 4,142 JPY.
    a.pair ? `1 ${from.code} = ${formatRate(rate)} ${to.code}` : `${formatMoney(amount, from.digits)} ${from.code} = ${formatMoney(amount * rate, to.digits)} ${to.code}${read}`;
  // The pair's page, which the build makes for every two featured currencies (currency_pairs.rs).
  const featured = (code: string) => data.currencies.some((c) => c.code === code);
  const page = href.split('?')[0];
  const pair = featured(from.code) && featured(to.code) && from.code !== to.code ? { href: `${page}/${from.code.toLowerCase()}-to-${to.code.toLowerCase()}`, title: `${from.name} to ${to.name}` } : undefined;
  // A currency no longer in use (HRK) has no market rate to call live: what replaced it, instead.
  const replaced = replacedNote(from.code) ?? replacedNote(to.code);
  const line = (rate: number, source: string, approx: string | null = null): BoxAnswer => ({
    lines: [{ text: text(rate), href, section: `Currency · ${replaced ?? source}`, ...(pair && { pair }), ...(approx !== null && { approx }) }],
    ...money([from.code, to.code]),
  });
  try {
    const live = await fetchPair(from.code, to.code, amount, { signal, timeoutMs: RATE_TIMEOUT_MS });
    // Kept, as the card keeps what it shows: asked again offline, the box has this rate and
    // the rest of `from`'s table (at most hourly).
    storeRates(from.code, { [to.code]: live.rate }, live.time);
    keepTable(from.code);
    return line(live.rate, liveSourceText(live.time, live.stale), approximateNote({ source: 'live', time: live.time, stale: live.stale }));
  } catch (e) {
    if (signal?.aborted) throw e;
    // As the card falls back: what this browser saw, the day's reference rate the build had
    // (THB, SGD…, dated), the built-in table.
    const offline = offlineRate(from.code, to.code, readStoredRates(), data.fallbackRates, data.referenceRates ?? null);
    // Offline, the connection is why; online, the rate service is (it failed or did not answer in time).
    if (offline === null) {
      const why = globalThis.navigator?.onLine === false ? ' without a connection.' : ': the live rates are unavailable right now. Try again in a moment.';
      const asked = `${a.pair ? '' : `${formatMoney(amount, from.digits)} `}${from.code} to ${to.code}`;
      return { message: `No rate for ${from.code} to ${to.code}${why}`, open: { text: asked, href, section: 'Currency converter' }, ...money([from.code, to.code]) };
    }
    switch (offline.source) {
      case 'stored':
        return line(offline.rate, `Live rate unavailable: the rate this browser saw at ${formatAsOf(offline.time)}`, approximateNote(offline));
      case 'reference':
        return line(offline.rate, `Live rate unavailable: the European Central Bank reference rate of ${formatDay(offline.date)}`, approximateNote(offline));
      default:
        return line(offline.rate, 'Live rate unavailable: built-in offline rate', approximateNote(offline));
    }
  }
}

/**
 * A country named alone ("Philippines", "Ivory Coast"), as the picker finds it: its
 * currency's rate, featured or not (no page is titled by a country), in US dollars (the US
 * dollar in euros). Null when the query names no country with one currency; asked by the
 * box for words alone (SearchPanel.tsx), apart from answerFor, so that no other word is read
 * as money ("real", "mark" stay the search's).
 */
export async function countryAnswer(query: string, data: AnswerData, signal?: AbortSignal): Promise<BoxAnswer | null> {
  const code = /\d/u.test(query) ? null : currencyOfCountry(query);
  return code === null ? null : answerFor(`${code} to ${code === 'USD' ? 'EUR' : 'USD'}`, data, signal);
}

/** `query` with the word a message offers in place of the typo it names ("3 feets to cm": "3 feet to cm"); null when it offers none. */
function offeredQuery(query: string, message: string, data: AnswerData): string | null {
  const offer = offeredWord(message);
  // A guess tied with another, or across bits and bytes, stays a question ("1 kilobite to bytes").
  if (offer === null || !sureOffer(offer.typed, offer.word, data)) return null;
  const typed = offer.typed.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
  const fixed = query.replace(new RegExp(`(?<![\\p{L}])${typed}(?![\\p{L}])`, 'u'), offer.word);
  return fixed === query ? null : fixed;
}

/**
 * The answer for `query` as typed or, when that is none or only a message, as corrected:
 * by the search's spelling correction (`corrected`, "100 farenheit in celsius"), else by the
 * unit word the parser's own message offers ("3 feets to cm": “Did you mean “feet”?”). A
 * correction is taken only when it answers with lines, as a message would be about words
 * the visitor did not type; `as` is then the query answered.
 */
export async function answerAsCorrected(query: string, corrected: () => Promise<string | undefined>, data: AnswerData, signal?: AbortSignal): Promise<{ answer: BoxAnswer | null; as?: string }> {
  const typed = await answerFor(query, data, signal);
  if (typed !== null && 'lines' in typed) return { answer: typed };
  const searched = await corrected();
  if (searched !== undefined && mayConvert(searched) && !crossesBitsAndBytes(query, searched, withEveryCurrency(data))) {
    const fixed = await answerFor(searched, data, signal);
    if (fixed !== null && 'lines' in fixed) return { answer: fixed, as: searched };
  }
  const offered = typed !== null && 'message' in typed ? offeredQuery(query, typed.message, withEveryCurrency(data)) : null;
  const fixed = offered === null ? null : await answerFor(offered, data, signal);
  if (offered !== null && fixed !== null && 'lines' in fixed) return { answer: fixed, as: offered };
  return { answer: typed };
}
