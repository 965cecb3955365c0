// Shared set-up for the browser suite: the real `unitly serve` on a free port (built
// into a temporary folder), fake upstreams on 127.0.0.1, and Debian's Chromium driven
// by playwright-core. Nothing here reaches beyond this machine.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { after, before } from 'node:test';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = join(ROOT, 'target/release/unitly');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** A closed local port: where every upstream and proxy a test does not fake points. */
export const NOWHERE = 'http://127.0.0.1:9';
export const CHROMIUM_ARGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  // Nothing leaves this machine: a request to any host but this one goes to a proxy on a
  // closed local port and fails (net::ERR_PROXY_CONNECTION_FAILED). A launch flag rather than
  // a route on every context, which sent each request through the DevTools protocol and cost
  // the browser and the test process about a fifth of their CPU.
  `--proxy-server=${NOWHERE}`, '--proxy-bypass-list=127.0.0.1;localhost',
];

/**
 * The pages content/ defines: every `path` of the route registry, then every article of
 * content/blog (the real content has no draft or scheduled article). Tests count these, so a
 * new category page or article needs no test edit.
 */
export function contentRoutes(root = ROOT) {
  const registry = readFileSync(join(root, 'content/routes.yaml'), 'utf8');
  const routes = [...registry.matchAll(/^ {2}- path: (\S+)$/gm)].map((m) => m[1]);
  const articles = readdirSync(join(root, 'content/blog')).filter((f) => f.endsWith('.md')).map((f) => `/blog/${f.slice(0, -3)}`);
  return [...routes, ...articles.sort()];
}

/** Each unit category's own converter page of content/converters (not currency, cooking or a
 *  variant such as /metric-length-converter): its path, category and preset, from the files. */
export function unitCategoryPages() {
  const registry = readFileSync(join(ROOT, 'content/routes.yaml'), 'utf8');
  const pathOf = new Map([...registry.matchAll(/^ {2}- path: (\S+)\n(?: {4}.*\n)*? {4}source: (\S+)$/gm)].map((m) => [m[2], m[1]]));
  return readdirSync(join(ROOT, 'content/converters'))
    .map((file) => {
      const text = readFileSync(join(ROOT, 'content/converters', file), 'utf8');
      const category = /^category: (\S+)$/m.exec(text)[1];
      const [, from, to] = /^preset: \{ from: (\S+), to: (\S+) \}$/m.exec(text);
      return { path: pathOf.get(`converters/${file}`), category, from, to };
    })
    // Currency and cooking pages have their own cards (CurrencyCard, CookingCard; cooking.test.mjs).
    .filter((p) => p.category !== 'currency' && p.category !== 'cooking' && p.path === `/${p.category.replace(/_/g, '-')}-converter`);
}

/** Every path of the built sitemap. */
async function sitemapPaths(site) {
  const xml = await (await fetch(`${site.url}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

/** A page the build makes for a unit pair (`/length-converter/feet-to-meters`) or a category's
 *  index of them (`/length-converter/conversions`), from units.yaml rather than a route. */
export const isPairPage = (path) => /^\/[a-z0-9-]+-converter\/([a-z0-9-]+-to-[a-z0-9-]+|conversions)$/.test(path);

/** The routes of the registry and the blog, read from the built sitemap by tests that need them. */
export async function routesOf(site) {
  return (await sitemapPaths(site)).filter((path) => !isPairPage(path));
}

/** The one category whose pairs are reciprocal (L/100 km ↔ mpg): its formula divides. */
const RECIPROCAL_CATEGORY = 'fuel-economy-converter';

/** A sample of the unit pair pages for the suites that visit every route: each category's
 *  first pair, and for the first three categories also its index, its last pair (often to a
 *  compound) and the first pair's inverse. One template makes them all: the sample covers each
 *  category's data and each kind of page without visiting thousands. With `eachCategory:
 *  false` (checks of the template's markup and tags, axe and the route checks, where
 *  tests/pair_pages.rs checks every page's built HTML) the other categories give only the
 *  reciprocal one's first pair: every kind of formula (linear, affine in temperature,
 *  reciprocal) and page (compound, index) is still there. */
export async function pairPagesOf(site, { eachCategory = true } = {}) {
  const pairs = (await sitemapPaths(site)).filter(isPairPage);
  const byCategory = new Map();
  for (const path of pairs) byCategory.set(path.split('/')[1], [...(byCategory.get(path.split('/')[1]) ?? []), path]);
  const sample = [...byCategory.entries()].flatMap(([category, paths], i) => {
    const index = paths.filter((p) => p.endsWith('/conversions'));
    const pages = paths.filter((p) => !p.endsWith('/conversions'));
    if (i >= 3) return eachCategory || category === RECIPROCAL_CATEGORY ? pages.slice(0, 1) : [];
    const [home, first] = [pages[0].slice(0, pages[0].lastIndexOf('/')), pages[0].split('/').at(-1)];
    const inverse = `${home}/${first.split('-to-').reverse().join('-to-')}`;
    return [...index, pages[0], pages.at(-1), ...(pages.includes(inverse) ? [inverse] : [])];
  });
  return [...new Set(sample)];
}

const SHARED_BUILD = 'unitly-e2e-build-';
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
};

/**
 * The project's own site, built once for all the files of a run that serve it as it is: each
 * file built it again before (about 2 s of both cores, two dozen times). `env` only reaches the
 * edge function, never the build, so every file can share it. Kept under the test runner's
 * process id (the files of one `node --test` are its children) and removed by a later run once
 * that process is gone.
 */
function sharedBuild() {
  const dir = join(tmpdir(), `${SHARED_BUILD}${process.ppid}`);
  if (existsSync(join(dir, 'index.html'))) return dir;
  for (const name of readdirSync(tmpdir())) {
    if (name.startsWith(SHARED_BUILD) && !alive(Number(name.slice(SHARED_BUILD.length).split('.')[0]))) {
      rmSync(join(tmpdir(), name), { recursive: true, force: true });
    }
  }
  const building = `${dir}.${process.pid}`;
  execFileSync(BIN, ['--root', ROOT, 'build', '--out', building], { cwd: ROOT, stdio: 'pipe' });
  try {
    renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true }); // another file's build got there first
  }
  return dir;
}

/**
 * Gives a copy of the project at `dir` the island store of the run's shared build (the
 * project's `.unitly-cache/islands`, which that build leaves), as a checkout that was built
 * once has it: the copy's build sends Node only the islands its own changes ask for. A build
 * from nothing spends most of its time rendering the pair pages' ~11,000 islands (14 s of
 * both cores, against 3.4 s with the store). The store is keyed by the islands' inputs and
 * each render by its props, so the seed makes no build different. A store another file's
 * build is replacing at that moment is skipped: the copy then builds from nothing.
 */
export function seedIslandStore(dir) {
  const store = '.unitly-cache/islands'; // unitly's islands::store::DIR
  sharedBuild();
  try {
    cpSync(join(ROOT, store), join(dir, store), { recursive: true, filter: (src) => !basename(src).startsWith('.staging-') });
  } catch {
    rmSync(join(dir, store), { recursive: true, force: true });
  }
}

/**
 * Starts `unitly serve` on a free port: for the project's own site, the run's one build as it
 * is (`--no-build`); for another root, its own build without watching (or, with `watch`,
 * rebuilding on change with live reload). Upstream variables default to a closed local port,
 * so a test that forgets to fake them can never call a real API.
 */
export async function startSite({ env = {}, root = ROOT, watch = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'unitly-e2e-'));
  const shared = root === ROOT && !watch;
  const out = shared ? sharedBuild() : join(dir, 'dist');
  const args = ['--root', root, 'serve', ...(shared ? ['--no-build'] : watch ? [] : ['--no-watch']), '--port', '0', '--out', out];
  const child = spawn(BIN, args, {
    cwd: root,
    env: {
      ...process.env,
      GOLD_UPSTREAM_URL: `${NOWHERE}/gold`,
      FTSE_UPSTREAM_URL: `${NOWHERE}/ftse`,
      RATES_UPSTREAM_URL: `${NOWHERE}/v6`,
      HISTORY_UPSTREAM_URL: `${NOWHERE}/history`,
      UPSTREAM_TIMEOUT_MS: '2000',
      // The edge's KV starts empty and dies with this run, never shared with another.
      UNITLY_EDGE_STATE: join(dir, 'edge-state'),
      ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const logs = [];
  child.stderr.on('data', (d) => logs.push(String(d)));
  const url = await new Promise((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`unitly serve did not start:\n${out}\n${logs.join('')}`)), 120_000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/serving (http:\/\/[^/\s]+)\//);
      if (m) {
        clearTimeout(timer);
        ok(m[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`unitly serve exited (${code}):\n${out}\n${logs.join('')}`));
    });
  });
  return {
    url,
    out,
    logs,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A copy of the project to grow (content/ and themes/ copied, islands/ and edge/ sources
 * copied with their node_modules linked, the island store seeded) in a temporary folder;
 * `grow(dir)` adds to it, such as generated articles (bench/articles.mjs). Returns the
 * folder; `rmSync` it when done.
 */
export function siteCopy(grow = () => {}) {
  const dir = mkdtempSync(join(tmpdir(), 'unitly-site-'));
  for (const d of ['content', 'themes']) cpSync(join(ROOT, d), join(dir, d), { recursive: true });
  mkdirSync(join(dir, 'islands'));
  for (const d of ['src', 'scripts', 'package.json', 'package-lock.json', 'tsconfig.json']) {
    if (existsSync(join(ROOT, 'islands', d))) cpSync(join(ROOT, 'islands', d), join(dir, 'islands', d), { recursive: true });
  }
  symlinkSync(join(ROOT, 'islands/node_modules'), join(dir, 'islands/node_modules'));
  // Copied, not linked: the build writes edge/src/generated/ from the copy's units.yaml, and
  // a test's generated categories must not land in the project's own edge/.
  const edgeNodeModules = join(ROOT, 'edge/node_modules');
  cpSync(join(ROOT, 'edge'), join(dir, 'edge'), { recursive: true, filter: (src) => src !== edgeNodeModules });
  symlinkSync(edgeNodeModules, join(dir, 'edge/node_modules'));
  seedIslandStore(dir);
  grow(dir);
  return dir;
}

export async function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/**
 * The usual set-up of a test file (or of the describe block it is called in): registers a
 * `before` hook that starts fake upstreams, `unitly serve` pointed at them and Chromium, and
 * an `after` hook that stops them. The returned object is empty until the hook has run, so
 * tests read `ctx.site.url`, `ctx.browser`, `ctx.up.calls`. `beforeStart(ctx)` runs once the
 * upstreams exist and before the site starts, e.g. to make an upstream fail from the start.
 * `removeRoot`: `root` is a copy of the project made for this file, removed once the site stops.
 */
export function siteForFile({ browser = true, upstreams = true, env = {}, root, removeRoot = false, rates, beforeStart } = {}) {
  const ctx = {};
  before(async () => {
    if (upstreams) ctx.up = await fakeUpstreams(rates ? { rates } : {});
    await beforeStart?.(ctx);
    // Settled, not Promise.all: when the site fails to start, the browser already launched
    // must still reach `after` to be closed, or its process keeps the test file alive forever.
    const [site, launched] = await Promise.allSettled([
      startSite({ env: { ...ctx.up?.env, ...env }, root }),
      browser ? launchBrowser() : undefined,
    ]);
    ctx.site = site.status === 'fulfilled' ? site.value : undefined;
    ctx.browser = launched.status === 'fulfilled' ? launched.value : undefined;
    for (const r of [site, launched]) if (r.status === 'rejected') throw r.reason;
  });
  after(async () => {
    await ctx.browser?.close();
    await ctx.site?.stop();
    await ctx.up?.close();
    // Only once the site has stopped: serve writes into the project it serves (its compressed
    // copies) while it runs.
    if (removeRoot) rmSync(root, { recursive: true, force: true });
  });
  return ctx;
}

/**
 * A page that records console errors, page errors and CSP violations (the browser itself
 * refuses every request that leaves this machine: CHROMIUM_ARGS).
 */
export async function openPage(browser, { permissions = [], offline = false, ...contextOptions } = {}) {
  const context = await browser.newContext({ permissions, ...contextOptions });
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.violatedDirective}: ${e.blockedURI}`);
    });
  });
  if (offline) await context.setOffline(true);
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.problems = problems;
  page.cspViolations = () => page.evaluate(() => window.__cspViolations);
  return page;
}

/**
 * How many pages the suites that walk every route check at once, each worker in its own
 * context of the one browser (visitEach): while one page's renderer works, the other waits on
 * the server or on Playwright, so two keep both cores of a CI runner busy. A test that visits
 * pages this way is declared with `{ concurrency: PAGES_AT_ONCE }` and makes one subtest per
 * page.
 */
export const PAGES_AT_ONCE = 2;

/**
 * Runs `check(page, path)` for each path as a subtest named by the path, PAGES_AT_ONCE at a
 * time (the parent test `t` is declared with `{ concurrency: PAGES_AT_ONCE }`). Each worker
 * gets a page from `open()` once and keeps it from visit to visit, as one visitor going from
 * page to page. Returns those pages, still open, for checks over all their visits.
 */
export async function visitEach(t, paths, open, check) {
  const pages = [];
  const free = [];
  await Promise.all(
    paths.map((path) =>
      t.test(path, async () => {
        let page = free.pop();
        if (!page) pages.push((page = await open()));
        try {
          await check(page, path);
        } finally {
          free.push(page);
        }
      }),
    ),
  );
  return pages;
}

/**
 * visitEach for checks that judge each visit on its own (they assert the page's problems
 * themselves): each visit starts with none recorded, so one page's problem is not laid on the
 * next, and the pages are closed at the end.
 */
export async function visitEachAlone(t, paths, open, check) {
  const pages = await visitEach(t, paths, open, (page, path) => {
    page.problems.splice(0);
    return check(page, path);
  });
  for (const page of pages) await page.context().close();
}

/** Waits until every island on the page that hydrates on load has hydrated. */
export async function waitForHydration(page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-island][data-client="load"]')].every((el) => el.dataset.hydrated === 'true'),
  );
}

/**
 * Until the site search's list is complete (SearchPanel's status speaks only then), for `text`
 * in the box when given. The status is drawn by the panel, a chunk loaded at the box's first
 * focus: until it is there, nothing is complete.
 */
export function searchListComplete(page, text = null) {
  return page.waitForFunction((t) => {
    const status = document.getElementById('site-search-status');
    return status !== null && status.textContent !== '' && (t === null || document.getElementById('site-search-q')?.value === t);
  }, text);
}

/** The currencies the fake history provider covers, as the ECB's reference rates do (not KWD). */
export const HISTORY_CODES = ['AUD', 'BRL', 'CAD', 'CHF', 'CNY', 'EUR', 'GBP', 'INR', 'JPY', 'MXN', 'PLN', 'SEK', 'THB', 'USD'];

/** The fake history provider's rate of `code` per 1 USD on a day: a slow wave around today's table. */
export function historyPerUsd(usd, code, date) {
  const day = Date.parse(`${date}T00:00:00Z`) / 86_400_000;
  return code === 'USD' ? 1 : (usd[code] ?? 1) * (1 + 0.08 * Math.sin(day / 45 + HISTORY_CODES.indexOf(code)));
}

/** Frankfurter's v1 API over `usd`: /currencies, and /{start}..{end}?base=&symbols= on working days. */
function fakeHistory(usd, rest, query) {
  if (rest === 'currencies') return [200, Object.fromEntries(HISTORY_CODES.map((c) => [c, c]))];
  const m = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})?$/.exec(rest);
  const [base, symbol] = [query.get('base'), query.get('symbols')];
  if (!m || !HISTORY_CODES.includes(base) || !HISTORY_CODES.includes(symbol)) return [404, { message: 'not found' }];
  const rates = {};
  const end = Date.parse(`${m[2] ?? new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  for (let t = Date.parse(`${m[1]}T00:00:00Z`); t <= end; t += 86_400_000) {
    const date = new Date(t).toISOString().slice(0, 10);
    if (![0, 6].includes(new Date(t).getUTCDay())) rates[date] = { [symbol]: Number((historyPerUsd(usd, symbol, date) / historyPerUsd(usd, base, date)).toPrecision(5)) };
  }
  const days = Object.keys(rates);
  return [200, { amount: 1, base, start_date: days[0], end_date: days.at(-1), rates }];
}

/**
 * When the fake rates table was published: today at 00:00:01 UTC, as a daily provider's is.
 * Never over a day old, so the edge and the card call it live (a fixed date would be marked
 * stale by its age once past).
 */
export const RATE_TIME_MS = Math.floor(Date.now() / 86400_000) * 86400_000 + 1000;

/**
 * Fake upstreams for the edge function: gold, the FTSE 100 (Yahoo's chart shape), the v6
 * rates API and the history provider (Frankfurter's shape, over the USD table's rates).
 * `calls` counts requests per path; `set(name, fn)` changes an answer.
 */
export async function fakeUpstreams({ gold = 2345.678, ftse = 8123.456, rates = defaultRates() } = {}) {
  const calls = {};
  const handlers = {
    gold: () => [200, { price: gold }],
    ftse: () => [200, { chart: { result: [{ meta: { regularMarketPrice: ftse, currency: 'GBp', symbol: '^FTSE' } }], error: null } }],
    rates: (base) =>
      rates[base]
        ? [200, { result: 'success', base_code: base, time_last_update_utc: new Date(RATE_TIME_MS).toUTCString(), time_next_update_utc: new Date(RATE_TIME_MS + 86400_000).toUTCString(), conversion_rates: rates[base] }]
        : [404, { result: 'error', 'error-type': 'unsupported-code' }],
    history: (rest, query) => fakeHistory(rates.USD, rest, query),
  };
  const server = http.createServer((req, res) => {
    const { pathname: path, searchParams } = new URL(req.url, 'http://x');
    calls[path] = (calls[path] ?? 0) + 1;
    let answer;
    if (path === '/gold') answer = handlers.gold();
    else if (path === '/ftse') answer = handlers.ftse();
    else if (/\/latest\/[A-Z]{3}$/.test(path)) answer = handlers.rates(path.slice(-3));
    else if (path.startsWith('/history/')) answer = handlers.history(path.slice('/history/'.length), searchParams);
    else answer = [404, { error: 'not found' }];
    if (answer === 'hang') return; // never answers: the edge's timeout must fire
    res.writeHead(answer[0], { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer[1]));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    calls,
    env: { GOLD_UPSTREAM_URL: `${url}/gold`, FTSE_UPSTREAM_URL: `${url}/ftse`, RATES_UPSTREAM_URL: `${url}/v6`, HISTORY_UPSTREAM_URL: `${url}/history`, EXCHANGE_API_KEY: 'test-secret-key-7f3a9' },
    /** Replaces an answer; returns the one it replaced. */
    set(name, fn) {
      const before = handlers[name];
      handlers[name] = fn;
      return before;
    },
    close: () => new Promise((r) => { server.closeAllConnections?.(); server.close(r); }),
  };
}

/** A full table for every supported base, consistent with itself. */
export function defaultRates(extra = {}) {
  const usd = { USD: 1, EUR: 0.92, GBP: 0.79, JPY: 151.2, CAD: 1.36, AUD: 1.52, CHF: 0.88, CNY: 7.24, INR: 83.3, BRL: 5.05, ...extra };
  const table = {};
  for (const base of Object.keys(usd)) {
    table[base] = Object.fromEntries(Object.entries(usd).map(([code, r]) => [code, r / usd[base]]));
  }
  return table;
}

/**
 * Chooses a currency in the currency card's From or To (a combobox that filters every
 * currency as one types) the way a keyboard user does: types the code, waits for the list
 * to offer it, presses Enter.
 */
export async function chooseCurrency(field, code) {
  await field.fill(code);
  const list = field.page().locator(`#${await field.getAttribute('aria-controls')}`);
  await list.getByRole('option', { name: new RegExp(`^${code}\\b`) }).first().waitFor();
  await field.press('Enter');
  await field.page().waitForFunction(([el, c]) => el.value.startsWith(c), [await field.elementHandle(), code]);
}

/** The code of the currency a From or To field shows ("GBP – British Pound" → "GBP"). */
export async function currencyCode(field) {
  return (await field.inputValue()).split(' ')[0];
}
