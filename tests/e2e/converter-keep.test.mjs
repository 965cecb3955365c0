// Keeping conversions (issue 16): a history entry is a button that converts it again in its
// card (or opens its converter page), a star keeps a pair as a favourite, and the home page
// lists favourites as one-click converters. Through the real pages by role and name,
// keyboard first, with axe on each new state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { currencyCode, openPage, siteForFile, waitForHydration } from './harness.mjs';
import { finish, noAxeViolations } from './interactive-helpers.mjs';

const ctx = siteForFile();

async function visit(path, { init } = {}) {
  const page = await openPage(ctx.browser, { serviceWorkers: 'block' });
  await page.addInitScript(() => {
    if (localStorage.getItem('unitly-consent') === null) {
      const choices = { essential: true, preferences: false, analytics: false, advertising: false };
      localStorage.setItem('unitly-consent', JSON.stringify({ version: 1, choices, time: new Date().toISOString() }));
    }
  });
  if (init) await page.addInitScript(init);
  await page.goto(ctx.site.url + path);
  await waitForHydration(page);
  return page;
}

const go = async (page, path) => {
  await page.goto(ctx.site.url + path);
  await waitForHydration(page);
};

const history = (page) => page.getByRole('region', { name: 'Recent Conversions' });
// A card converts once its conversion chunk is there (fetched on the Value field's focus);
// until then its Result is aria-busy, so each read waits for that, never for a fixed time.
const resultOf = async (page) => {
  await page.waitForFunction(() => !document.querySelector('output[aria-busy="true"]'));
  return (await page.getByRole('status', { name: 'Result' }).textContent()).replace(/\s+/g, ' ').trim();
};


test('a history entry is a button that converts it again in its card, by keyboard', async () => {
  const page = await visit('/length-converter');
  const value = page.getByRole('textbox', { name: 'Value' });
  await value.fill('5 ft 11 in');
  await page.getByRole('combobox', { name: 'To' }).selectOption('meters');
  const entry = history(page).getByRole('button', { name: 'Length 5 ft 11 in to 1.8034 m' });
  await entry.waitFor(); // recorded once the conversion settled
  // Something else in the card, then the entry again, from the keyboard.
  await value.fill('2');
  await page.getByRole('combobox', { name: 'From' }).selectOption('miles');
  await page.getByRole('combobox', { name: 'To' }).selectOption('feet');
  await entry.focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.id === 'length-converter-value');
  assert.equal(await value.inputValue(), '5 ft 11 in');
  assert.equal(await page.getByRole('combobox', { name: 'To' }).inputValue(), 'meters');
  assert.equal(await resultOf(page), '1.8034 m');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('value') === '5 ft 11 in');
  // What is stored carries the replay beside the entry's other fields.
  const stored = (await page.evaluate(() => JSON.parse(localStorage.getItem('conversion-history')))).find((e) => e.from === '5 ft 11 in');
  assert.deepEqual(stored.replay, { category: 'length', value: '5 ft 11 in', from: 'meters', to: 'meters' });
  await noAxeViolations(page, 'history entries as buttons');
  await finish(page);
});

test('older entries and another category: the entry opens its converter page on it; currency too', async () => {
  // Entries as an earlier version stored them (no replay), and one damaged entry.
  const page = await visit('/length-converter', {
    init: () => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('conversion-history', JSON.stringify([
        { id: 3, type: 'Currency', from: '🇬🇧 100 GBP', to: '🇯🇵 19,139.24 JPY', timestamp: '2025-01-15T10:00:02.000Z' },
        { id: 2, type: 'Weight', from: '2 stones', to: '12.7006 kilograms', timestamp: '2025-01-15T10:00:01.000Z' },
        { id: 1, type: 'Length', from: '3 feet', to: '0.9144 meters', timestamp: '2025-01-15T10:00:00.000Z', replay: 'damaged' },
        { nonsense: true },
      ]));
    },
  });
  const list = history(page);
  // The damaged replay costs nothing: the entry is listed and replays from its text.
  await list.getByRole('button', { name: 'Length 3 feet to 0.9144 meters' }).click();
  await page.waitForFunction(() => document.querySelector('#length-converter-result')?.textContent.replace(/\s+/g, ' ').trim() === '0.9144 m');
  assert.equal(await page.getByRole('textbox', { name: 'Value' }).inputValue(), '3 feet');
  assert.equal(await page.getByRole('combobox', { name: 'To' }).inputValue(), 'meters');
  // Weight has no card here: its converter page opens on the entry, its To unit read from
  // the result text (before, the page opened on its default, pounds: 28 lb).
  await list.getByRole('button', { name: 'Weight 2 stones to 12.7006 kilograms' }).click();
  await page.waitForURL(/\/weight-converter\?value=2\+stones&to=kilograms$/);
  await waitForHydration(page);
  await page.waitForFunction(() => document.querySelector('#weight-converter-result')?.textContent.trim() !== '');
  assert.equal(await page.getByRole('textbox', { name: 'Value' }).inputValue(), '2 stones');
  assert.equal(await resultOf(page), '12.700586 kg');
  await history(page).getByRole('button', { name: /^Currency 🇬🇧 100 GBP to/ }).click();
  await page.waitForURL(/\/currency-converter\?value=100&from=GBP&to=JPY$/);
  await waitForHydration(page);
  assert.equal(await page.getByRole('textbox', { name: 'Amount' }).inputValue(), '100');
  assert.equal(await currencyCode(page.getByRole('combobox', { name: 'From' })), 'GBP');
  assert.equal(await currencyCode(page.getByRole('combobox', { name: 'To' })), 'JPY');
  await finish(page);
});

test('an older entry whose result names a unit key renamed since opens in its card on the unit now', async () => {
  const page = await visit('/weight-converter', {
    init: () => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('conversion-history', JSON.stringify([
        { id: 1, type: 'Weight', from: '2000 kilograms', to: '2 tons', timestamp: '2025-01-15T10:00:00.000Z' },
      ]));
    },
  });
  await history(page).getByRole('button', { name: 'Weight 2000 kilograms to 2 tons' }).click();
  // The tonne's key was `tons`: before, the card kept its own To (pounds) for this entry.
  await page.waitForFunction(() => document.querySelector('#weight-converter-value')?.value === '2000 kilograms');
  assert.equal(await page.getByRole('combobox', { name: 'To' }).inputValue(), 'tonnes');
  assert.equal(await resultOf(page), '2 t');
  await finish(page);
});

test('an entry naming a unit the site no longer has: the card says so and records nothing until the visitor acts', async () => {
  const page = await visit('/length-converter', {
    init: () => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('conversion-history', JSON.stringify([
        { id: 1, type: 'Length', from: '5 ly', to: '0.000015 pc', timestamp: '2025-01-15T10:00:00.000Z', replay: { category: 'length', value: '5', from: 'lightyears', to: 'parsecs' } },
      ]));
    },
  });
  await history(page).getByRole('button', { name: 'Length 5 ly to 0.000015 pc' }).click();
  // Before, it converted 5 m to parsecs without a word and recorded that as "Length: 5 m".
  await page.getByText("The history entry's from=lightyears was not understood here and was ignored.").waitFor();
  assert.equal(await page.getByRole('textbox', { name: 'Value' }).inputValue(), '5');
  assert.equal(await page.getByRole('combobox', { name: 'To' }).inputValue(), 'parsecs');
  await resultOf(page);
  // Nothing recorded while the card shows another conversion than the entry's. Hiding the
  // page records whatever is pending at once (before, "5 m" to parsecs), then the visitor's
  // own change is recorded after it.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    delete document.visibilityState;
  });
  await page.getByRole('combobox', { name: 'From' }).selectOption('light_years');
  await history(page).getByRole('button', { name: /^Length 5 ly to / }).nth(1).waitFor();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('conversion-history')).map((e) => e.from));
  assert.deepEqual(stored, ['5 ly', '5 ly']);
  await finish(page);
});

test('a star keeps a pair; the home page lists it as a one-click converter; removing it there', async () => {
  const page = await visit('/length-converter?from=inches&to=centimeters');
  // Nothing on the home page before any favourite.
  const star = page.getByRole('region', { name: 'Length Converter' }).getByRole('button', { name: 'Favourite pair' });
  assert.equal(await star.getAttribute('aria-pressed'), 'false');
  await star.focus();
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.querySelector('.favourite-star')?.getAttribute('aria-pressed') === 'true');
  await page.getByRole('region', { name: 'Notifications' }).getByText('⭐ Added to favourites').waitFor();
  await noAxeViolations(page, 'starred pair');

  await go(page, '/');
  const favourites = page.getByRole('region', { name: 'Your Favourites' });
  const link = favourites.getByRole('link', { name: 'Length Inches (in) to Centimeters (cm)' });
  await link.waitFor();
  await noAxeViolations(page, 'home page with favourites');
  await link.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/length-converter\?from=inches&to=centimeters$/);
  await waitForHydration(page);
  assert.equal(await page.getByRole('combobox', { name: 'From' }).inputValue(), 'inches');
  assert.equal(await page.getByRole('combobox', { name: 'To' }).inputValue(), 'centimeters');
  await page.getByRole('textbox', { name: 'Value' }).fill('2');
  assert.equal(await resultOf(page), '5.08 cm');
  await page.waitForFunction(() => document.querySelector('.favourite-star')?.getAttribute('aria-pressed') === 'true');

  // The currency card has its star too.
  await go(page, '/currency-converter?from=GBP&to=JPY');
  const currencyStar = page.getByRole('region', { name: 'Currency Converter' }).getByRole('button', { name: 'Favourite pair' });
  await currencyStar.click();
  await page.waitForFunction(() => document.querySelector('.favourite-star')?.getAttribute('aria-pressed') === 'true');
  await go(page, '/');
  await favourites.getByRole('link').nth(1).waitFor(); // the list is fetched once there are favourites
  // Newest first, each named by what it shows (the arrow read as "to").
  assert.deepEqual(await favourites.getByRole('link').evaluateAll((ls) => ls.map((l) => l.getAttribute('href'))), [
    '/currency-converter?from=GBP&to=JPY',
    '/length-converter?from=inches&to=centimeters',
  ]);
  assert.equal(await favourites.getByRole('link', { name: 'Currency 🇬🇧 GBP to 🇯🇵 JPY', exact: true }).getAttribute('href'), '/currency-converter?from=GBP&to=JPY');
  assert.equal(await favourites.getByRole('link', { name: 'Length Inches (in) to Centimeters (cm)', exact: true }).getAttribute('href'), '/length-converter?from=inches&to=centimeters');
  await favourites.getByRole('button', { name: 'Remove Inches (in) to Centimeters (cm) from favourites' }).click();
  await favourites.getByRole('button', { name: 'Remove 🇬🇧 GBP to 🇯🇵 JPY from favourites' }).click();
  // The list stays to say it is empty (and to hold the focus) until the next visit.
  await favourites.getByText(/^No favourites left/).waitFor();
  assert.equal(await favourites.getByRole('link').count(), 0);
  await go(page, '/');
  assert.equal(await favourites.count(), 0);
  await finish(page);
});

test('two tabs: a pair starred in one shows starred in the other, and pressing its star there never removes it', async () => {
  // No favourites at all when either tab loaded (the star had not even fetched the list code).
  const a = await visit('/length-converter');
  const b = await a.context().newPage();
  await b.goto(ctx.site.url + '/length-converter');
  await waitForHydration(b);
  const starOf = (page) => page.getByRole('region', { name: 'Length Converter' }).getByRole('button', { name: 'Favourite pair' });
  const pressed = (page, want) => page.waitForFunction((w) => document.querySelector('.favourite-star')?.getAttribute('aria-pressed') === w, want);
  await starOf(a).click();
  await pressed(a, 'true');
  await pressed(b, 'true'); // heard from the other tab
  // B's star now shows the favourite, and pressing it removes it, in both tabs.
  await starOf(b).click();
  await pressed(b, 'false');
  await b.getByRole('region', { name: 'Notifications' }).getByText('Removed from favourites').waitFor();
  await pressed(a, 'false');
  // And back again from B: pressed once, the pair is kept (before, B's blind toggle removed
  // what A had just starred and said "Removed from favourites").
  await starOf(b).click();
  await pressed(b, 'true');
  await pressed(a, 'true');
  assert.deepEqual(await a.evaluate(() => JSON.parse(localStorage.getItem('unitly-favourites')).map((f) => `${f.from}>${f.to}`)), ['meters>feet']);
  await b.close();
  await finish(a);
});

test('a Cooking favourite kept before favourites named ingredients is the default ingredient’s: starred there, never kept twice', async () => {
  const legacy = { category: 'cooking', label: 'Cooking', from: 'cups', to: 'grams', fromName: 'US Cups (cup)', toName: 'Grams (g)' };
  const page = await visit('/cooking-converter?from=cups&to=grams', {
    init: `if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); localStorage.setItem('unitly-favourites', ${JSON.stringify(JSON.stringify([legacy]))}); }`,
  });
  const star = page.getByRole('region', { name: 'Cooking Converter' }).getByRole('button', { name: 'Favourite pair' });
  await page.waitForFunction(() => document.querySelector('.favourite-star')?.getAttribute('aria-pressed') === 'true');
  // Pressed, it is removed, and pressed again kept once.
  await star.click();
  await page.waitForFunction(() => document.querySelector('.favourite-star')?.getAttribute('aria-pressed') === 'false');
  await star.click();
  await page.waitForFunction(() => document.querySelector('.favourite-star')?.getAttribute('aria-pressed') === 'true');
  assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem('unitly-favourites')).map((f) => `${f.from}>${f.to}:${f.ingredient ?? ''}`)), ['cups>grams:']);
  await finish(page);
});

test('corrupted favourites storage: the home page and the star still work', async () => {
  const page = await visit('/', { init: () => { if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); localStorage.setItem('unitly-favourites', '{"broken'); } } });
  assert.equal(await page.getByRole('region', { name: 'Your Favourites' }).count(), 0);
  await go(page, '/weight-converter');
  await page.getByRole('button', { name: 'Favourite pair' }).click();
  await page.waitForFunction(() => document.querySelector('.favourite-star')?.getAttribute('aria-pressed') === 'true');
  await go(page, '/');
  await page.getByRole('region', { name: 'Your Favourites' }).getByRole('link', { name: 'Weight Kilograms (kg) to Pounds (lb)' }).waitFor();
  await finish(page);
});

test('a shared link records nothing until the visitor acts, on the unit and the currency card alike', async () => {
  const stored = (page) => page.evaluate(() => localStorage.getItem('conversion-history'));
  const page = await visit('/weight-converter?value=2.5&from=pounds&to=kilograms');
  // The card reads the address in an effect after hydrating: the result is awaited, not read
  // at once (on a busy machine the island is marked hydrated before that render).
  await page.waitForFunction(() => document.querySelector('#weight-converter-result')?.textContent.trim() !== '');
  assert.equal(await resultOf(page), '1.133981 kg');
  await page.waitForTimeout(1500); // past the settle delay: nothing may be recorded
  assert.equal(await stored(page), null, 'a unit link alone');
  // A link with a part the card ignores: the address is corrected, the history untouched.
  await go(page, '/weight-converter?value=5&from=parsecs&to=grams');
  await page.waitForFunction(() => location.search === '?value=5&from=kilograms&to=grams');
  await page.waitForTimeout(1500);
  assert.equal(await stored(page), null, 'a unit link with an ignored part');
  await go(page, '/currency-converter?value=100&from=GBP&to=JPY');
  await page.waitForFunction(() => document.querySelector('#currency-converter-result')?.textContent.trim() !== '');
  await page.waitForTimeout(1500);
  assert.equal(await stored(page), null, 'a currency link alone');
  // The visitor acts: now the conversion is recorded, as on any card.
  await page.getByRole('textbox', { name: 'Amount' }).fill('200');
  // The panel under the currency card and its chart hydrates when scrolled to.
  await history(page).scrollIntoViewIfNeeded();
  await history(page).getByRole('button', { name: /^Currency 🇬🇧 200\.00 GBP to/ }).waitFor();
  await finish(page);
});

/**
 * Opens `path` with every request for a script chunk failing, the way an offline moment or
 * a flaky network would, and focuses the `field` textbox: the card fetches what it needs and
 * says, for each of `chunks`, that it could not load it. Then requests go through again and
 * the field is focused once more; resolves once that focus has fetched the chunks again.
 * The browser's error lines for the failed requests are dropped from the page's problems
 * (what is under test is that the page recovers).
 */
async function focusAfterFailedChunks(path, field, chunks) {
  const page = await visit(path);
  let failing = true;
  const fetched = [];
  await page.route(/\/assets\/.*\.js$/, (route) => {
    if (failing) return route.abort('failed');
    fetched.push(route.request().url());
    return route.continue();
  });
  const warnings = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  const input = page.getByRole('textbox', { name: field });
  await input.focus();
  const said = (what) => warnings.some((w) => w.startsWith(`Unitly: could not load ${what}:`));
  while (!chunks.every(said)) await page.waitForTimeout(50);
  failing = false;
  await page.getByRole('combobox', { name: 'From' }).focus();
  await input.focus(); // tries again
  while (fetched.length < chunks.length) await page.waitForTimeout(50);
  page.problems.splice(0, page.problems.length, ...page.problems.filter((p) => !p.includes('net::ERR_FAILED')));
  return { page, input };
}

test('after a failed chunk load, the next focus loads it: the unit card', async () => {
  const { page, input } = await focusAfterFailedChunks('/weight-converter', 'Value', ['the unit conversion']);
  await input.fill('5');
  assert.equal(await resultOf(page), '11.023113 lb');
  await finish(page);
});

test('after a failed chunk load, the next focus loads it: the currency card', async () => {
  const { page, input } = await focusAfterFailedChunks('/currency-converter', 'Amount', ['the rates client', 'the amount reader']);
  // A sum needs the amount reader, a result the rates client (150 USD at the fake upstream's 0.92).
  await input.fill('1 1/2 * 100');
  await page.waitForFunction(() => document.querySelector('#currency-converter-result')?.textContent.replace(/\s+/g, ' ').trim() === '€138.00 EUR');
  assert.match(await page.locator('#currency-converter-rate').textContent(), /^1 USD = 0\.9200 EUR/);
  await finish(page);
});

test('a replayed entry naming a unit the site no longer has still shows its conversion in the address, and records nothing', async () => {
  const page = await visit('/length-converter/feet-to-meters?value=2', {
    init: () => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('conversion-history', JSON.stringify([
        { id: 2, type: 'Length', from: '5 ft 11 in', to: '180.34 cm', timestamp: '2025-01-15T10:00:01.000Z', replay: { category: 'length', value: '5 ft 11 in', from: 'feet', to: 'centimeters' } },
        { id: 1, type: 'Length', from: '3 rd', to: '0.00000005 ls', timestamp: '2025-01-15T10:00:00.000Z', replay: { category: 'length', value: '3', from: 'rods', to: 'light_seconds' } },
      ]));
    },
  });
  const address = (want) => page.waitForFunction((w) => location.pathname + location.search === w, want);
  await history(page).getByRole('button', { name: 'Length 5 ft 11 in to 180.34 cm' }).click();
  await address('/length-converter/feet-to-centimeters?value=5+ft+11+in');
  await history(page).getByRole('button', { name: 'Length 3 rd to 0.00000005 ls' }).click();
  await page.getByText("The history entry's to=light_seconds was not understood here and was ignored.").waitFor();
  assert.equal(await resultOf(page), '1,508.76 cm');
  // Before, the address stayed on 5 ft 11 in: a reload gave another conversion than the card's.
  await address('/length-converter/rods-to-centimeters?value=3');
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    delete document.visibilityState;
  });
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('conversion-history')).map((e) => e.from));
  assert.deepEqual(stored, ['5 ft 11 in', '3 rd'], 'the replay with a missing unit is not recorded');
  await finish(page);
});

/**
 * Opens `path` as a slow first visit does: the server's page can be typed in before its
 * scripts arrive. Every script is held until `typeEarly(page)` has typed (as a visitor
 * does, key by key), then they come and the page's load-time islands hydrate.
 */
async function typedBeforeHydration(path, typeEarly) {
  const page = await openPage(ctx.browser, { serviceWorkers: 'block' });
  await page.addInitScript(() => {
    const choices = { essential: true, preferences: false, analytics: false, advertising: false };
    localStorage.setItem('unitly-consent', JSON.stringify({ version: 1, choices, time: new Date().toISOString() }));
  });
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(ctx.site.url + path, { waitUntil: 'commit' });
  await typeEarly(page);
  assert.equal(await page.locator('[data-island][data-hydrated]').count(), 0, 'typed before any island hydrated');
  release();
  await waitForHydration(page);
  return page;
}

test('a value typed before the card hydrated is converted once it has, and the visitor types on where they were', async () => {
  const page = await typedBeforeHydration('/length-converter', async (p) => {
    await p.getByRole('textbox', { name: 'Value' }).click();
    await p.keyboard.type('5');
  });
  const value = page.getByRole('textbox', { name: 'Value' });
  assert.equal(await value.inputValue(), '5');
  assert.equal(await resultOf(page), '16.404199 ft');
  // The focus and the caret stayed: the next key goes after the 5.
  await page.keyboard.type('0');
  assert.equal(await value.inputValue(), '50');
  await page.waitForFunction(() => document.querySelector('#length-converter-result')?.textContent.replace(/\s+/g, ' ').trim() === '164.041995 ft');
  await finish(page);
});

test('an amount typed before the currency card hydrated is converted once it has', async () => {
  const page = await typedBeforeHydration('/currency-converter', async (p) => {
    await p.getByRole('textbox', { name: 'Amount' }).click();
    await p.keyboard.type('250');
  });
  // 250 USD at the fake upstream's 0.92.
  await page.waitForFunction(() => document.querySelector('#currency-converter-result')?.textContent.replace(/\s+/g, ' ').trim() === '€230.00 EUR');
  assert.equal(await page.getByRole('textbox', { name: 'Amount' }).inputValue(), '250');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.labels?.[0]?.textContent), 'Amount');
  await finish(page);
});

test('a unit chosen before the card hydrated is the one it converts from', async () => {
  const page = await typedBeforeHydration('/length-converter', async (p) => {
    await p.getByRole('combobox', { name: 'From' }).selectOption('inches');
    await p.getByRole('textbox', { name: 'Value' }).click();
    await p.keyboard.type('12');
  });
  assert.equal(await resultOf(page), '1 ft');
  assert.equal(await page.getByRole('combobox', { name: 'From' }).inputValue(), 'inches');
  await finish(page);
});
