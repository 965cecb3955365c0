// The Cooking converter (content/ingredients.yaml) in Chromium, the way a visitor uses it:
// an ingredient, then a measure of it, found by role and name. Figures are checked against
// GNU units, which holds the same densities (`gnu:` of each ingredient).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pairPagesOf, siteForFile, waitForHydration } from './harness.mjs';
import { cardByRole, finish, newPage, resultText } from './interactive-helpers.mjs';
import { runGnuUnits } from '../../islands/src/lib/gnuUnits.mjs';

const ctx = siteForFile();
const PATH = '/cooking-converter';
/** The card's ingredients as the build hands them over (content/ingredients.yaml). */
const ingredientsOf = async (page) => JSON.parse(await page.locator('[data-island="CookingCard"]').getAttribute('data-props')).data.ingredients;

async function visit(path = PATH, options = {}) {
  const page = await newPage(ctx.browser, options);
  await page.goto(ctx.site.url + path);
  await waitForHydration(page);
  return page;
}

/** The Value field's message once it matches `want`, or whatever it says after 5 s (a message waits for a pause in typing). */
async function says(page, want) {
  const field = cardByRole(page).value;
  await page
    .waitForFunction(([input, re]) => new RegExp(re).test((document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '').trim()), [await field.elementHandle(), want.source], { timeout: 5000 })
    .catch(() => {});
  const id = await field.getAttribute('aria-describedby');
  return id ? (await page.locator(`#${id}`).textContent()).trim() : '';
}

/** GNU units' answer for `have` in `want`, rounded to the card's 2 decimals and its symbol. */
const gnu = (have, want, symbol) => `${Number(Number(runGnuUnits([[have, want]])[0]).toFixed(2))} ${symbol}`;

test('3 cups flour is grams from the table, and a typed ingredient moves the menu', async () => {
  const page = await visit();
  const c = cardByRole(page);
  assert.equal(await page.getByRole('region', { name: 'Cooking Converter' }).count(), 1);
  assert.equal(await c.ingredient.inputValue(), 'flour_spooned');
  assert.equal(await c.from.inputValue(), 'cups');
  assert.equal(await c.to.inputValue(), 'grams');
  assert.equal(await resultText(page), '', 'no result before a value');

  await c.value.fill('3 cups flour');
  assert.equal(await resultText(page), gnu('3 uscup flour_spooned', 'g', 'g'));
  assert.equal(await resultText(page), '361.46 g');
  // The page's table gives the same figure for the flour the result names.
  const row = page.getByRole('row').filter({ hasText: 'All-purpose flour, spooned' });
  assert.match(await row.textContent(), /4\.25 oz per cup.*120\.5.*The Cake Bible/);

  await c.value.fill('2 tbsp of honey');
  assert.equal(await resultText(page), gnu('2 ustablespoon honey', 'g', 'g'));
  assert.equal(await c.ingredient.inputValue(), 'honey', 'the menu follows the typed ingredient');

  // The metric cup (250 mL) of Australian and Canadian recipes is its own measure, not the US cup.
  await c.value.fill('2 metric cups flour');
  assert.equal(await resultText(page), gnu('2 metriccup flour_spooned', 'g', 'g'));
  assert.equal(await resultText(page), '254.63 g');

  // A metric equivalent in brackets, as recipes print it, is the same amount: one cup, never two.
  await c.value.fill('1 cup (250 ml)');
  assert.equal(await resultText(page), gnu('1 uscup flour_spooned', 'g', 'g'));
  assert.match(await says(page, /in brackets/), /^From 1 US cup of all-purpose flour, spooned \(250 mL in brackets read as the same amount, given another way, 5\.7 % more\)\.$/);
  await finish(page);
});

test('the menu, the pair and the address: sugar by weight to cups, restored on reload', async () => {
  const page = await visit();
  const c = cardByRole(page);
  await c.ingredient.selectOption('sugar');
  await c.from.selectOption('grams');
  await c.to.selectOption('cups');
  await c.value.fill('100');
  assert.equal(await resultText(page), '0.5 cups');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('ingredient') === 'sugar');
  await page.reload();
  await waitForHydration(page);
  assert.equal(await c.ingredient.inputValue(), 'sugar');
  assert.equal(await resultText(page), '0.5 cups', 'the address gives back the ingredient, the value and the pair');
  await finish(page);
});

test('a typed target converts; an ingredient the file has not is said, the menu kept', async () => {
  const page = await visit();
  const c = cardByRole(page);
  await c.value.fill('100 g sugar to cups');
  assert.equal(await resultText(page), '0.5 cups');
  assert.equal(await c.ingredient.inputValue(), 'sugar', 'the menu follows the ingredient before the target');
  assert.match(await says(page, /^From 100 g of granulated sugar/), /^From 100 g of granulated sugar \(in .+, as typed\)\.$/);
  await c.value.fill('2 1/4 cups all-purpose flour in grams');
  assert.equal(await resultText(page), gnu('2.25 uscup flour_spooned', 'g', 'g'));
  assert.equal(await c.ingredient.inputValue(), 'flour_spooned');
  await c.value.fill('1 cup caster sugar');
  assert.equal(await says(page, /Unknown ingredient/), 'Unknown ingredient “caster sugar”: choose it in Ingredient.');
  assert.equal(await resultText(page), '');
  assert.equal(await c.ingredient.inputValue(), 'flour_spooned', 'never switched to granulated sugar');
  // Choosing it in the menu keeps the measure and drops the unknown words.
  await c.ingredient.selectOption('sugar');
  assert.equal(await c.value.inputValue(), '1 cup');
  assert.equal(await resultText(page), '200 g');
  await c.value.fill('1 cup packed brown sugar');
  assert.equal(await resultText(page), '217 g');
  assert.equal(await c.ingredient.inputValue(), 'light_brown_sugar');
  await finish(page);
});

test('a value typed in the unit of To is converted to From, and the message says so', async () => {
  const page = await visit(`${PATH}?from=cups&to=grams&value=150+g+sugar`);
  const c = cardByRole(page);
  assert.equal(await resultText(page), '0.75 cups');
  assert.equal(await c.to.inputValue(), 'grams');
  assert.match(await says(page, /since/), /^From 150 g of granulated sugar \(converted to .+, since g is the To unit\)\.$/);
  await c.value.fill('1/3 cup');
  assert.match(await says(page, /^From 1\/3 US cup of/), /^From 1\/3 US cup of granulated sugar\.$/);
  await finish(page);
});

test('the ingredient of a shared link: read in any case; an unknown one is said and leaves the address', async () => {
  let page = await visit(`${PATH}?value=1+cup&ingredient=Sugar`);
  let c = cardByRole(page);
  assert.equal(await c.ingredient.inputValue(), 'sugar');
  assert.equal(await resultText(page), '200 g');
  await finish(page);

  page = await visit(`${PATH}?value=1+cup&ingredient=zzz`);
  c = cardByRole(page);
  const note = page.getByRole('status').filter({ hasText: 'ignored' });
  await note.waitFor();
  assert.match(await note.textContent(), /The link's ingredient=zzz was not understood here and was ignored\./);
  await page.waitForFunction(() => !new URLSearchParams(location.search).has('ingredient'));
  assert.equal(new URLSearchParams(new URL(page.url()).search).get('value'), '1 cup', 'the rest of the link is kept');
  assert.equal(await c.ingredient.inputValue(), 'flour_spooned');
  await finish(page);
});

test('keyboard only: Tab to Ingredient, pick with the arrows, type a measure; nonsense gets a message', async () => {
  const page = await visit();
  const c = cardByRole(page);
  await c.ingredient.focus();
  await page.keyboard.press('ArrowDown'); // the next ingredient of the file: flour scooped
  assert.equal(await c.ingredient.inputValue(), 'flour_scooped');
  await page.keyboard.press('Tab');
  assert.ok(await c.value.evaluate((el) => el === document.activeElement), 'Tab goes on to Value');
  await page.keyboard.type('1');
  assert.equal(await resultText(page), gnu('1 uscup flour_scooped', 'g', 'g'));
  await c.value.fill('3 cups of sand');
  assert.equal(await resultText(page), '');
  assert.ok(await c.copy.isDisabled(), 'nothing to copy');
  await finish(page);
});

test('the page lists every ingredient with its source and says the figures are typical', async () => {
  const page = await visit();
  const table = page.getByRole('region', { name: 'Ingredient densities table' });
  const ingredients = await ingredientsOf(page);
  assert.ok(ingredients.length >= 30, `${ingredients.length} ingredients`);
  const rows = await table.getByRole('row').all();
  assert.equal(rows.length - 1, ingredients.length, 'a row per ingredient under the header');
  for (const [n, i] of ingredients.entries()) {
    const cells = (await rows[n + 1].getByRole('cell').allTextContents()).map((t) => t.trim());
    assert.equal(cells[0], i.name);
    assert.ok(cells[4].length > 10, `${i.key}: a named source (${cells[4]})`);
  }
  assert.match(await page.getByRole('heading', { name: 'Ingredients and their sources' }).locator('..').textContent(), /typical values/);
  // The option names the menu shows are the file's names.
  assert.deepEqual(await cardByRole(page).ingredient.locator('option').allTextContents(), ingredients.map((i) => i.name));
  // No pair pages: a cup-to-gram figure is the ingredient's (the table above), not a pair's.
  assert.equal(await page.getByRole('navigation', { name: /conversions, unit by unit/ }).count(), 0);
  assert.deepEqual((await pairPagesOf(ctx.site)).filter((p) => p.startsWith(`${PATH}/`)), []);
  await finish(page);
});

test('a Cooking card an editor embedded in an article starts on its ingredient, pair and value, and converts', async () => {
  // content/blog/conversion-tips.md: {{ converter(from="cups", to="grams", ingredient="flour_spooned", value="2") }}
  const page = await visit('/blog/conversion-tips');
  const card = page.getByRole('region', { name: 'Cooking Converter' });
  assert.equal(await card.count(), 1);
  await card.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('[data-island="CookingCard"]')?.dataset.hydrated === 'true');
  const c = cardByRole(card);
  assert.equal(await c.ingredient.inputValue(), 'flour_spooned');
  assert.equal(await c.from.inputValue(), 'cups');
  assert.equal(await c.to.inputValue(), 'grams');
  assert.equal(await c.value.inputValue(), '2');
  // Spooned flour, 4.25 oz a cup: 2 cups = 240.97 g.
  await c.result.filter({ hasText: 'g' }).waitFor();
  assert.equal(await resultText(card), gnu('2 uscup flour_spooned', 'g', 'g'));
  assert.equal(await resultText(card), '240.97 g');

  await c.value.fill('3');
  assert.equal(await resultText(card), '361.46 g');
  await c.ingredient.selectOption('sugar');
  assert.equal(await resultText(card), gnu('3 uscup sugar', 'g', 'g'));
  await c.value.fill('1 1/2 cups bread flour');
  assert.equal(await resultText(card), gnu('1.5 uscup breadflour_spooned', 'g', 'g'));
  assert.equal(await c.ingredient.inputValue(), 'bread_flour_spooned', 'the menu follows the typed ingredient');
  await page.waitForTimeout(300);
  assert.equal(new URL(page.url()).search, '', 'an embedded card does not write the address');
  await finish(page);
});

test('recipe measures: a stick of butter, the Australian tablespoon and the UK cup; Copy writes English', async () => {
  const page = await visit(`${PATH}?ingredient=butter`, { permissions: ['clipboard-read', 'clipboard-write'] });
  const c = cardByRole(page);
  assert.equal(await c.ingredient.inputValue(), 'butter');
  await c.value.fill('1 stick');
  assert.equal(await resultText(page), gnu('stickbutter', 'g', 'g'));
  assert.equal(await says(page, /stick/), 'From 1 stick of butter (a US stick of butter is 1/2 cup, 8 tbsp, 113 g).');
  await c.value.fill('2 aus tbsp honey');
  assert.equal(await resultText(page), gnu('2 australiatablespoon honey', 'g', 'g'));
  await c.value.fill('1 uk cup flour');
  assert.equal(await resultText(page), gnu('brcup flour_spooned', 'g', 'g'));
  // Copied once the card says how it read the value (the line comes after a pause in typing).
  const copied = async (hint) => {
    await says(page, hint);
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await page.getByRole('button', { name: 'Copy' }).click();
    for (let i = 0; i < 100; i++) {
      const text = await page.evaluate(() => navigator.clipboard.readText());
      if (text !== '') return text;
      await page.waitForTimeout(100);
    }
    return '';
  };
  await c.ingredient.selectOption('butter');
  await c.value.fill('1');
  assert.equal(await copied(/^Read as 1 cup of butter/), '1 cup of butter = 226.8 g');
  await finish(page);
});
