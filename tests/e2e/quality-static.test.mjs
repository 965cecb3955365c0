// Quality gates on the built site, without a browser: valid HTML (Nu Html Checker), no
// inline script or style, every internal link and anchor resolves, `unitly check` passes,
// and the security headers of `dist/_headers` are the ones `unitly serve` sends, gzipped.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { BIN, ROOT, contentRoutes, isPairPage, siteCopy, siteForFile } from './harness.mjs';
import { attributeValues, brokenInternalLinks, filesUnder } from './quality-lib.mjs';

const VNU = join(import.meta.dirname, 'node_modules/vnu-jar/build/dist/vnu.jar');

/** GET with explicit request headers; the body is returned as the server sent it. */
function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** The `/*` block of a `_headers` file as a map of lower-case name → value. */
function deployedHeaders(text) {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.trim() === '/*');
  assert.ok(start >= 0, '_headers has a /* block');
  const headers = {};
  for (const line of lines.slice(start + 1)) {
    if (!/^\s+\S/.test(line)) break;
    const i = line.indexOf(':');
    headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

function cspDirectives(csp) {
  return Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );
}

/**
 * The pages the Nu checker reads: every page but the pair pages, and of those (some 3,300
 * from one template; reading them all took the checker about a minute) each category's list
 * of pairs, its first and last pair page and its first compound one (feet and inches).
 * tests/pair_pages.rs reads every pair page's HTML for its structure.
 */
function nuSample(htmlFiles) {
  const sample = [];
  const pairsOf = new Map();
  for (const f of htmlFiles) {
    if (!isPairPage(`/${f.replace(/\.html$/, '')}`)) sample.push(f);
    else pairsOf.set(f.split('/')[0], [...(pairsOf.get(f.split('/')[0]) ?? []), f]);
  }
  for (const files of pairsOf.values()) {
    const pairs = files.filter((f) => !f.endsWith('/conversions.html')).sort();
    sample.push(...files.filter((f) => f.endsWith('/conversions.html')), pairs[0], pairs.at(-1), ...pairs.filter((f) => f.includes('-and-')).slice(0, 1));
  }
  return [...new Set(sample)].filter(Boolean);
}

describe('the built site', () => {
  const ctx = siteForFile({ browser: false, upstreams: false });
  let htmlFiles;

  before(async () => {
    htmlFiles = filesUnder(ctx.site.out).filter((f) => f.endsWith('.html'));
  });

  test('has every page of the content, the 404 page, the offline page and the newsletter confirmation pages', () => {
    const own = ['404.html', 'offline.html', 'newsletter/confirm.html', 'newsletter/confirmed.html', 'newsletter/expired.html', 'newsletter/unavailable.html'];
    const pairPages = htmlFiles.filter((f) => isPairPage(`/${f.replace(/\.html$/, '')}`));
    assert.ok(pairPages.includes('length-converter/feet-to-meters.html'), 'and a page per unit pair');
    assert.equal(htmlFiles.length - pairPages.length, contentRoutes().length + own.length, htmlFiles.join(' '));
    for (const f of own) assert.ok(htmlFiles.includes(f), f);
  });

  test('every page but the pair pages, and a sample of those, passes the Nu Html Checker with no error', () => {
    const checked = nuSample(htmlFiles);
    assert.ok(checked.length < htmlFiles.length && checked.includes('length-converter/conversions.html'), `${checked.length} pages`);
    const run = spawnSync('java', ['-jar', VNU, '--errors-only', '--format', 'json', '--stdout', ...checked.map((f) => join(ctx.site.out, f))], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    assert.equal(run.error, undefined, `java: ${run.error}`);
    const report = JSON.parse(run.stdout);
    const errors = report.messages
      .filter((m) => m.type === 'error' || m.subType === 'fatal' || m.type === 'non-document-error')
      .map((m) => `${m.url.replace(`file:${ctx.site.out}/`, '')}:${m.lastLine ?? '?'}:${m.firstColumn ?? '?'} ${m.message} [${(m.extract ?? '').trim().slice(0, 120)}]`);
    assert.deepEqual(errors, []);
  });

  test('no inline script but JSON-LD and the one head script the CSP names by hash; no inline <style> or style attribute', () => {
    const csp = cspDirectives(deployedHeaders(readFileSync(join(ctx.site.out, '_headers'), 'utf8'))['content-security-policy']);
    const hashes = csp['script-src'].filter((s) => s.startsWith("'sha256-"));
    assert.equal(hashes.length, 1, `one inline script hash in script-src: ${hashes}`);
    const problems = [];
    for (const f of htmlFiles) {
      const html = readFileSync(join(ctx.site.out, f), 'utf8');
      let inline = 0;
      for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
        const type = attributeValues(attrs, 'type')[0] ?? '';
        if (type === 'application/ld+json') continue;
        if (attributeValues(attrs, 'src').length > 0 && !body.trim()) continue;
        const hash = `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
        if (hash !== hashes[0] || ++inline > 1) problems.push(`${f}: inline script not allowed by the CSP <script${attrs}>${body.slice(0, 60)}`);
      }
      if (inline !== 1) problems.push(`${f}: ${inline} head scripts (the consent banner needs exactly one)`);
      if (/<style\b/i.test(html)) problems.push(`${f}: inline <style>`);
      for (const [tag] of html.matchAll(/<[a-z][a-z0-9-]*\b[^>]*\sstyle=[^>]*>/gi)) problems.push(`${f}: style attribute ${tag.slice(0, 100)}`);
      for (const [tag] of html.matchAll(/<[a-z][a-z0-9-]*\b[^>]*\son[a-z]+=[^>]*>/gi)) problems.push(`${f}: inline event handler ${tag.slice(0, 100)}`);
    }
    assert.deepEqual(problems, []);
  });

  test('every internal link and #anchor resolves', () => {
    const { problems, checked } = brokenInternalLinks(ctx.site.out);
    assert.ok(checked > 500, `only ${checked} internal links found`);
    assert.deepEqual(problems, []);
  });

  test('unitly check passes', () => {
    const out = execFileSync(BIN, ['check'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    assert.ok(out.length > 0);
  });

  test('_headers sets a strict CSP and the security headers', () => {
    const headers = deployedHeaders(readFileSync(join(ctx.site.out, '_headers'), 'utf8'));
    const csp = cspDirectives(headers['content-security-policy']);
    const scripts = csp['script-src'] ?? csp['default-src'];
    assert.ok(scripts.includes("'self'"));
    for (const bad of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:']) assert.ok(!scripts.includes(bad), `script-src allows ${bad}`);
    assert.ok(!(csp['style-src'] ?? []).includes("'unsafe-inline'"), 'style-src allows inline styles');
    assert.deepEqual(csp['object-src'], ["'none'"]);
    assert.deepEqual(csp['base-uri'], ["'self'"]);
    assert.deepEqual(csp['frame-ancestors'], ["'none'"]);
    assert.deepEqual(csp['default-src'], ["'self'"]);
    const hsts = headers['strict-transport-security'];
    assert.ok(Number(hsts?.match(/max-age=(\d+)/)?.[1]) >= 31536000, `HSTS: ${hsts}`);
    assert.equal(headers['x-content-type-options'], 'nosniff');
    assert.match(headers['referrer-policy'] ?? '', /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
    assert.match(headers['permissions-policy'] ?? '', /camera=\(\)/);
  });

  test('the large scripts every page runs at once carry V8\'s compile hint, lazily loaded ones do not', () => {
    const html = readFileSync(join(ctx.site.out, 'length-converter.html'), 'utf8');
    const atLoad = [...html.matchAll(/<script type="?module"? src="?\/assets\/([^" >]+)|<link rel="?modulepreload"? href="?\/assets\/([^" >]+)/g)].map((m) => m[1] ?? m[2]);
    const hinted = (file) => readFileSync(join(ctx.site.out, 'assets', file), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n');
    const entry = atLoad.find((f) => f.startsWith('client-'));
    assert.ok(entry && hinted(entry), `the runtime's entry (with React's DOM) is compiled as it streams in: ${entry}`);
    const lazy = filesUnder(join(ctx.site.out, 'assets')).filter((f) => f.endsWith('.js') && !atLoad.includes(f));
    assert.ok(lazy.length > 10, `chunks loaded later: ${lazy.length}`);
    assert.deepEqual(lazy.filter(hinted), [], 'no chunk loaded later is compiled eagerly');
  });

  test('unitly serve sends the headers of _headers, compressed and cached like the static host', async () => {
    const deployed = deployedHeaders(readFileSync(join(ctx.site.out, '_headers'), 'utf8'));
    const assets = filesUnder(join(ctx.site.out, 'assets'));
    const js = assets.find((f) => f.startsWith('client-') && f.endsWith('.js'));
    const css = assets.find((f) => f.endsWith('.css'));
    for (const [path, status, type] of [
      ['/', 200, 'text/html'],
      ['/length-converter', 200, 'text/html'],
      ['/blog/conversion-tips', 200, 'text/html'],
      ['/no-such-page', 404, 'text/html'],
      [`/assets/${js}`, 200, 'text/javascript'],
      [`/assets/${css}`, 200, 'text/css'],
      ['/sitemap.xml', 200, 'application/xml'],
    ]) {
      const res = await get(ctx.site.url + path, { 'accept-encoding': 'gzip, deflate' });
      assert.equal(res.status, status, path);
      assert.ok(res.headers['content-type'].startsWith(type), `${path}: ${res.headers['content-type']}`);
      for (const [name, value] of Object.entries(deployed)) assert.equal(res.headers[name], value, `${path}: ${name}`);
      assert.equal(res.headers['content-encoding'], 'gzip', `${path} is gzipped`);
      assert.match(res.headers.vary ?? '', /Accept-Encoding/i);
      const body = gunzipSync(res.body);
      assert.equal(Number(res.headers['content-length']), res.body.length, `${path}: Content-Length`);
      assert.ok(body.length > res.body.length, `${path} got smaller`);
      assert.match(res.headers['cache-control'], path.startsWith('/assets/') ? /max-age=31536000, immutable/ : /max-age=0, must-revalidate/);
    }
    // Brotli when the client takes it, precompressed: the same bytes every time, and an ETag that answers 304.
    const br = await get(`${ctx.site.url}/length-converter`, { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(brotliDecompressSync(br.body).toString('utf8'), /^<!doctype html>/i);
    const again = await get(`${ctx.site.url}/length-converter`, { 'accept-encoding': 'gzip, deflate, br' });
    assert.ok(again.body.equals(br.body), 'compressed once, not per request');
    const etag = br.headers.etag;
    assert.ok(etag, 'an ETag');
    const notModified = await get(`${ctx.site.url}/length-converter`, { 'accept-encoding': 'br', 'if-none-match': etag });
    assert.equal(notModified.status, 304);
    const plain = await get(`${ctx.site.url}/`, {});
    assert.equal(plain.headers['content-encoding'], undefined, 'no gzip unless asked for');
    assert.match(plain.body.toString('utf8'), /^<!doctype html>/i);
  });

  test('third-party origins enter the CSP only when ads or analytics are configured', () => {
    const dir = siteCopy();
    try {
      const yaml = join(dir, 'content/site.yaml');
      writeFileSync(
        yaml,
        readFileSync(yaml, 'utf8')
          .replace(/^(\s+client:) ""/m, '$1 "ca-pub-0000000000000000"')
          .replace(/^(\s+measurement_id:) ""/m, '$1 "G-TEST000000"'),
      );
      execFileSync(BIN, ['--root', dir, 'build', '--out', join(dir, 'dist')], { stdio: 'pipe' });
      const csp = cspDirectives(deployedHeaders(readFileSync(join(dir, 'dist/_headers'), 'utf8'))['content-security-policy']);
      assert.ok(csp['script-src'].includes('https://pagead2.googlesyndication.com'), csp['script-src'].join(' '));
      assert.ok(csp['script-src'].includes('https://www.googletagmanager.com'), csp['script-src'].join(' '));
      assert.ok(!csp['script-src'].includes("'unsafe-inline'"));
      assert.deepEqual(csp['object-src'], ["'none'"]);
      const wildcards = Object.values(csp).flat().filter((source) => source.includes('*'));
      assert.deepEqual(wildcards, [], 'exact hosts only: a wildcard over a provider takes in hosts that serve JSONP');
      const plain = readFileSync(join(ctx.site.out, '_headers'), 'utf8');
      assert.ok(!/google|doubleclick/.test(plain), 'no third party without configuration');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
