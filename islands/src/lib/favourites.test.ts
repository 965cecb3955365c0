import { test } from 'node:test';
import { CONVERTER_PATHS } from '../generated/site.ts';
import assert from 'node:assert/strict';
import { FAVOURITES_EVENT, FAVOURITES_KEY, FAVOURITES_LIMIT, favouriteHref, droppedByAdding, hasFavourite, readFavourites, subscribeFavourites, setFavourite, type Favourite } from './favourites';
import { favouriteName } from './favouriteKeys';
import { MemoryStorage } from '../../test/testData.ts';

const pair = (from = 'meters', to = 'feet'): Favourite => ({ category: 'length', label: 'Length', from, to, fromName: 'Meters (m)', toName: 'Feet (ft)' });

test('a star adds the pair at the top; pressed again it removes it', () => {
  const s = new MemoryStorage();
  assert.equal(setFavourite(pair(), true, s), true);
  assert.equal(setFavourite(pair('inches', 'centimeters'), true, s), true);
  assert.deepEqual(readFavourites(s).map((f) => f.from), ['inches', 'meters']);
  assert.ok(hasFavourite(readFavourites(s), { category: 'length', from: 'meters', to: 'feet' }));
  assert.equal(setFavourite(pair(), false, s), false);
  assert.deepEqual(readFavourites(s).map((f) => f.from), ['inches']);
});

test('adding what another tab starred meanwhile keeps it; removing what it removed stays removed', () => {
  // Tab B's star still shows "not a favourite" when tab A stars the pair: B's press adds,
  // it never removes (the blind toggle did, and said "Removed from favourites").
  const s = new MemoryStorage();
  setFavourite(pair(), true, s); // tab A
  setFavourite(pair('inches', 'centimeters'), true, s);
  assert.equal(setFavourite(pair(), true, s), true); // tab B
  assert.deepEqual(readFavourites(s).map((f) => f.from), ['inches', 'meters'], 'kept, where it was');
  setFavourite(pair(), false, s); // tab A
  assert.equal(setFavourite(pair(), false, s), false); // tab B, from the home page's list
  assert.deepEqual(readFavourites(s).map((f) => f.from), ['inches']);
});

test('corrupted storage reads as no favourites, and a malformed item is skipped, never the list', () => {
  const s = new MemoryStorage();
  s.setItem(FAVOURITES_KEY, '{not json');
  assert.deepEqual(readFavourites(s), []);
  s.setItem(FAVOURITES_KEY, '{"a":1}');
  assert.deepEqual(readFavourites(s), []);
  s.setItem(FAVOURITES_KEY, JSON.stringify([null, 7, { ...pair(), from: '<script>' }, { ...pair(), toName: '' }, pair(), pair(), { ...pair('feet', 'meters'), extra: 1 }]));
  assert.deepEqual(readFavourites(s), [pair(), pair('feet', 'meters')]);
  assert.deepEqual(readFavourites(undefined), []);
});

test('a full or blocked storage refuses quietly (null), and the list is capped', () => {
  assert.equal(setFavourite(pair(), true, new MemoryStorage('QuotaExceededError')), null);
  // Blocked storage: the localStorage getter threw, so there is no Storage at all.
  assert.equal(setFavourite(pair(), true, undefined), null);
  const s = new MemoryStorage();
  for (let i = 0; i < FAVOURITES_LIMIT; i++) {
    assert.equal(droppedByAdding(pair(`u${i}`), s), null);
    setFavourite(pair(`u${i}`), true, s);
  }
  // The 25th drops the oldest, and the star can say which (before, it went without a word).
  assert.equal(FAVOURITES_LIMIT, 24);
  assert.equal(droppedByAdding(pair('u1'), s), null, 'a favourite already: nothing dropped');
  assert.equal(droppedByAdding(pair('new'), s)?.from, 'u0');
  setFavourite(pair('new'), true, s);
  assert.equal(readFavourites(s).length, FAVOURITES_LIMIT);
  assert.ok(!hasFavourite(readFavourites(s), pair('u0')));
  assert.equal(droppedByAdding(pair('newer'), s)?.from, 'u1');
  assert.throws(() => setFavourite({ ...pair(), category: 'no such/thing' }, true, s), TypeError);
});

test("the pair's converter page opens on it; changes are announced on the page and from other tabs", () => {
  assert.equal(favouriteHref(pair()), '/length-converter?from=meters&to=feet');
  assert.equal(favouriteHref({ category: 'currency', from: 'USD', to: 'JPY' }), '/currency-converter?from=USD&to=JPY');
  // Every category's page is its route in content/routes.yaml (a renamed route moves its
  // favourites with it: src/generated.rs tests the renaming); a category gone: the home page.
  for (const [category, path] of Object.entries(CONVERTER_PATHS)) {
    assert.equal(favouriteHref({ category, from: 'a', to: 'b' }), `${path}?from=a&to=b`);
  }
  assert.equal(favouriteHref({ category: 'no_longer_here', from: 'a', to: 'b' }), '/');
  // Such a favourite is not listed at all.
  const old = new MemoryStorage();
  old.setItem(FAVOURITES_KEY, JSON.stringify([{ ...pair(), category: 'no_longer_here' }, pair()]));
  assert.deepEqual(readFavourites(old), [pair()]);
  const s = new MemoryStorage();
  const bus = new EventTarget();
  const seen: number[] = [];
  const stop = subscribeFavourites((l) => seen.push(l.length), s, bus);
  s.setItem(FAVOURITES_KEY, JSON.stringify([pair()]));
  bus.dispatchEvent(new CustomEvent(FAVOURITES_EVENT));
  bus.dispatchEvent(Object.assign(new Event('storage'), { key: FAVOURITES_KEY }));
  bus.dispatchEvent(Object.assign(new Event('storage'), { key: 'other' }));
  stop();
  bus.dispatchEvent(new CustomEvent(FAVOURITES_EVENT));
  assert.deepEqual(seen, [1, 1]);
});

test('a favourite saved with a unit key units.yaml has since renamed (formerly) opens the unit', () => {
  const s = new MemoryStorage();
  const tons = { category: 'weight', label: 'Weight', from: 'tons', to: 'pounds', fromName: 'Metric Tons (t)', toName: 'Pounds (lb)' };
  s.setItem(FAVOURITES_KEY, JSON.stringify([tons]));
  assert.deepEqual(readFavourites(s), [{ ...tons, from: 'tonnes' }]);
  assert.equal(favouriteHref(readFavourites(s)[0]), '/weight-converter?from=tonnes&to=pounds');
});

test('a Cooking favourite keeps its ingredient: its own favourite, opened on it; older ones still load', () => {
  const cooking = (ingredient?: string, ingredientName?: string): Favourite => ({
    category: 'cooking', label: 'Cooking', from: 'tablespoons', to: 'grams', fromName: 'US Tablespoons (tbsp)', toName: 'Grams (g)',
    ...(ingredient !== undefined && { ingredient, ingredientName }),
  });
  const s = new MemoryStorage();
  // Kept before the ingredient was: loads, opens the converter's default ingredient.
  s.setItem(FAVOURITES_KEY, JSON.stringify([cooking()]));
  assert.deepEqual(readFavourites(s), [cooking()]);
  assert.equal(favouriteHref(cooking()), '/cooking-converter?from=tablespoons&to=grams');
  assert.equal(setFavourite(cooking('honey', 'Honey'), true, s), true);
  assert.equal(setFavourite(cooking('butter', 'Butter'), true, s), true);
  const list = readFavourites(s);
  assert.deepEqual(list, [cooking('butter', 'Butter'), cooking('honey', 'Honey'), cooking()]);
  // Before, the star stayed on after switching honey to butter, and the link opened on flour.
  assert.ok(hasFavourite(list, { category: 'cooking', from: 'tablespoons', to: 'grams', ingredient: 'honey' }));
  assert.ok(!hasFavourite(list, { category: 'cooking', from: 'tablespoons', to: 'grams', ingredient: 'sugar' }));
  assert.equal(favouriteHref(list[1]), '/cooking-converter?from=tablespoons&to=grams&ingredient=honey');
  assert.equal(favouriteName(list[1]), 'US Tablespoons (tbsp) → Grams (g) of honey');
  assert.equal(favouriteName(pair(), 'to'), 'Meters (m) to Feet (ft)');
  setFavourite(cooking('honey', 'Honey'), false, s);
  assert.deepEqual(readFavourites(s), [cooking('butter', 'Butter'), cooking()]);
  // A damaged ingredient skips the item, as any malformed favourite is.
  s.setItem(FAVOURITES_KEY, JSON.stringify([cooking('../x', 'Honey'), cooking('honey'), { ...cooking(), ingredientName: 'Honey' }, cooking('honey', 'Honey')]));
  assert.deepEqual(readFavourites(s), [cooking('honey', 'Honey')]);
});

test("stored favourites naming Object's own properties are dropped, never linked", () => {
  const s = new MemoryStorage();
  const stored = [
    { ...pair(), category: 'constructor' },
    { ...pair(), category: 'weight', label: 'Weight', from: 'constructor', to: 'kilograms' },
    { ...pair(), category: 'toString' },
    pair('inches', 'centimeters'),
  ];
  s.setItem(FAVOURITES_KEY, JSON.stringify(stored));
  const read = readFavourites(s);
  assert.ok(read.every((f) => typeof f.from === 'string' && !favouriteHref(f).includes('function')), JSON.stringify(read.map(favouriteHref)));
  assert.deepEqual(read.map((f) => f.category), ['weight', 'length']);
  assert.equal(favouriteHref(read[0]), '/weight-converter?from=constructor&to=kilograms');
});
