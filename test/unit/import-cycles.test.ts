// No file of the engine (build.ts, engine/, commands/) imports itself through others, types included: a
// cycle makes the order modules load in decide what a module sees, and ties rooms that should stand apart.
import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import fg from "fast-glob";
import { expect, test } from "vitest";

/** Each file's relative imports and re-exports (`import type` too) that name another file of the engine. */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const imports = /^\s*(?:import|export)\b[^;"']*?\bfrom\s*["'](\.{1,2}\/[^"']+)["']/gm;
  return new Map(
    files.map((file) => {
      const named = [...readFileSync(file, "utf8").matchAll(imports)].map(([, path]) => normalize(join(dirname(file), path)));
      return [file, named.filter((path) => known.has(path))];
    }),
  );
}

/** Every cycle found by walking the graph depth first, each as the files it goes through, back to its first. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string) => {
    const at = path.indexOf(file);
    if (at >= 0) return void found.push([...path.slice(at), file]);
    if (done.has(file)) return;
    path.push(file);
    for (const imported of graph.get(file) ?? []) visit(imported);
    path.pop();
    done.add(file);
  };
  for (const file of graph.keys()) visit(file);
  return found;
}

test("no file of the engine imports itself through others", () => {
  const graph = importGraph(fg.sync(["build.ts", "engine/**/*.{ts,mjs}", "commands/**/*.{ts,mjs}"]));
  expect(graph.get("build.ts")?.length, "the imports are read").toBeGreaterThan(10);
  const found = cycles(graph).map((cycle) => cycle.join(" -> "));
  expect(found, "move what both files need into a third, or take it as a parameter").toEqual([]);
});

test("engine/state/ decides what is redone without knowing the pipeline: it imports nothing of engine/pipeline/", () => {
  const graph = importGraph(fg.sync(["engine/**/*.{ts,mjs}"]));
  const reaching = [...graph].flatMap(([file, imports]) =>
    file.startsWith("engine/state/") ? imports.filter((path) => path.startsWith("engine/pipeline/")).map((path) => `${file} -> ${path}`) : [],
  );
  expect(reaching, "take the type as a parameter, or move it into engine/state/").toEqual([]);
});
