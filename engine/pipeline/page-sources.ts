// The project files each route is made from, by the page bundle's import graph; for an entry, its template's, traced.
import { join, relative } from "node:path";
import type * as esbuild from "esbuild";
import { collectionFolderOf, type FolderEntries, SITE_FILE } from "../content/modules.ts";
import type { ImportGraph, Trace, Traces } from "../state/manifest.ts";
import { renderModule } from "./page-entry.ts";
import type { Page } from "./routes.ts";

/** The files esbuild loads itself (no plugin): the bytes it reports of one are the file's. */
const ESBUILD_LOADS = /\.(ts|tsx|js|mjs|json)$/;

/** The collections' templates as traced by `run` (esbuild once in a build, warm in the dev server). */
export function templateTraces(root: string, run: (name: string, options: esbuild.BuildOptions) => Promise<esbuild.BuildResult>, shared: esbuild.BuildOptions) {
  // Only a save of a file a template imports (even one left out) or new to the bundle moves its trace.
  const last: Traces = {};
  let lastInputs = new Set<string>();
  let imported = new Map<string, Set<string>>();

  /** What esbuild keeps of a template when only the component and meta are used, getStaticPaths tree-shaken away. */
  async function templateInputs(file: string): Promise<Trace> {
    const contents = `import * as page from ${JSON.stringify(`./${file}`)};\nexport default page.default;\nexport const meta = page.meta;`;
    const result = await run(file, {
      stdin: { contents, resolveDir: root, loader: "ts" },
      ...shared,
      bundle: true,
      format: "esm",
      packages: "external",
    });
    const [output] = Object.values(result.metafile!.outputs);
    const used = Object.entries(output.inputs)
      .filter(([input, { bytesInOutput }]) => bytesInOutput > 0 && !input.startsWith("<stdin>"))
      .map(([input]) => input);
    // The files it read and left out, with the bytes esbuild read of each (-1: a plugin's module, unknown).
    // No collection folder: read as its list of names, its entries unread.
    const leftOut = Object.fromEntries(
      Object.entries(result.metafile!.inputs)
        .filter(([input]) => !input.includes(":") && !input.startsWith("<stdin>") && !used.includes(input) && !collectionFolderOf(join(root, input)))
        .map(([input, { bytes }]) => [input, ESBUILD_LOADS.test(input) ? bytes : -1]),
    );
    return { used, leftOut };
  }

  function traceOf(file: string, saved: Set<string>): Promise<Trace | null> {
    const kept = last[file];
    const unmoved = (path: string) => path !== file && lastInputs.has(path) && !kept?.used.includes(path) && !imported.get(file)?.has(path);
    return kept && saved.size && [...saved].every(unmoved) ? Promise.resolve(kept) : templateInputs(file).catch(() => null);
  }

  return {
    of: async (collections: string[], saved: Set<string>): Promise<Traces> =>
      Object.fromEntries(await Promise.all(collections.map(async (file) => [file, await traceOf(file, saved)] as const))),
    keep(traces: Traces, graph: ImportGraph): void {
      Object.assign(last, traces);
      lastInputs = new Set(Object.keys(graph));
      // Not through a collection folder: its module reads none of its entries.
      imported = new Map(Object.keys(traces).map((file) => [file, closure(graph, [file], new Set(), (path) => !collectionFolderOf(join(root, path)))]));
    },
  };
}

const NONE: Readonly<Record<string, number>> = {};

export function routeSources(graph: ImportGraph, root: string, files: string[], templates: Traces, pages: Page[]) {
  const shared = closure(graph, [relative(root, renderModule)]);
  // Packages are not the project's files: React's version keys what it renders.
  const own = (found: Set<string>) => new Set([...found].filter((file) => !file.includes("node_modules/")));
  const sources = new Map(
    files.map((file) => {
      const all = [...own(closure(graph, [file], new Set(shared)))];
      // A folder collection the template uses reaches each of its entries.
      const trace = templates[file];
      const traced = trace?.used.flatMap((input) => (collectionFolderOf(join(root, input)) ? [...closure(graph, [input])] : [input]));
      return [file, { all, template: traced ? [...own(new Set([...shared, ...traced]))] : all, leftOut: trace?.leftOut ?? NONE }];
    }),
  );
  const byRoute = new Map(pages.map((page) => [page.route, page]));
  const of = (route: string) => {
    const page = byRoute.get(route);
    return page && sources.get(page.file);
  };
  // One list per page file, shared by its routes: the render cache hashes each list once.
  return {
    sourcesOf: (route: string): readonly string[] => of(route)?.all ?? [],
    // For a collection's entry, the files its template uses, so an edit to one entry renders that entry alone.
    templateSourcesOf: (route: string): readonly string[] => {
      const found = of(route);
      return found ? (byRoute.get(route)?.props ? found.template : found.all) : [];
    },
    templateLeftOutOf: (route: string): Readonly<Record<string, number>> => (byRoute.get(route)?.props && of(route)?.leftOut) || NONE,
  };
}

/** The bundle's graph with each folder collection it imports importing its entries, their images and site.yaml
 * (whose facts fill the entries' tokens), though the pages take them as data where they run. */
export function withEntries(graph: ImportGraph, store: Map<string, FolderEntries>): ImportGraph {
  const whole = { ...graph };
  for (const [folder, { files, images }] of store) {
    if (!(folder in whole)) continue;
    whole[folder] = [...whole[folder], SITE_FILE, ...files, ...images];
    for (const file of [SITE_FILE, ...files, ...images]) whole[file] ??= [];
  }
  return whole;
}

/** The files `starts` are and those they import, directly or not (`seen`: counted as visited; `follow`: whose imports to follow). */
function closure(graph: ImportGraph, starts: string[], seen = new Set<string>(), follow = (_path: string) => true): Set<string> {
  const visit = (path: string) => {
    if (seen.has(path) || !graph[path]) return;
    seen.add(path);
    if (follow(path)) for (const imported of graph[path]) visit(imported);
  };
  for (const start of starts) visit(start);
  return seen;
}
