// The island pipeline, run once per `unitly build` by the Rust generator.
// stdin:  {"outDir", "publicPath", "css", "client": bool, "renders": [{key, name, props}]}
// stdout: one line per rendered island, {"key", "html"}, written as it is rendered (a build
//         renders thousands: holding them all took Node's heap past 400 MB); then one last
//         line {"client": {entry, css, preload, component_preload, files, head_script,
//         head_script_hash, service_worker} | null, "errors": [...]}.
// One process bundles the client (hashed ES modules, React in a shared chunk) and
// prerenders every requested island with React's server renderer.
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const input = JSON.parse(readFileSync(0, 'utf8'));
const componentsDir = join(root, 'src/components');
const components = readdirSync(componentsDir)
  .filter((f) => /^[A-Za-z0-9]+\.tsx$/.test(f))
  .map((f) => f.slice(0, -4));
// src/static: server-only components (`client="none"`), rendered into pages at build time
// and never part of the client bundle, so a page's facts cost no script.
const staticDir = join(root, 'src/static');
const statics = (existsSync(staticDir) ? readdirSync(staticDir) : [])
  .filter((f) => /^[A-Za-z0-9]+\.tsx$/.test(f))
  .map((f) => f.slice(0, -4));
const define = { 'process.env.NODE_ENV': '"production"' };
// The server bundle imports react and react-dom/server from node_modules at run time, and
// they pick their development or production build from the environment: production, as
// the client's, so prerendering runs the same React the browser hydrates with.
process.env.NODE_ENV = 'production';

// A component whose file says `// @island-chunk <name>` is bundled with the others that
// name the same chunk: the site-wide chrome (header, banners, toasts) is then one download
// on every page instead of a dozen small ones, which gzip and fetch worse one by one.
const CHUNK_PRAGMA = /^\/\/ @island-chunk ([a-z]+)$/m;
const chunkOf = Object.fromEntries(
  components.map((c) => [c, readFileSync(join(componentsDir, `${c}.tsx`), 'utf8').match(CHUNK_PRAGMA)?.[1]]),
);
const CHUNK_MODULE = 'unitly:chunk/';

// `unitly:components`: every file of src/components, lazily imported on the client (one
// chunk each, or one per @island-chunk) and statically imported on the server.
function componentsPlugin(mode) {
  const load = (c) =>
    chunkOf[c] ? `() => import('${CHUNK_MODULE}${chunkOf[c]}').then((m) => ({ default: m.${c} }))` : `() => import('./${c}.tsx')`;
  const contents =
    mode === 'client'
      ? `export const components = {${components.map((c) => `${c}: ${load(c)}`).join(',')}};`
      : `${components.map((c) => `import ${c} from './${c}.tsx';`).join('\n')}\n` +
        `${statics.map((c) => `import ${c} from '../static/${c}.tsx';`).join('\n')}\n` +
        `export const components = {${[...components, ...statics].join(',')}};`;
  const chunkContents = (name) =>
    components.filter((c) => chunkOf[c] === name).map((c) => `export { default as ${c} } from './${c}.tsx';`).join('\n');
  return {
    name: 'unitly-components',
    setup(build) {
      build.onResolve({ filter: /^unitly:components$/ }, () => ({ path: 'components', namespace: 'unitly' }));
      build.onResolve({ filter: /^unitly:chunk\// }, (args) => ({ path: args.path.slice('unitly:'.length), namespace: 'unitly' }));
      build.onLoad({ filter: /.*/, namespace: 'unitly' }, (args) => ({
        contents: args.path === 'components' ? contents : chunkContents(args.path.slice('chunk/'.length)),
        loader: 'ts',
        resolveDir: componentsDir,
      }));
    },
  };
}

async function buildClient() {
  mkdirSync(input.outDir, { recursive: true });
  const result = await esbuild.build({
    entryPoints: { client: join(root, 'src/runtime/client.ts'), style: input.css },
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    format: 'esm',
    target: ['es2020', 'chrome90', 'firefox90', 'safari14'],
    minify: true,
    outdir: input.outDir,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    jsx: 'automatic',
    define,
    metafile: true,
    legalComments: 'none',
    logLevel: 'silent',
    plugins: [componentsPlugin('client')],
  });
  const outputs = result.metafile.outputs;
  const files = Object.keys(outputs).map((p) => relative(input.outDir, resolve(root, p)));
  const find = (suffix) => Object.keys(outputs).find((p) => outputs[p].entryPoint?.endsWith(suffix));
  const entryPath = find('src/runtime/client.ts');
  const cssPath = Object.keys(outputs).find((p) => p.endsWith('.css') && outputs[p].entryPoint);
  const url = (p) => input.publicPath + relative(input.outDir, resolve(root, p));
  // Every chunk a file pulls in by static imports, however deep.
  const closure = (path, seen = new Set()) => {
    for (const i of outputs[path].imports) {
      if (i.kind === 'import-statement' && !seen.has(i.path)) closure(i.path, seen.add(i.path));
    }
    return seen;
  };
  const entryChunks = closure(entryPath);
  // Per component: its chunk and what that chunk imports, minus what the entry already
  // brings, so a page can preload the islands it hydrates at once with the runtime.
  const componentPreload = {};
  for (const [path, output] of Object.entries(outputs)) {
    const own = output.entryPoint?.match(/^src\/components\/([A-Za-z0-9]+)\.tsx$/)?.[1];
    const chunk = output.entryPoint?.match(/^unitly:chunk\/([a-z]+)$/)?.[1];
    const names = own ? [own] : components.filter((c) => chunk && chunkOf[c] === chunk);
    for (const name of names) componentPreload[name] = [path, ...closure(path)].filter((p) => !entryChunks.has(p)).map(url);
  }
  const [head, serviceWorker] = await Promise.all([buildHeadScript(), buildServiceWorker()]);
  return {
    entry: url(entryPath),
    css: url(cssPath),
    preload: [...entryChunks].map(url),
    component_preload: componentPreload,
    files,
    head_script: head,
    // What the Content-Security-Policy allows in place of 'unsafe-inline'.
    head_script_hash: `sha256-${createHash('sha256').update(head, 'utf8').digest('base64')}`,
    service_worker: serviceWorker,
  };
}

/**
 * src/sw/sw.ts, its own entry: one classic script (a service worker cannot share the
 * page's chunks). The Rust build writes it to /sw.js behind the manifest of this build.
 */
async function buildServiceWorker() {
  return bundleClassicScript('src/sw/sw.ts');
}

/** src/runtime/head.ts as one minified statement, to be inlined in every page's <head>. */
async function buildHeadScript() {
  return (await bundleClassicScript('src/runtime/head.ts')).trim();
}

/** One entry bundled alone as a minified classic script (no chunks, no imports), as text. */
async function bundleClassicScript(entry) {
  const result = await esbuild.build({
    entryPoints: [join(root, entry)],
    absWorkingDir: root,
    bundle: true,
    write: false,
    format: 'iife',
    target: ['es2020', 'chrome90', 'firefox90', 'safari14'],
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** Renders each island and writes its line, waiting while the pipe is full (writes to a pipe are asynchronous: a loop that never waited would buffer every line in memory). */
async function prerender(renders) {
  if (renders.length === 0) return { errors: [] };
  // Written inside node_modules so `react` resolves from there; never committed.
  const dir = join(root, 'node_modules/.cache/unitly');
  const outfile = join(dir, `server-${process.pid}.mjs`);
  await esbuild.build({
    entryPoints: [join(root, 'src/runtime/server.tsx')],
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile,
    jsx: 'automatic',
    define,
    logLevel: 'silent',
    plugins: [componentsPlugin('server')],
  });
  try {
    const { prepare, render } = await import(pathToFileURL(outfile).href);
    const errors = [];
    for (const r of renders) {
      let line;
      try {
        const ready = prepare(r.name, r.props);
        if (ready) await ready;
        line = `${JSON.stringify({ key: r.key, html: render(r.name, r.props) })}\n`;
      } catch (e) {
        errors.push({ key: r.key, name: r.name, message: e?.stack ?? String(e) });
        continue;
      }
      if (!process.stdout.write(line)) await once(process.stdout, 'drain');
    }
    return { errors };
  } finally {
    rmSync(outfile, { force: true });
  }
}

try {
  const [client, rendered] = await Promise.all([input.client ? buildClient() : null, prerender(input.renders)]);
  process.stdout.write(JSON.stringify({ client, ...rendered }) + '\n');
} catch (e) {
  const messages = e?.errors?.map((m) => `${m.location?.file ?? ''}:${m.location?.line ?? ''}:${m.location?.column ?? ''}: ${m.text}`);
  console.error(messages?.length ? messages.join('\n') : e?.stack ?? String(e));
  process.exit(1);
}
