// Every word of every unit of content/units.yaml, typed as a visitor types it: on its own
// category's card and in the search box it names that unit (never a unit whose word differs
// only in case, mg/Mg, c/C, MB/Mb), and the number shown is GNU units' answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gnuQuery, runGnuUnits } from './gnuUnits.mjs';
import { answer, type AnswerData } from './askConversion.ts';
import { convertInput, findTarget, lexiconFor, type Outcome } from './conversion';
import { formatResult } from './format';
import { unitWordsOf } from './parse';
import type { Unit, UnitCategory } from './units';
import { loadUnits } from '../../test/testData.ts';

const data = loadUnits();
const categories = Object.fromEntries(Object.entries(data.categories).map(([k, c]) => [k, { ...c, key: k }])) as Record<string, UnitCategory & { key: string }>;
const box: AnswerData = {
  categories: data.categories,
  pages: Object.fromEntries(Object.keys(data.categories).map((k) => [k, `/${k}-converter`])),
  currencies: data.currencies,
  fallbackRates: data.fallback_rates,
  cooking: null,
};

/** Each unit, converted to its category's base unit (the base itself to the next unit). */
const cases = Object.values(categories).flatMap((c) =>
  c.units.map((unit) => {
    const to = unit.key === c.base ? c.units.find((u) => u.key !== c.base)! : c.units.find((u) => u.key === c.base)!;
    return { c, unit, to };
  }),
);

/** 2 of the unit, on a card whose From is another unit, so the word typed decides. */
function onCard(c: UnitCategory & { key: string }, input: string, to: Unit): Outcome {
  const from = c.units.find((u) => u.key !== to.key && !input.includes(u.symbol)) ?? to;
  return convertInput({ category: c, lexicon: lexiconFor(c, categories), input, from, to: findTarget(c, to.key)!, decimals: 'auto' });
}

/**
 * Our number is GNU's: the same text, or, where ours shows more significant digits than GNU's
 * 15 (rounded once from the exact value: 39,370,078,740.15748 mil), the same number to those.
 */
const sameAsGnu = (ours: string, gnu: string, raw: number): boolean =>
  ours === gnu || (!/e/.test(ours) && ours.replace(/\D/g, '').replace(/^0+/, '').length > 15 && Math.abs(Number(ours.replace(/,/g, '')) - raw) <= 1e-14 * Math.abs(raw));

test('every word of every unit reads as that unit, on its card and in the search box, with GNU units’ number', () => {
  assert.ok(cases.length >= 234, `${cases.length} units`);
  const answers = runGnuUnits(cases.map(({ unit, to }) => gnuQuery(unit, to, 2)));
  const wrong: string[] = [];
  let words = 0;
  cases.forEach(({ c, unit, to }, i) => {
    const gnu = formatResult(Number(answers[i]), c.precision);
    for (const word of unitWordsOf(unit)) {
      words++;
      const input = `2 ${word}`;
      const o = onCard(c, input, to);
      if (o.kind !== 'ok') wrong.push(`${c.key}: “${input}”: ${o.kind === 'error' ? o.message : 'empty'}`);
      else if (o.units.map((u) => u.key).join() !== unit.key || !sameAsGnu(o.text, gnu, Number(answers[i]))) wrong.push(`${c.key}: “${input}” read as ${o.units.map((u) => u.key)} = ${o.text} ${o.symbol}, GNU ${gnu} ${to.symbol}`);
      const query = `${input} to ${to.symbol}`;
      const a = answer(query, box);
      const line = a?.kind === 'answers' ? a.answers[0] : null;
      // A reading note after the result ("degF read as a temperature, …", "small calories, as typed; …") is no part of the number.
      const text = line?.text.replace(/ \([^()]*\)$/u, '') ?? '';
      const shown = text.split(' = ')[1]?.replace(` ${to.symbol}`, '') ?? '';
      if (line === null || !text.endsWith(` ${to.symbol}`) || !sameAsGnu(shown, gnu, Number(answers[i])) || !line.href.includes(`from=${unit.key}&`)) {
        wrong.push(`search: “${query}”: ${a === null ? 'no answer' : a.kind === 'error' ? a.message : JSON.stringify(line)} (GNU ${gnu} ${to.symbol})`);
      }
    }
  });
  assert.ok(words > cases.length * 2, `${words} words`);
  assert.deepEqual(wrong, []);
});
