// The converter card for the unit categories (length, weight, temperature, volume, area,
// …). It only wires inputs to the plain-TypeScript core in ../lib (conversion, formatting,
// copied text) and to what every card shares: ui/useCard.ts (the value and pair, the
// shareable address, replay, history) and ui/CardParts.tsx (head, Value, Result).
//
// Server-rendered with the props alone; the address (?value=…&from=…&to=…) and storage are
// read only in effects, so the first client render matches the server's HTML.
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { findUnit, labelInText, unitKeyOfText, valueExample, type CategoryKey, type Unit, type UnitCategory } from '../lib/units.ts';
import { MAX_DECIMALS, plainMinus, type Decimals } from '../lib/format.ts';
import { findTarget, isCookingUnit, resultLine, resultSymbol, withSymbol } from '../lib/target.ts';
import type { Outcome } from '../lib/conversion.ts';
import type { Lexicon } from '../lib/parse.ts';
import { readDecimals, readFractions, subscribePrefs, writeDecimals } from '../lib/prefs.ts';
import type { NewHistoryEntry } from '../lib/history.ts';
import { lazyChunk } from '../lib/lazyChunk.ts';
import { copyWithToast } from '../lib/clipboard.ts';
import CardActions, { copiedMessage, entryActions } from '../ui/CardActions.tsx';
import UnitPair from '../ui/UnitPair.tsx';
import FractionsToggle from '../ui/FractionsToggle.tsx';
import { CardSection, ResultField, ValueField, type FieldMessage } from '../ui/CardParts.tsx';
import { useCard, useSettledHistory } from '../ui/useCard.ts';
import { useChunk } from '../ui/useChunk.ts';
import { pairPageSlug } from '../lib/urlState.ts';

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
  /** A value to start with (a converter an editor embedded in an article); empty for none. */
  value?: string;
  /** The card's id prefix when a page may hold several cards of the category (embedded ones). */
  id?: string;
  /** The card is a unit pair page's (pair.html): another pair's address names its own page. */
  pairPage?: boolean;
}

// The batch box loads only when opened: most visits never need it.
const batchChunk = lazyChunk(() => import('../ui/Batch.tsx'));

// Every other category's unit words, fetched the first time something typed fails to read,
// so "5 kg" here says kg is a unit of weight (lib/otherUnits.ts) without those words in the
// page's props or first scripts; and when the batch opens, whose lines read with them from
// the first (80 ft lbs on the torque card needs energy's ft·lbf), whatever Value said before.
const widenChunk = lazyChunk(() => import('../lib/otherUnits.ts').then((m) => m.lexiconWithOthers));

// The value parser and the exact conversion (conversion.ts with parse.ts and rational.ts) are
// a chunk of their own, fetched when the Value field first gets the focus or when there is a
// value to convert (typed, from the address or a history entry). Until it arrives the card
// keeps what was typed and shows no result yet; it converts as soon as the chunk is there
// (milliseconds after the focus), so nothing typed is lost.
const conversionChunk = lazyChunk(() => import('../lib/conversion.ts'));
// A shared address's `from=sqft`: read as the Value field reads it (the same chunk as widenChunk's).
const unitOfWordChunk = lazyChunk(() => import('../lib/otherUnits.ts').then((m) => m.unitOfWord));

const DECIMAL_CHOICES: Decimals[] = ['auto', ...Array.from({ length: MAX_DECIMALS + 1 }, (_, i) => i)];

// The icon of a category that names none in content/units.yaml: two opposed arrows.
const CONVERT_ICON = ['M4 8h14', 'M14 4l4 4-4 4', 'M20 16H6', 'M10 12l-4 4 4 4'];

function pick(category: UnitCategory, wanted: string | undefined, fallback: string): string {
  if (wanted && findTarget(category, wanted)) return wanted;
  if (findUnit(category, fallback)) return fallback;
  return category.units[0].key;
}

export default function ConverterCard({ category, from: fromProp, to: toProp, syncUrl = false, headingLevel = 2, extras = syncUrl, value: initialValue = '', id: idProp, pairPage = false }: ConverterCardProps) {
  const card = useCard({
    category: category.key,
    syncUrl,
    initialValue,
    id: idProp,
    preset: {
      from: fromProp && findUnit(category, fromProp) ? fromProp : pick(category, undefined, category.default.from),
      to: pick(category, toProp, category.default.to),
    },
    fromKeys: category.units.map((u) => u.key),
    toKeys: [...category.units.map((u) => u.key), ...(category.compounds ?? []).map((c) => c.key)],
    toOfText: (text) => unitKeyOfText(category.key, text, category.units.map((u) => u.key)),
    readUnit: (word) => unitOfWordChunk.load().then((unitOfWord) => unitOfWord(category, word)),
    unitName: (key) => findUnit(category, key)?.name,
    // Every two units of a category have a page (src/content/pairs.rs); a compound target from
    // the units the build lists (its `pagesFrom`), else the category page, which has them all.
    pairPage: pairPage ? (p) => pairPageSlug(category, p.from, p.to) : undefined,
  });
  const { value, from, to } = card;
  const [decimals, setDecimals] = useState<Decimals>('auto');
  const [fractions, setFractions] = useState(false);
  const [allOpen, setAllOpen] = useState(false);
  const [batchOpen, setBatchOpen] = useState(false);

  const id = card.id;
  const [widen, loadWiden] = useChunk(widenChunk, "the other categories' unit words", batchOpen);
  const [conv, loadConv] = useChunk(conversionChunk, 'the unit conversion', false, initialValue.trim() !== '');
  const [batch, loadBatch] = useChunk(batchChunk, 'the batch conversion');
  const wide = useMemo(() => (widen === null ? null : widen(category)), [widen, category]);
  const lexicon: Lexicon | null = useMemo(() => wide ?? conv?.lexiconFor(category) ?? null, [category, wide, conv]);
  const fromUnit = findUnit(category, from) as Unit;
  // One object per choice, so the batch keeps its converted lines while the Value changes.
  const target = useMemo(() => findTarget(category, to)!, [category, to]);
  const outcome: Outcome =
    conv !== null && lexicon !== null ? conv.convertInput({ category, lexicon, input: value, from: fromUnit, to: target, decimals, fractions }) : { kind: 'empty' };
  // Something to convert while the conversion chunk is still on its way.
  const pending = conv === null && value.trim() !== '';
  const cooking = category.units.some(isCookingUnit);
  const ok = outcome.kind === 'ok' ? outcome : null;
  const error = outcome.kind === 'error' ? outcome.message : null;
  const temperature = fromUnit.scale !== undefined;

  // History and copied text in one style: symbols and a plain minus. "5 m", "5 ft 11 in"
  // (typed units), "1.5 m" (a decimal comma, as read) = "16.404199 ft", "5 ft 10.87 in".
  const fromText = ok === null ? '' : plainMinus(ok.typed ? ok.readingSymbols : withSymbol(ok.reading === null ? value.trim() : ok.readingSymbols, fromUnit));
  const toText = (o: Extract<Outcome, { kind: 'ok' }>): string => plainMinus(resultLine(o));
  const entry: NewHistoryEntry | null =
    ok === null
      ? null
      : {
          type: category.label,
          from: fromText,
          to: toText(ok),
          replay: { category: category.key, value: value.trim(), from, to },
        };
  useSettledHistory(card, entry);

  // A value to convert (typed before the focus handler ran, from the address, from a history
  // entry) fetches the conversion chunk if the focus did not already.
  useEffect(() => {
    if (pending) void loadConv();
  }, [pending, loadConv]);

  // A value that fails to read may hold another category's unit: fetch their words once.
  useEffect(() => {
    if (error !== null && widen === null) void loadWiden();
  }, [error !== null, widen, loadWiden]); // eslint-disable-line react-hooks/exhaustive-deps

  // The Decimals choice is the visitor's, remembered in this browser; read after hydration.
  useEffect(() => {
    const read = (): void => {
      setDecimals(readDecimals());
      setFractions(readFractions());
    };
    read();
    return subscribePrefs(read);
  }, []);

  // The compound a swap put its largest part in place of (centimeters → feet + inches became
  // feet → centimeters): swapped back, that pair gets the compound again, not bare feet.
  const swappedCompound = useRef<{ from: string; to: string; compound: string } | null>(null);
  const swap = (): void => {
    const back = swappedCompound.current;
    swappedCompound.current = null;
    if (back !== null && back.from === from && back.to === to) {
      card.setPair({ from: to, to: back.compound });
      return;
    }
    // A compound cannot be a From unit: its largest part takes its place.
    if (target.kind === 'compound') swappedCompound.current = { from: target.parts[0].key, to: from, compound: to };
    card.setPair({ from: target.kind === 'compound' ? target.parts[0].key : to, to: from });
  };

  const chooseDecimals = (e: ChangeEvent<HTMLSelectElement>): void => {
    const d: Decimals = e.target.value === 'auto' ? 'auto' : Number(e.target.value);
    setDecimals(d);
    writeDecimals(d);
  };

  const copyMessage = copiedMessage(temperature ? 'Temperature conversion copied to clipboard' : undefined);
  const { copy, reset } = entryActions(card, entry, category.label, copyMessage);

  // Under the Value field: why there is no result, or what was read, or a warning.
  const said = ok && conv ? conv.readingNote(ok) : '';
  const message: FieldMessage | null =
    error !== null ? { text: error, tone: 'error' } : said !== '' ? { text: said, tone: ok?.belowAbsoluteZero ? 'warning' : 'hint' } : null;

  const everyUnit = (u: Unit): Outcome =>
    conv !== null && lexicon !== null
      ? conv.convertInput({ category, lexicon, input: value, from: fromUnit, to: { kind: 'unit', unit: u }, decimals, fractions, exactTo: true })
      : { kind: 'empty' };

  const unitOptions = category.units.map((u) => (
    <option key={u.key} value={u.key}>
      {u.name}
    </option>
  ));

  return (
    <>
    <CardSection
      card={card}
      className={`accent-${category.accent}`}
      title={`${category.label} Converter`}
      headingLevel={headingLevel}
      icon={(category.icon ?? CONVERT_ICON).map((d) => (
        <path key={d} d={d} />
      ))}
      favourite={{
        category: category.key, label: category.label, from, to,
        fromName: fromUnit.name, toName: target.kind === 'unit' ? target.unit.name : target.compound.name,
      }}
    >
      <ValueField card={card} label="Value" placeholder={`Enter a value, e.g. ${valueExample(category, fromUnit)}`} onFocus={() => void loadConv()} message={message} />

      <UnitPair
        card={card}
        options={unitOptions}
        toOptions={
          category.compounds?.length ? (
            <>
              {unitOptions}
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
        swapLabel="Swap units"
        onSwap={swap}
      />

      <ResultField card={card} valueLabel="Value" result={ok === null ? null : { value: ok.text, unit: resultSymbol(ok) }} busy={pending} />

      <CardActions onCopy={copy} onReset={reset} nothingToCopy={ok !== null ? undefined : (error ?? 'Enter a value to copy its result')} />
    </CardSection>
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
          <FractionsToggle id={id} units={category.units} checked={fractions} onChange={setFractions} />
        )}

        <details
          className="converter-more"
          onToggle={(e) => {
            setAllOpen(e.currentTarget.open);
            if (e.currentTarget.open) void loadConv();
          }}
        >
          <summary>{`Every ${labelInText(category.label)} unit`}</summary>
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
                          onClick={() => void copyWithToast(`${fromText} = ${toText(o)}`, copyMessage)}
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
            if (e.currentTarget.open) {
              void loadConv();
              void loadBatch();
            }
          }}
        >
          <summary>Batch conversion</summary>
          {batchOpen &&
            (wide === null || batch === null ? (
              <p className="field-hint">Loading…</p>
            ) : (
              <batch.default category={category} lexicon={wide} from={fromUnit} target={target} decimals={decimals} fractions={fractions} />
            ))}
        </details>
      </div>
    )}
    </>
  );
}

// A card that starts with a value (an embedded converter) has its conversion fetched before
// the server renders it and before the browser hydrates it: its result is in the page's
// HTML (printed, read with no script, seen before it scrolls into view) and hydration matches.
ConverterCard.prepare = (props: ConverterCardProps): Promise<unknown> | undefined => (props.value?.trim() ? conversionChunk.load() : undefined);
