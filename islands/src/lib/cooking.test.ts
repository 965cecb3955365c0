import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { cookingCategory, cookingInput, cookingTexts, splitIngredient, type Ingredient } from './cooking';
import { entryLine } from './copyText';
import { convertInput, findTarget, lexiconFor, resultLine, type Outcome } from './conversion';
import { exactNumber, fromBase, toBase } from './kinds';
import { div, fromNumber, mul, toNumber } from './rational';
import { formatResult } from './format';
import { gnuName, runGnuUnits } from './gnuUnits.mjs';
import { loadCooking } from '../../test/testData.ts';

const data = loadCooking();
const ingredient = (key: string): Ingredient => data.ingredients.find((i) => i.key === key)!;
const measures = [...data.volume, ...data.weight];
/** Each ingredient's `gnu:` (the props leave it out): its density as GNU units names it. */
const gnuDensity = new Map<string, string>(
  parse(readFileSync(new URL('../../../content/ingredients.yaml', import.meta.url), 'utf8')).ingredients.map((i: { key: string; gnu: string }) => [i.key, i.gnu]),
);

/** `input` converted from `from` to `to` with the menu on `key`, as the card shows it (a typed ingredient wins). */
function shown(key: string, input: string, from: string, to: string, fractions = false): string {
  const split = cookingInput(input, ingredient(key), data.ingredients, measures);
  assert.equal(split.error, null, input);
  const category = cookingCategory(data, split.ingredient);
  const o: Outcome = convertInput({
    category, lexicon: lexiconFor(category), input: split.rest,
    from: category.units.find((u) => u.key === from)!, to: findTarget(category, to)!, decimals: 'auto', fractions,
  });
  assert.equal(o.kind, 'ok', `${input}: ${JSON.stringify(o)}`);
  return resultLine(o as Extract<Outcome, { kind: 'ok' }>);
}

test('ingredients.yaml has at least 30 ingredients, each with its GNU units density', () => {
  assert.ok(data.ingredients.length >= 30, `${data.ingredients.length} ingredients`);
  for (const i of data.ingredients) assert.ok(gnuDensity.get(i.key), i.key);
});

test('every ingredient, every volume measure to every weight measure and back, agrees with GNU units', (t) => {
  const agrees = (ours: number, gnu: number): boolean => Math.abs(ours - gnu) <= 1e-12 * Math.max(Math.abs(ours), Math.abs(gnu));
  type Case = { what: string; ours: number; shownText: string; precision: number; significant?: number; query: [string, string] };
  const cases: Case[] = [];
  for (const i of data.ingredients) {
    const category = cookingCategory(data, i);
    const unit = (k: string) => category.units.find((u) => u.key === k)!;
    const density = `(${gnuDensity.get(i.key)})`;
    for (const v of data.volume) {
      for (const w of data.weight) {
        for (const value of [1, 3, 0.5, 123.456]) {
          for (const [from, to, query] of [
            [v, w, [`${value} (${gnuName(v)}) ${density}`, `(${gnuName(w)})`]],
            [w, v, [`${value} (${gnuName(w)}) / ${density}`, `(${gnuName(v)})`]],
          ] as const) {
            const ours = toNumber(fromBase(toBase(fromNumber(value), unit(from.key)), unit(to.key)));
            const o = convertInput({ category, lexicon: lexiconFor(category), input: String(value), from: unit(from.key), to: findTarget(category, to.key)!, decimals: 'auto' });
            const shownText = o.kind === 'ok' ? o.text : JSON.stringify(o);
            cases.push({ what: `${value} ${from.key} of ${i.key} → ${to.key}`, ours, shownText, precision: category.precision, significant: category.significant, query: [...query] });
          }
        }
      }
    }
  }
  const answers = runGnuUnits(cases.map((c) => c.query)).map(Number);
  const wrong = cases.flatMap((c, n) => {
    if (!agrees(c.ours, answers[n])) return [`${c.what}: ours ${c.ours}, GNU ${answers[n]}`];
    if (c.shownText !== formatResult(answers[n], c.precision, 'auto', c.significant)) return [`${c.what}: shown ${c.shownText}, GNU ${formatResult(answers[n], c.precision, 'auto', c.significant)}`];
    return [];
  });
  t.diagnostic(`${cases.length} ingredient conversions compared with GNU units`);
  assert.deepEqual(wrong, []);
});

test('a cup weighs its figure exactly, and every other measure follows from the unit definitions', () => {
  const cup = data.volume.find((u) => u.key === data.cup)!;
  for (const i of data.ingredients) {
    const perCup = exactNumber(i.grams_per_cup);
    assert.equal(shown(i.key, '1', 'cups', 'grams'), `${formatResult(toNumber(perCup), data.precision)} g`, i.key);
    for (const v of data.volume) {
      const grams = mul(div(exactNumber(v.factor!), exactNumber(cup.factor!)), perCup);
      assert.equal(shown(i.key, '1', v.key, 'grams'), `${formatResult(toNumber(grams), data.precision, 'auto', cookingCategory(data, i).significant)} g`, `${i.key}: 1 ${v.key}`);
    }
  }
});

test('figures from the page: 3 cups flour, sugar by the spoon, butter in cups and spoons', () => {
  // All-purpose flour, spooned: 4.25 oz a cup (120.48547328125 g).
  assert.equal(shown('honey', '3 cups flour', 'cups', 'grams'), '361.46 g');
  assert.equal(shown('honey', '3 cups of all-purpose flour', 'cups', 'grams'), '361.46 g');
  assert.equal(shown('honey', '3 cups bread flour', 'cups', 'grams'), '382.72 g');
  assert.equal(shown('honey', '1 1/2 cups Sugar', 'cups', 'grams'), '300 g');
  assert.equal(shown('sugar', '2 tbsp', 'cups', 'grams'), '25 g');
  assert.equal(shown('sugar', '100 g', 'grams', 'cups'), '0.5 cups');
  // Butter, 8 oz a cup: a cup and two tablespoons is 9 oz.
  assert.equal(shown('butter', '1 cup + 2 tbsp', 'cups', 'ounces'), '9 oz');
  assert.equal(shown('butter', '1 cup + 2 tbsp', 'cups', 'grams'), '255.15 g');
  assert.equal(shown('butter', '1 cup + 1 oz', 'cups', 'ounces'), '9 oz');
  assert.equal(shown('flour_spooned', '100 g', 'grams', 'cups'), '0.83 cups');
  assert.equal(shown('flour_spooned', '100 g', 'grams', 'cups', true), '≈ 7/8 cup');
  assert.equal(shown('flour_spooned', '80 g', 'grams', 'cups', true), '≈ 2/3 cup');
  // Salt is given per teaspoon: 6 g, so a tablespoon is 18 g.
  assert.equal(shown('salt', '1 tbsp', 'tablespoons', 'grams'), '18 g');
  assert.equal(shown('sugar', '3 tsp salt', 'teaspoons', 'grams'), '18 g');
});

test('Australian and metric tablespoons are measures of their own, never the US tablespoon', () => {
  // Honey, 11.75 oz a US cup: an Australian tablespoon (20 mL) is a third more than the US one.
  assert.equal(shown('honey', '2 aus tbsp', 'cups', 'grams'), '56.32 g');
  assert.equal(shown('sugar', '2 australian tablespoons honey', 'cups', 'grams'), '56.32 g');
  assert.equal(shown('honey', '2 tbsp', 'cups', 'grams'), '41.64 g');
  assert.equal(shown('honey', '1 metric tbsp', 'cups', 'grams'), '21.12 g');
  assert.equal(shown('honey', '1', 'australian_tablespoons', 'milliliters'), '20 mL');
});

test('a stick of butter, typed on the card with Butter, is half a US cup and says so', () => {
  assert.equal(shown('butter', '1 stick', 'cups', 'grams'), '113.4 g');
  assert.equal(shown('butter', '2 sticks', 'cups', 'tablespoons'), '16 tbsp');
  assert.equal(shown('flour_spooned', '1 stick butter', 'cups', 'grams'), '113.4 g');
  const split = cookingInput('1 stick', ingredient('butter'), data.ingredients, measures);
  const category = cookingCategory(data, split.ingredient);
  const o = convertInput({ category, lexicon: lexiconFor(category), input: split.rest, from: category.units.find((u) => u.key === 'cups')!, to: findTarget(category, 'grams')!, decimals: 'auto' });
  assert.ok(o.kind === 'ok' && o.notes.includes('a US stick of butter is 1/2 cup, 8 tbsp, 113 g'), JSON.stringify(o));
});

test('the card reads a UK (imperial) cup, half an imperial pint, as the box does', () => {
  assert.equal(shown('flour_spooned', '1 uk cup', 'cups', 'grams'), '144.7 g');
  assert.equal(shown('flour_spooned', '1 uk cup sugar', 'cups', 'grams'), '240.19 g');
  assert.equal(shown('sugar', '1', 'imperial_cups', 'cups'), '1.2 cups');
});

test('the card’s reading and copied line are English: “1 cup of butter = 226.8 g”, “200 g of butter ≈ 7/8 cup”', () => {
  /** What Copy gives for `input` with the menu on `key`, from `from` to `to`. */
  const copied = (key: string, input: string, from: string, to: string, fractions = false): string => {
    const split = cookingInput(input, ingredient(key), data.ingredients, measures);
    const category = cookingCategory(data, split.ingredient);
    const o = convertInput({ category, lexicon: lexiconFor(category), input: split.rest, from: category.units.find((u) => u.key === from)!, to: findTarget(category, to)!, decimals: 'auto', fractions });
    assert.equal(o.kind, 'ok', input);
    const t = cookingTexts(o as Extract<Outcome, { kind: 'ok' }>, split.rest, measures.find((u) => u.key === from)!, split.ingredient);
    return entryLine(t.from, t.to);
  };
  assert.equal(copied('butter', '1', 'cups', 'grams'), '1 cup of butter = 226.8 g');
  assert.equal(copied('butter', '1', 'tablespoons', 'grams'), '1 tbsp of butter = 14.17 g');
  assert.equal(copied('flour_spooned', '3/4', 'cups', 'grams'), '3/4 cup of all-purpose flour, spooned = 90.36 g');
  assert.equal(copied('sugar', '1', 'metric_cups', 'grams'), '1 metric cup of granulated sugar = 211.34 g');
  assert.equal(copied('sugar', '2', 'metric_cups', 'grams'), '2 metric cups of granulated sugar = 422.68 g');
  assert.equal(copied('flour_spooned', '1', 'pounds', 'cups'), '1 lb of all-purpose flour, spooned = 3.76 cups');
  assert.equal(copied('butter', '200', 'grams', 'cups', true), '200 g of butter ≈ 7/8 cup');
  assert.equal(copied('butter', '15', 'grams', 'tablespoons', true), '15 g of butter ≈ 1 tbsp');
  assert.equal(copied('sugar', '1 cup + 2 tbsp', 'cups', 'grams'), '1 US cup + 2 US tablespoons of granulated sugar = 225 g');
});

test('on the card, words after a measure that name no unit are an unknown ingredient; heaped is said to be inexact', () => {
  const sugar = ingredient('sugar');
  assert.equal(cookingInput('1 cup lentils', sugar, data.ingredients, measures).error, 'Unknown ingredient “lentils”: choose it in Ingredient.');
  assert.equal(cookingInput('1 tsp baking soda', sugar, data.ingredients, measures).error, 'Unknown ingredient “baking soda”: choose it in Ingredient.');
  const level = cookingInput('1 level tsp salt', sugar, data.ingredients, measures);
  assert.deepEqual([level.ingredient.key, level.rest, level.note], ['salt', '1 tsp', null]);
  const heaped = cookingInput('2 heaped tbsp', sugar, data.ingredients, measures);
  assert.deepEqual([heaped.rest, heaped.note], ['2 tbsp', 'heaped read as level: a heaped, rounded or scant measure is not an exact one']);
  assert.equal(shown('sugar', '1 level tsp salt', 'teaspoons', 'grams'), '6 g');
});

test('on the card, “and” and “plus” between measures add, and half a cup is 1/2 cup', () => {
  assert.equal(shown('sugar', '1 cup and 2 tbsp', 'cups', 'grams'), '225 g');
  assert.equal(shown('butter', '1 cup plus 2 tbsp', 'cups', 'ounces'), '9 oz');
  assert.equal(shown('butter', 'half a cup', 'cups', 'grams'), '113.4 g');
});

test('splitIngredient: the longest name or alias at the end, as its own word; the rest as typed', () => {
  const ingredients: Ingredient[] = [
    { key: 'flour', name: 'All-purpose flour', aliases: ['flour'], grams_per_cup: 120 },
    { key: 'bread', name: 'Bread flour', grams_per_cup: 127 },
    { key: 'zero', name: '00 flour', grams_per_cup: 120 },
  ];
  const split = (s: string) => {
    const r = splitIngredient(s, ingredients);
    return [r.ingredient?.key ?? null, r.rest];
  };
  assert.deepEqual(split('3 cups flour'), ['flour', '3 cups']);
  assert.deepEqual(split('3 Cups  BREAD   Flour'), ['bread', '3 Cups']);
  assert.deepEqual(split('2 cups of 00 flour'), ['zero', '2 cups']);
  assert.deepEqual(split('1 Mg flour'), ['flour', '1 Mg'], 'the rest keeps its case');
  assert.deepEqual(split('flour'), ['flour', '']);
  assert.deepEqual(split('3 cups cauliflour'), [null, '3 cups cauliflour'], 'a word of its own');
  assert.deepEqual(split('3 cups'), [null, '3 cups']);
  // Before a target too, cut out of what is converted.
  assert.deepEqual(split('100 g flour to cups'), ['flour', '100 g to cups']);
  assert.deepEqual(split('1 cup of bread flour in grams'), ['bread', '1 cup in grams']);
  assert.deepEqual(split('2 cups 00 flour → g'), ['zero', '2 cups → g']);
  assert.deepEqual(split('5 ft 11 in to cm'), [null, '5 ft 11 in to cm']);
});

test('cookingInput: a typed ingredient wins over the menu, and says so', () => {
  assert.deepEqual(cookingInput('2 cups honey', ingredient('sugar'), data.ingredients), { ingredient: ingredient('honey'), typed: true, rest: '2 cups', error: null, note: null });
  assert.deepEqual(cookingInput('2 cups', ingredient('sugar'), data.ingredients), { ingredient: ingredient('sugar'), typed: false, rest: '2 cups', error: null, note: null });
});

test('a typed target: the ingredient before it is read, as in the search box', () => {
  assert.equal(shown('flour_spooned', '100 g sugar to cups', 'cups', 'grams'), '0.5 cups');
  assert.equal(shown('sugar', '1 cup flour to oz', 'cups', 'grams'), '4.25 oz');
  assert.equal(shown('flour_spooned', '1 tbsp honey in grams', 'cups', 'ounces'), shown('honey', '1 tbsp', 'tablespoons', 'grams'));
  assert.equal(shown('sugar', '2 1/4 cups all-purpose flour in grams', 'cups', 'ounces'), shown('flour_spooned', '2 1/4 cups', 'cups', 'grams'));
  assert.equal(shown('sugar', '1 cup of honey = ml', 'cups', 'grams'), '236.59 mL');
});

test('recipe wording: an ingredient the data has not is said, never read as a shorter one', () => {
  const asked = (input: string) => cookingInput(input, ingredient('flour_spooned'), data.ingredients, measures);
  assert.equal(shown('flour_spooned', '1 cup packed brown sugar', 'cups', 'grams'), '217 g');
  assert.equal(shown('flour_spooned', '1 cup packed dark brown sugar', 'cups', 'grams'), '239 g');
  for (const [input, error] of [
    ['1 cup caster sugar', 'Unknown ingredient “caster sugar”: choose it in Ingredient.'],
    ['1 cup superfine sugar to grams', 'Unknown ingredient “superfine sugar”: choose it in Ingredient.'],
    ['2 cups self-raising flour', 'Unknown ingredient “self-raising flour”: choose it in Ingredient.'],
    ['2 cups of self-rising flour', 'Unknown ingredient “self-rising flour”: choose it in Ingredient.'],
    ['1 tsp kosher salt', 'Unknown ingredient “kosher salt”: choose it in Ingredient (“Kosher salt, Diamond Crystal” or “Kosher salt, Morton”).'],
  ]) {
    const r = asked(input);
    assert.deepEqual([r.error, r.typed, r.ingredient.key], [error, false, 'flour_spooned'], input);
  }
  // The measure alone, for the ingredient then chosen in the menu.
  assert.equal(asked('1 cup caster sugar').rest, '1 cup');
  assert.equal(asked('2 cups of self-rising flour in grams').rest, '2 cups in grams');
  // A misspelt measure is still the reading's to name.
  assert.equal(asked('1 cupz sugar').error, null);
  assert.equal(asked('1 cupz sugar').ingredient.key, 'sugar');
});

test('a measure in brackets after a measure is the same amount given another way, never added', () => {
  assert.equal(shown('flour_spooned', '1 cup (250 ml)', 'cups', 'grams'), '120.49 g');
  assert.equal(shown('light_brown_sugar', '1 cup (250 ml)', 'cups', 'grams'), '217 g');
  assert.equal(shown('butter', '8 oz (225g) butter', 'cups', 'cups'), '1 cup');
  assert.equal(shown('flour_spooned', '1 cup 2 tbsp', 'cups', 'grams'), '135.55 g');
});

test('on the card, recipe cards’ T is a tablespoon and t a teaspoon, saying so; tbl, tbls, tblsp and ts are spoons', () => {
  assert.equal(shown('sugar', '1 T', 'cups', 'grams'), '12.5 g');
  assert.equal(shown('sugar', '1 t', 'cups', 'grams'), '4.17 g');
  assert.equal(shown('butter', '2 T butter', 'cups', 'grams'), '28.35 g');
  for (const [input, grams] of [['1 tbl', '12.5 g'], ['1 tbls', '12.5 g'], ['1 tblsp', '12.5 g'], ['1 ts', '4.17 g']]) assert.equal(shown('sugar', input, 'cups', 'grams'), grams, input);
  const category = cookingCategory(data, ingredient('sugar'));
  const o = convertInput({ category, lexicon: lexiconFor(category), input: '1 T + 1 t', from: category.units.find((u) => u.key === 'cups')!, to: findTarget(category, 'grams')!, decimals: 'auto' });
  assert.ok(o.kind === 'ok', JSON.stringify(o));
  assert.deepEqual(o.notes, ['T read as tablespoon, as recipes write it', 't read as teaspoon, as recipes write it']);
});
