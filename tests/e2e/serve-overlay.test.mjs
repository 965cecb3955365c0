// `unitly serve` while editing: a broken article shows its problem in the open tab (file,
// line, the offending source line), above the last good page; fixing the file brings the
// page back by itself. Runs on a copy of the project, so the real content is never edited.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { ROOT, launchBrowser, openPage, seedIslandStore, startSite } from './harness.mjs';

const ARTICLE = 'content/blog/conversion-tips.md';
// A rebuild's wait, not a speed test: on a 2-core machine loaded by the other files of the
// suite, a rebuild of the site's 5,600 pages after a failed one took over 20 s (bench/README.md
// has the rebuild's real figures).
const REBUILT = 60_000;
let dir;
let site;
let url;
let browser;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'unitly-overlay-'));
  for (const sub of ['content', 'themes']) cpSync(join(ROOT, sub), join(dir, sub), { recursive: true });
  for (const sub of ['islands', 'edge']) symlinkSync(join(ROOT, sub), join(dir, sub));
  seedIslandStore(dir);
  site = await startSite({ root: dir, watch: true });
  url = site.url;
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('a broken article shows file, line and source in the open tab; fixing it brings the article back', async () => {
  const page = await openPage(browser, { colorScheme: 'dark' });
  await page.goto(`${url}/blog/conversion-tips`);
  const heading = await page.getByRole('heading', { level: 1 }).textContent();
  // The live-reload connection is open before the edit.
  await page.locator('html[data-unitly-serve="live"]').waitFor({ state: 'attached', timeout: 5000 });

  const good = readFileSync(join(dir, ARTICLE), 'utf8');
  const lines = good.split('\n');
  const line = lines.findIndex((l) => l.startsWith('readTime:')) + 1;
  lines[line - 1] = 'readTime: [unclosed';
  writeFileSync(join(dir, ARTICLE), lines.join('\n'));

  const alert = page.getByRole('alert');
  await alert.waitFor({ timeout: REBUILT });
  const text = await alert.textContent();
  assert.match(text, new RegExp(`${ARTICLE.replaceAll('.', '\\.')}:${line}:\\d+: `));
  assert.ok(text.includes('readTime: [unclosed'), `the offending line is shown: ${text}`);
  assert.ok(text.includes('^'), 'a caret marks the column');
  // Readable in the dark theme: light text on a dark box.
  const colors = await alert.evaluate((el) => {
    const box = el.querySelector('.unitly-overlay-box');
    return [getComputedStyle(box).color, getComputedStyle(box).backgroundColor];
  });
  assert.deepEqual(colors, ['rgb(244, 244, 246)', 'rgb(27, 27, 34)']);
  // Keyboard-dismissable; the last good page is still under it.
  await page.keyboard.press('Escape');
  await alert.waitFor({ state: 'detached', timeout: 2000 });
  assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), heading);

  writeFileSync(join(dir, ARTICLE), good.replace(heading.trim(), `${heading.trim()} Again`));
  await page.getByRole('heading', { level: 1, name: `${heading.trim()} Again` }).waitFor({ timeout: REBUILT });
  assert.equal(await page.getByRole('alert').count(), 0);
  assert.deepEqual(await page.cspViolations(), []);
  // The market banner's /api calls fail here (no upstreams): the page says so; nothing else may.
  assert.deepEqual(page.problems.filter((p) => !p.includes('status of 502')), []);
  await page.context().close();
});

test("the caret stands under the problem's character on a line with tabs", async () => {
  const page = await openPage(browser);
  await page.goto(`${url}/blog/conversion-tips`);
  await page.locator('html[data-unitly-serve="live"]').waitFor({ state: 'attached', timeout: 5000 });
  const good = readFileSync(join(dir, ARTICLE), 'utf8');
  writeFileSync(join(dir, ARTICLE), `${good.trimEnd()}\n\nCafé\t→\t[bad](/nope) and more\n`);
  const alert = page.getByRole('alert');
  await alert.waitFor({ timeout: REBUILT });
  // Where the caret is drawn, and where the link's `[` is, on the line above it.
  const [caret, bracket] = await alert.locator('pre').first().evaluate((pre) => {
    const text = pre.firstChild;
    const at = (i) => {
      const r = document.createRange();
      r.setStart(text, i);
      r.setEnd(text, i + 1);
      return r.getBoundingClientRect().left;
    };
    return [at(text.data.lastIndexOf('^')), at(text.data.indexOf('['))];
  });
  assert.ok(Math.abs(caret - bracket) < 1, `caret at ${caret}px, the [ at ${bracket}px`);
  writeFileSync(join(dir, ARTICLE), good);
  await alert.waitFor({ state: 'detached', timeout: REBUILT });
  await page.context().close();
});
