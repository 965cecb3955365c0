// The currency converter card: live rates from the edge function (/api/rates/pair/…),
// falling back to offline rates (the last live ones this browser saw, else the built-in
// table) with a banner and a warning icon when the call fails. The logic lives in
// ../lib/rates.ts; this only wires it to the inputs. What every card shares (the address,
// replay, history, the card's parts) is ui/useCard.ts and ui/CardParts.tsx.
//
// Server-rendered with an empty amount, so nothing is fetched and nothing moves until the
// visitor types; storage is only read in handlers and effects.
import { useEffect, useRef, useState } from 'react';
import { copyLine, currencyText } from '../lib/copyText.ts';
import type { NewHistoryEntry } from '../lib/history.ts';
import { formatMoney } from '../lib/format.ts';
import { lazyChunk } from '../lib/lazyChunk.ts';
import { quickAmount, swapped, type AmountReading } from '../lib/quickAmount.ts';
import { toast } from '../lib/toast.ts';
import { copyWithToast } from '../lib/clipboard.ts';
import CardActions, { copiedMessage } from '../ui/CardActions.tsx';
import CurrencyField from '../ui/CurrencyField.tsx';
import RateHistory from '../ui/RateHistory.tsx';
import SwapButton from '../ui/SwapButton.tsx';
import { CardSection, ResultField, ValueField } from '../ui/CardParts.tsx';
import { useCard, useSettledHistory } from '../ui/useCard.ts';
import { useChunk } from '../ui/useChunk.ts';
import { CURRENCY_DEFAULT } from '../generated/units.ts';
import type { Currency, RateTable, ReferenceRates } from '../lib/units.ts';
import type { OfflineRates, RateSource } from '../lib/rates.ts';
import { replacedNote } from '../lib/replacedCurrencies.ts';
import { pairPageSlug } from '../lib/urlState.ts';

export interface CurrencyCardProps {
  /** content/units.yaml's featured currencies: code, name, symbol, flag, decimals. */
  currencies: Currency[];
  /** content/units.yaml's fallback_rates: approximate rates for when no live or stored rate is at hand. */
  fallbackRates: RateTable;
  /**
   * The day's European Central Bank reference rates (content/reference-rates.json, about 30
   * currencies), when the build had them: offline, the rate the page states without script.
   */
  referenceRates?: ReferenceRates | null;
  /** The pair to start with; units.yaml's currency_default (CURRENCY_DEFAULT) when missing or unknown. */
  from?: string;
  to?: string;
  /** Level of the card's title in the page outline (2 on the currency page, 3 in the home grid). */
  headingLevel?: 2 | 3 | 4;
  /** The page's main card mirrors its conversion in the address (?value=100&from=GBP&to=JPY). */
  syncUrl?: boolean;
  /** The card is a currency pair page's (pair.html): another pair's address names its own page. */
  pairPage?: boolean;
}

// The value parser (fractions, sums, a decimal comma) is a chunk of its own, fetched when
// the Amount is first focused or holds more than digits: a plain amount such as 100 is
// read here without it, so the page's first load carries no parser.
const amountChunk = lazyChunk(() => import('../lib/amount.ts').then((m) => m.readAmount));

// The rates client (lib/rates.ts: the edge call, offline rates and their wording) is a chunk
// of its own too, fetched with the parser: nothing is converted before the Amount is focused
// or holds a value, so the page's first scripts carry none of it.
const ratesChunk = lazyChunk(() => import('../lib/rates.ts'));
type Rates = typeof import('../lib/rates.ts');

// Every other currency (names, symbols, decimals, countries) and the picker's search: a
// chunk of its own, fetched when From or To is first used or a currency outside the
// featured ones is on the card (from a shared address or a history entry).
// Once here, its codes join those an address may name (below).
const catalogChunk = lazyChunk(() =>
  import('../lib/currencyCatalog.ts').then((m) => {
    learnCodes(m.everyCurrency([]).map((c) => c.code));
    return m;
  }),
);

/**
 * The codes a shared address or a history entry may name: the featured ones and the
 * browser's ISO 4217 list before the catalog is here, then the catalog's too (a browser's
 * list may lack the newest: Chromium 156 has no XCG, ZWG or SLE). One array, grown in place,
 * so that a link's `from=XCG`, read once the catalog came, is checked against it.
 */
const addressCodes: string[] = [];
function learnCodes(codes: Iterable<string>): void {
  for (const code of codes) if (!addressCodes.includes(code)) addressCodes.push(code);
}
let seeded = false;
function codesForAddress(featured: Currency[]): string[] {
  if (!seeded) {
    seeded = true;
    learnCodes(featured.map((c) => c.code));
    learnCodes(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : []);
  }
  return addressCodes;
}

// The sign beside the title: a Wi-Fi arc while rates are live, a warning triangle when not
// (offline, or the live source failing).
const LIVE_ICON = ['M5 12.55a11 11 0 0 1 14.08 0', 'M1.42 9a16 16 0 0 1 21.16 0', 'M8.53 16.11a6 6 0 0 1 6.95 0', 'M12 20h.01'];
const OFFLINE_ICON = ['M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0z', 'M12 9v4', 'M12 17h.01'];

/** What the result box shows, and for which input. */
interface Conversion {
  amountText: string;
  /** The amount read from it, in `from`: what Copy and the history write ("3,650.00 THB"), the text only replays. */
  amount: number;
  from: string;
  to: string;
  result: number;
  rate: number;
  source: RateSource;
  /** The rate's time (live and stored rates). */
  time?: number;
  /** The reference rate's day (YYYY-MM-DD). */
  date?: string;
  /** A live answer the edge marked stale: its last good rates, the live source failing. */
  stale?: boolean;
}

function pick(currencies: Currency[], wanted: string | undefined, fallback: string): string {
  if (wanted && currencies.some((c) => c.code === wanted)) return wanted;
  if (currencies.some((c) => c.code === fallback)) return fallback;
  return currencies[0].code;
}

/** A currency the card knows only by its code until the catalog arrives. */
const bare = (code: string): Currency => ({ code, name: code, symbol: code, flag: '', digits: 2 });

export default function CurrencyCard({ currencies, fallbackRates, referenceRates = null, from: fromProp, to: toProp, headingLevel = 2, syncUrl = false, pairPage = false }: CurrencyCardProps) {
  const codes = codesForAddress(currencies);
  const card = useCard({
    category: 'currency',
    syncUrl,
    preset: { from: pick(currencies, fromProp, CURRENCY_DEFAULT.from), to: pick(currencies, toProp, CURRENCY_DEFAULT.to) },
    fromKeys: codes,
    toKeys: codes,
    recordOnPairChange: true,
    // A link's `from=euro`, `to=yen`, `from=€`: read as the Amount reads a currency, in every currency of the catalog.
    readUnit: (word) =>
      Promise.all([import('../lib/amount.ts'), catalogChunk.load()]).then(([m, catalog]) => {
        const code = m.currencyOfWord(word, catalog.everyCurrency(currencies));
        return code === null ? null : { key: code };
      }),
    // Every two featured currencies have a page (src/content/currency_pairs.rs), as two units of a category do.
    pairPage: pairPage ? (p) => pairPageSlug({ units: currencies.map((c) => ({ key: c.code })) }, p.from, p.to) : undefined,
  });
  const { value: amount, from, to } = card;
  const [conversion, setConversion] = useState<Conversion | null>(null);
  const [loading, setLoading] = useState(false);
  const [offline, setOffline] = useState<OfflineRates | null>(null);
  // The currencies the provider does not quote, said: not an outage, and no offline rate.
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const offlineRef = useRef<OfflineRates | null>(null);
  const requester = useRef<ReturnType<Rates['createRequester']> | null>(null);
  const [rates, loadRates] = useChunk(ratesChunk, 'the rates client');
  const [readAmount, loadAmountReader] = useChunk(amountChunk, 'the amount reader');
  // Wanted at once when a currency outside the featured ones is on the card.
  const featuredPair = [from, to].every((c) => currencies.some((f) => f.code === c));
  const [catalog, loadCatalog] = useChunk(catalogChunk, 'the currency list', !featuredPair);
  // The codes the provider's table quotes (what converts live), once known.
  const [liveCodes, setLiveCodes] = useState<string[] | null>(null);
  const listAsked = useRef(false);

  const id = card.id;
  const byCode = (code: string): Currency =>
    catalog !== null ? catalog.currencyOf(code, currencies) : (currencies.find((c) => c.code === code) ?? bare(code));
  const offered = catalog === null ? null : catalog.pickerList(currencies, liveCodes);
  const localNames = useRef<Intl.DisplayNames | null | undefined>(undefined);
  const localName = (code: string): string | undefined => {
    if (localNames.current === undefined) {
      // The visitor's own language finds a currency too ("Dollar américain").
      const lang = typeof navigator === 'undefined' ? 'en' : navigator.language;
      localNames.current = lang.startsWith('en') ? null : new Intl.DisplayNames([lang], { type: 'currency', fallback: 'none' });
    }
    return localNames.current?.of(code) ?? undefined;
  };
  const search = catalog === null || offered === null ? null : (text: string) => catalog.searchCurrencies(offered, text, localName);

  // From or To first used: fetch the list and learn which currencies the provider quotes.
  const onFirstUse = (): void => {
    void loadCatalog();
    if (listAsked.current) return;
    listAsked.current = true;
    void loadRates().then((r) => {
      if (r === null) listAsked.current = false;
      else void r.liveCodes().then(setLiveCodes);
    });
  };
  const loadReader = (): void => {
    void loadRates();
    void loadAmountReader();
    void loadCatalog(); // "100 THB": the Amount reads every currency the catalog knows
  };
  // null while the parser is still on its way (nothing shown, nothing fetched yet). Money in
  // the featured currencies reads before the catalog is here (or when it cannot come).
  const readable = catalog === null ? currencies : catalog.everyCurrency(currencies);
  const read: AmountReading | null = quickAmount(amount) ?? (readAmount === null ? null : readAmount(amount, readable, { from, to }));
  // A currency typed with the amount (100 EUR, 100 usd to jpy) in place of the menu's.
  const pairFrom = read?.from ?? from;
  const pairTo = read?.to ?? to;
  // A result is shown only for the input it was computed from; a pending one is dimmed.
  const current = conversion !== null && conversion.from === pairFrom && conversion.to === pairTo && conversion.amountText === amount.trim();

  // No connection: the rates the card can give are offline ones, before any is asked for
  // (the icon said "Live rates" until a conversion failed).
  const [connected, setConnected] = useState(true);
  useEffect(() => {
    const update = (): void => setConnected(navigator.onLine !== false);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);

  const showOffline = (next: OfflineRates | null): void => {
    offlineRef.current = next;
    setOffline(next);
  };

  // The connection back after a failed call: ask again, as the pair pages' facts do, rather
  // than keep the offline result until the visitor types.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (offline === null) return;
    const retry = (): void => setAttempt((n) => n + 1);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [offline]);

  // Recompute whenever the amount or either currency changes (a currency typed with the
  // amount, 100 EUR or 100 usd to jpy, in place of the menu's), and back online.
  useEffect(() => {
    const amountText = amount.trim();
    if (read === null) loadReader();
    const value = read?.value ?? null;
    const r = rates;
    if (r === null) {
      // The rates client is still on its way: fetch it once there is something to convert
      // (a failed fetch stops the spinner; the next focus or amount fetches again).
      if (value !== null) {
        setLoading(true);
        void loadRates().then((got) => got === null && setLoading(false));
      }
      return;
    }
    const request = (requester.current ??= r.createRequester());
    if (value === null) {
      // Empty, not a number, 0 or less (or absurdly large): a blank result and no call.
      request.cancel();
      setLoading(false);
      setConversion(null);
      setUnavailable(null);
      return;
    }
    if (pairFrom === pairTo) {
      request.cancel();
      setLoading(false);
      setUnavailable(null);
      setConversion({ amountText, amount: value, from: pairFrom, to: pairTo, result: value, rate: 1, source: 'same' });
      return;
    }
    setLoading(true);
    request(
      (signal) => r.fetchPair(pairFrom, pairTo, value, { signal }),
      (outcome) => {
        setLoading(false);
        if (outcome.ok) {
          const live = outcome.value;
          r.storeRates(pairFrom, { [pairTo]: live.rate }, live.time);
          showOffline(null);
          setUnavailable(null);
          setConversion({ amountText, amount: value, from: pairFrom, to: pairTo, result: live.result, rate: live.rate, source: 'live', time: live.time, stale: live.stale });
          r.keepTable(pairFrom);
          return;
        }
        const unsupported = r.unsupportedCodes(outcome.error, pairFrom, pairTo);
        if (unsupported !== null) {
          // The edge works; the provider quotes no rate for it. Said, with no outage toast.
          showOffline(null);
          setConversion(null);
          setUnavailable(r.unavailableText(unsupported));
          return;
        }
        setUnavailable(null);
        console.warn('Unitly: live exchange rate unavailable, using offline rates:', outcome.error);
        const fallback = r.offlineRate(pairFrom, pairTo, r.readStoredRates(), fallbackRates, referenceRates);
        // The offline rate is what the banner says (its source, time or day), or none.
        const next: OfflineRates = fallback ?? { source: 'none' };
        if (offlineRef.current === null) toast(r.offlineToast(next));
        showOffline(next);
        if (fallback === null) {
          setConversion(null);
          return;
        }
        setConversion({
          amountText, amount: value, from: pairFrom, to: pairTo, result: value * fallback.rate, rate: fallback.rate, source: fallback.source,
          time: fallback.source === 'stored' ? fallback.time : undefined,
          date: fallback.source === 'reference' ? fallback.date : undefined,
        });
      },
      // The reader's or the rates' code arriving renders again with the same question: the
      // call already on its way answers it.
      `${pairFrom} ${pairTo} ${value} ${amountText} ${attempt}`,
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [amount, pairFrom, pairTo, readAmount, rates, attempt]);

  // Unmounting drops a call still on its way.
  useEffect(() => () => requester.current?.cancel(), []);

  // A rate that is not live (the fallback table, a stored or stale one) is said in the copied
  // text and the history as under the result: once pasted or read later, nothing else warns.
  const noteOf = (c: Conversion): string | null => rates?.approximateNote(c) ?? null;
  const entry = (c: Conversion | null): NewHistoryEntry | null => {
    if (c === null || c.source === 'same') return null;
    const note = noteOf(c);
    return {
      type: 'Currency',
      from: currencyText(formatMoney(c.amount, byCode(c.from).digits), byCode(c.from)),
      to: currencyText(formatMoney(c.result, byCode(c.to).digits), byCode(c.to)),
      replay: { category: 'currency', value: c.amountText, from: c.from, to: c.to },
      ...(note !== null && { approx: note }),
    };
  };
  useSettledHistory(card, entry(conversion));

  const copy = async (): Promise<void> => {
    const record = current ? entry(conversion) : null;
    if (record === null || conversion === null) return;
    // Copying is a deliberate act: record it now rather than after the settle delay.
    await card.recordNow(record);
    const line = copyLine(formatMoney(conversion.amount, byCode(conversion.from).digits), conversion.from, formatMoney(conversion.result, byCode(conversion.to).digits), conversion.to, noteOf(conversion));
    await copyWithToast(line, copiedMessage());
  };

  // The pair converted, turned round: the currencies the Amount names move to the menus.
  const swap = (): void => {
    const next = swapped(read, { from, to });
    card.setPair({ from: next.from, to: next.to });
    if (next.value !== undefined) card.setValue(next.value);
  };

  const reset = (): void => {
    card.clear();
    requester.current?.cancel();
    setConversion(null);
    setLoading(false);
    showOffline(null);
    setUnavailable(null);
    toast({ title: '🔄 Reset', description: 'Currency converter cleared' });
  };

  // A conversion is only ever made with the rates client at hand.
  const shown = rates === null ? null : conversion;
  // Live only while the rates shown are: a stale answer (the edge's last good rates, its source
  // failing) or rates over a day old (the provider no longer updating them) says so beside
  // the title as under the result.
  const old = offline === null && shown?.source === 'live' && shown.time !== undefined && rates !== null && rates.outdatedRate(shown.time);
  const stale = old || (offline === null && shown?.source === 'live' && shown.stale === true);
  const live = offline === null && !stale && connected;
  const status = live ? 'Live rates' : old ? 'Rates not updated' : stale ? 'Live source unavailable' : 'Offline rates';
  return (
    <CardSection
      card={card}
      className="currency-card accent-rose"
      title="Currency Converter"
      headingLevel={headingLevel}
      icon={
        <>
          <circle cx="12" cy="12" r="9" />
          <path d="M15 9.2a3 3 0 0 0-2.6-1.2h-1a2.2 2.2 0 0 0 0 4.4h1.2a2.2 2.2 0 0 1 0 4.4h-1.2A3 3 0 0 1 8.8 15.6" />
          <path d="M12 6.2v1.8M12 16.8v1.8" />
        </>
      }
      favourite={{ category: 'currency', label: 'Currency', from, to, fromName: `${byCode(from).flag} ${from}`, toName: `${byCode(to).flag} ${to}` }}
      status={
        <span className={`rate-status ${live ? 'rate-status-live' : 'rate-status-offline'}`} role="img" aria-label={status} title={status}>
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            {(live ? LIVE_ICON : OFFLINE_ICON).map((d) => (
              <path key={d} d={d} />
            ))}
          </svg>
        </span>
      }
    >
      {/* Not over an empty result: an amount cleared or refused converts nothing to speak of. */}
      {rates !== null && offline !== null && read?.value !== null && (
        // One sentence, no title of its own: the toast already says 'Using offline rates', and
        // two boxes with that title at once read as the same message shown twice. It names the
        // pair converted, which the Amount may name ("100 THB"), not the menus'.
        <div className="rates-banner" role="status">
          <p className="rates-banner-text">{rates.offlineBannerText(offline, pairFrom, pairTo, fallbackRates, referenceRates)}</p>
        </div>
      )}

      {rates !== null && unavailable !== null && (
        <div className="rates-banner" role="status">
          <p className="rates-banner-text">{unavailable}</p>
        </div>
      )}

      <ValueField card={card} label="Amount" placeholder="Enter an amount" onFocus={loadReader} message={read?.message ? { text: read.message, tone: 'error' } : read?.hint ? { text: read.hint, tone: 'hint' } : null} messageClass="currency-hint" hintBesideLabel />

      <div className="converter-units">
        <CurrencyField id={`${id}-from`} label="From" chosen={byCode(from)} search={search} onFirstUse={onFirstUse} onChoose={card.setFrom} />
        <SwapButton label="Swap currencies" onSwap={swap} />
        <CurrencyField id={`${id}-to`} label="To" chosen={byCode(to)} search={search} onFirstUse={onFirstUse} onChoose={card.setTo} />
      </div>

      <ResultField
        card={card}
        valueLabel="Amount"
        result={rates === null || shown === null ? null : { value: rates.moneyParts(shown.result, byCode(shown.to)).value, unit: shown.to }}
        busy={loading}
        // No amount to convert (empty, reset, refused) is settled: what was said is emptied, so
        // the next result is said again even when it is the same.
        current={current || (read !== null && read.value === null)}
        className={loading || (shown !== null && !current) ? 'is-pending' : undefined}
        beside={{
          className: 'currency-result',
          content: loading && (
            <span className="currency-spinner">
              <span className="spinner" aria-hidden="true" />
              <span className="visually-hidden">Loading</span>
            </span>
          ),
        }}
      >
        <p className="rate-line" id={`${id}-rate`}>
          {rates !== null && shown !== null && shown.source !== 'same' ? (
            <>
              <span className="rate-value">{rates.rateLine(shown.from, shown.to, shown.rate)}</span>
              {/* A currency no longer in use (HRK) has no market rate to call live: what replaced it, instead. */}
              <span className={`rate-source rate-source-${shown.source}`}>{replacedNote(shown.from) ?? replacedNote(shown.to) ?? rates.rateSourceText(shown)}</span>
            </>
          ) : rates !== null && shown !== null ? (
            <span className="rate-source">{rates.rateSourceText(shown)}</span>
          ) : (
            <span className="rate-source">Mid-market rates, checked hourly.</span>
          )}
        </p>
      </ResultField>

      <CardActions onCopy={copy} onReset={reset} nothingToCopy={current ? undefined : 'Enter an amount to copy its result'} />

      {syncUrl && (
        // The page's own card (the one that keeps the address) shows the pair's history below it.
        <div className="rate-history-spot">
          <RateHistory id={id} from={from} to={to} headingLevel={headingLevel + 1} />
        </div>
      )}
    </CardSection>
  );
}
