// The currency converter card: live rates from the edge function (/api/rates/pair/…),
// falling back to offline rates with a banner and a warning icon when the call fails
// (spec sections 2, 4, 5, 7 and 8). The logic lives in ../lib/rates.ts; this only wires it
// to the inputs. It shares the unit card's look (converter.css) and its toasts and history.
//
// Server-rendered with an empty amount, so nothing is fetched and nothing moves until the
// visitor types; storage is only read in handlers and effects.
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { copyLine, currencyText } from '../lib/copyText.ts';
import { createSettler, preloadHistory, recordHistory, subscribeReplay } from '../lib/historyBus.ts';
import type { NewHistoryEntry } from '../lib/history.ts';
import type * as RatesModule from '../lib/rates.ts';
import { formatCurrency } from '../lib/format.ts';
import { quickAmount, type AmountReading } from '../lib/quickAmount.ts';
import { conversionSearch, readConversionQuery } from '../lib/urlState.ts';
import { toast } from '../lib/toast.ts';
import { copyWithToast } from '../lib/clipboard.ts';
import CardActions from '../ui/CardActions.tsx';
import UnitPair from '../ui/UnitPair.tsx';
import FavouriteStar from '../ui/FavouriteStar.tsx';
import type { Currency, RateTable } from '../lib/units.ts';

export interface CurrencyCardProps {
  /** content/units.yaml's currencies: code, name, symbol, flag. */
  currencies: Currency[];
  /** content/units.yaml's fallback_rates (spec section 3). */
  fallbackRates: RateTable;
  /** The pair to start with; USD → EUR when missing or unknown. */
  from?: string;
  to?: string;
  /** Level of the card's title in the page outline (2 on the currency page, 3 in the home grid). */
  headingLevel?: 2 | 3 | 4;
  /** The page's main card mirrors its conversion in the address (?value=100&from=GBP&to=JPY). */
  syncUrl?: boolean;
}

// The value parser (fractions, sums, a decimal comma) is a chunk of its own, fetched when
// the Amount is first focused or holds more than digits: a plain amount such as 100 is
// read here without it, so the page's first load carries no parser.
type ReadAmount = typeof import('../lib/amount.ts').readAmount;

let amountReader: Promise<ReadAmount> | null = null;
const loadAmountReader = (): Promise<ReadAmount> => (amountReader ??= import('../lib/amount.ts').then((m) => m.readAmount));

// The rates client (lib/rates.ts: the edge call, offline rates and their wording) is a chunk
// of its own too, fetched with the parser: nothing is converted before the Amount is focused
// or holds a value, so the page's first scripts carry none of it.
type Rates = typeof RatesModule;
let rates: Rates | null = null;
let ratesLoad: Promise<Rates> | null = null;
const loadRates = (): Promise<Rates> => (ratesLoad ??= import('../lib/rates.ts').then((m) => (rates = m)));

type Source = 'live' | 'stored' | 'table' | 'same';

/** What the result box shows, and for which input. */
interface Conversion {
  amountText: string;
  from: string;
  to: string;
  result: number;
  rate: number;
  source: Source;
  /** The rate's time (live and stored rates). */
  time?: number;
  /** A live answer the edge marked stale: its last good rates, the live source failing. */
  stale?: boolean;
}

/** Shown while the last live call failed; cleared by the next success or by Reset. */
type Offline = { source: 'stored'; time: number } | { source: 'table' } | { source: 'none' };

function pick(currencies: Currency[], wanted: string | undefined, fallback: string): string {
  if (wanted && currencies.some((c) => c.code === wanted)) return wanted;
  if (currencies.some((c) => c.code === fallback)) return fallback;
  return currencies[0].code;
}

function sourceText(c: Conversion): string {
  switch (c.source) {
    case 'live':
      return c.time === undefined ? 'Live rate' : rates!.liveSourceText(c.time, c.stale === true);
    case 'stored':
      return `Offline rate from ${rates!.formatRateTime(c.time ?? NaN)}`;
    case 'table':
      return 'Offline rate from the built-in fallback table';
    default:
      return 'Same currency: nothing to convert';
  }
}

function bannerText(offline: Offline, from: string, to: string): string {
  switch (offline.source) {
    case 'stored':
      return `Live rates are unavailable, so this result uses the last live rate this browser saw, from ${rates!.formatRateTime(offline.time)}. It may differ from today's rate.`;
    case 'table':
      return "Live rates are unavailable, so this result uses Unitly's built-in fallback rates. They are approximate and can be well out of date.";
    default:
      return `Live rates are unavailable, and there is no offline rate for ${from} to ${to}. Try again when you are back online.`;
  }
}

export default function CurrencyCard({ currencies, fallbackRates, from: fromProp, to: toProp, headingLevel = 2, syncUrl = false }: CurrencyCardProps) {
  const [amount, setAmount] = useState('');
  const [from, setFrom] = useState(() => pick(currencies, fromProp, 'USD'));
  const [to, setTo] = useState(() => pick(currencies, toProp, 'EUR'));
  const [conversion, setConversion] = useState<Conversion | null>(null);
  const [loading, setLoading] = useState(false);
  const [offline, setOffline] = useState<Offline | null>(null);
  const offlineRef = useRef<Offline | null>(null);
  const requester = useRef<ReturnType<Rates['createRequester']> | null>(null);
  const [ratesReady, setRatesReady] = useState(rates !== null);
  const settler = useRef<ReturnType<typeof createSettler> | null>(null);
  const tablesInFlight = useRef(new Set<string>());
  const amountInput = useRef<HTMLInputElement>(null);

  const id = 'currency-converter';
  const Heading = `h${headingLevel}` as 'h2';
  const byCode = (code: string) => currencies.find((c) => c.code === code) as Currency;
  const preset = { from: pick(currencies, fromProp, 'USD'), to: pick(currencies, toProp, 'EUR') };
  const [notice, setNotice] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [reader, setReader] = useState<{ read: ReadAmount } | null>(null);
  const loadReader = (): void => {
    void loadRates().then(() => setRatesReady(true), () => undefined);
    if (reader === null) void loadAmountReader().then((read) => setReader({ read }), (err) => console.warn('Unitly: could not load the amount reader:', err));
  };
  // null while the parser is still on its way (nothing shown, nothing fetched yet).
  const read: AmountReading | null = quickAmount(amount) ?? (reader === null ? null : reader.read(amount, currencies));
  // A result is shown only for the input it was computed from; a pending one is dimmed.
  const current = conversion !== null && conversion.from === from && conversion.to === to && conversion.amountText === amount.trim();

  const showOffline = (next: Offline | null): void => {
    offlineRef.current = next;
    setOffline(next);
  };

  // After a live success, keep this base's whole table for offline use (at most hourly).
  const refreshTable = (base: string): void => {
    const r = rates;
    if (r === null || tablesInFlight.current.has(base) || !r.needsTable(base, r.readStoredRates())) return;
    tablesInFlight.current.add(base);
    r.fetchLatest(base)
      .then(({ rates: table, time }) => r.storeRates(base, table, time, { table: true }))
      .catch((err) => console.warn('Unitly: could not save offline rates:', err))
      .finally(() => tablesInFlight.current.delete(base));
  };

  // Recompute whenever the amount or either currency changes.
  useEffect(() => {
    const amountText = amount.trim();
    if (read === null) loadReader();
    const value = read?.value ?? null;
    const r = rates;
    if (r === null) {
      // The rates client is still on its way: fetch it once there is something to convert.
      if (value !== null) {
        setLoading(true);
        loadRates().then(() => setRatesReady(true), (err) => console.warn('Unitly: could not load the rates client:', err));
      }
      return;
    }
    const request = (requester.current ??= r.createRequester());
    if (value === null) {
      // Empty, not a number, 0 or less (or absurdly large): a blank result and no call.
      request.cancel();
      setLoading(false);
      setConversion(null);
      return;
    }
    if (from === to) {
      request.cancel();
      setLoading(false);
      setConversion({ amountText, from, to, result: value, rate: 1, source: 'same' });
      return;
    }
    setLoading(true);
    request(
      (signal) => r.fetchPair(from, to, value, { signal }),
      (outcome) => {
        setLoading(false);
        if (outcome.ok) {
          const live = outcome.value;
          r.storeRates(from, { [to]: live.rate }, live.time);
          showOffline(null);
          setConversion({ amountText, from, to, result: live.result, rate: live.rate, source: 'live', time: live.time, stale: live.stale });
          refreshTable(from);
          return;
        }
        console.warn('Unitly: live exchange rate unavailable, using offline rates:', outcome.error);
        const fallback = r.offlineRate(from, to, r.readStoredRates(), fallbackRates);
        if (offlineRef.current === null) {
          toast({ title: 'Using offline rates', description: 'Live rates unavailable. Using fallback data.' });
        }
        if (fallback === null) {
          showOffline({ source: 'none' });
          setConversion(null);
          return;
        }
        showOffline(fallback.source === 'stored' ? { source: 'stored', time: fallback.time } : { source: 'table' });
        setConversion({
          amountText, from, to, result: value * fallback.rate, rate: fallback.rate, source: fallback.source,
          time: fallback.source === 'stored' ? fallback.time : undefined,
        });
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [amount, from, to, reader, ratesReady]);

  // A shared address (?value=100&from=GBP&to=JPY) restores its conversion; what is not a
  // currency here is said and dropped from the address.
  useEffect(() => {
    if (!syncUrl) return;
    const codes = currencies.map((c) => c.code);
    const query = readConversionQuery(window.location.search, codes);
    if (query.from) setFrom(query.from);
    if (query.to) setTo(query.to);
    if (query.value !== undefined) setAmount(query.value);
    if (query.ignored.length > 0) {
      setNotice(`The link's ${query.ignored.join(' and ')} ${query.ignored.length > 1 ? 'were' : 'was'} not understood here and ${query.ignored.length > 1 ? 'were' : 'was'} ignored.`);
    }
    if (query.ignored.length > 0 || query.value !== undefined || query.from || query.to) setTouched(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []); // once, on mount

  // Mirror the conversion in the address, replacing the entry rather than adding one.
  useEffect(() => {
    if (!syncUrl || !touched) return;
    const search = conversionSearch(window.location.search, { value: amount, from, to }, preset);
    if (search === window.location.search) return;
    try {
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
    } catch {
      // Safari throttles replaceState; the conversion itself is unaffected.
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [syncUrl, touched, amount, from, to]);

  const entry = (c: Conversion | null): NewHistoryEntry | null =>
    c === null || c.source === 'same'
      ? null
      : {
          type: 'Currency',
          from: currencyText(c.amountText, byCode(c.from)),
          to: currencyText(formatCurrency(c.result), byCode(c.to)),
          replay: { category: 'currency', value: c.amountText, from: c.from, to: c.to },
        };

  // A history entry's button converts it again here, then the Amount field has the focus.
  useEffect(() => {
    if (!syncUrl) return;
    return subscribeReplay('currency', (r) => {
      settler.current?.flush();
      setAmount(r.value);
      if (r.from && currencies.some((c) => c.code === r.from)) setFrom(r.from);
      if (r.to && currencies.some((c) => c.code === r.to)) setTo(r.to);
      setNotice(null);
      setTouched(true);
      const input = amountInput.current;
      input?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      input?.focus({ preventScroll: true });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [syncUrl]);

  // Record each conversion once it has settled (~1 s), not per keystroke.
  useEffect(() => {
    const settle = (settler.current ??= createSettler());
    const record = entry(conversion);
    if (record === null) return settle.cancel();
    preloadHistory();
    settle(() => void recordHistory(record));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conversion]);

  // Leaving the page (or the tab) records what is pending; unmounting drops it.
  useEffect(() => {
    const onHide = (): void => {
      if (document.visibilityState === 'hidden') settler.current?.flush();
    };
    document.addEventListener('visibilitychange', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      settler.current?.cancel();
      requester.current?.cancel();
    };
  }, []);

  const changeCurrency = (set: (v: string) => void) => (e: ChangeEvent<HTMLSelectElement>) => {
    settler.current?.flush(); // the previous pair's result is final now
    set(e.target.value);
    setTouched(true);
  };

  const swap = (): void => {
    settler.current?.flush();
    setFrom(to);
    setTo(from);
    setTouched(true);
  };

  const copy = async (): Promise<void> => {
    const record = current ? entry(conversion) : null;
    if (record === null || conversion === null) return;
    // Copying is a deliberate act: record it now rather than after the settle delay.
    settler.current?.cancel();
    await recordHistory(record);
    const line = copyLine(conversion.amountText, conversion.from, formatCurrency(conversion.result), conversion.to);
    await copyWithToast(line, { title: '📋 Copied!', description: 'Conversion result copied to clipboard' });
  };

  const reset = (): void => {
    settler.current?.cancel();
    requester.current?.cancel();
    setAmount('');
    setNotice(null);
    setTouched(true);
    setConversion(null);
    setLoading(false);
    showOffline(null);
    toast({ title: '🔄 Reset', description: 'Currency converter cleared' });
  };

  const shown = conversion;
  const hint = read?.message ?? null;
  const status = offline === null ? 'Live rates' : 'Offline rates';
  const options = currencies.map((c) => (
    <option key={c.code} value={c.code}>
      {`${c.flag} ${c.code} - ${c.name}`}
    </option>
  ));

  return (
    <section className="card converter-card currency-card accent-rose" aria-labelledby={`${id}-title`}>
      <div className="converter-head">
        <span className="converter-icon" aria-hidden="true">
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <circle cx="12" cy="12" r="9" />
            <path d="M15 9.2a3 3 0 0 0-2.6-1.2h-1a2.2 2.2 0 0 0 0 4.4h1.2a2.2 2.2 0 0 1 0 4.4h-1.2A3 3 0 0 1 8.8 15.6" />
            <path d="M12 6.2v1.8M12 16.8v1.8" />
          </svg>
        </span>
        <Heading id={`${id}-title`} className="converter-title">
          Currency Converter
        </Heading>
        <FavouriteStar pair={{ category: 'currency', label: 'Currency', from, to, fromName: `${byCode(from).flag} ${from}`, toName: `${byCode(to).flag} ${to}` }} />
        <span className={`rate-status ${offline === null ? 'rate-status-live' : 'rate-status-offline'}`} role="img" aria-label={status} title={status}>
          {offline === null ? (
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M5 12.55a11 11 0 0 1 14.08 0" />
              <path d="M1.42 9a16 16 0 0 1 21.16 0" />
              <path d="M8.53 16.11a6 6 0 0 1 6.95 0" />
              <path d="M12 20h.01" />
            </svg>
          ) : (
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0z" />
              <path d="M12 9v4" />
              <path d="M12 17h.01" />
            </svg>
          )}
        </span>
      </div>

      {offline !== null && (
        // One sentence, no title of its own: the toast already says 'Using offline rates', and
        // two boxes with that title at once read as the same message shown twice.
        <div className="rates-banner" role="status">
          <p className="rates-banner-text">{bannerText(offline, from, to)}</p>
        </div>
      )}

      {notice !== null && (
        <p className="converter-notice" role="status">
          {notice}
        </p>
      )}

      <div className="field converter-value">
        <label htmlFor={`${id}-amount`}>Amount</label>
        <input
          id={`${id}-amount`}
          ref={amountInput}
          type="text"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder="Enter an amount"
          value={amount}
          onFocus={loadReader}
          onChange={(e) => {
            setAmount(e.target.value);
            setTouched(true);
          }}
          aria-invalid={hint !== null ? true : undefined}
          aria-describedby={hint !== null ? `${id}-hint` : undefined}
        />
        <div className="converter-message" aria-live="polite">
          {hint !== null && (
            <p className="field-error currency-hint" id={`${id}-hint`}>
              {hint}
            </p>
          )}
        </div>
      </div>

      <UnitPair
        id={id}
        options={options}
        from={from}
        to={to}
        onFromChange={changeCurrency(setFrom)}
        onToChange={changeCurrency(setTo)}
        swapLabel="Swap currencies"
        onSwap={swap}
      />

      <div className="field converter-result">
        <label htmlFor={`${id}-result`}>Result</label>
        <div className="currency-result">
          <output
            id={`${id}-result`}
            htmlFor={`${id}-amount ${id}-from ${id}-to`}
            aria-busy={loading}
            className={loading || (shown !== null && !current) ? 'is-pending' : undefined}
          >
            {shown !== null && (
              <>
                <span className="result-value">{rates!.moneyParts(shown.result, byCode(shown.to)).value}</span>{' '}
                <span className="result-unit">{shown.to}</span>
              </>
            )}
          </output>
          {loading && (
            <span className="currency-spinner">
              <span className="spinner" aria-hidden="true" />
              <span className="visually-hidden">Loading</span>
            </span>
          )}
        </div>
        <p className="rate-line" id={`${id}-rate`}>
          {shown !== null && shown.source !== 'same' ? (
            <>
              <span className="rate-value">{rates!.rateLine(shown.from, shown.to, shown.rate)}</span>
              <span className={`rate-source rate-source-${shown.source}`}>{sourceText(shown)}</span>
            </>
          ) : shown !== null ? (
            <span className="rate-source">{sourceText(shown)}</span>
          ) : (
            <span className="rate-source">Mid-market rates, refreshed hourly.</span>
          )}
        </p>
      </div>

      <CardActions onCopy={copy} onReset={reset} nothingToCopy={current ? undefined : 'Enter an amount to copy its result'} />
    </section>
  );
}
