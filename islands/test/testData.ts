// Test support: the real content/units.yaml, read the way the build hands it to the islands.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { UnitsData } from '../src/lib/units.ts';

export const UNITS_YAML = new URL('../../content/units.yaml', import.meta.url);

export function loadUnits(): UnitsData {
  return parse(readFileSync(UNITS_YAML, 'utf8')) as UnitsData;
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
