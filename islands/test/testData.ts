// Test support: the real content/units.yaml, read the way the build hands it to the islands.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { currencyOf } from '../src/lib/currencyCatalog.ts';
import type { Currency, UnitsData } from '../src/lib/units.ts';
import type { CookingData } from '../src/lib/cooking.ts';
import { answer, type AnswerData } from '../src/lib/askConversion.ts';
import { everyCurrency } from '../src/lib/currencyCatalog.ts';
import { exactNumber } from '../src/lib/kinds.ts';
import { div, mul } from '../src/lib/rational.ts';

export const UNITS_YAML = new URL('../../content/units.yaml', import.meta.url);

/**
 * The units as the build hands them to the islands: each featured currency's name, symbol,
 * flag and decimals from the catalog unless units.yaml gives its own (src/content/currencies.rs).
 */
export function loadUnits(): UnitsData {
  const data = parse(readFileSync(UNITS_YAML, 'utf8')) as UnitsData & { currencies: (Partial<Currency> & { code: string })[] };
  const currencies = data.currencies.map((own) => {
    const { countries, ...known } = currencyOf(own.code, []);
    return { ...known, ...own };
  });
  return { ...data, currencies };
}

/** A small in-memory Storage; `failWith` makes setItem throw, as a full or blocked storage does. */
export class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  constructor(private failWith?: string) {}
  get length(): number { return this.items.size; }
  key(i: number): string | null { return [...this.items.keys()][i] ?? null; }
  getItem(k: string): string | null { return this.items.get(k) ?? null; }
  setItem(k: string, v: string): void {
    if (this.failWith) throw new DOMException('storage refused', this.failWith);
    this.items.set(k, String(v));
  }
  removeItem(k: string): void { this.items.delete(k); }
  clear(): void { this.items.clear(); }
}

/**
 * The Cooking card's props from the real content/ingredients.yaml, as the build assembles
 * them (src/render/mod.rs `cooking`): the measures as units of units.yaml, and each
 * ingredient's `weighs` (in `unit` per `per`) as grams per cup, exactly.
 */
export function loadCooking(): CookingData {
  const file = parse(readFileSync(new URL('../../content/ingredients.yaml', import.meta.url), 'utf8'));
  const units = loadUnits();
  const m = file.measures;
  const unit = (set: { category: string }, key: string) => units.categories[set.category as keyof typeof units.categories].units.find((u) => u.key === key)!;
  const measures = (set: { category: string; units: string[] }) => set.units.map((k) => unit(set, k));
  const factor = (set: { category: string }, key: string) => exactNumber(unit(set, key).factor!);
  const ingredients = file.ingredients.map((i: { key: string; name: string; aliases?: string[]; weighs: number | string; unit?: string; per?: string }) => {
    const inGrams = div(factor(m.weight, i.unit ?? m.gram), factor(m.weight, m.gram));
    const perCup = div(factor(m.volume, m.cup), factor(m.volume, i.per ?? m.cup));
    const grams = mul(mul(exactNumber(i.weighs), inGrams), perCup);
    return { key: i.key, name: i.name, aliases: i.aliases ?? [], grams_per_cup: `${grams.n}/${grams.d}` };
  });
  return { label: file.label, precision: file.precision, volume: measures(m.volume), weight: measures(m.weight), cup: m.cup, gram: m.gram, default: file.default, ingredients };
}

/**
 * The search box's data as the tests ask it: every category and the cooking data, with the
 * featured currencies (units.yaml) or, with `every`, every currency as the box reads money
 * (boxAnswers.ts).
 */
export function answerData(every = false): AnswerData {
  const units = loadUnits();
  return {
    categories: units.categories,
    pages: { ...Object.fromEntries(Object.keys(units.categories).map((k) => [k, `/${k}-converter`])), currency: '/currency-converter', cooking: '/cooking-converter' },
    currencies: every ? everyCurrency(units.currencies) : units.currencies,
    fallbackRates: units.fallback_rates,
    cooking: loadCooking(),
  };
}

/** What the box says to `query`: the answer's lines, its message, or a money question as "100 USD → JPY". */
export function saidBy(data: AnswerData): (query: string) => string[] | string | null {
  return (query) => {
    const a = answer(query, data);
    if (a === null) return null;
    if (a.kind === 'error') return a.message;
    if (a.kind === 'currency') return `${a.amount} ${a.from.code} → ${a.to.code}`;
    return a.answers.map((x) => x.text);
  };
}
