#!/usr/bin/env node
// Upstream calls the live data costs (prints figures; never a test).
//
//   cargo build --release && node bench/live-data.mjs [--visitors 300] [--concurrency 20] [--outage 8]
//
// Runs the real `unitly serve` (the edge in workerd, KV in a temporary state folder)
// against fake upstreams on 127.0.0.1 that count their calls per table, and sends it
// simulated visitors: each one loads the market banner (gold + FTSE), one rate table
// (/api/rates/latest/BASE) and three conversions (/api/rates/pair/FROM/TO/AMOUNT); together
// they cover every base and all 90 pairs. Three phases:
//   1. one refresh period: a cold start (empty KV), then the visitors;
//   2. after a restart: `serve` stopped and started again within the TTL, the same visitors;
//   3. an outage: restarted with RATES_TTL_SECONDS=1 MARKET_TTL_SECONDS=1 and every upstream
//      answering HTTP 503 (rates: HTTP 200 quota-reached) for --outage seconds of visitors.
// Prints the upstream calls per table in each phase and how the answers looked.
// Targets: 1 call per table in phase 1, 0 in phase 2, at most 1 per minute per table in 3.
// Then the free quotas (bench/live-quota.mjs), each measured and carried to a day:
//   4. Workers KV writes and reads: the edge in workerd with its KV counted, time scaled by
//      1/300, cron runs with visitors and form posts between them;
//   5. Workers requests of one visit, Chromium against `unitly serve`;
//   6. the history provider's calls for visitors opening charts.
// `--quota-only` runs phases 4 to 6 alone.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { historyCost, kvDay, RUNS_PER_DAY, visitCost } from './live-quota.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'target/release/unitly');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const VISITORS = arg('visitors', 300);
const CONCURRENCY = arg('concurrency', 20);
const OUTAGE_S = arg('outage', 8);
const QUOTA_ONLY = process.argv.includes('--quota-only');
const KEY = 'bench-key-5e1f';
const CODES = ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'CHF', 'CNY', 'INR', 'BRL'];
const USD = { USD: 1, EUR: 0.92, GBP: 0.79, JPY: 151.2, CAD: 1.36, AUD: 1.52, CHF: 0.88, CNY: 7.24, INR: 83.3, BRL: 5.05 };

if (!existsSync(BIN)) throw new Error(`build the generator first: cargo build --release (${BIN} is missing)`);

/** Fake upstreams counting calls per table ("rates-USD", "rates-EUR"…, "gold", "ftse"). */
async function upstreams() {
  const state = { down: false, calls: {} };
  const server = http.createServer((req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    let table, body;
    let m;
    if (path === '/gold') {
      table = 'gold';
      body = [{ price: 2345.678, updatedAt: new Date().toISOString() }];
    } else if (path === '/ftse') {
      table = 'ftse';
      body = { chart: { result: [{ meta: { regularMarketPrice: 8123.456, currency: 'GBp', symbol: '^FTSE' } }], error: null } };
    } else if ((m = /\/latest\/([A-Z]{3})$/.exec(path))) {
      table = `rates-${m[1]}`;
      const base = m[1];
      body = { result: 'success', base_code: base, time_last_update_utc: new Date().toUTCString(), conversion_rates: Object.fromEntries(CODES.map((c) => [c, USD[c] / USD[base]])) };
    } else {
      res.writeHead(404).end();
      return;
    }
    state.calls[table] = (state.calls[table] ?? 0) + 1;
    if (state.down) {
      // The provider's quota answer is HTTP 200; the market ones fail outright.
      const [status, down] = table.startsWith('rates') ? [200, { result: 'error', 'error-type': 'quota-reached' }] : [503, { error: 'down' }];
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(down));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    state,
    env: { GOLD_UPSTREAM_URL: `${url}/gold`, FTSE_UPSTREAM_URL: `${url}/ftse`, RATES_UPSTREAM_URL: `${url}/v6`, HISTORY_UPSTREAM_URL: `${url}/history`, EXCHANGE_API_KEY: KEY },
    take() {
      const c = state.calls;
      state.calls = {};
      return c;
    },
    close: () => new Promise((r) => { server.closeAllConnections(); server.close(r); }),
  };
}

/** `unitly serve` with its edge state in `state`; resolves once it serves. */
async function serve(dir, env) {
  const started = Date.now();
  const child = spawn(BIN, ['serve', '--no-watch', '--port', '0', '--out', join(dir, 'dist')], {
    cwd: ROOT,
    env: { ...process.env, UNITLY_EDGE_STATE: join(dir, 'state'), UPSTREAM_TIMEOUT_MS: '2000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (d) => (log += d));
  const url = await new Promise((ok, fail) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /serving (http:\/\/[^/\s]+)\//.exec(out);
      if (m) ok(m[1]);
    });
    child.on('exit', (code) => fail(new Error(`unitly serve exited (${code}):\n${out}\n${log}`)));
  });
  return {
    url,
    startMs: Date.now() - started,
    log: () => log,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      await new Promise((r) => setTimeout(r, 1000)); // the runner stops workerd after its parent
    },
  };
}

/** Visitor i's requests: the banner, one table, three pairs; 90 visitors cover every pair. */
function visit(i) {
  const from = CODES[i % 10];
  const others = CODES.filter((c) => c !== from);
  const pairs = [0, 1, 2].map((k) => others[(Math.floor(i / 10) * 3 + k) % 9]);
  return [
    '/api/gold-proxy', '/api/ftse-proxy', `/api/rates/latest/${CODES[(i * 7) % 10]}`,
    ...pairs.map((to, k) => `/api/rates/pair/${from}/${to}/${(i % 97) + k + 1}`),
  ];
}

/** Sends the visitors' requests, `CONCURRENCY` at a time, until `more()` is false. */
async function visitors(url, { count = VISITORS, more = () => true } = {}) {
  const tally = { requests: 0, ok: 0, stale: 0, other: {} };
  let next = 0;
  const worker = async () => {
    while (next < count || (count === Infinity && more())) {
      if (!more()) return;
      const i = next++;
      for (const path of visit(i)) {
        const res = await fetch(url + path);
        await res.arrayBuffer();
        tally.requests += 1;
        if (res.status === 200) tally.ok += 1;
        else tally.other[res.status] = (tally.other[res.status] ?? 0) + 1;
        if (res.headers.get('x-unitly-stale') === '1') tally.stale += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return tally;
}

const settle = (ms) => new Promise((r) => setTimeout(r, ms));

function report(name, calls, tally, extra = '') {
  const rates = Object.entries(calls).filter(([k]) => k.startsWith('rates-'));
  const bases = rates.map(([k, n]) => `${k.slice(6)} ${n}`).join(', ') || 'none';
  const total = rates.reduce((n, [, k]) => n + k, 0);
  console.log(`\n${name}${extra}`);
  console.log(`  requests: ${tally.requests} (${tally.ok} answered 200, ${tally.stale} marked stale${Object.keys(tally.other).length ? `, others ${JSON.stringify(tally.other)}` : ''})`);
  console.log(`  upstream calls: rate tables ${total} (${bases}), gold ${calls.gold ?? 0}, FTSE ${calls.ftse ?? 0}`);
}

async function phases1to3() {
  const dir = mkdtempSync(join(tmpdir(), 'unitly-bench-live-'));
  const up = await upstreams();
  console.log(`live-data bench: ${VISITORS} visitors x ${visit(0).length} requests, ${CONCURRENCY} at a time; ${cpus().length} CPUs`);
  try {
    // 1. Cold start, one refresh period.
    let s = await serve(dir, up.env);
    let tally = await visitors(s.url);
    await settle(1000); // anything started in waitUntil has landed
    report('1. one refresh period (cold start, empty KV)', up.take(), tally, `, serve ready in ${(s.startMs / 1000).toFixed(1)} s`);
    await s.stop();

    // 2. Restart within the TTL.
    s = await serve(dir, up.env);
    tally = await visitors(s.url);
    await settle(1000);
    report('2. after a restart (same KV, within the TTL)', up.take(), tally);
    await s.stop();

    // 3. Outage with 1-second TTLs: the stored data is already too old.
    up.state.down = true;
    s = await serve(dir, { ...up.env, RATES_TTL_SECONDS: '1', MARKET_TTL_SECONDS: '1', UNITLY_TEST_SHORT_TTLS: '1' });
    const calledBefore = up.take(); // the start schedule's attempt, counted with the outage
    const end = Date.now() + OUTAGE_S * 1000;
    tally = await visitors(s.url, { count: Infinity, more: () => Date.now() < end });
    await settle(1000);
    const calls = up.take();
    for (const [k, n] of Object.entries(calledBefore)) calls[k] = (calls[k] ?? 0) + n;
    report(`3. an outage of ${OUTAGE_S} s (RATES_TTL_SECONDS=1 MARKET_TTL_SECONDS=1, upstreams failing)`, calls, tally, ', including the start schedule');
    const lines = s.log().split('\n').filter((l) => l.includes('refresh failed'));
    console.log(`  log: ${lines.length} 'refresh failed' lines, e.g. ${lines[0]?.trim() ?? '(none)'}`);
    await s.stop();
  } finally {
    await up.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Phases 4 to 6, and the day they add up to (20,000 visitors, 1,000 form posts). */
async function quota() {
  const VISITORS_A_DAY = 20_000;
  const POSTS_A_DAY = 1_000;
  const day = await kvDay();
  const per = (n, d) => (d ? n / d : 0);
  const requestsPerVisit = [];
  console.log(`\n4. Workers KV, ${day.runs} cron runs (time scaled 1/300: ${(day.runs * 5 / 60).toFixed(1)} h), ${day.tally.requests} visitor requests (${day.tally.ok} answered 200), ${day.tally.posts} form posts (${day.tally.delivered} delivered)`);
  console.log(`  cron runs: ${day.cron.puts} KV writes, ${day.cron.gets} reads (${per(day.cron.puts, day.runs).toFixed(2)} and ${per(day.cron.gets, day.runs).toFixed(2)} a run)`);
  console.log(`  visitor requests: ${day.visitors.puts} KV writes, ${day.visitors.gets} reads; form posts: ${day.forms.puts} writes, ${day.forms.gets} reads`);
  console.log(`  upstream calls: ${JSON.stringify(day.upstream)}`);
  const kvWritesDay = per(day.cron.puts, day.runs) * RUNS_PER_DAY + per(day.forms.puts, day.tally.posts) * POSTS_A_DAY;
  console.log(`  a day at the default periods with ${POSTS_A_DAY} form posts: ${Math.round(kvWritesDay)} KV writes (target ≤ 500; free 1,000)`);

  const visit = await visitCost();
  console.log('\n5. Workers requests of one visit (Chromium, service worker allowed)');
  let total = 0;
  for (const p of visit.perPage) {
    total += p.requests.length;
    const byRoute = {};
    for (const path of p.requests) {
      const route = path.replace(/\/api\/rates\/(pair|latest)\/.*/, '/api/rates/$1/…');
      byRoute[route] = (byRoute[route] ?? 0) + 1;
    }
    console.log(`  ${p.name}: ${p.requests.length} ${JSON.stringify(byRoute)}`);
    requestsPerVisit.push(p.requests.length);
  }
  console.log(`  the visit: ${total} requests; ${VISITORS_A_DAY.toLocaleString('en')} such visits a day: ${(total * VISITORS_A_DAY).toLocaleString('en')} (free 100,000)`);

  const history = await historyCost();
  console.log(`\n6. history: ${history.requests} requests ${JSON.stringify(history.statuses)}: ${history.series} series and ${history.currencies} currency-list calls to the provider`);
}

if (!QUOTA_ONLY) await phases1to3();
await quota();