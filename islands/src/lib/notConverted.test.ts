import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerData, saidBy } from '../../test/testData.ts';
import { openSearch } from './siteSearch.ts';

const said = saidBy(answerData());
const shoes = 'Shoe sizes are not converted here: UK, US and EU sizes differ by brand and by standard, so no one factor turns one into another.';
const clothes = 'Clothing sizes are not converted here: UK, US and EU sizes differ by brand and by garment, so no one factor turns one into another.';

test('sizes asked with the system first, or as plural shoes, get the sizes sentence, never “Unknown unit”', () => {
  assert.equal(said('uk size 10 to us'), clothes, 'not “Unknown unit “uk”” and microseconds');
  assert.equal(said('us size 8 in eu'), clothes);
  assert.equal(said('eu 42 shoes to uk'), shoes);
  assert.equal(said('size 9 shoes uk to us'), shoes);
  assert.equal(said('size 10 uk to us'), clothes, 'as before');
  assert.equal(said('shoe size 9 uk to eu'), shoes, 'as before');
  assert.deepEqual(said('10 us gal to l'), ['10 US gallons = 37.854118 L'], 'a US unit is no size');
});

test('the spelling corrector keeps a word the box answers with a sentence: “shoes” is never “shows”', async () => {
  const files: Record<string, string> = {
    '/search.json': JSON.stringify({ version: 'v1', chunks: ['shows'], stop: [] }),
    '/search/v1/c/0.json': JSON.stringify({ shows: [100, 0, 20] }),
    '/search/v1/p/0.json': JSON.stringify({ url: '/blog/shows', title: 'Shows', section: 'Blog', text: 'Shows.' }),
    '/search/v1/w/fs5.txt': 'shows 3\n',
    '/search/v1/w/ls5.txt': 'shows 3\n',
  };
  const search = await openSearch(async (url) => {
    if (!(url in files)) throw new Error(`404 ${url}`);
    return files[url];
  });
  assert.equal((await search.search('shoes')).corrected, undefined);
  assert.equal((await search.search('eu 42 shoes to uk')).corrected, undefined);
  assert.equal((await search.search('showz')).corrected, 'shows', 'other words are still corrected');
});

test('a price per volume (fuel at the pump) with no target says how to ask it on a card, and in the box with no money, never “Unknown unit “€””', async () => {
  const { buildLexicon, parseInput } = await import('./parse.ts');
  const data = answerData();
  const lex = buildLexicon(data.categories as Parameters<typeof buildLexicon>[0]);
  const how = /^A price per volume converts per another volume in its own money: type “€1\.80 per litre to per gallon” in the search box \(1 US gallon is 3\.785 L/;
  assert.match(String(said('1.80 per litre')), how, 'the box: a number with no money');
  for (const q of ['1.80 per litre', '€1.80 per litre', '1.80 EUR/L', '$3.50 a gallon']) {
    for (const card of ['volume', 'fuel_economy']) {
      const read = parseInput(q, lex, card);
      assert.match(read.kind === 'error' ? read.message : read.kind, how, `${q} on ${card}`);
    }
  }
  // With money named, the box converts the volume in the price's money (per the converter's
  // other unit when no target is typed), and leaves another currency to its card.
  assert.deepEqual(said('€1.80 per litre'), ['€1.80 per L = €6.81 per gal (1 US gallon = 3.785412 L)']);
  assert.deepEqual(said('1.80 EUR/L'), ['1.80 EUR per L = 6.81 EUR per gal (1 US gallon = 3.785412 L)']);
  assert.deepEqual(said('€1.80 per litre to per gallon'), ['€1.80 per L = €6.81 per gal (1 US gallon = 3.785412 L)']);
  assert.deepEqual(said('$3.50/gal to eur per litre'), ['$3.50 per gal = $0.92 per L (1 L = 0.264172 gal, in US gallons, as typed; in EUR, convert $0.92 on the Currency converter)']);
  assert.deepEqual(said('30 mpg to l/100km'), ['30 miles per US gallon = 7.840486 L/100 km'], 'fuel economy is still converted');
  assert.doesNotMatch(String(said('5 mg per litre')), how, 'a unit before “per” is no price');
});

test('crypto gets one honest sentence in the box and on the currency card, never dollar pages or “Unknown unit”; the sol stays Peru’s currency', async () => {
  const crypto = /^Cryptocurrencies such as bitcoin are not converted here: Unitly quotes national currencies at mid-market rates/;
  const every = saidBy(answerData(true));
  for (const q of ['1 btc to usd', '1 bitcoin in dollars', '1 eth to usd', 'btc', 'bitcoin', '2 ether to eur', '100 usdt to usd']) assert.match(String(every(q)), crypto, q);
  const { readAmount } = await import('./amount.ts');
  const { everyCurrency } = await import('./currencyCatalog.ts');
  const currencies = everyCurrency(answerData().currencies);
  assert.match(String(readAmount('1 btc', currencies).message), crypto, 'the card’s Amount');
  // Not crypto: the Peruvian sol, and ether as a chemist writes it.
  assert.equal(every('100 sol to usd'), '100 PEN → USD');
  assert.equal(every('diethyl ether'), null);
  const { mayConvert } = await import('./searchWords.ts');
  assert.ok(mayConvert('btc'), 'the box reads “btc” alone');
});

test('a shot and amps or volts get a sentence with what they need, never “Unknown unit”', () => {
  assert.match(String(said('1 shot in ml')), /^A shot is no fixed measure, so it is not converted here: about 1\.5 US fl oz \(44 mL\) in the US, 25 or 35 mL in the UK/u);
  assert.match(String(said('1 jigger in oz')), /a bar’s jigger usually holds 1 and 1\.5 US fl oz/u);
  assert.equal(said('shot glass'), null, 'no amount and no target: a search');
  const electric = /^Amps, volts, watts and ohms are not converted into each other here: each is its own quantity, and the power and Ohm’s law connect them \(watts = volts × amps, amps = volts ÷ ohms\)\. So watts to amps needs the voltage \(100 W is 0\.83 A at 120 V, 0\.43 A at 230 V\)/u;
  for (const q of ['100 watts in amps', '12 volts to watts', '1 kva to kw', '2 amps to mah', '12 v to amps', '5 ohms in amps', '100 W to A', '3 kW in amps', '230V to A', '10 mA to ohms', '100w to amps', '5 ma to w']) assert.match(String(said(q)), electric, q);
  // Within one quantity they convert; a symbol counts only after a number or a "to".
  assert.deepEqual(said('500 mA to A'), ['500 mA = 0.5 A']);
  assert.deepEqual(said('2 amps to milliamps'), ['2 A = 2,000 mA']);
  assert.deepEqual(said('11 kv to v'), ['11 kV = 11,000 V']);
  assert.deepEqual(said('4.7 kohm to ohm'), ['4.7 kΩ = 4,700 Ω']);
  assert.deepEqual(said('2.2 megohms in kΩ'), ['2.2 MΩ = 2,200 kΩ']);
  assert.deepEqual(said('1 eV to J'), ['1 eV = 1.60218e-19 J'], 'the electron volt is an energy');
  assert.equal(said('A cup of flour in grams')?.[0]?.startsWith('Amps'), false, 'no ampere in "A cup"');
  assert.deepEqual(said('100 w to hp'), ['100 W = 0.134102 hp'], 'watts alone convert');
});

test('lumens get a sentence: lux times an area, lumens per watt by the kind of lamp', () => {
  const light = /^Lumens are not converted here: they measure all the light a lamp gives out, while lux and foot-candles measure the light landing on each square meter or square foot, so lumens = lux × area/u;
  for (const q of ['500 lux to lumens', 'lumens to lux', '800 lumens to watts', 'lumens to candela', '500 lux to watts']) assert.match(String(said(q)), light, q);
  assert.deepEqual(said('50 lumens per square foot to lux'), ['50 fc = 538.195521 lx'], 'lumens per area are the foot-candle and the lux');
  assert.deepEqual(said('100 lm/m2 to fc'), ['100 lx = 9.290304 fc']);
  assert.deepEqual(said('2 candelas per square foot to cd/m²'), ['2 cd/ft² = 21.527821 cd/m²'], 'candelas per area are luminance');
  assert.deepEqual(said('48 nits to fl'), ['48 cd/m² = 14.009448 fL']);
  assert.equal(said('lumens'), null, 'no amount and no target: a search');
});

test('grays or rads asked as sieverts or rem, and an activity asked as a dose, get a sentence: what each measures and what the conversion needs', () => {
  const gray = /^Grays are not converted to sieverts here: a gray \(Gy\) is the absorbed dose, one joule of radiation energy per kilogram \(the old rad is 0\.01 Gy\)/u;
  for (const q of ['1 gy to sv', '2 mgy in msv', '100 rad to rem', 'gray to sievert']) assert.match(String(said(q)), gray, q);
  assert.equal(said('gray to black'), null, 'a colour');
  assert.deepEqual(said('1 gray to rad'), ['1 Gy = 100 rad'], 'grays and rads convert');
  assert.deepEqual(said('500 rad to gy'), ['500 rad = 5 Gy'], 'rad beside a gray is the rad');
  assert.deepEqual(said('100 krad to gy'), ['100 krad = 1,000 Gy']);
  assert.deepEqual(said('200 cgy to rad'), ['200 cGy = 200 rad']);
  assert.deepEqual(said('5 mrad to degrees'), ['5 mrad = 0.286479°'], 'mrad alone is the milliradian');
  const activity = /^Becquerels are not converted to sieverts here: becquerels and curies count the atoms of a source that decay each second, sieverts and rem the dose a body receives/u;
  for (const q of ['100 bq to sv', '1 mci in msv']) assert.match(String(said(q)), activity, q);
  assert.deepEqual(said('5 rad to degrees'), ['5 rad = 286.478898°'], 'rad alone is the radian');
  assert.deepEqual(said('1 sv to rem'), ['1 Sv = 100 rem']);
  assert.deepEqual(said('25 mCi to MBq'), ['25 mCi = 925 MBq']);
});

test('roentgens get a sentence: the exposure of air, roughly a rem for gamma rays', () => {
  const roentgen = /^Roentgens are not converted here: they measure the exposure of air to X-rays and gamma rays, not the dose a person receives\. For gamma rays, 100 µR\/h is roughly 1 µSv\/h/u;
  for (const q of ['100 uR/h to usv/h', '100 ur/h to usv/h', '1 roentgen to rem', '10 µR/hr', '5 R/h', '20 mr/h']) assert.match(String(said(q)), roentgen, q);
  assert.deepEqual(said('1 roentgen equivalent man to sv'), ['1 rem = 0.01 Sv'], 'the rem’s own name');
  assert.deepEqual(said('0.1 usv/h to msv/yr'), ['0.1 µSv/h = 0.876582 mSv/yr']);
  assert.deepEqual(said('1 msv per year to usv per hour'), ['1 mSv/yr = 0.114079 µSv/h']);
});

test('centipoise and centistokes in one query get a sentence: the density divides them', () => {
  const density = /^Centipoise and centistokes are not converted into each other here: centistokes are centipoise divided by the fluid’s density in g\/cm³ \(cSt = cP ÷ density\)/u;
  for (const q of ['100 cp to cst', 'cst to cp', '1 centipoise to centistokes']) assert.match(String(said(q)), density, q);
  assert.deepEqual(said('500 cp to pa s'), ['500 cP = 0.5 Pa·s']);
  assert.deepEqual(said('46 cst to mm2/s'), ['46 cSt = 46 mm²/s']);
  assert.deepEqual(said('100 cps to hz'), ['100 cps = 100 Hz'], 'cps stays cycles per second');
});

test('magnetic field strength and flux density get a sentence: B = µ₀ × H only in air', () => {
  const sentence = /^Oersteds and gauss are not converted into each other here: the oersted and the ampere per meter measure the magnetic field strength H/u;
  for (const q of ['1 Oe to G', '1 oersted to gauss', '100 A/m to µT', '50 uT to A/m', '5 amps per meter to gauss']) assert.match(String(said(q)), sentence, q);
  assert.deepEqual(said('12 kOe to kA/m'), ['12 kOe = 954.929659 kA/m']);
  assert.deepEqual(said('1 G to mT'), ['1 G = 0.1 mT']);
  assert.deepEqual(said('10 kg to t'), ['10 kg = 0.01 t'], 'a tonne is no tesla beside a weight');
});

test('time zones get a sentence: the hours between two zones depend on the date', () => {
  for (const q of ['3pm est to gmt', 'est to ist', '10am pst in cet', '15:00 utc in pst']) assert.match(String(said(q)), /^Time zones are not converted here: the hours between two zones can change with daylight saving time/u, q);
  assert.doesNotMatch(String(said('3 pm to nm')), /^Time zones/u, 'no zone: read as units (picomoles per liter)');
  assert.deepEqual(said('5 ft in m'), ['5 ft = 1.524 m'], 'no zone in it');
});

test('land measured by local custom (bigha, katha, marla, kanal) gets its sizes, never “Unknown unit”; the words alone stay words', async () => {
  const { buildLexicon, parseInput } = await import('./parse.ts');
  const lex = buildLexicon(answerData().categories as Parameters<typeof buildLexicon>[0]);
  const bigha = /^Bighas and kathas are not converted here: .* In West Bengal it is 14,400 ft² \(1,337\.8 m²\), 20 katha of 720 ft²; .* in Nepal 6,772\.63 m²/u;
  const marla = /^Marlas and kanals are not converted here: .* 272\.25 ft² \(25\.29 m².* a kanal of 20 marla is 5,445 ft² and 8 kanal make an acre; many housing societies count 225 ft², so their kanal is 4,500 ft²/u;
  for (const q of ['1 bigha to acre', 'bigha', '2 bighas in sq ft', '5 katha in sq ft', '1 cottah in sqft', '3 kattha to m2', 'biswa to bigha']) assert.match(String(said(q)), bigha, q);
  for (const q of ['10 marla to sq ft', '1 kanal to sq ft', '1 kanal in marla', '5 marla in m2']) assert.match(String(said(q)), marla, q);
  for (const [q, sentence] of [['2 bigha', bigha], ['5 marla', marla]] as const) {
    const read = parseInput(q, lex, 'area');
    assert.match(read.kind === 'error' ? read.message : read.kind, sentence, `${q} on the Area card`);
  }
  // A story, a canal, a name: words to look up.
  for (const q of ['satyanarayan katha', 'kanal', 'marla']) assert.equal(said(q), null, q);
  // The sizes the sentences give, against the Area converter's own units.
  assert.deepEqual(said('14400 sq ft in m2'), ['14400 ft² = 1,337.803776 m²']);
  assert.deepEqual(said('5445 sq ft * 8 in acres'), ['5445 ft² × 8 = 1 ac']);
  assert.deepEqual(said('272.25 sq ft in m2'), ['272.25 ft² = 25.292853 m²']);
});

test('parts per million asked as mg/L or a percentage get the water rule and the share; a TDS meter’s ppm still converts', () => {
  const ppm = /^Parts per million are not converted here: .* In water and dilute water solutions, .* 1 ppm by mass is about 1 mg\/L .* 1 ppm is 0\.0001 %, so 10,000 ppm is 1 %\.$/u;
  for (const q of ['1 ppm to mg/l', '1 mg/l to ppm', '10 ppb to ug/l', '500 ppm in percent', '5% to ppm', 'ppm to mg/kg']) assert.match(String(said(q)), ppm, q);
  assert.match(String(said('1000 ppm to us/cm')), /^1,000 ppm on the 500 scale .* ≈ 2,000 µS\/cm/u);
  assert.equal(said('ppm'), null, 'the word alone is looked up');
});

test('a screen resolution asked in pixels is said as its pixels, not read as kilometers (“4k”) in CSS pixels', () => {
  for (const query of ['4k to pixels', 'how many pixels is 4k', '1080p to px', 'full hd resolution', 'UHD in pixels']) {
    const answer = said(query);
    assert.equal(typeof answer, 'string', query);
    assert.match(answer as string, /^Screen resolutions are counts of pixels, not lengths.*4K \(Ultra HD, 2160p\) 3,840 × 2,160/, query);
  }
  assert.deepEqual(said('4k in miles'), ['4 km = 2.485485 mi'], 'a run of 4k is a distance, as before');
  assert.deepEqual(said('1920 px to cm'), ['1920 px = 50.8 cm'], 'pixels as a length, as before');
});

test('a gauge number is said to be a place in a table, with the common wire and sheet sizes, never “Unknown unit “gauge””', () => {
  for (const query of ['20 gauge to mm', '14 awg in mm', '18 gauge wire', 'gauge 16 to inches', '16 ga steel in mm']) {
    assert.match(String(said(query)), /^Gauges are not converted here: .*14 AWG 1\.628 mm/, query);
  }
  assert.deepEqual(said('5 psi to bar'), ['5 psi = 0.344738 bar'], 'a pressure is no gauge');
  assert.equal(said('pressure gauge'), null, 'the word alone is the search’s');
});
