// The converter card for the five unit categories (length, weight, temperature, volume,
// area). It only wires inputs to the plain-TypeScript core in ../lib: conversion,
// formatting, copied text, history and the shareable address all live there.
//
// Server-rendered with the props alone; the address (?value=…&from=…&to=…) and storage are
// read only in effects, so the first client render matches the server's HTML.
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { convert, findUnit, type CategoryKey, type Unit, type UnitCategory } from '../lib/units.ts';
import { formatResult, parseValue } from '../lib/format.ts';
import { copyLine, quantityText } from '../lib/copyText.ts';
import { addHistory, createSettler, type NewHistoryEntry } from '../lib/history.ts';
import { conversionSearch, readConversionQuery } from '../lib/urlState.ts';
import { toast } from '../lib/toast.ts';
import { copyWithToast } from '../lib/clipboard.ts';
import CardActions from '../ui/CardActions.tsx';
import UnitPair from '../ui/UnitPair.tsx';

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
}

// The icon of a category that names none in content/units.yaml: two opposed arrows.
const CONVERT_ICON = ['M4 8h14', 'M14 4l4 4-4 4', 'M20 16H6', 'M10 12l-4 4 4 4'];

function pick(category: UnitCategory, wanted: string | undefined, fallback: string): string {
  if (wanted && findUnit(category, wanted)) return wanted;
  if (findUnit(category, fallback)) return fallback;
  return category.units[0].key;
}

export default function ConverterCard({ category, from: fromProp, to: toProp, syncUrl = false, headingLevel = 2 }: ConverterCardProps) {
  const preset = {
    from: pick(category, fromProp, category.default.from),
    to: pick(category, toProp, category.default.to),
  };
  const [value, setValue] = useState('');
  const [from, setFrom] = useState(preset.from);
  const [to, setTo] = useState(preset.to);
  // Set once the visitor (or a shared address) has changed something: until then the card
  // neither writes the address nor records history.
  const [touched, setTouched] = useState(false);
  const settler = useRef<ReturnType<typeof createSettler> | null>(null);

  const id = `${category.key}-converter`;
  const Heading = `h${headingLevel}` as 'h2';
  const fromUnit = findUnit(category, from) as Unit;
  const toUnit = findUnit(category, to) as Unit;
  const number = parseValue(value);
  const converted = number === null ? null : convert(number, fromUnit, toUnit);
  const result = converted === null ? '' : formatResult(converted, category.precision);
  const temperature = category.key === 'temperature';
  const base = findUnit(category, category.base) as Unit;
  const belowAbsoluteZero =
    temperature && number !== null && convert(number, fromUnit, base) < -273.15 - 1e-9;

  const entry = (): NewHistoryEntry | null =>
    result === ''
      ? null
      : { type: category.label, from: quantityText(value, fromUnit), to: quantityText(result, toUnit) };

  // A shared address (?value=5&from=meters&to=feet) restores its conversion.
  useEffect(() => {
    if (!syncUrl) return;
    const query = readConversionQuery(window.location.search, category.units.map((u) => u.key));
    if (query.from) setFrom(query.from);
    if (query.to) setTo(query.to);
    if (query.value !== undefined) setValue(query.value);
  }, []); // once, on mount: the address is read, never watched

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
    settle(() => addHistory(record));
  }, [touched, value, from, to]); // the entry derives from exactly these

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
    setFrom(to);
    setTo(from);
    setTouched(true);
  };

  const copy = async (): Promise<void> => {
    const record = entry();
    if (record === null) return;
    // Copying is a deliberate act: record it now rather than waiting for the settle delay.
    settler.current?.cancel();
    addHistory(record);
    await copyWithToast(copyLine(value, fromUnit, result, toUnit), {
      title: '📋 Copied!',
      description: temperature ? 'Temperature conversion copied to clipboard' : 'Conversion result copied to clipboard',
    });
  };

  const reset = (): void => {
    settler.current?.cancel();
    setValue('');
    setTouched(true);
    toast({ title: '🔄 Reset', description: `${category.label} converter cleared` });
  };

  return (
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
      </div>

      <div className="field converter-value">
        <label htmlFor={`${id}-value`}>Value</label>
        <input
          id={`${id}-value`}
          type="number"
          step="any"
          autoComplete="off"
          placeholder="Enter a value"
          value={value}
          onChange={change(setValue)}
          aria-describedby={belowAbsoluteZero ? `${id}-hint` : undefined}
        />
      </div>

      <UnitPair
        id={id}
        options={category.units.map((u) => (
          <option key={u.key} value={u.key}>
            {u.name}
          </option>
        ))}
        from={from}
        to={to}
        onFromChange={change(setFrom)}
        onToChange={change(setTo)}
        swapLabel="Swap units"
        onSwap={swap}
      />

      <div className="field converter-result">
        <label htmlFor={`${id}-result`}>Result</label>
        <output id={`${id}-result`} htmlFor={`${id}-value ${id}-from ${id}-to`}>
          {result !== '' && (
            <>
              <span className="result-value">{result}</span> <span className="result-unit">{toUnit.symbol}</span>
            </>
          )}
        </output>
        {belowAbsoluteZero && (
          <p className="field-hint" id={`${id}-hint`}>
            That is below absolute zero (−273.15 °C), the lowest temperature possible.
          </p>
        )}
      </div>

      <CardActions onCopy={copy} onReset={reset} nothingToCopy={result === '' ? 'Enter a value to copy its result' : undefined} />
    </section>
  );
}
