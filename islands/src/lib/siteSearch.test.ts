import { test } from 'node:test';
import assert from 'node:assert/strict';
import { amountAlone } from './searchWords.ts';
import { chunkOf, chunksFor, excerpt, listed, openSearch, rank, scoresFor, titledAs, titleMatch, withoutTitle, type Segment } from './siteSearch.ts';

const stop = new Set(['a', 'is', 'of', 'the', 'what', 'to']);

const rood = { url: '/area-converter?from=rood', title: 'Roods (ro)', section: 'Area unit', text: 'Roods (ro) A rood is a quarter of an acre.' };
const conversion = { url: '/blog/conversion', title: 'Conversion', section: 'Blog', text: 'Conversion tables in metre and acre.' };
const conversions = { url: '/blog/conversions', title: 'More conversion', section: 'Blog', text: 'More conversion notes.' };
const metres = { url: '/blog/metres', title: 'Metres', section: 'Blog', text: 'Metres.' };

/** A small index as the build writes it: two chunks, four results two to a file, one spelling list. */
function site() {
  const files: Record<string, string> = {
    '/search.json': JSON.stringify({ version: 'v1', chunks: ['acre', 'metre'], stop: [...stop], lists: 'fc10', group: 2 }),
    // Results: 0 the rood unit, 1 an article on conversion, 2 one on converters, 3 one on metres.
    '/search/v1/c/0.json': JSON.stringify({ acre: [100, 0, 20, 1, 5], conversion: [100, 1, 40, 1, 10], converter: [100, 2, 30] }),
    '/search/v1/c/1.json': JSON.stringify({ metre: [100, 1, 8, 1, 45, 1, 30], rood: [100, 0, 60], table: [100, 1, 12] }),
    '/search/v1/p/0.json': JSON.stringify([rood, conversion]),
    '/search/v1/p/1.json': JSON.stringify([conversions, metres]),
    '/search/v1/w/fc10.txt': 'conversion 2\ncollection 1\n',
    '/search/v1/units.json': JSON.stringify({ categories: {}, currencies: [] }),
  };
  const asked: string[] = [];
  const get = async (url: string) => {
    asked.push(url);
    if (!(url in files)) throw new Error(`404 ${url}`);
    return files[url];
  };
  return { get, asked };
}

const plain = (segments: Segment[]) => segments.map((s) => (s.mark ? `[${s.text}]` : s.text)).join('');

test('a term falls in the last chunk whose first term sorts before it; a prefix may span chunks', () => {
  const firsts = ['acre', 'metre', 'mile', 'mill', 'rood'];
  assert.equal(chunkOf(firsts, 'aaa'), 0);
  assert.equal(chunkOf(firsts, 'acre'), 0);
  assert.equal(chunkOf(firsts, 'feet'), 0);
  assert.equal(chunkOf(firsts, 'mi'), 1);
  assert.equal(chunkOf(firsts, 'zzz'), 4);
  assert.deepEqual(chunksFor(firsts, 'mi'), [1, 2, 3]);
  assert.deepEqual(chunksFor(firsts, 'mil'), [1, 2, 3], "'mila' would sort before 'mile'");
  assert.deepEqual(chunksFor(firsts, 'mile'), [2]);
  assert.deepEqual(chunksFor(firsts, 'feet'), [0]);
});

test('a term scores the pages of every indexed term it begins, exact matches most', () => {
  const chunk = { conversion: [100, 1, 40, 1, 10], converter: [200, 2, 30], cone: [100, 0, 99] };
  const exact = scoresFor('conversion', [chunk]);
  assert.deepEqual([...exact], [[1, 40], [2, 10]]);
  // Rarity weighs the frequency: converter (rarer) on page 2 beats conversion there.
  assert.ok(scoresFor('conver', [chunk]).get(2)! > (0.5 * 6 / 10) * 10);
  const prefix = scoresFor('conv', [chunk]);
  assert.deepEqual([...prefix.keys()].sort(), [1, 2]);
  assert.ok(prefix.get(1)! < 40, 'a prefix match counts less than the word itself');
});

test('pages with every term come first; without any such page, pages with some', () => {
  const a = new Map([[1, 5], [2, 1]]);
  const b = new Map([[2, 3], [3, 9]]);
  assert.deepEqual(rank([a, b]), [2]);
  assert.deepEqual(rank([new Map([[1, 5]]), new Map([[3, 9]])]), [3, 1]);
  assert.deepEqual(rank([]), []);
});

test('the excerpt shows the matched words, marked, in their sentence', () => {
  const text = `${'Intro words here. '.repeat(20)}The rood was a quarter of an acre in England. ${'More words after. '.repeat(20)}`;
  const got = plain(excerpt(text, ['rood'], stop));
  assert.match(got, /^… .*The \[rood\] was a quarter of an acre in England\. .* …$/);
  assert.equal(plain(excerpt('Short text about acres.', ['acre'], stop)), 'Short text about [acres].');
  assert.equal(plain(excerpt('', ['x'], stop)), '');
});

test('an excerpt never ends or starts inside a number (it stated "multiply by 3." for 3.785411784)', () => {
  const gallons = 'To convert US gallons to liters, multiply by 3.785411784: one US gallon is 231 cubic inches, exactly 3.785411784 liters, by the definition of the inch.';
  const got = plain(excerpt(gallons, ['gallon'], stop));
  assert.match(got, /multiply by 3\.785411784/, got);
  const words = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen';
  const cut = plain(excerpt(`${words} divide by 1.8 to get Celsius, then more words after it.`, ['one'], stop));
  assert.match(cut, /divide by 1\.8 …$/, cut);
  const from = plain(excerpt(`${'Intro words here. '.repeat(20)}A rod is 16.5 feet, and a square rod is 30.25 square yards in all.`, ['yards'], stop));
  assert.ok(!/… \d/.test(from) && !/\d\. …$/.test(from), from);
});

test('an amount alone is the start of a conversion, not a search; an amount with any word is searched', () => {
  for (const q of ['10', ' 250 ', '-40', '−3.5', '2,500.75', '1 1/2', '½', '１２']) assert.ok(amountAlone(q), q);
  for (const q of ['10k', '10 kg', '1799 metre', 'kg', '', ' ', '-', '1e3', '£100']) assert.ok(!amountAlone(q), q);
});

test('a search fetches the entry, the chunk its term falls in and the results it shows', async () => {
  const { get, asked } = site();
  const search = await openSearch(get);
  const found = await search.search('What is a rood?');
  assert.deepEqual(
    found.hits.map((h) => [h.url, h.title, h.section]),
    [['/area-converter?from=rood', 'Roods (ro)', 'Area unit']],
  );
  // The excerpt is the text after the title, which the list shows already.
  assert.equal(plain(found.hits[0].excerpt), 'A [rood] is a quarter of an acre.');
  // The unit words are asked for too (a site without them is searched as typed), once.
  assert.deepEqual(asked, ['/search.json', '/search/v1/units.json', '/search/v1/c/1.json', '/search/v1/p/0.json']);
  asked.length = 0;
  // Later queries fetch only what they have not seen.
  await search.search('Roods');
  assert.deepEqual(asked, []);
});

test('pages are ranked by score; every term must match', async () => {
  const search = await openSearch(site().get);
  assert.deepEqual((await search.search('conversion')).hits.map((h) => h.url), ['/blog/conversion', '/blog/conversions']);
  // Metre is on 1, 2 and 3, and counts most on 2: 2 then 1 (3 has no conversion).
  assert.deepEqual((await search.search('conversion metre')).hits.map((h) => h.url), ['/blog/conversions', '/blog/conversion']);
  assert.deepEqual((await search.search('conversion table')).hits.map((h) => h.url), ['/blog/conversion']);
  // No page has both: the pages with either, best first.
  assert.deepEqual((await search.search('rood table')).hits.map((h) => h.url), ['/area-converter?from=rood', '/blog/conversion']);
});

test('results share fragment files, each asked for once; an index a browser kept from before has one file per result', async () => {
  const { get, asked } = site();
  const search = await openSearch(get);
  await search.search('conversion metre');
  // Results 1 and 2: the first and second files.
  assert.deepEqual(asked.filter((url) => url.includes('/p/')).sort(), ['/search/v1/p/0.json', '/search/v1/p/1.json']);
  asked.length = 0;
  assert.deepEqual((await search.search('metre')).hits.map((h) => h.url).sort(), ['/blog/conversion', '/blog/conversions', '/blog/metres']);
  assert.deepEqual(asked.filter((url) => url.includes('/p/')), [], 'result 3 is in a file the box has');
  const before: Record<string, string> = {
    '/search.json': JSON.stringify({ version: 'v0', chunks: ['acre'], stop: [...stop] }),
    '/search/v0/c/0.json': JSON.stringify({ rood: [100, 0, 60] }),
    '/search/v0/p/0.json': JSON.stringify(rood),
  };
  const old = await openSearch(async (url) => before[url] ?? Promise.reject(new Error(`404 ${url}`)));
  assert.deepEqual((await old.search('rood')).hits.map((h) => h.url), ['/area-converter?from=rood']);
});

test('a misspelled word is read as the site word one edit away, and says so', async () => {
  const { get, asked } = site();
  const search = await openSearch(get);
  const found = await search.search('convresion');
  assert.equal(found.corrected, 'conversion');
  assert.deepEqual(found.hits.map((h) => h.url), ['/blog/conversion', '/blog/conversions']);
  // Nothing near: no results and no correction, and no list the entry does not name is asked
  // for (a 404 would be an error in the console).
  assert.deepEqual(await search.search('zzzzzzzz'), { hits: [] });
  assert.deepEqual(asked.filter((url) => url.includes('/w/')), ['/search/v1/w/fc10.txt']);
});

test('a misspelled word beside a right one is corrected too: the pages with both words, not those with the right one only', async () => {
  const { get } = site();
  const search = await openSearch(get);
  // "acre" alone finds the rood and the conversion article; "acre conversion" only the article.
  const found = await search.search('acre convresion');
  assert.equal(found.corrected, 'acre conversion');
  assert.deepEqual(found.hits.map((h) => h.url), ['/blog/conversion']);
  // A word with no correction leaves the query as it was: the pages with the words it has.
  const kept = await search.search('acre zzzzzzzz');
  assert.equal(kept.corrected, undefined);
  assert.deepEqual(kept.hits.map((h) => h.url), ['/area-converter?from=rood', '/blog/conversion']);
});

test('an entry that does not name its lists: each is asked for, and a missing one is no error', async () => {
  const { get, asked } = site();
  const unnamed = async (url: string) => (url === '/search.json' ? JSON.stringify({ version: 'v1', chunks: ['acre', 'metre'], stop: [...stop], group: 2 }) : get(url));
  const search = await openSearch(unnamed);
  assert.equal((await search.search('convresion')).corrected, 'conversion');
  assert.deepEqual(await search.search('zzzzzzzz'), { hits: [] });
  assert.ok(asked.includes('/search/v1/w/fz8.txt'), asked.join(' '));
});

test('a failed fetch rejects and is tried again next time', async () => {
  let fail = true;
  const { get } = site();
  const flaky = async (url: string) => {
    if (fail && url.includes('/c/')) throw new TypeError('Failed to fetch');
    return get(url);
  };
  const search = await openSearch(flaky);
  await assert.rejects(search.search('rood'));
  fail = false;
  assert.equal((await search.search('rood')).hits.length, 1);
});

test('an entry that is not an index is refused', async () => {
  await assert.rejects(openSearch(async () => '{"hello":1}'));
  await assert.rejects(openSearch(async () => 'not json'));
});

test('among the results shown, one titled as the query reads comes first, whatever its score', async () => {
  // A pair page and its reverse have the same words, so the same score; the box used to list
  // them by result number.
  const files: Record<string, string> = {
    '/search.json': JSON.stringify({ version: 'v1', chunks: ['feet'], stop: [...stop] }),
    '/search/v1/c/0.json': JSON.stringify({ feet: [100, 0, 50, 1, 50, 1, 60], meter: [100, 0, 50, 1, 50, 1, 60] }),
    '/search/v1/p/0.json': JSON.stringify({ url: '/length-converter/meters-to-feet', title: 'Meters to Feet', section: 'Page', text: 'Meters to Feet' }),
    '/search/v1/p/1.json': JSON.stringify({ url: '/length-converter/feet-to-meters', title: 'Feet to Meters', section: 'Page', text: 'Feet to Meters' }),
    '/search/v1/p/2.json': JSON.stringify({ url: '/blog/feet', title: 'Feet in history', section: 'Blog', text: 'Feet in history, and meters.' }),
  };
  const search = await openSearch(async (url) => files[url] ?? Promise.reject(new Error(`404 ${url}`)));
  const urls = async (q: string) => (await search.search(q)).hits.map((h) => h.url);
  assert.deepEqual(await urls('feet to meters'), ['/length-converter/feet-to-meters', '/blog/feet', '/length-converter/meters-to-feet']);
  assert.deepEqual(await urls('Meters to feet'), ['/length-converter/meters-to-feet', '/blog/feet', '/length-converter/feet-to-meters']);
  // No title reads "feet": the titles beginning with it first, by score, then the others.
  assert.deepEqual(await urls('feet'), ['/blog/feet', '/length-converter/feet-to-meters', '/length-converter/meters-to-feet']);
});

test('a page named by the query’s words comes before one that only has them further in its title, whatever its score', async () => {
  // As the index scores them: the FAQ entry says cookies more, in its title too; the
  // cookie page is named by the word, as a visitor names it ("cookies" is the term cooky,
  // "Cookie" cookie). A pair page says "about" twice; the About page is titled with it.
  const files: Record<string, string> = {
    '/search.json': JSON.stringify({ version: 'v1', chunks: ['about'], stop: [...stop] }),
    '/search/v1/p/0.json': JSON.stringify({ url: '/faq#cookies', title: 'Does Unitly use cookies or track me?', section: 'FAQ', text: 'Does Unitly use cookies or track me? No cookies.' }),
    '/search/v1/p/1.json': JSON.stringify({ url: '/cookies', title: 'Cookie Policy', section: 'Legal', text: 'Cookie Policy What cookies are.' }),
    '/search/v1/p/2.json': JSON.stringify({ url: '/about', title: 'About Unitly', section: 'Help', text: 'About Unitly A free converter.' }),
    '/search/v1/p/3.json': JSON.stringify({ url: '/help-me', title: 'Can you help me?', section: 'FAQ', text: 'Can you help me? Yes.' }),
    '/search/v1/p/4.json': JSON.stringify({ url: '/help', title: 'Help Center', section: 'Help', text: 'Help Center Answers.' }),
  };
  // The cookie page (1) has "help" and "about" in its text, scored above the pages titled with them.
  files['/search/v1/c/0.json'] = JSON.stringify({ about: [100, 1, 330, 1, 300], center: [300, 4, 300], cooky: [300, 0, 400, 1, 300], help: [200, 1, 330, 2, 300, 1, 320] });
  const search = await openSearch(async (url) => files[url] ?? Promise.reject(new Error(`404 ${url}`)));
  const urls = async (q: string) => (await search.search(q)).hits.map((h) => h.url);
  assert.deepEqual(await urls('cookies'), ['/cookies', '/faq#cookies']);
  assert.deepEqual(await urls('about'), ['/about', '/cookies']);
  assert.deepEqual(await urls('help'), ['/help', '/cookies', '/help-me']);
  assert.deepEqual(await urls('help cen'), ['/help'], 'the last word may be one being typed');
});

/**
 * A small index of units and their pages, with units.json's words for them: 0 Feet, 1 Feet
 * to Meters, 2 Foot-Pounds (whose "foot" is rarer than feet), 3 Pounds to Kilograms, 4
 * Centuries (100 years), 5 Fahrenheit to Celsius, 6 Liters per 100 Kilometers.
 */
function unitSite() {
  const files: Record<string, string> = {
    '/search.json': JSON.stringify({ version: 'v1', chunks: ['100'], stop: [...stop] }),
    '/search/v1/c/0.json': JSON.stringify({
      '100': [100, 4, 50, 2, 20],
      celsius: [500, 5, 40],
      century: [700, 4, 60],
      fahrenheit: [500, 5, 40],
      feet: [100, 0, 50, 1, 40],
      foot: [700, 0, 5, 2, 30],
      ft: [200, 0, 40, 1, 20],
      kg: [600, 3, 20],
      kilogram: [600, 3, 40],
      kilometer: [600, 6, 40],
      liter: [600, 6, 40],
      meter: [300, 1, 40],
      per: [300, 6, 10],
      pound: [300, 2, 30, 1, 40],
    }),
    '/search/v1/units.json': JSON.stringify({
      categories: {
        length: { label: 'Length', units: [{ key: 'feet', name: 'Feet (ft)', symbol: 'ft', aliases: ['foot'] }, { key: 'meters', name: 'Meters (m)', symbol: 'm', aliases: ['metre', 'metres'] }] },
        weight: { label: 'Weight', units: [{ key: 'pounds', name: 'Pounds (lb)', symbol: 'lb', aliases: ['pound', 'lbs'] }, { key: 'kilograms', name: 'Kilograms (kg)', symbol: 'kg' }] },
        temperature: { label: 'Temperature', units: [{ key: 'celsius', name: 'Celsius (°C)', symbol: '°C', aliases: ['C'] }, { key: 'fahrenheit', name: 'Fahrenheit (°F)', symbol: '°F', aliases: ['F'] }] },
        fuel_economy: { label: 'Fuel Economy', units: [{ key: 'liters_per_100_kilometers', name: 'Liters per 100 Kilometers (L/100 km)', symbol: 'L/100 km' }] },
      },
      currencies: [{ code: 'USD', symbol: '$' }],
    }),
  };
  const titles = ['Feet (ft)', 'Feet to Meters', 'Foot-Pounds (ft·lbf)', 'Pounds to Kilograms', 'Centuries (century)', 'Fahrenheit to Celsius', 'Liters per 100 Kilometers (L/100 km)'];
  titles.forEach((title, n) => (files[`/search/v1/p/${n}.json`] = JSON.stringify({ url: `/${n}`, title, section: 'Page', text: title })));
  return async (url: string) => files[url] ?? Promise.reject(new Error(`404 ${url}`));
}

test('a number among other words is no word a page must have, and one typed against a unit is apart from it', async () => {
  const search = await openSearch(unitSite());
  const titles = async (q: string) => (await search.search(q)).hits.map((h) => h.title);
  assert.deepEqual(await titles('100 lbs to kg'), ['Pounds to Kilograms']);
  assert.deepEqual(await titles('100lbs to kg'), ['Pounds to Kilograms']);
  assert.deepEqual(await titles('100'), [], 'alone, a number finds nothing: it is an amount on its way to a conversion');
  assert.deepEqual(await titles('10k'), [], 'nor with a letter after it ("10k", on the way to "10kg")');
  // The fuel unit is one word, whose 100 is part of its name.
  assert.deepEqual(await titles('l/100km'), ['Liters per 100 Kilometers (L/100 km)']);
});

test('a unit is found by its symbol, alias or degree sign as by its name', async () => {
  const search = await openSearch(unitSite());
  const titles = async (q: string) => (await search.search(q)).hits.map((h) => h.title);
  assert.deepEqual(await titles('foot to metre'), ['Feet to Meters']);
  // As typed, "foot" is rarer than feet, and Foot-Pounds has it: it counts as rare as feet, and
  // the unit titled as the query reads comes first.
  assert.deepEqual(await titles('foot'), ['Feet (ft)', 'Feet to Meters', 'Foot-Pounds (ft·lbf)']);
  for (const q of ['°F to °C', '℉ to ℃', 'F to °C', 'f to c', '-40 °f to c']) assert.deepEqual(await titles(q), ['Fahrenheit to Celsius'], q);
  const marked = (await search.search('lbs to kg')).hits[0].excerpt.filter((s) => s.mark).map((s) => s.text);
  assert.deepEqual(marked, ['Pounds', 'Kilograms'], 'the names found are marked');
});

test('a unit’s name of four letters written without its vowels is read as that unit; an English word near one, or any shorter word, is not', async () => {
  const files: Record<string, string> = {
    '/search.json': JSON.stringify({ version: 'v1', chunks: ['feature'], stop: [...stop] }),
    '/search/v1/c/0.json': JSON.stringify({ feature: [300, 2, 10], gram: [300, 0, 50], kg: [300, 0, 20], kilogram: [300, 0, 40], rood: [300, 1, 50], yard: [300, 1, 30], tbps: [300, 3, 40] }),
    '/search/v1/units.json': JSON.stringify({
      categories: {
        weight: { label: 'Weight', units: [{ key: 'grams', name: 'Grams (g)', symbol: 'g', aliases: ['gram'] }, { key: 'kilograms', name: 'Kilograms (kg)', symbol: 'kg' }] },
        area: { label: 'Area', units: [{ key: 'roods', name: 'Roods (rood)', symbol: 'rood' }] },
        length: { label: 'Length', units: [{ key: 'yards', name: 'Yards (yd)', symbol: 'yd', aliases: ['yard'] }] },
        data_transfer_rate: { label: 'Data Transfer Rate', units: [{ key: 'terabits_per_second', name: 'Terabits per Second (Tbps)', symbol: 'Tbps' }] },
      },
      currencies: [],
    }),
  };
  ['Grams to Kilograms', 'Roods (rood) and Yards (yd)', 'Features', 'Terabits per Second (Tbps)'].forEach((title, n) => (files[`/search/v1/p/${n}.json`] = JSON.stringify({ url: `/${n}`, title, section: 'Page', text: title })));
  const search = await openSearch(async (url) => files[url] ?? Promise.reject(new Error(`404 ${url}`)));
  assert.equal((await search.search('grms to kg')).corrected, 'grams to kg');
  assert.equal((await search.search('yrds')).corrected, 'yards');
  // "roof" is one edit from rood, and a word: never corrected. Nor a word a page's word begins ("feat").
  for (const q of ['roof', 'feat', 'grm', 'yds']) assert.equal((await search.search(q)).corrected, undefined, q);
  // One edit from a unit's word but no vowel of it dropped ("tbls", tablespoons, is not Tbps).
  assert.equal((await search.search('tbls')).corrected, undefined, 'tbls');
});

test('a title reads as the query, or begins with it, each word one of its ways in order', () => {
  const about = [{ typed: ['about'], names: [] }];
  assert.equal(titleMatch([['about'], ['unitly']], about), 1);
  assert.equal(titleMatch([['about']], about), 2);
  assert.equal(titleMatch([['unitly'], ['blog']], [{ typed: ['blog'], names: [] }]), 0);
  assert.equal(titleMatch([['cookie', 'cooky'], ['policy']], [{ typed: ['cooky'], names: [] }]), 1, 'a title word stands for its plural');
  assert.equal(titleMatch([['help'], ['center']], [{ typed: ['help'], names: [] }, { typed: ['cen'], names: [] }]), 1);
  assert.equal(titleMatch([['help'], ['center']], [{ typed: ['he'], names: [] }, { typed: ['center'], names: [] }]), 0, 'only the last word may be unfinished');
  assert.equal(titleMatch([['feet'], ['meter']], [{ typed: ['foot'], names: [['feet']] }, { typed: ['meter'], names: [] }]), 2);
  assert.equal(titleMatch([['feet'], ['meter']], [{ typed: ['foot'], names: [['feet']] }]), 1);
  assert.equal(titleMatch([['meter'], ['feet']], [{ typed: ['foot'], names: [['feet']] }]), 0);
  assert.equal(titleMatch([['about']], []), 0);
});

test('a title reads as the query when each word, one of its ways, makes it in order', () => {
  const words = [{ typed: ['foot'], names: [['feet']] }, { typed: ['meter'], names: [] }];
  assert.equal(titledAs(['feet', 'meter'], words), true);
  assert.equal(titledAs(['meter', 'feet'], words), false);
  assert.equal(titledAs(['kilometer', 'per', 'hour'], [{ typed: ['kmh'], names: [['kilometer', 'per', 'hour']] }]), true);
  assert.equal(titledAs(['feet', 'ft'], [{ typed: ['feet'], names: [] }]), false);
});

test('an excerpt leaves out the title its text starts with, so it is not read twice', () => {
  assert.equal(withoutTitle({ title: 'Feet to Meters', text: 'Feet to Meters Type a value in feet (ft) to see it in meters.' }), 'Type a value in feet (ft) to see it in meters.');
  assert.equal(withoutTitle({ title: 'Metres', text: 'Metres.' }), 'Metres.', 'a text that is only its title keeps it');
  assert.equal(withoutTitle({ title: 'Metres', text: 'Metric units…' }), 'Metric units…');
  assert.equal(withoutTitle({ title: 'Feet', text: 'Feetless text' }), 'Feetless text');
});

test('the box lists the answer, then the page of the pair it converts, then the pages found, each once', () => {
  const hit = (url: string) => ({ url, title: url, section: 'Page', excerpt: [{ text: url, mark: true }] });
  const pair = { href: '/force-converter/newtons-to-pounds-force', title: 'Newtons to Pounds-Force' };
  const line = { text: '5 N = 1.124045 lbf', href: '/force-converter?value=5+N&from=newtons&to=pounds_force', section: 'Force converter', pair };
  const urls = (xs: { url: string }[]) => xs.map((x) => x.url);
  // Not found: made from the answer.
  const made = listed([line], [hit('/torque-converter'), hit('/a')], false);
  assert.deepEqual(urls(made), [line.href, pair.href, '/torque-converter', '/a']);
  assert.equal(made[1].title, 'Newtons to Pounds-Force');
  assert.equal(made[1].answer, undefined, 'a page, not an answer');
  // Found further down: moved up with its excerpt, and listed once.
  const moved = listed([line], [hit('/a'), hit(pair.href)], false);
  assert.deepEqual(urls(moved), [line.href, pair.href, '/a']);
  assert.deepEqual(moved[1].excerpt, [{ text: pair.href, mark: true }]);
  assert.deepEqual(urls(listed([], [hit('/a')])), ['/a'], 'no answer: the pages found as ranked');
  // A message's likeliest pair ("1 gb in mb" asks bits or bytes): first, found or made.
  const bytes = { href: '/digital-storage-converter/gigabytes-to-megabytes', title: 'Gigabytes to Megabytes' };
  assert.deepEqual(urls(listed([], [hit('/bits'), hit(bytes.href)], true, [bytes])), [bytes.href, '/bits']);
  assert.deepEqual(urls(listed([], [hit('/bits')], true, [bytes])), [bytes.href, '/bits']);
  // "No rate for USD to PHP…": the converter on what was asked, with what it is for, even
  // among money's results (which keep no other page).
  const open = { href: '/currency-converter?value=100&from=USD&to=PHP', title: 'Open the currency converter: 100.00 USD to PHP', excerpt: 'To try again, or choose other currencies.' };
  const onward = listed([], [hit('/faq')], true, [open], { page: '/currency-converter', codes: ['usd', 'php'] });
  assert.deepEqual(urls(onward), [open.href, '/faq']);
  assert.deepEqual(onward[0].excerpt, [{ text: open.excerpt, mark: false }]);
  // Nor a unit pair page ("kr 100" found Micrograys to Kilorads).
  assert.deepEqual(urls(listed([], [hit('/absorbed-dose-converter/micrograys-to-kilorads'), hit('/faq')], true, [], { page: '/currency-converter', codes: [] })), ['/faq']);
});

test("the page of the pair an answer converts opens on the answer's value, made or found", () => {
  const hit = (url: string) => ({ url, title: url, section: 'Page', excerpt: [] });
  const pair = { href: '/length-converter/feet-to-centimeters', title: 'Feet to Centimeters' };
  const line = { text: '5 ft 11 in = 180.34 cm', href: '/length-converter?value=5+ft+11+in&from=feet&to=centimeters', section: 'Length converter', pair };
  const urls = (xs: { url: string; opens?: string }[]) => xs.map((x) => x.opens ?? x.url);
  assert.equal(listed([line], [])[1].url, pair.href, 'named by its page, so the choice stays on it');
  assert.deepEqual(urls(listed([line], [hit('/a')])), [line.href, '/length-converter/feet-to-centimeters?value=5+ft+11+in', '/a']);
  assert.deepEqual(urls(listed([line], [hit(pair.href)])), [line.href, '/length-converter/feet-to-centimeters?value=5+ft+11+in']);
  // Money has no pair line: the pair page the search found takes the amount.
  const money = { text: '100.00 USD = 15,120 JPY', href: '/currency-converter?value=100&from=USD&to=JPY', section: 'Currency · Live' };
  assert.deepEqual(urls(listed([money], [hit('/currency-converter/usd-to-jpy'), hit('/currency-converter')])),
    [money.href, '/currency-converter/usd-to-jpy?value=100', '/currency-converter']);
  // A pair asked with no number ("feet to meters", answered for 1): its page as it is.
  assert.deepEqual(urls(listed([line], [], false)), [line.href, pair.href]);
  // A compound's page is named by its parts, not by the compound's key (feet_inches).
  const parts = { href: '/length-converter/centimeters-to-feet-and-inches', title: 'Centimeters to Feet and Inches' };
  const height = { text: '180 cm = 5 ft 10.87 in', href: '/length-converter?value=180+cm&from=centimeters&to=feet_inches', section: 'Length converter', pair: parts };
  assert.deepEqual(urls(listed([height], [hit(parts.href)])), [height.href, '/length-converter/centimeters-to-feet-and-inches?value=180+cm']);
});
