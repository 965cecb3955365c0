// Every route of the site in Chromium: status, shared header and footer, one h1, the head
// tags search engines and social sites read, JSON-LD, hydration, the fixed dark theme, no
// axe-core violation, the mobile menu, and no console error or CSP violation. Then
// sitemap.xml, robots.txt, the 404 page, and `unitly build --base-url`.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { BIN, PAGES_AT_ONCE, ROOT, contentRoutes, isPairPage, openPage, pairPagesOf, routesOf, siteForFile, visitEachAlone, waitForHydration } from './harness.mjs';
import { hydrateEverything, noAxeViolations as axe, openDisclosures } from './interactive-helpers.mjs';

const BASE_URL = 'https://unitly.app';

// The site's routes in the order of routes.yaml, with the sitemap's priorities and change frequencies.
const MAIN_CONVERTERS = ['/length-converter', '/weight-converter', '/temperature-converter', '/volume-converter', '/area-converter', '/currency-converter'];
const VARIANTS = [
  '/metric-length-converter', '/imperial-length-converter', '/metric-weight-converter', '/imperial-weight-converter',
  '/celsius-fahrenheit-converter', '/metric-volume-converter', '/imperial-volume-converter', '/land-area-converter',
];
const ARTICLES = ['/blog/how-to-convert-units-quickly', '/blog/unit-conversion-history', '/blog/conversion-tips'];
const LEGAL = ['/privacy', '/terms', '/disclaimer', '/cookies', '/legal'];
const LAUNCH_ROUTES = ['/', ...MAIN_CONVERTERS, ...VARIANTS, '/about', '/blog', ...ARTICLES, '/faq', '/help', '/conversion-accuracy', '/contact', ...LEGAL];
// The 29 pages the site launched with and every page content/ adds since (the other unit categories' converters).
const EXPECTED_ROUTES = contentRoutes();
/** A unit category's own converter page (not one of the specialised variants under it). */
const isCategoryConverter = (path) => /^\/[a-z0-9-]+-converter$/.test(path) && !VARIANTS.includes(path);

function sitemapValues(path) {
  if (path === '/') return { priority: 1.0, changefreq: 'daily' };
  if (isCategoryConverter(path)) return { priority: 0.9, changefreq: path === '/currency-converter' ? 'daily' : 'weekly' };
  if (VARIANTS.includes(path) || path === '/blog') return { priority: 0.8, changefreq: 'weekly' };
  if (ARTICLES.includes(path)) return { priority: 0.7, changefreq: 'monthly' };
  if (['/about', '/faq', '/help'].includes(path)) return { priority: 0.6, changefreq: 'monthly' };
  if (['/conversion-accuracy', '/contact'].includes(path)) return { priority: 0.5, changefreq: 'monthly' };
  if (LEGAL.includes(path)) return { priority: 0.3, changefreq: 'yearly' };
  if (isPairPage(path)) return { priority: 0.6, changefreq: 'monthly' };
  throw new Error(`no sitemap values for ${path}`);
}

const isConverter = (path) => isCategoryConverter(path) || VARIANTS.includes(path) || (isPairPage(path) && !path.endsWith('/conversions'));

/** Everything a test reads from the head and the JSON-LD, in one round trip. */
function readHead() {
  const meta = (sel) => document.querySelector(sel)?.getAttribute('content') ?? null;
  const graphs = [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => {
    try {
      return JSON.parse(s.textContent);
    } catch (e) {
      return { parseError: String(e) };
    }
  });
  return {
    title: document.title,
    description: meta('meta[name="description"]'),
    keywords: meta('meta[name="keywords"]'),
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    canonicalCount: document.querySelectorAll('link[rel="canonical"]').length,
    og: Object.fromEntries(['title', 'description', 'url', 'type', 'site_name'].map((k) => [k, meta(`meta[property="og:${k}"]`)])),
    twitterCard: meta('meta[name="twitter:card"]'),
    lang: document.documentElement.lang,
    graphs,
    h1s: [...document.querySelectorAll('h1')].map((h) => h.textContent.trim()),
    breadcrumbNav: !!document.querySelector('nav[aria-label="Breadcrumb"]'),
  };
}

/** The nodes of every JSON-LD block, flattening @graph. */
function jsonLdNodes(graphs) {
  return graphs.flatMap((g) => (Array.isArray(g) ? g : g['@graph'] ?? [g]));
}
const hasType = (node, type) => [node['@type']].flat().includes(type);

// Its tests run one after another; those that walk pages visit PAGES_AT_ONCE at a time.
describe('every route', () => {
  // The market banner and currency card reach the edge function: the fake upstreams answer.
  const ctx = siteForFile();
  let routes;
  const seen = { titles: new Map(), descriptions: new Map() };

  before(async () => {
    routes = await routesOf(ctx.site);
  });

  test('the sitemap lists exactly the routes of the registry and the blog, the 29 it launched with among them', () => {
    assert.deepEqual(LAUNCH_ROUTES.filter((r) => !EXPECTED_ROUTES.includes(r)), []);
    assert.deepEqual([...routes].sort(), [...EXPECTED_ROUTES].sort());
  });

  /**
   * A page renders, hydrates, carries its head tags, header, footer and menu, and passes
   * axe-core (the accessibility gate's walk: one visit checks both). One visitor
   * per worker goes from page to page (harness visitEachAlone), as people do: a new context for
   * each page paid a new renderer and a cold cache, twice the time of the checks themselves.
   */
  const DESKTOP = { width: 1280, height: 900 };
  const visitor = () => openPage(ctx.browser, { viewport: DESKTOP });
  const checkPage = async (page, path) => {
    // The last visit left the window phone-sized.
    await page.setViewportSize(DESKTOP);
    const response = await page.goto(ctx.site.url + path);
    assert.equal(response.status(), 200);
    await waitForHydration(page);

    // Header: brand, the main nav and the theme toggle; footer columns and copyright.
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Unitly' }).waitFor();
    assert.equal(await header.getByRole('link', { name: 'Unitly' }).getAttribute('href'), '/');
    assert.ok(await header.getByRole('navigation', { name: 'Main' }).isVisible(), 'the main nav shows on a wide screen');
    assert.ok(await header.getByRole('button', { name: /dark mode|theme/i }).isVisible(), 'theme toggle');
    assert.equal(await header.getByRole('button', { name: 'Menu' }).isVisible(), false, 'no Menu button on a wide screen');
    assert.ok(await header.getByRole('button', { name: 'All converters' }).isVisible(), 'the menu of every converter beside the links');
    const footer = page.getByRole('contentinfo');
    for (const column of ['Quick Links', 'Support', 'Legal']) {
      assert.ok(await footer.getByRole('heading', { name: column }).isVisible(), `footer column ${column}`);
    }
    assert.match(await footer.innerText(), /© 2024/);

    const head = await page.evaluate(readHead);
    assert.deepEqual(head.h1s.length, 1, `exactly one h1, got ${JSON.stringify(head.h1s)}`);
    assert.ok(head.h1s[0].length > 0);
    assert.equal(head.lang, 'en');
    assert.ok(head.title.length > 10, 'title');
    assert.ok(head.description?.length > 50, 'meta description');
    assert.ok(head.keywords?.length > 0, 'meta keywords');
    const url = BASE_URL + path;
    assert.equal(head.canonicalCount, 1);
    assert.equal(head.canonical, url);
    assert.deepEqual(head.og, {
      title: head.title,
      description: head.description,
      url,
      type: ARTICLES.includes(path) ? 'article' : 'website',
      site_name: 'Unitly',
    });
    assert.ok(['summary', 'summary_large_image'].includes(head.twitterCard), 'twitter:card');
    for (const [key, map] of [[head.title, seen.titles], [head.description, seen.descriptions]]) {
      assert.ok(!map.has(key), `${path} repeats "${key}" of ${map.get(key)}`);
      map.set(key, path);
    }

    // JSON-LD: a free WebApplication; a BreadcrumbList ending at this page wherever the
    // page has a parent (every page but home); Calculator on converters, Article on articles.
    assert.ok(head.graphs.length > 0, 'JSON-LD present');
    for (const g of head.graphs) assert.equal(g.parseError, undefined, g.parseError);
    const nodes = jsonLdNodes(head.graphs);
    const app = nodes.find((n) => hasType(n, 'WebApplication'));
    assert.ok(app, 'WebApplication');
    const offers = [app.offers].flat();
    assert.ok(offers.some((o) => hasType(o, 'Offer') && String(o.price) === '0'), 'a free Offer');
    const crumbs = nodes.find((n) => hasType(n, 'BreadcrumbList'));
    if (path === '/') {
      assert.equal(crumbs, undefined, 'home has no parent');
    } else {
      assert.ok(crumbs, 'BreadcrumbList');
      const items = crumbs.itemListElement;
      assert.ok(items.length >= 2);
      items.forEach((item, i) => assert.equal(item.position, i + 1));
      assert.equal(items[0].item, `${BASE_URL}/`);
      assert.equal(items.at(-1).item, url);
      assert.ok(head.breadcrumbNav, 'a visible breadcrumb trail');
    }
    if (isConverter(path)) {
      assert.ok(nodes.some((n) => hasType(n, 'Calculator') || n.applicationCategory === 'Calculator'), 'Calculator');
    }
    if (ARTICLES.includes(path)) {
      const article = nodes.find((n) => hasType(n, 'Article'));
      assert.ok(article, 'Article');
      assert.ok(article.headline && article.datePublished, 'Article headline and date');
    }

    // Every island hydrated, those that wait for idle time or to be seen too; then axe-core
    // with every disclosure open (FAQ answers, <details>): zero violations of every rule it
    // enables by default (WCAG 2.x A and AA, best practices).
    await hydrateEverything(page);
    await openDisclosures(page);
    await axe(page, path);

    // The theme is fixed to dark and recorded.
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), true);
    assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'dark');

    // On a phone the nav hides behind the menu button, which discloses it; Escape closes it.
    await page.setViewportSize({ width: 375, height: 800 });
    const menu = header.getByRole('button', { name: 'Menu' });
    await menu.waitFor();
    assert.equal(await header.getByRole('navigation', { name: 'Main' }).isVisible(), false, 'main nav hidden on a phone');
    assert.equal(await menu.getAttribute('aria-expanded'), 'false');
    await menu.click();
    assert.equal(await menu.getAttribute('aria-expanded'), 'true');
    const panel = page.locator(`#${await menu.getAttribute('aria-controls')}`);
    assert.ok(await panel.isVisible(), 'the menu panel shows');
    assert.ok(await panel.getByRole('link', { name: /Length/ }).isVisible());
    await page.keyboard.press('Escape');
    assert.equal(await menu.getAttribute('aria-expanded'), 'false');
    assert.equal(await panel.isVisible(), false);
    assert.ok(await menu.evaluate((el) => el === document.activeElement), 'focus returns to the menu button');

    assert.deepEqual(page.problems, []);
    assert.deepEqual(await page.cspViolations(), []);
  };
  const visitAll = (t, paths) => visitEachAlone(t, paths, visitor, checkPage);

  test('every route of the registry renders, hydrates, carries its head tags and passes axe-core', { concurrency: PAGES_AT_ONCE }, (t) => visitAll(t, EXPECTED_ROUTES));

  // The build makes a page per unit pair from units.yaml (thousands with every category):
  // a sample of each kind of them gets the same checks (every page of every category is
  // checked in the built HTML by tests/pair_pages.rs).
  test('unit pair pages, a sample of each kind: render, hydrate, carry their head tags and pass axe-core', { concurrency: PAGES_AT_ONCE }, async (t) => {
    const sample = await pairPagesOf(ctx.site, { eachCategory: false });
    assert.ok(sample.length >= 10, JSON.stringify(sample));
    await visitAll(t, sample);
  });

  test('an unknown path answers the 404 page', async () => {
    const page = await openPage(ctx.browser);
    const logged = [];
    page.on('console', (m) => logged.push(m.text()));
    try {
      const response = await page.goto(`${ctx.site.url}/no-such-page`);
      assert.equal(response.status(), 404);
      await waitForHydration(page);
      assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), '404');
      assert.ok(await page.getByText('Oops! Page not found').isVisible());
      const home = page.getByRole('link', { name: 'Return to Home' });
      assert.equal(await home.getAttribute('href'), '/');
      assert.ok(await page.getByRole('banner').getByRole('link', { name: 'Unitly' }).isVisible());
      assert.match(await page.getByRole('contentinfo').innerText(), /© 2024/);
      assert.equal(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex');
      await hydrateEverything(page);
      await axe(page, '404 page');
      assert.ok(logged.some((t) => t.includes('/no-such-page')), `the unknown path is logged: ${JSON.stringify(logged)}`);
      // The document's own 404 status is the one expected console error.
      assert.deepEqual(page.problems.filter((p) => !/Failed to load resource: .*404/.test(p)), []);
      assert.ok(page.problems.length <= 1, JSON.stringify(page.problems));
      assert.deepEqual(await page.cspViolations(), []);
      await home.click();
      await page.waitForURL(`${ctx.site.url}/`);
    } finally {
      await page.context().close();
    }
  });

  // What keeps every test of the suite off the network (CHROMIUM_ARGS): a page, its scripts
  // and the addresses the site's optional third parties use fail in the browser itself, by
  // name or by number, whatever this machine's network; this machine's own server answers.
  test("the suite's browser reaches nothing beyond this machine", async () => {
    const page = await openPage(ctx.browser);
    try {
      await page.goto(`${ctx.site.url}/about`);
      const fetched = await page.evaluate(async (urls) => {
        const outcome = async (url) => fetch(url, { mode: 'no-cors' }).then(() => 'answered', (e) => e.name);
        return Promise.all(urls.map(outcome));
      }, ['https://challenges.cloudflare.com/turnstile/v0/api.js', 'http://93.184.215.14/', `${ctx.site.url}/robots.txt`]);
      assert.deepEqual(fetched, ['TypeError', 'TypeError', 'answered']);
      await assert.rejects(page.goto('https://example.com/'), /net::ERR_PROXY_CONNECTION_FAILED/);
    } finally {
      await page.context().close();
    }
  });

  test("sitemap.xml carries each route's priority and change frequency; robots.txt points to it", async () => {
    const response = await fetch(`${ctx.site.url}/sitemap.xml`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type'), /xml/);
    const xml = await response.text();
    assert.match(xml, /^<\?xml version="1.0" encoding="UTF-8"\?>/);
    assert.match(xml, /<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const entries = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => {
      const field = (name) => m[1].match(new RegExp(`<${name}>([^<]*)</${name}>`))?.[1];
      return { loc: field('loc'), lastmod: field('lastmod'), changefreq: field('changefreq'), priority: Number(field('priority')) };
    });
    assert.equal(entries.filter((e) => !isPairPage(new URL(e.loc).pathname)).length, EXPECTED_ROUTES.length);
    assert.ok(entries.some((e) => e.loc === `${BASE_URL}/length-converter/feet-to-meters`), 'the unit pair pages are listed too');
    for (const e of entries) {
      assert.ok(e.loc.startsWith(`${BASE_URL}/`), e.loc);
      const path = new URL(e.loc).pathname;
      assert.deepEqual({ priority: e.priority, changefreq: e.changefreq }, sitemapValues(path), path);
      assert.match(e.lastmod, /^\d{4}-\d{2}-\d{2}$/, `${path} lastmod`);
    }
    const robots = await (await fetch(`${ctx.site.url}/robots.txt`)).text();
    assert.match(robots, /^User-agent: \*$/m);
    assert.match(robots, new RegExp(`^Sitemap: ${BASE_URL}/sitemap.xml$`, 'm'));
  });
});

test('unitly build --base-url puts canonical and sitemap URLs on that base', () => {
  const dir = mkdtempSync(join(tmpdir(), 'unitly-base-'));
  try {
    const out = join(dir, 'dist');
    execFileSync(BIN, ['build', '--out', out, '--base-url', 'https://example.test'], { cwd: ROOT, stdio: 'pipe' });
    const sitemap = readFileSync(join(out, 'sitemap.xml'), 'utf8');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    assert.equal(locs.filter((loc) => !isPairPage(new URL(loc).pathname)).length, EXPECTED_ROUTES.length);
    for (const loc of locs) assert.ok(loc.startsWith('https://example.test/'), loc);
    assert.ok(!sitemap.includes(BASE_URL));
    for (const [file, url] of [['index.html', 'https://example.test/'], ['length-converter.html', 'https://example.test/length-converter'], ['blog/conversion-tips.html', 'https://example.test/blog/conversion-tips']]) {
      const html = readFileSync(join(out, file), 'utf8');
      const canonical = html.match(/<link [^>]*rel="?canonical"?[^>]*>/)?.[0] ?? '';
      assert.ok(canonical.includes(`href=${url}`) || canonical.includes(`href="${url}"`), `${file}: ${canonical}`);
      assert.ok(!html.includes(BASE_URL), `${file} still names ${BASE_URL}`);
    }
    assert.match(readFileSync(join(out, 'robots.txt'), 'utf8'), /^Sitemap: https:\/\/example.test\/sitemap.xml$/m);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
