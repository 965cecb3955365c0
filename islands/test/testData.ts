// Test support: the real content/units.yaml, read the way the build hands it to the islands.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { currencyOf } from '../src/lib/currencyCatalog.ts';
import type { Currency, UnitsData } from '../src/lib/units.ts';

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
