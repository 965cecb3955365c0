import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
// @ts-expect-error: a plain .mjs script without type declarations
import { CATALOG_FILE, catalog, catalogText } from '../../scripts/currencies.mjs';
import { CATALOG, currencyOf, pickerList, searchCurrencies } from './currencyCatalog.ts';
import { formatCurrency } from './format.ts';
import { moneyParts } from './rates.ts';
import { loadUnits } from '../../test/testData.ts';

const featured = loadUnits().currencies;
const committed = JSON.parse(readFileSync(CATALOG_FILE, 'utf8'));

test('the committed catalog is what the generator makes from this ICU and CLDR (regenerate: node scripts/currencies.mjs)', () => {
  if (committed.source.icu === process.versions.icu && committed.source.cldr === process.versions.cldr) {
    assert.equal(readFileSync(CATALOG_FILE, 'utf8'), catalogText());
  } else {
    // Another ICU may word a name differently; the codes and their decimals still agree.
    const fresh = catalog() as { code: string; digits: number }[];
    const digits = new Map(fresh.map((c) => [c.code, c.digits]));
    for (const c of CATALOG) if (digits.has(c.code)) assert.equal(c.digits, digits.get(c.code), c.code);
  }
});

test('every current ISO 4217 currency is named, with its minor units, symbol, flag and countries', () => {
  assert.ok(CATALOG.length >= 150, `${CATALOG.length}`);
  for (const c of CATALOG) {
    assert.match(c.code, /^[A-Z]{3}$/);
    assert.notEqual(c.name, c.code, `${c.code} has an English name`);
    assert.ok(c.digits >= 0 && c.digits <= 4, c.code);
  }
  const thb = currencyOf('THB', []);
  assert.deepEqual(thb, { code: 'THB', name: 'Thai Baht', symbol: '฿', digits: 2, flag: '🇹🇭', countries: ['Thailand'] });
  assert.equal(currencyOf('JPY', []).digits, 0);
  assert.equal(currencyOf('KWD', []).digits, 3);
  assert.equal(currencyOf('BHD', []).digits, 3);
  assert.equal(currencyOf('EUR', []).flag, '🇪🇺');
  assert.equal(currencyOf('XOF', []).flag, '', 'a currency of eight countries has no one flag');
  assert.equal(currencyOf('SEK', []).symbol, 'SEK', '"kr" names four currencies: the code is clearer');
  // A code the catalog does not know (a provider's local currency) keeps its code as its name.
  assert.deepEqual(currencyOf('FOK', []), { code: 'FOK', name: 'FOK', symbol: 'FOK', flag: '', digits: 2, countries: [] });
});

test("the featured currencies of units.yaml take the catalog's words, which are Intl's", () => {
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  for (const c of featured) {
    assert.equal(c.name, names.of(c.code), c.code);
    assert.equal(c.digits, new Intl.NumberFormat('en', { style: 'currency', currency: c.code }).resolvedOptions().maximumFractionDigits);
  }
  assert.deepEqual(
    featured.map((c) => `${c.flag}${c.symbol}`),
    ['🇺🇸$', '🇪🇺€', '🇬🇧£', '🇯🇵¥', '🇨🇦CA$', '🇦🇺A$', '🇨🇭CHF', '🇨🇳CN¥', '🇮🇳₹', '🇧🇷R$'],
  );
});

test("amounts follow each currency's minor units, as Intl.NumberFormat writes them", () => {
  assert.equal(formatCurrency(15120.4, 0), '15,120');
  assert.equal(formatCurrency(0.3075, 3), '0.308');
  assert.equal(formatCurrency(1234.5), '1,234.50');
  assert.equal(formatCurrency(-0.0004, 3), '0.000');
  for (const c of CATALOG) {
    const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: c.digits, maximumFractionDigits: c.digits });
    for (const v of [0.5, 1.005, 12.345678, 1234567.891, 0.0015]) assert.equal(formatCurrency(v, c.digits), intl.format(v), `${c.code} ${v}`);
  }
  assert.deepEqual(moneyParts(15120.4, currencyOf('JPY', featured)), { value: '¥15,120', code: 'JPY' });
  assert.deepEqual(moneyParts(0.3075, currencyOf('KWD', featured)), { value: '0.308', code: 'KWD' });
  assert.deepEqual(moneyParts(3650, currencyOf('THB', featured)), { value: '฿3,650.00', code: 'THB' });
});

test('the picker lists the featured currencies first, then what the provider quotes by name', () => {
  const live = ['USD', 'EUR', 'THB', 'MXN', 'PLN', 'FOK', 'GBP', 'JPY', 'CAD', 'AUD', 'CHF', 'CNY', 'INR', 'BRL'];
  const list = pickerList(featured, live);
  assert.deepEqual(list.map((c) => c.code), ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'CHF', 'CNY', 'INR', 'BRL', 'FOK', 'MXN', 'PLN', 'THB']);
  // Unknown (offline, never fetched): every currency of the catalog.
  assert.equal(pickerList(featured, null).length, CATALOG.length);
  // A featured currency the provider stopped quoting is still offered (it converts offline).
  assert.ok(pickerList(featured, ['USD', 'THB']).some((c) => c.code === 'BRL'));
});

test('typed text finds a currency by code, name, country or the visitor’s language', () => {
  const list = pickerList(featured, null);
  const codes = (q: string, local?: (code: string) => string | undefined) => searchCurrencies(list, q, local).map((m) => m.currency.code);
  assert.equal(codes('baht')[0], 'THB');
  assert.equal(codes('THB')[0], 'THB');
  assert.equal(codes('thb')[0], 'THB');
  const thailand = searchCurrencies(list, 'Thailand');
  assert.deepEqual(thailand[0], { currency: currencyOf('THB', featured), country: 'Thailand' });
  assert.equal(codes('Thai')[0], 'THB');
  assert.equal(codes('euro')[0], 'EUR');
  assert.ok(codes('reunion').includes('EUR'), 'accents fold: Réunion');
  assert.ok(codes('ecuador').includes('USD'));
  // The exact code first, then codes that start with it, then names.
  assert.deepEqual(codes('ch').slice(0, 1), ['CHF']);
  assert.equal(codes('dollar')[0], 'USD', 'featured first among equals');
  assert.ok(codes('dollar').includes('NZD'));
  assert.equal(codes('zloty')[0], 'PLN');
  assert.equal(codes('Dollar des É', (c) => (c === 'USD' ? 'dollar des États-Unis' : undefined))[0], 'USD');
  assert.equal(codes('états', (c) => (c === 'USD' ? 'dollar des États-Unis' : undefined))[0], 'USD');
  assert.deepEqual(codes('qqqq'), []);
  assert.equal(searchCurrencies(list, '  ').length, list.length);
});

test('the picker finds a currency by its other names, its signs and other names of its country', () => {
  const list = pickerList(featured, null);
  const found = (q: string) => searchCurrencies(list, q).map((m) => (m.country === undefined ? m.currency.code : `${m.currency.code} · ${m.country}`));
  assert.equal(found('rmb')[0], 'CNY');
  assert.equal(found('renminbi')[0], 'CNY');
  assert.equal(found('złoty')[0], 'PLN', 'ł folds to l, which NFD does not split');
  assert.equal(found('ZŁ')[0], 'PLN');
  assert.equal(found('sterling')[0], 'GBP');
  for (const q of ['uk', 'britain', 'England']) assert.equal(found(q)[0], 'GBP · United Kingdom', q);
  assert.equal(found('usa')[0], 'USD · United States');
  assert.equal(found('€')[0], 'EUR');
  assert.equal(found('£')[0], 'GBP');
  assert.equal(found('฿')[0], 'THB');
  assert.deepEqual(found('$').slice(0, 3), ['USD', 'CAD', 'AUD'], 'its own sign first, then the featured that write it at home');
  assert.ok(found('$').includes('MXN'));
  assert.deepEqual(found('¥').slice(0, 2), ['JPY', 'CNY']);
  assert.equal(found('₩')[0], 'KRW', 'the currency whose sign it is before one that shares it');
  assert.equal(found('turkey')[0], 'TRY · Türkiye');
  assert.equal(found('dubai')[0], 'AED · United Arab Emirates');
  for (const q of ['cote d ivoire', "cote d'ivoire", 'ivory coast']) assert.equal(found(q)[0], 'XOF · Côte d’Ivoire', q);
});

test('the picker finds the Indian rupee by Rs, before the other rupees that write it', () => {
  const list = pickerList(featured, null);
  const codes = searchCurrencies(list, 'Rs').map((m) => m.currency.code);
  // After RSD, whose code begins so; then the other rupees.
  assert.deepEqual(codes.slice(0, 2), ['RSD', 'INR'], codes.join());
  assert.ok(['LKR', 'MUR', 'NPR', 'PKR'].every((c) => codes.indexOf(c) > 1), codes.join());
});
