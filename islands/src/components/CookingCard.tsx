// The Cooking converter: an ingredient, then cups, spoons or milliliters of it as grams or
// ounces, or back; on its page, or embedded in an article preset to an ingredient, a pair
// and a value (`{{ converter(from="cups", to="grams", ingredient="flour_spooned") }}`). Typing the ingredient after the quantity ("3 cups flour") picks it. The
// densities come from content/ingredients.yaml (as props); with an ingredient chosen every
// measure is a unit of grams (lib/cooking.ts), converted by the same exact code as every
// other card (lib/conversion.ts). What every card shares is ui/useCard.ts and CardParts.
//
// Server-rendered with the props alone; the address (?value=…&from=…&to=…&ingredient=…) and
// storage are read only in effects, so the first client render matches the server's HTML.
import { useEffect, useMemo, useState } from 'react';
import type { CookingData, Ingredient } from '../lib/cooking.ts';
import type { Outcome } from '../lib/conversion.ts';
import { resultSymbol } from '../lib/target.ts';
import type { HistoryType, NewHistoryEntry } from '../lib/history.ts';
import { lazyChunk } from '../lib/lazyChunk.ts';
import { readFractions, subscribePrefs } from '../lib/prefs.ts';
import CardActions, { entryActions } from '../ui/CardActions.tsx';
import UnitPair from '../ui/UnitPair.tsx';
import FractionsToggle from '../ui/FractionsToggle.tsx';
import { CardSection, ResultField, ValueField, type FieldMessage } from '../ui/CardParts.tsx';
import { useCard, useSettledHistory } from '../ui/useCard.ts';
import { useChunk } from '../ui/useChunk.ts';

export interface CookingCardProps {
  data: CookingData;
  /** The pair to start with (the page's preset); the file's default when missing or unknown. */
  from?: string;
  to?: string;
  /** The ingredient to start with (an embedded converter's); the file's default when missing or unknown. */
  ingredient?: string;
  /** A value to start with (an embedded converter's); empty for none. */
  value?: string;
  /** The card's id prefix when a page may hold several cards (embedded ones). */
  id?: string;
  /** The page's main card mirrors its conversion in the address. */
  syncUrl?: boolean;
  headingLevel?: 2 | 3 | 4;
}

// The value parser, the exact conversion and the ingredient arithmetic: fetched on the Value
// field's first focus or when there is a value to convert, like every unit card's.
const conversionChunk = lazyChunk(() =>
  Promise.all([import('../lib/conversion.ts'), import('../lib/cooking.ts')]).then(([conversion, cooking]) => ({ conversion, cooking })),
);

// A whisk over a bowl.
const ICON = ['M4 11h16a8 8 0 0 1-16 0z', 'M12 11V4', 'M9 4.5c0 2 1.3 4 3 6.5 1.7-2.5 3-4.5 3-6.5'];
const INGREDIENT_PARAM = 'ingredient';

export default function CookingCard({
  data, from: fromProp, to: toProp, ingredient: ingredientProp, value: initialValue = '', id: idProp, syncUrl = false, headingLevel = 2,
}: CookingCardProps) {
  const measures = [...data.volume, ...data.weight];
  const keys = measures.map((u) => u.key);
  const known = (k: string | undefined, fallback: string): string => (k !== undefined && keys.includes(k) ? k : fallback);
  const byKey = (k: string): Ingredient | undefined => data.ingredients.find((i) => i.key === k);
  const [chosen, setChosen] = useState(ingredientProp !== undefined && byKey(ingredientProp) ? ingredientProp : data.default.ingredient);
  const card = useCard({
    category: 'cooking',
    syncUrl,
    initialValue,
    id: idProp,
    preset: { from: known(fromProp, data.default.from), to: known(toProp, data.default.to) },
    fromKeys: keys,
    toKeys: keys,
    params: [{ name: INGREDIENT_PARAM, keys: data.ingredients.map((i) => i.key), read: setChosen }],
  });
  const { value, from, to } = card;
  const [fractions, setFractions] = useState(false);
  const [chunk, loadChunk] = useChunk(conversionChunk, 'the cooking conversion', false, initialValue.trim() !== '');

  // An ingredient typed after the quantity wins over the menu, which then follows it.
  const menu = byKey(chosen) ?? data.ingredients[0];
  const split = chunk === null ? null : chunk.cooking.cookingInput(value, menu, data.ingredients, measures);
  const ingredient = split?.ingredient ?? menu;
  const typedIngredient = split?.typed ? split.ingredient.key : undefined;
  useEffect(() => {
    if (typedIngredient !== undefined) setChosen(typedIngredient);
  }, [typedIngredient]);

  const category = useMemo(() => (chunk === null ? null : chunk.cooking.cookingCategory(data, ingredient)), [chunk, data, ingredient]);
  const unitOf = (k: string) => category?.units.find((u) => u.key === k);
  // An ingredient the data has not ("1 cup caster sugar") is said, never converted as another.
  const outcome: Outcome =
    split?.error
      ? { kind: 'error', message: split.error }
      : chunk !== null && category !== null
        ? chunk.conversion.convertInput({
            category,
            lexicon: chunk.conversion.lexiconFor(category),
            input: split?.rest ?? value,
            from: unitOf(from)!,
            to: chunk.conversion.findTarget(category, to)!,
            decimals: 'auto',
            fractions,
          })
        : { kind: 'empty' };
  const pending = chunk === null && value.trim() !== '';
  const ok = outcome.kind === 'ok' ? outcome : null;
  const error = outcome.kind === 'error' ? outcome.message : null;
  const fromUnit = measures.find((u) => u.key === from)!;
  const toUnit = measures.find((u) => u.key === to)!;
  // "1 cup of butter" = "226.8 g", "200 g of butter" "≈ 7/8 cup" (in the unit converted to:
  // To's, a typed target's, or From's for a value typed in To's unit); the replay carries the
  // ingredient in its value.
  const texts = ok === null || chunk === null ? null : chunk.cooking.cookingTexts(ok, split?.rest ?? value, fromUnit, ingredient);
  const read = texts?.read ?? '';
  const entry: NewHistoryEntry | null =
    ok === null || texts === null
      ? null
      : {
          type: data.label as HistoryType,
          from: texts.from,
          to: texts.to,
          replay: { category: 'cooking', value: split?.typed ? value.trim() : `${value.trim()} ${ingredient.name}`, from, to },
        };
  useSettledHistory(card, entry);

  useEffect(() => {
    if (pending) void loadChunk();
  }, [pending, loadChunk]);

  // The Fractions choice is the visitor's (shared with the unit cards); read after hydration.
  useEffect(() => {
    const readPrefs = (): void => setFractions(readFractions());
    readPrefs();
    return subscribePrefs(readPrefs);
  }, []);

  // The address names the ingredient too: read once with the pair (useCard `params`, which
  // says when it is unknown), then mirrored once the visitor acts.
  useEffect(() => {
    if (!syncUrl || !card.acted) return;
    const params = new URLSearchParams(window.location.search);
    if (ingredient.key === data.default.ingredient) params.delete(INGREDIENT_PARAM);
    else params.set(INGREDIENT_PARAM, ingredient.key);
    const search = params.toString() === '' ? '' : `?${params}`;
    if (search === window.location.search) return;
    try {
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
    } catch {
      // Safari throttles replaceState; the conversion itself is unaffected.
    }
  }, [syncUrl, card.acted, ingredient.key, value, from, to]); // after useCard's own mirror of value, from and to

  const { copy, reset } = entryActions(card, entry, data.label);

  // "heaped read as level: …" before what the conversion says.
  const notes = ok === null ? [] : [...(split?.note ? [split.note] : []), ...ok.notes];
  const message: FieldMessage | null =
    error !== null
      ? { text: error, tone: 'error' }
      : ok !== null
        ? { text: `${ok.typed ? 'From' : 'Read as'} ${texts?.from ?? read}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}.`, tone: 'hint' }
        : null;

  const option = (u: { key: string; name: string }) => (
    <option key={u.key} value={u.key}>
      {u.name}
    </option>
  );
  const options = (
    <>
      <optgroup label="Volume">{data.volume.map(option)}</optgroup>
      <optgroup label="Weight">{data.weight.map(option)}</optgroup>
    </>
  );
  const id = card.id;

  return (
    <>
      <CardSection
        card={card}
        className="accent-orange"
        title={`${data.label} Converter`}
        headingLevel={headingLevel}
        icon={ICON.map((d) => (
          <path key={d} d={d} />
        ))}
        // The default ingredient is left out, as from the address: a favourite kept before
        // favourites named ingredients is this one, and stays starred here.
        favourite={{
          category: 'cooking', label: data.label, from, to, fromName: fromUnit.name, toName: toUnit.name,
          ...(ingredient.key !== data.default.ingredient && { ingredient: ingredient.key, ingredientName: ingredient.name }),
        }}
      >
        <div className="cooking-what">
          <div className="field cooking-ingredient">
            <label htmlFor={`${id}-ingredient`}>Ingredient</label>
            <select
              id={`${id}-ingredient`}
              value={ingredient.key}
              onChange={(e) => {
                setChosen(e.target.value);
                // A typed ingredient, known or not, would override the menu: the menu's choice replaces it.
                if (split?.typed || split?.error) card.setValue(split.rest);
                else card.setValue(value);
              }}
            >
              {data.ingredients.map(option)}
            </select>
          </div>

          <ValueField card={card} label="Value" placeholder="Enter a measure, e.g. 3 cups flour" onFocus={() => void loadChunk()} message={message} />
        </div>

        <UnitPair card={card} options={options} swapLabel="Swap units" />

        <ResultField card={card} valueLabel="Value" result={ok === null ? null : { value: ok.text, unit: resultSymbol(ok) }} busy={pending} />

        <CardActions onCopy={copy} onReset={reset} nothingToCopy={ok !== null ? undefined : (error ?? 'Enter a measure to copy its result')} />
      </CardSection>
      {syncUrl && (
        <div className="converter-tools">
          <FractionsToggle id={id} units={data.volume} checked={fractions} onChange={setFractions} />
        </div>
      )}
    </>
  );
}

// As ConverterCard's: a card that starts with a value has its result in the page's HTML.
CookingCard.prepare = (props: CookingCardProps): Promise<unknown> | undefined => (props.value?.trim() ? conversionChunk.load() : undefined);
