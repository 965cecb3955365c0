import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerAsCorrected, answerFor } from './boxAnswers.ts';
import type { AnswerData } from './askConversion.ts';
import { answerData, loadUnits } from '../../test/testData.ts';

const units = loadUnits();
const data: AnswerData = { categories: units.categories, pages: { currency: '/currency-converter' }, currencies: units.currencies, fallbackRates: units.fallback_rates, cooking: null };

/** Runs `fn` with the rate service answering 502 and the browser on- or offline. */
async function withRates<T>(onLine: boolean, fn: () => Promise<T>): Promise<T> {
  const fetch = globalThis.fetch;
  const navigator = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  globalThis.fetch = async () => new Response('{"result":"error"}', { status: 502, headers: { 'content-type': 'application/json' } });
  Object.defineProperty(globalThis, 'navigator', { value: { onLine }, configurable: true });
  try {
    return await fn();
  } finally {
    globalThis.fetch = fetch;
    if (navigator) Object.defineProperty(globalThis, 'navigator', navigator);
    else delete (globalThis as { navigator?: unknown }).navigator;
  }
}

test('a currency with no rate to fall back on: online the live rates are to blame, offline the connection', async () => {
  const open = { text: 'THB to USD', href: '/currency-converter?value=1&from=THB&to=USD', section: 'Currency converter' };
  const money = { page: '/currency-converter', codes: ['thb', 'usd'] };
  assert.deepEqual(await withRates(true, () => answerFor('THB to USD', data)), { message: 'No rate for THB to USD: the live rates are unavailable right now. Try again in a moment.', open, money });
  assert.deepEqual(await withRates(false, () => answerFor('THB to USD', data)), { message: 'No rate for THB to USD without a connection.', open, money });
  const amount = await withRates(true, () => answerFor('100 thb to usd', data));
  assert.deepEqual(amount !== null && 'open' in amount && amount.open, { text: '100.00 THB to USD', href: '/currency-converter?value=100&from=THB&to=USD', section: 'Currency converter' }, 'the card is linked without a rate');
  // A featured pair falls back on the built-in rates either way, and lists its page.
  const eur = await withRates(true, () => answerFor('100 usd to eur', data));
  assert.ok('lines' in eur! && /built-in offline rate/.test(eur.lines[0].section), JSON.stringify(eur));
  // Said and copied as the card copies it: approximate, and why (SearchPanel.tsx lineCopied).
  assert.equal(eur.lines[0].approx, 'approximate offline rate');
  assert.deepEqual(eur.lines[0].pair, { href: '/currency-converter/usd-to-eur', title: 'US Dollar to Euro' });
  const rate = await withRates(true, () => answerFor('exchange rate usd to eur', data));
  assert.ok(rate !== null && 'lines' in rate && rate.lines[0].text.startsWith('1 USD = ') && rate.lines[0].pair?.title === 'US Dollar to Euro', JSON.stringify(rate));
});

test('with the day\'s reference rates in the build, a currency they quote has a dated rate when live rates fail, on- or offline', async () => {
  const withReference: AnswerData = { ...data, referenceRates: { base: 'EUR', date: '2026-11-20', rates: { USD: 1.05, THB: 38.5 } } };
  for (const onLine of [true, false]) {
    const thb = await withRates(onLine, () => answerFor('100 thb to usd', withReference));
    assert.ok(thb !== null && 'lines' in thb, JSON.stringify(thb));
    assert.equal(thb.lines[0].text, '100.00 THB = 2.73 USD');
    assert.equal(thb.lines[0].section, 'Currency · Live rate unavailable: the European Central Bank reference rate of Nov 20, 2026');
    assert.equal(thb.lines[0].approx, 'European Central Bank rate of Nov 20, 2026');
  }
  // One they do not quote is still refused; a featured pair gets the day's rate too, newer
  // than the built-in table and the one its page states (the card's order).
  assert.ok('message' in (await withRates(true, () => answerFor('100 php to usd', withReference)))!);
  const eur = await withRates(true, () => answerFor('100 usd to eur', withReference));
  assert.ok(eur !== null && 'lines' in eur, JSON.stringify(eur));
  assert.equal(eur.lines[0].text, '100.00 USD = 95.24 EUR');
  assert.match(eur.lines[0].section, /European Central Bank reference rate of Nov 20, 2026/u);
  // Without them, the built-in table.
  const table = await withRates(true, () => answerFor('100 usd to eur', data));
  assert.ok(table !== null && 'lines' in table && /built-in offline rate/.test(table.lines[0].section), JSON.stringify(table));
});

test('an amount of money with no target is answered in US dollars, and dollars in euros', async () => {
  const line = async (query: string) => {
    const a = await withRates(true, () => answerFor(query, data));
    return a !== null && 'lines' in a ? [a.lines[0].text.replace(/[\d.,]+ (USD|EUR)$/u, '… $1'), a.lines[0].pair?.href] : a;
  };
  assert.deepEqual(await line('100 EUR'), ['100.00 EUR = … USD', '/currency-converter/eur-to-usd']);
  assert.deepEqual(await line('€100'), ['100.00 EUR = … USD', '/currency-converter/eur-to-usd']);
  assert.deepEqual(await line('100 usd'), ['100.00 USD = … EUR', '/currency-converter/usd-to-eur']);
  assert.equal(await line('EUR'), null, 'a featured currency alone: the search lists its page');
});

test('an area or a volume asked in a length is answered in its square or cube, and the line says how it read the target', async () => {
  const withPages = { ...data, pages: { ...data.pages, area: '/area-converter', volume: '/volume-converter' } };
  const line = async (q: string) => {
    const a = await answerFor(q, withPages);
    return a !== null && 'lines' in a ? [a.lines[0].text, a.lines[0].section] : a;
  };
  assert.deepEqual(await line('10 m2 to ft'), ['10 m² = 107.639104 ft²', 'Area converter · ft read as ft²']);
  assert.deepEqual(await line('100 sq m in feet'), ['100 m² = 1,076.391042 ft²', 'Area converter · feet read as ft²']);
  assert.deepEqual(await line('2 m3 to ft'), ['2 m³ = 70.629333 ft³', 'Volume converter · ft read as ft³']);
  assert.deepEqual(await line('100 m2 to ft2'), ['100 m² = 1,076.391042 ft²', 'Area converter'], 'a square typed: no note');
  assert.deepEqual(await line('2 cups to meters'), { message: '“m” is a unit of length, not volume. For cubic meters, type “m³”.' }, 'a volume not typed as a cube');
  assert.deepEqual(await line('10 kg to ft'), { message: '“ft” is a unit of length, not weight.' }, 'a weight is no area: the message stays');
});

test('a money answer says how its amount was read, as the currency card and the unit answers do', async () => {
  const line = async (q: string) => {
    const a = await withRates(true, () => answerFor(q, data));
    return a !== null && 'lines' in a ? a.lines[0].text : a;
  };
  assert.match(String(await line('1.000 EUR in USD')), /^1\.00 EUR = [\d.,]+ USD \(the point is a decimal point\)$/);
  assert.match(String(await line('1,500 usd to eur')), /^1,500\.00 USD = [\d.,]+ EUR \(the comma groups thousands\)$/);
  assert.match(String(await line('10k usd to eur')), /^10,000\.00 USD = [\d.,]+ EUR \(k is a thousand\)$/);
  assert.match(String(await line('100 usd to eur')), /^100\.00 USD = [\d.,]+ EUR$/, 'nothing to say: no note');
});

test('a typo next to a number is answered as corrected: as the search corrected it, else as the message offers', async () => {
  const every = answerData();
  const asked = async (q: string, searched?: string) => {
    const { answer, as } = await answerAsCorrected(q, async () => searched, every);
    return { said: answer === null ? null : 'lines' in answer ? answer.lines.map((l) => l.text) : answer.message, as };
  };
  // The search's correction, though the query as typed has a message ("Did you mean").
  assert.deepEqual(await asked('100 farenheit in celsius', '100 fahrenheit in celsius'), { said: ['100 °F = 37.78 °C'], as: '100 fahrenheit in celsius' });
  // No correction from the search: the parser's own "Did you mean".
  assert.deepEqual(await asked('3 feets to cm'), { said: ['3 ft = 91.44 cm'], as: '3 feet to cm' });
  assert.deepEqual(await asked('5 inchs to cm'), { said: ['5 in = 12.7 cm'], as: undefined }, 'inchs is a way of writing inches');
  assert.deepEqual(await asked('5 inchez to cm'), { said: ['5 in = 12.7 cm'], as: '5 inches to cm' });
  assert.deepEqual(await asked('20 celsuis to f'), { said: ['20 °C = 68 °F'], as: '20 celsius to f' });
  // What offers nothing keeps its message; an answer as typed is never corrected.
  assert.deepEqual(await asked('5 hectometers to ft'), { said: 'Unknown unit “hectometers”. Length units include pm, nm, µm, mm, cm, dm.', as: undefined });
  assert.deepEqual(await asked('5 ft to cm', '5 fit to cm'), { said: ['5 ft = 152.4 cm'], as: undefined });
  // A guess tied with another (kilobits and kilobytes are one edit from "kilobite"), or from bytes to bits, is asked, not taken.
  for (const q of ['1 kilobite to bytes', '1 gigabite to MB', '1 megabite to kb']) {
    const { said, as } = await asked(q);
    assert.ok(as === undefined && typeof said === 'string' && /Did you mean/.test(said), `${q}: ${JSON.stringify(said)}`);
  }
  assert.deepEqual(await asked('1 kilobite to bytes', '1 kilobits to bytes'), { said: 'Unknown unit “kilobite”. Did you mean “kilobits”?', as: undefined }, 'the search’s guess neither');
  assert.deepEqual(await asked('2 gigabytez to MB'), { said: ['2 GB = 2,000 MB'], as: '2 gigabytes to MB' });
  // "byts" is one edit from bits and from bytes, but only bytes keeps what was typed.
  assert.deepEqual(await asked('1 gigabyts to MB'), { said: ['1 GB = 1,000 MB'], as: '1 gigabytes to MB' });
  assert.deepEqual(await asked('1 gigabts to MB'), { said: 'Unknown unit “gigabts”. Did you mean “gigabits”?', as: undefined }, 'neither bits nor bytes typed: asked');
});

test('a money answer is in each currency’s decimals, as the card shows it: yen have none', async () => {
  const line = async (q: string) => {
    const a = await withRates(true, () => answerFor(q, data));
    return a !== null && 'lines' in a ? a.lines[0].text : a;
  };
  assert.match(String(await line('5000 yen in euros')), /^5,000 JPY = \d+\.\d\d EUR$/);
  assert.match(String(await line('1000 usd to jpy')), /^1,000\.00 USD = [\d,]+ JPY$/);
});

test('meganewtons are no Mexican pesos: bare "MN" is the peso only after a "$" amount', async () => {
  const said = async (q: string) => JSON.stringify(await withRates(true, () => answerFor(q, data)));
  assert.doesNotMatch(await said('5 MN to kN'), /MXN|HRK/);
  assert.match(await said('$1,250 MN to usd'), /1,250\.00 MXN to USD/);
  assert.match(await said('1,250 M.N. to usd'), /1,250\.00 MXN to USD/);
});

test("words that name Object's own properties are unknown words, never a number, a unit or a crash", async () => {
  for (const word of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
    for (const query of [`5 ${word} to m`, `5 m to ${word}`, `five ${word} kg`, `${word} to usd`, `100 usd to ${word}`, `2 cups ${word} in grams`]) {
      const answer = await withRates(false, () => answerFor(query, data));
      assert.ok(!JSON.stringify(answer).includes('function'), `${query}: ${JSON.stringify(answer)}`);
    }
  }
  const answer = await answerFor('5 constructor to m', data);
  assert.ok(answer !== null && 'message' in answer && answer.message.includes('constructor'), JSON.stringify(answer));
});

/** The first line the box answers `q` with, or what it answered instead. */
async function firstLine(q: string): Promise<string> {
  const a = await answerFor(q, answerData());
  return a !== null && 'lines' in a ? a.lines[0].text : JSON.stringify(a);
}

test('pm and nm in the box are lengths (atomic radii), pM and nM with their case molar; "mpa" is MPa', async () => {
  assert.equal(await firstLine('100 pm to nm'), '100 pm = 0.1 nm');
  assert.equal(await firstLine('1 m to pm'), '1 m = 1,000,000,000,000 pm');
  assert.equal(await firstLine('100 pM to nM'), '100 pmol/L = 0.1 nmol/L');
  assert.equal(await firstLine('1 mpa to psi'), '1 MPa = 145.037738 psi');
});

test('Fahrenheit spelt two letters off is read as written, also towards C (a cup elsewhere)', async () => {
  for (const q of ['350 fahrenheight to c', '350 farenheight to c', '350 ferenheit', '350 farenhiet in celsius']) assert.equal(await firstLine(q), '350 °F = 176.67 °C', q);
});

test('km/s, mg/mL and µg/mL are units: escape speeds and drug concentrations', async () => {
  assert.equal(await firstLine('11.2 km/s to km/h'), '11.2 km/s = 40,320 km/h');
  assert.equal(await firstLine('5 mg/ml to g/l'), '5 mg/mL = 5 g/L');
  assert.equal(await firstLine('1 ug/ml to mg/l'), '1 µg/mL = 1 mg/L');
  assert.equal(await firstLine('10 mcg/ml to ng/ml'), '10 µg/mL = 10,000 ng/mL');
});
