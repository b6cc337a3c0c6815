// Finds pages/*.tsx, bundles them with everything they render (components, content, islands) into one
// server module, checks each exports metadata and a component, and names its route. One esbuild pass
// per build keeps the cost per page flat; the dev server keeps the bundler warm and asks it which
// pages a changed file affects.
import { readdirSync, readFileSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import type { ComponentType } from "react";
import type { PageMeta } from "../components/head.ts";
import { BundleReuse, type ImportGraph } from "./bundle-reuse.ts";
import { CACHE_DIR } from "./cache.ts";
import { type Page, routeOf } from "./routes.ts";

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
  /** The routes whose output may change when these project files change. */
  affectedBy: (files: string[]) => string[];
  /** When the bundle began reading the files (ms since the epoch): a file saved after it may not be in it. */
  bundledAt: number;
}

function checkMeta(file: string, meta: unknown): PageMeta {
  if (!meta || typeof meta !== "object") throw new Error(`${file}: export const meta: PageMeta = { title, description } is missing`);
  const { title, description } = meta as Partial<PageMeta>;
  if (typeof title !== "string" || !title.trim()) throw new Error(`${file}: meta.title is missing`);
  // Left out, the head gives the page the site's default description; written, it must say something.
  if (description !== undefined && (typeof description !== "string" || description.trim().length < 50)) {
    throw new Error(
      `${file}: meta.description is shorter than 50 characters; write one or two sentences for search results, or leave it out for the site's default (seoDefaults in content/site.ts)`,
    );
  }
  return meta as PageMeta;
}

const renderModule = fileURLToPath(new URL("./render.ts", import.meta.url));
const printedContent = { caseStudies: "../content/case-studies.ts", company: "../content/site.ts" };
const ENTRY = "pages-entry";
/** Numbers every bundle this process loads: Node caches modules by URL, and a saved edit must be seen. */
let generation = 0;

/** The module esbuild bundles: the renderer and every page, in file order. */
function entrySource(root: string, files: string[]): string {
  return [
    `export * from ${JSON.stringify(renderModule)};`,
    ...Object.entries(printedContent).map(([name, path]) => `export { ${name} } from ${JSON.stringify(fileURLToPath(new URL(path, import.meta.url)))};`),
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
 * A page bundler over `root`. `load()` bundles (incrementally after the first time) and imports the
 * result; `dispose()` stops esbuild. A build uses it once; the dev server keeps it for every save.
 * A build bundles React in too, in its production form: one ES module loads several times faster than
 * React's CommonJS files, and no setting of the build's own environment can pick the slow development
 * build. The dev server (`dev`) leaves React outside, loaded once and kept across saves. With
 * `sourceMaps`, a render error's stack names the page or component and line; the dev server bundles
 * that way only to explain an error, as the maps cost a third of each save's rebuild.
 */
export async function pageBundler({ root = process.cwd(), dev = false, sourceMaps = false } = {}) {
  const outDir = resolve(CACHE_DIR, "server");

  let files: string[] = [];
  const options: esbuild.BuildOptions = {
    entryPoints: [ENTRY],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    ...(dev
      ? { packages: "external" as const }
      : {
          define: { "process.env.NODE_ENV": JSON.stringify("production") },
          // React's CommonJS files require Node's own modules, which an ES module reaches through createRequire.
          banner: { js: 'import { createRequire } from "node:module"; const require = createRequire(import.meta.url);' },
        }),
    jsx: "automatic",
    sourcemap: sourceMaps ? "inline" : false,
    // A stack names file and line through the mappings alone: the sources' text is left out.
    sourcesContent: false,
    write: false,
    outfile: join(outDir, "pages.mjs"),
    metafile: true,
    logLevel: "silent",
    absWorkingDir: root,
    plugins: [
      {
        name: ENTRY,
        setup(build) {
          build.onResolve({ filter: new RegExp(`^${ENTRY}$`) }, () => ({ path: ENTRY, namespace: ENTRY }));
          build.onLoad({ filter: /.*/, namespace: ENTRY }, () => {
            files = pageFiles(root);
            return { contents: entrySource(root, files), loader: "ts", resolveDir: root };
          });
        },
      },
    ],
  };
  // Started at the first bundle a load needs: a build that reuses its last bundle never starts esbuild.
  let context: esbuild.BuildContext | undefined;

  /** The bundle's code and import graph: reused from the last build when nothing it was made from changed. */
  async function bundlePages(): Promise<{ code: Uint8Array; graph: ImportGraph }> {
    // A build reuses its last bundle when nothing it was made from changed (steps/bundle-reuse.ts).
    const reuse = dev ? null : new BundleReuse(root, [esbuild.version, readFileSync(fileURLToPath(import.meta.url))]);
    const pages = reuse && pageFiles(root);
    const kept = pages && reuse.reusable(pages);
    if (kept) {
      files = pages;
      return kept;
    }
    context ??= await esbuild.context(options);
    const result = await context.rebuild().catch((error: esbuild.BuildFailure) => {
      throw new Error(bundleErrorMessage(error, "pages/: the pages do not compile"));
    });
    const graph = importGraph(result.metafile!);
    const code = result.outputFiles![0].contents;
    await reuse?.keep(files, graph, code);
    return { code, graph };
  }

  async function load(): Promise<LoadedPages> {
    const bundledAt = Date.now();
    const { code, graph } = await bundlePages();
    if (files.length === 0) throw new Error("pages/: no pages found; add pages/index.tsx");
    const file = join(outDir, `pages-${process.pid}-${++generation}.mjs`);
    await mkdir(outDir, { recursive: true });
    await writeFile(file, code);
    const bundle = (await import(pathToFileURL(file).href)) as Renderer & { pageModules: [string, { meta?: unknown; default?: unknown }][] };
    await rm(file, { force: true });

    const pages = bundle.pageModules.map(([file, module]) => {
      if (typeof module.default !== "function") throw new Error(`${file}: export default function SomethingPage() is missing`);
      return { file, route: routeOf(file), meta: checkMeta(file, module.meta), Component: module.default as ComponentType };
    });
    const sources = sourcesByRoute(graph, root, pages);
    return {
      bundledAt,
      pages,
      renderer: bundle,
      sourcesOf: (route) => [...(sources.get(route) ?? [])],
      affectedBy: (files) => {
        const changed = files.map((file) => relative(root, resolve(root, file)));
        return pages.filter((page) => changed.some((file) => sources.get(page.route)?.has(file))).map((page) => page.route);
      },
    };
  }

  return { load, dispose: async () => context?.dispose() };
}

function importGraph(metafile: esbuild.Metafile): ImportGraph {
  return Object.fromEntries(
    Object.entries(metafile.inputs).map(([path, input]) => [path, input.imports.filter((imported) => !imported.external).map((imported) => imported.path)]),
  );
}

function pageFiles(root: string): string[] {
  try {
    return readdirSync(join(root, "pages"))
      .filter((name) => name.endsWith(".tsx"))
      .map((name) => `pages/${name}`)
      .sort();
  } catch {
    return [];
  }
}

/** Every project file each route's output comes from: the page, what it imports, and what the renderer imports. */
function sourcesByRoute(graph: ImportGraph, root: string, pages: Page[]): Map<string, Set<string>> {
  const closure = (start: string, seen = new Set<string>()) => {
    const visit = (path: string) => {
      if (seen.has(path) || !graph[path]) return;
      seen.add(path);
      for (const imported of graph[path]) visit(imported);
    };
    visit(start);
    return seen;
  };
  const shared = closure(relative(root, renderModule));
  // Packages are bundled too, but they are not the project's files: React's version keys what it renders.
  const own = (files: Set<string>) => new Set([...files].filter((file) => !file.includes("node_modules/")));
  return new Map(pages.map((page) => [page.route, own(closure(page.file, new Set(shared)))]));
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
