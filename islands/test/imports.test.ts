// The modules of islands/src import each other without circles, type-only and lazy
// (`import()`) imports included: a circle means files that cannot be read, changed or
// split into chunks one without the other. A lazy import back into a file that imports the
// lazy side may stay only when LAZY_PAIRS names it and says why. TypeScript's own scanner
// lists each file's imports; the circles are the graph's strongly connected components.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SRC = resolve(import.meta.dirname, '../src');
const SOURCE = /\.(ts|tsx|mts|mjs)$/;

/** Lazy imports allowed to close a circle: [importer, imported, why], paths from src/. */
const LAZY_PAIRS: [string, string, string][] = [
  [
    'lib/historyBus.ts',
    'lib/history.ts',
    "the cards' light half of the history fetches the list code (which builds on its key and events) only when a conversion is recorded; its other import of history.ts is type-only",
  ],
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : SOURCE.test(e.name) && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );
}

/** The file a relative specifier names: as written, or with a source extension added. */
function resolveSpecifier(from: string, spec: string, known: Set<string>): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, `${base}.d.mts`]) if (known.has(candidate)) return candidate;
  return null;
}

/** `file`'s imports of other files of src/ (packages are not ours), skipping the allowed lazy ones. */
function importsOf(file: string, known: Set<string>, allowed: Set<string>): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .filter((i) => i.fileName.startsWith('.'))
    .map((i) => resolveSpecifier(file, i.fileName, known))
    .filter((path): path is string => path !== null && !allowed.has(`${relative(SRC, file)} -> ${relative(SRC, path)}`));
}

/** Every circle of `graph`: its strongly connected components of two or more files, or of one importing itself. */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.reverse());
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return found;
}

test('the circle finder finds each circle, also one through a type-only or lazy import, and accepts a tree', () => {
  const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['d']], ['e', ['a', 'f']], ['f', []]]);
  assert.deepEqual(circles(graph), [['a', 'b', 'c'], ['d']]);
  assert.deepEqual(circles(new Map([['a', ['b', 'c']], ['b', ['c']], ['c', []]])), []);
  const scanned = ts.preProcessFile("import type { X } from './x';\nexport type { Y } from './y';\nconst z = () => import('./z');", true, true);
  assert.deepEqual(scanned.importedFiles.map((i) => i.fileName), ['./x', './y', './z']);
});

test('islands/src has no import circles', () => {
  const files = sources(SRC);
  assert.ok(files.length >= 50, `found the sources: ${files.length}`);
  const known = new Set(files);
  const allowed = new Set(LAZY_PAIRS.map(([from, to]) => `${from} -> ${to}`));
  const graph = new Map(files.map((f) => [f, importsOf(f, known, allowed)]));
  const found = circles(graph).map((c) => c.map((f) => relative(SRC, f)).join(', '));
  assert.deepEqual(found, [], `import circles (files that import each other, directly or not): ${found.join(' | ')}`);
});
