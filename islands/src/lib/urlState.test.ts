import { test } from 'node:test';
import assert from 'node:assert/strict';
import { conversionAddress, conversionSearch, pairPageAsked, pairPageSlug, pairSlug, fragmentId, ignoredNotice, readConversionQuery, readKeyParam, unreadUnits, withEnds } from './urlState';
import { ignoredUnitParams, readUnitParams, renamedKeyNotice } from './linkWords';
import { currentUnitKey } from './units';

const keys = ['meters', 'feet', 'inches'];
const preset = { from: 'meters', to: 'feet' };

test('readConversionQuery reads a shared conversion, the value as typed', () => {
  assert.deepEqual(readConversionQuery('?value=5&from=meters&to=feet', keys), { value: '5', from: 'meters', to: 'feet', ignored: [] });
  assert.deepEqual(readConversionQuery('value=-0.25&to=inches', keys), { value: '-0.25', to: 'inches', ignored: [] });
  assert.deepEqual(readConversionQuery('?value=5%20ft%2011%20in&to=meters', keys), { value: '5 ft 11 in', to: 'meters', ignored: [] });
  assert.deepEqual(readConversionQuery('?value=1+1%2F2', keys).value, '1 1/2');
  assert.deepEqual(readConversionQuery('', keys), { ignored: [] });
});

test('readConversionQuery names what it ignores, so the page can say so', () => {
  assert.deepEqual(readConversionQuery('?value=5&from=cubits&to=feet', keys), { value: '5', to: 'feet', ignored: ['from=cubits'] });
  assert.deepEqual(readConversionQuery('?value=&from=&to=', keys), { ignored: [] });
  assert.deepEqual(readConversionQuery('?from=__proto__&to=constructor', keys).ignored, ['from=__proto__', 'to=constructor']);
  assert.deepEqual(readConversionQuery(`?value=${'9'.repeat(501)}`, keys), { ignored: ['value (too long)'] });
  // To may also be a compound.
  assert.deepEqual(readConversionQuery('?to=feet_inches', keys, [...keys, 'feet_inches']), { to: 'feet_inches', ignored: [] });
  assert.deepEqual(readConversionQuery('?from=feet_inches', keys, [...keys, 'feet_inches']).ignored, ['from=feet_inches']);
});

test('readConversionQuery reads a key in any case: a link with lower-case currency codes opens them', () => {
  const codes = ['USD', 'EUR', 'THB'];
  assert.deepEqual(readConversionQuery('?value=100&from=thb&to=usd', codes), { value: '100', from: 'THB', to: 'USD', ignored: [] });
  assert.deepEqual(readConversionQuery('?from=Eur', codes), { from: 'EUR', ignored: [] });
  assert.deepEqual(readConversionQuery('?from=Meters&to=FEET', keys), { from: 'meters', to: 'feet', ignored: [] });
  assert.deepEqual(readConversionQuery('?from=xyz', codes).ignored, ['from=xyz']);
});

test('conversionSearch writes value, from and to', () => {
  assert.equal(conversionSearch('', { value: '5', from: 'meters', to: 'feet' }, preset), '?value=5&from=meters&to=feet');
  assert.equal(conversionSearch('?value=4&from=feet&to=meters', { value: ' 2.5 ', from: 'inches', to: 'feet' }, preset),
    '?value=2.5&from=inches&to=feet');
});

test('conversionSearch gives a clean address when there is nothing to share', () => {
  assert.equal(conversionSearch('?value=5&from=meters&to=feet', { value: '', from: 'meters', to: 'feet' }, preset), '');
  // A changed pair is still worth sharing without a value.
  assert.equal(conversionSearch('', { value: '', from: 'feet', to: 'meters' }, preset), '?from=feet&to=meters');
});

test('conversionSearch keeps unrelated parameters', () => {
  assert.equal(conversionSearch('?utm_source=mail&value=1', { value: '3', from: 'meters', to: 'feet' }, preset),
    '?value=3&from=meters&to=feet&utm_source=mail');
  assert.equal(conversionSearch('?utm_source=mail', { value: '', from: 'meters', to: 'feet' }, preset), '?utm_source=mail');
});

test('a written address reads back to the same conversion', () => {
  const state = { value: '5 ft 11 in', from: 'inches', to: 'meters' };
  assert.deepEqual(readConversionQuery(conversionSearch('', state, preset), keys), { ...state, ignored: [] });
});

test('a fragment names an id; a malformed escape is taken as written, never thrown', () => {
  assert.equal(fragmentId('#works-offline'), 'works-offline');
  assert.equal(fragmentId('#%C3%A9t%C3%A9'), 'été');
  assert.equal(fragmentId(''), '');
  for (const bad of ['#%E0%A4%A', '#%', '#%ZZ', '#a%2']) assert.equal(fragmentId(bad), bad.slice(1));
});

test('a malformed escape in the query is read, never thrown', () => {
  const q = readConversionQuery('?value=%E0%A4%A&from=%ZZ&to=feet', keys);
  assert.equal(q.to, 'feet');
  assert.equal(q.from, undefined);
  assert.equal(typeof q.value, 'string');
});

test('an old link with a renamed unit key opens the unit (units.yaml `formerly`)', () => {
  const weight = ['kilograms', 'tonnes', 'pounds'];
  const current = (k: string): string => currentUnitKey('weight', k);
  assert.deepEqual(readConversionQuery('?value=2&from=tons&to=pounds', weight, weight, current), { value: '2', from: 'tonnes', to: 'pounds', ignored: [] });
  assert.deepEqual(readConversionQuery('?from=tons', weight), { ignored: ['from=tons'] });
  // Object's own properties are no renamed keys (the weight card crashed on `from=constructor`).
  for (const k of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) assert.equal(currentUnitKey('weight', k), k);
  assert.deepEqual(readConversionQuery('?value=5&from=constructor&to=kilograms', weight, weight, current), { value: '5', to: 'kilograms', ignored: ['from=constructor'] });
});

test('readKeyParam: a parameter of the card itself, in any case, or named when unknown', () => {
  const ingredients = ['sugar', 'flour_spooned'];
  assert.deepEqual(readKeyParam('?value=1+cup&ingredient=sugar', 'ingredient', ingredients), { key: 'sugar' });
  assert.deepEqual(readKeyParam('?value=1+cup&ingredient=Sugar', 'ingredient', ingredients), { key: 'sugar' });
  assert.deepEqual(readKeyParam('?ingredient=FLOUR_SPOONED', 'ingredient', ingredients), { key: 'flour_spooned' });
  assert.deepEqual(readKeyParam('?ingredient=zzz', 'ingredient', ingredients), { ignored: 'ingredient=zzz' });
  assert.deepEqual(readKeyParam('?ingredient=', 'ingredient', ingredients), {});
  assert.deepEqual(readKeyParam('?value=1', 'ingredient', ingredients), {});
});

test('a from or to that is no key is read again as a unit word; one of another category is said to be so', async () => {
  const area = ['square_meters', 'square_feet', 'acres'];
  const words: Record<string, { key: string } | { why: string }> = { sqft: { key: 'square_feet' }, sqm: { key: 'square_meters' }, feet: { why: '“ft” is a unit of length, not area.' } };
  const read = async (w: string) => words[w] ?? null;
  const reread = async (search: string) => {
    const query = readConversionQuery(search, area);
    // The card's quick test, which decides whether to load the reading, agrees with the reading.
    assert.equal(unreadUnits(query), ignoredUnitParams(search, query).length > 0, search);
    const { query: q, why } = await readUnitParams(search, query, { from: area, to: area }, read);
    return { from: q.from, to: q.to, notice: q.ignored.length > 0 ? ignoredNotice(q.ignored, why) : null };
  };
  assert.deepEqual(await reread('?value=1200&from=sqft&to=sqm'), { from: 'square_feet', to: 'square_meters', notice: null });
  assert.deepEqual(await reread('?value=1200&from=square_feet&to=feet'), {
    from: 'square_feet',
    to: undefined,
    notice: 'The link\'s to=feet was not understood here and was ignored. “ft” is a unit of length, not area.',
  });
  assert.deepEqual(await reread('?from=zzz&to=sqm'), { from: undefined, to: 'square_meters', notice: 'The link\'s from=zzz was not understood here and was ignored.' });
  const keysOnly = '?value=5&from=acres&to=square_meters';
  assert.equal(unreadUnits(readConversionQuery(keysOnly, area)), false, 'keys only: nothing to read again');
});

/** A length category as far as its pair pages go: the build lists under a compound the units it makes a page from. */
const LENGTH_PAGES = {
  units: ['feet', 'meters', 'inches', 'fluid_ounces', 'kilometers'].map((key) => ({ key })),
  compounds: [{ key: 'feet_inches', parts: ['feet', 'inches'], pagesFrom: ['meters', 'inches', 'feet'] }],
};

test('pairPageSlug: every two units, and a unit to a compound only from the units the build lists', () => {
  assert.equal(pairPageSlug(LENGTH_PAGES, 'fluid_ounces', 'meters'), 'fluid-ounces-to-meters');
  assert.equal(pairPageSlug(LENGTH_PAGES, 'meters', 'feet_inches'), 'meters-to-feet-and-inches');
  assert.equal(pairPageSlug(LENGTH_PAGES, 'kilometers', 'feet_inches'), null);
  assert.equal(pairPageSlug(LENGTH_PAGES, 'meters', 'meters'), null);
  assert.equal(pairPageSlug(LENGTH_PAGES, 'meters', 'yards'), null, 'not a unit of the category');
  assert.equal(pairPageSlug(LENGTH_PAGES, 'feet_inches', 'meters'), null, 'a compound is a target only');
  assert.equal(pairPageSlug({ units: LENGTH_PAGES.units, compounds: [{ key: 'feet_inches', parts: ['feet', 'inches'] }] }, 'meters', 'feet_inches'), null, 'no list: no page');
});

test('conversionAddress: a pair page keeps its path for its own pair, and names the page of the pair the card shows', () => {
  const page = '/length-converter/feet-to-meters';
  const own = { from: 'feet', to: 'meters' };
  const hasPage = (p: { from: string; to: string }) => pairPageSlug(LENGTH_PAGES, p.from, p.to);
  const at = (state: { value: string; from: string; to: string }, search = '') => conversionAddress(page, search, state, own, hasPage);
  assert.equal(at({ value: '5', ...own }), '/length-converter/feet-to-meters?value=5');
  assert.equal(at({ value: '', ...own }, '?value=5&from=meters&to=feet'), '/length-converter/feet-to-meters');
  // Swapped: the page of the other direction, never the old page with contradicting from/to.
  assert.equal(at({ value: '5', from: 'meters', to: 'feet' }), '/length-converter/meters-to-feet?value=5');
  assert.equal(at({ value: '5 ft 11 in', from: 'inches', to: 'fluid_ounces' }), '/length-converter/inches-to-fluid-ounces?value=5+ft+11+in');
  // A compound from a unit the build made its page from: that page, named by the parts.
  assert.equal(at({ value: '180', from: 'meters', to: 'feet_inches' }), '/length-converter/meters-to-feet-and-inches?value=180');
  // A pair with no page: the category's converter with the pair.
  assert.equal(at({ value: '5', from: 'kilometers', to: 'feet_inches' }), '/length-converter?value=5&from=kilometers&to=feet_inches');
  assert.equal(at({ value: '', from: 'kilometers', to: 'feet_inches' }), '/length-converter?from=kilometers&to=feet_inches');
  // Unrelated parameters stay.
  assert.equal(at({ value: '5', from: 'meters', to: 'feet' }, '?utm_source=mail'), '/length-converter/meters-to-feet?value=5&utm_source=mail');
  assert.equal(conversionAddress('/currency-converter/usd-to-eur', '', { value: '50', from: 'THB', to: 'USD' }, { from: 'USD', to: 'EUR' }, (p) => (p.from === 'THB' ? null : 'x')),
    '/currency-converter?value=50&from=THB&to=USD');
  assert.equal(conversionAddress('/currency-converter/usd-to-eur', '', { value: '50', from: 'EUR', to: 'USD' }, { from: 'USD', to: 'EUR' }, (p) => `${pairSlug(p.from)}-to-${pairSlug(p.to)}`),
    '/currency-converter/eur-to-usd?value=50');
  // Any other page keeps its path and writes the pair in the query.
  assert.equal(conversionAddress('/length-converter', '', { value: '5', from: 'meters', to: 'feet' }, preset), '/length-converter?value=5&from=meters&to=feet');
});

test("pairPageAsked: a pair page's address as its converter's, for the offline page", () => {
  assert.deepEqual(pairPageAsked('/length-converter/feet-to-meters', '?value=5'),
    { home: '/length-converter', from: 'feet', to: 'meters', value: '5', href: '/length-converter?value=5&from=feet&to=meters' });
  assert.equal(pairPageAsked('/volume-converter/fluid-ounces-to-milliliters', '')?.href, '/volume-converter?from=fluid_ounces&to=milliliters');
  assert.equal(pairPageAsked('/currency-converter/usd-to-eur', '?value=100')?.href, '/currency-converter?value=100&from=usd&to=eur');
  assert.equal(pairPageAsked('/length-converter/centimeters-to-feet-and-inches', '?value=180')?.href, '/length-converter?value=180&from=centimeters&to=feet+and+inches');
  assert.equal(pairPageAsked('/length-converter', '?value=5'), null);
  assert.equal(pairPageAsked('/length-converter/conversions', ''), null);
  assert.equal(pairPageAsked('/blog/how-to-convert', ''), null);
});

test('a renamed key that is also another unit\'s word (from=tons) is said: read as older links meant, and how to ask for the other', () => {
  const rows = [['tonnes', 't', 'tonne', 'metric tons'], ['us_tons', 'ton', 'tons', 'short tons'], ['kilograms', 'kg']];
  const names: Record<string, string> = { tonnes: 'Metric Tons (t)', us_tons: 'US Short Tons (ton)' };
  const former = { tons: 'tonnes' };
  assert.equal(renamedKeyNotice('?value=5&from=tons&to=kilograms', former, rows, (k) => names[k]),
    "The link's from=tons was read as Metric Tons (t), as older links meant; for US Short Tons (ton) use from=us_tons.");
  assert.match(renamedKeyNotice('?to=tons', former, rows, (k) => names[k]) ?? '', /^The link's to=tons was read as Metric Tons \(t\).*use to=us_tons\.$/);
  assert.equal(renamedKeyNotice('?from=ton&to=kilograms', former, rows, (k) => names[k]), null, 'no renamed key');
  assert.equal(renamedKeyNotice('?from=tons', former, [['tonnes', 't']], (k) => names[k]), null, 'no other unit says it');
  assert.equal(renamedKeyNotice('?from=tons', undefined, rows, (k) => names[k]), null);
});

test("withEnds: a link's or an entry's ends, and never a pair of one unit made by an end not given", () => {
  const card = { from: 'USD', to: 'EUR' };
  assert.deepEqual(withEnds(card, 'GBP', 'JPY'), { from: 'GBP', to: 'JPY' });
  assert.deepEqual(withEnds(card, undefined, 'JPY'), { from: 'USD', to: 'JPY' });
  // from=XYZ&to=USD: the card's other end, not USD → USD.
  assert.deepEqual(withEnds(card, undefined, 'USD'), { from: 'EUR', to: 'USD' });
  assert.deepEqual(withEnds(card, 'EUR', undefined), { from: 'EUR', to: 'USD' });
  // Both given the same: as asked (the card says "Same currency").
  assert.deepEqual(withEnds(card, 'GBP', 'GBP'), { from: 'GBP', to: 'GBP' });
  assert.deepEqual(withEnds(card, undefined, undefined), card);
});
