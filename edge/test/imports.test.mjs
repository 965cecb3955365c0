// The modules of src/ import each other without circles, type-only imports included: a
// circle means two files that cannot be read (or changed) one without the other.
// TypeScript's own scanner lists each file's imports.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { test } from "node:test";
import ts from "typescript";

const SRC = resolve(import.meta.dirname, "../src");

/** Every .ts file under `dir`, as absolute paths. */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []);
}

/** The files of src/ that `file` imports (relative specifiers only; packages are not ours). */
function importsOf(file, known) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return importedFiles
    .map((i) => i.fileName)
    .filter((spec) => spec.startsWith("."))
    .map((spec) => resolve(dirname(file), spec.replace(/\.ts$/, "")) + ".ts")
    .filter((path) => known.has(path));
}

/** The first circle found in `graph` (a list of files, the first repeated last), or null. */
function findCircle(graph) {
  const state = new Map(); // file -> "open" while on the path, "done" after
  const path = [];
  const visit = (file) => {
    if (state.get(file) === "done") return null;
    if (state.get(file) === "open") return [...path.slice(path.indexOf(file)), file];
    state.set(file, "open");
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      const circle = visit(next);
      if (circle) return circle;
    }
    path.pop();
    state.set(file, "done");
    return null;
  };
  for (const file of graph.keys()) {
    const circle = visit(file);
    if (circle) return circle;
  }
  return null;
}

test("the circle finder finds a circle, also a type-only one, and accepts a tree", () => {
  assert.deepEqual(findCircle(new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]]])), ["a", "b", "c", "a"]);
  assert.equal(findCircle(new Map([["a", ["b", "c"]], ["b", ["c"]], ["c", []]])), null);
  const typeOnly = ts.preProcessFile('import type { X } from "./x";\nexport type { Y } from "./y";', true, true);
  assert.deepEqual(typeOnly.importedFiles.map((i) => i.fileName), ["./x", "./y"]);
});

test("edge/src has no import circles", () => {
  const files = sources(SRC);
  assert.ok(files.length >= 10, `found the sources: ${files.length}`);
  const known = new Set(files);
  const graph = new Map(files.map((f) => [f, importsOf(f, known)]));
  const circle = findCircle(graph);
  assert.equal(circle, null, `import circle: ${circle?.map((f) => relative(SRC, f)).join(" -> ")}`);
});
