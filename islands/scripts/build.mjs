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
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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

// A component whose file says `// @island-chunk runtime` is part of the site-wide chrome
// (header, banners, toasts) that every page hydrates: it is bundled with the runtime, in
// the file every page loads first, instead of a chunk of its own.
const CHUNK_PRAGMA = /^\/\/ @island-chunk runtime$/m;
const withRuntime = new Set(components.filter((c) => CHUNK_PRAGMA.test(readFileSync(join(componentsDir, `${c}.tsx`), 'utf8'))));

// `unitly:components`: every file of src/components, lazily imported on the client (one
// chunk each, but those bundled with the runtime) and statically imported on the server.
function componentsPlugin(mode) {
  const eager = mode === 'server' ? components : components.filter((c) => withRuntime.has(c));
  const contents =
    `${eager.map((c) => `import ${c} from './${c}.tsx';`).join('\n')}\n` +
    (mode === 'server' ? `${statics.map((c) => `import ${c} from '../static/${c}.tsx';`).join('\n')}\n` : '') +
    (mode === 'server'
      ? `export const components = {${[...components, ...statics].join(',')}};`
      : `export const components = {${components
          .map((c) => (withRuntime.has(c) ? `${c}: () => Promise.resolve({ default: ${c} })` : `${c}: () => import('./${c}.tsx')`))
          .join(',')}};`);
  return {
    name: 'unitly-components',
    setup(build) {
      build.onResolve({ filter: /^unitly:components$/ }, () => ({ path: 'components', namespace: 'unitly' }));
      build.onLoad({ filter: /.*/, namespace: 'unitly' }, () => ({ contents, loader: 'ts', resolveDir: componentsDir }));
    },
  };
}

// esbuild puts code in a chunk by the set of entry points that use it (the runtime and every
// lazily imported file count as entries). What the runtime imports (React, the site-wide
// chrome and the small modules they use) therefore came as a dozen files of a few hundred
// bytes each, which gzip and fetch worse than one (a converter page loaded 25 files, now 15).
// Every entry is made to call `keep()` of `unitly:runtime`, which uses everything
// the runtime's own files export: all that code then has the same users and lands in one
// chunk, and no page loads a byte more for it, since every page loads the runtime first.
async function runtimeGroup(options) {
  const entry = join(root, 'src/runtime/client.ts');
  const { metafile } = await esbuild.build({ ...options, entryPoints: [entry], write: false, minify: false });
  const outputs = metafile.outputs;
  /** The source files an output and the chunks it statically imports are built from. */
  const filesOf = (path, files = new Set(), seen = new Set()) => {
    for (const input of Object.keys(outputs[path].inputs)) files.add(resolve(root, input));
    for (const i of outputs[path].imports) if (i.kind === 'import-statement' && !seen.has(i.path)) filesOf(i.path, files, seen.add(i.path));
    return files;
  };
  const runtime = filesOf(Object.keys(outputs).find((p) => outputs[p].entryPoint === 'src/runtime/client.ts'));
  runtime.delete(entry);
  const everyEntry = Object.values(outputs).flatMap((o) => (o.entryPoint ? [resolve(root, o.entryPoint)] : []));
  return { module: await keepModule(runtime, ['react', 'react/jsx-runtime']), users: new Set(everyEntry) };
}

/** A `keep()` module that uses every export of `files` (source files) and of `packages`. */
async function keepModule(files, packages) {
  const own = [...files].filter((f) => !f.includes('/node_modules/') && /\.tsx?$/.test(f));
  const { metafile } = await esbuild.build({ entryPoints: own, absWorkingDir: root, outdir: '/unitly-exports', write: false, metafile: true, format: 'esm', jsx: 'automatic', logLevel: 'silent' });
  const exportsOf = new Map(Object.values(metafile.outputs).flatMap((o) => (o.entryPoint ? [[resolve(root, o.entryPoint), o.exports]] : [])));
  const lines = [];
  const names = [];
  own.forEach((file, i) => {
    const list = exportsOf.get(file) ?? [];
    if (list.length === 0) return;
    lines.push(`import { ${list.map((e, j) => `${e} as x${i}_${j}`).join(', ')} } from ${JSON.stringify(file)};`);
    names.push(...list.map((_, j) => `x${i}_${j}`));
  });
  packages.forEach((p, i) => {
    lines.push(`import * as p${i} from ${JSON.stringify(p)};`);
    names.push(`p${i}`);
  });
  lines.push(`export function keep() { return [${names.join(', ')}]; }`);
  return lines.join('\n');
}

function runtimeGroupPlugin(group) {
  return {
    name: 'unitly-runtime-group',
    setup(build) {
      build.onResolve({ filter: /^unitly:runtime$/ }, () => ({ path: 'runtime', namespace: 'unitly-runtime' }));
      build.onLoad({ filter: /.*/, namespace: 'unitly-runtime' }, () => ({ contents: group.module, loader: 'js', resolveDir: root }));
      build.onLoad({ filter: /\/src\/.*\.tsx?$/ }, (args) => {
        if (!group.users.has(args.path)) return undefined;
        const source = readFileSync(args.path, 'utf8');
        return { contents: `${source}\nimport { keep as unitlyKeep } from 'unitly:runtime';\nunitlyKeep();\n`, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}

async function buildClient() {
  mkdirSync(input.outDir, { recursive: true });
  const options = {
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    format: 'esm',
    target: ['es2020', 'chrome90', 'firefox90', 'safari14'],
    outdir: input.outDir,
    jsx: 'automatic',
    define,
    metafile: true,
    logLevel: 'silent',
    plugins: [componentsPlugin('client')],
  };
  const group = await runtimeGroup(options);
  const result = await esbuild.build({
    ...options,
    entryPoints: { client: join(root, 'src/runtime/client.ts'), style: input.css },
    minify: true,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    legalComments: 'none',
    plugins: [componentsPlugin('client'), runtimeGroupPlugin(group)],
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
  withCompileHint([entryPath, ...entryChunks].map((p) => resolve(root, p)));
  // Per component: its chunk and what that chunk imports, minus what the entry already
  // brings, so a page can preload the islands it hydrates at once with the runtime.
  const componentPreload = {};
  for (const [path, output] of Object.entries(outputs)) {
    const name = output.entryPoint?.match(/^src\/components\/([A-Za-z0-9]+)\.tsx$/)?.[1];
    if (name) componentPreload[name] = [path, ...closure(path)].filter((p) => !entryChunks.has(p)).map(url);
  }
  for (const name of withRuntime) componentPreload[name] = [];
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
 * V8 compiles a function when it is first called, on the main thread: react-dom's module body,
 * one function of 200 KB, took 30 ms of a phone's main thread as the first island hydrated
 * (120 ms at Lighthouse's 4x slowdown, most of the currency pages' blocking time). V8's
 * explicit compile hint has a file's functions compiled while it streams in, off the main
 * thread (Chrome 136+; other browsers read a comment). Only on the large files every page
 * runs at once: on the others it would cost bytes, and eager work for code seldom called.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const COMPILE_HINT_FROM_BYTES = 10_000;
function withCompileHint(files) {
  for (const file of files.filter((f) => f.endsWith('.js'))) {
    const text = readFileSync(file, 'utf8');
    if (text.length >= COMPILE_HINT_FROM_BYTES && !text.startsWith(COMPILE_HINT)) writeFileSync(file, COMPILE_HINT + text);
  }
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
