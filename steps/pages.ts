// Finds the page files under pages/, bundles them with everything they render (components, content,
// islands) and the renderer into one server bundle, loads it, and turns each file's exports into its
// pages (steps/collections.ts). esbuild resolves every import as it would for the browser (relative
// paths, tsconfig paths, package imports), and its metafile says which project files each page is
// made from. A build keeps the bundle for the next one while none of those files changed
// (steps/bundle-reuse.ts); the dev server loads the same files one by one instead (steps/page-modules.ts),
// so that a save compiles and runs again only what it touched.
import { mkdirSync, unlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import type { CaseStudy, Redirect, Site } from "../content/collections.ts";
import { BundleReuse, type ImportGraph } from "./bundle-reuse.ts";
import { CACHE_DIR } from "./cache.ts";
import { checkRoutesUnique, type PageModule, pageFiles, pagesOf } from "./collections.ts";
import { BUILD_PUBLISHING, collectionFolderOf, contentPlugin, type Unpublished } from "./content.ts";
import { CHECKS_FILE, ContentChecks } from "./content-checks.ts";
import { IMAGE_FILE, imagePlugin } from "./image-modules.ts";
import { PageModules } from "./page-modules.ts";
import type { Page } from "./routes.ts";

/** The renderer, from the same bundle as the pages, so they share one React context and island
 * registry; and all the engine reads of the site (printedContent), so a dev server's outputs follow every save too. */
export type Renderer = typeof import("./render.ts") & {
  caseStudies: CaseStudy[];
  site: Site;
  redirects: Redirect[];
  sectionLabel: typeof import("../components/structured-data.ts").sectionLabel;
  caseStudyDocuments: typeof import("../components/case-study-documents.ts").caseStudyDocuments;
  themeScript: string;
  speculationRules: string;
};

export interface LoadedPages {
  pages: Page[];
  renderer: Renderer;
  /** The project files a route's output is made from (paths relative to the project). */
  sourcesOf: (route: string) => string[];
  /** The files a route's body is rendered from besides its props: for a collection's entry, the files
   * its component and meta use (what esbuild keeps of the file without getStaticPaths), so a list read
   * only there reaches each entry's body through its props alone, and an edit to one entry renders that
   * entry again, not the whole collection; for any other page, its sources. */
  templateSourcesOf: (route: string) => string[];
  /** When the bundle began reading the files (ms since the epoch): a file saved after it may not be in it. */
  bundledAt: number;
  /** Advice on the content files read anew (a summary shorter than a search result shows): printed, not an error. */
  advice: string[];
  /** The entries this bundle left out, as it made them (none known when a build reused the last bundle). */
  unpublished: Unpublished[];
  /** Every image a page imports or a content file names (project paths): the images step encodes these. */
  images: string[];
}

const renderModule = fileURLToPath(new URL("./render.ts", import.meta.url));
/** What the steps after the render read of the site (the PDFs, the cards, the hosts' redirects, the
 * policy's inline scripts): from the bundle too, so that a dev save of any of it reaches them as it
 * reaches the pages. The engine imports nothing of pages/, components/ or content/ itself but the content
 * store's declaration, whose save restarts the dev server (test/build/engine-imports.test.ts). */
const printedContent = [
  ["default as caseStudies", "../content/case-studies"],
  ["default as site", "../content/site.yaml"],
  ["default as redirects", "../content/redirects.yaml"],
  ["sectionLabel", "../components/structured-data.ts"],
  ["caseStudyDocuments", "../components/case-study-documents.ts"],
  ["themeScript", "../components/theme-script.ts"],
  ["speculationRules", "../components/speculation-rules.ts"],
];
/** The generated entry's name and namespace. */
const ENTRY = "pages";
/** Numbers every bundle this process loads, so that each stack trace names the load it came from. */
let generation = 0;

/** What the entry exports: the renderer, the printed content, and every page module by its project path. */
type Entry = Renderer & { pageModules: [string, PageModule][] };

/** The entry: the renderer, the printed content, and every page module by its project path. */
function entrySource(root: string, files: string[]): string {
  return [
    `export * from ${JSON.stringify(renderModule)};`,
    ...printedContent.map(([name, path]) => `export { ${name} } from ${JSON.stringify(fileURLToPath(new URL(path, import.meta.url)))};`),
    ...files.map((file, i) => `import * as page${i} from ${JSON.stringify(join(root, file))};`),
    `export const pageModules = [${files.map((file, i) => `[${JSON.stringify(file)}, page${i}]`).join(", ")}];`,
  ].join("\n");
}

/** esbuild's report as the developer needs it: file:line:column and the message, for each error. */
export function bundleErrorMessage(error: esbuild.BuildFailure, what: string): string {
  const where = (e: esbuild.Message) => (e.location ? `${e.location.file}:${e.location.line}:${e.location.column + 1}: ` : "");
  return `${what}:\n${error.errors.map((e) => `  ${where(e)}${e.text}${e.location?.lineText ? `\n    ${e.location.lineText.trim()}` : ""}`).join("\n")}`;
}

/**
 * A page bundler over `root`. `load()` bundles (or reuses what a build kept) and imports the result;
 * `dispose()` ends the dev server's warm contexts (a build's esbuild ends with `stopBundling`). A build
 * uses it once; the dev server keeps it for every save.
 * A build bundles React in too, in its production form: one bundled module loads several times faster than
 * React's own CommonJS files, and no setting of the build's own environment can pick the slow development
 * build. The dev server (`dev`) loads the pages file by file (PageModules) and React from node_modules,
 * once, kept across saves. With `sourceMaps`, a render error's stack names the page or component and
 * line; the dev server bundles that way only to explain an error.
 */
export async function pageBundler({ root = process.cwd(), dev = false, sourceMaps = false, today = BUILD_PUBLISHING.today } = {}) {
  // The dev server shows drafts (marked as such); the build's day decides the dated entries.
  const publishing = { drafts: dev, today };
  /** The entries the last bundle left out (drafts, entries not yet or no longer published). */
  const left: Unpublished[] = [];
  /** The content files' verdicts, for the bundle and the traces alike: the dev server's kept in memory, a build's in .cache/. */
  const checks = new ContentChecks(root, dev ? undefined : join(root, CHECKS_FILE));
  /** Where each loaded bundle is written to be required (and removed once loaded): stack traces name it. */
  const loadDir = resolve(root, CACHE_DIR, "loaded");
  let entry = "";
  const options: esbuild.BuildOptions = {
    entryPoints: [ENTRY],
    bundle: true,
    platform: "node",
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
      contentPlugin(root, publishing, left, checks),
      imagePlugin(root),
      {
        name: ENTRY,
        setup(build) {
          build.onResolve({ filter: new RegExp(`^${ENTRY}$`) }, (args) => (args.kind === "entry-point" ? { path: ENTRY, namespace: ENTRY } : undefined));
          build.onLoad({ filter: /.*/, namespace: ENTRY }, () => ({ contents: entry, loader: "js", resolveDir: root }));
        },
      },
    ],
  };
  if (sourceMaps) process.setSourceMapsEnabled(true);

  /** The dev server's pages, file by file; none where the pages are bundled. */
  const modules = dev && !sourceMaps ? new PageModules(root, loadDir, publishing, checks) : undefined;
  /** The dev server's warm esbuild, one context per build: each collection's template (below), the pages' bundle
   * that explains an error. */
  const contexts = new Map<string, Promise<esbuild.BuildContext>>();
  /** esbuild once (a build), or warm, kept under `name` for the next save (the dev server). */
  async function run(name: string, options: esbuild.BuildOptions): Promise<esbuild.BuildResult> {
    if (!dev) return esbuild.build(options);
    let warm = contexts.get(name);
    if (!warm) {
      warm = esbuild.context(options);
      contexts.set(name, warm);
    }
    return (await warm).rebuild();
  }

  /**
   * The project files a collection's entries are rendered from: what esbuild keeps of its file when only
   * the component and meta are used, getStaticPaths tree-shaken away (a data module read only there
   * contributes nothing). esbuild keeps whatever might be used, so a file the component reads is never
   * left out; at worst a list is kept (a module it cannot prove free of side effects), and then every entry
   * renders again when it changes.
   */
  async function templateInputs(file: string): Promise<string[]> {
    const options: esbuild.BuildOptions = {
      stdin: {
        contents: `import * as page from ${JSON.stringify(`./${file}`)};\nexport default page.default;\nexport const meta = page.meta;`,
        resolveDir: root,
        loader: "ts",
      },
      bundle: true,
      platform: "node",
      format: "esm",
      packages: "external",
      jsx: "automatic",
      write: false,
      outfile: join(loadDir, "template.js"),
      metafile: true,
      logLevel: "silent",
      absWorkingDir: root,
      plugins: [contentPlugin(root, publishing, [], checks, { entries: false }), imagePlugin(root)],
    };
    const result = await run(file, options);
    const [output] = Object.values(result.metafile!.outputs);
    return Object.entries(output.inputs)
      .filter(([input, { bytesInOutput }]) => bytesInOutput > 0 && !input.startsWith("<stdin>"))
      .map(([input]) => input);
  }
  async function bundle(): Promise<{ code: Uint8Array; graph: ImportGraph; advice?: string[]; unpublished?: Unpublished[] }> {
    left.length = 0;
    try {
      const result = await run(ENTRY, options);
      const [output] = result.outputFiles!;
      const graph: ImportGraph = {};
      for (const [input, { imports }] of Object.entries(result.metafile!.inputs)) {
        if (!input.startsWith(`${ENTRY}:`)) graph[input] = imports.filter((imported) => !imported.external).map((imported) => imported.path);
      }
      return { code: output.contents, graph, advice: result.warnings.map((warning) => warning.text), unpublished: [...left] };
    } catch (error) {
      if (!(error as esbuild.BuildFailure).errors) throw error;
      const failure = error as esbuild.BuildFailure;
      // The content's own problems say the file, line and fix themselves: nothing failed to compile.
      if (failure.errors.every((problem) => problem.pluginName === "content")) throw new Error(failure.errors.map((problem) => problem.text).join("\n"));
      throw new Error(bundleErrorMessage(failure, "pages/: the pages do not compile"));
    }
  }

  /** The dev server's pages, file by file: the graph and exports the bundle would have. */
  async function loadModules(files: string[], changed: string[]): Promise<{ graph: ImportGraph; loaded: Entry }> {
    const printed = printedContent;
    const entries = [renderModule, ...printed.map(([, path]) => fileURLToPath(new URL(path, import.meta.url))), ...files.map((file) => join(root, file))];
    try {
      const { exports, graph } = await modules!.load(entries, changed);
      const [renderer, ...rest] = exports as Record<string, unknown>[];
      // "default as site": the module's default export, named site.
      const content = Object.fromEntries(
        printed.map(([name], i) => {
          const [exported, as = exported] = name.split(" as ");
          return [as, rest[i][exported]];
        }),
      );
      const pageModules = files.map((file, i) => [file, rest[printed.length + i]]);
      return { graph, loaded: { ...renderer, ...content, pageModules } as Entry };
    } catch (error) {
      if (!(error as esbuild.BuildFailure).errors) throw error;
      throw new Error(bundleErrorMessage(error as esbuild.BuildFailure, "pages/: the pages do not compile"));
    }
  }

  /** Runs a bundle's code as Node runs a file's, from a file of its own (removed once loaded), so that
   * its stack traces follow its source maps and its packages resolve from the project. */
  function evaluate(code: Uint8Array): unknown {
    mkdirSync(loadDir, { recursive: true });
    const file = join(loadDir, `pages-${process.pid}-${++generation}.cjs`);
    writeFileSync(file, code);
    const require = createRequire(file);
    try {
      return require(file);
    } finally {
      delete require.cache[file];
      unlinkSync(file);
    }
  }

  /** The dev server's last trace of each collection's template (null: it could not be traced), and the
   * last bundle's inputs: a save that touches neither a traced file nor a file new to the bundle keeps
   * the trace (~8 ms of each page or content save, measured with the page open). */
  const lastTraces = new Map<string, string[] | null>();
  let lastInputs = new Set<string>();
  /** Every file saved since the last load that got as far as its traces (a failed one's saves count on). */
  const savedSince = new Set<string>();

  /** The collection's template inputs: traced again unless the files saved since the last trace show
   * they cannot have moved. A trace changes only when a file it read changes, or a file the bundle did
   * not know appears (an import may now resolve to it). */
  function traceOf(file: string): Promise<string[] | null> {
    const last = lastTraces.get(file);
    const unmoved = (path: string) => path !== file && lastInputs.has(path) && !last?.includes(path);
    if (dev && last && savedSince.size && [...savedSince].every(unmoved)) return Promise.resolve(last);
    return templateInputs(file).catch(() => null);
  }

  /** `changed`: the files saved since the last load (the dev server's), which spares an unneeded trace;
   * a build, which keeps no trace, gives none. */
  async function load(changed: string[] = []): Promise<LoadedPages> {
    for (const file of changed) savedSince.add(file);
    checks.startLoad();
    const bundledAt = Date.now();
    const files = pageFiles(root);
    if (files.length === 0) throw new Error("pages/: no pages found; add pages/index.tsx");
    entry = entrySource(root, files);
    // The day is part of what the bundle is made from: a dated entry comes and goes with it.
    const reuse = dev ? null : new BundleReuse(root, [esbuild.version, entry, String(sourceMaps), today]);
    const collections = files.filter((file) => file.includes("["));
    let graph: ImportGraph;
    let loaded: Entry;
    let notes: { advice: string[]; unpublished: Unpublished[] };
    let templates: Map<string, string[] | null>;
    if (modules) {
      // A collection's template is traced beside the pages' files (esbuild works on both at once).
      const traced = Promise.all(collections.map(async (file) => [file, await traceOf(file)] as const));
      ({ graph, loaded } = await loadModules(files, [...savedSince]));
      notes = modules.contentNotes();
      templates = new Map(await traced);
    } else {
      const kept = reuse?.reusable(ENTRY, files);
      let made: Awaited<ReturnType<typeof bundle>>;
      if (kept) {
        // The traces kept with the bundle: tracing 1,000 Markdown notes' template read every note again.
        made = kept;
        templates = new Map(Object.entries(kept.traces));
      } else {
        // A collection's template is traced beside the bundle (esbuild works on both at once).
        const traced = Promise.all(collections.map(async (file) => [file, await traceOf(file)] as const));
        made = await bundle();
        templates = new Map(await traced);
        await reuse?.keep(ENTRY, files, made.graph, Object.fromEntries(templates), made.code);
        await checks.save();
      }
      graph = made.graph;
      loaded = evaluate(made.code) as Entry;
      notes = { advice: made.advice ?? [], unpublished: made.unpublished ?? [] };
    }
    if (dev) {
      for (const [file, inputs] of templates) lastTraces.set(file, inputs);
      lastInputs = new Set(Object.keys(graph));
      savedSince.clear();
    }
    const pages = loaded.pageModules.flatMap(([file, module]) => pagesOf(file, module));
    checkRoutesUnique(pages);
    const sources = sourcesByFile(graph, root, files, templates);
    const byRoute = new Map(pages.map((page) => [page.route, page]));
    const of = (route: string, which: "all" | "template") => {
      const page = byRoute.get(route);
      const found = page && sources.get(page.file);
      return found ? [...(page.props && which === "template" ? found.template : found.all)] : [];
    };
    return {
      bundledAt,
      ...notes,
      images: Object.keys(graph)
        .filter((file) => IMAGE_FILE.test(file) && !file.includes("node_modules/"))
        .sort(),
      pages,
      renderer: loaded,
      sourcesOf: (route) => of(route, "all"),
      templateSourcesOf: (route) => of(route, "template"),
    };
  }

  return {
    load,
    dispose: async () => {
      await Promise.all([...contexts.values()].map((warm) => warm.then((built) => built.dispose())));
    },
  };
}

/** Ends esbuild's process (~35 MB) while a build has nothing for it to bundle; the next bundle starts it
 * again. Only where no esbuild call or context is live in this process: esbuild leaves those hanging.
 * The dev server's pipeline, whose contexts stay warm, never calls it. */
export function stopBundling(): Promise<void> {
  return esbuild.stop();
}

/** Every project file each page file's output comes from: the page, what it imports, and what the
 * renderer imports (`all`); and (`template`) for a collection's file, what the renderer imports and the
 * files its component and meta use (`templates`; all of its sources where they could not be traced). */
function sourcesByFile(
  graph: ImportGraph,
  root: string,
  files: string[],
  templates: Map<string, string[] | null>,
): Map<string, { all: Set<string>; template: Set<string> }> {
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
      const all = own(closure([file], new Set(shared)));
      // A folder collection the template uses reaches each of its entries (the trace loads none: UNREAD_FOLDER).
      const traced = templates.get(file)?.flatMap((input) => (collectionFolderOf(join(root, input)) ? [...closure([input])] : [input]));
      return [file, { all, template: traced ? own(new Set([...shared, ...traced])) : all }];
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
