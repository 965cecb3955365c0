// Currencies that are no longer in use, and what replaced them: the one place these facts
// live. The catalog (generated/currencies.json, from ICU and CLDR) still lists some of them
// (HRK, SLL, ZWL), and a provider may still quote them (the kuna at the euro's fixed rate),
// so the picker, the card and the search box say so rather than show a "Live" rate as if the
// currency were traded; a withdrawn code the catalog no longer has (VEF, MRO, STD) is
// pointed to its successor rather than "No currency found". ISO 4217 list 3 (historic
// denominations) and the central banks' announcements.
import { table } from './table.ts';

export interface Replaced {
  /** The currency's name, as a sentence says it: "the Croatian kuna". */
  name: string;
  /** The code of the currency that replaced it. */
  by: string;
  /** Its name: "the euro". */
  byName: string;
  /** When: "on 1 January 2023", "in 2018". */
  when: string;
  /** The conversion: "at a fixed 7.53450 HRK per EUR", "100,000 VEF = 1 VES". */
  rate?: string;
  /** The year it was replaced, for the picker's short note. */
  year: number;
}

export const REPLACED: Readonly<Record<string, Replaced>> = table({
  HRK: { name: 'the Croatian kuna', by: 'EUR', byName: 'the euro', when: 'on 1 January 2023', rate: 'at a fixed 7.53450 HRK per EUR', year: 2023 },
  VEF: { name: 'the Venezuelan bolívar fuerte', by: 'VES', byName: 'the bolívar soberano', when: 'in 2018', rate: '100,000 VEF = 1 VES', year: 2018 },
  ZWL: { name: 'the Zimbabwean dollar', by: 'ZWG', byName: 'Zimbabwe Gold', when: 'in 2024', year: 2024 },
  SLL: { name: 'the old Sierra Leonean leone', by: 'SLE', byName: 'the new leone', when: 'in 2022', rate: '1,000 SLL = 1 SLE', year: 2022 },
  MRO: { name: 'the old Mauritanian ouguiya', by: 'MRU', byName: 'the new ouguiya', when: 'in 2018', rate: '10 MRO = 1 MRU', year: 2018 },
  STD: { name: 'the old São Tomé and Príncipe dobra', by: 'STN', byName: 'the new dobra', when: 'in 2018', rate: '1,000 STD = 1 STN', year: 2018 },
  BGN: { name: 'the Bulgarian lev', by: 'EUR', byName: 'the euro', when: 'on 1 January 2026', rate: 'at a fixed 1.95583 BGN per EUR', year: 2026 },
  ANG: { name: 'the Netherlands Antillean guilder', by: 'XCG', byName: 'the Caribbean guilder', when: 'in 2025', rate: '1 ANG = 1 XCG', year: 2025 },
  CUC: { name: 'the Cuban convertible peso', by: 'CUP', byName: 'the Cuban peso', when: 'in 2021', rate: '1 CUC = 24 CUP', year: 2021 },
  // The Monetary Integration Law: the dollar since 1 January 2001; colones no longer circulate.
  SVC: { name: 'the Salvadoran colón', by: 'USD', byName: 'the US dollar', when: 'in 2001', rate: 'at a fixed 8.75 SVC per USD', year: 2001 },
});

/** What replaced `code`, or null for a currency in use. */
export const replacedOf = (code: string): Replaced | null => (Object.hasOwn(REPLACED, code) ? REPLACED[code] : null);

/**
 * The sentence for a currency no longer in use: "HRK is no longer in use: the euro (EUR)
 * replaced the Croatian kuna on 1 January 2023, at a fixed 7.53450 HRK per EUR." Null for
 * one in use.
 */
export function replacedNote(code: string): string | null {
  const r = replacedOf(code);
  if (r === null) return null;
  const rate = r.rate === undefined ? '' : r.rate.startsWith('at ') ? `, ${r.rate}` : ` (${r.rate})`;
  return `${code} is no longer in use: ${r.byName} (${r.by}) replaced ${r.name} ${r.when}${rate}.`;
}

/** The picker's short note beside the name: "replaced by EUR in 2023". */
export function replacedShort(code: string): string | null {
  const r = replacedOf(code);
  return r === null ? null : `replaced by ${r.by} in ${r.year}`;
}
