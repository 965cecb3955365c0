import { test } from 'node:test';
import { CONVERTER_PATHS } from '../generated/site.ts';
import assert from 'node:assert/strict';
import { HISTORY_KEY, addHistory, readHistory, subscribeReplay, type HistoryEntry } from './history';
import { replayHref, replayLink, replayOf, requestReplay } from './replay';
import { unitKeyOfText } from './units';
import { replayIgnored } from './historyBus';
import { MemoryStorage } from '../../test/testData.ts';

const old: HistoryEntry = { id: 1000, type: 'Length', from: '5 meters', to: '16.404199 feet', timestamp: '2025-01-15T10:00:00.000Z' };

test('entries keep what replays them; entries stored before replay load unchanged beside them', () => {
  const s = new MemoryStorage();
  s.setItem(HISTORY_KEY, JSON.stringify([old]));
  addHistory({ type: 'Length', from: '5 ft 11 in', to: '1.8034 meters', replay: { category: 'length', value: '5 ft 11 in', from: 'feet', to: 'meters' } }, s, 2000);
  const [fresh, legacy] = readHistory(s);
  assert.deepEqual(fresh.replay, { category: 'length', value: '5 ft 11 in', from: 'feet', to: 'meters' });
  assert.deepEqual(legacy, old);
  assert.deepEqual(JSON.parse(s.getItem(HISTORY_KEY)!)[1], old, 'the old entry is stored as it was');
});

test('a damaged replay is dropped, never its entry', () => {
  const s = new MemoryStorage();
  const bad = [
    { ...old, id: 1, replay: 'x' },
    { ...old, id: 2, replay: { category: 'length', value: 5 } },
    { ...old, id: 3, replay: { category: '../x', value: '5' } },
    { ...old, id: 4, replay: { category: 'length', value: '5', from: 'a b' } },
    { ...old, id: 5, replay: { category: 'length', value: '5', to: 'feet', junk: true } },
  ];
  s.setItem(HISTORY_KEY, JSON.stringify(bad));
  const list = readHistory(s);
  assert.equal(list.length, 5);
  assert.deepEqual(list.map((e) => e.replay), [{ category: 'length', value: '5', to: 'feet' }, undefined, undefined, undefined, undefined]);
  assert.deepEqual(list.map((e) => e.from), bad.map((e) => e.from).reverse());
});

test('replayOf: the stored replay, or one read from an older entry\'s text', () => {
  assert.deepEqual(replayOf({ ...old, replay: { category: 'length', value: '5', from: 'meters', to: 'feet' } }), { category: 'length', value: '5', from: 'meters', to: 'feet' });
  assert.deepEqual(replayOf(old), { category: 'length', value: '5 meters', toText: '16.404199 feet' });
  assert.deepEqual(replayOf({ ...old, type: 'Currency', from: '🇺🇸 100 USD', to: '🇪🇺 85.00 EUR' }), { category: 'currency', value: '100', from: 'USD', to: 'EUR' });
  assert.equal(replayOf({ ...old, type: 'Currency', from: 'something else', to: '' }), null);
});

test('a card of the category takes the replay; otherwise the converter page opens on it', () => {
  const bus = new EventTarget();
  const r = { category: 'weight', value: '10 st 4 lb', from: 'stones', to: 'kilograms' };
  assert.equal(requestReplay(r, bus), false, 'no card here');
  const taken: unknown[] = [];
  const stopLength = subscribeReplay('length', (x) => taken.push(['length', x]), bus);
  const stopWeight = subscribeReplay('weight', (x) => taken.push(['weight', x]), bus);
  const second = subscribeReplay('weight', (x) => taken.push(['second', x]), bus);
  assert.equal(requestReplay(r, bus), true);
  assert.deepEqual(taken, [['weight', r]], 'one card, the first of its category');
  stopLength(); stopWeight(); second();
  assert.equal(requestReplay(r, bus), false);
  assert.equal(replayHref(r), '/weight-converter?value=10+st+4+lb&from=stones&to=kilograms');
  assert.equal(replayHref({ category: 'length', value: '5 meters', toText: '16.404199 feet' }), '/length-converter?value=5+meters');
  // The category's route in content/routes.yaml, whatever it is named; a category gone: home.
  for (const [category, path] of Object.entries(CONVERTER_PATHS)) assert.equal(replayHref({ category, value: '1' }), `${path}?value=1`);
  assert.equal(replayHref({ category: 'no_longer_here', value: '1' }), '/');
});

test('a replay naming a unit the card has not (gone from the site) is said, as an address is', () => {
  const keys = ['meters', 'feet', 'parsecs', 'light_years'];
  assert.deepEqual(replayIgnored({ category: 'length', value: '5', from: 'light_years', to: 'parsecs' }, keys, keys), []);
  assert.deepEqual(replayIgnored({ category: 'length', value: '5', from: 'lightyears', to: 'parsecs' }, keys, keys), ['from=lightyears']);
  assert.deepEqual(replayIgnored({ category: 'length', value: '7', from: 'cubits', to: 'spans' }, keys, keys), ['from=cubits', 'to=spans']);
  // An older entry names no keys: its text is read, nothing is ignored.
  assert.deepEqual(replayIgnored({ category: 'length', value: '5 meters', toText: '16.404199 feet' }, keys, keys), []);
});

test("an older entry of another category opens its page with its To unit, read from the result text", async () => {
  // Before, only the value went into the address: "2 stones → 12.7006 kilograms" opened on pounds.
  assert.equal(await replayLink({ category: 'weight', value: '2 stones', toText: '12.7006 kilograms' }), '/weight-converter?value=2+stones&to=kilograms');
  assert.equal(await replayLink({ category: 'temperature', value: '100 rankine', toText: '-217.59 celsius' }), '/temperature-converter?value=100+rankine&to=celsius');
  assert.equal(await replayLink({ category: 'area', value: '1 acres', toText: '0.404686 hectares' }), '/area-converter?value=1+acres&to=hectares');
  assert.equal(await replayLink({ category: 'volume', value: '1 cups', toText: '8 fluid ounces' }), '/volume-converter?value=1+cups&to=fluid_ounces');
  // A text naming no unit of the category: the value alone, as before.
  assert.equal(await replayLink({ category: 'length', value: '5 meters', toText: '16.404199 parsnips' }), '/length-converter?value=5+meters');
  // A stored replay keeps its keys.
  assert.equal(await replayLink({ category: 'weight', value: '2', from: 'stones', to: 'pounds' }), '/weight-converter?value=2&from=stones&to=pounds');
  // A key renamed since (formerly) reads as the unit's key now.
  assert.equal(await replayLink({ category: 'weight', value: '2000 kilograms', toText: '2.204623 tons' }), '/weight-converter?value=2000+kilograms&to=tonnes');
});

test("one reader of an older entry's To unit (the card on its page and the link to another page): renamed keys and a compound's last part", () => {
  const weight = ['kilograms', 'pounds', 'tonnes', 'stones'];
  const length = ['meters', 'feet', 'inches', 'nautical_miles'];
  assert.equal(unitKeyOfText('weight', '12.7006 kilograms', weight), 'kilograms');
  assert.equal(unitKeyOfText('length', '1,234.5 nautical miles', length), 'nautical_miles', 'a unit of several words');
  assert.equal(unitKeyOfText('fuel_economy', '5.88 liters per 100 kilometers', ['liters_per_100_kilometers']), 'liters_per_100_kilometers', 'a number in the unit’s words');
  assert.equal(unitKeyOfText('temperature', '−217.59 celsius', ['celsius']), 'celsius');
  // A key renamed since (formerly) reads as the unit's key now (the card read none: its To stayed as it was).
  assert.equal(unitKeyOfText('weight', '5 tons', weight), 'tonnes');
  // A compound's result names its last part (the link read none: its page opened on its default To).
  assert.equal(unitKeyOfText('length', '5 feet 10.87 inches', length), 'inches');
  assert.equal(unitKeyOfText('length', 'feet', length), undefined, 'no number: not a result text');
  assert.equal(unitKeyOfText('length', '16.404199 parsnips', length), undefined);
  assert.equal(unitKeyOfText('length', '5 feet 10.87 parsnips', length), undefined);
});
