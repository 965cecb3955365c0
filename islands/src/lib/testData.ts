// Test support: the real content/units.yaml, read the way the build hands it to the islands.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { UnitsData } from './units';

export const UNITS_YAML = new URL('../../../content/units.yaml', import.meta.url);

export function loadUnits(): UnitsData {
  return parse(readFileSync(UNITS_YAML, 'utf8')) as UnitsData;
}
