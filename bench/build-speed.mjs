#!/usr/bin/env node
// Build-speed benchmark (prints figures; never a test).
//
//   cargo build --release && node bench/build-speed.mjs [--sizes 2000,20000] [--runs 5] [--edits 7] [--keep] [--rebuild-only]
//
// 1. Copies the site (content/, themes/, islands/ with its node_modules linked) to a temp
//    folder and adds N generated markdown articles with valid front matter to content/blog.
// 2. Generates a Hugo site with the same N articles and a minimal theme of equivalent
//    layouts (the same header and footer markup, head tags, an article page and a list page
//    of every article), and times `unitly build` against `hugo --minify`, alternating,
//    several runs each, each into a new folder; prints the medians and the ratio, and
//    unitly's first build of the site apart (no island cache yet: Node runs). Then unitly
//    again into the last run's folder after one article's body is edited, keeping the pages
//    the last build saved (src/site/saved.rs), against the same Hugo median; and after an
//    article is added (the newest), then removed again.
//    Also Astro 5 with @astrojs/react (bench/astro, installed there with `npm ci` when
//    missing): the same articles as a content collection, the same chrome, and one React
//    island per article page (`client:visible`), the tool a team would pick for static pages
//    with React islands. `--astro-sizes 2000` limits it (default: the first size only, since
//    Astro at 20,000 articles takes minutes; `--astro-sizes none` skips it).
// 3. Times an incremental rebuild in `unitly serve` after editing one article: from the
//    file write to the 'rebuilt N pages in X ms' line (median of several edits), on the
//    real site and on the site with the first N, with the serve process's CPU time for each.
//    `--rebuild-only` does only this.
// Needs Debian's hugo (installed with apt-get when missing) and islands' npm packages.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addArticles, article } from './articles.mjs';
import { astroSite, chromeOf, ensureAstro } from './astro-site.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'target/release/unitly');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const SIZES = arg('sizes', '2000,20000').split(',').map(Number);
const RUNS = Number(arg('runs', '5'));
const EDITS = Number(arg('edits', '7'));
const ASTRO_SIZES = (() => {
  const a = arg('astro-sizes', String(SIZES[0]));
  return a === 'none' ? [] : a.split(',').map(Number);
})();
const REBUILD_ONLY = process.argv.includes('--rebuild-only'); // only the rebuilds in `serve`, no build comparison
const KEEP = process.argv.includes('--keep'); // keep the generated sites (for profiling) and print where
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

if (!existsSync(BIN)) throw new Error(`build the generator first: cargo build --release (${BIN} is missing)`);
if (spawnSync('hugo', ['version']).status !== 0) {
  console.log('hugo is missing: apt-get install -y hugo');
  execFileSync('apt-get', ['install', '-y', '-qq', 'hugo'], { stdio: 'inherit' });
}
if (!existsSync(join(ROOT, 'islands/node_modules'))) execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: join(ROOT, 'islands'), stdio: 'inherit' });

// ---------------------------------------------------------------------------------------
// Generated articles: deterministic, varied, about the size of the real ones.

// (bench/articles.mjs: also used by the browser test of a large site)

// ---------------------------------------------------------------------------------------
// The sites.

function unitlySite(dir, n) {
  for (const d of ['content', 'themes']) cpSync(join(ROOT, d), join(dir, d), { recursive: true });
  mkdirSync(join(dir, 'islands'));
  for (const d of ['src', 'scripts', 'package.json', 'package-lock.json', 'tsconfig.json']) {
    if (existsSync(join(ROOT, 'islands', d))) cpSync(join(ROOT, 'islands', d), join(dir, 'islands', d), { recursive: true });
  }
  symlinkSync(join(ROOT, 'islands/node_modules'), join(dir, 'islands/node_modules'));
  if (existsSync(join(ROOT, 'edge'))) symlinkSync(join(ROOT, 'edge'), join(dir, 'edge'));
  addArticles(dir, n);
}

/** A minimal Hugo theme with the same chrome: header and footer markup cut from a built Unitly page. */
function hugoSite(dir, n, builtArticle) {
  const { header, footer, css } = chromeOf(builtArticle);
  mkdirSync(join(dir, 'layouts/_default'), { recursive: true });
  mkdirSync(join(dir, 'layouts/partials'), { recursive: true });
  mkdirSync(join(dir, 'content/blog'), { recursive: true });
  writeFileSync(
    join(dir, 'config.yaml'),
    `baseURL: https://unitly.app/\nlanguageCode: en\ntitle: Unitly\ndisableKinds: [taxonomy, term, RSS]\nmarkup:\n  goldmark:\n    renderer:\n      unsafe: false\n`,
  );
  writeFileSync(join(dir, 'layouts/partials/header.html'), header);
  writeFileSync(join(dir, 'layouts/partials/footer.html'), footer);
  writeFileSync(
    join(dir, 'layouts/_default/baseof.html'),
    `<!DOCTYPE html>
<html lang="en" class="dark">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} | Unitly</title>
<meta name="description" content="{{ with .Params.excerpt }}{{ . }}{{ else }}{{ .Site.Title }}{{ end }}">
<meta name="keywords" content="{{ delimit (.Keywords | default (slice "unit converter")) ", " }}">
<link rel="canonical" href="{{ .Permalink }}">
<meta property="og:type" content="{{ if .IsPage }}article{{ else }}website{{ end }}">
<meta property="og:site_name" content="Unitly">
<meta property="og:title" content="{{ .Title }}">
<meta property="og:url" content="{{ .Permalink }}">
<meta name="twitter:card" content="summary">
${css}
<script type="application/ld+json">{"@context":"https://schema.org","@type":"{{ if .IsPage }}Article{{ else }}WebPage{{ end }}","headline":{{ .Title | jsonify }},"url":{{ .Permalink | jsonify }}}</script>
</head>
<body>
{{ partial "header.html" . }}
<main id="main" class="container">{{ block "main" . }}{{ end }}</main>
{{ partial "footer.html" . }}
</body>
</html>
`,
  );
  writeFileSync(
    join(dir, 'layouts/_default/single.html'),
    `{{ define "main" }}<nav class="breadcrumb" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/blog">Blog</a></li><li><span aria-current="page">{{ .Title }}</span></li></ol></nav>
<article class="prose article"><header class="page-head"><p class="meta"><span class="category">{{ .Params.category }}</span> · <time datetime="{{ .Date.Format "2006-01-02" }}">{{ .Date.Format "January 2, 2006" }}</time> · {{ .Params.readTime }}</p><h1>{{ .Title }}</h1><p class="lead">{{ .Params.excerpt }}</p></header>
{{ .Content }}
<footer><a href="/blog">← Back to the blog</a></footer></article>{{ end }}
`,
  );
  writeFileSync(
    join(dir, 'layouts/_default/list.html'),
    `{{ define "main" }}<h1>{{ .Title }}</h1><ul class="article-list">{{ range .Pages.ByDate.Reverse }}<li class="card"><p class="meta">{{ .Params.category }} · {{ .Date.Format "January 2, 2006" }} · {{ .Params.readTime }}</p><h2><a href="{{ .RelPermalink }}">{{ .Title }}</a></h2><p>{{ .Params.excerpt }}</p></li>{{ end }}</ul>{{ end }}
`,
  );
  writeFileSync(
    join(dir, 'layouts/index.html'),
    `{{ define "main" }}<h1>Convert Anything, Instantly</h1><ul>{{ range first 3 (where .Site.RegularPages.ByDate.Reverse "Section" "blog") }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}
`,
  );
  writeFileSync(join(dir, 'content/blog/_index.md'), '---\ntitle: Blog\n---\n');
  for (let i = 1; i <= n; i++) writeFileSync(join(dir, `content/blog/${article(i).match(/^slug: (.*)$/m)[1]}.md`), article(i));
}

// Wall time, and CPU time (user + system, children included) through GNU time when it is
// there: CPU time is what a busy machine distorts least.
const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
function timed(cmd, args, opts) {
  const [file, argv] = GNU_TIME ? [GNU_TIME, ['-f', '@@cpu %U %S %M', cmd, ...args]] : [cmd, args];
  const t = process.hrtime.bigint();
  const r = spawnSync(file, argv, { encoding: 'utf8', maxBuffer: 64 << 20, ...opts });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  const cpu = r.stderr.match(/@@cpu ([\d.]+) ([\d.]+) (\d+)/);
  // Peak resident memory (GNU time's %M, KB) of the largest process: for unitly that is the
  // generator itself (Node, a child, is counted separately and is smaller).
  return { ms, cpu: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : NaN, rssKB: cpu ? Number(cpu[3]) : NaN, out: r.stdout };
}

// ---------------------------------------------------------------------------------------
// Incremental rebuilds in `unitly serve`.

async function rebuildTimes(siteDir, file, edits) {
  const child = spawn(BIN, ['--root', siteDir, 'serve', '--port', '0', '--out', join(siteDir, 'serve-out')], {
    cwd: siteDir,
    env: { ...process.env, GOLD_UPSTREAM_URL: 'http://127.0.0.1:9/gold', FTSE_UPSTREAM_URL: 'http://127.0.0.1:9/ftse', RATES_UPSTREAM_URL: 'http://127.0.0.1:9/v6' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let buffered = '';
  let waiter = null;
  child.stdout.on('data', (d) => {
    buffered += d;
    let nl;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      waiter?.(line);
    }
  });
  const nextLine = (re, timeout = 300_000) =>
    new Promise((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`timed out waiting for ${re}`)), timeout);
      const lines = [];
      waiter = (line) => {
        lines.push(line);
        const m = line.match(re);
        if (m) {
          clearTimeout(timer);
          waiter = null;
          ok({ m, at: process.hrtime.bigint(), lines });
        }
      };
    });
  try {
    await nextLine(/^serving http/);
    await new Promise((r) => setTimeout(r, 500)); // let the watcher settle
    const original = readFileSync(file, 'utf8');
    const results = [];
    // CPU time of the serve process (user + system, in clock ticks of 10 ms): what a rebuild
    // costs whatever else the machine runs.
    const cpuMs = () => readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ').slice(11, 13).reduce((a, b) => a + Number(b) * 10, 0);
    for (let i = 0; i < edits; i++) {
      const done = nextLine(/^rebuilt (\d+) pages in (\d+) ms/);
      const cpu0 = cpuMs();
      const t = process.hrtime.bigint();
      writeFileSync(file, original.replace(/\n\n/, `\n\nEdited for the rebuild benchmark, pass ${i}.\n\n`));
      const { m, at, lines } = await done;
      results.push({ wall: Number(at - t) / 1e6, reported: Number(m[2]), pages: Number(m[1]), cpu: cpuMs() - cpu0, steps: lines.join('\n') });
      await new Promise((r) => setTimeout(r, 300));
    }
    writeFileSync(file, original);
    return results;
  } finally {
    child.kill('SIGTERM');
  }
}

// ---------------------------------------------------------------------------------------

console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM; ${spawnSync('hugo', ['version'], { encoding: 'utf8' }).stdout.trim().split(' ').slice(0, 2).join(' ')}`);
const ASTRO = ASTRO_SIZES.length && !REBUILD_ONLY ? ensureAstro() : null;
console.log(`runs per tool and size: ${RUNS} (alternating); edits per rebuild measurement: ${EDITS}\n`);

const work = mkdtempSync(join(tmpdir(), 'unitly-bench-'));
const summary = [];
const profiles = [];
try {
  const base = join(work, 'base');
  unitlySite(base, 0);
  if (!REBUILD_ONLY) timed(BIN, ['--root', base, 'build', '--out', join(base, 'out')]);
  const builtArticle = REBUILD_ONLY ? '' : readFileSync(join(base, 'out/blog/conversion-tips.html'), 'utf8');

  for (const n of SIZES) {
    const u = join(work, `unitly-${n}`);
    const h = join(work, `hugo-${n}`);
    unitlySite(u, n);
    if (REBUILD_ONLY) continue;
    hugoSite(h, n, builtArticle);
    const withAstro = ASTRO_SIZES.includes(n);
    const astroDir = join(work, `astro-${n}`);
    if (withAstro) astroSite(astroDir, n, builtArticle);
    const times = { unitly: [], hugo: [], astro: [] };
    const cpu = { unitly: [], hugo: [], astro: [] };
    const rss = { unitly: [], hugo: [], astro: [] };
    let lastProfile = '';
    for (let r = 0; r < RUNS; r++) {
      // Both build into a new, empty folder each time: a full build, never one that finds
      // its previous output in place (unitly links files that did not change). Nothing is
      // deleted until every run is done: this machine's root file system is ext4 without a
      // journal, where creating a file soon (~35 s) after thousands were deleted costs a scan
      // past every recently freed inode (the kernel's `recently_deleted`), which made both
      // tools' times depend on the run before rather than on their own work.
      const a = timed(BIN, ['--root', u, 'build', '--out', join(u, `out-${r}`)]);
      times.unitly.push(a.ms);
      cpu.unitly.push(a.cpu);
      rss.unitly.push(a.rssKB);
      lastProfile = a.out;
      const b = timed('hugo', ['--quiet', '--minify', '-s', h, '-d', join(h, `out-${r}`)]);
      times.hugo.push(b.ms);
      cpu.hugo.push(b.cpu);
      rss.hugo.push(b.rssKB);
      if (withAstro) {
        // Astro keeps its content layer in .astro/ and node_modules/.astro between builds, as
        // unitly keeps its island cache: the first run builds without it.
        const c = timed('node', [ASTRO, 'build'], { cwd: astroDir, env: { ...process.env, ASTRO_OUT: join(astroDir, `out-${r}`), ASTRO_TELEMETRY_DISABLED: '1' } });
        times.astro.push(c.ms);
        cpu.astro.push(c.cpu);
        rss.astro.push(c.rssKB);
      }
    }
    // A build that finds what the last build into its folder saved (src/site/saved.rs):
    // after one article's body is edited, as an editor's next `unitly build` is, into the
    // last run's folder; against Hugo's full build, which has no such mode.
    const article = join(u, 'content/blog/conversion-tips.md');
    const original = readFileSync(article, 'utf8');
    const kept = [];
    let keptProfile = '';
    for (let r = 0; r < RUNS; r++) {
      writeFileSync(article, original.replace(/\n\n/, `\n\nEdited for the build benchmark, pass ${r}.\n\n`));
      const k = timed(BIN, ['--root', u, 'build', '--out', join(u, `out-${RUNS - 1}`)]);
      kept.push(k.ms);
      keptProfile = k.out;
    }
    writeFileSync(article, original);
    // An article added (dated today: the newest) and removed again, into the same folder:
    // rendered with the pages that list articles, every other page kept. The first addition
    // renders one island in Node (the home page's sitemap card counts the URLs); later ones
    // find that render in the island cache.
    const [added, removed] = [[], []];
    const today = new Date().toISOString().slice(0, 10);
    const newArticle = join(u, 'content/blog/bench-added-today.md');
    for (let r = 0; r < RUNS; r++) {
      writeFileSync(newArticle, original.replace(/^slug: .*$/m, 'slug: bench-added-today').replace(/^date: .*$/m, `date: ${today}`).replace(/^featured: true$/m, 'featured: false'));
      added.push(timed(BIN, ['--root', u, 'build', '--out', join(u, `out-${RUNS - 1}`)]).ms);
      rmSync(newArticle);
      removed.push(timed(BIN, ['--root', u, 'build', '--out', join(u, `out-${RUNS - 1}`)]).ms);
    }
    const [uOut, hOut] = [join(u, `out-${RUNS - 1}`), join(h, `out-${RUNS - 1}`)];
    const pages = Number(lastProfile.match(/built (\d+) pages/)?.[1] ?? 0);
    const hugoPages = Number(execFileSync('sh', ['-c', `find ${hOut} -name '*.html' | wc -l`], { encoding: 'utf8' }));
    const uBytes = Number(execFileSync('sh', ['-c', `cat ${uOut}/blog/bench-*.html | wc -c`], { encoding: 'utf8' })) / n;
    const hBytes = Number(execFileSync('sh', ['-c', `cat ${hOut}/blog/bench-*/index.html | wc -c`], { encoding: 'utf8' })) / n;
    // The first unitly run of a site has no island cache (.unitly-cache/islands: Node bundles
    // and prerenders); the later ones reuse it, as every build after the first does.
    const astroRow = withAstro ? { astro: median(times.astro), astroFirst: times.astro[0], aCpu: median(cpu.astro), aRss: Math.max(...rss.astro) } : {};
    const row = { ...astroRow, n, pages, hugoPages, first: times.unitly[0], unitly: median(times.unitly), kept: median(kept), added: median(added), removed: median(removed), addedAll: added, keptReused: keptProfile.match(/\((\d+) reused\)/)?.[1], hugo: median(times.hugo), uCpu: median(cpu.unitly), hCpu: median(cpu.hugo), uRss: Math.max(...rss.unitly), hRss: Math.max(...rss.hugo), load: loadavg()[0], uBytes, hBytes, all: times };
    summary.push(row);
    profiles.push([n, lastProfile]);
    console.log(
      `N=${n}: unitly ${fmt(row.unitly)} (${pages} pages + 404) vs hugo ${fmt(row.hugo)} (${hugoPages} pages): ratio unitly/hugo ${(row.unitly / row.hugo).toFixed(2)}; ` +
        `first unitly build (no island cache) ${fmt(row.first)}, ratio ${(row.first / row.hugo).toFixed(2)}; ` +
        `unitly build after one article's edit, keeping the saved pages (${row.keptReused} reused) ${fmt(row.kept)}, ratio ${(row.kept / row.hugo).toFixed(2)}; ` +
        `after an article is added ${fmt(row.added)} (runs [${added.map((x) => x.toFixed(0)).join(', ')}] ms), ratio ${(row.added / row.hugo).toFixed(2)}; after it is removed ${fmt(row.removed)}, ratio ${(row.removed / row.hugo).toFixed(2)}; ` +
        (withAstro ? `astro ${fmt(row.astro)} (first ${fmt(row.astroFirst)}; peak RSS ${(row.aRss / 1024).toFixed(0)} MB): ratio unitly/astro ${(row.unitly / row.astro).toFixed(2)}; ` : '') +
        `article HTML ${(uBytes / 1024).toFixed(1)} KB vs ${(hBytes / 1024).toFixed(1)} KB; peak RSS unitly ${(row.uRss / 1024).toFixed(0)} MB vs hugo ${(row.hRss / 1024).toFixed(0)} MB; load average ${row.load.toFixed(2)}\n  CPU time (user + system) unitly ${fmt(row.uCpu)} vs hugo ${fmt(row.hCpu)}\n  runs unitly [${times.unitly.map((x) => x.toFixed(0)).join(', ')}] ms, hugo [${times.hugo.map((x) => x.toFixed(0)).join(', ')}] ms`,
    );
  }

  console.log('\nincremental rebuild in `unitly serve` after editing one article (file write → "rebuilt" line):');
  const rebuilds = [];
  for (const [label, dir, file] of EDITS === 0 ? [] : [
    ['real site', base, join(base, 'content/blog/conversion-tips.md')],
    ...SIZES.slice(0, 1).map((n) => [`site + ${n} articles`, join(work, `unitly-${n}`), join(work, `unitly-${n}`, 'content/blog/conversion-tips.md')]),
  ]) {
    const r = await rebuildTimes(dir, file, EDITS);
    const row = { label, wall: median(r.map((x) => x.wall)), reported: median(r.map((x) => x.reported)), cpu: median(r.map((x) => x.cpu)), pages: r[0].pages, all: r };
    rebuilds.push(row);
    console.log(`  ${label}: median ${fmt(row.wall)} from write to done (build itself ${fmt(row.reported)}; the rest is the watcher's settle time); CPU ${fmt(row.cpu)}; load average ${loadavg()[0].toFixed(2)}; edits [${r.map((x) => x.wall.toFixed(0)).join(', ')}] ms`);
    console.log(`  steps of the last rebuild:\n${r.at(-1).steps.replace(/^/gm, '    ')}`);
  }

  console.log('\nsummary');
  console.log('| articles added | unitly build | hugo --minify | unitly / hugo | astro build (first) | unitly / astro | first unitly build (no cache) / hugo | unitly build after an edit, pages kept / hugo | CPU unitly | CPU hugo | CPU astro | peak RSS unitly | peak RSS hugo | peak RSS astro | load average (1 min) |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const mb = (kb) => (Number.isFinite(kb) ? `${(kb / 1024).toFixed(0)} MB` : '–');
  for (const r of summary) {
    const astro = r.astro === undefined ? ['–', '–', '–', '–'] : [`${fmt(r.astro)} (${fmt(r.astroFirst)})`, (r.unitly / r.astro).toFixed(2), fmt(r.aCpu), mb(r.aRss)];
    console.log(`| ${r.n.toLocaleString('en-US')} | ${fmt(r.unitly)} | ${fmt(r.hugo)} | ${(r.unitly / r.hugo).toFixed(2)} | ${astro[0]} | ${astro[1]} | ${fmt(r.first)} / ${(r.first / r.hugo).toFixed(2)} | ${fmt(r.kept)} / ${(r.kept / r.hugo).toFixed(2)} | ${fmt(r.uCpu)} | ${fmt(r.hCpu)} | ${astro[2]} | ${mb(r.uRss)} | ${mb(r.hRss)} | ${astro[3]} | ${r.load.toFixed(2)} |`);
  }
  for (const r of rebuilds) console.log(`rebuild after one edit, ${r.label}: ${fmt(r.wall)} (build ${fmt(r.reported)}, CPU ${fmt(r.cpu)})`);
  console.log('\nunitly build steps (last run at each size):');
  for (const [n, p] of profiles) console.log(`N=${n}\n${p.trim()}`);
} finally {
  if (KEEP) console.log(`\nkept the generated sites in ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
