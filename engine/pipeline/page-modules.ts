// The dev server's pages, loaded file by file rather than as one bundle: each project file is compiled
// on its own by esbuild (to CommonJS, as the bundle's files are, with the bundle's plugins) and run once,
// and a save compiles again only the files it changed and runs again only them and the files that import
// them, in turn. A whole bundle took 25–40 ms to rebuild for a save of one page even with nothing changed
// (esbuild links and prints all of its 131 KB again), and 7–14 ms to load; one page's file takes ~3 ms.
// Packages are required from node_modules, so React is loaded once and kept across saves. Each file's
// source map is kept, so that a render error names the line of the source (sourcePlaces).
import { createRequire, SourceMap, type SourceMapping } from "node:module";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { compileFunction } from "node:vm";
import type * as esbuild from "esbuild";
import { collectionFolderOf, contentLanded, ENTRIES_OF, type FolderEntries, folderEntries, type Publishing, SITE_FILE } from "../content/modules.ts";
import type { ImportGraph } from "../state/bundle-reuse.ts";
import type { ContentChecks } from "../state/content-checks.ts";
import { stampOf } from "../state/files.ts";
import { loadEsbuild } from "./esbuild.ts";

/** One project file as compiled and, once run, its exports. */
interface CompiledFile {
  /** The file's stamp when it was read: another stamp means it was saved since. */
  stamp: string | null;
  code: string;
  /** The project files it imports, in any way (a dynamic import too, as a bundle's graph has it), by their absolute paths. */
  own: Set<string>;
  /** Its exports, once it has run (in a box: the exports may be any value). */
  ran?: { exports: unknown };
}

/** Marks the look-up that resolves an import for the plugin below, which then leaves it to esbuild's other resolvers. */
const SEPARATE = "separate";

/** Each import of a file resolved as the bundle resolves it (a tsconfig path alias, a package.json #imports
 * entry, a folder collection), and left to be required: a project file by its absolute path, a package by
 * its name. An import that resolves to nothing is left to esbuild, which says where it is written. */
const separateFiles: esbuild.Plugin = {
  name: SEPARATE,
  setup(build) {
    build.onResolve({ filter: /.*/ }, async ({ path, kind, importer, resolveDir, pluginData }) => {
      if (kind === "entry-point" || pluginData === SEPARATE) return undefined;
      const found = await build.resolve(path, { kind, importer, resolveDir, pluginData: SEPARATE });
      if (found.errors.length > 0) return undefined;
      return { path: found.external || found.path.includes("/node_modules/") ? path : found.path, external: true };
    });
  },
};

/** Runs a module's CommonJS code as Node runs a file's: `require` answers its imports, `entriesOf` a folder
 * collection's (engine/content/modules.ts, folderModule). The bundle's and each of the dev server's files. */
export function runModule(
  code: string,
  path: string,
  require: (specifier: string) => unknown,
  entriesOf: (path: string) => unknown[],
  module = { exports: {} },
) {
  const names = ["exports", "require", "module", "__filename", "__dirname", ENTRIES_OF];
  compileFunction(code, names, { filename: path })(module.exports, require, module, path, dirname(path), entriesOf);
  return module.exports;
}

/** Each file the dev server compiled, by its absolute path (unique in the process), with its source map. */
const sourceMaps = new Map<string, string>();

/** A stack with each place in a file the dev server compiled given as its source's line and column. */
export function sourcePlaces(stack: string): string {
  return stack.replace(/(\/[^():\s]+):(\d+):(\d+)/g, (place, path: string, line: string, column: string) => {
    const map = sourceMaps.get(path);
    // Node's findEntry gives {} where the map has no place.
    const found: Partial<SourceMapping> = map ? new SourceMap(JSON.parse(map)).findEntry(Number(line) - 1, Number(column) - 1) : {};
    return found.originalLine === undefined ? place : `${path}:${found.originalLine + 1}:${(found.originalColumn ?? 0) + 1}`;
  });
}

export class PageModules {
  private readonly files = new Map<string, CompiledFile>();
  /** The advice on each content file, as it was last compiled. */
  private readonly advice = new Map<string, string[]>();
  /** Each folder collection of the project as its module last read it, by its folder ("content/case-studies"). */
  readonly folders = new Map<string, FolderEntries>();
  /** The generated entry (engine/pipeline/page-entry.ts), named as a file that is never written, and its source. */
  private readonly entry: string;
  private entrySource = "";

  /** `root`: the project; `outdir`: where esbuild would write (it writes nothing, but names its output by it);
   * `publishing`: which entries of a folder collection the pages get (the dev server's: drafts too). */
  constructor(
    private readonly root: string,
    private readonly outdir: string,
    private readonly publishing: Publishing,
    private readonly checks: ContentChecks,
    private readonly plugins: esbuild.Plugin[],
  ) {
    this.entry = join(outdir, "pages.js");
  }

  /** The advice on the content files the pages read. */
  contentAdvice(): string[] {
    return [...this.advice.values()].flat();
  }

  /**
   * The entry's exports (its source: `entrySource`), and the graph of the project files it is made from. The
   * files in `changed` (project-relative), and any whose stamp moved (a save not reported yet), are compiled
   * again; a folder collection is read again after a save of its folder, its images or the site's facts. They
   * and every file importing them, directly or not, run again. The others keep their exports, so a React
   * context or the island registry stays one object across saves, unless its file runs again, and then so
   * does every file that uses it.
   */
  async load(entrySource: string, changed: string[]): Promise<{ exports: unknown; graph: ImportGraph }> {
    const saved = new Set(changed.map((file) => resolve(this.root, file)));
    // A content file emptied by an editor saving in place is read once its bytes land, here as when compiled.
    await Promise.all([...saved].map(contentLanded));
    const readsSaved = (path: string) => {
      const read = this.folders.get(relative(this.root, path));
      const sources = [SITE_FILE, ...(read?.images ?? [])].map((file) => join(this.root, file));
      return [...saved].some((file) => dirname(file) === path || sources.includes(file));
    };
    const stale = [...this.files]
      .filter(([path, file]) => saved.has(path) || stampOf(path) !== file.stamp || (collectionFolderOf(path) && readsSaved(path)))
      .map(([path]) => path);
    if (entrySource !== this.entrySource) stale.push(this.entry);
    this.entrySource = entrySource;
    const importers = new Map<string, string[]>();
    for (const [path, file] of this.files) for (const imported of file.own) importers.set(imported, [...(importers.get(imported) ?? []), path]);
    // A file that imports one to be run again holds its old exports: it runs again too, and so on up. Marked
    // before anything is compiled, so that a load that fails half-way leaves nothing holding old exports.
    const rerun = new Set(stale);
    for (const path of rerun) {
      const file = this.files.get(path);
      if (file) file.ran = undefined;
      for (const importer of importers.get(path) ?? []) rerun.add(importer);
    }
    for (const path of stale) this.files.delete(path);
    // A file that imports one now gone is compiled again, so that the error names the import.
    for (const path of stale) if (stampOf(path) === null) for (const importer of importers.get(path) ?? []) this.files.delete(importer);
    await this.compileFrom([this.entry]);
    const exports = this.run(this.entry);
    return { exports, graph: this.graphFrom([...this.files.get(this.entry)!.own]) };
  }

  /** Compiles every project file the entries import, directly or not, that is not compiled yet (those
   * missing at once, then what they import). */
  private async compileFrom(entries: string[]): Promise<void> {
    const seen = new Set<string>();
    let next = entries;
    while (next.length) {
      for (const path of next) seen.add(path);
      const files = await Promise.all(next.map((path) => this.files.get(path) ?? this.compile(path)));
      next = [...new Set(files.flatMap((file) => [...file.own]))].filter((path) => !seen.has(path));
    }
  }

  private async compile(path: string): Promise<CompiledFile> {
    await contentLanded(path);
    // The stamp before the bytes: a save between the two is seen as a new stamp at the next load.
    const stamp = path === this.entry ? null : stampOf(path);
    const result = await (await loadEsbuild()).build({
      ...(path === this.entry
        ? { stdin: { contents: this.entrySource, resolveDir: this.root, sourcefile: "pages", loader: "js" as const } }
        : { entryPoints: [path] }),
      bundle: true,
      platform: "node",
      format: "cjs",
      target: "node20",
      // A dynamic import as a require when it is made, as the bundle links one: a function made here
      // cannot import() (Node 20 offers that to vm's code only behind a flag).
      supported: { "dynamic-import": false },
      jsx: "automatic",
      sourcemap: "external",
      sourcesContent: false,
      write: false,
      metafile: true,
      outdir: this.outdir,
      logLevel: "silent",
      absWorkingDir: this.root,
      plugins: [separateFiles, ...this.plugins],
    });
    const advice = result.warnings.filter((warning) => warning.pluginName === "content").map((warning) => warning.text);
    if (/\.(yaml|md)$/.test(path)) this.advice.set(path, advice);
    const [output] = Object.entries(result.metafile!.outputs).filter(([name]) => !name.endsWith(".map"));
    const own = new Set(output[1].imports.filter((imported) => isAbsolute(imported.path)).map((imported) => imported.path));
    const text = (map: boolean) => result.outputFiles!.find((file) => file.path.endsWith(".map") === map)!.text;
    sourceMaps.set(path, text(true));
    const code = text(false);
    const file: CompiledFile = { stamp, code: ownImportsAsEsm(code, own), own };
    this.files.set(path, file);
    return file;
  }

  /** A folder collection's entries, read now (the project's kept for the graph and the notes). */
  private readonly entriesOf = (path: string): unknown[] => {
    const { root, folder } = collectionFolderOf(path)!;
    const read = folderEntries(root, folder, this.publishing, this.checks);
    if (root === this.root) this.folders.set(folder, read);
    return read.entries;
  };

  /** The file's exports, running it (and what it imports that has not run) if it has not run since it was compiled. */
  private run(path: string): unknown {
    const file = this.files.get(path)!;
    if (file.ran) return file.ran.exports;
    const module = { exports: {} };
    // Set before it runs, so that an import cycle finds the exports made so far, as in a bundle.
    file.ran = module;
    const packages = createRequire(path);
    const require = (specifier: string) => {
      return file.own.has(specifier) ? this.run(specifier) : packages(specifier);
    };
    try {
      runModule(file.code, path, require, this.entriesOf, module);
    } catch (error) {
      file.ran = undefined;
      throw error;
    }
    return module.exports;
  }

  /** The project files the entries are made from, project-relative, each with the project files it imports. */
  private graphFrom(entries: string[]): ImportGraph {
    const graph: ImportGraph = {};
    const visit = (path: string) => {
      const name = relative(this.root, path);
      if (name in graph) return;
      const imports = [...this.files.get(path)!.own];
      graph[name] = imports.map((imported) => relative(this.root, imported));
      for (const imported of imports) visit(imported);
    };
    for (const entry of entries) visit(entry);
    return graph;
  }
}

/**
 * The code with each default or namespace import of a project file read as an ES module compiled to
 * CommonJS (its default export is its `default`), as the bundle links it. esbuild gives every import
 * in a file of a "type": "module" package Node's reading of a CommonJS module instead (`__toESM(…, 1)`:
 * its default export is the whole of `module.exports`), right for a package but not for our own files:
 * `import MobileMenu from "../../islands/MobileMenu.tsx"` got an object, not the component.
 */
function ownImportsAsEsm(code: string, own: Set<string>): string {
  return code.replace(/__toESM\(require\(("[^"]*")\), 1\)/g, (call, quoted: string) =>
    own.has(JSON.parse(quoted) as string) ? `__toESM(require(${quoted}))` : call,
  );
}
