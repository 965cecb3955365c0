// The free-quota side of bench/live-data.mjs (phases 4 to 6): what a day costs in Workers
// KV writes and reads, Workers requests, and calls to the rates and history providers.
// Everything runs on this machine: the edge bundle in workerd (Miniflare) with its KV
// wrapped so every call is counted, fake upstreams on 127.0.0.1, and Chromium visiting the
// real site from `unitly serve`. Figures only; never a test.
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const EDGE = join(ROOT, 'edge');
const helpers = () => import(join(EDGE, 'test/helpers.mjs'));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The day at the default periods: a cron run every 5 minutes (288), rates hourly. */
export const RUNS_PER_DAY = 288;

/**
 * Phase 4. Time scaled by 1/300 (market TTL 1 s for 5 minutes, rates 12 s for an hour):
 * `runs` cron runs one scaled period apart; between them visitors' API requests (`perRun`
 * each) and, every other run, `posts` form posts. Counts KV gets and puts, upstream calls
 * and webhook deliveries.
 */
export async function kvDay({ runs = 24, perRun = 120, posts = 5 } = {}) {
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: EDGE, stdio: 'ignore' });
  const { formToken, kvCalls, startUpstream, startWorker } = await helpers();
  const up = await startUpstream();
  const w = await startWorker(up.env({ MARKET_TTL_SECONDS: '1', RATES_TTL_SECONDS: '12', UPSTREAM_RETRY_SECONDS: '0' }), { kv: 'count' });
  const paths = ['/api/gold-proxy', '/api/ftse-proxy', '/api/rates/latest/EUR', '/api/rates/pair/USD/ZAR/25', '/api/rates/pair/GBP/JPY/3'];
  const tally = { requests: 0, ok: 0, posts: 0, delivered: 0 };
  const counts = () => ({ gets: kvCalls(w.logs, 'get'), puts: kvCalls(w.logs, 'put') });
  const cron = { gets: 0, puts: 0 };
  const visitors = { gets: 0, puts: 0 };
  const forms = { gets: 0, puts: 0 };
  const add = (into, before) => {
    const now = counts();
    into.gets += now.gets - before.gets;
    into.puts += now.puts - before.puts;
  };
  try {
    for (let run = 0; run < runs; run++) {
      const started = Date.now();
      let before = counts();
      await w.scheduled('* * * * *');
      add(cron, before);
      before = counts();
      // Visitors for the first 60 % of the period at most, so the next run starts on time
      // (a late cron is what makes visitors refresh, and the scale must not make it late).
      for (let i = 0; i < perRun && Date.now() - started < 600; i++) {
        const a = await w.fetch(paths[i % paths.length]);
        tally.requests += 1;
        if (a.status === 200) tally.ok += 1;
      }
      add(visitors, before);
      if (run % 2 === 0) {
        before = counts();
        for (let i = 0; i < posts; i++) {
          const a = await w.fetch('/api/contact', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `198.51.100.${tally.posts % 250}` },
            body: JSON.stringify({ name: 'Ada', email: 'ada@example.org', subject: 'bug', message: 'A message.', token: formToken() }),
          });
          tally.posts += 1;
          if (a.status === 200) tally.delivered += 1;
        }
        add(forms, before);
      }
      await sleep(Math.max(0, 1000 - (Date.now() - started)));
    }
    await sleep(500);
    return { runs, tally, cron, visitors, forms, upstream: { ...up.state.calls } };
  } finally {
    await w.dispose();
    await up.close();
  }
}

/** A proxy in front of `target` that counts the requests under /api/ reaching it (what Workers bills). */
async function countingProxy(target) {
  const counted = [];
  const { hostname, port, host } = new URL(target);
  const server = http.createServer((req, res) => {
    if (req.url.startsWith('/api/')) counted.push(new URL(req.url, target).pathname);
    const upstream = http.request({ hostname, port, path: req.url, method: req.method, headers: { ...req.headers, host } }, (answer) => {
      res.writeHead(answer.statusCode, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    counted,
    close: () => new Promise((r) => { server.closeAllConnections(); server.close(r); }),
  };
}

/**
 * Phase 5. Workers requests of one visit, in Chromium against `unitly serve` behind a
 * counting proxy, with the browser's HTTP cache and the service worker on, as for a
 * visitor: the home page, the currency converter (an amount typed, another currency
 * picked), a unit converter, and the contact form (started, not sent), a few seconds apart.
 * A request the browser answers from its cache never reaches the edge and is not counted.
 */
export async function visitCost() {
  const harness = await import(join(ROOT, 'tests/e2e/harness.mjs'));
  const up = await harness.fakeUpstreams();
  const site = await harness.startSite({ env: { ...up.env, FORM_SECRET: 'bench-form-secret' } });
  const proxy = await countingProxy(site.url);
  const browser = await harness.launchBrowser();
  const perPage = [];
  try {
    // No request routing here: Playwright turns the HTTP cache off for routed contexts.
    const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const step = async (name, run) => {
      const from = proxy.counted.length;
      await run();
      await page.waitForLoadState('networkidle');
      await sleep(500);
      perPage.push({ name, requests: proxy.counted.slice(from) });
    };
    await step('home page', async () => {
      await page.goto(`${proxy.url}/`);
      await harness.waitForHydration(page);
    });
    await step('currency converter: amount typed, another currency', async () => {
      await page.goto(`${proxy.url}/currency-converter`);
      await harness.waitForHydration(page);
      await page.getByRole('textbox', { name: 'Amount' }).first().fill('250');
      await sleep(800);
      await page.getByRole('combobox', { name: 'To' }).first().selectOption({ index: 3 }).catch(() => undefined);
      await sleep(800);
    });
    await step('length converter: a value typed', async () => {
      await page.goto(`${proxy.url}/length-converter`);
      await harness.waitForHydration(page);
      await page.getByRole('textbox', { name: 'Value' }).first().fill('12');
      await sleep(500);
    });
    await step('contact page: the form started', async () => {
      await page.goto(`${proxy.url}/contact`);
      await harness.waitForHydration(page);
      await page.getByRole('textbox', { name: 'Name' }).focus();
      await sleep(800);
    });
    await context.close();
    return { perPage };
  } finally {
    await browser.close();
    await proxy.close();
    await site.stop();
    await up.close();
  }
}

/**
 * Phase 6. The history route: `pairs` × every range, each asked `repeat` times (visitors
 * opening the chart), in one location. Counts the provider's calls.
 */
export async function historyCost({ pairs = [['USD', 'EUR'], ['EUR', 'GBP'], ['USD', 'JPY'], ['GBP', 'THB']], repeat = 25 } = {}) {
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: EDGE, stdio: 'ignore' });
  const { startUpstream, startWorker } = await helpers();
  const up = await startUpstream();
  const w = await startWorker(up.env({}));
  const statuses = {};
  try {
    for (let i = 0; i < repeat; i++) {
      for (const [from, to] of pairs) {
        for (const range of ['1M', '1Y', '5Y', 'max']) {
          const a = await w.fetch(`/api/rates/history/${from}/${to}?range=${range}`);
          statuses[a.status] = (statuses[a.status] ?? 0) + 1;
        }
      }
      // A currency the provider does not cover: answered from the cached list.
      const a = await w.fetch('/api/rates/history/USD/KWD');
      statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    }
    return { requests: repeat * (pairs.length * 4 + 1), statuses, series: up.calls('history-series'), currencies: up.calls('history-currencies') };
  } finally {
    await w.dispose();
    await up.close();
  }
}
