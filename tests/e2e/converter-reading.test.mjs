// What visitors type, read right on the real pages (issue 26): phone punctuation, a target
// typed in Value, a value typed in To's unit, a card that does not move or chatter while
// typing, a CSV no spreadsheet runs, big pastes into the batch, the currency card reading
// currencies and thousands (10k), a torque in foot-pounds, focus after removing a favourite,
// and tables that keep words whole on phones.
// By role and name, keyboard first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { siteForFile, waitForHydration } from './harness.mjs';
import { finish, liveSaid, newPage, noAxeViolations, recordLiveRegions, untilInPage, visitHydrated } from './interactive-helpers.mjs';

const ctx = siteForFile();

/** A page of the site with a consent choice stored (no banner), hydrated. */
const visit = (path, options = {}) => visitHydrated(ctx, path, options);

const card = (page) => ({
  value: page.getByRole('textbox', { name: 'Value' }),
  from: page.getByRole('combobox', { name: 'From' }),
  to: page.getByRole('combobox', { name: 'To' }),
  result: page.getByRole('status', { name: 'Result' }),
});
const result = async (page) => {
  await page.waitForFunction(() => !document.querySelector('output[aria-busy="true"]'));
  return ((await card(page).result.textContent()) ?? '').replace(/\s+/g, ' ').trim();
};
/** The field's message once it is `want` (it waits for a pause in typing), or what it says after 5 s. */
async function says(page, want, field = card(page).value) {
  const el = await field.elementHandle();
  const read = () =>
    el.evaluate((input) => {
      const id = input.getAttribute('aria-describedby');
      return id ? (document.getElementById(id)?.textContent ?? '').trim() : '';
    });
  await page.waitForFunction(([input, text]) => {
    const id = input.getAttribute('aria-describedby');
    return (id ? (document.getElementById(id)?.textContent ?? '').trim() : '') === text;
  }, [el, want], { timeout: 5000 }).catch(() => {});
  return read();
}

test('phone punctuation, a target in Value and a value in To’s unit read as meant, and the card says so', async () => {
  const page = await visit('/length-converter');
  const c = card(page);
  // Every value field leaves what is typed alone: no autocorrect, capitals or spelling marks.
  for (const [name, value] of Object.entries({ autocorrect: 'off', autocapitalize: 'off', spellcheck: 'false', inputmode: 'text', enterkeyhint: 'done' })) {
    assert.equal(await c.value.getAttribute(name), value, name);
  }
  await c.to.selectOption('centimeters');
  for (const typed of ['5’11”', '5‘11“', '5′11″', '5 ft. 11 in.']) {
    await c.value.fill(typed);
    assert.equal(await result(page), '180.34 cm', typed);
    assert.equal(await says(page, 'From 5 ft 11 in'), 'From 5 ft 11 in', typed);
  }
  await c.value.fill('6’');
  assert.equal(await result(page), '182.88 cm');
  // A target typed in Value answers in it, whatever To says.
  await c.value.fill('5 ft 11 in to m');
  assert.equal(await result(page), '1.8034 m');
  assert.equal(await says(page, 'From 5 ft 11 in (in m, as typed)'), 'From 5 ft 11 in (in m, as typed)');
  assert.equal(await c.to.inputValue(), 'centimeters');

  await page.goto(`${ctx.site.url}/weight-converter`);
  await waitForHydration(page);
  await c.value.fill('10 kg to lb');
  assert.equal(await result(page), '22.046226 lb');
  await c.value.fill('10kg in pounds');
  assert.equal(await result(page), '22.046226 lb');
  await c.value.fill('2 tons');
  assert.equal(await result(page), '4,000 lb');
  assert.equal(await says(page, 'From 2 US short tons'), 'From 2 US short tons');
  // An old link with the tonne's former key opens the tonne.
  await page.goto(`${ctx.site.url}/weight-converter?value=2&from=tons&to=pounds`);
  await waitForHydration(page);
  assert.equal(await c.from.inputValue(), 'tonnes');
  assert.equal(await result(page), '4,409.245244 lb');

  // The temperature card opens on °C → °F: 98.6F is in To's unit, so it is converted to From.
  await page.goto(`${ctx.site.url}/temperature-converter`);
  await waitForHydration(page);
  await c.value.fill('98.6F');
  assert.equal(await result(page), '37 °C');
  const line = 'From 98.6 °F (converted to °C, since °F is the To unit)';
  assert.equal(await says(page, line), line);
  await noAxeViolations(page, 'a value typed in the To unit');
  await finish(page);
});

test('feet, a hyphen and inches as plans write them is one length on the card and in the copied text', async () => {
  const page = await visit('/length-converter/feet-to-meters', { permissions: ['clipboard-read', 'clipboard-write'] });
  const c = card(page);
  await c.value.fill(`12'-6"`);
  assert.equal(await result(page), '3.81 m');
  assert.equal(await says(page, 'From 12 ft 6 in (the hyphen joins feet and inches)'), 'From 12 ft 6 in (the hyphen joins feet and inches)');
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await untilInPage(page, async () => (await navigator.clipboard.readText()) === '12 ft 6 in = 3.81 m');
  // With spaces the hyphen subtracts, and the card says so.
  await c.value.fill(`12' - 6"`);
  assert.equal(await result(page), '3.5052 m');
  assert.equal(await says(page, 'From 12 ft − 6 in'), 'From 12 ft − 6 in');
  await finish(page);
});

test('a steady card: no message mid-word, one reserved line for it, so Result never moves', async () => {
  const page = await visit('/length-converter', { viewport: { width: 390, height: 844 } });
  const c = card(page);
  const box = async () => JSON.stringify(await c.result.boundingBox());
  await c.value.focus(); // fetches the parser
  const before = await box();
  // Every text the message region shows while "5 ft 11 in" is typed key by key.
  await page.evaluate(() => {
    window.__said = [];
    const region = document.querySelector('.converter-message');
    new MutationObserver(() => window.__said.push(region.textContent)).observe(region, { childList: true, subtree: true, characterData: true });
  });
  await page.keyboard.type('5 ft 11 in', { delay: 60 });
  assert.equal(await says(page, 'From 5 ft 11 in'), 'From 5 ft 11 in');
  const said = await page.evaluate(() => window.__said.filter((t) => t !== ''));
  assert.deepEqual(said, ['From 5 ft 11 in'], 'nothing said mid-word ("5 f", "5 ft 11 i"), the reading once');
  assert.equal(await box(), before, 'a hint does not move Result');
  await c.value.fill('5 fet');
  assert.match(await says(page, 'Unknown unit “fet”. Did you mean “feet”?'), /Did you mean “feet”/);
  assert.equal(await box(), before, 'nor does an error');
  // Enter says it at once.
  await c.value.fill('1,5');
  await c.value.press('Enter');
  assert.equal(await c.value.getAttribute('aria-describedby'), 'length-converter-message');
  assert.equal(await says(page, 'Read as 1.5'), 'Read as 1.5');
  assert.equal(await box(), before);
  await finish(page);
});

test('the Result is announced once typing pauses, at once on To or Swap, and never for what a link filled in', async () => {
  const page = await newPage(ctx.browser);
  await recordLiveRegions(page);
  // A shared link's conversion is on screen, not spoken: the visitor has done nothing yet.
  await page.goto(`${ctx.site.url}/length-converter?value=5`);
  await waitForHydration(page);
  const c = card(page);
  assert.equal(await result(page), '16.404199 ft');
  const cardSaid = () => liveSaid(page, 'length-converter-title');
  const spoken = async (n) => {
    await page.waitForFunction((n) => window.__said.filter((s) => s.region === 'length-converter-title').length >= n, n);
    return cardSaid();
  };
  assert.deepEqual(await cardSaid(), [], 'nothing said on load');

  await c.value.fill('');
  await c.value.focus();
  // Typed as a visitor types: every value shows in Result, and only the last is said.
  await page.keyboard.type('12.5', { delay: 80 });
  assert.deepEqual(await spoken(1), ['41.010499 ft'], 'not "3.28084 ft", "39.370079 ft" on the way');
  const shown = await page.evaluate(() => window.__shown.filter((t) => t !== ''));
  assert.deepEqual(shown.slice(-3), ['3.28084 ft', '39.370079 ft', '41.010499 ft'], 'Result showed each value as typed');
  assert.equal((await c.result.textContent()).replace(/\s+/g, ' ').trim(), '41.010499 ft');

  // A choice is said at once: To, then Swap (focus stays where the visitor is).
  await c.to.selectOption({ label: 'Inches (in)' });
  assert.deepEqual((await spoken(2)).slice(1), ['492.125984 in']);
  await page.getByRole('button', { name: 'Swap units' }).click();
  assert.deepEqual((await spoken(3)).slice(2), ['0.3175 m']);
  await finish(page);
});

test('batch: a CSV no spreadsheet runs, 1,000 lines in it, and a 300,000-line paste kept to the limit', async () => {
  const page = await visit('/length-converter', { permissions: ['clipboard-read', 'clipboard-write'], acceptDownloads: true });
  await page.getByText('Batch conversion', { exact: true }).click();
  const box = page.getByRole('textbox', { name: 'Values, one per line' });
  await box.waitFor();
  for (const [name, value] of Object.entries({ autocorrect: 'off', autocapitalize: 'off', spellcheck: 'false' })) assert.equal(await box.getAttribute(name), value, name);
  const summary = page.locator('#length-batch-summary');
  const download = async () => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    return readFile(await file.path(), 'utf8');
  };
  await box.focus();
  await page.keyboard.type('=1+1\n@SUM(A1)\n-1234.5\n5 ft 11 in\n');
  await summary.filter({ hasText: /^2 of 4 lines converted/ }).waitFor();
  assert.equal(await download(), [
    'value,from,result,to,note',
    "'=1+1,meters,error: Unexpected “=”.,feet,",
    '\'@SUM(A1),meters,"error: Unknown unit “@SUM”. Length units include pm, nm, µm, mm, cm, dm.",feet,',
    '-1234.5,meters,-4050.19685,feet,',
    '5 ft 11 in,feet+inches,5.916667,feet,',
    '',
  ].join('\r\n'));

  // 1,000 lines pasted: all converted, all in the CSV.
  const thousand = Array.from({ length: 1000 }, (_, i) => `${i + 1} in`).join('\n');
  await page.evaluate((t) => navigator.clipboard.writeText(t), thousand);
  await box.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+V');
  await summary.filter({ hasText: /^1,000 lines converted/ }).waitFor();
  const csv = (await download()).split('\r\n');
  assert.equal(csv.length, 1002);
  assert.equal(csv[1000], '1000 in,inches,83.333333,feet,');

  // 300,000 lines: the box keeps the first 1,000 (what the batch converts) and says so.
  const huge = Array.from({ length: 300_000 }, (_, i) => String(i % 1000)).join('\n');
  await page.evaluate((t) => navigator.clipboard.writeText(t), huge);
  await box.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+V');
  // Converted a slice at a time between frames: wait for the last slice, not for a time.
  await summary.filter({ hasText: /^1,000 lines converted from Meters \(m\) to Feet \(ft\)\..*299,000 more lines beyond the 1,000-line limit, left out of the box/ }).waitFor();
  assert.equal((await box.inputValue()).split('\n').length, 1000);
  await finish(page);
});

test('the currency card reads currencies typed with the amount', async () => {
  const page = await visit('/currency-converter?from=USD&to=EUR');
  const amount = page.getByRole('textbox', { name: 'Amount' });
  const out = page.getByRole('status', { name: 'Result' });
  const unit = () => out.locator('.result-unit').textContent();
  await amount.fill('100 usd to jpy');
  await page.waitForFunction(() => document.querySelector('output .result-unit')?.textContent === 'JPY');
  assert.equal(await says(page, 'From 100 USD', amount), 'From 100 USD');
  await amount.fill('100 EUR');
  await page.waitForFunction(() => document.querySelector('output .result-unit')?.textContent === 'USD');
  assert.equal(await unit(), 'USD');
  assert.equal(await says(page, 'From 100 EUR (converted to USD, since EUR is the To currency)', amount), 'From 100 EUR (converted to USD, since EUR is the To currency)');
  // An amount as prices are written: the magnitude multiplies it, and the letter is said.
  await amount.fill('10k usd to eur');
  await page.waitForFunction(() => document.querySelector('output .result-unit')?.textContent === 'EUR');
  assert.equal(await says(page, 'From 10 × 1000 USD (k is a thousand)', amount), 'From 10 × 1000 USD (k is a thousand)');
  assert.equal(await result(page), '€9,200.00 EUR');
  await finish(page);
});

test('the currency card says what its Amount read on the label’s row: Swap and Copy do not move when it comes (1366×768, 390×844)', async () => {
  for (const viewport of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
    const where = `${viewport.width}×${viewport.height}`;
    const page = await visit('/currency-converter?from=USD&to=EUR', { viewport });
    const amount = page.getByRole('textbox', { name: 'Amount' });
    const buttons = [page.getByRole('button', { name: 'Swap currencies' }), page.getByRole('button', { name: 'Copy', exact: true })];
    const boxes = async () => JSON.stringify(await Promise.all(buttons.map((b) => b.boundingBox())));
    await amount.focus(); // fetches the reader
    const before = await boxes();
    await page.keyboard.type('100 EUR', { delay: 40 });
    const line = 'From 100 EUR (converted to USD, since EUR is the To currency)';
    assert.equal(await says(page, line, amount), line, where);
    assert.equal(await boxes(), before, `${where}: the hint moves neither Swap nor Copy`);
    // It is on screen, in the label's row: beside Amount, above its input.
    const hint = page.locator('#currency-converter-message');
    assert.equal(await hint.isVisible(), true, where);
    const [h, label, input] = await Promise.all([hint.boundingBox(), page.locator('label[for="currency-converter-amount"]').boundingBox(), amount.boundingBox()]);
    assert.ok(h.x >= label.x + label.width && h.y + h.height <= input.y, `${where}: the hint ${JSON.stringify(h)} is beside the label ${JSON.stringify(label)}`);
    await finish(page);
  }
});

test('on a phone the Amount’s hint is read whole on its two reserved lines: “the point is a decimal point” is not cut off', async () => {
  const page = await visit('/currency-converter?from=USD&to=EUR', { viewport: { width: 390, height: 844 } });
  const amount = page.getByRole('textbox', { name: 'Amount' });
  await amount.focus();
  await page.keyboard.type('1.000', { delay: 40 });
  const line = 'Read as 1.000 (the point is a decimal point)';
  assert.equal(await says(page, line, amount), line);
  const hint = page.locator('#currency-converter-message');
  assert.deepEqual(await hint.evaluate((p) => p.scrollHeight <= p.clientHeight && p.scrollWidth <= p.clientWidth), true, 'the whole hint shows');
  await finish(page);
});

test('the currency card says its result once the Amount typed pauses', async () => {
  const page = await newPage(ctx.browser);
  await recordLiveRegions(page);
  await page.goto(`${ctx.site.url}/currency-converter?from=USD&to=EUR`);
  await waitForHydration(page);
  await page.getByRole('textbox', { name: 'Amount' }).focus();
  await page.keyboard.type('250', { delay: 80 });
  await page.waitForFunction(() => window.__said.some((s) => s.region === 'currency-converter-title'));
  assert.deepEqual(await liveSaid(page, 'currency-converter-title'), ['€230.00 EUR'], 'not the €2 and €25 on the way');
  assert.equal(await result(page), '€230.00 EUR');
  await finish(page);
});

test('the energy card says when it reads the small calorie, and asks about a lower-case “calories” while Kilocalories is chosen', async () => {
  const page = await visit('/energy-converter?from=joules&to=kilojoules');
  const c = card(page);
  await c.value.fill('2000 calories');
  assert.equal(await result(page), '8.368 kJ');
  const small = 'From 2000 cal (small calories, as typed; food labels’ Calories are kilocalories)';
  assert.equal(await says(page, small), small);
  await c.from.selectOption('kilocalories');
  const asked = '“calories” in lower case is the small calorie, 1/1000 of a food label’s Calorie: type “2000 kcal” for food energy or “2000 cal” for small calories.';
  assert.equal(await says(page, asked), asked);
  await c.value.fill('2000 Calories');
  assert.equal(await result(page), '8,368 kJ');
  await finish(page);
});

test('the torque card reads a torque written in foot-pounds as the pound-foot', async () => {
  const page = await visit('/torque-converter?from=newton_meters&to=newton_meters');
  const c = card(page);
  await c.value.fill('80 ft lbs');
  assert.equal(await says(page, 'From 80 lbf·ft'), 'From 80 lbf·ft');
  assert.equal(await result(page), '108.465436 N·m');
  await finish(page);
});

test('trade spellings on the real cards: lb·ft as the site prints it, a gauge pressure said to be gauge, the imperial ounce hint', async () => {
  let page = await visit('/torque-converter?from=newton_meters&to=newton_meters');
  let c = card(page);
  await c.value.fill('100 lb·ft');
  assert.equal(await says(page, 'From 100 lbf·ft'), 'From 100 lbf·ft');
  assert.equal(await result(page), '135.581795 N·m');
  await finish(page);
  page = await visit('/pressure-converter?from=psi&to=bars');
  c = card(page);
  await c.value.fill('30 psig');
  const gauge = 'From 30 psi (gauge, as typed: the result is gauge too; absolute is 1 atm more, 1.01325 bar or 14.695949 psi)';
  assert.equal(await says(page, gauge), gauge);
  assert.equal(await result(page), '2.068427 bar');
  await finish(page);
  page = await visit('/volume-converter?from=imperial_fluid_ounces&to=milliliters');
  c = card(page);
  await c.value.fill('4 oz');
  const hint = '“oz” is a unit of weight, not volume. For imperial fluid ounces, type “imp fl oz”.';
  assert.equal(await says(page, hint), hint);
  await finish(page);
});

test('visitors outside the US: full-width and Arabic-Indic digits, a US pint named as one, Rs and lakh', async () => {
  const page = await visit('/length-converter');
  const c = card(page);
  // A Japanese IME types full-width digits by default; Arabic-Indic digits are digits too.
  for (const typed of ['１２３', '١٢٣']) {
    await c.value.fill(typed);
    assert.equal(await result(page), '403.543307 ft', typed);
    assert.equal(await says(page, 'Read as 123'), 'Read as 123', typed);
  }
  await page.goto(`${ctx.site.url}/volume-converter`);
  await waitForHydration(page);
  await c.value.fill('2 litres to pints');
  assert.equal(await result(page), '4.226753 pt');
  assert.equal(await says(page, 'From 2 L (in US pints, as typed)'), 'From 2 L (in US pints, as typed)');
  await page.goto(`${ctx.site.url}/currency-converter?from=USD&to=EUR`);
  await waitForHydration(page);
  const amount = page.getByRole('textbox', { name: 'Amount' });
  await amount.fill('Rs 500');
  assert.equal(await says(page, 'From 500 INR', amount), 'From 500 INR');
  await amount.fill('1 lakh rupees');
  assert.equal(await says(page, 'From 1 × 100000 INR (a lakh is 100,000)', amount), 'From 1 × 100000 INR (a lakh is 100,000)');
  await amount.fill('１０００円');
  assert.equal(await says(page, 'From 1000 JPY', amount), 'From 1000 JPY');
  await finish(page);
});

test('removing a favourite on the home page moves the focus to the next one, then to the list', async () => {
  const page = await visit('/', {
    viewport: { width: 390, height: 844 },
  });
  await page.evaluate(() => {
    const fav = (from, to) => ({ category: 'length', label: 'Length', from, to, fromName: `${from}`, toName: `${to}` });
    localStorage.setItem('unitly-favourites', JSON.stringify([fav('meters', 'feet'), fav('inches', 'centimeters')]));
  });
  await page.reload();
  await waitForHydration(page);
  const favourites = page.getByRole('region', { name: 'Your Favourites' });
  const first = favourites.getByRole('button', { name: 'Remove meters to feet from favourites' });
  await first.focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Remove inches to centimeters from favourites');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.id === 'favourites-title');
  assert.match(await favourites.textContent(), /No favourites left/);
  await noAxeViolations(page, 'favourites emptied');
  await finish(page);
});

test('the batch and every-unit tables keep words whole at 320 and 390 px', async () => {
  for (const width of [320, 390]) {
    const page = await visit('/volume-converter?value=1234.5&from=liters&to=imperial_fluid_ounces', { viewport: { width, height: 800 } });
    await page.getByText('Every volume unit', { exact: true }).click();
    await page.locator('.all-units li').first().waitFor();
    await page.getByText('Batch conversion', { exact: true }).click();
    const box = page.getByRole('textbox', { name: 'Values, one per line' });
    await box.fill('1234.5\n2 cups + 3 tbsp\n5 fet');
    await page.locator('.batch-table tbody tr').nth(2).waitFor();
    // Each word of a header, a unit name or a value lies on one line: one client rect each.
    const broken = await page.evaluate(() => {
      const out = [];
      for (const el of document.querySelectorAll('.batch-table th, .batch-table td, .all-units-name, .all-units-value')) {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const m of node.textContent.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (lines.size > 1) out.push(m[0]);
          }
        }
      }
      return out;
    });
    assert.deepEqual(broken, [], `${width} px`);
    await finish(page);
  }
});

test('a runner’s pace: 5:30 on the speed card from min/km, its m:ss beside the result, and the same in the search box', async () => {
  const page = await visit('/speed-converter');
  const c = card(page);
  await c.from.selectOption('minutes_per_kilometer');
  await c.to.selectOption('minutes_per_mile');
  await c.value.fill('5:30');
  // units -t '5.5 min/km' min/mile = 8.851392: Result keeps the number, the line under Value says m:ss.
  assert.equal(await result(page), '8.851392 min/mi');
  const line = 'Read as 5:30 (5 min 30 s). Result as m:ss: 8:51 min/mi';
  assert.equal(await says(page, line), line);
  // A pace typed on the km/h card wins over From, as any typed unit does; no "min is a unit of time".
  await c.from.selectOption('kilometers_per_hour');
  await c.to.selectOption('kilometers_per_hour');
  for (const typed of ['6 min/km', '6 min per km']) {
    await c.value.fill(typed);
    assert.equal(await result(page), '10 km/h', typed);
    assert.equal(await says(page, 'From 6 min/km'), 'From 6 min/km', typed);
  }
  await c.value.fill('5:75');
  const bad = '“5:75” is no time: write minutes and seconds as m:ss (5:30), or hours, minutes and seconds as h:mm:ss (1:02:30), with two digits from 00 to 59 after each colon.';
  assert.equal(await says(page, bad), bad);

  const box = page.getByRole('combobox', { name: 'Search or convert' });
  await box.fill('5:30 min/km to min/mile');
  await page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first()
    .filter({ hasText: /^5:30 min\/km = 8\.851392 min\/mi = 8:51 min\/mi \(5 min 30 s\)/ }).waitFor();
  await finish(page);
});
