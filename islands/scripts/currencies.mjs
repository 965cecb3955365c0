// Generates src/generated/currencies.json, the one catalog of ISO 4217 currencies the site
// knows by name: the islands (the currency picker, the amount formatting) and the Rust build
// (currency pages, pair pages) read it. Nothing in it is typed by hand:
// - the codes are Intl.supportedValuesOf('currency') (ICU's current ISO 4217 list);
// - name, symbol and minor units (JPY 0 decimals, KWD 3) come from Intl in English;
// - the countries that use each currency come from CLDR's currencyData (the cldr-core
//   package: each territory's tender today), named by Intl.DisplayNames;
// - the flag is that of the territory the code's first two letters name (ISO 4217 codes
//   start with the ISO 3166 code of their issuer: THB → TH, EUR → EU), when the currency
//   is tender there; a shared currency such as XOF has none.
//
//   node scripts/currencies.mjs          writes the file
//   node scripts/currencies.mjs --check  exits 1 when the file differs from what it would write
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CATALOG_FILE = join(dirname(fileURLToPath(import.meta.url)), '../src/generated/currencies.json');

/** Tender today in a territory: no end date, and not marked as not legal tender. */
function current(entry) {
  return entry._to === undefined && entry._tender !== 'false';
}

/** The regional-indicator emoji of a two-letter region code. */
function flagOf(region) {
  return [...region].map((c) => String.fromCodePoint(0x1f1e6 + c.charCodeAt(0) - 65)).join('');
}

/** The catalog as data: one entry per code, in code order. */
export function catalog() {
  const require = createRequire(import.meta.url);
  const data = require('cldr-core/supplemental/currencyData.json').supplemental.currencyData;
  const names = new Intl.DisplayNames(['en'], { type: 'currency', fallback: 'none' });
  const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const codes = Intl.supportedValuesOf('currency');
  const usedIn = new Map(codes.map((c) => [c, []]));
  for (const [region, history] of Object.entries(data.region)) {
    for (const entry of history) {
      const [[code, when]] = Object.entries(entry);
      if (current(when) && usedIn.has(code) && !usedIn.get(code).includes(region)) usedIn.get(code).push(region);
    }
  }
  const symbolOf = (code, display) =>
    new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay: display }).formatToParts(1).find((p) => p.type === 'currency').value;
  const narrow = new Map(codes.map((c) => [c, symbolOf(c, 'narrowSymbol')]));
  const narrowCount = new Map();
  for (const s of narrow.values()) narrowCount.set(s, (narrowCount.get(s) ?? 0) + 1);
  return codes.map((code) => {
    // English's own symbol (€, CA$); else the narrow one (฿) when no other currency shares
    // it ("$", "kr" name several, so the code is clearer); else the code itself.
    const wide = symbolOf(code, 'symbol');
    const symbol = wide !== code ? wide : narrowCount.get(narrow.get(code)) === 1 ? narrow.get(code) : code;
    const digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits;
    const territories = usedIn.get(code).filter((r) => /^[A-Z]{2}$/.test(r) && regions.of(r) !== undefined);
    const issuer = code.slice(0, 2);
    const flag = territories.includes(issuer) ? flagOf(issuer) : '';
    const countries = territories.map((r) => regions.of(r)).sort((a, b) => a.localeCompare(b, 'en'));
    // Each word capitalised, as ICU writes every name but its newest ("Caribbean guilder").
    const name = ISSUERS_NAMES[code] ?? (names.of(code) ?? code).replace(/(^|\s)(\p{Ll})/gu, (_, space, letter) => space + letter.toUpperCase());
    return { code, name, symbol, digits, flag, countries };
  });
}

/**
 * The issuers' own names where CLDR's English coins another adjective ("Guyanaese Dollar",
 * "Bermudan Dollar", "Laotian Kip"): what the Bank of Guyana, the Bermuda Monetary Authority,
 * the Bank of Botswana, the Bank of the Lao PDR and the Reserve Bank of Zimbabwe call them.
 */
const ISSUERS_NAMES = {
  GYD: 'Guyanese Dollar',
  BMD: 'Bermudian Dollar',
  BWP: 'Botswana Pula',
  LAK: 'Lao Kip',
  ZWG: 'Zimbabwe Gold',
};

/** The file's text: the data, with the ICU and CLDR versions that made it. */
export function catalogText() {
  const entries = catalog().map((c) => `    ${JSON.stringify(c)}`);
  const source = { icu: process.versions.icu, cldr: process.versions.cldr, generator: 'islands/scripts/currencies.mjs' };
  return `{\n  "source": ${JSON.stringify(source)},\n  "currencies": [\n${entries.join(',\n')}\n  ]\n}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = catalogText();
  if (process.argv.includes('--check')) {
    const same = readFileSync(CATALOG_FILE, 'utf8') === text;
    if (!same) console.error(`${CATALOG_FILE} is stale: run node islands/scripts/currencies.mjs`);
    process.exit(same ? 0 : 1);
  }
  writeFileSync(CATALOG_FILE, text);
  console.log(`wrote ${CATALOG_FILE}`);
}
