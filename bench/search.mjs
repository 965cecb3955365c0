#!/usr/bin/env node
// Site-search benchmark (prints figures; never a test).
//
//   cargo build --release && node bench/search.mjs [--sizes 2000,20000] [--queries 2000]
//
// 1. Index cost: builds a copy of the site with N generated articles (bench/articles.mjs)
//    and reads the build's "search index" step: the time spent reading and counting pages,
//    summed over the worker threads (the most the index can add while pages stream), and
//    the step that writes the index at the end; with the build's wall time, its peak memory
//    (GNU time) and the index's files and bytes.
// 2. Bytes per query: on the site with `--queries` articles served by `unitly serve`
//    (gzip), Debian's Chromium focuses the box and types queries; every response after the
//    focus is counted with its encoded size (headers included) as the browser received it:
//    the first query carries the search's script chunk, the entry and the index files it
//    needs; later ones only their own chunks and results. Also the time from the last
//    keystroke (the input) to the list's last change before it was complete (the box waits 40 ms after
//    typing before it reads; its status, which says the list is complete, waits 700 ms more).
//    `--key-delay N`: milliseconds between keys (default 0: the query put in at once, as
//    pasted); `--files`: each response of each query.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { addArticles } from './articles.mjs';
import { BIN, fakeUpstreams, launchBrowser, searchListComplete, siteCopy, startSite } from '../tests/e2e/harness.mjs';

const arg = (name, fallback) => (process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1] : fallback);
const SIZES = arg('sizes', '2000,20000').split(',').map(Number);
const QUERY_SITE = Number(arg('queries', '2000'));
const SHOW_FILES = process.argv.includes('--files');
// Milliseconds between keystrokes; 0 (the default) puts the query in at once, as a paste
// does: what one query costs. Keys sent 15 ms apart were meant as a burst read once, but
// sending a key takes the bench 5–50 ms more on a busy machine, past the box's 40 ms wait,
// so a run read one or two of the query's beginnings too, and another run none. 150–300 is
// a visitor typing, whose every key is read as a query: what typing it costs.
const KEY_DELAY = Number(arg('key-delay', '0'));
const KB = (n) => `${(n / 1024).toFixed(1)} KB`;
if (!existsSync(BIN)) throw new Error(`build the generator first: cargo build --release (${BIN} is missing)`);

/** Files and bytes under a folder. */
function du(dir) {
  let files = 0;
  let bytes = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) {
      files++;
      bytes += statSync(join(e.parentPath ?? e.path, e.name)).size;
    }
  }
  return { files, bytes };
}

function build(n) {
  const root = siteCopy((dir) => addArticles(dir, n));
  const out = join(root, 'dist');
  // A first build fills the island cache, as a site's builds after the first find it.
  spawnSync(BIN, ['--root', root, 'build', '--out', out], { encoding: 'utf8' });
  rmSync(out, { recursive: true, force: true });
  const started = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-f', '@@rss %M', BIN, '--root', root, 'build', '--out', out], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (r.status !== 0) throw new Error(`build failed:\n${r.stdout}\n${r.stderr}`);
  const step = r.stdout.split('\n').find((l) => l.trim().startsWith('search index')) ?? '';
  const worker = Number(/indexed in (\d+) ms of worker time/.exec(step)?.[1]);
  const finish = Number(/([\d.]+) ms\s*$/.exec(step)?.[1]);
  const rssMB = Number(/@@rss (\d+)/.exec(r.stderr)?.[1]) / 1024;
  const index = du(join(out, 'search'));
  rmSync(root, { recursive: true, force: true });
  return { n, ms, worker, finish, rssMB, index, step: step.trim(), load: loadavg()[0] };
}

/** The bench's queries, typed in order into the box of a fresh browser context (no HTTP cache). */
const QUERIES = [
  ['first query', 'conversion history'],
  ['later query, new words', 'Talleyrand metre'],
  ['later query, a typo', 'convresion'],
  ['a conversion (first)', '5 ft 11 in to cm'],
  ['a conversion (later)', '10kg in lb'],
];

/**
 * Types QUERIES into the box of /length-converter in a new context; a row per query. With
 * `count`, each response's bytes are counted through the DevTools protocol, whose network
 * events cost the page 20–60 ms a query here: a pass that counts is not the one timed.
 */
async function typeQueries(browser, site, { count = false } = {}) {
  const rows = [];
  // No service worker: its own fetches are not the page's, and a query's bytes are what the network carries.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (count) await cdp.send('Network.enable');
    let counting = null;
    const urls = new Map();
    cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, new URL(e.request.url).pathname));
    cdp.on('Network.loadingFailed', (e) => urls.delete(e.requestId));
    cdp.on('Network.loadingFinished', (e) => {
      const url = urls.get(e.requestId);
      urls.delete(e.requestId);
      if (!counting) return;
      counting.bytes += e.encodedDataLength;
      counting.files++;
      counting.list.push(`${url} ${KB(e.encodedDataLength)}`);
    });
    await page.goto(`${site.url}/length-converter`);
    await page.waitForSelector('[data-island="SiteSearch"][data-hydrated="true"]');
    await page.waitForLoadState('networkidle');
    const box = page.getByRole('combobox', { name: 'Search or convert' });
    // The list's last change after the last keystroke, timed in the page: the box's status
    // (what a screen reader hears) is filled only once typing has paused for 700 ms
    // (MESSAGE_PAUSE_MS), so it says when the list is complete, but not how soon it showed.
    await page.evaluate(() => {
      const times = (window.__searchTimes = { input: 0, change: 0 });
      const field = document.querySelector('[role="search"] [role="combobox"]');
      field.addEventListener('input', () => (times.input = performance.now()));
      const status = (node) => (node instanceof Element ? node : node.parentElement)?.closest('[role="status"]');
      new MutationObserver((records) => {
        if (records.some((r) => !status(r.target))) times.change = performance.now();
      }).observe(field.form, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    for (const [label, text] of QUERIES) {
      counting = { bytes: 0, files: 0, list: [] };
      if (rows.length === 0) await box.focus();
      await box.fill('');
      if (KEY_DELAY > 0) await box.pressSequentially(text, { delay: KEY_DELAY });
      else await box.fill(text);
      await searchListComplete(page, text);
      const shown = await page.evaluate(() => window.__searchTimes.change - window.__searchTimes.input);
      // Every response of this query in before the next one's counting starts (a load state
      // reached once is not waited for again): no request open for 300 ms, or 10 s at most.
      for (let quiet = 0, waited = 0; quiet < 3 && waited < 100; waited++) {
        await page.waitForTimeout(100);
        quiet = count && urls.size > 0 ? 0 : quiet + 1;
      }
      rows.push({ label, text, ...counting, shown });
    }
  } finally {
    await context.close();
  }
  return rows;
}

async function queries() {
  const root = siteCopy((dir) => addArticles(dir, QUERY_SITE));
  const upstreams = await fakeUpstreams();
  const [site, browser] = await Promise.all([startSite({ root, env: upstreams.env }), launchBrowser()]);
  try {
    // `serve` compresses a file with brotli at quality 11 the first time it is asked for
    // (20–60 ms for a search file here) and keeps the copy (src/serve/compressed.rs). A host
    // serves its files compressed long before a visitor asks, so a first pass asks for what
    // the queries need, and the pass measured is a second, in a new context with its own
    // empty HTTP cache: it fetches the same bytes, but from a server that has them ready;
    // then a third, timed without counting.
    await typeQueries(browser, site);
    const counted = await typeQueries(browser, site, { count: true });
    const timed = await typeQueries(browser, site);
    return counted.map((row, i) => ({ ...row, shown: timed[i].shown }));
  } finally {
    await browser.close();
    await site.stop();
    await upstreams.close?.();
    rmSync(root, { recursive: true, force: true });
  }
}

console.log(`load average before: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
for (const n of SIZES) {
  const r = build(n);
  console.log(
    `${n.toLocaleString('en-US')} articles: build ${(r.ms / 1000).toFixed(2)} s, peak RSS ${r.rssMB.toFixed(0)} MB; ` +
      `pages indexed in ${r.worker} ms of worker time, index written in ${r.finish} ms; ` +
      `index ${r.index.files} files, ${(r.index.bytes / 1048576).toFixed(1)} MB; load average ${r.load.toFixed(2)}\n  ${r.step}`,
  );
}
if (QUERY_SITE > 0) {
  console.log(`\nQueries on a site with ${QUERY_SITE.toLocaleString('en-US')} articles (bytes as received, gzip):`);
  for (const q of await queries()) {
    console.log(`  ${q.label.padEnd(26)} “${q.text}”: ${KB(q.bytes)} in ${q.files} responses; list shown ${q.shown.toFixed(0)} ms after the last keystroke`);
    if (SHOW_FILES) console.log(q.list.map((f) => `      ${f}`).join('\n'));
  }
}
