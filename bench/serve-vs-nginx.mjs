#!/usr/bin/env node
// Throughput of `unitly serve` against Debian's nginx on the same built files, side by side
// in one run: `ab -k -c 32 -n 4000 -H 'Accept-Encoding: gzip'` on /length-converter,
// alternating the two servers, medians. nginx gets gzip on (as the static host compresses)
// and the same pretty-path rule (`try_files $uri $uri.html`). Prints req/s, the ratio and
// the load average (the machine may be shared). A figure, never a test.
//
//   node bench/serve-vs-nginx.mjs [--runs 3] [--path /length-converter] [--requests 4000] [--concurrency 32] [--nginx-gzip-http-version 1.0]
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'target/release/unitly');
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    path: { type: 'string', default: '/length-converter' },
    requests: { type: 'string', default: '4000' },
    concurrency: { type: 'string', default: '32' },
    // 1.1 (nginx's default) makes nginx answer ab's HTTP/1.0 requests uncompressed: for comparison only.
    'nginx-gzip-http-version': { type: 'string', default: '1.0' },
  },
});

const freePort = () =>
  new Promise((ok) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });

const dir = mkdtempSync(join(tmpdir(), 'unitly-bench-serve-'));
const dist = join(dir, 'dist');
const children = [];
const cleanup = () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
};
process.on('exit', cleanup);

try {
  // unitly serve builds the site into `dist`, then serves it; nginx serves the same folder.
  // The edge's upstreams point at a closed local port: a bench never calls a real API.
  const closed = 'http://127.0.0.1:9';
  const env = { ...process.env, GOLD_UPSTREAM_URL: `${closed}/gold`, FTSE_UPSTREAM_URL: `${closed}/ftse`, RATES_UPSTREAM_URL: `${closed}/v6`, UNITLY_EDGE_STATE: join(dir, 'edge-state') };
  const serve = spawn(BIN, ['serve', '--no-watch', '--port', '0', '--out', dist], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(serve);
  const unitlyUrl = await new Promise((ok, fail) => {
    let out = '';
    serve.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/serving (http:\/\/[^/\s]+)\//);
      if (m) ok(m[1]);
    });
    serve.on('exit', (code) => fail(new Error(`unitly serve exited (${code}):\n${out}`)));
  });

  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
user root;
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  keepalive_requests 100000;
  client_body_temp_path ${dir}/nginx-body;
  proxy_temp_path ${dir}/nginx-proxy;
  fastcgi_temp_path ${dir}/nginx-fastcgi;
  uwsgi_temp_path ${dir}/nginx-uwsgi;
  scgi_temp_path ${dir}/nginx-scgi;
  gzip on;
  gzip_vary on;
  gzip_http_version ${args['nginx-gzip-http-version']}; # ab speaks HTTP/1.0; at nginx's default 1.1 it would send it uncompressed
  gzip_types text/css text/javascript application/javascript application/json application/xml image/svg+xml application/manifest+json;
  server {
    listen 127.0.0.1:${port};
    root ${dist};
    location / { try_files $uri $uri.html $uri/index.html =404; }
  }
}
`,
  );
  const nginx = spawn('nginx', ['-c', conf, '-p', dir], { stdio: 'inherit' });
  children.push(nginx);
  const nginxUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(nginxUrl + args.path)).ok) break;
    } catch {}
    if (i > 100) throw new Error('nginx did not start');
    await new Promise((r) => setTimeout(r, 50));
  }

  const ab = (url) => {
    const out = execFileSync('ab', ['-k', '-c', args.concurrency, '-n', args.requests, '-H', 'Accept-Encoding: gzip', url + args.path], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const rps = Number(out.match(/Requests per second:\s+([\d.]+)/)[1]);
    const failed = Number(out.match(/Failed requests:\s+(\d+)/)[1]);
    const non2xx = Number(out.match(/Non-2xx responses:\s+(\d+)/)?.[1] ?? 0);
    const bytes = Number(out.match(/Document Length:\s+(\d+)/)[1]);
    if (failed || non2xx) throw new Error(`${url}: ${failed} failed, ${non2xx} non-2xx\n${out}`);
    return { rps, bytes };
  };
  // Warm-up: compression caches, page cache, connections.
  ab(unitlyUrl);
  ab(nginxUrl);

  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const results = { unitly: [], nginx: [] };
  let bytes = {};
  const loadBefore = loadavg();
  for (let run = 0; run < Number(args.runs); run++) {
    for (const [name, url] of run % 2 === 0 ? [['unitly', unitlyUrl], ['nginx', nginxUrl]] : [['nginx', nginxUrl], ['unitly', unitlyUrl]]) {
      const r = ab(url);
      results[name].push(r.rps);
      bytes[name] = r.bytes;
    }
  }
  const loadAfter = loadavg();
  const u = median(results.unitly);
  const n = median(results.nginx);
  const nginxVersion = spawnSync('nginx', ['-v'], { encoding: 'utf8' }).stderr.replace('nginx version: ', '');
  console.log(`ab -k -c ${args.concurrency} -n ${args.requests} -H 'Accept-Encoding: gzip' ${args.path}, ${args.runs} alternating runs, medians`);
  console.log(`machine: ${cpus().length} × ${cpus()[0].model}; load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`unitly serve: ${u.toFixed(0)} req/s (runs: ${results.unitly.map((x) => x.toFixed(0)).join(', ')}), ${bytes.unitly} bytes per answer`);
  console.log(`${nginxVersion.trim()}: ${n.toFixed(0)} req/s (runs: ${results.nginx.map((x) => x.toFixed(0)).join(', ')}), ${bytes.nginx} bytes per answer`);
  console.log(`unitly / nginx: ${((u / n) * 100).toFixed(1)} % (target ≥ 40 %)`);
} finally {
  cleanup();
  rmSync(dir, { recursive: true, force: true });
}
