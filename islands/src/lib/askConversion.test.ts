import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answer, pairNotation, type AnswerData } from './askConversion.ts';
import { everyCurrency } from './currencyCatalog.ts';
import { answerData, saidBy } from '../../test/testData.ts';
import { mayConvert } from './searchWords.ts';
import { runGnuUnits } from './gnuUnits.mjs';

const data = answerData();

/** The answer's lines, or its message (with `within`, of other data). */
const said = (query: string, within = data): string[] | string | null => saidBy(within)(query);

test('the target is what follows the last to, in, into, as, = or →; a question mark is no part of it', () => {
  assert.deepEqual(said('2 m = ?ft'), ['2 m = 6.56168 ft']);
  assert.deepEqual(said('5km=miles'), ['5 km = 3.106856 mi']);
  assert.deepEqual(said('5 kilometers in miles?'), ['5 km = 3.106856 mi']);
  assert.deepEqual(said('5 ft 11 in to cm'), ['5 ft 11 in = 180.34 cm']);
  assert.deepEqual(said('5 ft 11 in in cm'), ['5 ft 11 in = 180.34 cm']);
  assert.deepEqual(said('5 in cm'), ['5 in = 12.7 cm'], 'a bare number before "in" and a length is in inches');
  assert.deepEqual(said('1 1/4 in mm'), ['1 1/4 in = 31.75 mm']);
  assert.match(String(said('5 in kg')), /^Say which unit 5 is in/, 'not inches before a weight');
  assert.deepEqual(said('10kg IN lb'), ['10 kg = 22.046226 lb']);
  assert.deepEqual(said('3 cups → ml'), ['3 US cups = 709.76471 mL']);
  assert.ok((said('5 ft 11 in') as string[]).includes('5 ft 11 in = 1.8034 m'), 'a trailing "in" is the inch');
  assert.equal(said('5 ft 11 in to'), null, 'a target still being typed is no answer yet');
});

test('the box reads what the cards read: digit groups, SI prefixes by case, one ton, phone quotes, periods, degrees', () => {
  assert.deepEqual(said('1,5 km to mi'), ['1.5 km = 0.932057 mi']);
  assert.deepEqual(said('12 345/2 m to ft'), ['12345/2 m = 20,250.984252 ft']);
  assert.deepEqual(said('1 000 000 mm in km'), ['1000000 mm = 1 km']);
  assert.deepEqual(said('1 Mg to kg'), ['1 t = 1,000 kg']);
  assert.deepEqual(said('20 kn to kmh'), ['20 kt = 37.04 km/h'], 'kn is the knot');
  assert.deepEqual(said('5 kN to lbf'), ['5 kN = 1,124.044715 lbf']);
  assert.deepEqual(said('5 kn to lbf'), ['5 kN = 1,124.044715 lbf'], 'the target names the kilonewton');
  assert.deepEqual(said('300 Nm to lb ft'), ['300 N·m = 221.268645 lbf·ft'], 'Nm is the newton-meter');
  assert.deepEqual(said('1 Nm to ft lb'), ['1 N·m = 0.737562 lbf·ft'], 'a torque in foot-pounds is the pound-foot');
  assert.deepEqual(said('80 ft lbs to Nm'), ['80 lbf·ft = 108.465436 N·m']);
  assert.deepEqual(said('1 J to lb ft'), ['1 J = 0.737562 ft·lbf'], 'and an energy in pound-feet the foot-pound');
  assert.deepEqual(said('5 nm to mm'), ['5 nm = 0.000005 mm'], 'nm stays the nanometre');
  assert.deepEqual(said('250 NM to mi'), ['250 nmi = 287.694862 mi'], 'NM is the nautical mile of charts and flight plans');
  assert.deepEqual(said('300 NM to lb ft'), ['300 N·m = 221.268645 lbf·ft'], 'in a torque, the newton-metre still');
  assert.match(String(said('5 nM to mi')), /“nM” could be nm \(Nanometers\) or NM \(Nautical Miles\)/);
  assert.deepEqual(said('300 NM'), ['300 nmi = 345.233834 mi (NM read as Nautical Miles, by its case; for Nanomoles per Liter type nmol/L, for Newton-Meters type N·m)', '300 nmi = 555,600 m (NM read as Nautical Miles, by its case; for Nanomoles per Liter type nmol/L, for Newton-Meters type N·m)'],
    'with no category to decide, NM is the nautical mile by its case, and the line says how to write the torque printed "300 NM"');
  assert.deepEqual(said('5k to miles'), ['5 km = 3.106856 mi'], 'a runner’s 5K');
  assert.deepEqual(said('10K in miles'), ['10 km = 6.213712 mi']);
  assert.deepEqual(said('300k to c'), ['300 K = 26.85 °C'], 'the target’s category decides: the kelvin');
  assert.deepEqual(said('1 g/ml to kg/m3'), ['1 g/cm³ = 1,000 kg/m³']);
  assert.deepEqual(said('100 us to ms'), ['100 µs = 0.1 ms']);
  assert.deepEqual(said('5 us gallons to liters'), ['5 US gallons = 18.927059 L'], 'us before gallons is still the country');
  assert.deepEqual(said('1 mg to g'), ['1 mg = 0.001 g']);
  assert.deepEqual(said('2 tons to lb'), ['2 US short tons = 4,000 lb']);
  assert.deepEqual(said('5’11” to cm'), ['5 ft 11 in = 180.34 cm']);
  assert.deepEqual(said('5 lbs. in kg'), ['5 lb = 2.267962 kg']);
  assert.deepEqual(said('100 degrees F to C'), ['100 °F = 37.78 °C']);
  assert.deepEqual(said('33 cl to ml'), ['33 cL = 330 mL']);
  assert.deepEqual(said('2000 Calories in kJ'), ['2000 kcal = 8,368 kJ'], 'the food Calorie, as on a label');
  assert.deepEqual(said('2000 calories in kJ'), ['2000 cal = 8.368 kJ (small calories, as typed; food labels’ Calories are kilocalories)'], 'the small calorie, saying so');
  assert.deepEqual(said('calories to kj'), ['1 cal = 0.004184 kJ (small calories, as typed; food labels’ Calories are kilocalories)']);
  assert.deepEqual(said('500 kJ to calories'), ['500 kJ = 119,502.868069 cal (small calories, as typed; food labels’ Calories are kilocalories)'], 'a target too');
  assert.deepEqual(said('2000 thermochemical calories to kJ'), ['2000 cal = 8.368 kJ'], 'named in full: nothing to say');
});

test('a square or cubic unit typed without ² or ³ reads as one in the box too', () => {
  assert.deepEqual(said('10 sqft to m2'), ['10 ft² = 0.92903 m²']);
  assert.deepEqual(said('2 m3 to ft3'), ['2 m³ = 70.629333 ft³']);
  assert.deepEqual(said('100 cm2 in in2'), ['100 cm² = 15.500031 in²']);
  assert.deepEqual(said('sq ft to m2'), ['1 ft² = 0.092903 m²']);
  assert.deepEqual(said('5ft2in to cm'), ['5 ft 2 in = 157.48 cm'], 'feet and inches typed together stay so');
  // Alone, such a unit is a unit, left to the search (Square Meters), not 2 m in feet.
  for (const q of ['m2', 'ft2', 'cm2', 'km2', 'mm2', 'in2', 'ft3', 'cm3', 'M2 ']) assert.equal(said(q), null, q);
  assert.deepEqual(said('m2 to ft2'), ['1 m² = 10.76391 ft²'], 'a pair of them is answered for one');
  assert.deepEqual(said('1200 sq.ft to sqm'), ['1200 ft² = 111.483648 m²']);
  assert.deepEqual(said('1200 sf to m2'), ['1200 ft² = 111.483648 m²']);
  assert.deepEqual(said('1200 ft^2 in m2'), ['1200 ft² = 111.483648 m²']);
});

test('compound units as usually written, and US or UK gallons by their symbols, in the box too', () => {
  assert.deepEqual(said('10 lb-ft to Nm'), ['10 lbf·ft = 13.558179 N·m']);
  assert.deepEqual(said('10 N-m to ft-lb'), ['10 N·m = 7.375621 lbf·ft']);
  assert.deepEqual(said('100 km/hr to mph'), ['100 km/h = 62.137119 mph']);
  assert.deepEqual(said('1 BTU/hr to W'), ['1 BTU/h = 0.293071 W']);
  assert.deepEqual(said('1 r/min to Hz'), ['1 rpm = 0.0166667 Hz']);
  assert.deepEqual(said('2 us gal to l'), ['2 US gallons = 7.570824 L']);
  assert.deepEqual(said('1 UK gal to US gal'), ['1 imperial gallon = 1.20095 gal (in US gallons, as typed)']);
  assert.deepEqual(said('1 US tbsp to ml'), ['1 US tablespoon = 14.786765 mL']);
});

test('a symbol whose case decides the unit, typed in neither, is asked about; sizes all in lower case read alike, as bytes', () => {
  // Read alike, gb and mb give the same number as bits or as bytes: bytes, as such a search means, and said.
  const alike = (typed: string, bytes: string, bits: string) => `${typed} read as ${bytes}, bytes; as ${bits}, bits, the number is the same`;
  assert.deepEqual(said('1 gb to mb'), [`1 GB = 1,000 MB (${alike('gb and mb', 'GB and MB', 'Gbit and Mbit')})`]);
  assert.deepEqual(said('how many mb in a gb'), [`1 GB = 1,000 MB (${alike('gb and mb', 'GB and MB', 'Gbit and Mbit')})`], 'asked in words too');
  assert.deepEqual(said('500 mb to gb'), [`500 MB = 0.5 GB (${alike('mb and gb', 'MB and GB', 'Mbit and Gbit')})`]);
  assert.deepEqual(said('8 gb + 500 mb to gb'), [`8 GB + 500 MB = 8.5 GB (${alike('gb and mb', 'GB and MB', 'Gbit and Mbit')})`]);
  // With no bits of the same name, or beside a size named in full, bytes alone is said.
  assert.deepEqual(said('1 gib to mib'), ['1 GiB = 1,024 MiB (gib and mib read as GiB and MiB, bytes)'], 'mib is no millibit');
  assert.deepEqual(said('1 gigabyte to mb'), ['1 GB = 1,000 MB (mb read as MB, bytes)']);
  // A size typed with its case may be another kind than its target's: asked.
  assert.equal(said('1 GB to mb'), '“mb” could be Mb (Megabits) or MB (Megabytes): type it with its case.');
  assert.equal(said('500 mb in GB'), '“mb” could be Mb (Megabits) or MB (Megabytes): type it with its case.');
  assert.equal(said('1 mb to kB'), '“mb” could be Mb (Megabits) or MB (Megabytes): type it with its case.');
  assert.deepEqual(said('1 GB to MB'), ['1 GB = 1,000 MB']);
  // So is a rate, whose bits and bytes differ by 8 (mbps is megabits, as providers write it).
  assert.equal(said('100 mbps in mb/s'), '“mb/s” could be Mb/s (Megabits per Second) or MB/s (Megabytes per Second): type it with its case.');
  // And a size with no target, whose bits and bytes differ by 8.
  assert.equal(said('1 gb'), '“gb” could be Gb (Gigabits) or GB (Gigabytes): type it with its case.');
  assert.equal(said('top 10 converters in 2024'), null, 'words that are no units still get no message');
});

test('a pair with the weight ounce and no number says the fluid reading as one with a number does, its pair page first', () => {
  const asked = (q: string) => {
    const a = answer(q, data);
    return a?.kind === 'error' ? [a.message, a.pairs?.map((p) => p.title)] : a;
  };
  assert.deepEqual(asked('oz to ml'), ['“oz” is a weight; for fluid ounces type fl oz: 1 US fluid ounce = 29.57353 mL. What a measure weighs depends on what is in it: name the ingredient, as in “1 oz of flour to ml”.', ['US Fluid Ounces to Milliliters']]);
  assert.deepEqual(asked('ml to oz'), ['“oz” is a weight; for fluid ounces type fl oz: 1 mL = 0.033814 US fl oz. What a measure weighs depends on what is in it: name the ingredient, as in “1 ml of flour to oz”.', ['Milliliters to US Fluid Ounces']], 'in the typed direction');
  assert.deepEqual((asked('how many ounces in a cup') as unknown[])[1], ['US Cups to US Fluid Ounces']);
  assert.equal(said('cups to grams'), null, 'no fluid reading: still left to the search');
});

test('while bits or bytes is asked, the pair in bytes is the page listed first; a pair with no number in lower case is read as bytes', () => {
  const pairs = (q: string) => {
    const a = answer(q, data);
    return a?.kind === 'error' ? a.pairs?.map((p) => p.title) : a;
  };
  assert.deepEqual(pairs('1 Gb in mb'), ['Gigabits to Megabytes'], 'only the word typed in neither case is read as bytes');
  assert.deepEqual(pairs('500 mb in GB'), ['Megabytes to Gigabytes']);
  assert.deepEqual(said('kb to mb'), ['1 kB = 0.001 MB (kb and mb read as kB and MB, bytes; as kbit and Mbit, bits, the number is the same)'], 'as “1 kb to mb” is');
  const a = answer('1 tb in gb', data);
  assert.ok(a?.kind === 'answers');
  assert.match(a.answers[0].href, /-converter\?value=1\+TB&from=terabytes&to=gigabytes$/u);
  assert.equal(pairs('100 mb'), undefined, 'no target: no pair');
});

test('mb is the millibar, as weather maps, pilots and GNU units write it; Mb and MB the megabit and megabyte', () => {
  assert.deepEqual(said('1013 mb to inHg'), ['1013 mbar = 29.913873 inHg']);
  assert.deepEqual(said('1013 mb to psi'), ['1013 mbar = 14.692323 psi']);
  assert.deepEqual(said('1 MB to kB'), ['1 MB = 1,000 kB']);
  assert.deepEqual(said('1 Mb to kB'), ['1 Mbit = 125 kB']);
  // Alone in the box, with no target, a file size is likelier than a pressure: asked.
  const asked = '“mb” could be Mb (Megabits), MB (Megabytes) or mbar (Millibars): type it with its case.';
  assert.equal(said('100 mb'), asked);
  assert.equal(said('1 mb'), asked);
  assert.ok(Array.isArray(said('1013 mbar')) && (said('1013 mbar') as string[]).every((l) => l.startsWith('1013 mbar = ')), 'mbar is the millibar, answered');
  assert.ok(Array.isArray(said('100 MB')) && (said('100 MB') as string[]).every((l) => l.startsWith('100 MB = ')), 'MB is the megabyte, answered');
});

test('an answer in parts lists the page the build made to the compound from that unit (its pagesFrom), named as the page is', () => {
  const withPages = answerData();
  const length = withPages.categories.length;
  length.compounds = length.compounds?.map((c) => (c.key === 'feet_inches' ? { ...c, pagesFrom: ['centimeters', 'feet'] } : c));
  const pair = (q: string) => {
    const a = answer(q, withPages);
    return a?.kind === 'answers' ? a.answers[0].pair : a;
  };
  assert.deepEqual(pair('180 cm to feet and inches'), { href: '/length-converter/centimeters-to-feet-and-inches', title: 'Centimeters to Feet and Inches' });
  assert.deepEqual(pair('5.75 ft to ft in'), { href: '/length-converter/feet-to-feet-and-inches', title: 'Decimal Feet to Feet and Inches' });
  assert.equal(pair('2 km to ft in'), undefined, 'no page from kilometers');
  assert.equal(pair('180 cm'), undefined, 'no target asked: no pair page');
});

test('a value with a target unit is answered by the value parser, with the converter to open', () => {
  const a = answer('5 ft 11 in to cm', data);
  assert.ok(a?.kind === 'answers');
  assert.deepEqual(a.answers, [{ kind: 'units', text: '5 ft 11 in = 180.34 cm', href: '/length-converter?value=5+ft+11+in&from=feet&to=centimeters', label: 'Length', pair: { href: '/length-converter/feet-to-centimeters', title: 'Feet to Centimeters' }, keys: { category: 'length', from: 'feet', to: 'centimeters' } }]);
  assert.deepEqual(said('10kg in lb'), ['10 kg = 22.046226 lb']);
  assert.deepEqual(said('100 °F to C'), ['100 °F = 37.78 °C']);
  assert.deepEqual(said('3/4 cup in ml'), ['3/4 US cup = 177.441177 mL']);
  assert.deepEqual(said('2 m + 30 cm in inches'), ['2 m + 30 cm = 90.551181 in']);
  assert.deepEqual(said('1 acre to square meters'), ['1 ac = 4,046.856422 m²']);
});

test('travellers\' shorthand: "us" before a currency target is the US dollar, cents are US cents, and XAU is gold', () => {
  const money = (q: string) => {
    const a = answer(q, data);
    return a?.kind === 'currency' ? [a.amount, a.from.code, a.to.code, a.notes?.join('; ')] : a;
  };
  assert.deepEqual(money('100 us to cad'), [100, 'USD', 'CAD', 'us read as US dollars']);
  assert.deepEqual(money('100 US in euros'), [100, 'USD', 'EUR', 'us read as US dollars']);
  // Not money: the microsecond, as before.
  assert.deepEqual(said('5 us to ms'), ['5 µs = 0.005 ms']);
  assert.deepEqual(money('50 cents to gbp'), [0.5, 'USD', 'GBP', 'read as USD cents: 100 cents is 1 USD']);
  assert.deepEqual(money('10 cents in euros'), [0.1, 'USD', 'EUR', 'read as USD cents: 100 cents is 1 USD']);
  // Asked in cents or pence: the US dollar's, the pound's; 50p alone is a price, not 50 poise.
  assert.deepEqual(money('50p in cents'), [0.5, 'GBP', 'USD', 'p is pence: 100p is £1; cents asked as USD: 100 cents is 1 USD']);
  assert.deepEqual(money('50 cents to pence'), [0.5, 'USD', 'GBP', 'read as USD cents: 100 cents is 1 USD; pence asked as GBP: 100p is £1']);
  assert.equal(answer('50p', data), null);
  assert.deepEqual(said('50 P to cP'), ['50 P = 5,000 cP'], 'the poise, by its capital and its target');
  assert.deepEqual(said('2 acres in cents'), ['2 ac = 200 cents'], 'land in cents stays land');
  // The land's cent beside another area stays land; cents in dollars is no conversion.
  assert.deepEqual(said('5 cents to acres'), ['5 cents = 0.05 ac']);
  assert.equal(answer('50 cents to dollars', data), null);
  assert.match(said('1 xau to usd') as string, /^XAU is gold by the troy ounce, not a currency\. Unitly converts the weight of gold/u);
});

test('lakhs and crores in millions and billions: a number written out counts as ones, and money stays money', () => {
  assert.deepEqual(said('1 crore in million'), ['1 crore = 10 million']);
  // Money counted in lakhs or crores with no currency named is India's.
  const lakh = answer('5 lakh in usd', data);
  assert.ok(lakh?.kind === 'currency' && lakh.from.code === 'INR' && lakh.amount === 500000 && lakh.notes?.includes('read as Indian rupees'), JSON.stringify(lakh));
  assert.equal(said('5 lakh to inr'), 'Convert an amount of money to INR, as in “100 USD to INR”.', 'rupees to rupees is no conversion');
  assert.deepEqual(said('10 lakh to million'), ['10 lakh = 1 million']);
  assert.deepEqual(said('lakh to million'), ['1 lakh = 0.1 million']);
  assert.deepEqual(said('how many lakhs in a crore'), ['1 crore = 100 lakh']);
  assert.deepEqual(said('1 lakh = how many thousand'), ['1 lakh = 100 thousand']);
  assert.deepEqual(said('1 trillion in crore'), ['1 trillion = 100,000 crore']);
  // With no unit of its own, a number counts in ones: the scale words stay numbers here.
  assert.deepEqual(said('5 million in lakh'), ['5 million = 50 lakh']);
  assert.deepEqual(said('1 billion in crore'), ['1 billion = 100 crore']);
  assert.deepEqual(said('1,50,000 to lakh'), ['1,50,000 = 1.5 lakh (the commas group lakhs and crores)']);
  // Scale words in a row multiply, as budgets and reports say them.
  assert.deepEqual(said('5 hundred thousand in lakh'), ['5 hundred thousand = 5 lakh']);
  assert.deepEqual(said('1 lakh crore to billion'), ['1 lakh crore = 1,000 billion']);
  assert.deepEqual(said('48 lakh crore in trillion'), ['48 lakh crore = 48 trillion']);
  assert.deepEqual(said('10 thousand crore in billion'), ['10 thousand crore = 100 billion']);
  // Their abbreviations; k is a thousand only asked in numbers: elsewhere the runner's kilometre, or the kelvin.
  assert.deepEqual(said('1 cr in million'), ['1 crore = 10 million']);
  assert.deepEqual(said('1 bn to crore'), ['1 billion = 100 crore']);
  // Not mn, which MN (meganewtons, which the site has not) would be read as.
  assert.match(String(said('5 MN to kN')), /^Unknown unit “MN”/u);
  assert.deepEqual(said('50k in lakhs'), ['50 thousand = 0.5 lakh']);
  assert.deepEqual(said('12L to million'), ['12 lakh = 1.2 million'], 'a salary in lakhs');
  assert.deepEqual(said('2L to gallons'), ['2 L = 0.528344 gal (in US gallons, as typed)'], 'L asked in a volume is the liter');
  assert.equal(said('1.5L inr to usd'), '150000 INR → USD', 'and before money the lakh');
  assert.deepEqual(said('10k in miles'), ['10 km = 6.213712 mi']);
  assert.deepEqual(said('300k to c'), ['300 K = 26.85 °C']);
  assert.equal(said('20 cr rupees to usd'), '200000000 INR → USD');
  const a = answer('5 million in lakh', data);
  assert.ok(a?.kind === 'answers');
  assert.equal(a.answers[0].href, '/numbers-converter?value=5+million&from=millions&to=lakhs');
  // Only there: elsewhere a number needs its unit, and the scale words still multiply one.
  assert.match(String(said('5 to ft')), /^Say which unit 5 is in/u);
  assert.deepEqual(said('2 million km in miles'), ['2 million km = 1,242,742.384475 mi']);
  // Money counted in lakhs and crores is money, and crores of what is not said: the search's.
  assert.equal(said('2 crore rupees to usd'), '20000000 INR → USD');
  assert.equal(said('10 million dollars to crore'), null);
  assert.equal(said('1 billion usd in crore'), null);
});

test('gold and silver in tolas and ounces: the ounce of a precious metal is the troy ounce; land in gunthas, grain in quintals', () => {
  // A price asked is no unknown ingredient: the site converts the weight, and says where gold's price is.
  assert.equal(said('1 oz gold in inr'), 'Unitly converts the weight of gold (its ounce is the troy ounce, 31.1034768 g), as in “1 oz gold to g”, not its price: the banner at the top of each page shows gold in US dollars per troy ounce.');
  assert.match(String(said('10 gram gold rate')), /^Unitly converts the weight of gold/);
  assert.match(String(said('1 kg silver to usd')), /weight of silver .* not its price\.$/);
  assert.deepEqual(said('1 quintal in kg'), ['1 q = 100 kg']);
  assert.deepEqual(said('20 qtl to tonnes'), ['20 q = 2 t']);
  assert.deepEqual(said('1 tola to grams'), ['1 tola = 11.663804 g']);
  assert.deepEqual(said('10 tola gold in grams'), ['10 tola = 116.638038 g (gold ignored: a weight is the same whatever it is of)']);
  const troy = (typed: string, metal: string) => `${typed} read as the troy ounce, as gold and silver are weighed; ${metal} ignored: a weight is the same whatever it is of`;
  assert.deepEqual(said('1 oz gold in grams'), [`1 oz t = 31.103477 g (${troy('oz', 'gold')})`]);
  assert.deepEqual(said('2 ounces of silver to g'), [`2 oz t = 62.206954 g (${troy('ounces', 'silver')})`]);
  assert.deepEqual(said('1 troy oz gold in g'), ['1 oz t = 31.103477 g (gold ignored: a weight is the same whatever it is of)']);
  // Not an ounce of anything else, nor a fluid ounce.
  assert.deepEqual(said('1 oz in g'), ['1 oz = 28.349523 g']);
  assert.deepEqual(said('1 oz of lentils in g'), ['1 oz = 28.349523 g (lentils ignored: a weight is the same whatever it is of)']);
  assert.deepEqual(said('5 fl oz of gold to ml'), ['5 US fluid ounces = 147.867648 mL (gold ignored: a volume is the same whatever it holds)']);
  // Asked in ounces, too: "1 kg of gold in oz" is 32.150747 troy ounces, not 35.27 ounces.
  assert.deepEqual(said('1 kg of gold in oz'), ['1 kg = 32.150747 oz t (gold ignored: a weight is the same whatever it is of; oz read as the troy ounce, as gold and silver are weighed)']);
  assert.deepEqual(said('10 tola gold in oz'), ['10 tola = 3.75 oz t (gold ignored: a weight is the same whatever it is of; oz read as the troy ounce, as gold and silver are weighed)']);
  assert.deepEqual(said('1 kg of lentils in oz'), ['1 kg = 35.273962 oz (lentils ignored: a weight is the same whatever it is of)']);
  assert.deepEqual(said('1 acre in guntha'), ['1 ac = 40 guntha']);
  assert.deepEqual(said('2 acres 10 gunta in sq ft'), ['2 ac 10 guntha = 98,010 ft²']);
  // Plots as South India measures them: the cent (1/100 acre).
  assert.deepEqual(said('1 cent in sq ft'), ['1 cent = 435.6 ft²']);
  assert.deepEqual(said('5 cents to sq m'), ['5 cents = 202.342821 m²']);
  assert.deepEqual(said('5 cents to sqft'), ['5 cents = 2,178 ft²'], 'every way the Area card reads a unit of area');
  assert.deepEqual(said('5 cents to sqm'), ['5 cents = 202.342821 m²']);
  // Chennai's ground (2,400 ft²) is no unit here: "ground" is a recipe's word (ground beef, ground cinnamon).
  assert.deepEqual(said('1 lb of ground beef in grams'), ['1 lb = 453.59237 g (ground beef ignored: a weight is the same whatever it is of)']);
  assert.deepEqual(said('1 acre in cents'), ['1 ac = 100 cents']);
  // Cents with no other unit of area are money, left to the search as before.
  assert.equal(said('50 cents to dollars'), null);
  assert.equal(said('99 cents'), null);
  // A plot's gaj (gaz in Pakistan) is the square yard.
  assert.deepEqual(said('200 gaj in sq ft'), ['200 yd² = 1,800 ft²']);
  assert.deepEqual(said('100 sq gaj to m2'), ['100 yd² = 83.612736 m²']);
});

test('another name of the unit asked for is answered as typed, not as a tautology', () => {
  assert.deepEqual(said('5 cc to ml'), ['5 cc = 5 mL']);
  assert.deepEqual(said('5 dm3 to l'), ['5 dm3 = 5 L']);
  assert.deepEqual(said('2 litres in liters'), ['2 litres = 2 L']);
  assert.deepEqual(said('1 m to m'), ['1 m = 1 m'], 'the unit itself stays its symbol');
  assert.deepEqual(said('5 ft 0 in to ft'), ['5 ft 0 in = 5 ft']);
});

test('whose unit, written after it, is read as before it, never as an ingredient', () => {
  assert.deepEqual(said('1 pint uk to ml'), ['1 imperial pint = 568.26125 mL']);
  assert.deepEqual(said('1 gallon (UK) to l'), ['1 imperial gallon = 4.54609 L']);
  assert.deepEqual(said('1 pint us to ml'), ['1 US pint = 473.176473 mL']);
  assert.deepEqual(said('1 ton uk to kg'), ['1 UK long ton = 1,016.046909 kg']);
  assert.match(String(said('1 tbsp uk to ml')), /^“uk tbsp” is not read here: UK recipes take a tablespoon as 15 mL/);
  assert.match(String(said('1 cup lentils in grams')), /^Unknown ingredient “lentils”/, 'other words after a measure are still an ingredient');
});

test('quarters, thirds and eighths said in words are read as halves are', () => {
  assert.deepEqual(said('a quarter pound in grams'), ['1/4 lb = 113.398093 g']);
  assert.deepEqual(said('three quarters of a cup to ml'), ['3/4 US cup = 177.441177 mL']);
  assert.deepEqual(said('a quarter mile in meters'), ['1/4 mi = 402.336 m']);
  assert.deepEqual(said('two and a quarter pounds in kg'), ['2 1/4 lb = 1.020583 kg (“two and a quarter” read as 2 1/4)']);
  assert.deepEqual(said('a quarter cup butter in grams'), ['1/4 US cup of butter = 56.7 g']);
  // The same in digits, as recipes print them.
  assert.deepEqual(said('1 and 1/2 cups in ml'), ['1 1/2 US cups = 354.882355 mL']);
  assert.deepEqual(said('what is 1/4 of a cup in tbsp'), ['1/4 US cup = 4 tbsp (in US tablespoons, as typed)']);
  assert.equal(said('1/2 of 200 g'), null, 'a share of an amount is no measure');
});

test('letters glued to a number are a code or a name, not a unit before its number', () => {
  // A4 paper, a PS5, vitamin B12, a T20 match: the search's, not 4 ares or 5 metric horsepower.
  for (const q of ['a4', 'ps5', 'b12', 't20', 'g20']) assert.equal(said(q), null, q);
  // A unit before its number with a space, and a sign glued to it, are read as before.
  assert.deepEqual(said('kg 5'), ['5 kg = 11.023113 lb']);
  assert.match(String(said('$5 to eur')), /^5 USD → EUR$/u);
  // Money's letters glued to its amount are still money, as India writes rupees.
  assert.match(String(said('Rs100 to usd')), /^100 INR → USD$/u);
  assert.match(String(said('CHF100 to eur')), /^100 CHF → EUR$/u);
});

test('money by its signs alone, and by its nicknames', () => {
  // The plurals English borrows, the British spelling, the full names of the crowns and the pound.
  assert.equal(said('50 reais in usd'), '50 BRL → USD');
  assert.equal(said('100 pounds sterling to euros'), '100 GBP → EUR');
  assert.equal(said('€ to £'), '1 EUR → GBP');
  assert.equal(said('$ to €'), '1 USD → EUR');
  assert.equal(said('5 bucks in euros'), '5 USD → EUR');
  assert.equal(said('20 loonies to usd'), '20 CAD → USD');
  const every: AnswerData = { ...data, currencies: everyCurrency(data.currencies) };
  assert.equal(said('100 aussie dollars to nzd', every), '100 AUD → NZD');
  assert.equal(said('€'), null, 'a sign alone is no pair');
});

test('a pace as runners say it: a 9 minute mile, an 8 min mile pace, a 5 minute km', () => {
  assert.deepEqual(said('9 minute mile to km/h'), ['9 min/mi = 10.72896 km/h']);
  assert.deepEqual(said('a 7 minute mile in mph'), ['7 min/mi = 8.571429 mph']);
  assert.deepEqual(said('8 min mile pace in kph'), ['8 min/mi = 12.07008 km/h']);
  assert.deepEqual(said('5 minute km to min/mile'), ['5 min/km = 8.04672 min/mi = 8:03 min/mi']);
  assert.deepEqual(said('30 minutes to hours'), ['30 min = 0.5 h'], 'minutes alone stay minutes');
  assert.deepEqual(said('12 km/h to pace'), ['12 km/h = 5 min/km', '12 km/h = 8.04672 min/mi = 8:03 min/mi'], 'a pace asked is both paces');
  assert.deepEqual(said('10 mph in running pace'), ['10 mph = 3.728227 min/km = 3:44 min/km', '10 mph = 6 min/mi']);
  assert.match(String(said('5 km to pace')), /^A pace is minutes per kilometer or per mile, a speed/);
});

test('a torque asked in joules is refused with the work it equals', () => {
  assert.equal(said('300 N·m to J'), '“J” is a unit of energy, not torque. As work or energy, 1 N·m = 1 J.');
  assert.equal(said('300 J to Nm'), '“N·m” is a unit of torque, not energy. For work or energy, 1 N·m = 1 J: type “J”.');
});

test('a compound is a target: feet and inches, stones and pounds', () => {
  assert.deepEqual(said('1.8 m to ft in'), ['1.8 m = 5 ft 10.87 in']);
  assert.deepEqual(said('80 kg in stones and pounds'), ['80 kg = 12 st 8.37 lb']);
});

test('without a target, an amount is given in the other system’s usual unit that suits it, then its converter’s pair', () => {
  // The unit a visitor of the other system thinks in, by the amount's size: not the card's
  // fixed pair (5 km was 16,404 ft), nor the nearest unit in size (1 g is no 15 grains).
  assert.deepEqual(said('5 km'), ['5 km = 3.106856 mi', '5 km = 5,000 m']);
  assert.deepEqual(said('1 mile'), ['1 mi = 1.609344 km', '1 mi = 5,280 ft']);
  assert.deepEqual(said('10 cm'), ['10 cm = 3.937008 in'], 'no 0.1 m: the card’s unit of the same system only when the amount holds one');
  assert.deepEqual(said('180 cm'), ['180 cm = 5.905512 ft', '180 cm = 1.8 m']);
  assert.deepEqual(said('5 ft'), ['5 ft = 1.524 m']);
  assert.deepEqual(said('100 g'), ['100 g = 3.527396 oz']);
  assert.deepEqual(said('1 g'), ['1 g = 0.035274 oz'], 'under an ounce, still ounces');
  assert.deepEqual(said('3 t'), ['3 t = 6,613.867866 lb', '3 t = 3,000 kg']);
  assert.deepEqual(said('1 tbsp'), ['1 US tablespoon = 14.786765 mL']);
  assert.deepEqual(said('1 gallon'), ['1 US gallon = 3.785412 L']);
  assert.deepEqual(said('1 l'), ['1 L = 1.056688 qt']);
  assert.deepEqual(said('1 ha'), ['1 ha = 2.471054 ac', '1 ha = 10,000 m²']);
  assert.deepEqual(said('100 yd'), ['100 yd = 91.44 m', '100 yd = 300 ft'], 'a unit that is not usual has a usual counterpart too');
  assert.deepEqual(said('32 psi'), ['32 psi = 2.206322 bar']);
  assert.deepEqual(said('-5 km'), ['-5 km = -3.106856 mi', '-5 km = -5,000 m'], 'by the size of the amount, whatever its sign');
  // A unit of neither system, or a category with no usual units: the converter's pair.
  assert.deepEqual(said('10 nmi'), ['10 nmi = 60,761.154856 ft', '10 nmi = 18,520 m']);
  assert.deepEqual(said('1 kcal'), ['1 kcal = 0.00116222 kWh']);
  // A target typed decides.
  assert.deepEqual(said('5 km to ft'), ['5 km = 16,404.199475 ft']);
});

test('money: codes, names and signs, either way round; the rate is asked for by the caller', () => {
  assert.equal(said('100 usd to eur'), '100 USD → EUR');
  assert.equal(said('€50 in gbp'), '50 EUR → GBP');
  assert.equal(said('100 US dollars to euro'), '100 USD → EUR');
  // With no "to", as search engines are asked: the last word is the currency wanted.
  assert.equal(said('100 usd inr'), '100 USD → INR');
  assert.match(String(said('dollar to peso', { ...data, currencies: everyCurrency(data.currencies) })), /^“peso” is written for several currencies/, 'which peso, as the box reads every currency');
  assert.equal(said('100 dollars euros'), '100 USD → EUR');
  assert.equal(said('20 CA$ to usd'), '20 CAD → USD');
  const a = answer('1,5 eur to usd', data);
  assert.ok(a?.kind === 'currency' && a.amount === 1.5 && a.href === '/currency-converter?value=1.5&from=EUR&to=USD', JSON.stringify(a));
  assert.equal(said('1.000,50 eur to usd'), '1000.5 EUR → USD');
  assert.equal(said('5 to eur'), 'Convert an amount of money to EUR, as in “100 USD to EUR”.');
  assert.equal(said('5 to usd'), 'Convert an amount of money to USD, as in “100 EUR to USD”.', 'never “100 USD to USD”');
  assert.equal(said('0 usd to eur'), 'Enter an amount greater than 0.');
  // Amounts as prices and salaries are written: a magnitude after the number.
  assert.equal(said('10k usd to eur'), '10000 USD → EUR');
  assert.equal(said('$2.5m in gbp'), '2500000 USD → GBP');
  assert.equal(said('3 bn yen to usd'), '3000000000 JPY → USD');
  assert.deepEqual(said('5k to miles'), ['5 km = 3.106856 mi'], 'a runner’s 5K stays a length');
});

test('what cannot be converted says why, with a did-you-mean for a misspelled unit', () => {
  assert.equal(said('5 kg to cm'), '“cm” is a unit of length, not weight.');
  assert.deepEqual(said('5 ft to centimetres'), ['5 ft = 152.4 cm'], 'aliases are targets too');
  assert.deepEqual(said('-40 c to f'), ['-40 °C = -40 °F'], 'a plain minus on both sides, as Copy and history write it');
  assert.match(String(said('5 ft to centimetrs')), /Did you mean “centimeters”/);
  assert.match(String(said('5 ft to cmm')), /Unknown unit “cmm”/);
  assert.match(String(said('5 fet to cm')), /Did you mean “feet”/);
  assert.equal(said('5 to cm'), 'Say which unit 5 is in, as in “5 m to …”.');
  assert.equal(said('5 to m'), 'Say which unit 5 is in, as in “5 ft to …”.', 'the example is never the unit asked for');
  assert.equal(said('1:30:00 to min'), 'Say which unit 1:30:00 is in, as in “1:30:00 h to …”.', 'a clock’s example is a unit it is read in');
  assert.equal(said('5:30 to s'), 'Say which unit 5:30 is in, as in “5:30 min to …”.');
  assert.equal(said('2:30 in minutes'), 'Say which unit 2:30 is in, as in “2:30 h to …”.', 'h:mm when minutes are asked for, not 2:30 s');
  assert.match(String(said('usd 5 to kg')), /./);
  assert.match(String(said('10 lb * ft to Nm')), /For pound-force feet, type “lbf·ft”\.$/, 'the unit written with both words, not lbf·in');
});

test('a symbol that is a temperature in its other case is answered as both without a target', () => {
  // c is the cup, C Celsius: "37 c" is as likely a temperature.
  assert.deepEqual(said('37 c'), ['37 US cups = 8.753765 L', '37 US cups = 2.3125 gal', '37 °C = 98.6 °F']);
  assert.deepEqual(said('37 c to f'), ['37 °C = 98.6 °F'], 'a target decides');
  assert.deepEqual(said('2 cups'), ['2 US cups = 473.176473 mL'], 'a word of one unit only');
  assert.deepEqual(said('5 mg'), ['5 mg = 0.0771618 gr'], 'Mg, a weight too, is no reading');
  // A capital typed is meant: 10 kN is force only, even were "kn" a reading's symbol (a
  // pace's here, as the knot's kn was a speed reading beside the paces).
  assert.deepEqual(said('10 kN'), ['10 kN = 2,248.089431 lbf', '10 kN = 10,000 N']);
  const paceKn = structuredClone(data);
  const pace = paceKn.categories.speed.units.find((u) => u.key === 'minutes_per_kilometer')!;
  pace.aliases = [...(pace.aliases ?? []), 'kn'];
  paceKn.categories.speed.units = paceKn.categories.speed.units.map((u) => (u.key === 'knots' ? { ...u, aliases: (u.aliases ?? []).filter((a) => a !== 'kn') } : u));
  assert.deepEqual(said('10 kN', paceKn), ['10 kN = 2,248.089431 lbf', '10 kN = 10,000 N']);
  assert.deepEqual((said('10 kn', paceKn) as string[]).slice(0, 1), ['10 min/km = 3.728227 mph'], 'kn itself is the pace');
});

test('durations are said in parts as clocks and ages say them; a compound typed as its symbols is read whole', () => {
  assert.deepEqual(said('1.75 hours in hours and minutes'), ['1.75 h = 1 h 45 min']);
  assert.deepEqual(said('200 seconds to minutes and seconds'), ['200 s = 3 min 20 s']);
  assert.deepEqual(said('5000 s to h min s'), ['5000 s = 1 h 23 min 20 s'], '“min s” is no “mins” here');
  assert.deepEqual(said('1.5 days to days and hours'), ['1.5 d = 1 d 12 h']);
  assert.deepEqual(said('100 days to weeks and days'), ['100 d = 14 wk 2 d']);
  assert.deepEqual(said('30 months to years and months'), ['30 mo = 2 yr 6 mo']);
});

test('an amount alone that would read as a speck or a heap is said on a better rung of its ladder', () => {
  // Digital storage has no usual units: its default pair (GB, GiB) dwarfed a kilobyte.
  assert.deepEqual(said('1 kB'), ['1 kB = 1,000 B', '1 kB = 0.001 MB']);
  assert.deepEqual(said('100 kB'), ['100 kB = 97.65625 KiB', '100 kB = 0.1 MB']);
  assert.deepEqual(said('2048 bytes'), ['2048 B = 2 KiB', '2048 B = 2.048 kB']);
  assert.deepEqual(said('5 GB'), ['5 GB = 4.656613 GiB'], 'a unit that reads well stays');
  // On the typed unit's own rung, one on toward the unit replaced; one line for two the same.
  assert.deepEqual(said('1 ms'), ['1 ms = 0.001 s'], 'minutes and hours both become seconds');
  assert.deepEqual(said('1 GHz'), ['1 GHz = 1,000 MHz'], 'hertz steps down; rpm, on no ladder, reads 60,000,000,000 and is left out');
  assert.deepEqual(said('1 h'), ['1 h = 60 min']);
  assert.deepEqual(said('1e9 s'), ['1e9 s = 31.688739 yr', '1e9 s = 277,777.777778 h']);
  // The usual counterpart steps too: to the smallest rung when the amount holds none.
  assert.deepEqual(said('1 µm'), ['1 µm = 0.0393701 mil']);
  assert.deepEqual(said('1 J'), ['1 J = 0.239006 cal'], 'kcal steps down to the small calorie; Wh still reads 0.000278 and is left out, and kJ is not needed');
  assert.deepEqual(said('1 kJ'), ['1 kJ = 0.239006 kcal', '1 kJ = 0.277778 Wh'], 'kcal reads well as it is; kWh (0.000278) steps down to Wh');
  // When every unit reads badly on every rung: one rung up the typed unit's own ladder, else
  // the rungs found, however far.
  assert.deepEqual(said('25 mcg'), ['25 µg = 0.025 mg'], 'not 0.000000881849 oz, nor 0.000385809 gr');
  assert.deepEqual(said('1 nm'), ['1 nm = 0.001 µm']);
  assert.deepEqual(said('1 ly'), ['1 ly = 5,878,625,373,183.607731 mi', '1 ly = 9,460,730,472,580.8 km'], 'not ft and m');
  assert.deepEqual(said('1 kB to GiB'), ['1 kB = 0.000000931323 GiB'], 'a target typed is kept');
});

test('a temperature below absolute zero is said to be one, not answered as a reading', () => {
  assert.equal(said('-300 c to k'), '−300 °C is below absolute zero (−273.15 °C), the lowest temperature possible.');
  assert.equal(said('-500 f'), '−500 °F is below absolute zero (−273.15 °C), the lowest temperature possible.');
  assert.deepEqual(said('-273.15 c to k'), ['-273.15 °C = 0 K']);
});

test('words with a number that are no conversion are left to the search', () => {
  assert.equal(said('history of the metre'), null);
  // "at" is the technical atmosphere's symbol, and a word of sentences too.
  for (const q of ['price at 5 ft', 'meet at 5', 'at 5 pm', 'open at 9', '5 ft at home']) assert.equal(said(q), null, q);
  assert.deepEqual(said('1 at to atm'), ['1 kgf/cm² = 0.967841 atm']);
  assert.equal(said('top 10 converters'), null);
  assert.equal(said('the 1959 yard and pound agreement'), null);
});

test('a number before words that name no unit is a search, not an unknown unit', () => {
  assert.equal(said('top 10 converters in 2024'), null);
});

test('a pair with no number, as people search it, is answered for one of the first, or by its rule', () => {
  assert.deepEqual(said('feet to meters'), ['1 ft = 0.3048 m']);
  assert.deepEqual(said('feet = meters'), ['1 ft = 0.3048 m'], 'every separator the reader takes names a pair (separators.ts)');
  assert.deepEqual(said('psi to bar'), ['1 psi = 0.0689476 bar']);
  // Into parts, for an amount that reaches the largest part and is no whole number of it.
  assert.deepEqual(said('cm → feet and inches'), ['100 cm = 3 ft 3.37 in']);
  assert.deepEqual(said('minutes to hours and minutes'), ['100 min = 1 h 40 min'], 'not “1 minutes = 1 min”');
  assert.deepEqual(said('hours to hours and minutes'), ['1.75 h = 1 h 45 min'], 'every power of ten is whole hours');
  assert.deepEqual(said('kg to st lb'), ['10 kg = 1 st 8.05 lb']);
  assert.deepEqual(said('convert stone to kg'), ['1 st = 6.350293 kg']);
  // Two symbols with nothing between, as a pair is searched: the search skips one letter.
  assert.deepEqual(said('m cm'), ['1 m = 100 cm']);
  assert.deepEqual(said('kg lbs'), ['1 kg = 2.204623 lb']);
  assert.ok(mayConvert('g oz') && !mayConvert('dark mode'));
  assert.equal(said('ft lb'), null, 'one unit of two words is no pair');
  // Readings with an offset or a reciprocal are no multiples: "1 °C = 33.8 °F" would read as
  // a factor, so the rule, as the pair page states it (pairFacts.ts).
  assert.deepEqual(said('Celsius in Fahrenheit'), ['°F = °C × 1.8 + 32 (0 °C = 32 °F)']);
  assert.deepEqual(said('kelvin to celsius'), ['°C = K − 273.15 (0 K = -273.15 °C)']);
  assert.deepEqual(said('mpg to L/100km'), ['L/100 km = 235.2145833 ÷ mpg'], 'a number inside a unit is no value');
  assert.deepEqual(said('min/km to mph'), ['mph = 37.28227153 ÷ (min/km)']);
  assert.deepEqual(said('1 c to f'), ['1 °C = 33.8 °F'], 'a number typed is converted');
  // Degree signs begin a unit as a letter does (℃ and ℉ are signs of their own).
  assert.deepEqual(said('°F to °C'), ['°C = (°F − 32) ÷ 1.8 (0 °F ≈ -17.77777778 °C)']);
  assert.deepEqual(said('°c to °f'), ['°F = °C × 1.8 + 32 (0 °C = 32 °F)']);
  assert.deepEqual(said('F to °C'), ['°C = (°F − 32) ÷ 1.8 (0 °F ≈ -17.77777778 °C)']);
  assert.deepEqual(said('℃ to ℉'), ['°F = °C × 1.8 + 32 (0 °C = 32 °F)']);
  for (const q of ['°F to °C', '℃ to ℉', '°F → K']) assert.ok(mayConvert(q), q);
  const eur = answer('usd to eur', data);
  assert.ok(eur?.kind === 'currency' && eur.pair && eur.amount === 1 && eur.href === '/currency-converter?value=1&from=USD&to=EUR', JSON.stringify(eur));
  const typed = answer('100 usd to eur', data);
  assert.ok(typed?.kind === 'currency' && !typed.pair, 'an amount typed is an amount');
});

test('the box reads money in every currency of the catalog, the featured ones keeping their signs', () => {
  const every: AnswerData = { ...data, currencies: everyCurrency(data.currencies) };
  assert.equal(answer('THB to USD', data), null, 'units.json lists the featured currencies only');
  const thb = answer('THB to USD', every);
  assert.ok(thb?.kind === 'currency' && thb.pair && thb.href === '/currency-converter?value=1&from=THB&to=USD', JSON.stringify(thb));
  const baht = answer('250 thai baht in mexican pesos', every);
  assert.ok(baht?.kind === 'currency' && baht.amount === 250 && baht.from.code === 'THB' && baht.to.code === 'MXN', JSON.stringify(baht));
  const dollars = answer('$20 to pln', every);
  assert.ok(dollars?.kind === 'currency' && dollars.from.code === 'USD' && dollars.to.code === 'PLN', JSON.stringify(dollars));
  assert.equal(everyCurrency(data.currencies), everyCurrency(data.currencies), 'one list per featured list');
  assert.deepEqual(everyCurrency(data.currencies).slice(0, data.currencies.length), data.currencies);
  assert.ok(everyCurrency(data.currencies).length > 150);
});

test('units win over letter signs of money they share (Ft, KM, R, K): money is named by a sign or a code', () => {
  // The box reads every currency of the catalog, the forint's Ft and the Bosnian mark's KM among them.
  const every: AnswerData = { ...data, currencies: everyCurrency(data.currencies) };
  const box = (query: string) => said(query, every);
  assert.deepEqual(box('5 m to ft'), ['5 m = 16.404199 ft']);
  assert.deepEqual(box('5m in ft?'), ['5 m = 16.404199 ft']);
  assert.deepEqual(box('m to ft'), ['1 m = 3.28084 ft']);
  assert.deepEqual(box('3 ft to km'), ['3 ft = 0.0009144 km']);
  assert.deepEqual(box('100 km to ft'), ['100 km = 328,083.989501 ft']);
  assert.deepEqual(box('500 R to K'), ['500 °R = 277.78 K']);
  assert.match(String(box('5 to ft')), /^Say which unit 5 is in/, 'the units’ message, not one about money to HUF');
  assert.equal(box('100 HUF to EUR'), '100 HUF → EUR');
  assert.equal(box('€50 to usd'), '50 EUR → USD');
  assert.equal(box('Ft 500 to EUR'), '500 HUF → EUR');
  assert.equal(box('100 ft to usd'), '100 HUF → USD', 'a code names money: the forint is all that reads');
  assert.equal(box('5 to eur'), 'Convert an amount of money to EUR, as in “100 USD to EUR”.');
});

test('a conversion asked in words: how many, what is, convert', () => {
  assert.deepEqual(said('how many ounces in a pound?'), ['1 lb = 16 oz']);
  assert.deepEqual(said('How many feet are in a mile'), ['1 mi = 5,280 ft']);
  assert.deepEqual(said('how many ml in a cup'), ['1 US cup = 236.588237 mL']);
  assert.deepEqual(said('how many feet in 3 miles'), ['3 mi = 15,840 ft']);
  // Fuel consumption as people write it out.
  assert.deepEqual(said('8 litres per 100 km in mpg'), ['8 L/100 km = 29.401823 mpg (in miles per US gallon, as typed)']);
  assert.deepEqual(said('8 l per 100 km to mpg'), ['8 L/100 km = 29.401823 mpg (in miles per US gallon, as typed)']);
  assert.deepEqual(said('8 litres/100km to mpg'), ['8 L/100 km = 29.401823 mpg (in miles per US gallon, as typed)']);
  // How-to questions name the pair, in the order asked.
  assert.deepEqual(said('how to convert cm to inches'), ['1 cm = 0.393701 in']);
  assert.deepEqual(said('how do i convert lbs to kg?'), ['1 lb = 0.453592 kg']);
  assert.deepEqual(said('how can you change 5 km to miles'), ['5 km = 3.106856 mi']);
  assert.deepEqual(said('calculate square feet to square meters'), ['1 ft² = 0.092903 m²']);
  // A count checked against one unit is answered as "how many": 1 gallon is 4 quarts.
  assert.deepEqual(said('4 quarts in a gallon'), ['1 US gallon = 4 qt (in US quarts, as typed)']);
  assert.deepEqual(said('are there 3 feet in a yard?'), ['1 yd = 3 ft']);
  assert.deepEqual(said('3 feet in 1 yard'), ['1 yd = 3 ft']);
  assert.deepEqual(said('12 inches in 1 foot'), ['1 ft = 12 in']);
  // "to 1" is no such question, nor a number alone in a unit ("5 in 1 m" is 5 in + 1 m).
  assert.equal(said('10 kg to 1 lb'), null);
  assert.deepEqual(said('5 in 1 m'), ['5 in 1 m = 1.127 m', '5 in 1 m = 3.697507 ft']);
  assert.deepEqual(said('5 km in a mile'), ['1 mi = 1.609344 km'], 'a wrong guess gets the right figure');
  assert.deepEqual(said('what is 5 ft 11 in in cm'), ['5 ft 11 in = 180.34 cm']);
  assert.deepEqual(said('convert from stone to kg'), ['1 st = 6.350293 kg']);
  const yen = answer('how much is 100 usd in jpy', data);
  assert.ok(yen?.kind === 'currency' && yen.amount === 100 && !yen.pair && yen.to.code === 'JPY', JSON.stringify(yen));
  assert.deepEqual(said('how many days in a week'), ['1 wk = 7 d']);
  assert.deepEqual(said('how many cups is 500 ml'), ['500 mL = 2.113376 cups (in US cups, as typed)']);
  assert.deepEqual(said('how many kg are 150 lbs?'), ['150 lb = 68.038856 kg']);
  assert.deepEqual(said('how many ounces make a pound'), ['1 lb = 16 oz']);
  assert.deepEqual(said('10 miles is how many km'), ['10 mi = 16.09344 km']);
  assert.deepEqual(said('a mile is how many feet'), ['1 mi = 5,280 ft']);
  for (const q of ['how many ounces make a pound', 'a mile is how many feet', 'how many feet are in a mile']) assert.ok(mayConvert(q), `the box reads “${q}” as a conversion`);
  for (const q of ['how many calories in an apple', 'what is a stone', 'how many people in london', 'how many people is too many']) assert.equal(said(q), null, q);
});

test('the everyday wrappers of a conversion are dropped: how tall/far/heavy/hot/cold is, whats, what are, please', () => {
  assert.deepEqual(said('how tall is 180 cm in feet'), ['180 cm = 5.905512 ft']);
  assert.deepEqual(said('how far is 10 km in miles'), ['10 km = 6.213712 mi']);
  assert.deepEqual(said('how heavy is 70 kg in stone'), ['70 kg = 11.023113 st']);
  assert.deepEqual(said('how hot is 40 c in f'), ['40 °C = 104 °F']);
  assert.deepEqual(said('how cold is -40 f in c'), ['-40 °F = -40 °C']);
  assert.deepEqual(said('how big is 100 sq m in sq ft'), ['100 m² = 1,076.391042 ft²']);
  assert.deepEqual(said('whats 5 miles in km'), ['5 mi = 8.04672 km'], 'as phones type it');
  assert.deepEqual(said('what’s 5 miles in km'), ['5 mi = 8.04672 km']);
  assert.deepEqual(said('what are 10 kg in lbs'), ['10 kg = 22.046226 lb']);
  assert.deepEqual(said('5 miles to km please'), ['5 mi = 8.04672 km']);
  assert.equal(said('how to cook rice'), null, 'no conversion: the search’s');
});

test('“exchange rate” before a currency pair is dropped, as rates are most often searched', () => {
  for (const q of ['exchange rate usd to eur', 'exchange rates for usd to eur', 'conversion rate usd to eur']) {
    const a = answer(q, data);
    assert.ok(a?.kind === 'currency' && a.pair && a.from.code === 'USD' && a.to.code === 'EUR', `${q}: ${JSON.stringify(a)}`);
  }
  assert.equal(said('rate of inflation'), null);
});

test('a pair as markets and searchers write it is the pair in the order typed: EUR/USD, eurusd, usd inr, usd inr rate', () => {
  const pairs: [string, string, string][] = [
    ['EUR/USD', 'EUR', 'USD'], ['gbp/usd', 'GBP', 'USD'], ['usd/inr', 'USD', 'INR'], ['eurusd', 'EUR', 'USD'], ['EURUSD', 'EUR', 'USD'],
    ['usd inr', 'USD', 'INR'], ['usd inr rate', 'USD', 'INR'], ['usd to inr rate', 'USD', 'INR'], ['usd inr exchange rate', 'USD', 'INR'],
    ['exchange rate usd inr', 'USD', 'INR'], ['USD/CAD', 'USD', 'CAD'],
  ];
  for (const [q, from, to] of pairs) {
    const a = answer(q, data);
    assert.ok(a?.kind === 'currency' && a.pair && a.from.code === from && a.to.code === to, `${q}: ${JSON.stringify(a)}`);
  }
  const a = answer('100 usd to inr rate', data);
  assert.ok(a?.kind === 'currency' && !a.pair && a.amount === 100, 'an amount keeps its amount');
  // Words, not codes: a unit's word, English words that are codes in lower case, one currency twice.
  for (const q of ['km/h', 'cup usd', 'all top', 'usd usd', 'meters', 'feet meters']) assert.notEqual(answer(q, data)?.kind, 'currency', q);
  const every = { ...data, currencies: everyCurrency(data.currencies) };
  assert.equal(pairNotation('TRY EUR', every), 'TRY to EUR', 'in capitals a code is a code');
  assert.equal(pairNotation('try eur', every), null, 'in lower case “try” is a word');
  for (const q of ['EUR/USD', 'eurusd', 'usd inr', 'usd inr rate', 'exchange rate usd inr']) assert.ok(mayConvert(q), `the box reads ${q}`);
});

test('a measure of an ingredient: the cooking converter’s figures, opening it on that ingredient', () => {
  assert.deepEqual(said('1 cup of flour in grams'), ['1 US cup of all-purpose flour, spooned = 120.49 g']);
  assert.deepEqual(said('200 g butter to cups'), ['200 g of butter = 0.882 cups (in US cups, as typed)']);
  // One the data has not is said to be unknown, as on the card, not read as its last word.
  assert.equal(said('1 cup caster sugar to grams'), 'Unknown ingredient “caster sugar”: the Cooking converter lists the ones it knows.');
  assert.deepEqual(said('1 cup of sugar to grams'), ['1 US cup of granulated sugar = 200 g']);
  assert.deepEqual(said('how many grams in a cup of sugar'), ['1 US cup of granulated sugar = 200 g']);
  assert.deepEqual(said('tablespoons of honey to grams'), ['1 US tablespoon of honey = 20.82 g']);
  const a = answer('1 1/2 cups of bread flour to ounces', data);
  assert.ok(a?.kind === 'answers' && a.answers[0].href === '/cooking-converter?value=1+1%2F2+cups&from=cups&to=ounces&ingredient=bread_flour_spooned', JSON.stringify(a));
  assert.match(String(said('2 cups of flour to meters')), /meters/, 'a unit the cooking card has not is its message');
  assert.equal(said('2 cups to grams'), 'What a cup weighs depends on what is in it: name the ingredient, as in “2 cups of flour to grams”.');
  assert.equal(said('100 g in tbsp'), 'What a measure weighs depends on what is in it: name the ingredient, as in “100 g of flour in tbsp”.', 'no cup typed, none named');
  // An ounce against a volume is most often a fluid ounce (a drink, a baby's bottle): that reading leads, worked out.
  assert.equal(said('1 cup to oz'), '“oz” is a weight; for fluid ounces type fl oz: 1 US cup = 8 US fl oz. What a cup weighs depends on what is in it: name the ingredient, as in “1 cup of flour to oz”.');
  assert.equal(said('100 ml in oz'), '“oz” is a weight; for fluid ounces type fl oz: 100 mL = 3.381402 US fl oz. What a measure weighs depends on what is in it: name the ingredient, as in “100 ml of flour in oz”.');
  assert.equal(said('120 ml in oz'), '“oz” is a weight; for fluid ounces type fl oz: 120 mL = 4.057683 US fl oz. What a measure weighs depends on what is in it: name the ingredient, as in “120 ml of flour in oz”.');
  assert.equal(said('8 oz to ml'), '“oz” is a weight; for fluid ounces type fl oz: 8 US fluid ounces = 236.588237 mL. What a measure weighs depends on what is in it: name the ingredient, as in “8 oz of flour to ml”.');
  assert.equal(said('8 ounces to ml'), '“ounces” is a weight; for fluid ounces type fl oz: 8 US fluid ounces = 236.588237 mL. What a measure weighs depends on what is in it: name the ingredient, as in “8 ounces of flour to ml”.');
  assert.equal(said('8oz to cups'), '“oz” is a weight; for fluid ounces type fl oz: 8 US fluid ounces = 1 cup. What a cup weighs depends on what is in it: name the ingredient, as in “8oz of flour to cups”.');
  // Outside the kitchen's measures a volume and a weight are water's, said so (units -t '1 gallon' 'kg' by water: 3.785 kg).
  assert.deepEqual(said('1 litre to kg'), ['1 L of water = 1 kg (as water; for another liquid or food, name it, as in “1 litre of milk to kg”)']);
  assert.deepEqual(said('1 gallon to kg'), ['1 US gallon of water = 3.79 kg (as water; for another liquid or food, name it, as in “1 gallon of milk to kg”)']);
  assert.deepEqual(said('5 lb to ml'), ['5 lb of water = 2,267.96 mL (as water; for another liquid or food, name it, as in “5 lb of milk to ml”)']);
  // A recipe's T or t against a volume weighs nothing: the spoon reading is worked out, as the fluid ounce's is.
  assert.equal(said('1 T to ml'), '“T” is the tonne; for tablespoons type tbsp: 1 US tablespoon = 14.786765 mL.');
  assert.equal(said('2 T to tsp'), '“T” is the tonne; for tablespoons type tbsp: 2 US tablespoons = 6 tsp.');
  assert.equal(said('1 t to tbsp'), '“t” is the tonne; for teaspoons type tsp: 1 US teaspoon = 0.333333 tbsp.');
  assert.deepEqual(said('5 t to kg'), ['5 t = 5,000 kg'], 'against a weight, the tonne');
  assert.equal(said('5 kg to cm'), '“cm” is a unit of length, not weight.', 'no measure of the cooking card: as before');
  assert.deepEqual(said('2 hectoliters of milk in liters'), ['2 hL = 200 L (milk ignored: a volume is the same whatever it holds)'], 'a measure the cooking card has not: the units answer, saying the ingredient is left out');
  assert.deepEqual(said('100 barrels of oil to liters'), ['100 bbl = 15,898.729493 L (oil ignored: a volume is the same whatever it holds)']);
});

test('a volume of something that is no ingredient is that volume; across volume and weight an ingredient, known or not, is the cooking converter’s', () => {
  assert.deepEqual(said('1 gallon of paint in litres'), ['1 US gallon = 3.785412 L (paint ignored: a volume is the same whatever it holds)']);
  assert.deepEqual(said('2 cubic yards of mulch to m3'), ['2 yd³ = 1.52911 m³ (mulch ignored: a volume is the same whatever it holds)']);
  assert.deepEqual(said('1 gallon of paint-thinner to l'), ['1 US gallon = 3.785412 L (paint-thinner ignored: a volume is the same whatever it holds)'], 'as typed, hyphen kept');
  assert.equal(said('1 cup caster sugar to grams'), 'Unknown ingredient “caster sugar”: the Cooking converter lists the ones it knows.');
  // A volume in a volume, or a weight in a weight, is the same whatever it is of, known or not.
  assert.deepEqual(said('1 cup of caster sugar to ml'), ['1 US cup = 236.588237 mL (caster sugar ignored: a volume is the same whatever it holds)']);
  assert.deepEqual(said('2 cups chicken stock in ml'), ['2 US cups = 473.176473 mL (chicken stock ignored: a volume is the same whatever it holds)']);
  assert.deepEqual(said('1 lb beef in grams'), ['1 lb = 453.59237 g (beef ignored: a weight is the same whatever it is of)']);
  assert.deepEqual(said('2 kg chicken to lbs'), ['2 kg = 4.409245 lb (chicken ignored: a weight is the same whatever it is of)']);
  assert.equal(said('5 lb turkey'), 'Unknown ingredient “turkey”: the Cooking converter lists the ones it knows.', 'with no target, what is asked is unsaid');
  assert.deepEqual(said('1 cup of flour to ml'), ['1 US cup of all-purpose flour, spooned = 236.59 mL']);
  assert.deepEqual(said('5 inches of water to psi'), ['5 inH₂O = 0.180636 psi']);
});

test('a typo of the quantity’s unit is offered from its own category, not listed among the target’s units', () => {
  assert.equal(said('5 mililiters to oz'), 'Unknown unit “mililiters”. Did you mean “milliliters”?');
  assert.equal(said('500 miligrams to grams'), 'Unknown unit “miligrams”. Did you mean “milligrams”?');
  assert.equal(said('5 milimeters to lb'), 'Unknown unit “milimeters”. Did you mean “millimeters”?');
  // Only one edit away: "hectometers" is no hectoliter mistyped (nor a length's other size).
  assert.equal(said('5 hectometers to ft'), 'Unknown unit “hectometers”. Length units include pm, nm, µm, mm, cm, dm.');
});

test('a weight of something that is no ingredient is that weight; its density is blamed only between a volume and a weight', () => {
  // units -t '1 ozt' g = 31.103477; 2 kg = 4.4092452 lb.
  assert.deepEqual(said('2 kg of lentils in pounds'), ['2 kg = 4.409245 lb (lentils ignored: a weight is the same whatever it is of)']);
  assert.deepEqual(said('5 pounds of potatoes in kg'), ['5 lb = 2.267962 kg (potatoes ignored: a weight is the same whatever it is of)']);
  assert.deepEqual(said('1 troy ounce of gold in grams'), ['1 oz t = 31.103477 g (gold ignored: a weight is the same whatever it is of)']);
  // An ounce of gold is the troy ounce, as gold is priced (the test above holds the note).
  assert.deepEqual(said('1 oz of gold in grams'), ['1 oz t = 31.103477 g (oz read as the troy ounce, as gold and silver are weighed; gold ignored: a weight is the same whatever it is of)']);
  assert.deepEqual(said('2 kg of flour in cups'), ['2 kg of all-purpose flour, spooned = 16.6 cups (in US cups, as typed)'], 'an ingredient in a volume: the cooking converter’s');
  assert.equal(said('2 kg of lentils in cups'), 'Between a volume and a weight of lentils lies its density, which this site has only for the Cooking converter’s ingredients, as in “2 kg of water in cups”.');
  assert.doesNotMatch(String(said('1 kg of m&ms in pounds')), /density/u, 'a weight in a weight: no density between them');
});

test('any volume of an ingredient weighs: gallons, quarts, imperial pints, cubic feet; never a message blaming the weight typed', () => {
  // units -t '1 gallon * 1 g/cm^3' lb = 8.3454044; 5 gallons: 18.927059 kg, 41.727022 lb.
  assert.deepEqual(said('1 gallon of water in lbs'), ['1 US gallon of water = 8.35 lb']);
  assert.deepEqual(said('5 gallons of water in kg'), ['5 US gallons of water = 18.93 kg']);
  assert.deepEqual(said('5 gallons of water to lbs'), ['5 US gallons of water = 41.73 lb']);
  assert.deepEqual(said('1 quart of water in lbs'), ['1 US quart of water = 2.09 lb']);
  assert.deepEqual(said('1 uk pint of water in kg'), ['1 imperial pint of water = 0.568 kg']);
  assert.deepEqual(said('gallon of water in pounds'), ['1 US gallon of water = 8.35 lb']);
  assert.deepEqual(said('how much does a gallon of water weigh'), ['1 US gallon of water = 3.79 kg', '1 US gallon of water = 8.35 lb']);
  // Asked other ways, as people search it.
  assert.deepEqual(said('1 gallon of water weight'), ['1 US gallon of water = 3.79 kg', '1 US gallon of water = 8.35 lb']);
  assert.deepEqual(said('weight of a gallon of water'), ['1 US gallon of water = 3.79 kg', '1 US gallon of water = 8.35 lb']);
  assert.deepEqual(said('gallon of water weight in lbs'), ['1 US gallon of water = 8.35 lb']);
  assert.deepEqual(said('what does a cup of flour weigh'), ['1 US cup of all-purpose flour, spooned = 120.49 g', '1 US cup of all-purpose flour, spooned = 4.25 oz']);
  assert.equal(said('body weight in kg'), null, 'no quantity: left to the search');
  assert.deepEqual(said('how much does a cup of flour weigh?'), ['1 US cup of all-purpose flour, spooned = 120.49 g', '1 US cup of all-purpose flour, spooned = 4.25 oz']);
  assert.deepEqual(said('how much does 5 gallons of water weigh in pounds'), ['5 US gallons of water = 41.73 lb']);
  assert.equal(said('how much does a car weigh'), null, 'no quantity: left to the search');
  // A volume the card does not offer is weighed by the same figure; the link opens the card in liters.
  assert.deepEqual(said('1 cubic foot of water in lbs'), ['1 ft³ of water = 62.43 lb']);
  assert.deepEqual(said('1 m3 of water in kg'), ['1 m³ of water = 1,000 kg']);
  const a = answer('1 m3 of water in kg', data);
  assert.ok(a?.kind === 'answers' && a.answers[0].href === '/cooking-converter?value=1000&from=liters&to=kilograms&ingredient=water', JSON.stringify(a));
  const g = answer('1 gallon of water in lbs', data);
  assert.ok(g?.kind === 'answers' && g.answers[0].href === '/cooking-converter?value=1+gallon&from=gallons&to=pounds&ingredient=water', JSON.stringify(g));
  // Something no ingredient: its density is what the site lacks, not a unit typed wrong.
  assert.equal(said('1 gallon of paint in kg'), 'Between a volume and a weight of paint lies its density, which this site has only for the Cooking converter’s ingredients, as in “1 gallon of water in kg”.');
  assert.deepEqual(said('1 gallon of paint in litres'), ['1 US gallon = 3.785412 L (paint ignored: a volume is the same whatever it holds)']);
});

test('an ounce of an ingredient against a volume is answered both ways, each named: the weight ounce and the US fluid ounce', () => {
  // units -t '8 usfloz' ml = 236.58824; 8 oz of water by weight is 226.796185 mL.
  assert.deepEqual(said('8 oz water to ml'), ['8 oz (weight) of water = 226.8 mL', '8 US fluid ounces = 236.588237 mL']);
  assert.deepEqual(said('8 ounces of water in ml'), ['8 oz (weight) of water = 226.8 mL', '8 US fluid ounces = 236.588237 mL']);
  assert.deepEqual(said('16 oz water in litres'), ['16 oz (weight) of water = 0.454 L', '16 US fluid ounces = 0.473176 L']);
  assert.deepEqual(said('8 oz of milk to ml'), ['8 oz (weight) of milk = 221.72 mL', '8 US fluid ounces = 236.588237 mL']);
  assert.deepEqual(said('8 oz water'), ['8 oz of water = 226.8 g', '8 oz (weight) of water = 0.959 cups', '8 US fluid ounces = 1 cup'], 'a weight in a weight needs no second reading');
  assert.deepEqual(said('250 ml of milk in oz'), ['250 mL of milk = 9.02 oz (weight)', '250 mL = 8.453506 US fl oz']);
  assert.deepEqual(said('1 cup of water to oz'), ['1 US cup of water = 8.35 oz (weight)', '1 US cup = 8 US fl oz']);
  assert.deepEqual(said('8 oz of water in grams'), ['8 oz of water = 226.8 g']);
  assert.deepEqual(said('1 lb of water to ml'), ['1 lb of water = 453.59 mL'], 'no volume is written in pounds');
  assert.deepEqual(said('8 fl oz of water to grams'), ['8 US fluid ounces of water = 236.59 g'], 'fl oz typed: one reading');
});

test('an unknown ingredient is told by a flag on the answer, not by the words its message begins with', () => {
  assert.deepEqual(answer('1 cup of caster sugar to grams', data), { kind: 'error', message: 'Unknown ingredient “caster sugar”: the Cooking converter lists the ones it knows.', unknownIngredient: true });
  const other = answer('2 cups to grams', data);
  assert.ok(other?.kind === 'error' && other.unknownIngredient === undefined, 'another message has no such flag');
});

test('water is an ingredient, and a unit named after it stays a unit; an ingredient with no target gets the card’s usual measure', () => {
  assert.deepEqual(said('1 cup of water in grams'), ['1 US cup of water = 236.59 g']);
  assert.deepEqual(said('1 liter of water in kg'), ['1 L of water = 1 kg']);
  assert.deepEqual(said('5 inches of water to psi'), ['5 inH₂O = 0.180636 psi'], 'a pressure, not 5 inches of an ingredient');
  assert.deepEqual(said('3 cups flour'), ['3 US cups of all-purpose flour, spooned = 361.46 g']);
  assert.deepEqual(said('200 g butter'), ['200 g of butter = 0.882 cups']);
  const a = answer('2 cups water', data);
  assert.ok(a?.kind === 'answers' && a.answers[0].href === '/cooking-converter?value=2+cups&from=cups&to=grams&ingredient=water', JSON.stringify(a));
});

test('words around to or in that are no pair are left to the search, without a message', () => {
  for (const q of ['how to convert units', 'what is in a cup', 'back to school', 'feet to', 'kg to cm', 'cups to grams', 'stone', 'convert']) {
    assert.equal(said(q), null, q);
  }
  assert.match(String(said('5 fet to cm')), /Did you mean “feet”/, 'a value typed keeps its message');
});

test('the box reads feet-hyphen-inches as the card does: 12 ft 6 in', () => {
  assert.deepEqual(said(`12'-6" to m`), ['12 ft 6 in = 3.81 m (the hyphen joins feet and inches)']);
  assert.deepEqual(said(`12'-6" in cm`), ['12 ft 6 in = 381 cm (the hyphen joins feet and inches)']);
});

test('the box reads scientific notation written 1.5 × 10^3', () => {
  assert.deepEqual(said('1.5 × 10^3 J to kJ'), ['1.5e3 J = 1.5 kJ']);
  assert.deepEqual(said('1.5×10³ m in km'), ['1.5e3 m = 1.5 km']);
});

test('a conversion from one unit to another names its pair page, whatever the length of the symbols typed', () => {
  const pair = (q: string) => {
    const a = answer(q, data);
    return a?.kind === 'answers' ? a.answers.map((x) => x.pair ?? null) : a;
  };
  assert.deepEqual(pair('5 N to lbf'), [{ href: '/force-converter/newtons-to-pounds-force', title: 'Newtons to Pounds-Force' }]);
  assert.deepEqual(pair('1 TB to B'), [{ href: '/digital_storage-converter/terabytes-to-bytes', title: 'Terabytes to Bytes' }]);
  assert.deepEqual(pair('feet to meters'), [{ href: '/length-converter/feet-to-meters', title: 'Feet to Meters' }], 'a pair asked without a number');
  assert.deepEqual(pair('5 ft'), [null], 'no target: the usual units, no pair asked');
  assert.deepEqual(pair('37 c'), [null, null, null], 'nor with the reading in the other case');
  assert.deepEqual(pair('5 ft 11 in to feet and inches'), [null], 'a compound target');
  assert.deepEqual(pair('2 cups water to grams'), [null], 'a measure of an ingredient');
  assert.deepEqual(pair('5 m to m'), [null], 'one unit is no pair');
});

test('an answer says how its value was read where the card would: the point, the comma', () => {
  assert.deepEqual(said('1.200 m2 to sq ft'), ['1.200 m² = 12.916693 ft² (the point is a decimal point)']);
  assert.deepEqual(said('1,200 sq ft to m2'), ['1200 ft² = 111.483648 m² (the comma groups thousands)']);
  assert.deepEqual(said('1200 sq ft to m2'), ['1200 ft² = 111.483648 m²'], 'no note where nothing was read otherwise');
});

test('a range, a ratio of two quantities or a room’s sides gets the parser’s message, as a card does', () => {
  // The same text as the parser's (parse.ts, tokens.ts): one source of the message.
  assert.equal(said('1000-1200 sq ft'), '1000-1200 looks like a range: convert each end, or write 1000 - 1200 to subtract.');
  assert.equal(said('1000-1200 sq ft to m2'), '1000-1200 looks like a range: convert each end, or write 1000 - 1200 to subtract.');
  assert.equal(said('1000–1200 sq ft to m²'), '1000–1200 looks like a range: convert each end.');
  assert.equal(said('3 ft-4 ft'), '3-4 looks like a range: convert each end, or write 3 - 4 to subtract.');
  assert.equal(said('100 m2 / 4 m2'), '100 m² ÷ 4 m² is a plain ratio (25), not an area: divide a quantity by a plain number.');
  assert.equal(said('10 km / 2 km'), '10 km ÷ 2 km is a plain ratio (5), not a length: divide a quantity by a plain number.');
  assert.equal(said('12x14 ft to m2'), '“ft” is a unit of length: for an area, multiply the numbers and write the square unit once, 12 × 14 ft².');
  assert.match(said('12 ft x 14 ft') as string, /^Two quantities cannot be multiplied here: .*\(for an area, type 12 × 14 ft² on the Area converter\)\.$/);
  assert.equal(said('12 ft 6 in x 10 ft to m2'), '“ft” is a unit of length: for an area, write both sides in one unit, multiply the numbers and write the square unit once, 12.5 × 10 ft².');
  // Two numbers alone are no quantity: a search for years, not a range refused.
  assert.equal(said('2020-2024'), null);
  assert.equal(said('2020-2024 in review'), null);
});

test('water-column pressures as ventilator, HVAC and plumbing users type them: cmH2O and inH2O, both conventional', () => {
  // 1 cmH2O is 98.0665 Pa exactly (1000 kg/m³ × 1 cm × g₀), GNU units' `cm H2O`; before, “O” was an unknown unit.
  assert.deepEqual(said('20 cmH2O to hPa'), ['20 cmH₂O = 19.6133 hPa']);
  assert.deepEqual(said('1 cm H2O in Pa'), ['1 cmH₂O = 98.0665 Pa']);
  assert.deepEqual(said('10 centimetres of water to mbar'), ['10 cmH₂O = 9.80665 mbar']);
  assert.deepEqual(said('1 inH2O to cmH2O'), ['1 inH₂O = 2.54 cmH₂O']);
  assert.deepEqual(said('1 inch of water to Pa'), ['1 inH₂O = 249.08891 Pa']);
  // 1 mmH2O is 9.80665 Pa (GNU units' `mm H2O`); it was “Did you mean mmHg?”, 13.6 times larger.
  assert.deepEqual(said('10 mmH2O to Pa'), ['10 mmH₂O = 98.0665 Pa']);
  assert.deepEqual(said('10 mm H2O in Pa'), ['10 mmH₂O = 98.0665 Pa']);
  assert.deepEqual(said('25 mmWC to inH2O'), ['25 mmH₂O = 0.984252 inH₂O']);
});

test('the trades’ pressures in the box: pump head, duct static pressure as spec sheets write it, vacuum microns', () => {
  // Each was refused or misread before (“Unknown unit “O””, “Unknown unit “of””, 1 m read as a length).
  assert.deepEqual(said('10 ft H2O to psi'), ['10 ftH₂O = 4.335275 psi']);
  assert.deepEqual(said('10 feet of head to psi'), ['10 ftH₂O = 4.335275 psi']);
  assert.deepEqual(said('1 meters of water to Pa'), ['1 mH₂O = 9,806.65 Pa'], 'the water is no longer dropped');
  assert.deepEqual(said('5 m H2O to bar'), ['5 mH₂O = 0.490333 bar']);
  assert.deepEqual(said('0.5 in. w.c. to Pa'), ['0.5 inH₂O = 124.544455 Pa']);
  assert.deepEqual(said('0.5 in. H2O to Pa'), ['0.5 inH₂O = 124.544455 Pa']);
  assert.deepEqual(said('29.92 "Hg to hPa'), ['29.92 inHg = 1,013.207481 hPa']);
  assert.deepEqual(said('500 microns to Pa'), ['500 µmHg = 66.661194 Pa'], 'before a pressure, microns of mercury');
  assert.deepEqual(said('500 microns to mm'), ['500 µm = 0.5 mm'], 'before a length, micrometres');
});

test('the trades’ other units in the box: MBH, fpm, cfh, MWh, Dth, MMBtu, daN·m, cid; MBtu is asked about', () => {
  // Each was refused or sent to a unit of another size before (“Did you mean “fps”?”, 60× off; “cmh”, 35×).
  assert.deepEqual(said('100 MBH to kW'), ['100 MBH = 29.307107 kW']);
  assert.match(String(said('100 MBtu/h to kW')), /^“MBtu” is unclear/);
  assert.deepEqual(said('800 fpm to m/s'), ['800 ft/min = 4.064 m/s']);
  assert.deepEqual(said('10 cfh to L/min'), ['10 ft³/h = 4.719474 L/min']);
  assert.deepEqual(said('1 MWh to GJ'), ['1 MWh = 3.6 GJ']);
  assert.deepEqual(said('1 Dth to MMBtu'), ['1 Dth = 0.999761 MMBtu']);
  assert.deepEqual(said('2.5 daN·m to lbf ft'), ['2.5 daN·m = 18.439054 lbf·ft']);
  assert.deepEqual(said('350 cid to L'), ['350 in³ = 5.735472 L']);
});

test('running pace in the box: m:ss, min/km and min/mile, a pace answer also in m:ss', () => {
  // units -t '5.5 min/km' min/mile = 8.851392; units -t '1/(5.5 min/km)' km/hr = 10.909091.
  assert.deepEqual(said('5:30 min/km to min/mile'), ['5:30 min/km = 8.851392 min/mi = 8:51 min/mi (5 min 30 s)']);
  assert.deepEqual(said('5:30 min/km'), ['5:30 min/km = 6.778595 mph (5 min 30 s)', '5:30 min/km = 10.909091 km/h (5 min 30 s)']);
  assert.deepEqual(said('12 km/h to min/km'), ['12 km/h = 5 min/km']);
  assert.deepEqual(said('10 km/h to min/mile'), ['10 km/h = 9.656064 min/mi = 9:39 min/mi']);
  assert.deepEqual(said('6 min/km'), ['6 min/km = 6.213712 mph', '6 min/km = 10 km/h'], 'no longer “min is a unit of time”');
  // "per km" and "/mi" make a pace only right after an m:ss: a plain number per mile is a
  // rate of money (the IRS mileage rate), no 89.55 mph.
  assert.equal(said('0.67 per mile'), null);
  assert.equal(said('100 per km'), null);
  assert.deepEqual(said('5:30 per km'), said('5:30 min/km'));
  assert.deepEqual(said('5:30/km'), said('5:30 min/km'));
  assert.deepEqual(said('8:00/mi to min/km'), ['8:00 min/mi = 4.97097 min/km = 4:58 min/km (8 min)']);
  assert.deepEqual(said('6 min per km to km/h'), ['6 min/km = 10 km/h']);
  assert.deepEqual(said('8 min/mile to km/h'), ['8 min/mi = 12.07008 km/h']);
  assert.deepEqual(said('1:30 hours to minutes'), ['1:30 h = 90 min (1 h 30 min)']);
});

test('UK spellings in the box: the imperial unit, and a hint about an ounce typed with uk, imp or imperial names the imperial fluid ounce', () => {
  assert.deepEqual(said('4 imperial fl oz to ml'), ['4 imperial fluid ounces = 113.65225 mL']);
  assert.deepEqual(said('10 fl oz uk to ml'), ['10 imperial fluid ounces = 284.130625 mL']);
  assert.deepEqual(said('1 british pint to ml'), ['1 imperial pint = 568.26125 mL']);
  assert.equal(said('4 uk oz to ml'), '“oz” is a unit of weight, not volume. For imperial fluid ounces, type “imp fl oz”.');
  assert.match(String(said('1 imperial tablespoon in ml')), /UK recipes take a tablespoon as 15 mL/);
});

test('Australian (20 mL) and metric (15 mL) tablespoons in the box; a metric teaspoon is said to be 5 mL', () => {
  for (const typed of ['australian tablespoon', 'aus tbsp', 'au tbsp', 'australian tbsp']) assert.deepEqual(said(`1 ${typed} in ml`), ['1 aus tbsp = 20 mL'], typed);
  assert.deepEqual(said('2 aus tbsp honey in grams'), ['2 aus tbsp of honey = 56.32 g']);
  assert.deepEqual(said('1 metric tablespoon in ml'), ['1 metric tbsp = 15 mL']);
  assert.deepEqual(said('1 metric tbsp in tsp'), ['1 metric tbsp = 3.043262 tsp (in US teaspoons, as typed)']);
  assert.equal(said('1 metric teaspoon in ml'), '“metric teaspoon” is not read here: a metric teaspoon is 5 mL, so type the amount in mL (1 metric teaspoon = 5 mL); “tsp” is the US teaspoon, 4.928922 mL.');
  assert.match(String(said('2 metric tsp in ml')), /a metric teaspoon is 5 mL/);
  assert.deepEqual(said('1 metric ton in kg'), ['1 t = 1,000 kg'], 'metric before a unit that has it stays that unit');
});

test('words naming what is measured, before it, are ignored and said so; before a bare number they stay the search’s', () => {
  assert.deepEqual(said('weight 70 kg in lbs'), ['70 kg = 154.323584 lb (weight ignored)']);
  assert.deepEqual(said('body temperature 37 c in f'), ['37 °C = 98.6 °F (body temperature ignored)']);
  assert.deepEqual(said('my height 5 ft 10 in cm'), ['5 ft 10 in = 177.8 cm (my height ignored)']);
  assert.deepEqual(said('baby weight 7 lb 8 oz in kg'), ['7 lb 8 oz = 3.401943 kg (baby weight ignored)']);
  // "15 in cm" reads a bare 15 as inches; after a name it is no length.
  assert.match(String(said('iphone 15 in cm')), /^Unknown unit “iphone”/u);
  assert.equal(said('top 10 converters in 2024'), null);
  // A unit or currency word first is read as it was: no word is dropped from a quantity.
  assert.match(String(said('usd 100 to eur')), /^100 USD → EUR$/u);
});

test('words around a conversion that ask nothing more (today, now, current, conversion, calculator) are passed over', () => {
  assert.equal(said('usd to inr today'), '1 USD → INR');
  assert.equal(said('today usd to inr'), '1 USD → INR');
  assert.equal(said('current usd to inr'), '1 USD → INR');
  assert.equal(said('1 usd to inr now'), '1 USD → INR');
  assert.equal(said('usd to inr conversion'), '1 USD → INR');
  assert.deepEqual(said('10 km to miles conversion'), ['10 km = 6.213712 mi']);
  assert.deepEqual(said('5 ft to cm calculator'), ['5 ft = 152.4 cm']);
  assert.deepEqual(said('how many feet in a mile exactly'), ['1 mi = 5,280 ft']);
  // Around no conversion they are the search's.
  assert.equal(said('leap year calculator'), null);
  assert.equal(said('length converter'), null);
});

test('ci against a volume is an engine’s cubic inches, said so; against an activity the curie', () => {
  const ci = '(ci read as cubic inches, as engine sizes are written; the curie is Ci)';
  // units -t '350 in^3' L = 5.7354724; '5.7 L' 'in^3' = 347.83534.
  assert.deepEqual(said('350 ci to liters'), [`350 in³ = 5.735472 L ${ci}`]);
  assert.deepEqual(said('5.7 l to ci'), [`5.7 L = 347.835341 in³ ${ci}`]);
  assert.deepEqual(said('1 ci to bq'), ['1 Ci = 37,000,000,000 Bq']);
});

test('a blood pressure as it is written is two readings, not a fraction', () => {
  const bp = '(120/80 read as a blood pressure, two readings)';
  // units -t '120 mmHg' kPa = 15.998686; '80 mmHg' = 10.665791.
  assert.deepEqual(said('120/80 mmhg to kpa'), [`120 mmHg = 15.998686 kPa ${bp}`, `80 mmHg = 10.665791 kPa ${bp}`]);
  assert.deepEqual(said('120/80 mmHg'), [`120 mmHg = 15.998686 kPa ${bp}`, `80 mmHg = 10.665791 kPa ${bp}`], 'with no target, in kPa');
  assert.deepEqual(said('3/4 mmhg to pa'), ['3/4 mmHg = 99.991791 Pa'], 'a fraction stays one');
});

test('a word or two naming what is measured, between a quantity and its target, is ignored and said so', () => {
  assert.deepEqual(said('32 inch tv in cm'), ['32 in = 81.28 cm (tv ignored: a length is the same whatever it is of)']);
  assert.deepEqual(said('32 psi tire pressure in bar'), ['32 psi = 2.206322 bar (tire pressure ignored: a pressure is the same whatever it is of)']);
  assert.deepEqual(said('100 gaj plot in sq ft'), ['100 yd² = 900 ft² (plot ignored: an area is the same whatever it is of)']);
  // Never after a bare number, whose "in" would read as inches: a misspelled unit is the speller's.
  assert.match(String(said('5 feetz in cm')), /^Unknown unit “feetz”/u);
});

test('an amount and the unit wanted with no “to” between, as typed into a search engine, is read with one', () => {
  assert.deepEqual(said('5 feet cm'), ['5 ft = 152.4 cm']);
  assert.deepEqual(said('100 lbs kgs'), ['100 lb = 45.359237 kg']);
  assert.deepEqual(said('1 cup sugar grams'), ['1 US cup of granulated sugar = 200 g']);
  assert.deepEqual(said('5 square feet square meters'), ['5 ft² = 0.464515 m²']);
  assert.deepEqual(said('10 fl oz ml calculator'), ['10 US fluid ounces = 295.735296 mL']);
  // A height's inches with no "in" are still its inches, and a lone unit is no target.
  assert.deepEqual(said('5 ft 11'), ['5 ft 11 in = 1.8034 m']);
  assert.deepEqual(said('2 kg'), ['2 kg = 4.409245 lb']);
  assert.equal(said('3 pm est'), null);
});

test('a target that names only a system is the same measure in it: “5 imperial gallons to us”, “1 cup to metric”', () => {
  assert.deepEqual(said('5 imperial gallons to us'), ['5 imperial gallons = 6.00475 gal (in US gallons, as typed)']);
  assert.deepEqual(said('40 mpg uk to us'), ['40 miles per imperial gallon = 33.306967 mpg (in miles per US gallon, as typed)']);
  assert.deepEqual(said('10 gallons to imperial'), ['10 US gallons = 8.326742 imp gal (in imperial gallons, as typed)']);
  assert.deepEqual(said('1 uk ton to us'), ['1 UK long ton = 1.12 tons (in US short tons, as typed)']);
  assert.deepEqual(said('1 cup to metric'), ['1 US cup = 0.946353 metric cups']);
  // With no such measure in the other system, the reader's message, as before.
  assert.equal(said('5 kg to us'), '“µs” is a unit of time, not weight.');
});

test('an electricity bill’s unit is a kilowatt-hour, said so; other units stay unknown', () => {
  const note = '(a unit of electricity read as a kilowatt-hour, as electricity bills count)';
  assert.deepEqual(said('300 units to kwh'), [`300 units = 300 kWh ${note}`]);
  assert.deepEqual(said('100 units of electricity in joules'), [`100 units of electricity = 360,000,000 J ${note}`]);
  assert.deepEqual(said('1 unit in wh'), [`1 unit = 1,000 Wh ${note}`]);
  assert.match(String(said('10 units of insulin to ml')), /^Unknown unit “units”/u, 'not beside a volume');
  assert.equal(said('2 units'), null);
});

test('durations as timers write them: m after hours or before seconds is the minute; alone it is the metre', () => {
  assert.deepEqual(said('1h30m to minutes'), ['1 h 30 min = 90 min']);
  assert.deepEqual(said('1m30s to seconds'), ['1 min 30 s = 90 s']);
  assert.deepEqual(said('2 h 15 m to hours'), ['2 h 15 min = 2.25 h']);
  assert.deepEqual(said('5 m to ft'), ['5 m = 16.404199 ft']);
  assert.equal(said('90 m to min'), '“min” is a unit of time, not length.');
});

test('rice, uncooked or cooked, and rolled oats by the cup, as USDA FoodData Central weighs them', () => {
  assert.deepEqual(said('1 cup rice in grams'), ['1 US cup of rice, white, long-grain, uncooked = 185 g']);
  assert.deepEqual(said('2 cups basmati rice in grams'), ['2 US cups of rice, white, long-grain, uncooked = 370 g']);
  assert.deepEqual(said('1 cup of cooked rice in grams'), ['1 US cup of rice, white, long-grain, cooked = 158 g']);
  assert.deepEqual(said('1 cup oats in grams'), ['1 US cup of rolled oats, dry = 81 g']);
  assert.deepEqual(said('500 g oats in cups'), ['500 g of rolled oats, dry = 6.17 cups (in US cups, as typed)']);
});

test('a stick of butter is half a US cup, saying so; the link opens the card in cups with the stick typed', () => {
  const stick = '(a US stick of butter is 1/2 cup, 8 tbsp, 113 g)';
  assert.deepEqual(said('1 stick butter in grams'), [`1 stick of butter = 113.4 g ${stick}`]);
  assert.deepEqual(said('2 sticks of butter'), [`2 sticks of butter = 226.8 g ${stick}`, `2 sticks of butter = 1 cup ${stick}`]);
  assert.deepEqual(said('how many tablespoons in a stick of butter'), ['1 stick of butter = 8 tbsp (a US stick of butter is 1/2 cup, 8 tbsp, 113 g; in US tablespoons, as typed)']);
  assert.deepEqual(said('200 g butter to sticks'), [`200 g of butter = 1.76 sticks ${stick}`]);
  const href = (q: string): string => { const a = answer(q, data); return a?.kind === 'answers' ? a.answers[0].href : ''; };
  assert.equal(href('1 stick butter in grams'), '/cooking-converter?value=1+stick&from=cups&to=grams&ingredient=butter');
  assert.equal(href('200 g butter to sticks'), '/cooking-converter?value=200+g+to+sticks&from=grams&to=cups&ingredient=butter');
});

test('a UK cup of an ingredient opens the Cooking card in imperial cups, not in liters', () => {
  const a = answer('1 uk cup flour in grams', data);
  assert.ok(a?.kind === 'answers', JSON.stringify(a));
  assert.equal(a.answers[0].text, '1 imperial cup of all-purpose flour, spooned = 144.7 g');
  assert.equal(a.answers[0].href, '/cooking-converter?value=1+uk+cup&from=imperial_cups&to=grams&ingredient=flour_spooned');
});

test('words after a measure that name no unit are an unknown ingredient; level reads as nothing, heaped and scant are said to be inexact', () => {
  const unknown = (what: string): string => `Unknown ingredient “${what}”: the Cooking converter lists the ones it knows.`;
  assert.equal(said('1 cup lentils in grams'), unknown('lentils'));
  assert.equal(said('1 tsp baking soda'), unknown('baking soda'));
  assert.equal(said('1 cup chocolate chips in grams'), unknown('chocolate chips'));
  assert.equal(said('225g self-raising flour in cups'), unknown('self-raising flour'));
  assert.equal(said('8 oz cream cheese in cups'), unknown('cream cheese'));
  // Not after "of", where it may be what a volume holds, nor a unit's word.
  assert.match(String(said('1 gallon of paint in kg')), /^Between a volume and a weight of paint lies its density/);
  assert.deepEqual(said('5 ft 11 in to cm'), ['5 ft 11 in = 180.34 cm']);
  assert.deepEqual(said('1 level tsp salt in grams'), ['1 US teaspoon of table salt = 6 g']);
  const heaped = answer('1 heaped tbsp flour in grams', data);
  assert.ok(heaped?.kind === 'answers', JSON.stringify(heaped));
  assert.equal(heaped.answers[0].text, '1 US tablespoon of all-purpose flour, spooned = 7.53 g');
  assert.equal(heaped.answers[0].note, 'heaped read as level: a heaped, rounded or scant measure is not an exact one');
  assert.equal(said('1 stick to tbsp'), 'A stick is read with butter, as in “1 stick of butter to tbsp”.');
  assert.equal(said('3 sticks to g'), 'A stick is read with butter, as in “3 sticks of butter to g”.');
  assert.match(String(said('5 sticks to ft')), /^Unknown unit “sticks”/);
  const heapedT = answer('1 heaped T sugar to g', data);
  assert.ok(heapedT?.kind === 'answers' && heapedT.answers[0].text.startsWith('1 US tablespoon of granulated sugar = '), JSON.stringify(heapedT));
  assert.match(String(heapedT.answers[0].note), /heaped read as level/);
  const scant = answer('1 scant cup sugar in grams', data);
  assert.ok(scant?.kind === 'answers' && /^scant read as level/.test(scant.answers[0].note ?? ''), JSON.stringify(scant));
});

test('kitchen words: a pinch and a dash are said to be no measure; half a cup is 1/2 cup; “and” and “plus” between measures add', () => {
  const pinch = 'A pinch is about 1/16 teaspoon and a dash about 1/8: kitchen words for a little, not precise measures, so they are not converted here.';
  assert.equal(said('pinch'), pinch);
  assert.equal(said('a pinch of salt in grams'), pinch);
  assert.equal(said('dash'), 'A dash is about 1/8 teaspoon and a pinch about 1/16: kitchen words for a little, not precise measures, so they are not converted here.');
  assert.equal(said('em dash'), null);
  assert.deepEqual(said('half a cup in ml'), ['1/2 US cup = 118.294118 mL']);
  assert.deepEqual(said('half a pint in ml'), ['1/2 US pint = 236.588237 mL']);
  assert.deepEqual(said('half a cup of butter in grams'), ['1/2 US cup of butter = 113.4 g']);
  assert.deepEqual(said('how many ml in half a cup'), ['1/2 US cup = 118.294118 mL']);
  assert.deepEqual(said('1 and a half cups to ml'), ['1 1/2 US cups = 354.882355 mL']);
  assert.deepEqual(said('one and a half cups to ml'), ['1 1/2 US cups = 354.882355 mL (“one and a half” read as 1 1/2)'], 'no half cut out of "and a half"');
  assert.deepEqual(said('half marathon in miles'), ['A half marathon is 21.0975 km = 13.109379 mi'], 'a half before no unit is as typed: here the race, not 1/2 of one');
  assert.deepEqual(said('1 cup and 2 tbsp sugar in grams'), ['1 US cup + 2 US tablespoons of granulated sugar = 225 g']);
  assert.deepEqual(said('1 cup plus 2 tbsp in ml'), ['1 US cup + 2 US tablespoons = 266.161766 mL']);
});

test('number words: a scale after a number, numbers in words and “a” before a unit are read as the cards read them', () => {
  assert.deepEqual(said('1 million meters in km'), ['1 million m = 1,000 km']);
  assert.deepEqual(said('1 billion bytes in GB'), ['1 billion B = 1 GB']);
  assert.deepEqual(said('2.5 billion bytes in GB'), ['2.5 billion B = 2.5 GB']);
  assert.deepEqual(said('1.2 thousand km to mi'), ['1.2 thousand km = 745.645431 mi']);
  assert.deepEqual(said('one hundred meters in feet'), ['100 m = 328.08399 ft (“one hundred” read as 100)']);
  assert.deepEqual(said('two feet in cm'), ['2 ft = 60.96 cm (“two” read as 2)']);
  assert.deepEqual(said('twenty-five kg in lb'), ['25 kg = 55.115566 lb (“twenty-five” read as 25)']);
  assert.deepEqual(said('two hundred fifty g in oz'), ['250 g = 8.81849 oz (“two hundred fifty” read as 250)']);
  assert.deepEqual(said('a mile in km'), ['1 mi = 1.609344 km (“a” read as 1)']);
  assert.deepEqual(said('an inch in mm'), ['1 in = 25.4 mm (“an” read as 1)']);
  assert.deepEqual(said('a second in ms'), ['1 s = 1,000 ms (“a” read as 1)']);
  assert.deepEqual(said('how many feet in two miles'), ['2 mi = 10,560 ft (“two” read as 2)']);
  assert.equal(said('one hundred usd in eur'), '100 USD → EUR');
  assert.equal(said('a million usd in eur'), '1000000 USD → EUR');
  assert.equal(said('1 million usd in eur'), '1000000 USD → EUR');
  assert.deepEqual(said('1 million btu in kwh'), ['1 MMBtu = 293.07107 kWh'], 'a unit’s own words stay the unit');
  // Not numbers: "a" alone, ten inside a word, m the metre, the are's a after a number.
  assert.equal(said('a'), null);
  assert.equal(said('often'), null);
  assert.equal(said('tenth of a mile'), null);
  assert.equal(said('top ten converters'), null);
  assert.equal(said('a to b'), null, 'no message about “a” where it is no number');
  assert.equal(said('a guide to units'), null);
  assert.deepEqual(said('one hundred kb to mb'), ['100 kB = 0.1 MB (“one hundred” read as 100; kb and mb read as kB and MB, bytes; as kbit and Mbit, bits, the number is the same)'], 'a number in words reads as digits do, never “two numbers in a row”');
  assert.deepEqual(said('5 m to ft'), ['5 m = 16.404199 ft']);
  assert.deepEqual(said('5 a to m2'), ['5 a = 500 m²']);
  assert.ok(mayConvert('one hundred meters'));
});

test('a power of ten alone is read as 1 × 10 to that power is; other powers are refused', () => {
  assert.deepEqual(said('10^6 m to km'), ['1e6 m = 1,000 km (10^6 read as 1e6)']);
  assert.deepEqual(said('1x10^6 m to km'), ['1e6 m = 1,000 km']);
  assert.equal(said('2^10 m to km'), 'Powers (^) are read only as whole powers of 10 (10^6, 1.5 × 10^6): write the number out, or use e-notation such as 1e6.');
});

test('a gauge pressure in the box converts gauge to gauge and says so', () => {
  const gauge = '(gauge, as typed: the result is gauge too; absolute is 1 atm more, 1.01325 bar or 14.695949 psi)';
  assert.deepEqual(said('30 psig to bar'), [`30 psi = 2.068427 bar ${gauge}`]);
  assert.deepEqual(said('2 bar(g) in psi'), [`2 bar = 29.007548 psi ${gauge}`]);
  assert.deepEqual(said('30 psia to bar'), ['30 psi = 2.068427 bar']);
});

test('a temperature difference in the box is told it converts with the factor alone', () => {
  assert.match(String(said('20 delta F to C')), /^A temperature difference converts with the factor alone, not as a temperature reading: 20 °F of difference is 11\.11 K \(or °C\) of difference\. The Temperature converter’s FAQ/);
  assert.match(String(said('20 F to ΔC')), /^A temperature difference converts with the factor alone/);
});

test('the box never suggests a unit of another size for a trade symbol, nor a hint for one word of several', () => {
  for (const [query, unknown] of [
    ['1 cms to cfm', 'cms'], ['1 gpd to L/min', 'gpd'],
    ['1 kbar to psi', 'kbar'], ['1 mTorr to Pa', 'mTorr'], ['1 millitorr to Pa', 'millitorr'], ['1 Mcal to kWh', 'Mcal'], ['1 Gcal to kWh', 'Gcal'],
    ['1 cmHg to Pa', 'cmHg'],
  ]) {
    const message = String(said(query));
    assert.ok(message.startsWith(`Unknown unit “${unknown}”.`), `${query}: ${message}`);
    assert.doesNotMatch(message, /Did you mean/, query);
  }
  // Once hinted at mi/L for "miles" alone (4.5× off); the menu's name is now read itself.
  assert.deepEqual(said('40 miles per imperial gallon to L/100km'), ['40 miles per imperial gallon = 7.062023 L/100 km']);
});

test('mpg is said to be the US one, as gallons and tons are: a UK reader\'s mpg is imperial, 20% off', () => {
  assert.deepEqual(said('40 mpg to l/100km'), ['40 miles per US gallon = 5.880365 L/100 km']);
  assert.deepEqual(said('40 mpg UK to l/100km'), ['40 miles per imperial gallon = 7.062023 L/100 km']);
  assert.deepEqual(said('30 l/100km to mpg'), ['30 L/100 km = 7.840486 mpg (in miles per US gallon, as typed)']);
  assert.deepEqual(said('1 gpm to l/min'), ['1 US gallon per minute = 3.785412 L/min'], 'one gallon per minute, singular');
});

test('nm converted to a travel distance says it is the nanometre and how to type nautical miles', () => {
  const note = '(nm is the nanometre; for nautical miles type NM or nmi)';
  assert.deepEqual(said('250 nm to mi'), [`250 nm = 1.55343e-10 mi ${note}`]);
  assert.deepEqual(said('250 nm to km'), [`250 nm = 2.50000e-10 km ${note}`]);
  assert.deepEqual(said('250 nm to nmi'), [`250 nm = 1.34989e-10 nmi ${note}`]);
  assert.deepEqual(said('250 nm to ft'), [`250 nm = 0.00000082021 ft ${note}`]);
  assert.equal(said('250 nm to kt'), '“kt” is a unit of speed, not length. “nm” is the nanometre; for nautical miles type “NM” or “nmi”.');
  assert.deepEqual(said('5 nm to mm'), ['5 nm = 0.000005 mm'], 'a nanometre in millimetres needs no note');
  // Alone, nm is given in the length card's usual units (feet among them): a wavelength, no note.
  const alone = said('532 nm');
  assert.ok(Array.isArray(alone) && alone.length > 0 && alone.every((l) => l.startsWith('532 nm = ') && !l.includes('nautical')), String(alone));
  assert.deepEqual(said('250 NM to mi'), ['250 nmi = 287.694862 mi'], 'NM is the nautical mile');
});

test('a measure in brackets after a measure, as recipes print both, is the same amount, never added; the link keeps it as typed', () => {
  assert.deepEqual(said('1 cup (250ml) milk in grams'), ['1 US cup of milk = 242 g (250 mL in brackets read as the same amount, given another way, 5.7 % more)']);
  assert.deepEqual(said('4 oz (100 g) butter in cups'), ['4 oz (weight) of butter = 0.5 cups (100 g in brackets read as the same amount, given another way, 12 % less; in US cups, as typed)'], 'UK recipes round 1 oz to 25 g');
  assert.deepEqual(said('250ml (1 cup) milk in grams'), ['250 mL of milk = 255.72 g (1 US cup in brackets read as the same amount, given another way, 5.4 % less)']);
  assert.deepEqual(said('1 cup (8 fl oz) in ml'), ['1 US cup = 236.588237 mL (8 US fluid ounces in brackets read as the same amount, given another way)']);
  assert.deepEqual(said('5 ft (1.52 m) in cm'), ['5 ft = 152.4 cm (1.52 m in brackets read as the same amount, given another way)']);
  const a = answer('1 cup (250ml) milk in grams', data);
  assert.ok(a?.kind === 'answers' && a.answers[0].href === '/cooking-converter?value=1+cup+%28250ml%29&from=cups&to=grams&ingredient=milk', JSON.stringify(a));
  // Further apart than printed equivalents round, not one amount: refused, never added.
  assert.match(String(said('5 ft (11 in) to cm')), /^11 in in brackets is 82 % less than 5 ft, so it is not the same amount/);
  assert.match(String(said('2 tbsp (40 ml) to ml')), /An Australian tablespoon is 20 mL: type aus tbsp\.$/);
  assert.match(String(said('2 tbsp (40 ml) butter in grams')), /^40 mL in brackets is 35 % more than 2 US tablespoons.*type aus tbsp\.$/, 'with an ingredient too, not “tbsp is a unit of volume, not weight”');
  // A bracket with no unit, or first, or none: as before.
  assert.deepEqual(said('2*(3+4) m to cm'), ['2 × (3 + 4) m = 1,400 cm']);
  assert.deepEqual(said('(1+2) cups to tbsp'), ['(1 + 2) US cups = 48 tbsp (in US tablespoons, as typed)']);
  assert.deepEqual(said('1 cup 2 tbsp flour in grams'), ['1 US cup 2 US tablespoons of all-purpose flour, spooned = 135.55 g']);
});

test('an oven temperature typed with a bare degree and a Celsius or Fahrenheit target is on the other scale, saying so; never an angle or a cup', () => {
  assert.deepEqual(said('350° to c'), ['350 °F = 176.67 °C (° read as °F, as the target is °C)']);
  assert.equal(said('350° to k'), 'Say which scale 350° is on: “350 °F to K” or “350 °C to K”.', 'a kelvin target names no other scale (it said “km” is a unit of length, not angle)');
  assert.equal(said('300 degrees to rankine'), 'Say which scale 300 degrees is on: “300 °F to °R” or “300 °C to °R”.');
  assert.deepEqual(said('350 ° in c'), ['350 °F = 176.67 °C (° read as °F, as the target is °C)']);
  assert.deepEqual(said('350 degrees to c'), ['350 °F = 176.67 °C (degrees read as °F, as the target is °C)']);
  assert.deepEqual(said('350 degrees to celsius'), ['350 °F = 176.67 °C (degrees read as °F, as the target is °C)']);
  assert.deepEqual(said('350 deg to C'), ['350 °F = 176.67 °C (deg read as °F, as the target is °C)']);
  assert.deepEqual(said('350º to c'), ['350 °F = 176.67 °C (º read as °F, as the target is °C)'], 'the ordinal other keyboards type');
  assert.deepEqual(said('180° to f'), ['180 °C = 356 °F (° read as °C, as the target is °F)']);
  assert.deepEqual(said('180 degrees to fahrenheit'), ['180 °C = 356 °F (degrees read as °C, as the target is °F)']);
  const a = answer('350° to c', data);
  assert.ok(a?.kind === 'answers' && a.answers[0].href === '/temperature-converter?value=350+%C2%B0F&from=fahrenheit&to=celsius', JSON.stringify(a));
  // A scale typed, an angle's target or no target: as before.
  assert.deepEqual(said('350°f to c'), ['350 °F = 176.67 °C']);
  assert.deepEqual(said('90° to rad'), ['90° = 1.570796 rad']);
  assert.deepEqual(said('45 degrees in radians'), ['45° = 0.785398 rad']);
});

test('with an ingredient named, recipe cards’ T is a tablespoon and t a teaspoon, saying so; the ingredient is never dropped unsaid', () => {
  assert.deepEqual(said('3 T butter in grams'), ['3 US tablespoons of butter = 42.52 g (T read as tablespoon, as recipes write it)']);
  assert.deepEqual(said('2 T sugar in grams'), ['2 US tablespoons of granulated sugar = 25 g (T read as tablespoon, as recipes write it)']);
  assert.deepEqual(said('1 t salt in grams'), ['1 US teaspoon of table salt = 6 g (t read as teaspoon, as recipes write it)']);
  assert.deepEqual(said('3 T of butter in grams'), ['3 US tablespoons of butter = 42.52 g (T read as tablespoon, as recipes write it)']);
  // Spellings of the spoons that name no other unit.
  assert.deepEqual(said('1 tbl sugar in grams'), ['1 US tablespoon of granulated sugar = 12.5 g']);
  assert.deepEqual(said('1 tbls in ml'), ['1 US tablespoon = 14.786765 mL']);
  assert.deepEqual(said('1 tblsp in ml'), ['1 US tablespoon = 14.786765 mL']);
  assert.deepEqual(said('1 ts in ml'), ['1 US teaspoon = 4.928922 mL']);
  // Without an ingredient t is the tonne, as before; a measure of one the card has not says the ingredient is left out.
  assert.deepEqual(said('5 t to kg'), ['5 t = 5,000 kg']);
  assert.deepEqual(said('1 tonne of flour in kg'), ['1 t = 1,000 kg (flour ignored: a weight is the same whatever it is of)']);
});

test('a bare number before "in" and a length is in inches; a French height is metres and centimetres', () => {
  assert.deepEqual(said('3/4 in mm'), ['3/4 in = 19.05 mm']);
  assert.deepEqual(said('0.5 in mm'), ['0.5 in = 12.7 mm']);
  assert.deepEqual(said('1m80 in feet'), ['1 m 80 cm = 5.905512 ft']);
  assert.deepEqual(said('1 m 75 to ft'), ['1 m 75 cm = 5.74147 ft']);
  assert.match(String(said('2 km 80 to mi')), /80 has no unit/, 'only after metres');
});

test('a horse’s height in hands: 15.2 hh is 15 hands 2 inches, said so', () => {
  assert.deepEqual(said('15.2 hh in cm'), ['15 hh 2 in = 157.48 cm (15.2 hh read as 15 hands 2 inches, as horses are measured)']);
  assert.deepEqual(said('160 cm to hands and inches'), ['160 cm = 15 hh 2.99 in']);
  assert.match(String(said('15.5 hh to cm')), /so 15\.5 hh is no height: for 15\.5 hands, type 15 hh 2 in\./u);
});

test('air conditioning: a ton is a ton of refrigeration and its BTU a BTU per hour, said so', () => {
  const ton = 'ton read as a ton of refrigeration, as in air conditioning';
  const btu = 'BTU read as BTU/h, as air conditioners are rated';
  assert.deepEqual(said('12000 btu to tons'), [`12000 BTU/h = 1 TR (${ton}; ${btu})`]);
  assert.deepEqual(said('1.5 ton ac to kw'), [`1.5 TR = 5.275279 kW (${ton})`]);
  assert.deepEqual(said('how many btu is a 3 ton ac'), [`3 TR = 36,000 BTU/h (${ton}; ${btu})`]);
  assert.deepEqual(said('24000 btu ac in kw'), [`24000 BTU/h = 7.033706 kW (${btu})`]);
  assert.deepEqual(said('2 tons of cooling'), [`2 TR = 24,000 BTU/h (${ton})`, `2 TR = 7.033706 kW (${ton})`], 'with no target, in BTU/h and kW');
  assert.deepEqual(said('24000 btu ac'), [`24000 BTU/h = 2 TR (${btu})`, `24000 BTU/h = 7.033706 kW (${btu})`], 'with no target, in the other two units');
  assert.deepEqual(said('12000 btu/h ac'), ['12000 BTU/h = 1 TR', '12000 BTU/h = 3.516853 kW'], 'a BTU rate needs no note, only the words taken out');
  assert.deepEqual(said('9000 btuh heat pump to kw'), ['9000 BTU/h = 2.63764 kW']);
  assert.deepEqual(said('12000 btu per hour air conditioner in tons'), [`12000 BTU/h = 1 TR (${ton})`]);
  assert.deepEqual(said('5 tons to kg'), ['5 US short tons = 4,535.9237 kg'], 'a ton alone is a weight');
  assert.match(String(said('1 ton of coal to btu')), /is a unit of energy, not weight/, 'coal is no air conditioner');
  // A BTU asked in a unit of power, or a power in BTU, is the rating too (units -t '12000 btu/hr' kW = 3.5168528).
  assert.deepEqual(said('12000 btu to kw'), [`12000 BTU/h = 3.516853 kW (${btu})`]);
  assert.deepEqual(said('10 kw to btu'), [`10 kW = 34,121.416331 BTU/h (${btu})`]);
  assert.deepEqual(said('1 btu to j'), ['1 BTU = 1,055.055853 J'], 'energy to energy stays energy');
});

test('a plain g is the gram, and g-force where the other unit is an acceleration', () => {
  assert.deepEqual(said('3 g in m/s2'), ['3 gₙ = 29.41995 m/s²']);
  assert.deepEqual(said('9.8 m/s2 to g'), ['9.8 m/s² = 0.999322 gₙ']);
  assert.deepEqual(said('5 G to ft/s2'), ['5 gₙ = 160.870243 ft/s²']);
  assert.deepEqual(said('g force to m/s2'), ['1 gₙ = 9.80665 m/s²']);
  assert.deepEqual(said('3 g to kg'), ['3 g = 0.003 kg']);
  assert.deepEqual(said('5 gs to m/s2'), ['5 gₙ = 49.03325 m/s²']);
});

test('pt and pts are pints alone, and points beside a length unit (a word two categories share)', () => {
  assert.deepEqual(said('12 pt to px'), ['12 pt = 16 px']);
  assert.deepEqual(said('12 pts in mm'), ['12 pt = 4.233333 mm']);
  assert.deepEqual(said('16px to pt'), ['16 px = 12 pt']);
  assert.deepEqual(said('2 pt to cups'), ['2 US pints = 4 cups (in US cups, as typed)']);
  assert.deepEqual(said('12 pt'), ['12 US pints = 5.678118 L', '12 US pints = 1.5 gal'], 'alone, the pint keeps pt');
  assert.deepEqual(said('1920 px to cm'), ['1920 px = 50.8 cm']);
  assert.deepEqual(said('one point five meters'), ['1.5 m = 4.92126 ft (“one point five” read as 1.5)'], 'a point said between digits is a decimal point');
});

test('charge: C is Celsius alone and the coulomb beside a charge unit; mAh and Wh meet at a battery\'s voltage', () => {
  assert.deepEqual(said('5000 mah to c'), ['5000 mAh = 18,000 C']);
  assert.deepEqual(said('60 ah to coulombs'), ['60 Ah = 216,000 C']);
  assert.deepEqual(said('5000 milliamp hours to amp hours'), ['5000 mAh = 5 Ah']);
  assert.deepEqual(said('37 C to F'), ['37 °C = 98.6 °F']);
  const assumed = (reading: string) => `(3.7 V assumed, a lithium-ion cell’s nominal voltage: add the battery’s own, as in ${reading} at 12 V)`;
  assert.deepEqual(said('20000 mah power bank to wh'), [`20000 mAh at 3.7 V = 74 Wh ${assumed('20000 mAh')}`]);
  assert.deepEqual(said('2000 mah at 12v to wh'), ['2000 mAh at 12 V = 24 Wh']);
  assert.deepEqual(said('3.7v 5000mah in wh'), ['5000 mAh at 3.7 V = 18.5 Wh'], 'the voltage before the charge');
  assert.deepEqual(said('100 wh to mah'), [`100 Wh at 3.7 V = 27,027.027027 mAh ${assumed('100 Wh')}`], 'and back, an airline\'s limit');
  assert.deepEqual(said('100 wh at 3.85 v to mah'), ['100 Wh at 3.85 V = 25,974.025974 mAh']);
  assert.match(String(said('2 amps to mah')), /^Amps, volts, watts and ohms are not converted into each other here/u, 'a current is no charge');
});

test('current, voltage, resistance, capacitance and inductance: F is Fahrenheit alone and the farad beside a capacitance unit; MFD is the microfarad', () => {
  assert.deepEqual(said('10 uF to nF'), ['10 µF = 10,000 nF']);
  assert.deepEqual(said('100 pf to nf'), ['100 pF = 0.1 nF']);
  assert.deepEqual(said('1 F to µF'), ['1 F = 1,000,000 µF']);
  assert.deepEqual(said('4700 uf to f'), ['4700 µF = 0.0047 F'], 'a lower-case f beside a farad unit');
  assert.deepEqual(said('45 mfd to uf'), ['45 mfd = 45 µF']);
  assert.deepEqual(said('100 F to C'), ['100 °F = 37.78 °C']);
  assert.deepEqual(said('500 mA to A'), ['500 mA = 0.5 A']);
  assert.deepEqual(said('5 ma to a'), ['5 mA = 0.005 A'], 'a beside a current unit is the ampere, not the are');
  assert.deepEqual(said('250 µA in mA'), ['250 µA = 0.25 mA']);
  assert.deepEqual(said('3300 mv to v'), ['3300 mV = 3.3 V']);
  assert.deepEqual(said('4.7 k ohm to ohms'), ['4.7 kΩ = 4,700 Ω']);
  assert.deepEqual(said('10 Mohm to kohm'), ['10 MΩ = 10,000 kΩ'], 'Mohm is the megohm');
  assert.deepEqual(said('50 mohm to ohm'), ['50 mΩ = 0.05 Ω'], 'mohm the milliohm');
  assert.deepEqual(said('470 uh to mh'), ['470 µH = 0.47 mH']);
  assert.deepEqual(said('5 H to mH'), ['5 H = 5,000 mH'], 'H is the henry, h the hour');
  assert.deepEqual(said('2 h to minutes'), ['2 h = 120 min']);
});

test('a lab result from mg/dL to mmol/L or back, by the molar mass of the substance typed; glucose when none is, said so', () => {
  const glucose = 'glucose, 180.156 g/mol';
  const saidWith = (q: string) => {
    const a = answer(q, data);
    return a?.kind === 'answers' ? a.answers.map((x) => `${x.text} · ${x.note ?? ''}`) : a;
  };
  assert.deepEqual(saidWith('100 mg/dl to mmol/l'), [`100 mg/dL of glucose = 5.55 mmol/L · ${glucose}: read as blood glucose; for cholesterol or triglycerides type the word, as in 200 mg/dL cholesterol to mmol/L`]);
  assert.deepEqual(saidWith('blood sugar 120 mg/dl in mmol'), [`120 mg/dL of glucose = 6.66 mmol/L · ${glucose}`]);
  assert.deepEqual(said('5.5 mmol/l to mg/dl'), ['5.5 mmol/L of glucose = 99.09 mg/dL']);
  assert.deepEqual(said('mmol/l to mg/dl'), ['1 mmol/L of glucose = 18.02 mg/dL'], 'a pair named alone: its factor');
  assert.deepEqual(said('mg/dl to mmol/l'), ['1 mg/dL of glucose = 0.0555 mmol/L']);
  assert.deepEqual(said('200 mg/dl cholesterol to mmol/l'), ['200 mg/dL of cholesterol = 5.17 mmol/L']);
  assert.deepEqual(said('ldl 3.4 mmol/l in mg/dl'), ['3.4 mmol/L of cholesterol = 131.46 mg/dL']);
  assert.deepEqual(said('150 mg/dl triglycerides to mmol/l'), ['150 mg/dL of triglycerides = 1.69 mmol/L']);
  assert.deepEqual(said('creatinine 1.2 mg/dl to umol/l'), ['1.2 mg/dL of creatinine = 106.08 µmol/L']);
  assert.deepEqual(said('88 µmol/l creatinine to mg/dl'), ['88 µmol/L of creatinine = 0.995 mg/dL']);
  assert.deepEqual(said('cholesterol 5.2 mmol/l'), ['5.2 mmol/L of cholesterol = 201.06 mg/dL'], 'the substance named: no target needed');
  assert.deepEqual(said('glucose 1 g/l'), ['1 g/L of glucose = 5.55 mmol/L']);
  assert.deepEqual(said('100 mg/dl to g/l'), ['100 mg/dL = 1 g/L'], 'a mass per volume stays one');
  // The same figures from GNU units, with the molar masses as they are written here.
  const gnu = runGnuUnits([
    ['100 mg/dL / (180.156 g/mol)', 'mmol/L'],
    ['200 mg/dL / (386.654 g/mol)', 'mmol/L'],
    ['150 mg/dL / (885.7 g/mol)', 'mmol/L'],
    ['1.2 mg/dL / (113.12 g/mol)', 'micromol/L'],
    ['5.5 mmol/L * 180.156 g/mol', 'mg/dL'],
  ]).map((x) => Number(Number(x).toFixed(2)));
  assert.deepEqual(gnu, [5.55, 5.17, 1.69, 106.08, 99.09]);
});

test('lab results of more substances, each in the units its results come in: vitamin D, testosterone, iron, urea, uric acid, minerals, bilirubin', () => {
  assert.deepEqual(said('vitamin d 30 ng/ml to nmol/l'), ['30 ng/mL of vitamin D = 74.88 nmol/L']);
  assert.deepEqual(said('vitamin d 75 nmol/l'), ['75 nmol/L of vitamin D = 30.05 ng/mL'], 'named: the other unit of its results');
  assert.deepEqual(said('25-oh vitamin d 50 nmol/l to ng/ml'), ['50 nmol/L of vitamin D = 20.03 ng/mL']);
  assert.deepEqual(said('testosterone 500 ng/dl to nmol/l'), ['500 ng/dL of testosterone = 17.34 nmol/L']);
  assert.deepEqual(said('testosterone 17 nmol/l'), ['17 nmol/L of testosterone = 490.31 ng/dL']);
  assert.deepEqual(said('iron 100 ug/dl to umol/l'), ['100 µg/dL of iron = 17.91 µmol/L']);
  assert.deepEqual(said('bun 14 mg/dl to mmol/l'), ['14 mg/dL of urea nitrogen (BUN) = 5 mmol/L'], 'as its two nitrogen atoms');
  assert.deepEqual(said('urea 7 mmol/l to mg/dl'), ['7 mmol/L of urea = 42.04 mg/dL']);
  assert.deepEqual(said('uric acid 6 mg/dl to umol/l'), ['6 mg/dL of uric acid = 356.91 µmol/L']);
  assert.deepEqual(said('calcium 9.5 mg/dl'), ['9.5 mg/dL of calcium = 2.37 mmol/L']);
  assert.deepEqual(said('magnesium 2 mg/dl to mmol/l'), ['2 mg/dL of magnesium = 0.823 mmol/L']);
  assert.deepEqual(said('phosphorus 3.5 mg/dl'), ['3.5 mg/dL of phosphate (as phosphorus) = 1.13 mmol/L']);
  assert.deepEqual(said('bilirubin 1 mg/dl to umol/l'), ['1 mg/dL of bilirubin = 17.1 µmol/L']);
  assert.match(String(said('30 ng/ml to nmol/l')), /^A molar concentration becomes a mass per volume only through the molar mass/u, 'no substance: not read as glucose');
  assert.deepEqual(said('1 ng/ml to mg/l'), ['1 ng/mL = 0.001 mg/L'], 'a mass per volume stays one');
  const gnu = runGnuUnits([
    ['30 ng/mL / (400.64 g/mol)', 'nmol/L'],
    ['500 ng/dL / (288.42 g/mol)', 'nmol/L'],
    ['100 microgram/dL / (55.845 g/mol)', 'micromol/L'],
    ['14 mg/dL / (28.014 g/mol)', 'mmol/L'],
    ['7 mmol/L * 60.06 g/mol', 'mg/dL'],
    ['6 mg/dL / (168.11 g/mol)', 'micromol/L'],
    ['9.5 mg/dL / (40.078 g/mol)', 'mmol/L'],
    ['3.5 mg/dL / (30.974 g/mol)', 'mmol/L'],
    ['1 mg/dL / (584.66 g/mol)', 'micromol/L'],
  ]).map((x) => Number(Number(x).toFixed(2)));
  assert.deepEqual(gnu, [74.88, 17.34, 17.91, 5, 42.04, 356.91, 2.37, 1.13, 17.1]);
});

test('linear density: lb/ft, kg/m, lb/yd rail, denier, tex and dtex', () => {
  assert.deepEqual(said('1.05 lb/ft to kg/m'), ['1.05 lb/ft = 1.562572 kg/m']);
  assert.deepEqual(said('70 denier to dtex'), ['70 den = 77.777778 dtex']);
  assert.deepEqual(said('40 tex to denier'), ['40 tex = 360 den']);
  assert.deepEqual(said('132 lb/yd to kg/m'), ['132 lb/yd = 65.479214 kg/m']);
  assert.deepEqual(said('10 lbf/ft to N/m'), ['10 lbf/ft = 145.939029 N/m'], 'lbf/ft stays a force per length');
});

test('spring rate and surface tension: lb/in, N/mm, kg/mm, dyn/cm', () => {
  assert.deepEqual(said('450 lb/in to n/mm'), ['450 lbf/in = 78.807076 N/mm']);
  assert.deepEqual(said('8 kg/mm to lb/in'), ['8 kgf/mm = 447.979317 lbf/in'], 'a coilover maker\'s kg/mm is kilograms-force');
  assert.deepEqual(said('72.8 dyn/cm to mN/m'), ['72.8 dyn/cm = 72.8 mN/m']);
  assert.deepEqual(said('3 kN/m to plf'), ['3 kN/m = 205.565298 lbf/ft']);
});

test('mass flow rate: lb/h, kg/h, t/h, g/s and pph', () => {
  assert.deepEqual(said('10000 lb/hr to kg/hr'), ['10000 lb/h = 4,535.9237 kg/h']);
  assert.deepEqual(said('5 g/s to lb/min'), ['5 g/s = 0.661387 lb/min']);
  assert.deepEqual(said('1 kg/s to t/h'), ['1 kg/s = 3.6 t/h']);
  assert.deepEqual(said('2000 pph to kg/h'), ['2000 lb/h = 907.18474 kg/h'], 'pph, aviation fuel flow');
});

test('HbA1c: the NGSP percent and IFCC mmol/mol by the master equation, named or not; a % alone is no HbA1c result', () => {
  assert.deepEqual(said('7% to mmol/mol'), ['7 % = 53 mmol/mol']);
  assert.deepEqual(said('58 mmol/mol to %'), ['58 mmol/mol = 7.5 %']);
  assert.deepEqual(said('hba1c 6.5%'), ['6.5 % = 47.5 mmol/mol']);
  assert.deepEqual(said('my HbA1c is 8.2 percent'), ['8.2 % = 66.1 mmol/mol']);
  assert.deepEqual(said('a1c 7'), ['7 % = 53 mmol/mol'], 'a number under 20 is a percent');
  assert.deepEqual(said('hba1c 48'), ['48 mmol/mol = 6.5 %']);
  assert.deepEqual(said('A1C of 53 mmol/mol in percent'), ['53 mmol/mol = 7 %']);
  assert.deepEqual(said('glycated haemoglobin 42 mmol/mol'), ['42 mmol/mol = 6 %']);
  assert.deepEqual(said('48 ifcc to ngsp'), ['48 mmol/mol = 6.5 %']);
  assert.deepEqual(said('hemoglobin a1c 6.1'), ['6.1 % = 43.2 mmol/mol']);
  assert.deepEqual(said('hba1c 6,5%'), ['6.5 % = 47.5 mmol/mol'], 'a decimal comma, as European reports write it');
  assert.deepEqual(said('HbA1c: 7%'), ['7 % = 53 mmol/mol']);
  assert.deepEqual(said('a1c 7 = ? mmol/mol'), ['7 % = 53 mmol/mol'], '= asks for the unit after it');
  assert.deepEqual(said('hba1c = 48'), ['48 mmol/mol = 6.5 %']);
  assert.deepEqual(said('a1c of 7 to mmol'), ['7 % = 53 mmol/mol']);
  assert.equal(said('a1c to mmol/mol'), null, 'no number: the search finds the page, and no "a" of area is read');
  for (const share of ['20%', '5% of 200', '15 % to mmol']) assert.equal(said(share), null, share);
  assert.deepEqual(said('61% IACS to MS/m'), ['61 %IACS = 35.38 MS/m'], 'a % of another unit is that unit');
});

test('magnetic field strength: the oersted is 1,000/(4π) A/m, exactly both ways', () => {
  assert.deepEqual(said('12 kOe to kA/m'), ['12 kOe = 954.929659 kA/m']);
  assert.deepEqual(said('40 A/m to Oe'), ['40 A/m = 0.502655 Oe']);
  assert.deepEqual(said('954.929659 kA/m to kOe'), ['954.929659 kA/m = 12 kOe']);
});

test('irradiance and heat flux: W/m², BTU/(h·ft²), mW/cm² and the solar panel\'s sun', () => {
  assert.deepEqual(said('1000 w/m2 to btu/hr ft2'), ['1000 W/m² = 316.998331 BTU/(h·ft²)']);
  assert.deepEqual(said('5 mW/cm2 to W/m2'), ['5 mW/cm² = 50 W/m²']);
  assert.deepEqual(said('1 sun to w/m2'), ['1 sun = 1,000 W/m²']);
  assert.deepEqual(said('1361 W/m2 in suns'), ['1361 W/m² = 1.361 suns']);
});

test('specific heat capacity: J/(g·°C), J/(kg·K), cal/(g·°C) and BTU/(lb·°F)', () => {
  assert.deepEqual(said('2.5 J/g C to J/kg K'), ['2.5 J/(g·°C) = 2,500 J/(kg·K)']);
  assert.deepEqual(said('1 cal/g C to J/g C'), ['1 cal/(g·°C) = 4.184 J/(g·°C)']);
  assert.deepEqual(said('900 J/kgK to btu/lb F'), ['900 J/(kg·K) = 0.214961 BTU/(lb·°F)']);
});

test('thermal conductivity: W/mK, mW/mK, the US k-value and BTU/(h·ft·°F)', () => {
  assert.deepEqual(said('0.035 W/mK to k value'), ['0.035 W/(m·K) = 0.242672 BTU·in/(h·ft²·°F) (in US k-value, as typed)']);
  assert.deepEqual(said('1 w/m k to btu/h ft F'), ['1 W/(m·K) = 0.577789 BTU/(h·ft·°F)']);
  assert.deepEqual(said('22 mW/mK to W/mK'), ['22 mW/(m·K) = 0.022 W/(m·K)']);
  assert.deepEqual(said('1 kcal/h m C to W/mK'), ['1 kcal/(h·m·°C) = 1.163 W/(m·K)']);
});

test('degrees per second, a gyroscope\'s dps, beside rpm and rad/s', () => {
  assert.deepEqual(said('360 deg/s to rpm'), ['360 °/s = 60 rpm']);
  assert.deepEqual(said('2000 dps to rpm'), ['2000 °/s = 333.333333 rpm']);
  assert.deepEqual(said('1 rad/s to deg/s'), ['1 rad/s = 57.29578 °/s']);
  assert.deepEqual(said('45 deg to rad'), ['45° = 0.785398 rad'], 'deg alone stays the angle');
});

test('conductivity: µS/cm, mS/cm, dS/m, CF and % IACS; cf alone is the cubic foot; a TDS meter\'s ppm on each scale', () => {
  assert.deepEqual(said('500 us/cm to ms/cm'), ['500 µS/cm = 0.5 mS/cm']);
  assert.deepEqual(said('4 ds/m to us/cm'), ['4 dS/m = 4,000 µS/cm']);
  assert.deepEqual(said('10 CF to mS/cm'), ['10 CF = 1 mS/cm']);
  assert.deepEqual(said('61% IACS to MS/m'), ['61 %IACS = 35.38 MS/m']);
  assert.deepEqual(said('10 cf to gallons'), ['10 ft³ = 74.805195 gal (in US gallons, as typed)'], 'cf is the cubic foot, CF the conductivity factor');
  const scales = ['on the 500 scale (sodium chloride, common on US meters)', 'on the 640 scale (some Eutech meters)', 'on the 700 scale (the 442 mix, common in Europe and Australia)'];
  assert.deepEqual(said('1.5 mS/cm to ppm'), scales.map((s, i) => `1.5 mS/cm ≈ ${['750', '960', '1,050'][i]} ppm ${s}`));
  assert.deepEqual(said('ec 1.8 to ppm'), scales.map((s, i) => `1.8 mS/cm ≈ ${['900', '1,152', '1,260'][i]} ppm ${s}`), 'a grower\'s EC is in mS/cm');
  assert.deepEqual(said('cf 15 to ppm'), scales.map((s, i) => `15 CF ≈ ${['750', '960', '1,050'][i]} ppm ${s}`));
  assert.deepEqual(said('1000 ppm to us/cm'), scales.map((s, i) => `1,000 ppm ${s} ≈ ${['2,000', '1,563', '1,429'][i]} µS/cm`));
  assert.deepEqual(said('750 ppm to ec'), scales.map((s, i) => `750 ppm ${s} ≈ ${['1.5', '1.172', '1.071'][i]} mS/cm`));
  assert.match(String(said('ppm to mg/l')), /^Parts per million are not converted here/u, 'a ppm with no conductivity is no TDS question: the water rule (notConverted.ts)');
});

test('molar concentration: mM, µM, nM and pM read with their case; a clock time is no picomolar; mol/L to g/L needs a molar mass', () => {
  assert.deepEqual(said('5 mM to uM'), ['5 mmol/L = 5,000 µmol/L']);
  assert.deepEqual(said('5 mm to um'), ['5 mm = 5,000 µm'], 'mm and um stay lengths');
  assert.deepEqual(said('100 nM to pM'), ['100 nmol/L = 100,000 pmol/L']);
  assert.deepEqual(said('2 molar to millimolar'), ['2 mol/L = 2,000 mmol/L']);
  assert.deepEqual(said('1 M to mM'), ['1 mol/L = 1,000 mmol/L']);
  assert.deepEqual(said('5 mmol/l to mol/m3'), ['5 mmol/L = 5 mol/m³']);
  assert.deepEqual(said('2 m to ft'), ['2 m = 6.56168 ft']);
  for (const clock of ['3 pm', '3 PM', '10 pm to am', '10:30 p.m.']) assert.equal(answer(clock, data), null, `${clock}: a time of day`);
  const needsMolarMass = /^A molar concentration becomes a mass per volume only through the molar mass of what is dissolved/u;
  assert.match(String(said('1 mol/l to g/l')), needsMolarMass);
  assert.match(String(said('58.44 g/l to M')), needsMolarMass);
  assert.deepEqual(said('glucose 1 mol/l to g/l'), ['1 mol/L of glucose = 180.16 g/L'], 'with the substance named, any molar unit');
  assert.deepEqual(said('cholesterol 5.2 mM'), ['5.2 mmol/L of cholesterol = 201.06 mg/dL']);
  assert.deepEqual(said('100 mg/dl to uM'), ['100 mg/dL of glucose = 5,550.74 µmol/L']);
});

test('G is g-force alone and the gauss beside a field unit; T is the tesla, t the tonne', () => {
  assert.deepEqual(said('1 G to µT'), ['1 G = 100 µT']);
  assert.deepEqual(said('3 T to gauss'), ['3 T = 30,000 G']);
  assert.deepEqual(said('150 mG to uT'), ['150 mG = 15 µT']);
  assert.deepEqual(said('50 ut in mg'), ['50 µT = 500 mG'], 'mg beside a field unit is the milligauss');
  assert.deepEqual(said('5 G to ft/s2'), ['5 gₙ = 160.870243 ft/s²']);
  assert.deepEqual(said('2 t to kg'), ['2 t = 2,000 kg']);
  assert.deepEqual(said('100 KG to lb'), ['100 kg = 220.462262 lb'], 'no kilogauss makes KG ask');
});

test('a power after a slashed unit may be typed with a caret: m/s^2, kg/m^3', () => {
  assert.deepEqual(said('10 m/s^2 to g'), ['10 m/s² = 1.019716 gₙ']);
  assert.deepEqual(said('1 kg/m^3 to g/cm3'), ['1 kg/m³ = 0.001 g/cm³']);
  assert.deepEqual(said('1000 kg/m3 to lb/ft^3'), ['1000 kg/m³ = 62.427961 lb/ft³']);
  assert.deepEqual(said('1 kg/m ^ 3 to g/cm^3'), ['1 kg/m³ = 0.001 g/cm³']);
  assert.match(String(said('2^10 m to km')), /^Powers \(\^\) are read only as whole powers of 10/u, 'other powers are still refused');
});

test('an R-value as US insulation is labelled (R-13) is the US R-value, said so; R after an insulation value is the R-value', () => {
  assert.deepEqual(said('R-13'), ['13 ft²·°F·h/BTU = 2.289432 m²·K/W (R-13 read as a US R-value)', '13 ft²·°F·h/BTU = 0.436789 W/(m²·K) (R-13 read as a US R-value)']);
  assert.deepEqual(said('r19 insulation in metric'), ['19 ft²·°F·h/BTU = 3.346093 m²·K/W (R-19 read as a US R-value)']);
  assert.deepEqual(said('R-30 to u value'), ['30 ft²·°F·h/BTU = 0.189275 W/(m²·K) (R-30 read as a US R-value)']);
  assert.deepEqual(said('rsi 2.5 to r'), ['2.5 m²·K/W = 14.195658 ft²·°F·h/BTU']);
  assert.deepEqual(said('0.26 w/m2k in r'), ['0.26 W/(m²·K) = 21.839474 ft²·°F·h/BTU']);
  assert.deepEqual(said('5 K to R'), ['5 K = 9 °R'], 'R after a temperature is the rankine');
  assert.equal(said('r-134a'), null, 'a refrigerant');
});

test('amounts converted by name: the speed of light, absolute zero, water boiling and freezing, a body’s temperature', () => {
  assert.deepEqual(said('what is the speed of light in mph'), ['The speed of light is 299,792,458 m/s = 670,616,629.384395 mph']);
  assert.deepEqual(said('speed of light'), ['The speed of light is 299,792,458 m/s = 1,079,252,848.8 km/h', 'The speed of light is 299,792,458 m/s = 670,616,629.384395 mph']);
  assert.deepEqual(said('absolute zero in f'), ['Absolute zero is 0 K = -459.67 °F']);
  assert.deepEqual(said('boiling point of water in f'), ['Water boils at 100 °C = 212 °F at sea level']);
  assert.deepEqual(said('freezing point of water in f'), ['Water freezes at 0 °C = 32 °F']);
  assert.deepEqual(said('body temperature in f'), ['A body’s usual temperature is about 37 °C = 98.6 °F (it varies a little from person to person)']);
  assert.match(String(said('speed of light in m')), /is a unit of length, not speed/u);
  // With no number nor "in", the search box asks about them too (searchWords.mayConvert).
  for (const q of ['speed of light', 'body temperature', 'boiling point of water', 'leap year']) assert.ok(mayConvert(q), `the box reads “${q}”`);
});

test('a bushel of grain by weight: the US standard weight per bushel, said so; by volume, a bushel is a volume', () => {
  const note = (crop: string) => `(the US standard weight of a bushel of ${crop}, not its volume)`;
  assert.deepEqual(said('1 bushel of wheat in kg'), [`A bushel of wheat is traded as 60 lb = 27.215542 kg ${note('wheat')}`]);
  assert.deepEqual(said('100 bushels of soybeans to tonnes'), [`100 bushels of soybeans are traded as 6,000 lb = 2.721554 t ${note('soybeans')}`]);
  assert.deepEqual(said('2.5 bushels of barley'), [`2.5 bushels of barley are traded as 120 lb = 54.431084 kg ${note('barley')}`], 'no target: kilograms');
  // Asked in pounds: said with its kilograms, as the pounds alone would repeat the question.
  assert.deepEqual(said('bushel of corn to lbs'), [`A bushel of shelled corn is traded as 56 lb = 25.401173 kg ${note('shelled corn')}`]);
  for (const q of ['how much does a bushel of oats weigh', 'weight of a bushel of oats', 'bushel of oats weight']) {
    assert.deepEqual(said(q), [`A bushel of oats is traded as 32 lb = 14.514956 kg ${note('oats')}`], q);
  }
  assert.deepEqual(said('a bushel of rye in grams'), [`A bushel of rye is traded as 56 lb = 25,401.17272 g ${note('rye')}`]);
  // A volume asked is a volume; a crop without a standard weight keeps the density's message.
  assert.deepEqual(said('1 bushel of wheat in liters'), ['1 US bushel = 35.23907 L (wheat ignored: a volume is the same whatever it holds)']);
  assert.match(String(said('2 bushels of apples in pounds')), /^Between a volume and a weight of apples lies its density/u);
  assert.deepEqual(said('3 pecks to bushels'), ['3 US pecks = 0.75 bu (in US bushels, as typed)']);
});

test('a marathon is 42.195 km and a half marathon 21.0975 km; a Mach number is said not to convert', () => {
  assert.deepEqual(said('marathon in miles'), ['A marathon is 42.195 km = 26.218757 mi']);
  assert.deepEqual(said('how long is a marathon'), ['A marathon is 42.195 km = 26.218757 mi']);
  assert.deepEqual(said('how many km in a half marathon'), ['A half marathon is 21.0975 km']);
  assert.deepEqual(said('half-marathon in meters'), ['A half marathon is 21.0975 km = 21,097.5 m']);
  assert.equal(said('marathon training'), null, 'a search, not a unit');
  assert.match(String(said('marathon to kg')), /is a unit of weight, not length/);
  assert.match(String(said('mach 1 in mph')), /^A Mach number is not converted here: .* Mach 1 is 340\.3 m\/s \(1,225 km\/h, 761 mph\) at sea level \(15 °C\) and 295\.1 m\/s \(1,062 km\/h, 660 mph\) from 11 km up/u);
  assert.match(String(said('mach 2')), /Mach 2 is 680\.6 m\/s \(2,450 km\/h, 1,522 mph\) at sea level/u);
  assert.match(String(said('1000 km/h to mach')), /^A Mach number is not converted here/u);
});

test('a leap year is 366 days and a common year 365, each said with the other and the Gregorian average', () => {
  const note = ' (a common year 365 d; the Gregorian year averages 365.2425 d)';
  assert.deepEqual(said('leap year in days'), [`A leap year is 366 d${note}`]);
  assert.deepEqual(said('how many hours in a leap year'), [`A leap year is 366 d = 8,784 h${note}`]);
  assert.deepEqual(said('common year in weeks'), ['A common year is 365 d = 52.142857 wk (a leap year 366 d)']);
  assert.deepEqual(said('1 year in days'), ['1 yr = 365.2425 d'], 'the year unit is still the Gregorian average');
  assert.equal(said('leap year calculator'), null, 'a search');
});

test('a speed reached in a time is an average acceleration, and a distance covered in a time an average speed', () => {
  assert.deepEqual(said('0 to 60 mph in 3 seconds in g'), ['0–60 mph in 3 s = 0.911708 gₙ'], '26.8224 m/s ÷ 3 s = 8.9408 m/s²');
  assert.deepEqual(said('0-100 km/h in 5.2 s'), ['0–100 km/h in 5.2 s = 0.54472 gₙ', '0–100 km/h in 5.2 s = 5.34188 m/s²']);
  assert.deepEqual(said('30 to 70 mph in 4.5 seconds in m/s2'), ['30–70 mph in 4.5 s = 3.973689 m/s²']);
  assert.deepEqual(said('100 m in 9.58 seconds'), ['100 m in 9.58 s = 37.578288 km/h', '100 m in 9.58 s = 23.350066 mph']);
  assert.deepEqual(said('5 km in 20 minutes to mph'), ['5 km in 20 min = 9.320568 mph']);
  assert.deepEqual(said('a mile in 4 min'), ['1 mi in 4 min = 24.14016 km/h', '1 mi in 4 min = 15 mph']);
  assert.deepEqual(said('26.2 miles in 3 hours 30 minutes to mph'), ['26.2 mi in 3 h 30 min = 7.485714 mph']);
  assert.deepEqual(said('5 ft in cm'), ['5 ft = 152.4 cm'], 'a length asked in a length stays a conversion');
  assert.deepEqual(said('1 hour in minutes'), ['1 h = 60 min']);
});

test('a room’s sides asked in square feet get the Area card’s message, "by" as times', () => {
  const room = '“ft” is a unit of length: for an area, multiply the numbers and write the square unit once, 10 × 12 ft².';
  assert.equal(said('10 x 12 feet in square feet'), room, 'not ““ft²” is a unit of area, not length”');
  assert.equal(said('10x12 feet in square feet'), room);
  assert.match(String(said('12 by 15 feet in square feet')), /write the square unit once, 12 × 15 ft²\./u);
  assert.deepEqual(said('2 x 3 m to ft'), ['2 × 3 m = 19.685039 ft'], 'a length times a number is a length');
});

test('a height in feet with decimals that may be inches gets that reading too, after the literal one', () => {
  assert.deepEqual(said('5.10 ft to cm'), ['5.10 ft = 155.448 cm', '5 ft 10 in = 177.8 cm (if 5.10 meant 5 feet 10 inches)']);
  assert.deepEqual(said('5.6 feet in cm'), ['5.6 ft = 170.688 cm', '5 ft 6 in = 167.64 cm (if 5.6 meant 5 feet 6 inches)']);
  assert.deepEqual(said('5.11 ft'), ['5.11 ft = 1.557528 m', '5 ft 11 in = 1.8034 m (if 5.11 meant 5 feet 11 inches)']);
  // No person's height, or decimals no inch count can be: as typed only.
  for (const q of ['12.5 ft to m', '5.12 ft to cm', '5.25 ft to cm', '1.5 ft to cm', '5.10 m to ft']) assert.equal((said(q) as string[]).length, 1, q);
  assert.deepEqual(said('5 ft 10 in to cm'), ['5 ft 10 in = 177.8 cm']);
});

test('a volume asked in the cube of a length that is its own unit says the typed name on the right, not “1 mL = 1 mL”', () => {
  assert.deepEqual(said('1 mL to cm^3'), ['1 mL = 1 cm³ (the same unit)']);
  assert.deepEqual(said('1 l to dm3'), ['1 l = 1 dm³ (the same unit)']);
  assert.deepEqual(said('2 ml in cc'), ['2 ml = 2 cc (the same unit)']);
  assert.deepEqual(said('2 ml to cubic centimeters'), ['2 ml = 2 cubic centimeters (the same unit)']);
  assert.deepEqual(said('5 cc to ml'), ['5 cc = 5 mL'], 'typed on the left already');
  assert.deepEqual(said('5 kg to kg'), ['5 kg = 5 kg'], 'the same word is left alone');
});

test('kb in lower case beside bytes, or alone, answers in kilobytes first, then as typed by its case, in kilobits', () => {
  assert.deepEqual(said('1 kb to bytes'), ['1 kB = 1,000 B (kb read as kB, kilobytes)', '1 kbit = 125 B (kb as kbit, kilobits, by its case)']);
  // Alone, the kilobytes' first line ("1 kB" alone also reads 0.001 MB) beside the kilobits' one.
  assert.deepEqual(said('1 kb'), ['1 kB = 1,000 B (kb read as kB, kilobytes)', '1 kbit = 125 B (kb as kbit, kilobits, by its case)']);
  assert.deepEqual(said('1 Kb'), ['1 kbit = 125 B'], 'alone too, a capital says it is typed with care');
  assert.deepEqual(said('1 kb to bits'), ['1 kbit = 1,000 bit'], 'beside bits, the kilobit alone');
  assert.deepEqual(said('1 Kb to bytes'), ['1 kbit = 125 B'], 'a capital says it is typed with care');
});

test('a pair with no number from a compound, which has pair pages only as a target, is answered with each part’s fact and page', () => {
  const pages = (q: string) => {
    const a = answer(q, data);
    return a?.kind === 'answers' ? a.answers.map((x) => [x.text, x.pair?.href]) : a;
  };
  assert.deepEqual(pages('feet and inches to cm'), [
    ['1 ft = 30.48 cm', '/length-converter/feet-to-centimeters'],
    ['1 in = 2.54 cm', '/length-converter/inches-to-centimeters'],
  ]);
  assert.deepEqual(pages('stones and pounds to kg'), [
    ['1 st = 6.350293 kg', '/weight-converter/stones-to-kilograms'],
    ['1 lb = 0.453592 kg', '/weight-converter/pounds-to-kilograms'],
  ]);
  assert.deepEqual(pages('ft in to m'), [
    ['1 ft = 0.3048 m', '/length-converter/feet-to-meters'],
    ['1 in = 0.0254 m', '/length-converter/inches-to-meters'],
  ], 'in is the inch here: the target follows the last separator');
  assert.equal(answer('feet and inches to kg', data), null, 'two kinds: left to the search');
});

test('an arrow reads as “to” for every kind of question, not only a plain conversion', () => {
  assert.deepEqual(said('R-13 → metric'), ['13 ft²·°F·h/BTU = 2.289432 m²·K/W (R-13 read as a US R-value)']);
  assert.deepEqual(said('10 km -> pace'), said('10 km to pace'));
  assert.match(String(said('10 km → pace')), /^A pace is minutes per kilometer/);
  assert.deepEqual(said('100 mW => dBm'), ['100 mW = 20 dBm']);
  assert.deepEqual(said('7.5 hours → hours and minutes'), ['7.5 h = 7 h 30 min']);
});

test('“decimal” before a unit only says the number has a point; a pair in parts with no number is shown on an amount that fills it', () => {
  assert.deepEqual(said('7.5 decimal hours to hours and minutes'), ['7.5 h = 7 h 30 min']);
  assert.deepEqual(said('5.75 decimal feet to feet and inches'), ['5.75 ft = 5 ft 9 in']);
  assert.deepEqual(said('45.5 decimal degrees to radians'), ['45.5° = 0.794125 rad']);
  assert.equal(said('decimal to binary'), null, 'no unit after it: left to the search');
  // With no target, in the parts such a number is looked up for.
  assert.deepEqual(said('2.25 decimal hours'), ['2.25 h = 2 h 15 min']);
  assert.deepEqual(said('7.5 decimal pounds'), ['7.5 lb = 7 lb 8 oz']);
  assert.deepEqual(said('2.25 hours'), ['2.25 h = 135 min'], 'not said to be decimal: as before');
  assert.deepEqual(said('3 decimal minutes'), said('3 minutes'), 'a whole number has no parts to show');
  assert.deepEqual(said('2.25 decimal hours to minutes'), ['2.25 h = 135 min'], 'a target typed is kept');
  // 1, 10, 100 and 1,000 s are all under an hour: 10,000 s fills hours, minutes and seconds.
  assert.deepEqual(said('seconds to hours minutes seconds'), ['10000 s = 2 h 46 min 40 s']);
  // Milliseconds reach an hour at 10,000,000 (not 1.75 ms read in seconds, which fills no part).
  assert.deepEqual(said('ms to h min s'), ['10000000 ms = 2 h 46 min 40 s']);
  assert.deepEqual(said('hours to hours and minutes'), ['1.75 h = 1 h 45 min'], 'a unit as large as the largest part');
});
