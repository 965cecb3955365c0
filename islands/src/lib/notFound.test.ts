import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pairPageOf, pathQueries } from './notFound.ts';

test('an address reads as its last words, then the words of its whole path', () => {
  assert.deepEqual(pathQueries('/length-converter/foot-to-metres'), ['foot to metres', 'length foot to metres']);
  assert.deepEqual(pathQueries('/convert/psi-to-bar.html'), ['psi to bar']);
  assert.deepEqual(pathQueries('/5-ft-to-cm'), ['5 ft to cm']);
  assert.deepEqual(pathQueries('/1.5_kg_to_lb/'), ['1.5 kg to lb'], 'a decimal point stays; a trailing slash is no segment');
  assert.deepEqual(pathQueries('/blog/converion-tips'), ['converion tips', 'blog converion tips']);
  assert.deepEqual(pathQueries('/usd+to+thb'), ['usd to thb']);
  assert.deepEqual(pathQueries('/caf%C3%A9-au-lait'), ['café au lait'], 'escapes are decoded');
  assert.deepEqual(pathQueries('/%E0%A4%A-oops'), ['%E0%A4%A oops'], 'a malformed escape is read as written');
});

test('an address of no words has no query', () => {
  assert.deepEqual(pathQueries('/'), []);
  assert.deepEqual(pathQueries('/index.html'), []);
  assert.deepEqual(pathQueries('/converter/'), []);
  assert.deepEqual(pathQueries(`/${'a-'.repeat(100)}`), [], 'nor an address too long to be typed');
});

test('a converter address names its pair page where the site has one, keeping the value asked', () => {
  const origin = 'https://unitly.example';
  const site = {
    pages: { length: '/length-converter', speed: '/speed-converter', currency: '/currency-converter', cooking: '/cooking-converter' },
    categories: { length: { units: [{ key: 'feet' }, { key: 'meters' }] }, speed: { units: [{ key: 'miles_per_hour' }, { key: 'kilometers_per_hour' }] } },
    currencies: [{ code: 'USD' }, { code: 'EUR' }],
  };
  const pair = (href: string) => pairPageOf(href, site, origin);
  assert.equal(pairPageOf('/length-converter?value=1+foot&from=feet&to=meters', site, origin, false), '/length-converter/feet-to-meters', 'a pair asked without a value');
  assert.equal(pair('/length-converter?value=5+ft&from=feet&to=meters'), '/length-converter/feet-to-meters?value=5+ft');
  assert.equal(pair('/speed-converter?value=60&from=miles_per_hour&to=kilometers_per_hour'), '/speed-converter/miles-per-hour-to-kilometers-per-hour?value=60');
  assert.equal(pair('/currency-converter?value=100&from=USD&to=EUR'), '/currency-converter/usd-to-eur?value=100');
  assert.equal(pair('/currency-converter?value=100&from=USD&to=THB'), null, 'THB is no featured currency');
  assert.equal(pair('/length-converter?value=1&from=meters&to=feet_inches'), null, 'no pair page to a compound by its key');
  assert.equal(pair('/length-converter?value=1&from=feet&to=feet'), null);
  assert.equal(pair('/cooking-converter?value=1&from=cups&to=grams&ingredient=flour'), null);
  assert.equal(pair('/length-converter'), null);
});
