// Helpers shared by the quality gates (quality-*.test.mjs) and the benchmarks (bench/):
// Lighthouse on Debian's Chromium, the built site's HTML files, and internal-link crawling.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_ARGS } from './harness.mjs';

/** The five pages the Lighthouse budgets and benchmarks measure. */
export const LIGHTHOUSE_PAGES = ['/', '/length-converter', '/currency-converter', '/faq', '/blog/conversion-tips'];

/**
 * One Debian Chromium for Lighthouse; `run(url)` audits a page in one pass with all the
 * requested categories. Mobile emulation with simulated throttling (Lighthouse's default,
 * as PageSpeed Insights measures). Nothing is downloaded.
 */
export async function lighthouseChrome() {
  const flags = CHROMIUM_ARGS.filter((f) => !f.startsWith('--headless'));
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...flags], logLevel: 'silent' });
  return {
    /** `settings`: Lighthouse settings on top of its defaults (the benchmark's CPU calibration). */
    async run(url, categories = ['accessibility', 'best-practices', 'seo'], settings = {}) {
      // Lighthouse sometimes fails to record the trace (NO_NAVSTART and the like) on a busy
      // machine: that is Lighthouse's own error, not the page's, so it gets two more tries.
      let error;
      for (let attempt = 0; attempt < 3; attempt++) {
        // No full-page screenshot: only the report's pictures use it, and it cost a fifth of
        // each run (32 → 25 s for the five pages).
        const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories, disableFullPageScreenshot: true, ...settings });
        if (!result?.lhr) throw new Error(`Lighthouse gave no report for ${url}`);
        if (!result.lhr.runtimeError) return result.lhr;
        error = result.lhr.runtimeError;
      }
      throw new Error(`Lighthouse failed on ${url}: ${error.code}: ${error.message}`);
    },
    kill: () => chrome.kill(),
  };
}

/** The audits that kept a category below 1, with what they found, for a failure message. */
export function failingAudits(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  return category.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a.score !== null && a.score < 1)
    .map((a) => {
      const items = (a.details?.items ?? []).slice(0, 5).map((i) => i.node?.snippet ?? i.url ?? i.source?.url ?? i.description ?? JSON.stringify(i).slice(0, 160));
      return `${a.id} (${a.score}): ${a.title}${items.length ? `\n      ${items.join('\n      ')}` : ''}`;
    });
}

/** Every file under `dir`, as paths relative to it with forward slashes. */
export function filesUnder(dir) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p).split('\\').join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/** The URL path a built HTML file is served at (`index.html` → `/`, `blog/x.html` → `/blog/x`). */
export function servedPath(file) {
  if (file === 'index.html') return '/';
  return `/${file.replace(/\.html$/, '')}`;
}

/** The value of every `name=` attribute in some minified (often unquoted) HTML. */
export function attributeValues(html, name) {
  const re = new RegExp(`\\s${name}=("([^"]*)"|'([^']*)'|([^\\s>"']+))`, 'gi');
  return [...html.matchAll(re)].map((m) => decodeEntities(m[2] ?? m[3] ?? m[4]));
}

function decodeEntities(s) {
  return s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

/**
 * Checks every internal link (href and src) of every built HTML page: the target exists as
 * the static host would serve it, and a `#fragment` names an element id on that page.
 * Returns a list of problems ('' when none).
 */
export function brokenInternalLinks(out) {
  const files = new Set(filesUnder(out));
  const pages = new Map();
  // An island's data-props attribute holds JSON that may carry rendered HTML (FAQ answers):
  // text inside an attribute value, not markup, so it is left out of the scan.
  const withoutProps = (html) => html.replace(/\sdata-props=("[^"]*"|'[^']*')/gi, '');
  for (const f of files) if (f.endsWith('.html')) pages.set(servedPath(f), withoutProps(readFileSync(join(out, f), 'utf8')));
  const idsOf = new Map();
  const ids = (path) => {
    if (!idsOf.has(path)) {
      const html = pages.get(path) ?? '';
      idsOf.set(path, new Set([...attributeValues(html, 'id'), ...attributeValues(html, 'name')]));
    }
    return idsOf.get(path);
  };
  const problems = [];
  let checked = 0;
  for (const [from, html] of pages) {
    const links = [...attributeValues(html, 'href'), ...attributeValues(html, 'src')];
    for (const link of links) {
      if (/^(https?:|mailto:|tel:|data:|\/\/)/i.test(link)) continue;
      checked++;
      const url = new URL(link, `http://site${from}`);
      const path = url.pathname;
      // Nothing links to the 404 page; its own #anchors resolve within it.
      const target = path === '/404' && from !== '/404' ? null : pages.has(path) ? path : files.has(path.slice(1)) ? 'file' : null;
      if (!target) {
        problems.push(`${from}: ${link} does not exist`);
        continue;
      }
      const fragment = decodeURIComponent(url.hash.slice(1));
      if (fragment && (target === 'file' || !ids(target).has(fragment))) problems.push(`${from}: ${link} names no element #${fragment}`);
    }
  }
  return { problems, checked };
}
