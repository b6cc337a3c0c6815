// Bundles the page files under pages/ with all they render (components, content, islands) and the
// renderer into one server bundle (its entry: engine/pipeline/page-entry.ts), loads it, and turns each file's
// exports into its pages (engine/pipeline/static-paths.ts); esbuild's metafile says which project files each page is
// made from (engine/pipeline/page-sources.ts). A build keeps the bundle while none of those files changed
// (engine/state/bundle-reuse.ts); the dev server loads the same files one by one (engine/pipeline/page-modules.ts).
import { existsSync, mkdirSync, unlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative, resolve } from "node:path";
import type * as esbuild from "esbuild";
import { folders } from "../../content/collections.ts";
import {
  BUILD_PUBLISHING,
  ContentError,
  collectionFolderOf,
  contentPlugin,
  type FolderEntries,
  folderEntries,
  provideFolderEntries,
  type Unpublished,
} from "../content/modules.ts";
import { IMAGE_FILE, imagePlugin } from "../media/image-modules.ts";
import type { OutputState } from "../state/build-state.ts";
import { BundleReuse } from "../state/bundle-reuse.ts";
import { ContentChecks } from "../state/content-checks.ts";
import { fileVersion, refuseLinks } from "../state/files.ts";
import type { ImportGraph, Traces } from "../state/manifest.ts";
import { CACHE_DIR } from "../state/store.ts";
import { esbuildVersion, loadEsbuild } from "./esbuild.ts";
import { type Entry, entryModules, entryOf, entrySource, type Renderer } from "./page-entry.ts";
import { PageModules } from "./page-modules.ts";
import { routeSources, templateTraces, withEntries } from "./page-sources.ts";
import type { Page } from "./routes.ts";
import { checkRoutesUnique, pageFiles, pagesOf } from "./static-paths.ts";

export interface LoadedPages {
  pages: Page[];
  renderer: Renderer;
  /** The project files a route's output is made from (paths relative to the project). */
  sourcesOf: (route: string) => readonly string[];
  /** The files a route's body is rendered from besides its props: for a collection's entry, those its
   * component and meta use (its template, engine/pipeline/page-sources.ts), so an edit to one entry renders that
   * entry alone; for any other page, its sources. */
  templateSourcesOf: (route: string) => readonly string[];
  /** For a collection's entry, the files its template's trace read and left out, with the bytes it read
   * (engine/state/manifest.ts, Trace): one read half-written was left out, yet the bundle may use it. */
  templateLeftOutOf: (route: string) => Readonly<Record<string, number>>;
  /** When the bundle began reading the files (ms since the epoch): a file saved after it may not be in it. */
  bundledAt: number;
  /** The version of each file saved since the last load (project-relative) as the bundle began: whether a
   * file the trace left out was read whole (engine/state/render-cache.ts). */
  stampsAtStart: Readonly<Record<string, string>>;
  /** Advice on the content files (a summary shorter than a search result shows): printed, not an error. On
   * the files the bundle read anew, and on every entry of a folder collection, which each build reads. */
  advice: string[];
  /** The entries this load left out (drafts, entries not yet or no longer published). */
  unpublished: Unpublished[];
  /** Every image a page imports or a content file names (project paths): the images step encodes these. */
  images: string[];
}

/** The generated entry's name and namespace. */
const ENTRY = "pages";
/** Numbers every bundle this process loads, so that each stack trace names the load it came from. */
let generation = 0;

/** esbuild's report as the developer needs it: file:line:column and the message, for each error. */
export function bundleErrorMessage(error: esbuild.BuildFailure, what: string): string {
  const where = (e: esbuild.Message) => (e.location ? `${e.location.file}:${e.location.line}:${e.location.column + 1}: ` : "");
  return `${what}:\n${error.errors.map((e) => `  ${where(e)}${e.text}${e.location?.lineText ? `\n    ${e.location.lineText.trim()}` : ""}`).join("\n")}`;
}

/**
 * A page bundler over `root`: `load()` bundles (or reuses what a build kept) and imports the result;
 * `dispose()` ends the dev server's warm contexts. A build bundles React in, in its production form: one
 * bundled module loads several times faster than React's own CommonJS files, and no setting of the
 * build's environment can pick the slow development build. The dev server (`dev`) loads the pages file by
 * file and React from node_modules, once. With `sourceMaps`, a render error's stack names the page or
 * component and line: the dev server bundles that way only to explain an error.
 */
export async function pageBundler({ root = process.cwd(), dev = false, sourceMaps = false, today = BUILD_PUBLISHING.today } = {}) {
  // The dev server shows drafts (marked as such); the build's day decides the dated entries.
  const publishing = { drafts: dev, today };
  /** The content files' verdicts, for the bundle and the traces alike: the dev server's kept in memory, a build's in .cache/. */
  const checks = new ContentChecks(root, !dev);
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
      contentPlugin(root, checks, "store"),
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
  /** The dev server's warm esbuild, one context per build: each collection's template (traces), the pages'
   * bundle that explains an error. */
  const contexts = new Map<string, Promise<esbuild.BuildContext>>();
  /** esbuild once (a build), or warm, kept under `name` for the next save (the dev server). */
  async function run(name: string, options: esbuild.BuildOptions): Promise<esbuild.BuildResult> {
    if (!dev) return (await loadEsbuild()).build(options);
    let warm = contexts.get(name);
    if (!warm) {
      warm = loadEsbuild().then((loaded) => loaded.context(options));
      contexts.set(name, warm);
    }
    return (await warm).rebuild();
  }
  /** Each collection's template, traced with the bundle's content (a folder collection read as no entries) and images. */
  const traces = templateTraces(root, run, join(loadDir, "template.js"), [contentPlugin(root, checks, "none"), imagePlugin(root)]);

  /** esbuild's failure as the developer needs it; any other error as it is. */
  const notCompiled = (error: esbuild.BuildFailure): never => {
    throw error.errors ? new Error(bundleErrorMessage(error, "pages/: the pages do not compile")) : error;
  };

  async function bundle(): Promise<{ code: Uint8Array; graph: ImportGraph; advice: string[] }> {
    try {
      const result = await run(ENTRY, options);
      const graph: ImportGraph = {};
      for (const [input, { imports }] of Object.entries(result.metafile!.inputs)) {
        if (!input.startsWith(`${ENTRY}:`)) graph[input] = imports.filter((imported) => !imported.external).map((imported) => imported.path);
      }
      return { code: result.outputFiles![0].contents, graph, advice: result.warnings.map((warning) => warning.text) };
    } catch (error) {
      const failure = error as esbuild.BuildFailure;
      // The content's own problems say the file, line and fix themselves: nothing failed to compile.
      if (failure.errors?.every((problem) => problem.pluginName === "content")) throw new Error(failure.errors.map((problem) => problem.text).join("\n"));
      return notCompiled(failure);
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

  /** Each folder collection's entries as a build shows them, by its folder, and every entry's problems (site.yaml's: once, the bundle's failure too). */
  function readFolders(): { store: Map<string, FolderEntries>; problems: string[] } {
    const store = new Map<string, FolderEntries>();
    const problems = new Set<string>();
    for (const folder of Object.keys(folders).filter((folder) => existsSync(join(root, folder)))) {
      try {
        store.set(folder, folderEntries(root, folder, publishing, checks));
      } catch (error) {
        if (!(error instanceof ContentError)) throw error;
        for (const problem of error.problems) problems.add(problem);
      }
    }
    return { store, problems: [...problems] };
  }

  /** The entries of the folder at `path` the bundle asks for: this project's as read, another's (a test's
   * pages may show the site's) read now. */
  function entriesAt(store: Map<string, FolderEntries>, path: string): unknown[] {
    const read = store.get(relative(root, path));
    if (read) return read.entries;
    const other = collectionFolderOf(path);
    if (!other) throw new Error(`${path} is no folder collection of content/collections.ts`);
    return folderEntries(other.root, other.folder, publishing, checks).entries;
  }

  /** Every file saved since the last load that got as far as its traces (a failed one's saves count on). */
  const savedSince = new Set<string>();

  /** `changed`: the files saved since the last load (the dev server's), which spares an unneeded trace;
   * a build, which keeps no trace, gives none. `kept`: a build's output folder state, which offers the
   * bundles earlier builds kept and records the one used. */
  async function load(changed: string[] = [], kept?: Pick<OutputState, "bundles" | "recordBundle">): Promise<LoadedPages> {
    for (const file of changed) savedSince.add(file);
    checks.startLoad();
    const bundledAt = Date.now();
    const stampsAtStart = Object.fromEntries(
      [...savedSince].flatMap((file) => {
        const stamp = fileVersion(join(root, file));
        return stamp === null ? [] : [[file, stamp]];
      }),
    );
    refuseLinks(root, ["content", "art"]);
    const files = pageFiles(root);
    entry = entrySource(root, files);
    // The build's day is not in the key: the dated entries come and go with the folders' entries, which the bundle asks for.
    const reuse = dev ? null : new BundleReuse(root, [esbuildVersion, entry, String(sourceMaps)]);
    const collections = files.filter((file) => file.includes("["));
    let graph: ImportGraph;
    let loaded: Entry;
    let notes: { advice: string[]; unpublished: Unpublished[] };
    let templates: Traces;
    if (modules) {
      // The dev server's pages, file by file, each collection's template traced beside them (esbuild works on both at once).
      const traced = traces.of(collections, savedSince);
      const made = await modules.load(entryModules(root, files), [...savedSince]).catch(notCompiled);
      graph = made.graph;
      loaded = entryOf(made.exports, files);
      notes = modules.contentNotes();
      templates = await traced;
    } else {
      // The folder collections' entries first: data the bundle asks for, not part of it (folderEntries).
      // Where one has a problem, the pages are bundled all the same, so that every problem is told at once.
      const { store, problems } = readFolders();
      const reused = problems.length === 0 && kept && reuse?.reusable(kept.bundles(), files);
      let made: Awaited<ReturnType<typeof bundle>>;
      if (reused) {
        // The traces kept with the bundle: tracing 1,000 Markdown notes' template read every note again.
        const { bytes, ...bundle } = reused;
        kept?.recordBundle(bundle);
        made = { code: bytes, graph: bundle.graph, advice: [] };
        templates = bundle.traces;
        await checks.save();
      } else {
        // A collection's template is traced beside the bundle (esbuild works on both at once).
        const traced = traces.of(collections, savedSince);
        try {
          made = await bundle();
        } catch (error) {
          throw problems.length > 0 ? new Error([...new Set([...problems, ...(error as Error).message.split("\n")])].join("\n")) : error;
        } finally {
          // The trace done and the verdicts so far written, the bundle passed or not: a failed load leaves nothing writing behind it.
          templates = await traced;
          await checks.save();
        }
        const keeping = kept && (await reuse?.keep(files, made.graph, templates, made.code));
        if (keeping) kept.recordBundle(keeping);
      }
      if (problems.length > 0) throw new Error(problems.join("\n"));
      graph = withEntries(made.graph, store);
      provideFolderEntries((path) => entriesAt(store, path));
      loaded = evaluate(made.code) as Entry;
      const entries = [...store.values()];
      notes = { advice: [...made.advice, ...entries.flatMap((folder) => folder.advice)], unpublished: entries.flatMap((folder) => folder.left) };
    }
    if (dev) {
      traces.keep(templates, graph);
      savedSince.clear();
    }
    const pages = loaded.pageModules.flatMap(([file, module]) => pagesOf(file, module));
    checkRoutesUnique(pages, root);
    return {
      bundledAt,
      stampsAtStart,
      ...notes,
      images: Object.keys(graph)
        .filter((file) => IMAGE_FILE.test(file) && !file.includes("node_modules/"))
        .sort(),
      pages,
      renderer: loaded,
      ...routeSources(graph, root, files, templates, pages),
    };
  }

  return {
    load,
    dispose: async () => {
      await Promise.all([...contexts.values()].map((warm) => warm.then((built) => built.dispose())));
    },
  };
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
