import { test } from 'node:test';
import assert from 'node:assert/strict';
import { currencyOfWord, readAmount } from './amount.ts';
import { MAX_AMOUNT, maxAmountText, quickAmount, swapped } from './quickAmount.ts';
import type { Currency } from './units.ts';
import { everyCurrency } from './currencyCatalog.ts';
import { LOCAL_SIGNS } from './currencyWords.ts';
import { loadUnits } from '../../test/testData.ts';

const currencies: Currency[] = [
  { code: 'USD', name: 'US Dollar', symbol: '$', flag: '🇺🇸', digits: 2 },
  { code: 'EUR', name: 'Euro', symbol: '€', flag: '🇪🇺', digits: 2 },
];

test('plain amounts are read without the parser, exactly as the parser reads them', () => {
  const plain = ['', '  ', '0', '0.0', '100', ' 12.5 ', '0.01', '007', '999999999999.99', String(MAX_AMOUNT), '1000000000001', '3.14159265358979323846'];
  let seed = 16016;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let i = 0; i < 500; i++) {
    const whole = String(Math.floor(rnd() * 10 ** Math.floor(rnd() * 14)));
    plain.push(rnd() < 0.5 ? whole : `${whole}.${String(Math.floor(rnd() * 10 ** 8)).padStart(8, '0').slice(0, 1 + Math.floor(rnd() * 8))}`);
  }
  for (const t of plain) {
    const quick = quickAmount(t);
    if (quick === null) {
      // 1.000 and 560.354 could be read as grouped: the parser reads them and says how.
      assert.match(t, /^[1-9]\d{0,2}\.\d{3}$/);
      assert.equal(readAmount(t, currencies).hint, `Read as ${t} (the point is a decimal point)`);
      continue;
    }
    assert.deepEqual(quick, readAmount(t, currencies), t);
  }
});

test('in a currency without decimals, a point before three digits groups thousands: 100.000 VND, Rp 100.000', () => {
  const every = everyCurrency(currencies);
  const grouped = (text: string, pair?: { from: string; to: string }) => {
    const r = readAmount(text, every, pair);
    return [r.value, r.hint];
  };
  assert.deepEqual(grouped('100.000 VND'), [100000, 'From 100000 VND (the point groups thousands: VND has no decimals)']);
  assert.deepEqual(grouped('Rp 100.000'), [100000, 'From 100000 IDR (the point groups thousands: IDR has no decimals)']);
  assert.deepEqual(grouped('10.000 yen to usd'), [10000, 'From 10000 JPY (the point groups thousands: JPY has no decimals)']);
  // The From currency's decimals when none is typed.
  assert.deepEqual(grouped('50.000', { from: 'KRW', to: 'USD' }), [50000, 'Read as 50000 (the point groups thousands: KRW has no decimals)']);
  // A currency with decimals keeps the point a decimal point, said; so does one of three (KWD).
  assert.deepEqual(grouped('100.000', { from: 'USD', to: 'VND' }), [100, 'Read as 100.000 (the point is a decimal point)']);
  assert.deepEqual(grouped('1.000 EUR'), [1, 'From 1.000 EUR (the point is a decimal point)']);
  assert.deepEqual(grouped('1.500 KWD'), [1.5, 'From 1.500 KWD (the point is a decimal point)']);
  // Not a group of three: a decimal point still (2.5 JPY is what was typed).
  assert.equal(readAmount('2.5 JPY', every).value, 2.5);
});

test('cents are the From currency\'s when it has cents, else US cents', () => {
  const every = everyCurrency(currencies);
  const r = readAmount('50 cents', every, { from: 'EUR', to: 'USD' });
  assert.deepEqual([r.value, r.from, r.hint], [0.5, 'EUR', 'From 50 ÷ 100 EUR (read as EUR cents: 100 cents is 1 EUR)']);
  assert.equal(readAmount('99 cents', every, { from: 'JPY', to: 'USD' }).from, 'USD', 'the yen has no cents');
});

test('everything else is left to the parser, which says what is wrong', () => {
  for (const t of ['1,5', '1 1/2', '2*3', '-5', '€100', '.5', '1e3', 'abc']) assert.equal(quickAmount(t), null, t);
  assert.deepEqual(readAmount('1,5', currencies), { value: 1.5, message: null, hint: 'Read as 1.5' });
  assert.deepEqual(readAmount('1 1/2', currencies), { value: 1.5, message: null });
  assert.deepEqual(readAmount('-5', currencies), { value: null, message: 'Enter an amount greater than 0.' });
  assert.deepEqual(readAmount('2e12', currencies), { value: null, message: 'Enter an amount no larger than 1 trillion.' });
  assert.deepEqual(readAmount('0', currencies), quickAmount('0'));
});

test('an amount is converted only above 0 and up to the largest amount, however it is typed', () => {
  const value = (t: string) => (quickAmount(t) ?? readAmount(t, currencies)).value;
  assert.equal(value('100'), 100);
  assert.equal(value(' 2.5 '), 2.5);
  assert.equal(value('1,234.5'), 1234.5);
  assert.equal(value(String(MAX_AMOUNT)), MAX_AMOUNT);
  for (const t of ['', '  ', 'abc', '0', '-5', '0.0', '1e13', String(MAX_AMOUNT * 2), 'NaN', 'Infinity']) assert.equal(value(t), null, t);
  assert.equal(maxAmountText(), '1 trillion', 'the card names the limit in words');
});

test('a currency typed with the amount is converted from it; one typed after “to” is converted to', () => {
  const pair = { from: 'USD', to: 'EUR' };
  assert.deepEqual(readAmount('€100', currencies, pair), {
    value: 100, message: null, from: 'EUR', to: 'USD', hint: 'From 100 EUR (converted to USD, since EUR is the To currency)',
  });
  assert.deepEqual(readAmount('100 EUR', currencies, { from: 'EUR', to: 'USD' }), { value: 100, message: null, from: 'EUR', hint: 'From 100 EUR' });
  assert.deepEqual(readAmount('100 usd to eur', currencies, { from: 'EUR', to: 'EUR' }), { value: 100, message: null, from: 'USD', to: 'EUR', hint: 'From 100 USD' });
  assert.deepEqual(readAmount('100 euros in us dollars', currencies), { value: 100, message: null, from: 'EUR', to: 'USD', hint: 'From 100 EUR' });
  assert.deepEqual(readAmount('$5 + $2.50', currencies), { value: 7.5, message: null, from: 'USD', hint: 'From 5 USD + 2.50 USD' });
  assert.match(readAmount('100 usd + 5 eur', currencies).message ?? '', /two currencies cannot be added/);
  assert.match(readAmount('100 usd to gbp', currencies).message ?? '', /Unknown unit “gbp”/);
  assert.match(readAmount('100 usd to', currencies).message ?? '', /Add the unit to convert to after “to”/);
});

test('amounts that could be read two ways say how they were read', () => {
  assert.deepEqual(readAmount('1,500', currencies), { value: 1500, message: null, hint: 'Read as 1500 (the comma groups thousands)' });
  assert.deepEqual(readAmount('1.000,50', currencies), { value: 1000.5, message: null, hint: 'Read as 1000.50' });
  assert.deepEqual(readAmount('1 000 000', currencies), { value: 1000000, message: null, hint: 'Read as 1000000' });
  assert.deepEqual(readAmount("1'000", currencies), { value: 1000, message: null, hint: 'Read as 1000' });
  assert.deepEqual(readAmount('1,234.50', currencies), { value: 1234.5, message: null });
});

test('a magnitude after the amount multiplies it exactly, as prices and salaries are written, and a letter is said', () => {
  assert.deepEqual(readAmount('10k', currencies), { value: 10000, message: null, hint: 'Read as 10 × 1000 (k is a thousand)' });
  assert.deepEqual(readAmount('10K usd to eur', currencies), { value: 10000, message: null, from: 'USD', to: 'EUR', hint: 'From 10 × 1000 USD (k is a thousand)' });
  assert.deepEqual(readAmount('€1,5m', currencies), { value: 1500000, message: null, from: 'EUR', hint: 'From 1.5 × 1000000 EUR (m is a million)' });
  assert.deepEqual(readAmount('2 bn', currencies).value, 2e9);
  assert.deepEqual(readAmount('3 million dollars', currencies), { value: 3000000, message: null, from: 'USD', hint: 'From 3 × 1000000 USD' });
  assert.equal(readAmount('0.1k', currencies).value, 100, 'exact: no 100.00000000000001');
  // A letter that is no magnitude, or one inside a word, is still an unknown unit.
  assert.match(readAmount('10 kg', currencies).message ?? '', /Unknown unit “kg”/);
  assert.match(readAmount('10 km', currencies).message ?? '', /Unknown unit “km”/);
  // A letter after the number is the magnitude, also where a currency's sign is that letter
  // (the kyat's K), with or without a space: the kyat's K is read before the number.
  const kyat: Currency[] = [...currencies, { code: 'MMK', name: 'Myanmar Kyat', symbol: 'K', flag: '🇲🇲', digits: 2 }];
  for (const t of ['10k', '10K', '10 k', '10 K']) assert.deepEqual(readAmount(t, kyat), { value: 10000, message: null, hint: 'Read as 10 × 1000 (k is a thousand)' }, t);
  assert.deepEqual(readAmount('K 100', kyat), { value: 100, message: null, from: 'MMK', hint: 'From 100 MMK' });
  assert.deepEqual(readAmount('100 kyat', kyat), { value: 100, message: null, from: 'MMK', hint: 'From 100 MMK' });
  assert.deepEqual(readAmount('10k usd', kyat), { value: 10000, message: null, from: 'USD', hint: 'From 10 × 1000 USD (k is a thousand)' });
  const every = everyCurrency(loadUnits().currencies);
  assert.equal(readAmount('10k', every, { from: 'USD', to: 'EUR' }).value, 10000, 'with the whole catalog, the kyat among it');
});

test('“50p” is pence, never the pula; a one-letter sign after a number (300 R) is refused, not read as a currency, and 20 L is 20 lakh', () => {
  const every = everyCurrency(loadUnits().currencies);
  const read = (t: string, from = 'GBP', to = 'EUR') => readAmount(t, every, { from, to });
  assert.deepEqual(read('50p'), { value: 0.5, message: null, from: 'GBP', hint: 'From 50 ÷ 100 GBP (p is pence: 100p is £1)' });
  assert.deepEqual(read('99p', 'USD', 'EUR'), { value: 0.99, message: null, from: 'GBP', hint: 'From 99 ÷ 100 GBP (p is pence: 100p is £1)' });
  assert.equal(read('99 p', 'USD', 'EUR').from, 'GBP');
  assert.equal(read('£1.50 + 50p').value, 2);
  assert.equal(read('P 50', 'BWP', 'USD').from, 'BWP', 'the pula’s P before the number');
  assert.equal(read('P 50').from, 'BWP');
  // L after a number is the lakh, as Indian salaries write it (12L); the lempira's L goes before it.
  assert.deepEqual(read('20 L'), { value: 2000000, message: null, hint: 'Read as 20 × 100000 (L is a lakh, 100,000)' });
  assert.equal(read('L 20').from, 'HNL');
  assert.match(read('300 R').message ?? '', /^“R” after a number is not read as a currency: .*“R 300” is 300 ZAR/);
  assert.equal(read('R 300').from, 'ZAR');
  assert.equal(read('10 K').value, 10000, 'K is still a thousand');
});

test('a price written with its sign and its code is read in the code’s currency when the sign stands for it; a conflicting pair is refused', () => {
  const every = everyCurrency(loadUnits().currencies);
  const read = (t: string, from = 'USD', to = 'EUR') => {
    const r = readAmount(t, every, { from, to });
    return r.message ?? `${r.value} ${r.from} ${r.to ?? '-'}`;
  };
  assert.equal(read('$20 USD'), '20 USD -');
  assert.equal(read('$500 MXN'), '500 MXN -');
  assert.equal(read('$1,250.00 MXN', 'MXN', 'USD'), '1250 MXN -');
  assert.equal(read('£5 GBP'), '5 GBP -');
  assert.equal(read('¥1000 JPY'), '1000 JPY -');
  assert.equal(read('$20 USD to EUR', 'EUR', 'GBP'), '20 USD EUR');
  assert.equal(read('US$ 20 usd'), '20 USD -');
  assert.equal(read('$2.5m USD'), '2500000 USD -');
  assert.equal(read('£5 USD'), '“£” and “USD” are two currencies: type one of them, as in “5 USD” or “£5”.');
});

test('prices as they are written where they are paid: M.N., a trailing “.-”, 万, quid and บาท', () => {
  const every = everyCurrency(loadUnits().currencies);
  const read = (t: string, from = 'USD', to = 'EUR') => {
    const r = readAmount(t, every, { from, to });
    return r.message ?? `${r.value} ${r.from} ${r.to ?? '-'}`;
  };
  assert.equal(read('$1,250 MN'), '1250 MXN -', 'moneda nacional, not a billion');
  assert.equal(read('1,250 M.N.'), '1250 MXN -', 'dotted, with no sign');
  assert.notEqual(read('5 MN'), '5 MXN -', 'bare MN with no $ is no peso (meganewtons)');
  assert.equal(read('$1,250.00 M.N.'), '1250 MXN -');
  assert.equal(read('$1,250.00 M.N.', 'MXN', 'USD'), '1250 MXN -');
  assert.match(readAmount('$1,250 MN', every).hint ?? '', /M\.N\. is moneda nacional, the Mexican peso/);
  assert.equal(read('1.5 mn'), '1500000 undefined -', 'lower case is still a million');
  assert.equal(read('USD 1.5MN'), '1500000 USD -', 'after another currency, a million');
  assert.equal(read('฿1,500.-'), '1500 THB -');
  assert.equal(read('€ 15,-'), '15 EUR USD');
  assert.equal(read('1万円'), '10000 JPY -');
  assert.equal(read('1.5万円'), '15000 JPY -');
  assert.equal(read('1,500 บาท'), '1500 THB -');
  assert.equal(read('20 quid'), '20 GBP -');
});

test('a currency is read by the name people call it: the one so called, or the first featured of several', () => {
  const every = everyCurrency(loadUnits().currencies);
  const pair = (t: string) => {
    const { from, to, value } = readAmount(t, every);
    return `${value} ${from} ${to}`;
  };
  assert.equal(pair('100 euros to dollars'), '100 EUR USD');
  assert.equal(pair('50 pounds in dollars'), '50 GBP USD');
  assert.equal(pair('100 dollars to yen'), '100 USD JPY');
  assert.equal(pair('1000 rupees to usd'), '1000 INR USD');
  assert.equal(pair('20 francs to yuan'), '20 CHF CNY');
  assert.equal(pair('100 usd to zloty'), '100 USD PLN');
  assert.equal(pair('100 canadian dollars to usd'), '100 CAD USD', 'the full name still names its own');
  assert.equal(readAmount('100 usd to pesos', every).value, null, 'a name only unfeatured currencies share (ARS, MXN, …) names none');
});

test('a sign or name several currencies share is the card’s From, else its To, when that is one of them', () => {
  const every = everyCurrency(loadUnits().currencies);
  const read = (t: string, from: string, to: string) => {
    const r = readAmount(t, every, { from, to });
    return r.message ?? `${r.value} ${r.from} ${r.to ?? '-'}`;
  };
  assert.equal(read('$100', 'MXN', 'USD'), '100 MXN -');
  assert.equal(read('$100', 'CAD', 'EUR'), '100 CAD -');
  assert.equal(read('100 dollars', 'AUD', 'USD'), '100 AUD -');
  assert.equal(read('¥100', 'CNY', 'USD'), '100 CNY -');
  assert.equal(read('100 pesos', 'MXN', 'USD'), '100 MXN -');
  assert.equal(read('100 won', 'KRW', 'USD'), '100 KRW -');
  assert.equal(read('kr 100', 'SEK', 'USD'), '100 SEK -');
  assert.equal(read('100 crowns', 'NOK', 'EUR'), '100 NOK -');
  assert.equal(read('£5', 'EGP', 'GIP'), '5 GIP EGP', 'To holds it, From does not: converted to From, as a To currency typed is');
  // From is neither: today's reading (USD's $, JPY's ¥, KRW's ₩), and none for one only other currencies share.
  assert.equal(read('$100', 'EUR', 'GBP'), '100 USD -');
  assert.equal(read('¥100', 'EUR', 'GBP'), '100 JPY -');
  assert.equal(read('₩100', 'EUR', 'GBP'), '100 KRW -');
  // "won": the South Korean won's, the only won exchanged abroad; North Korea's on its own card.
  assert.equal(read('100 won', 'EUR', 'GBP'), '100 KRW -');
  assert.equal(read('5000 won to usd', 'EUR', 'GBP'), '5000 KRW USD');
  assert.equal(read('100 won', 'KPW', 'USD'), '100 KPW -');
  assert.equal(read('100 KPW', 'EUR', 'GBP'), '100 KPW -');
  assert.match(read('kr 100', 'EUR', 'GBP'), /“kr” is written for several currencies/);
  assert.match(read('100 pesos', 'EUR', 'GBP'), /“pesos” is written for several currencies \(ARS, CLP, COP, CUC, CUP, DOP, MXN, PHP, UYU\)/);
  assert.match(read('100 dollars in pesos', 'EUR', 'GBP'), /^“pesos” is written for several currencies/, 'the currency wanted asked about too');
  // Before the catalog is here, the featured currencies alone.
  const featured = loadUnits().currencies;
  assert.equal(readAmount('$100', featured, { from: 'CAD', to: 'USD' }).from, 'CAD');
  assert.equal(readAmount('¥100', featured, { from: 'USD', to: 'CNY' }).from, 'CNY');
});

test('the local signs several currencies share are ICU’s narrow signs', () => {
  for (const [sign, codes] of Object.entries(LOCAL_SIGNS)) {
    for (const code of codes) {
      const narrow = new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' }).formatToParts(1).find((p) => p.type === 'currency')?.value;
      assert.equal(narrow, sign, code);
    }
  }
});

test('a currency is read by the other ways it is written: its sign with its country’s letters, other names, its name at home', () => {
  const every = everyCurrency(loadUnits().currencies);
  const from = (t: string, pair = { from: 'EUR', to: 'GBP' }) => {
    const r = readAmount(t, every, pair);
    return r.message ?? `${r.value} ${r.from}`;
  };
  assert.equal(from('C$100'), '100 CAD', 'the featured Canadian dollar, before the córdoba');
  assert.equal(from('C$100', { from: 'NIO', to: 'USD' }), '100 NIO', 'on a córdoba card, the córdoba');
  assert.equal(from('100 rmb'), '100 CNY');
  assert.equal(from('100 renminbi'), '100 CNY');
  assert.equal(from('100 元'), '100 CNY');
  assert.equal(from('US$100'), '100 USD');
  assert.equal(from('AU$100'), '100 AUD');
  assert.equal(from('NZ$100'), '100 NZD');
  assert.equal(from('JP¥1000'), '1000 JPY');
  assert.equal(from('100 TL'), '100 TRY');
  assert.equal(from('100 złoty'), '100 PLN');
  assert.equal(from('100 zlotys'), '100 PLN');
  assert.equal(from('100 kronor'), '100 SEK');
  assert.equal(from('100 kroner', { from: 'DKK', to: 'EUR' }), '100 DKK');
  assert.equal(from('100 sterling'), '100 GBP');
  // A word only other currencies share says which they are, rather than "unknown".
  assert.equal(from('100 kroner'), '“kroner” is written for several currencies (DKK, NOK): type the code (“100 DKK”), or choose one of them in From or To.');
  assert.match(from('kr 100'), /^“kr” is written for several currencies \(DKK, ISK, NOK, SEK\)/);
});

test('Swap turns round the pair converted: the menus, or the currencies the Amount names, which leave it', () => {
  const every = everyCurrency(loadUnits().currencies);
  const menus = { from: 'USD', to: 'EUR' };
  const swap = (t: string) => swapped(quickAmount(t) ?? readAmount(t, every, menus), menus);
  assert.deepEqual(swap('100'), { from: 'EUR', to: 'USD' });
  assert.deepEqual(swap(''), { from: 'EUR', to: 'USD' });
  assert.deepEqual(swap('1,5'), { from: 'EUR', to: 'USD' }, 'a number alone keeps its text');
  assert.deepEqual(swap('3650 THB to USD'), { from: 'USD', to: 'THB', value: '3650' });
  assert.deepEqual(swap('100 THB'), { from: 'EUR', to: 'THB', value: '100' });
  assert.deepEqual(swap('€100'), { from: 'USD', to: 'EUR', value: '100' }, 'typed in To, it was converted to From');
  assert.deepEqual(swap('0.1 THB + 0.2 THB'), { from: 'EUR', to: 'THB', value: '0.3' });
  assert.deepEqual(swap('10k jpy to gbp'), { from: 'GBP', to: 'JPY', value: '10000' });
  assert.deepEqual(swap('-5 THB'), { from: 'EUR', to: 'USD' }, 'no amount: the menus');
});

test('a typed hyphen is the reading’s minus sign: nothing to say back', () => {
  assert.equal(readAmount('10 - 2', currencies).hint, undefined);
  assert.equal(readAmount('10-2', currencies).hint, 'Read as 10 − 2');
});

test('an Amount typed with full-width or Arabic-Indic digits is read, and the reading says the number read', () => {
  const every = everyCurrency(loadUnits().currencies);
  assert.deepEqual(readAmount('１０００', currencies), { value: 1000, message: null, hint: 'Read as 1000' });
  assert.deepEqual(readAmount('１０００円', every), { value: 1000, message: null, from: 'JPY', hint: 'From 1000 JPY' });
  assert.deepEqual(readAmount('١٠٠', currencies), { value: 100, message: null, hint: 'Read as 100' });
  assert.equal(readAmount('１０k', currencies).value, 10000, 'a magnitude after full-width digits');
});

test('Rs is the rupee India writes, and lakh and crore count rupees as India does; a lakh is never the kip', () => {
  const every = everyCurrency(loadUnits().currencies);
  const read = (t: string, pair = { from: 'USD', to: 'EUR' }) => {
    const r = readAmount(t, every, pair);
    return r.message ?? `${r.value} ${r.from ?? '-'}${r.hint === undefined ? '' : ` | ${r.hint}`}`;
  };
  assert.equal(read('Rs 500'), '500 INR | From 500 INR');
  assert.equal(read('Rs. 500'), '500 INR | From 500 INR');
  assert.equal(read('500 Rs'), '500 INR | From 500 INR');
  assert.equal(read('rs 500'), '500 INR | From 500 INR');
  assert.equal(read('Rs 1,00,000'), '100000 INR | From 1,00,000 INR (the commas group lakhs and crores)');
  assert.equal(read('Rs 500', { from: 'PKR', to: 'USD' }), '500 PKR | From 500 PKR', 'on a Pakistani rupee card, its own Rs');
  assert.equal(read('1 lakh rupees'), '100000 INR | From 1 × 100000 INR (a lakh is 100,000)');
  assert.equal(read('2.5 lakhs'), '250000 - | Read as 2.5 × 100000 (a lakh is 100,000)');
  assert.equal(read('10 lac INR'), '1000000 INR | From 10 × 100000 INR (a lac is a lakh, 100,000)');
  assert.equal(read('2 crore INR'), '20000000 INR | From 2 × 10000000 INR (a crore is 10,000,000)');
  assert.equal(read('Rs 3 cr'), '30000000 INR | From 3 × 10000000 INR (cr is a crore, 10,000,000)');
  assert.equal(read('₹12L'), '1200000 INR | From 12 × 100000 INR (L is a lakh, 100,000)', 'a salary as India writes it');
  assert.equal(read('lakh rupees'), '“lakh” is a number word: write the amount before it, as in “1 lakh”.');
});

test("a link's from or to in words reads as the Amount reads a currency", () => {
  const every = everyCurrency(currencies);
  assert.equal(currencyOfWord('euro', every), 'EUR');
  assert.equal(currencyOfWord('yen', every), 'JPY');
  assert.equal(currencyOfWord('€', every), 'EUR');
  assert.equal(currencyOfWord('£', every), 'GBP');
  assert.equal(currencyOfWord('thai baht', every), 'THB');
  assert.equal(currencyOfWord('parsecs', every), null);
  assert.equal(currencyOfWord('euro yen', every), null);
});
