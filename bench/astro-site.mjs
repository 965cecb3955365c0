// The Astro site of the build-speed benchmark: the same generated articles as a content
// collection, the same chrome (header and footer cut from a built Unitly page) and head
// tags, and one React island per article page, hydrated when visible — what a team would
// build with Astro 5 and @astrojs/react for "static pages with React islands".
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { article } from './articles.mjs';

const PACKAGES = join(dirname(fileURLToPath(import.meta.url)), 'astro');

/** Installs bench/astro's pinned packages (npm ci) when they are missing. */
export function ensureAstro() {
  if (!existsSync(join(PACKAGES, 'node_modules/astro/astro.js'))) {
    console.log('installing Astro for the benchmark: npm ci in bench/astro');
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: PACKAGES, stdio: 'inherit' });
  }
  return resolve(PACKAGES, 'node_modules/astro/astro.js');
}

/** Header, footer and stylesheet link of a built Unitly page, for the other generators' themes. */
export function chromeOf(builtArticle) {
  const body = builtArticle.slice(builtArticle.indexOf('<body'));
  return {
    header: body.slice(body.indexOf('>') + 1, body.indexOf('<main')),
    footer: body.slice(body.indexOf('</main>') + 7, body.lastIndexOf('</body>')),
    css: builtArticle.match(/<link [^>]*stylesheet[^>]*>/)?.[0] ?? '',
  };
}

/** Writes an Astro project with `n` generated articles into `dir`; its output goes to $ASTRO_OUT. */
export function astroSite(dir, n, builtArticle) {
  const { header, footer, css } = chromeOf(builtArticle);
  for (const d of ['src/content/blog', 'src/components', 'src/layouts', 'src/pages/blog']) mkdirSync(join(dir, d), { recursive: true });
  symlinkSync(join(PACKAGES, 'node_modules'), join(dir, 'node_modules'));
  // The project must list its packages: Vite bundles the renderer's server entry (which
  // imports Astro's virtual modules) only for dependencies the project declares; without
  // them the prerender fails on `astro:react:opts`.
  const { dependencies } = JSON.parse(readFileSync(join(PACKAGES, 'package.json'), 'utf8'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'astro-bench-site', private: true, type: 'module', dependencies }, null, 2));
  writeFileSync(
    join(dir, 'astro.config.mjs'),
    `import react from '@astrojs/react';
export default {
  site: 'https://unitly.app',
  outDir: process.env.ASTRO_OUT,
  integrations: [react()],
  build: { format: 'file' },
  compressHTML: true,
};
`,
  );
  writeFileSync(
    join(dir, 'src/content.config.ts'),
    `import { defineCollection, z } from 'astro:content';
import { glob } from 'astro/loaders';
const blog = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/blog' }),
  schema: z.object({ title: z.string(), excerpt: z.string(), date: z.coerce.date(), readTime: z.string(), category: z.string(), keywords: z.array(z.string()).default([]) }),
});
export const collections = { blog };
`,
  );
  // The island: a small metres-to-feet converter, as the articles' own topic would want.
  writeFileSync(
    join(dir, 'src/components/Converter.jsx'),
    `import { useState } from 'react';
export default function Converter() {
  const [value, setValue] = useState('1');
  const n = Number(value);
  return (
    <form className="card" onSubmit={(e) => e.preventDefault()}>
      <label>Value <input inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} /></label>
      <output aria-label="Result">{Number.isFinite(n) ? (n / 0.3048).toFixed(6) + ' ft' : ''}</output>
    </form>
  );
}
`,
  );
  writeFileSync(join(dir, 'src/layouts/header.html'), header);
  writeFileSync(join(dir, 'src/layouts/footer.html'), footer);
  writeFileSync(
    join(dir, 'src/layouts/Base.astro'),
    `---
import header from './header.html?raw';
import footer from './footer.html?raw';
const { title, description, type = 'WebPage', keywords = ['unit converter'] } = Astro.props;
const canonical = new URL(Astro.url.pathname, Astro.site);
const ld = JSON.stringify({ '@context': 'https://schema.org', '@type': type, headline: title, url: canonical.href });
---
<!DOCTYPE html>
<html lang="en" class="dark">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} | Unitly</title>
<meta name="description" content={description}>
<meta name="keywords" content={keywords.join(', ')}>
<link rel="canonical" href={canonical.href}>
<meta property="og:type" content={type === 'Article' ? 'article' : 'website'}>
<meta property="og:site_name" content="Unitly">
<meta property="og:title" content={title}>
<meta property="og:url" content={canonical.href}>
<meta name="twitter:card" content="summary">
<Fragment set:html={${JSON.stringify(css)}} />
<script type="application/ld+json" set:html={ld} />
</head>
<body>
<Fragment set:html={header} />
<main id="main" class="container"><slot /></main>
<Fragment set:html={footer} />
</body>
</html>
`,
  );
  writeFileSync(
    join(dir, 'src/pages/blog/[slug].astro'),
    `---
import { getCollection, render } from 'astro:content';
import Base from '../../layouts/Base.astro';
import Converter from '../../components/Converter.jsx';
export async function getStaticPaths() {
  return (await getCollection('blog')).map((entry) => ({ params: { slug: entry.id }, props: { entry } }));
}
const { entry } = Astro.props;
const { Content } = await render(entry);
const d = entry.data.date;
---
<Base title={entry.data.title} description={entry.data.excerpt} type="Article" keywords={entry.data.keywords}>
<nav class="breadcrumb" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/blog">Blog</a></li><li><span aria-current="page">{entry.data.title}</span></li></ol></nav>
<article class="prose article"><header class="page-head"><p class="meta"><span class="category">{entry.data.category}</span> · <time datetime={d.toISOString().slice(0, 10)}>{d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })}</time> · {entry.data.readTime}</p><h1>{entry.data.title}</h1><p class="lead">{entry.data.excerpt}</p></header>
<Content />
<Converter client:visible />
<footer><a href="/blog">← Back to the blog</a></footer></article>
</Base>
`,
  );
  writeFileSync(
    join(dir, 'src/pages/blog/index.astro'),
    `---
import { getCollection } from 'astro:content';
import Base from '../../layouts/Base.astro';
const posts = (await getCollection('blog')).sort((a, b) => b.data.date - a.data.date);
---
<Base title="Blog" description="Articles"><h1>Blog</h1><ul class="article-list">{posts.map((p) => <li class="card"><p class="meta">{p.data.category} · {p.data.readTime}</p><h2><a href={'/blog/' + p.id}>{p.data.title}</a></h2><p>{p.data.excerpt}</p></li>)}</ul></Base>
`,
  );
  writeFileSync(
    join(dir, 'src/pages/index.astro'),
    `---
import { getCollection } from 'astro:content';
import Base from '../layouts/Base.astro';
const latest = (await getCollection('blog')).sort((a, b) => b.data.date - a.data.date).slice(0, 3);
---
<Base title="Convert Anything, Instantly" description="Unit converter"><h1>Convert Anything, Instantly</h1><ul>{latest.map((p) => <li><a href={'/blog/' + p.id}>{p.data.title}</a></li>)}</ul></Base>
`,
  );
  for (let i = 1; i <= n; i++) writeFileSync(join(dir, `src/content/blog/${article(i).match(/^slug: (.*)$/m)[1]}.md`), article(i));
}
