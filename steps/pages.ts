// Finds pages/*.tsx, bundles them with everything they render (components, content, islands), checks
// each exports metadata and a component, and names its route. The pages are bundled in groups of about
// GROUP_PAGES, each page in the same group every time (by its name's hash), and what they import from
// outside pages/ (components, content, React) in one shared bundle with the renderer: so one edited
// page bundles its group again and nothing else, and a build keeps each bundle for the next
// (steps/bundle-reuse.ts). The dev server keeps esbuild warm and asks which pages a changed file affects.
import { readFileSync, statSync } from "node:fs";
import { createRequire, Module } from "node:module";
import { dirname, extname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import * as esbuild from "esbuild";
import { BundleReuse, type ImportGraph } from "./bundle-reuse.ts";
import { CACHE_DIR, cacheKey } from "./cache.ts";
import { checkRoutesUnique, type PageModule, pageFiles, pagesOf } from "./collections.ts";
import type { Page } from "./routes.ts";

/** The renderer, from the same bundle as the pages, so they share one React context and island
 * registry; and the content the PDFs print, so a dev server's PDFs follow every save too. */
export type Renderer = typeof import("./render.ts") &
  Pick<typeof import("../content/case-studies.ts"), "caseStudies"> &
  Pick<typeof import("../content/site.ts"), "company">;

export interface LoadedPages {
  pages: Page[];
  renderer: Renderer;
  /** The project files a route's output is made from (paths relative to the project). */
  sourcesOf: (route: string) => string[];
  /** The files a route's body is rendered from besides its props: its sources, less the content a
   * collection's file reads only for getStaticPaths (that reaches each entry's body through its props,
   * so an edit to one entry renders that entry again, not the whole collection). */
  templateSourcesOf: (route: string) => string[];
  /** When the bundle began reading the files (ms since the epoch): a file saved after it may not be in it. */
  bundledAt: number;
}

const renderModule = fileURLToPath(new URL("./render.ts", import.meta.url));
const printedContent = { caseStudies: "../content/case-studies.ts", company: "../content/site.ts" };
/** The namespace of the generated entries: the shared bundle's and each group's. */
const ENTRY = "entry";
/** The shared bundle's name; a group's is pages-<groups>-<group>. */
const SHARED = "shared";
const groupName = (count: number, group: number) => `pages-${count}-${group}`;
/** Files under pages/, bundled into their group (not in esbuild's file namespace: see the proxies below). */
const PAGE = "page";
/** A module a page imports from outside pages/: in a group, a proxy to the shared bundle's copy. */
const PROXY = "shared-module";
/** How a proxy's key names a package (a project module's key is its path in the project). */
const PACKAGE = "package:";
/** Where a group's proxies find the shared bundle's modules (a global symbol's key), by project path or package name. */
const SHARED_MODULES = "cedarline.shared-modules";
/** Pages per group, about: an edit bundles one group (~25 ms per hundred pages), a load imports all. */
const GROUP_PAGES = 200;
/** Numbers every bundle this process loads, so that each stack trace names the load it came from. */
let generation = 0;

/** How many groups the pages go in: a power of two, so a page's group moves only when the site doubles or halves. */
function groupCount(pages: number): number {
  let count = 1;
  while (count * GROUP_PAGES < pages) count *= 2;
  return count;
}

/** The pages in each group, in file order within it. */
function groupsOf(files: string[]): string[][] {
  const count = groupCount(files.length);
  const groups: string[][] = Array.from({ length: count }, () => []);
  for (const file of files) groups[count === 1 ? 0 : Number.parseInt(cacheKey(file).slice(0, 8), 16) % count].push(file);
  return groups;
}

/** A group's entry: its pages, each by its project path. */
function groupSource(files: string[]): string {
  return [
    ...files.map((file, i) => `import * as page${i} from ${JSON.stringify(`./${file}`)};`),
    `export const pageModules = [${files.map((file, i) => `[${JSON.stringify(file)}, page${i}]`).join(", ")}];`,
  ].join("\n");
}

/** The shared entry: the renderer, the printed content, and every module a page imports, by its key. */
function sharedSource(root: string, modules: string[]): string {
  const specifier = (key: string) => JSON.stringify(key.startsWith(PACKAGE) ? key.slice(PACKAGE.length) : join(root, key));
  return [
    `export * from ${JSON.stringify(renderModule)};`,
    ...Object.entries(printedContent).map(([name, path]) => `export { ${name} } from ${JSON.stringify(fileURLToPath(new URL(path, import.meta.url)))};`),
    ...modules.map((key, i) => `import * as module${i} from ${specifier(key)};`),
    `export const sharedModules = { ${modules.map((key, i) => `${JSON.stringify(key)}: module${i}`).join(", ")} };`,
  ].join("\n");
}

const SOURCE_EXTENSIONS = [".tsx", ".ts", ".jsx", ".js", ".mjs", ".json"];
const isPackage = (specifier: string) => !/^[./]/.test(specifier);
/** A module's path as esbuild names it, without the namespace a page or a proxy is loaded in. */
const withoutNamespace = (path: string) => path.replace(new RegExp(`^(${PAGE}|${PROXY}):`), "");

/** esbuild's report as the developer needs it: file:line:column and the message, for each error. */
export function bundleErrorMessage(error: esbuild.BuildFailure, what: string): string {
  const where = (e: esbuild.Message) => (e.location ? `${withoutNamespace(e.location.file)}:${e.location.line}:${e.location.column + 1}: ` : "");
  return `${what}:\n${error.errors.map((e) => `  ${where(e)}${e.text}${e.location?.lineText ? `\n    ${e.location.lineText.trim()}` : ""}`).join("\n")}`;
}

/**
 * A page bundler over `root`. `load()` bundles what changed and imports the result; `dispose()` stops
 * esbuild. A build uses it once; the dev server keeps it for every save.
 * A build bundles React in too, in its production form: one bundled module loads several times faster than
 * React's own CommonJS files, and no setting of the build's own environment can pick the slow development
 * build. The dev server (`dev`) leaves React outside, loaded once and kept across saves. With
 * `sourceMaps`, a render error's stack names the page or component and line; the dev server bundles
 * that way only to explain an error, as the maps cost a third of each save's rebuild.
 */
export async function pageBundler({ root = process.cwd(), dev = false, sourceMaps = false } = {}) {
  /** The folder a bundle's code runs as if it were in (nothing is written there): stack traces name it. */
  const loadDir = resolve(CACHE_DIR, "loaded");
  /** What each generated entry holds at the next bundle: a group's page files, or the shared modules. */
  const entries = new Map<string, string>();
  /** The file an import names: as written, or with one of the source extensions (esbuild's own
   * resolver, called from a plugin, cost ~20 ms per import at 10,000 pages). */
  const resolved = new Map<string, string | null>();
  const sourceFile = (path: string): string | null => {
    let found = resolved.get(path);
    if (found === undefined) {
      const candidates = [
        path,
        ...SOURCE_EXTENSIONS.map((extension) => `${path}${extension}`),
        ...SOURCE_EXTENSIONS.map((extension) => join(path, `index${extension}`)),
      ];
      found = candidates.find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile()) ?? null;
      resolved.set(path, found);
    }
    return found;
  };

  const options = (entryPoints: string[], plugin: (build: esbuild.PluginBuild) => void): esbuild.BuildOptions => ({
    entryPoints,
    bundle: true,
    platform: "node",
    // CommonJS, to be run without a file (see evaluate).
    format: "cjs",
    target: "node20",
    ...(dev ? { packages: "external" as const } : { define: { "process.env.NODE_ENV": JSON.stringify("production") } }),
    jsx: "automatic",
    sourcemap: sourceMaps ? "inline" : false,
    // A stack names file and line through the mappings alone: the sources' text is left out.
    sourcesContent: false,
    write: false,
    outdir: loadDir,
    metafile: true,
    logLevel: "silent",
    absWorkingDir: root,
    plugins: [
      {
        name: ENTRY,
        setup(build) {
          build.onResolve({ filter: new RegExp(`^(${SHARED}|pages-\\d+-\\d+)$`) }, (args) =>
            args.kind === "entry-point" ? { path: args.path, namespace: ENTRY } : undefined,
          );
          build.onLoad({ filter: /.*/, namespace: ENTRY }, (args) => ({ contents: entries.get(args.path) ?? "", loader: "ts", resolveDir: root }));
          plugin(build);
        },
      },
    ],
  });

  /** A group's pages are loaded in a namespace of their own, and whatever they import from outside
   * pages/ becomes a proxy to the shared bundle's copy, so that every page shares one React, one
   * context and one island registry. (In esbuild's file namespace, under "type": "module", a default
   * import from a proxy would get the whole module: its Node compatibility mode.) */
  const groupsPlugin = (build: esbuild.PluginBuild) => {
    build.onResolve({ filter: /.*/ }, (args) => {
      if ((args.namespace !== ENTRY && args.namespace !== PAGE) || args.kind === "entry-point") return undefined;
      if (isPackage(args.path)) return { path: `${PACKAGE}${args.path}`, namespace: PROXY };
      const found = sourceFile(resolve(args.resolveDir, args.path));
      if (!found) return { errors: [{ text: `Could not resolve "${args.path}"` }] };
      const file = relative(root, found);
      return { path: file, namespace: file.startsWith("pages/") ? PAGE : PROXY };
    });
    build.onLoad({ filter: /.*/, namespace: PAGE }, (args) => ({
      contents: readFileSync(join(root, args.path)),
      loader: extname(args.path).slice(1) as esbuild.Loader,
      resolveDir: dirname(join(root, args.path)),
    }));
    // The proxy's exports inherit the module's rather than copy them: esbuild's __toESM, run for each
    // import of each page, copies every own property of what it imports (300 ms at 10,000 pages) but
    // only makes an object inheriting from its prototype.
    build.onLoad({ filter: /.*/, namespace: PROXY }, (args) => ({
      contents: `module.exports = Object.create(globalThis[Symbol.for(${JSON.stringify(SHARED_MODULES)})][${JSON.stringify(args.path)}]);`,
      loader: "js",
    }));
  };

  /** The dev server's warm esbuild, one context per set of entries. */
  const contexts = new Map<string, { entries: string; context: Promise<esbuild.BuildContext> }>();
  async function bundle(kind: string, entryPoints: string[], plugin: (build: esbuild.PluginBuild) => void): Promise<esbuild.BuildResult> {
    const run = async () => {
      if (!dev) return esbuild.build(options(entryPoints, plugin));
      const wanted = entryPoints.join("\n");
      let warm = contexts.get(kind);
      if (warm?.entries !== wanted) {
        await warm?.context.then((context) => context.dispose());
        warm = { entries: wanted, context: esbuild.context(options(entryPoints, plugin)) };
        contexts.set(kind, warm);
      }
      return (await warm.context).rebuild();
    };
    return run().catch((error: esbuild.BuildFailure) => {
      if (!error.errors) throw error;
      throw new Error(bundleErrorMessage(error, "pages/: the pages do not compile"));
    });
  }

  /** Each bundle's code and import graph by name (a group's, and "shared"): reused from the last build where nothing it is made from changed. */
  async function bundleAll(
    groups: string[][],
    bundling?: (pages: number, total: number) => void,
  ): Promise<{ bundles: Map<string, Bundle>; reuse: BundleReuse | null }> {
    // A build reuses what it kept when nothing a bundle was made from changed (steps/bundle-reuse.ts).
    const reuse = dev ? null : new BundleReuse(root, [esbuild.version, readFileSync(fileURLToPath(import.meta.url)), String(sourceMaps)]);
    resolved.clear();
    const bundles = new Map<string, Bundle>();
    const names = groups.map((_, i) => groupName(groups.length, i));
    const stale: string[] = [];
    names.forEach((name, i) => {
      entries.set(name, groupSource(groups[i]));
      const kept = reuse?.reusable(name, groups[i]);
      if (kept) bundles.set(name, kept);
      else stale.push(name);
    });
    const total = groups.flat().length;
    if (stale.length) {
      bundling?.(
        stale.reduce((pages, name) => pages + groups[names.indexOf(name)].length, 0),
        total,
      );
      const result = await bundle("groups", stale, groupsPlugin);
      for (const [name, made] of outputsOf(result, root)) {
        bundles.set(name, made);
        await reuse?.keep(name, groups[names.indexOf(name)], made.graph, made.code);
      }
    }
    // The shared bundle holds every module the groups import from outside pages/.
    const modules = [...new Set([...bundles.values()].flatMap(({ graph }) => importedFrom(graph)))].sort();
    entries.set(SHARED, sharedSource(root, modules));
    let shared = reuse?.reusable(SHARED, modules);
    if (!shared) {
      bundling?.(total, total);
      shared = outputsOf(await bundle(SHARED, [SHARED], () => {}), root).get(SHARED)!;
      await reuse?.keep(SHARED, modules, shared.graph, shared.code);
    }
    bundles.set(SHARED, shared);
    await reuse?.prune([...names, SHARED]);
    return { bundles, reuse };
  }

  /** A bundle's require, which finds packages (the dev server leaves them outside) in the project's node_modules. */
  const requireFromRoot = createRequire(join(root, "package.json"));
  const packagePaths = requireFromRoot.resolve.paths("react") ?? [];
  /**
   * Runs a bundle's code as a CommonJS module of its own, as Node's loader would, without a file: a
   * load of many bundles then costs no file writes and no round trips through the module loader's
   * hooks (tsx's, ~5 ms each). A build hands V8 the compilation it kept of a reused bundle, and keeps
   * that of each bundle it compiles anew (`compiledAnew`). With source maps (the dev server explaining
   * an error) Node's own _compile runs it instead, so that stack traces follow the maps.
   */
  function evaluate(name: string, { code, compiled }: Bundle, compiledAnew?: (compiled: Buffer) => void): unknown {
    const file = join(loadDir, `${name}-${process.pid}-${++generation}.cjs`);
    const module = new Module(file) as Module & { _compile(code: string, filename: string): void };
    module.filename = file;
    module.paths = packagePaths;
    const text = Buffer.from(code).toString("utf8");
    if (sourceMaps) {
      // _compile is what require itself runs a module's code with (require hooks such as tsx's use it too).
      module._compile(withPageSources(text, root), file);
      return module.exports;
    }
    const script = new vm.Script(Module.wrap(text), {
      filename: file,
      cachedData: compiled,
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    const run = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: Module, filename: string, dirname: string) => void;
    run.call(module.exports, module.exports, requireFromRoot, module, file, loadDir);
    if (compiledAnew && (!compiled || script.cachedDataRejected)) compiledAnew(script.createCachedData());
    return module.exports;
  }

  /** `bundling`: told, before any bundle is made anew, how many pages it may change (a group's, or every
   * page when what they share changed) out of how many: a build starts its validators then, to have them warm in time. */
  async function load(bundling?: (pages: number, total: number) => void): Promise<LoadedPages> {
    const bundledAt = Date.now();
    const files = pageFiles(root);
    if (files.length === 0) throw new Error("pages/: no pages found; add pages/index.tsx");
    const { bundles, reuse } = await bundleAll(groupsOf(files), bundling);
    const compilations: Promise<void>[] = [];
    const run = (name: string) => {
      const bundle = bundles.get(name)!;
      return evaluate(name, bundle, reuse ? (compiled) => compilations.push(reuse.keepCompiled(name, bundle.code, compiled)) : undefined);
    };
    const shared = run(SHARED) as Renderer & { sharedModules: Record<string, object> };
    // A proxy reads the module when its group is imported, so every group is imported after the shared bundle it uses.
    (globalThis as Record<symbol, unknown>)[Symbol.for(SHARED_MODULES)] = Object.fromEntries(
      // "__esModule": a default import through the proxy is the module's default export.
      Object.entries(shared.sharedModules).map(([key, module]) => [key, { __esModule: true, ...module }]),
    );
    const pageModules: [string, PageModule][] = [];
    for (const name of bundles.keys()) {
      if (name !== SHARED) pageModules.push(...(run(name) as { pageModules: typeof pageModules }).pageModules);
    }
    await Promise.all(compilations);
    pageModules.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

    const pages = pageModules.flatMap(([file, module]) => pagesOf(file, module));
    checkRoutesUnique(pages);
    const graph: ImportGraph = Object.assign({}, ...[...bundles.values()].map((bundle) => bundle.graph));
    const sources = sourcesByFile(graph, root, files);
    const fileOf = new Map(pages.map((page) => [page.route, page]));
    const of = (route: string, which: "all" | "template") => {
      const page = fileOf.get(route);
      const found = page && sources.get(page.file);
      return found ? [...(page.props && which === "template" ? found.template : found.all)] : [];
    };
    return {
      bundledAt,
      pages,
      renderer: shared,
      sourcesOf: (route) => of(route, "all"),
      templateSourcesOf: (route) => of(route, "template"),
    };
  }

  return {
    load,
    dispose: async () => {
      await Promise.all([...contexts.values()].map((warm) => warm.context.then((context) => context.dispose())));
    },
  };
}

/** A bundle's code and the import graph it was made from; with V8's compilation of the code, when a build kept one. */
interface Bundle {
  code: Uint8Array;
  graph: ImportGraph;
  compiled?: Buffer;
}

/** Each entry's output code and import graph, by entry name. A graph names project files by their path
 * (a page's namespace dropped) and a proxy by the module it stands for, so that graphs join into one. */
function outputsOf(result: esbuild.BuildResult, root: string): Map<string, Bundle> {
  const made = new Map<string, Bundle>();
  const files = new Map(result.outputFiles!.map((file) => [relative(root, file.path), file.contents]));
  for (const [path, output] of Object.entries(result.metafile!.outputs)) {
    const entry = output.entryPoint?.replace(`${ENTRY}:`, "");
    if (!entry) continue;
    const graph: ImportGraph = {};
    for (const input of Object.keys(output.inputs)) {
      if (input.startsWith(`${PROXY}:`)) continue;
      const imports = result.metafile!.inputs[input].imports.filter((imported) => !imported.external).map((imported) => withoutNamespace(imported.path));
      graph[withoutNamespace(input)] = imports;
    }
    made.set(entry, { code: files.get(path)!, graph });
  }
  return made;
}

/** The code with its inline source map naming each page by its file, not by the namespace esbuild loaded it in. */
function withPageSources(code: string, root: string): string {
  const MAP = "//# sourceMappingURL=data:application/json;base64,";
  const at = code.lastIndexOf(MAP);
  if (at < 0) return code;
  const map = JSON.parse(Buffer.from(code.slice(at + MAP.length).trim(), "base64").toString("utf8")) as { sources: string[] };
  map.sources = map.sources.map((source) => (source.startsWith(`${PAGE}:`) ? join(root, source.slice(PAGE.length + 1)) : source));
  return `${code.slice(0, at)}${MAP}${Buffer.from(JSON.stringify(map)).toString("base64")}\n`;
}

/** The modules a group imports from outside pages/: what its proxies stand for. */
function importedFrom(graph: ImportGraph): string[] {
  return Object.values(graph)
    .flat()
    .filter((file) => !graph[file]);
}

/** Every project file each page file's output comes from: the page, what it imports, and what the
 * renderer imports (`all`); and (`template`) the same less the content files only the page itself
 * imports, which a collection's file reads for getStaticPaths. */
function sourcesByFile(graph: ImportGraph, root: string, files: string[]): Map<string, { all: Set<string>; template: Set<string> }> {
  const closure = (starts: string[], seen = new Set<string>()) => {
    const visit = (path: string) => {
      if (seen.has(path) || !graph[path]) return;
      seen.add(path);
      for (const imported of graph[path]) visit(imported);
    };
    for (const start of starts) visit(start);
    return seen;
  };
  const shared = closure([relative(root, renderModule)]);
  // Packages are bundled too, but they are not the project's files: React's version keys what it renders.
  const own = (found: Set<string>) => new Set([...found].filter((file) => !file.includes("node_modules/")));
  return new Map(
    files.map((file) => {
      const code = (graph[file] ?? []).filter((imported) => !imported.startsWith("content/"));
      return [file, { all: own(closure([file], new Set(shared))), template: own(closure(code, new Set([...shared, file]))) }];
    }),
  );
}

/** Loads every page once, as a build does. */
export async function loadPages(root: string = process.cwd()): Promise<LoadedPages> {
  const bundler = await pageBundler({ root });
  try {
    return await bundler.load();
  } finally {
    await bundler.dispose();
  }
}
