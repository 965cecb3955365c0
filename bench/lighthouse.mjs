#!/usr/bin/env node
// Performance benchmark (prints figures; never a test): Lighthouse mobile performance on
// the five measured pages, and the compressed script and CSS bytes each page loads.
// Targets: performance >= 0.95 (aim 1.0), JS <= 90 KiB and CSS <= 15 KiB per page.
//
//   cargo build --release && node bench/lighthouse.mjs [--runs 3]
//
// Runs the real `unitly serve` (gzip on, edge function on fake upstreams) and Debian's
// Chromium; needs tests/e2e's npm packages (npm ci in tests/e2e).
import http from 'node:http';
import { fakeUpstreams, startSite } from '../tests/e2e/harness.mjs';
import { LIGHTHOUSE_PAGES, lighthouseChrome } from '../tests/e2e/quality-lib.mjs';

/** The body size as `unitly serve` sends it to a browser that accepts gzip (headers excluded). */
function gzippedSize(url) {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let n = 0;
      res.on('data', (c) => (n += c.length));
      res.on('end', () => resolve(n));
    }).on('error', reject);
  });
}

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const KiB = (n) => (n / 1024).toFixed(1);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const upstreams = await fakeUpstreams();
const site = await startSite({ env: upstreams.env });
const chrome = await lighthouseChrome();
const rows = [];
const scriptsByPage = new Map();
try {
  for (const path of LIGHTHOUSE_PAGES) {
    const results = [];
    for (let i = 0; i < runs; i++) {
      const lhr = await chrome.run(site.url + path, ['performance']);
      const requests = lhr.audits['network-requests'].details.items;
      const ofType = (type) => requests.filter((r) => r.resourceType === type && r.url.startsWith(site.url));
      const sizes = new Map();
      for (const r of requests) if (['Script', 'Stylesheet', 'Document'].includes(r.resourceType)) sizes.set(r.url, await gzippedSize(r.url));
      const bytes = (type) => ofType(type).reduce((s, r) => s + sizes.get(r.url), 0);
      scriptsByPage.set(path, ofType('Script').map((r) => [new URL(r.url).pathname, sizes.get(r.url)]));
      const ms = (id) => lhr.audits[id].numericValue;
      results.push({
        score: lhr.categories.performance.score,
        fcp: ms('first-contentful-paint'),
        lcp: ms('largest-contentful-paint'),
        tbt: ms('total-blocking-time'),
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        js: bytes('Script'),
        css: bytes('Stylesheet'),
        html: bytes('Document'),
      });
    }
    const pick = (k) => median(results.map((r) => r[k]));
    rows.push({ path, score: pick('score'), fcp: pick('fcp'), lcp: pick('lcp'), tbt: pick('tbt'), cls: pick('cls'), js: pick('js'), css: pick('css'), html: pick('html') });
  }
} finally {
  await chrome.kill();
  await site.stop();
  await upstreams.close();
}

console.log(`\nLighthouse mobile (simulated slow 4G, 4x CPU), median of ${runs} run(s); bytes: gzipped bodies as served\n`);
const header = ['page', 'perf', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'JS KiB', 'CSS KiB', 'HTML KiB'];
const table = rows.map((r) => [r.path, r.score.toFixed(2), r.fcp.toFixed(0), r.lcp.toFixed(0), r.tbt.toFixed(0), r.cls.toFixed(3), KiB(r.js), KiB(r.css), KiB(r.html)]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of table) console.log(line(row));

// React (and the runtime) should sit in one chunk that every page shares.
const all = [...scriptsByPage.values()];
const shared = all[0].filter(([url]) => all.every((list) => list.some(([u]) => u === url)));
const biggest = shared.sort((a, b) => b[1] - a[1])[0];
console.log(`\nscripts every page loads: ${shared.map(([u, n]) => `${u} (${KiB(n)} KiB)`).join(', ')}`);
if (biggest) console.log(`largest shared script: ${biggest[0]}, ${KiB(biggest[1])} KiB`);

const misses = rows.flatMap((r) => [
  r.score < 0.95 ? `${r.path}: performance ${r.score}` : null,
  r.js > 90 * 1024 ? `${r.path}: JS ${KiB(r.js)} KiB > 90` : null,
  r.css > 15 * 1024 ? `${r.path}: CSS ${KiB(r.css)} KiB > 15` : null,
]).filter(Boolean);
console.log(misses.length ? `\ntargets missed:\n  ${misses.join('\n  ')}` : '\nall targets met (performance >= 0.95, JS <= 90 KiB, CSS <= 15 KiB)');
