import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerData, saidBy } from '../../test/testData.ts';
import { readPricePer } from './pricePer.ts';

const said = saidBy(answerData());
const codes = new Set(answerData().currencies.map((c) => c.code));

test('a price per unit is said per another unit of its kind, in the same money, with the factor that makes it', () => {
  // 250 × 10.7639104 ft² in a m² = 2,690.98; a flat's price per square foot, per square metre.
  assert.deepEqual(said('$250 per sq ft to per m2'), ['$250 per ft² = $2,690.98 per m² (1 m² = 10.76391 ft²)']);
  assert.deepEqual(said('£1,250 per sq m to per sq ft'), ['£1,250 per m² = £116.13 per ft² (1 ft² = 0.092903 m²)']);
  assert.deepEqual(said('$30 psf to psm'), ['$30 per ft² = $322.92 per m² (1 m² = 10.76391 ft²)'], 'real estate’s abbreviations');
  assert.deepEqual(said('Rs 2500 per sq ft to per sq m'), ['Rs 2500 per ft² = Rs 26,909.78 per m² (1 m² = 10.76391 ft²)']);
  assert.deepEqual(said('250 usd/ft2 to usd/m2'), ['250 USD per ft² = 2,690.98 USD per m² (1 m² = 10.76391 ft²)']);
  assert.deepEqual(said('10 $/sqft to $/m2'), ['$10 per ft² = $107.64 per m² (1 m² = 10.76391 ft²)'], 'a sign after the number is written before it');
  assert.deepEqual(said('$5 per acre to per hectare'), ['$5 per ac = $12.36 per ha (1 ha = 2.471054 ac)']);
  // The grocer's and the pump's.
  assert.deepEqual(said('£2.50/kg in per lb'), ['£2.50 per kg = £1.13 per lb (1 lb = 0.453592 kg)']);
  assert.deepEqual(said('£2.50 per kg in lb'), ['£2.50 per kg = £1.13 per lb (1 lb = 0.453592 kg)'], 'the target unit alone after a named price');
  assert.deepEqual(said('$3 a pound to per kg'), ['$3 per lb = $6.61 per kg (1 kg = 2.204623 lb)']);
  assert.deepEqual(said('$0.15 per kWh to per MWh'), ['$0.15 per kWh = $150.00 per MWh (1 MWh = 1,000 kWh)']);
  // Per 100 g, as shelf labels give it, either side.
  assert.deepEqual(said('£1.20 per 100 g to per lb'), ['£1.20 per 100 g = £5.44 per lb (1 lb = 453.59237 g)']);
  assert.deepEqual(said('$8 per lb to per 100 g'), ['$8 per lb = $1.76 per 100 g (100 g = 0.220462 lb)']);
  assert.deepEqual(said('£3 per 100 ml to per l'), ['£3 per 100 mL = £30.00 per L (1 L = 1,000 mL)']);
  assert.equal(said('€2 per 0 g to per kg'), null, 'per nothing is no price');
  // A wage per hour or day: a working year first (40 hours a week, 52 weeks), the calendar's after.
  assert.deepEqual(said('$15 an hour to per year'), ['$15 per h = $31,200.00 per yr (at 40 hours a week for 52 weeks: 2,080 hours; by the calendar, $131,487.30)']);
  assert.deepEqual(said('$15 per hour to per month'), ['$15 per h = $2,600.00 per mo (at 40 hours a week, 52 weeks a year: 2,080 hours, 173.33 a month; by the calendar, $10,957.28)']);
  assert.deepEqual(said('$200 per day to per year'), ['$200 per d = $52,000.00 per yr (at 5 days a week for 52 weeks: 260 days; by the calendar, $73,048.50)']);
  assert.deepEqual(said('$3000 per month to per year'), ['$3000 per mo = $36,000.00 per yr (1 yr = 12 mo)'], 'months to years are the calendar’s');
  // A count per time, and a pair with no price: the factor at the cards' precision.
  assert.deepEqual(said('60 per minute to per hour'), ['60 per min = 3,600 per h (1 h = 60 min)']);
  assert.deepEqual(said('price per sq ft to per m2'), ['1 per ft² = 10.76391 per m² (1 m² = 10.76391 ft²)']);
});

test('a price per unit with no target is said per the unit people price in the other system', () => {
  // The converter's pair when it spans the two systems…
  assert.deepEqual(said('$3/lb'), ['$3 per lb = $6.61 per kg (1 kg = 2.204623 lb)']);
  assert.deepEqual(said('£2.50 per kg'), ['£2.50 per kg = £1.13 per lb (1 lb = 0.453592 kg)']);
  assert.deepEqual(said('$250 per sq ft'), ['$250 per ft² = $2,690.98 per m² (1 m² = 10.76391 ft²)']);
  assert.deepEqual(said('$30 psf'), ['$30 per ft² = $322.92 per m² (1 m² = 10.76391 ft²)']);
  // …else the other system's usual unit nearest in size.
  assert.deepEqual(said('$5 per acre'), ['$5 per ac = $12.36 per ha (1 ha = 2.471054 ac)']);
  assert.deepEqual(said('$60 per gram'), ['$60 per g = $1,700.97 per oz (1 oz = 28.349523 g)']);
  assert.deepEqual(said('$3 per km'), ['$3 per km = $4.83 per mi (1 mi = 1.609344 km)']);
  // Money in words after the number is written as its sign.
  assert.deepEqual(said('3 dollars a pound'), ['$3 per lb = $6.61 per kg (1 kg = 2.204623 lb)']);
  assert.deepEqual(said('500 rupees per sq ft'), ['Rs 500 per ft² = Rs 5,381.96 per m² (1 m² = 10.76391 ft²)']);
  // Units of one system only, a count, no price: not answered so.
  assert.equal(said('$15 an hour'), null, 'every unit of time is of one system');
  assert.equal(said('$0.15 per kWh'), null);
  assert.equal(readPricePer('60 per minute', codes), null, 'a count needs its target');
  assert.equal(readPricePer('price per sq ft', codes), null, 'a search, not a price');
});

test('another currency on the target side is left to the currency card, said so; what is no price is left alone', () => {
  assert.deepEqual(said('€1.80 per litre in $ per gallon'), ['€1.80 per L = €6.81 per gal (1 US gallon = 3.785412 L; in $, convert €6.81 on the Currency converter)']);
  assert.equal(readPricePer('5 mg per litre to per gallon', codes), null, 'a unit before “per”');
  assert.equal(readPricePer('100 per cent', codes), null);
  assert.equal(readPricePer('1 at to atm', codes), null, 'a word that begins with a is no “a”');
  assert.equal(readPricePer('30 psf to kpa', codes), null, 'psf with no price is the pressure’s symbol');
  assert.equal(readPricePer('10 km per hour to per day', codes), null);
  assert.equal(readPricePer('5 xyz per kg to per lb', codes), null, 'three letters that are no currency');
  assert.equal(said('$250 per sq ft to per kg'), '“kg” is a unit of weight, not area.', 'two kinds: the usual message');
});
