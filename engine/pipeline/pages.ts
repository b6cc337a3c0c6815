// Loads the pages with the renderer and turns them into routes with their sources: a build as one bundle, kept while
// its files are the same; the dev server file by file (page-modules.ts).
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative, resolve } from "node:path";
import type * as esbuild from "esbuild";
import { folders } from "../../content/collections.ts";
import { BUILD_PUBLISHING, ContentError, collectionFolderOf, contentPlugin, type FolderEntries, folderEntries } from "../content/modules.ts";
import { IMAGE_FILE, imagePlugin } from "../media/image-modules.ts";
import { BundleReuse, type OutputState } from "../state/build-state.ts";
import { ContentChecks } from "../state/content-checks.ts";
import { fileVersion, refuseLinks } from "../state/files.ts";
import type { ImportGraph, Traces } from "../state/manifest.ts";
import { CACHE_DIR } from "../state/store.ts";
import { esbuildVersion, loadEsbuild } from "./esbuild.ts";
import { type Entry, entrySource, type Renderer } from "./page-entry.ts";
import { PageModules, runModule } from "./page-modules.ts";
import { routeSources, templateTraces, withEntries } from "./page-sources.ts";
import { checkRoutesUnique, pageFiles, pagesOf } from "./static-paths.ts";

export type LoadedPages = Awaited<ReturnType<Awaited<ReturnType<typeof pageBundler>>["load"]>>;

let generation = 0;

export function bundleErrorMessage(error: esbuild.BuildFailure, what: string): string {
  const where = (e: esbuild.Message) => (e.location ? `${e.location.file}:${e.location.line}:${e.location.column + 1}: ` : "");
  return `${what}:\n${error.errors.map((e) => `  ${where(e)}${e.text}${e.location?.lineText ? `\n    ${e.location.lineText.trim()}` : ""}`).join("\n")}`;
}

/** A build bundles React in (one bundled module loads several times faster than React's CommonJS files); the dev
 * server loads it from node_modules, once. */
export async function pageBundler({ root = process.cwd(), dev = false, today = BUILD_PUBLISHING.today } = {}) {
  const publishing = { drafts: dev, today };
  const checks = new ContentChecks(root, !dev);
  // Where esbuild would write (it writes nothing): stack traces name these files.
  const loadDir = resolve(root, CACHE_DIR, "loaded");
  const shared = {
    platform: "node",
    jsx: "automatic",
    write: false,
    outdir: loadDir,
    metafile: true,
    logLevel: "silent",
    absWorkingDir: root,
    plugins: [contentPlugin(root, checks), imagePlugin(root)],
  } satisfies esbuild.BuildOptions;
  const modules = dev ? new PageModules(root, publishing, checks, shared) : undefined;
  const contexts = new Map<string, Promise<esbuild.BuildContext>>();
  async function run(name: string, options: esbuild.BuildOptions): Promise<esbuild.BuildResult> {
    if (!dev) return (await loadEsbuild()).build(options);
    if (!contexts.has(name))
      contexts.set(
        name,
        loadEsbuild().then((loaded) => loaded.context(options)),
      );
    return (await contexts.get(name)!).rebuild();
  }
  const traces = templateTraces(root, run, shared);

  function failed(error: esbuild.BuildFailure): never {
    if (!error.errors) throw error;
    if (error.errors.every((problem) => problem.pluginName === "content")) throw new Error(error.errors.map((problem) => problem.text).join("\n"));
    throw new Error(bundleErrorMessage(error, "pages/: the pages do not compile"));
  }

  async function bundle(entry: string) {
    const result = await (await loadEsbuild())
      .build({
        stdin: { contents: entry, resolveDir: root, sourcefile: "pages", loader: "js" },
        ...shared,
        bundle: true,
        format: "cjs",
        target: "node20",
        define: { "process.env.NODE_ENV": JSON.stringify("production") },
      })
      .catch(failed);
    const graph: ImportGraph = {};
    for (const [input, { imports }] of Object.entries(result.metafile.inputs)) {
      if (input !== "pages") graph[input] = imports.filter((imported) => !imported.external).map((imported) => imported.path);
    }
    return { code: result.outputFiles[0].contents, graph, advice: result.warnings.map((warning) => warning.text) };
  }

  async function loadFiles(entry: string, collections: string[]) {
    const traced = traces.of(collections, savedSince);
    const { exports, graph } = await modules!.load(entry, [...savedSince]).catch(failed);
    return { exports, graph, store: modules!.folders, advice: [...modules!.advice.values()].flat(), templates: await traced };
  }

  async function loadBundle(entry: string, files: string[], collections: string[], kept?: Pick<OutputState, "bundles" | "recordBundle">) {
    // Where a folder collection has a problem, the pages are bundled all the same, so that every problem is told at once.
    const store = new Map<string, FolderEntries>();
    const told = new Set<string>();
    for (const folder of Object.keys(folders).filter((folder) => existsSync(join(root, folder)))) {
      try {
        store.set(folder, folderEntries(root, folder, publishing, checks));
      } catch (error) {
        if (!(error instanceof ContentError)) throw error;
        for (const problem of error.problems) told.add(problem);
      }
    }
    const problems = [...told];
    // The build's day is not in the key: the dated entries come and go with the folders' entries, which the bundle asks for.
    const reuse = new BundleReuse(root, [esbuildVersion, entry]);
    const reused = problems.length === 0 && kept && reuse.reusable(kept.bundles(), files);
    let made: Awaited<ReturnType<typeof bundle>>;
    let templates: Traces;
    if (reused) {
      const { bytes, ...bundle } = reused;
      kept?.recordBundle(bundle);
      made = { code: bytes, graph: bundle.graph, advice: [] };
      templates = bundle.traces;
      await checks.save();
    } else {
      const traced = traces.of(collections, savedSince);
      try {
        made = await bundle(entry);
      } catch (error) {
        throw problems.length > 0 ? new Error([...new Set([...problems, ...(error as Error).message.split("\n")])].join("\n")) : error;
      } finally {
        templates = await traced;
        await checks.save();
      }
      const keeping = kept && (await reuse.keep(files, made.graph, templates, made.code));
      if (keeping) kept.recordBundle(keeping);
    }
    if (problems.length > 0) throw new Error(problems.join("\n"));
    return { exports: evaluate(made.code, store), graph: made.graph, store, advice: made.advice, templates };
  }

  /** Every file saved since the last load that got as far as its traces (a failed load's saves count on). */
  const savedSince = new Set<string>();

  /** `changed`: the files the dev server saw saved since the last load. */
  async function load(changed: string[] = [], kept?: Pick<OutputState, "bundles" | "recordBundle">) {
    for (const file of changed) savedSince.add(file);
    checks.startLoad();
    const bundledAt = Date.now();
    const versions = [...savedSince].map((file) => [file, fileVersion(join(root, file))] as const);
    const versionsAtStart = Object.fromEntries(versions.filter((found): found is [string, string] => found[1] !== null));
    refuseLinks(root, ["content", "art"]);
    const files = pageFiles(root);
    const entry = entrySource(root, files);
    const collections = files.filter((file) => file.includes("["));
    const { store, templates, advice, ...made } = modules ? await loadFiles(entry, collections) : await loadBundle(entry, files, collections, kept);
    const graph = withEntries(made.graph, store);
    const loaded = made.exports as Entry;
    if (dev) {
      traces.keep(templates, graph);
      savedSince.clear();
    }
    const shown = [...store].filter(([folder]) => folder in graph).map(([, read]) => read);
    const pages = loaded.pageModules.flatMap(([file, module]) => pagesOf(file, module));
    checkRoutesUnique(pages, root);
    return {
      /** When the bundle began reading the files: a file saved after it may not be in it. */
      bundledAt,
      /** The version of each file saved since the last load as the bundle began. */
      versionsAtStart,
      advice: [...advice, ...shown.flatMap((read) => read.advice)],
      unpublished: shown.flatMap((read) => read.left),
      images: Object.keys(graph)
        .filter((file) => IMAGE_FILE.test(file) && !file.includes("node_modules/"))
        .sort(),
      pages,
      renderer: loaded as Renderer,
      ...routeSources(graph, root, files, templates, pages),
    };
  }

  function evaluate(code: Uint8Array, store: Map<string, FolderEntries>): unknown {
    const file = join(loadDir, `pages-${process.pid}-${++generation}.cjs`);
    const entriesOf = (path: string) => {
      const { root: other, folder } = collectionFolderOf(path)!;
      return (store.get(relative(root, path)) ?? folderEntries(other, folder, publishing, checks)).entries;
    };
    return runModule(Buffer.from(code).toString("utf8"), file, createRequire(file), entriesOf);
  }

  return {
    load,
    dispose: () => Promise.all([...contexts.values()].map((warm) => warm.then((built) => built.dispose()))),
  };
}

// A build's bundler holds no warm contexts: nothing to dispose of.
export async function loadPages(root = process.cwd()) {
  return (await pageBundler({ root })).load();
}
