import { test } from 'node:test';
import assert from 'node:assert/strict';
import { linkOf, namedRoutes, normalPath, pairPageOf, pathQueries, routeOf, valuedQuery, withQuery } from './notFound.ts';
import { holdsNumber } from './searchWords.ts';

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
    categories: {
      length: { units: [{ key: 'feet' }, { key: 'meters' }, { key: 'inches' }, { key: 'kilometers' }], compounds: [{ key: 'feet_inches', parts: ['feet', 'inches'], pagesFrom: ['meters', 'inches'] }] },
      speed: { units: [{ key: 'miles_per_hour' }, { key: 'kilometers_per_hour' }] },
    },
    currencies: [{ code: 'USD' }, { code: 'EUR' }],
  };
  const pair = (href: string) => pairPageOf(href, site, origin);
  assert.equal(pairPageOf('/length-converter?value=1+foot&from=feet&to=meters', site, origin, false), '/length-converter/feet-to-meters', 'a pair asked without a value');
  assert.equal(pair('/length-converter?value=5+ft&from=feet&to=meters'), '/length-converter/feet-to-meters?value=5+ft');
  assert.equal(pair('/speed-converter?value=60&from=miles_per_hour&to=kilometers_per_hour'), '/speed-converter/miles-per-hour-to-kilometers-per-hour?value=60');
  assert.equal(pair('/currency-converter?value=100&from=USD&to=EUR'), '/currency-converter/usd-to-eur?value=100');
  assert.equal(pair('/currency-converter?value=100&from=USD&to=THB'), null, 'THB is no featured currency');
  assert.equal(pair('/length-converter?value=1.8&from=meters&to=feet_inches'), '/length-converter/meters-to-feet-and-inches?value=1.8', 'a compound, named by its parts');
  assert.equal(pair('/length-converter?value=1&from=kilometers&to=feet_inches'), null, 'a compound the build made no page to from kilometers');
  assert.equal(pair('/length-converter?value=1&from=feet&to=feet'), null);
  assert.equal(pair('/cooking-converter?value=1&from=cups&to=grams&ingredient=flour'), null);
  assert.equal(pair('/length-converter'), null);
});

test('an address is read as the site writes its pages: lower case, no trailing slash, file ending or /index', () => {
  assert.equal(normalPath('/About'), '/about');
  assert.equal(normalPath('/length-converter/'), '/length-converter');
  assert.equal(normalPath('/length-converter.php'), '/length-converter');
  assert.equal(normalPath('/Length-Converter.html'), '/length-converter');
  assert.equal(normalPath('/faq.htm'), '/faq');
  assert.equal(normalPath('/FAQ/index.php'), '/faq');
  assert.equal(normalPath('/blog/index.html/'), '/blog');
  assert.equal(normalPath('/index.html'), '/');
  assert.equal(normalPath('/'), '/');
});

test('an address written another way names the page of the site it is', () => {
  const routes = ['/', '/about', '/faq', '/blog', '/length-converter', '/cooking-converter', '/celsius-fahrenheit-converter', '/metric-length-converter'];
  assert.equal(routeOf('/About', routes), '/about');
  assert.equal(routeOf('/FAQ/', routes), '/faq');
  assert.equal(routeOf('/Blog', routes), '/blog');
  assert.equal(routeOf('/Length-Converter', routes), '/length-converter');
  assert.equal(routeOf('/length-converter/', routes), '/length-converter');
  assert.equal(routeOf('/length-converter.php', routes), '/length-converter');
  assert.equal(routeOf('/length-converter.html', routes), '/length-converter');
  assert.equal(routeOf('/Cooking-Converter', routes), '/cooking-converter');
  assert.equal(routeOf('/lengthconverter', routes), '/length-converter', 'hyphens added');
  assert.equal(routeOf('/length_converter', routes), '/length-converter');
  assert.equal(routeOf('/length--converter', routes), '/length-converter', 'hyphens removed');
  assert.equal(routeOf('/blog/2024', routes), null, 'a page under one is not it');
  assert.equal(routeOf('/length', routes), null);
  assert.equal(routeOf('/index.html', routes), null, 'the home page is no guess');
  assert.equal(routeOf('/about', []), null);
});

test('an address names the pages whose words it says, those of more words first', () => {
  const routes = ['/', '/about', '/faq', '/blog', '/contact', '/length-converter', '/metric-length-converter', '/blog/conversion-tips'];
  assert.deepEqual(namedRoutes('/blog/2024', routes), ['/blog']);
  assert.deepEqual(namedRoutes('/About-Us', routes), ['/about']);
  assert.deepEqual(namedRoutes('/faqs.html', routes), ['/faq']);
  assert.deepEqual(namedRoutes('/contact-us/', routes), ['/contact']);
  assert.deepEqual(namedRoutes('/blog/conversion-tips-2024', routes), ['/blog/conversion-tips', '/blog']);
  assert.deepEqual(namedRoutes('/length-converter/foot-to-metres', routes), ['/length-converter']);
  assert.deepEqual(namedRoutes('/About', routes), [], 'the page it is comes first as itself');
  assert.deepEqual(namedRoutes('/aboutness', routes), [], 'a word, not the beginning of one');
  assert.deepEqual(namedRoutes('/usd-to-eur', routes), []);
  assert.deepEqual(namedRoutes('/blog/2024', new Map(routes.map((r) => [r, ''])).keys()), ['/blog'], 'routes read once, as the keys of a map are');
});

test('an answer links its pair page, else its converter, without the value put for a pair asked without one', () => {
  const origin = 'https://unitly.example';
  const site = { pages: { length: '/length-converter', currency: '/currency-converter' }, categories: { length: { units: [{ key: 'feet' }, { key: 'meters' }] } }, currencies: [{ code: 'USD' }, { code: 'EUR' }] };
  assert.equal(linkOf('/currency-converter?value=1&from=THB&to=USD', site, origin, false), '/currency-converter?from=THB&to=USD', 'the card, for a pair with no page');
  assert.equal(linkOf('/currency-converter?value=100&from=THB&to=USD', site, origin), '/currency-converter?value=100&from=THB&to=USD', 'an amount asked is kept');
  assert.equal(linkOf('/currency-converter?value=1&from=USD&to=EUR', site, origin, false), '/currency-converter/usd-to-eur');
  assert.equal(linkOf('/length-converter?value=5+ft&from=feet&to=meters', site, origin), '/length-converter/feet-to-meters?value=5+ft');
});

test("the 404's links keep the request's query, and a pair in words is asked for the query's value", () => {
  const origin = 'https://unitly.example';
  assert.equal(withQuery('/length-converter', '?value=5&from=feet&to=inches', origin), '/length-converter?value=5&from=feet&to=inches');
  assert.equal(withQuery('/length-converter', '', origin), '/length-converter');
  assert.equal(withQuery('/length-converter/feet-to-meters?value=12', '?value=3&utm_source=mail', origin), '/length-converter/feet-to-meters?value=12&utm_source=mail', "the link's own value wins");
  assert.equal(valuedQuery('foot to metres', '?value=12', holdsNumber), '12 foot to metres');
  assert.equal(valuedQuery('usd to eur', '?value=100', holdsNumber), '100 usd to eur');
  assert.equal(valuedQuery('5 ft to cm', '?value=12', holdsNumber), null, 'the number of the path is the one asked');
  assert.equal(valuedQuery('foot to metres', '?from=feet', holdsNumber), null);
  assert.equal(valuedQuery('foot to metres', '?value=%20', holdsNumber), null);
});
