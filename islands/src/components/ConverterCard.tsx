// The converter card for the five unit categories (length, weight, temperature, volume,
// area). It only wires inputs to the plain-TypeScript core in ../lib: conversion,
// formatting, copied text, history and the shareable address all live there.
//
// Server-rendered with the props alone; the address (?value=…&from=…&to=…) and storage are
// read only in effects, so the first client render matches the server's HTML.
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { findUnit, type CategoryKey, type Unit, type UnitCategory } from '../lib/units.ts';
import { MAX_DECIMALS, type Decimals } from '../lib/format.ts';
import { unitWords } from '../lib/copyText.ts';
import { findTarget, isCookingUnit, resultLine } from '../lib/target.ts';
import type { Outcome } from '../lib/conversion.ts';
import type { Lexicon } from '../lib/parse.ts';
import { readDecimals, readFractions, subscribePrefs, writeDecimals, writeFractions } from '../lib/prefs.ts';
import { createSettler, preloadHistory, recordHistory, subscribeReplay } from '../lib/historyBus.ts';
import type { NewHistoryEntry } from '../lib/history.ts';
import { conversionSearch, readConversionQuery } from '../lib/urlState.ts';
import { toast } from '../lib/toast.ts';
import { copyWithToast } from '../lib/clipboard.ts';
import CardActions from '../ui/CardActions.tsx';
import UnitPair from '../ui/UnitPair.tsx';
import FavouriteStar from '../ui/FavouriteStar.tsx';

export interface ConverterCardProps {
  /** One category of content/units.yaml, as the build hands it over (with its key). */
  category: UnitCategory & { key: CategoryKey };
  /** The pair to start with (the page's preset); the category's default when missing or unknown. */
  from?: string;
  to?: string;
  /** The page's main card mirrors its conversion in the address; grid cards do not. */
  syncUrl?: boolean;
  /** Level of the card's title in the page outline (2 on a converter page, 3 in the home grid). */
  headingLevel?: 2 | 3 | 4;
  /** The Decimals control, every unit at once and the batch (the page's main card). */
  extras?: boolean;
}

// The batch box loads only when opened: most visits never need it.
const Batch = lazy(() => import('../ui/Batch.tsx'));

// Every other category's unit words, fetched the first time something typed fails to read,
// so "5 kg" here says kg is a unit of weight (lib/otherUnits.ts) without those words in the
// page's props or first scripts.
type Widen = typeof import('../lib/otherUnits.ts').lexiconWithOthers;
let widen: Promise<Widen> | null = null;
const loadWiden = (): Promise<Widen> => (widen ??= import('../lib/otherUnits.ts').then((m) => m.lexiconWithOthers));

// The value parser and the exact conversion (conversion.ts with parse.ts and rational.ts) are
// a chunk of their own, fetched when the Value field first gets the focus or when there is a
// value to convert (typed, from the address or a history entry). Until it arrives the card
// keeps what was typed and shows no result yet; it converts as soon as the chunk is there
// (milliseconds after the focus), so nothing typed is lost.
type Conversion = typeof import('../lib/conversion.ts');
let conversion: Conversion | null = null;
let conversionLoad: Promise<Conversion> | null = null;
const loadConversion = (): Promise<Conversion> =>
  (conversionLoad ??= import('../lib/conversion.ts').then(
    (m) => (conversion = m),
    (err) => {
      conversionLoad = null; // a later focus tries again
      throw err;
    },
  ));

const DECIMAL_CHOICES: Decimals[] = ['auto', ...Array.from({ length: MAX_DECIMALS + 1 }, (_, i) => i)];

// The icon of a category that names none in content/units.yaml: two opposed arrows.
const CONVERT_ICON = ['M4 8h14', 'M14 4l4 4-4 4', 'M20 16H6', 'M10 12l-4 4 4 4'];

function pick(category: UnitCategory, wanted: string | undefined, fallback: string): string {
  if (wanted && findTarget(category, wanted)) return wanted;
  if (findUnit(category, fallback)) return fallback;
  return category.units[0].key;
}

export default function ConverterCard({ category, from: fromProp, to: toProp, syncUrl = false, headingLevel = 2, extras = syncUrl }: ConverterCardProps) {
  const preset = {
    from: fromProp && findUnit(category, fromProp) ? fromProp : pick(category, undefined, category.default.from),
    to: pick(category, toProp, category.default.to),
  };
  const [value, setValue] = useState('');
  const [from, setFrom] = useState(preset.from);
  const [to, setTo] = useState(preset.to);
  const [decimals, setDecimals] = useState<Decimals>('auto');
  const [fractions, setFractions] = useState(false);
  // What a shared address asked for that this card could not use.
  const [notice, setNotice] = useState<string | null>(null);
  const [allOpen, setAllOpen] = useState(false);
  const [batchOpen, setBatchOpen] = useState(false);
  // Set once the visitor (or a shared address) has changed something: until then the card
  // neither writes the address nor records history.
  const [touched, setTouched] = useState(false);
  const settler = useRef<ReturnType<typeof createSettler> | null>(null);
  const valueInput = useRef<HTMLInputElement>(null);

  const id = `${category.key}-converter`;
  const Heading = `h${headingLevel}` as 'h2';
  const [wide, setWide] = useState<Lexicon | null>(null);
  // The conversion chunk, once here (a card rendered after another fetched it has it at once;
  // with an empty Value the first render is the same either way, so hydration matches).
  const [conv, setConv] = useState<Conversion | null>(conversion);
  const lexicon = useMemo(() => wide ?? conv?.lexiconFor(category) ?? null, [category, wide, conv]);
  const fromUnit = findUnit(category, from) as Unit;
  const target = findTarget(category, to)!;
  const outcome: Outcome =
    conv !== null && lexicon !== null ? conv.convertInput({ category, lexicon, input: value, from: fromUnit, to: target, decimals, fractions }) : { kind: 'empty' };
  // Something to convert while the conversion chunk is still on its way.
  const pending = conv === null && value.trim() !== '';
  const cooking = category.units.some(isCookingUnit);
  const ok = outcome.kind === 'ok' ? outcome : null;
  const error = outcome.kind === 'error' ? outcome.message : null;
  const temperature = fromUnit.scale !== undefined;

  // "5 meters", "5 ft 11 in" (typed units), "1.5 meters" (a decimal comma, as read).
  const fromText = ok === null ? '' : ok.typed ? ok.reading! : `${ok.reading ?? value.trim()} ${unitWords(fromUnit)}`;
  const toText = (o: Extract<Outcome, { kind: 'ok' }>, unit: Unit | null): string => (unit === null ? o.text : `${o.text} ${unitWords(unit)}`);
  const entry = (): NewHistoryEntry | null =>
    ok === null
      ? null
      : {
          type: category.label,
          from: fromText,
          to: toText(ok, target.kind === 'unit' ? target.unit : null),
          replay: { category: category.key, value: value.trim(), from, to },
        };

  const loadConv = (): void => {
    if (conv !== null) return;
    loadConversion().then(
      (m) => setConv(() => m),
      (err) => console.warn('Unitly: could not load the unit conversion:', err),
    );
  };

  // A value to convert (typed before the focus handler ran, from the address, from a history
  // entry) fetches the conversion chunk if the focus did not already.
  useEffect(() => {
    if (pending) loadConv();
  }, [pending]); // eslint-disable-line react-hooks/exhaustive-deps

  // A value that fails to read may hold another category's unit: fetch their words once.
  useEffect(() => {
    if (error === null || wide !== null) return;
    loadWiden().then(
      (w) => setWide(w(category)),
      (err) => console.warn('Unitly: could not load the other categories\' unit words:', err),
    );
  }, [error !== null, wide, category]); // eslint-disable-line react-hooks/exhaustive-deps

  // The Decimals choice is the visitor's, remembered in this browser; read after hydration.
  useEffect(() => {
    const read = (): void => {
      setDecimals(readDecimals());
      setFractions(readFractions());
    };
    read();
    return subscribePrefs(read);
  }, []);

  // A shared address (?value=5%20ft%2011%20in&to=meters) restores its conversion; what is
  // not valid here is said and dropped from the address.
  useEffect(() => {
    if (!syncUrl) return;
    const targets = [...category.units.map((u) => u.key), ...(category.compounds ?? []).map((c) => c.key)];
    const query = readConversionQuery(window.location.search, category.units.map((u) => u.key), targets);
    if (query.from) setFrom(query.from);
    if (query.to) setTo(query.to);
    if (query.value !== undefined) setValue(query.value);
    if (query.ignored.length > 0) {
      setNotice(`The link's ${query.ignored.join(' and ')} ${query.ignored.length > 1 ? 'were' : 'was'} not understood here and ${query.ignored.length > 1 ? 'were' : 'was'} ignored.`);
      setTouched(true); // corrects the address
    }
  }, []); // once, on mount: the address is read, never watched

  // A history entry's button converts it again here: its value and pair, then the Value
  // field has the focus. An entry older than replay names its To only in its text.
  useEffect(() => {
    if (!syncUrl) return;
    return subscribeReplay(category.key, (r) => {
      settler.current?.flush();
      setValue(r.value);
      if (r.from && findUnit(category, r.from)) setFrom(r.from);
      const toKey = r.to ?? category.units.find((u) => r.toText?.endsWith(` ${unitWords(u)}`))?.key;
      if (toKey && findTarget(category, toKey)) setTo(toKey);
      setNotice(null);
      setTouched(true);
      const input = valueInput.current;
      input?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      input?.focus({ preventScroll: true });
    });
  }, [syncUrl, category]);

  // Mirror the conversion in the address, replacing the entry rather than adding one.
  useEffect(() => {
    if (!syncUrl || !touched) return;
    const search = conversionSearch(window.location.search, { value, from, to }, preset);
    if (search === window.location.search) return;
    try {
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
    } catch {
      // Safari throttles replaceState; the conversion itself is unaffected.
    }
  }, [syncUrl, touched, value, from, to]); // preset derives from props, fixed for the card's life

  // Record the conversion once it has settled (~1 s after the last change), not per keystroke.
  useEffect(() => {
    const settle = (settler.current ??= createSettler());
    const record = entry();
    if (!touched || record === null) {
      settle.cancel();
      return;
    }
    preloadHistory();
    settle(() => void recordHistory(record));
  }, [touched, value, from, to, decimals, fractions, conv]); // the entry derives from exactly these (conv: its arrival gives the result)

  // Leaving the page (or the tab) records what is pending; unmounting drops it.
  useEffect(() => {
    const onHide = (): void => {
      if (document.visibilityState === 'hidden') settler.current?.flush();
    };
    document.addEventListener('visibilitychange', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      settler.current?.cancel();
    };
  }, []);

  const change = (set: (v: string) => void) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    set(e.target.value);
    setTouched(true);
  };

  const swap = (): void => {
    // A compound cannot be a From unit: its largest part takes its place.
    setFrom(target.kind === 'compound' ? target.parts[0].key : to);
    setTo(from);
    setTouched(true);
  };

  const chooseDecimals = (e: ChangeEvent<HTMLSelectElement>): void => {
    const d: Decimals = e.target.value === 'auto' ? 'auto' : Number(e.target.value);
    setDecimals(d);
    writeDecimals(d);
  };

  const copyMessage = {
    title: '📋 Copied!',
    description: temperature ? 'Temperature conversion copied to clipboard' : 'Conversion result copied to clipboard',
  };

  const copy = async (): Promise<void> => {
    const record = entry();
    if (record === null) return;
    // Copying is a deliberate act: record it now rather than waiting for the settle delay.
    settler.current?.cancel();
    await recordHistory(record);
    await copyWithToast(`${record.from} = ${record.to}`, copyMessage);
  };

  const reset = (): void => {
    settler.current?.cancel();
    setValue('');
    setNotice(null);
    setTouched(true);
    toast({ title: '🔄 Reset', description: `${category.label} converter cleared` });
  };

  // Under the Value field: why there is no result, or what was read, or a warning.
  const message = error ?? [
    ok?.reading ? (ok.typed ? `From ${ok.reading}` : `Read as ${ok.reading}`) : '',
    ok?.belowAbsoluteZero ? 'That is below absolute zero (−273.15 °C), the lowest temperature possible.' : '',
  ].filter(Boolean).join('. ');
  const messageId = `${id}-message`;

  const everyUnit = (u: Unit): Outcome =>
    conv !== null && lexicon !== null ? conv.convertInput({ category, lexicon, input: value, from: fromUnit, to: { kind: 'unit', unit: u }, decimals, fractions }) : { kind: 'empty' };

  return (
    <>
    <section className={`card converter-card accent-${category.accent}`} aria-labelledby={`${id}-title`}>
      <div className="converter-head">
        <span className="converter-icon" aria-hidden="true">
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            {(category.icon ?? CONVERT_ICON).map((d) => (
              <path key={d} d={d} />
            ))}
          </svg>
        </span>
        <Heading id={`${id}-title`} className="converter-title">
          {`${category.label} Converter`}
        </Heading>
        <FavouriteStar
          pair={{
            category: category.key, label: category.label, from, to,
            fromName: fromUnit.name, toName: target.kind === 'unit' ? target.unit.name : target.compound.name,
          }}
        />
      </div>

      {notice !== null && (
        <p className="converter-notice" role="status">
          {notice}
        </p>
      )}

      <div className="field converter-value">
        <label htmlFor={`${id}-value`}>Value</label>
        <input
          id={`${id}-value`}
          ref={valueInput}
          type="text"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder="Enter a value, e.g. 5 ft 11 in"
          value={value}
          onChange={change(setValue)}
          onFocus={loadConv}
          aria-invalid={error !== null ? true : undefined}
          aria-describedby={message !== '' ? messageId : undefined}
        />
        <div className="converter-message" aria-live="polite">
          {message !== '' && (
            <p id={messageId} className={error !== null ? 'field-error' : ok?.belowAbsoluteZero ? 'field-hint field-warning' : 'field-hint'}>
              {message}
            </p>
          )}
        </div>
      </div>

      <UnitPair
        id={id}
        options={category.units.map((u) => (
          <option key={u.key} value={u.key}>
            {u.name}
          </option>
        ))}
        toOptions={
          category.compounds?.length ? (
            <>
              {category.units.map((u) => (
                <option key={u.key} value={u.key}>
                  {u.name}
                </option>
              ))}
              <optgroup label="In parts">
                {category.compounds.map((c) => (
                  <option key={c.key} value={c.key}>
                    {c.name}
                  </option>
                ))}
              </optgroup>
            </>
          ) : undefined
        }
        from={from}
        to={to}
        onFromChange={change(setFrom)}
        onToChange={change(setTo)}
        swapLabel="Swap units"
        onSwap={swap}
      />

      <div className="field converter-result">
        <label htmlFor={`${id}-result`}>Result</label>
        <output id={`${id}-result`} htmlFor={`${id}-value ${id}-from ${id}-to`} aria-busy={pending ? true : undefined}>
          {ok !== null && (
            <>
              <span className="result-value">{ok.text}</span>
              {ok.symbol !== '' && (
                <>
                  {' '}
                  <span className="result-unit">{ok.symbol}</span>
                </>
              )}
            </>
          )}
        </output>
      </div>

      <CardActions onCopy={copy} onReset={reset} nothingToCopy={ok !== null ? undefined : (error ?? 'Enter a value to copy its result')} />
    </section>
    {extras && (
      <div className="converter-tools">
        <div className="field converter-decimals">
          <label htmlFor={`${id}-decimals`}>Decimals</label>
          <select id={`${id}-decimals`} value={String(decimals)} onChange={chooseDecimals}>
            {DECIMAL_CHOICES.map((d) => (
              <option key={d} value={String(d)}>
                {d === 'auto' ? 'Auto' : String(d)}
              </option>
            ))}
          </select>
        </div>

        {cooking && (
          <div className="converter-fractions">
            <input
              id={`${id}-fractions`}
              type="checkbox"
              checked={fractions}
              onChange={(e) => {
                setFractions(e.target.checked);
                writeFractions(e.target.checked);
              }}
            />
            <label htmlFor={`${id}-fractions`}>{`Fractions for ${category.units.filter(isCookingUnit).map((u) => u.symbol).join(', ')} (nearest 1/8)`}</label>
          </div>
        )}

        <details
          className="converter-more"
          onToggle={(e) => {
            setAllOpen(e.currentTarget.open);
            if (e.currentTarget.open) loadConv();
          }}
        >
          <summary>{`Every ${category.label.toLowerCase()} unit`}</summary>
          {allOpen &&
            (ok === null ? (
              <p className="field-hint">{error ?? (pending ? 'Converting…' : 'Enter a value to see it in every unit.')}</p>
            ) : (
              <ul className="all-units">
                {category.units.map((u) => {
                  const o = everyUnit(u);
                  const text = o.kind === 'ok' ? resultLine(o) : o.kind === 'error' ? o.message : '';
                  return (
                    <li key={u.key}>
                      <span className="all-units-name">{u.name}</span>
                      <span className="all-units-value">{text}</span>
                      {o.kind === 'ok' && (
                        <button
                          type="button"
                          className="button button-secondary button-small"
                          aria-label={`Copy ${text}`}
                          onClick={() => void copyWithToast(`${fromText} = ${toText(o, u)}`, copyMessage)}
                        >
                          Copy
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
            ))}
        </details>

        <details
          className="converter-more"
          onToggle={(e) => {
            setBatchOpen(e.currentTarget.open);
            if (e.currentTarget.open) loadConv();
          }}
        >
          <summary>Batch conversion</summary>
          {batchOpen && (lexicon === null ? (
            <p className="field-hint">Loading…</p>
          ) : (
            <Suspense fallback={<p className="field-hint">Loading…</p>}>
              <Batch category={category} lexicon={lexicon} from={fromUnit} target={target} decimals={decimals} fractions={fractions} />
            </Suspense>
          ))}
        </details>
      </div>
    )}
    </>
  );
}
