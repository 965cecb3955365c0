// Money in the search box as travellers write it: what the box answers and says, as the
// currency card reads the same text (amount.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerData, saidBy } from '../../test/testData.ts';

const said = saidBy(answerData(true));

test('the box reads “50p” as pence and refuses a letter sign after a number when money is asked', () => {
  assert.equal(said('50p in usd'), '0.5 GBP → USD');
  assert.match(String(said('300 R to usd')), /^“R” after a number is not read as a currency/);
  assert.deepEqual(said('500 R to K'), ['500 °R = 277.78 K'], 'units still win');
  assert.equal(said('top 10 R packages'), null, 'no money asked: left to the search');
});

test('the box converts a price written with its sign and its code, and says why it refuses a conflicting pair', () => {
  assert.equal(said('$20 USD to EUR'), '20 USD → EUR');
  assert.equal(said('$500 MXN to USD'), '500 MXN → USD');
  assert.equal(said('£5 USD to EUR'), '“£” and “USD” are two currencies: type one of them, as in “5 USD” or “£5”.');
});

test('a currency word several currencies share gets the card’s sentence in the box, not silence', () => {
  const pesos = '“pesos” is written for several currencies (ARS, CLP, COP, CUC, CUP, DOP, MXN, PHP, UYU): type the code (“100 ARS”), or choose one of them in From or To.';
  assert.equal(said('2,500 pesos in dollars'), pesos);
  assert.equal(said('500 pesos to usd'), pesos);
  assert.match(String(said('kr 100 to eur')), /^“kr” is written for several currencies \(DKK, ISK, NOK, SEK\)/);
});
