// Loads the page files under pages/ with all they render (components, content, islands) and the renderer
// (their entry: engine/pipeline/page-entry.ts), and turns each file's exports into its pages
// (engine/pipeline/static-paths.ts); the import graph says which project files each page is made from
// (engine/pipeline/page-sources.ts). One loader, two last steps: a build bundles the entry into one module and
// keeps it while none of its files changed (engine/state/build-state.ts); the dev server loads the same
// files one by one (engine/pipeline/page-modules.ts). Both run the code with runModule.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative, resolve } from "node:path";
import type * as esbuild from "esbuild";
import { folders } from "../../content/collections.ts";
import { BUILD_PUBLISHING, ContentError, collectionFolderOf, contentPlugin, type FolderEntries, folderEntries, type Unpublished } from "../content/modules.ts";
import { IMAGE_FILE, imagePlugin } from "../media/image-modules.ts";
import { BundleReuse, type OutputState } from "../state/build-state.ts";
import { ContentChecks } from "../state/content-checks.ts";
import { fileVersion, refuseLinks } from "../state/files.ts";
import type { ImportGraph, Traces } from "../state/manifest.ts";
import { CACHE_DIR } from "../state/store.ts";
import { esbuildVersion, loadEsbuild } from "./esbuild.ts";
import { type Entry, entrySource, type Renderer } from "./page-entry.ts";
import { PageModules, runModule } from "./page-modules.ts";
import { type RouteSources, routeSources, templateTraces, withEntries } from "./page-sources.ts";
import type { Page } from "./routes.ts";
import { checkRoutesUnique, pageFiles, pagesOf } from "./static-paths.ts";

export interface LoadedPages extends RouteSources {
  pages: Page[];
  renderer: Renderer;
  /** When the bundle began reading the files (ms since the epoch): a file saved after it may not be in it. */
  bundledAt: number;
  /** The version of each file saved since the last load (project-relative) as the bundle began: whether a
   * file the trace left out was read whole (engine/state/render-cache.ts). */
  versionsAtStart: Readonly<Record<string, string>>;
  /** Advice on the content files (a summary shorter than a search result shows): printed, not an error. On
   * the files the bundle read anew, and on every entry of a folder collection, which each build reads. */
  advice: string[];
  /** The entries this load left out (drafts, entries not yet or no longer published). */
  unpublished: Unpublished[];
  /** Every image a page imports or a content file names (project paths): the images step encodes these. */
  images: string[];
}

/** Numbers every bundle this process loads, so that each stack trace names the load it came from. */
let generation = 0;

/** esbuild's report as the developer needs it: file:line:column and the message, for each error. */
export function bundleErrorMessage(error: esbuild.BuildFailure, what: string): string {
  const where = (e: esbuild.Message) => (e.location ? `${e.location.file}:${e.location.line}:${e.location.column + 1}: ` : "");
  return `${what}:\n${error.errors.map((e) => `  ${where(e)}${e.text}${e.location?.lineText ? `\n    ${e.location.lineText.trim()}` : ""}`).join("\n")}`;
}

/**
 * A page loader over `root`: `load()` loads the pages (bundled, or reusing what a build kept; the dev
 * server's (`dev`) file by file); `dispose()` ends the dev server's warm contexts. A build bundles React
 * in, in its production form: one bundled module loads several times faster than React's own CommonJS
 * files, and no setting of the build's environment can pick the slow development build. The dev server
 * loads React from node_modules, once.
 */
export async function pageBundler({ root = process.cwd(), dev = false, today = BUILD_PUBLISHING.today } = {}) {
  // The dev server shows drafts (marked as such); the build's day decides the dated entries.
  const publishing = { drafts: dev, today };
  /** The content files' verdicts, for the bundle and the traces alike: the dev server's kept in memory, a build's in .cache/. */
  const checks = new ContentChecks(root, !dev);
  /** Where esbuild would write (it writes nothing): stack traces name the files it would. */
  const loadDir = resolve(root, CACHE_DIR, "loaded");
  /** The plugins of every esbuild run over the pages: the bundle, the dev server's files and the templates' traces. */
  const plugins = [contentPlugin(root, checks), imagePlugin(root)];
  /** The dev server's pages, file by file. */
  const modules = dev ? new PageModules(root, loadDir, publishing, checks, plugins) : undefined;
  /** The dev server's warm esbuild, one context per collection's template (traces). */
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
  /** Each collection's template, traced with the pages' plugins. */
  const traces = templateTraces(root, run, join(loadDir, "template.js"), plugins);

  /** esbuild's failure as the developer needs it (the content's own problems say the file, line and fix
   * themselves: nothing failed to compile); any other error as it is. */
  function failed(error: esbuild.BuildFailure): never {
    if (!error.errors) throw error;
    if (error.errors.every((problem) => problem.pluginName === "content")) throw new Error(error.errors.map((problem) => problem.text).join("\n"));
    throw new Error(bundleErrorMessage(error, "pages/: the pages do not compile"));
  }

  /** The entry bundled into one module, with its import graph and esbuild's advice. */
  async function bundle(entry: string): Promise<{ code: Uint8Array; graph: ImportGraph; advice: string[] }> {
    const result = await (await loadEsbuild())
      .build({
        stdin: { contents: entry, resolveDir: root, sourcefile: "pages", loader: "js" },
        bundle: true,
        platform: "node",
        format: "cjs",
        target: "node20",
        define: { "process.env.NODE_ENV": JSON.stringify("production") },
        jsx: "automatic",
        write: false,
        outdir: loadDir,
        metafile: true,
        logLevel: "silent",
        absWorkingDir: root,
        plugins,
      })
      .catch(failed);
    const graph: ImportGraph = {};
    for (const [input, { imports }] of Object.entries(result.metafile.inputs)) {
      if (input !== "pages") graph[input] = imports.filter((imported) => !imported.external).map((imported) => imported.path);
    }
    return { code: result.outputFiles[0].contents, graph, advice: result.warnings.map((warning) => warning.text) };
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

  /** Every file saved since the last load that got as far as its traces (a failed one's saves count on). */
  const savedSince = new Set<string>();

  /** `changed`: the files saved since the last load (the dev server's), which spares an unneeded trace;
   * a build, which keeps no trace, gives none. `kept`: a build's output folder state, which offers the
   * bundles earlier builds kept and records the one used. */
  async function load(changed: string[] = [], kept?: Pick<OutputState, "bundles" | "recordBundle">): Promise<LoadedPages> {
    for (const file of changed) savedSince.add(file);
    checks.startLoad();
    const bundledAt = Date.now();
    const versionsAtStart = Object.fromEntries(
      [...savedSince].flatMap((file) => {
        const version = fileVersion(join(root, file));
        return version === null ? [] : [[file, version]];
      }),
    );
    refuseLinks(root, ["content", "art"]);
    const files = pageFiles(root);
    const entry = entrySource(root, files);
    const collections = files.filter((file) => file.includes("["));
    let graph: ImportGraph;
    let loaded: Entry;
    let advice: string[];
    let store: Map<string, FolderEntries>;
    let templates: Traces;
    if (modules) {
      // The dev server's pages, file by file, each collection's template traced beside them (esbuild works on both at once).
      const traced = traces.of(collections, savedSince);
      const made = await modules.load(entry, [...savedSince]).catch(failed);
      graph = made.graph;
      store = modules.folders;
      loaded = made.exports as Entry;
      advice = modules.contentAdvice();
      templates = await traced;
    } else {
      // The folder collections' entries first: data the bundle asks for where it runs, not part of it.
      // Where one has a problem, the pages are bundled all the same, so that every problem is told at once.
      const read = readFolders();
      store = read.store;
      // The build's day is not in the key: the dated entries come and go with the folders' entries, which the bundle asks for.
      const reuse = new BundleReuse(root, [esbuildVersion, entry]);
      const reused = read.problems.length === 0 && kept && reuse.reusable(kept.bundles(), files);
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
          made = await bundle(entry);
        } catch (error) {
          throw read.problems.length > 0 ? new Error([...new Set([...read.problems, ...(error as Error).message.split("\n")])].join("\n")) : error;
        } finally {
          // The trace done and the verdicts so far written, the bundle passed or not: a failed load leaves nothing writing behind it.
          templates = await traced;
          await checks.save();
        }
        const keeping = kept && (await reuse.keep(files, made.graph, templates, made.code));
        if (keeping) kept.recordBundle(keeping);
      }
      if (read.problems.length > 0) throw new Error(read.problems.join("\n"));
      graph = made.graph;
      advice = made.advice;
      loaded = evaluate(made.code, store) as Entry;
    }
    graph = withEntries(graph, store);
    if (dev) {
      traces.keep(templates, graph);
      savedSince.clear();
    }
    const shown = [...store].filter(([folder]) => folder in graph).map(([, read]) => read);
    const pages = loaded.pageModules.flatMap(([file, module]) => pagesOf(file, module));
    checkRoutesUnique(pages, root);
    return {
      bundledAt,
      versionsAtStart,
      advice: [...advice, ...shown.flatMap((read) => read.advice)],
      unpublished: shown.flatMap((read) => read.left),
      images: Object.keys(graph)
        .filter((file) => IMAGE_FILE.test(file) && !file.includes("node_modules/"))
        .sort(),
      pages,
      renderer: loaded,
      ...routeSources(graph, root, files, templates, pages),
    };
  }

  /** Runs a bundle's code, its packages resolved from the project, each folder collection's entries from
   * `store` (another project's, which a test's pages may show, read now). */
  function evaluate(code: Uint8Array, store: Map<string, FolderEntries>): unknown {
    const file = join(loadDir, `pages-${process.pid}-${++generation}.cjs`);
    const entriesOf = (path: string) => {
      const other = collectionFolderOf(path);
      if (!other) throw new Error(`${path} is no folder collection of content/collections.ts`);
      return (store.get(relative(root, path)) ?? folderEntries(other.root, other.folder, publishing, checks)).entries;
    };
    return runModule(Buffer.from(code).toString("utf8"), file, createRequire(file), entriesOf);
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
