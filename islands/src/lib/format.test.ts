import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatCurrency, formatDecimal, formatExact, formatMoney, formatRate, formatResult, parseValue } from './format';

test('formatResult: US formatting with thousands separators, up to `precision` decimals', () => {
  assert.equal(formatResult(16.404199475065617, 6), '16.404199');
  assert.equal(formatResult(1234567.891, 6), '1,234,567.891');
  assert.equal(formatResult(212, 2), '212');
  assert.equal(formatResult(37.77777777777778, 2), '37.78');
  assert.equal(formatResult(0.1 + 0.2, 6), '0.3');
  assert.equal(formatResult(0.0000005, 6, 6), '0.000001'); // rounds half up, not to 0
});

test('formatResult: negatives and zero', () => {
  assert.equal(formatResult(-40, 2), '-40');
  assert.equal(formatResult(-1234.5, 6), '-1,234.5');
  assert.equal(formatResult(0, 6), '0');
  assert.equal(formatResult(-0, 6), '0');
  assert.equal(formatResult(-0, 2), '0');
});

test('formatResult: never a misleading 0, never an unreadable wall of digits', () => {
  assert.equal(formatResult(1e-12, 6), '1.00000e-12'); // 1 mm² in km²
  assert.equal(formatResult(-3.2e-9, 6), '-3.20000e-9');
  assert.equal(formatResult(0.004, 2, 2), '0.004'); // 2 decimals chosen: plain decimals, its first digit
  assert.equal(formatResult(0.0000004, 6, 6), '4.00000e-7');
  assert.equal(formatResult(1e15, 6), '1.00000e+15');
  assert.equal(formatResult(-1.609344e21, 6), '-1.60934e+21');
  assert.equal(formatResult(999_999_999_999_999 / 1000, 6), '999,999,999,999.999');
  // What we show in e-notation reads back as a value.
  assert.equal(parseValue(formatResult(1e-12, 6)), 1e-12);
  assert.equal(parseValue(formatResult(1.5e20, 6)), 1.5e20);
});

test('formatResult: under Auto a small result keeps 6 significant digits', () => {
  assert.equal(formatResult(0.0006096, 6), '0.0006096'); // 2 ft in km, not 0.00061
  assert.equal(formatResult(0.000609612345678, 6), '0.000609612');
  assert.equal(formatResult(0.123456789, 6), '0.123457');
  assert.equal(formatResult(0.123456789, 2), '0.123457'); // temperature below 1 degree
  assert.equal(formatResult(0.004, 2), '0.004');
  assert.equal(formatResult(-0.0000004, 6), '-0.0000004');
  assert.equal(formatResult(1.5, 2), '1.5'); // at or above 1, the category's decimals
  assert.equal(formatResult(1e-12, 6), '1.00000e-12'); // past 12 decimals: e-notation
});

test('formatResult: a fixed number of decimals shows exactly that many', () => {
  assert.equal(formatResult(3.280839895, 6, 2), '3.28');
  assert.equal(formatResult(100, 6, 2), '100.00');
  assert.equal(formatResult(1234.5, 6, 0), '1,235');
  assert.equal(formatResult(0, 6, 3), '0.000');
  assert.equal(formatResult(2.5, 6, 10), '2.5000000000');
  // Never a misleading 0.00: what would read 0 shows its first significant digit, in plain
  // decimals as chosen (a worksheet at 0 decimals gets 0.3, not 3.28084e-1), down to 10⁻⁶.
  assert.equal(formatResult(0.0006096, 6, 2), '0.0006');
  assert.equal(formatResult(-0.004, 2, 1), '-0.004');
  assert.equal(formatResult(0.328084, 6, 0), '0.3'); // 0.1 m in ft
  assert.equal(formatResult(-0.22, 2, 0), '-0.2'); // -17.9 °C in °F
  assert.equal(formatResult(0.00328084, 6, 2), '0.003'); // 0.001 m in ft
  assert.equal(formatResult(0.0000096, 6, 0), '0.00001'); // rounded once, up into the next decade
  assert.equal(formatResult(0.00000328084, 6, 2), '0.000003');
  assert.equal(formatResult(3.28084e-7, 6, 0), '3.28084e-7'); // below 10⁻⁶, e-notation
});

test('formatResult: only the 15 digits a double really holds', () => {
  assert.equal(formatResult(4996087064.838144, 6), '4,996,087,064.83814');
  assert.equal(formatResult(12.000000000000002, 6), '12');
});

test('formatResult: NaN and Infinity give an empty result', () => {
  assert.equal(formatResult(NaN, 6), '');
  assert.equal(formatResult(Infinity, 6), '');
  assert.equal(formatResult(-Infinity, 2), '');
});

test('formatCurrency: exactly two decimals, US formatting', () => {
  assert.equal(formatCurrency(85), '85.00');
  assert.equal(formatCurrency(1234567.891), '1,234,567.89');
  assert.equal(formatCurrency(0.005), '0.01');
  assert.equal(formatCurrency(-0), '0.00');
  assert.equal(formatCurrency(-0.001), '0.00');
  assert.equal(formatCurrency(NaN), '');
  // Never a misleading 0.00: 0.001 USD in EUR keeps its digits.
  assert.equal(formatMoney(0.00085), '0.00085');
  assert.equal(formatCurrency(0.00085), '0.00', 'formatCurrency itself is Intl.NumberFormat’s');
  assert.equal(formatMoney(0.004999), '0.004999');
  assert.equal(formatMoney(1e-12), '1.00000e-12');
});

test('parseValue: what a numeric input gives', () => {
  assert.equal(parseValue('12.5'), 12.5);
  assert.equal(parseValue('-3'), -3);
  assert.equal(parseValue('1e3'), 1000);
  assert.equal(parseValue('1E-3'), 0.001);
  assert.equal(parseValue(' 7 '), 7);
  assert.equal(parseValue('.5'), 0.5);
  assert.equal(parseValue('5.'), 5);
  assert.equal(parseValue('+2'), 2);
  assert.equal(parseValue('0'), 0);
  assert.equal(parseValue('1,234.5'), 1234.5); // a result copied from the page
});

test('parseValue: empty or not a number gives null', () => {
  for (const text of ['', '   ', 'abc', '12abc', '1.2.3', '-', '.', 'e5', '0x10', 'Infinity', 'NaN', '1e999', '1,5', '12,34', null, undefined]) {
    assert.equal(parseValue(text), null, JSON.stringify(text));
  }
});

test('formatDecimal writes exactly what Intl.NumberFormat en-US writes', () => {
  const shapes: Array<[number, number]> = [[0, 2], [0, 6], [2, 2], [4, 4], [6, 6], [0, 0]];
  // Ties and near-ties at every precision, carries through nines, tiny and huge values.
  const edge = [0, -0, 0.5, 1.5, 2.5, -2.5, 0.05, 0.005, 1.005, 2.675, 1.0049999, 0.125, 0.0000005, 0.00000049, 9.9999995, 99.995, 999999.9999995,
    -999.9999999, 123456789.123456789, 1e21, 1.5e20, 5e-7, 4.9e-7, 1e-7, 0.1 + 0.2, 37.77777777777778, 1609.344, 0.45359237, 946.3529460000001];
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const values = [...edge];
  for (let i = 0; i < 8000; i++) {
    const magnitude = 10 ** Math.floor(random() * 24 - 9);
    const v = (random() - 0.3) * magnitude;
    values.push(v, Number(v.toFixed(Math.floor(random() * 8))), Math.round(v * 2) / 2 / 1000);
  }
  for (const [min, max] of shapes) {
    const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max });
    for (const v of values) assert.equal(formatDecimal(v, min, max), intl.format(v), `${v} with ${min}-${max} decimals`);
  }
  assert.equal(formatDecimal(NaN, 0, 2), '');
});

test('formatRate: 4 decimals, 6 below 0.1, and never fewer than 4 significant digits', () => {
  assert.equal(formatRate(0.92), '0.9200');
  assert.equal(formatRate(1 / 151.2), '0.006614');
  assert.equal(formatRate(1234.5), '1,234.5000');
  assert.equal(formatRate(0.05), '0.050000');
  // A weak currency's rate: 1 LBP in USD, 1 IRR in EUR (it read 0.000011 and 0.000022).
  assert.equal(formatRate(1 / 89500), '0.00001117');
  assert.equal(formatRate(0.0000219876), '0.00002199');
  assert.equal(formatRate(1.2345e-9), '0.000000001235');
});

test('formatExact: rounds the exact value once, half away from zero, as formatResult does a double', () => {
  assert.equal(formatExact({ n: 10n ** 10n, d: 254n }, 6), '39,370,078.740157'); // 1000 km in inches; not …740158
  assert.equal(formatExact({ n: -(10n ** 10n), d: 254n }, 6), '-39,370,078.740157');
  assert.equal(formatExact({ n: 5n, d: 10n ** 7n }, 6, 6), '0.000001'); // 0.0000005: half rounds up
  assert.equal(formatExact({ n: 1n, d: 3n }, 6), '0.333333');
  assert.equal(formatExact({ n: 1n, d: 3n * 10n ** 12n }, 6), '3.33333e-13');
  assert.equal(formatExact({ n: 9999995n, d: 10n ** 19n }, 6), '1.00000e-12'); // 9.999995e-13 rounds up a decade
  assert.equal(formatExact({ n: 0n, d: 1n }, 6, 3), '0.000');
  assert.equal(formatExact({ n: 2n ** 50n, d: 1n }, 6), '1,125,899,906,842,624');
  assert.equal(formatExact({ n: 10n ** 16n + 1n, d: 3n }, 6), '3.33333e+15'); // inexact, Auto
  assert.equal(formatExact({ n: 10n ** 16n + 1n, d: 3n }, 6, 1), '3,333,333,333,333,333.7');
  assert.equal(formatExact({ n: -(10n ** 30n), d: 1n }, 6), '-1.00000e+30');
  assert.equal(formatExact({ n: 10n ** 29n, d: 1n }, 6), '100,000,000,000,000,000,000,000,000,000');
  // The same digits as the double path wherever a double holds them.
  for (const [n, d] of [[16404199475n, 10n ** 9n], [1234567891n, 1000n], [-12345n, 10n], [37777777777777778n, 10n ** 15n]] as const) {
    assert.equal(formatExact({ n, d }, 6), formatResult(Number(n) / Number(d), 6), `${n}/${d}`);
  }
});
