import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerData, saidBy } from '../../test/testData.ts';
import { notConverted } from './notConverted.ts';
import { levelToWatts, wattsToLevel } from './decibels.ts';

const said = saidBy(answerData());

test('a power level in dBm or dBW is said as a power, and a power as a level, by the logarithm', () => {
  assert.deepEqual(said('30 dbm to w'), ['30 dBm = 1 W']);
  assert.deepEqual(said('0 dBm'), ['0 dBm = 1 mW'], 'no target: mW below a watt');
  assert.deepEqual(said('30 dBm'), ['30 dBm = 1 W'], 'and W from one');
  assert.deepEqual(said('-10 dbm to mw'), ['-10 dBm = 0.1 mW'], 'mw beside dBm is the milliwatt');
  assert.deepEqual(said('3 dBm to mW'), ['3 dBm = 1.995262 mW']);
  assert.deepEqual(said('100 mw to dbm'), ['100 mW = 20 dBm']);
  assert.deepEqual(said('1 kw to dbw'), ['1 kW = 30 dBW']);
  // Beside dBW (counted from a watt) a lower-case mw may be either: asked, as alone.
  assert.equal(said('10 mw to dbw'), '“mw” could be mW (Milliwatts) or MW (Megawatts): type it with its case.');
  // Not a mismatch the box met converting the power to watts ("“W” is a unit of power"): kilograms have no level.
  assert.match(String(said('10 kg to dbm')), /^dBm and dBW are power levels in decibels/);
  assert.deepEqual(said('10 MW to dBW'), ['10 MW = 70 dBW']);
  assert.deepEqual(said('30 dbm to hp'), ['30 dBm = 0.00134102 hp']);
  assert.equal(said('0 W to dBm'), '0 W has no level in dBm: each 10 dB is ten times the power, and no number of steps reaches zero.');
  assert.equal(said('-5000 dbm'), '-5000 dBm is too far from 1 mW to say as a power.');
  assert.equal(said('30 dbm to kg'), '“kg” is a unit of weight, not power.');
  // A pair with no number: its rule, as a pair page would give it.
  assert.deepEqual(said('dbm to watts'), ['P = 1 mW × 10^(dBm ÷ 10) (0 dBm = 1 mW, 30 dBm = 1 W, +3 dB ≈ twice the power)']);
  assert.deepEqual(said('watts to dbm'), ['dBm = 10 × log₁₀(P ÷ 1 mW) (0 dBm = 1 mW, 30 dBm = 1 W, +3 dB ≈ twice the power)']);
  assert.equal(said('10 dB'), null, 'a bare decibel is a ratio, not a power');
});

test('the level and the power are each other’s inverse, and dBW is dBm − 30', () => {
  for (const level of [-90, -3, 0, 7.5, 43]) {
    assert.ok(Math.abs(wattsToLevel(levelToWatts(level, 'dBm'), 'dBm') - level) < 1e-9, String(level));
    assert.ok(Math.abs(wattsToLevel(levelToWatts(level, 'dBm'), 'dBW') - (level - 30)) < 1e-9, String(level));
  }
});

test('a card says what a level is and where it converts', () => {
  for (const q of ['30 dBm', 'dbm to mw', '1 W to dBW']) assert.match(String(notConverted(q)), /^dBm and dBW are power levels in decibels, not units with a factor/u, q);
  assert.equal(notConverted('5 dB'), null);
});
