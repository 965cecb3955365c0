// Power levels in decibels, as radio, audio and fibre engineers write them: dBm against one
// milliwatt, dBW against one watt. A level is a logarithm, not a multiple of a unit, so no
// factor in units.yaml can hold it: P = 1 mW × 10^(dBm ÷ 10), dBm = 10 × log₁₀(P ÷ 1 mW),
// and dBW = dBm − 30. The search box converts them (askConversion.ts); a card says how.

import { SEPARATOR_WORD as TO } from './separators.ts';

const NUMBER = String.raw`[-−+]?(?:\d[\d,]*(?:\.\d+)?|\.\d+)`;
const LEVEL = String.raw`db(?:m|w)(?![\p{L}\d])`;
const LEVEL_AMOUNT = new RegExp(String.raw`^(${NUMBER})\s*(${LEVEL})(?:\s+${TO}\s+(.+))?$`, 'iu');
const IN_LEVEL = new RegExp(String.raw`^(.+?)\s+${TO}\s+(${LEVEL})$`, 'iu');
const LEVEL_PAIR = new RegExp(String.raw`^(${LEVEL})\s+${TO}\s+(.+)$|^(.+?)\s+${TO}\s+(${LEVEL})$`, 'iu');

/** A level's reference power in watts: dBm 1 mW, dBW 1 W. */
const REFERENCE_WATTS: Record<'dBm' | 'dBW', number> = { dBm: 0.001, dBW: 1 };

/** A level's symbol as written: dBm, dBW. */
const levelSymbol = (typed: string): 'dBm' | 'dBW' => (typed.toLowerCase() === 'dbm' ? 'dBm' : 'dBW');

/** What a question of decibels asks: a level as a power, a power as a level, or the rule of a pair. */
export type LevelQuestion =
  | { kind: 'toPower'; level: number; typed: string; symbol: 'dBm' | 'dBW'; target: string | null }
  | { kind: 'toLevel'; power: string; symbol: 'dBm' | 'dBW' }
  | { kind: 'rule'; symbol: 'dBm' | 'dBW'; other: string; toLevel: boolean };

/** "mw" beside dBm is the milliwatt, its reference: no one gives megawatts in dBm. */
const LOWER_MW = /(?<![\p{L}])mw(?![\p{L}])/gu;

/** "30 dBm to W", "-10 dbm", "100 mW in dBm", "dbm to watts": null for anything else. */
export function readLevelQuestion(query: string): LevelQuestion | null {
  const typed = query.trim();
  const q = /dbm/iu.test(typed) ? typed.replace(LOWER_MW, 'mW') : typed;
  const amount = LEVEL_AMOUNT.exec(q);
  if (amount !== null) {
    const level = Number(amount[1].replace(/[−]/gu, '-').replace(/,/gu, ''));
    return Number.isFinite(level) ? { kind: 'toPower', level, typed: amount[1].replace(/^-/u, '−'), symbol: levelSymbol(amount[2]), target: amount[3]?.trim() ?? null } : null;
  }
  const pair = LEVEL_PAIR.exec(q);
  if (pair !== null && !/\d/u.test(q)) {
    return pair[1] !== undefined ? { kind: 'rule', symbol: levelSymbol(pair[1]), other: pair[2], toLevel: false } : { kind: 'rule', symbol: levelSymbol(pair[4]), other: pair[3], toLevel: true };
  }
  const power = IN_LEVEL.exec(q);
  return power === null ? null : { kind: 'toLevel', power: power[1].trim(), symbol: levelSymbol(power[2]) };
}

/** The power of `level` in watts. */
export function levelToWatts(level: number, symbol: 'dBm' | 'dBW'): number {
  return REFERENCE_WATTS[symbol] * 10 ** (level / 10);
}

/** The level of `watts` (above zero). */
export function wattsToLevel(watts: number, symbol: 'dBm' | 'dBW'): number {
  return 10 * Math.log10(watts / REFERENCE_WATTS[symbol]);
}

/** The rule of a pair asked with no number, as a pair page would say it: "P = 1 mW × 10^(dBm ÷ 10) (0 dBm = 1 mW, …)". */
export function levelRule(symbol: 'dBm' | 'dBW', toLevel: boolean): string {
  const reference = symbol === 'dBm' ? 'mW' : 'W';
  const examples = symbol === 'dBm' ? '0 dBm = 1 mW, 30 dBm = 1 W, +3 dB ≈ twice the power' : '0 dBW = 1 W = 30 dBm, +10 dB = ten times the power';
  return toLevel ? `${symbol} = 10 × log₁₀(P ÷ 1 ${reference}) (${examples})` : `P = 1 ${reference} × 10^(${symbol} ÷ 10) (${examples})`;
}

/** Said on a card (notConverted.ts) and in the box when a level cannot be read. */
export const LEVEL_SAID =
  'dBm and dBW are power levels in decibels, not units with a factor: a power is 1 mW × 10^(dBm ÷ 10), so 0 dBm is 1 mW, 30 dBm is 1 W, and every 10 dB is ten times the power (3 dB about twice); dBW counts from 1 W (dBW = dBm − 30). The search box converts them, as in “30 dBm to W” or “100 mW to dBm”.';
