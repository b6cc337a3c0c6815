// The dev server's pages, loaded file by file rather than as one bundle: each project file is compiled
// on its own by esbuild (to CommonJS, as the bundle's files are; an image or a folder collection through the
// bundle's plugins, a content file's module made here, which spares esbuild a round trip) and run once,
// and a save compiles again only the files it changed and runs again only them and the files that import
// them, in turn. A whole bundle took 25–40 ms to rebuild for a save of one page even with nothing changed
// (esbuild links and prints all of its 131 KB again), and 7–14 ms to load; one page's file takes ~3 ms.
// Packages are required from node_modules, so React is loaded once and kept across saves. Each file's
// source map is kept, so that a render error names the line of the source (sourcePlaces).
import { readFileSync, statSync } from "node:fs";
import { createRequire, isBuiltin, SourceMap, type SourceMapping } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { compileFunction } from "node:vm";
import type * as esbuild from "esbuild";
import {
  collectionFolderOf,
  contentFileOf,
  contentModule,
  contentText,
  ENTRIES_OF,
  type FolderEntries,
  folderEntries,
  type Publishing,
  SITE_FILE,
} from "../content/modules.ts";
import type { ContentChecks } from "../state/content-checks.ts";
import { fileVersion, landed } from "../state/files.ts";
import type { ImportGraph } from "../state/manifest.ts";
import { loadEsbuild } from "./esbuild.ts";

/** One project file as compiled and, once run, its exports. */
interface CompiledFile {
  /** The file's version when it was read: another version means it was saved since. */
  version: string | null;
  code: string;
  /** The project files it imports, in any way (a dynamic import too, as a bundle's graph has it): each
   * import's name as written, and the file's absolute path. */
  own: Map<string, string>;
  /** Its exports, once it has run (in a box: the exports may be any value). */
  ran?: { exports: unknown };
}

/** What esbuild's bundler tries after an import's path when no file has that name, in its order. */
const EXTENSIONS = [".tsx", ".ts", ".jsx", ".js", ".css", ".json"];

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
   * files in `changed` (project-relative), and any whose version moved (a save not reported yet), are compiled
   * again; a folder collection is read again after a save of its folder, its images or the site's facts. They
   * and every file importing them, directly or not, run again. The others keep their exports, so a React
   * context or the island registry stays one object across saves, unless its file runs again, and then so
   * does every file that uses it.
   */
  async load(entrySource: string, changed: string[]): Promise<{ exports: unknown; graph: ImportGraph }> {
    const saved = new Set(changed.map((file) => resolve(this.root, file)));
    // A file emptied by an editor saving in place is read once its bytes land, here as when compiled.
    await Promise.all([...saved].map(landed));
    const readsSaved = (path: string) => {
      const read = this.folders.get(relative(this.root, path));
      const sources = [SITE_FILE, ...(read?.images ?? [])].map((file) => join(this.root, file));
      return [...saved].some((file) => dirname(file) === path || sources.includes(file));
    };
    // A folder's version moves with each save by rename of an entry: its module is compiled again only once the folder is gone.
    const moved = (path: string, version: string | null) => (collectionFolderOf(path) ? fileVersion(path) === null : fileVersion(path) !== version);
    const stale = [...this.files].filter(([path, file]) => saved.has(path) || moved(path, file.version)).map(([path]) => path);
    if (entrySource !== this.entrySource) stale.push(this.entry);
    this.entrySource = entrySource;
    const importers = new Map<string, string[]>();
    for (const [path, file] of this.files) for (const imported of file.own.values()) importers.set(imported, [...(importers.get(imported) ?? []), path]);
    // A file that imports one to be run again holds its old exports: it runs again too, and so on up. Marked
    // before anything is compiled, so that a load that fails half-way leaves nothing holding old exports.
    // A folder collection's module stays compiled (it is one line); it runs again to read the entries again.
    const rerun = new Set([...stale, ...[...this.files.keys()].filter((path) => collectionFolderOf(path) && readsSaved(path))]);
    for (const path of rerun) {
      const file = this.files.get(path);
      if (file) file.ran = undefined;
      for (const importer of importers.get(path) ?? []) rerun.add(importer);
    }
    for (const path of stale) this.files.delete(path);
    // A file that imports one now gone is compiled again, so that the error names the import.
    for (const path of stale) if (fileVersion(path) === null) for (const importer of importers.get(path) ?? []) this.files.delete(importer);
    await this.compileFrom([this.entry]);
    const exports = this.run(this.entry);
    return { exports, graph: this.graphFrom([...this.files.get(this.entry)!.own.values()]) };
  }

  /** Compiles every project file the entries import, directly or not, that is not compiled yet (those
   * missing at once, then what they import). */
  private async compileFrom(entries: string[]): Promise<void> {
    const seen = new Set<string>();
    let next = entries;
    while (next.length) {
      for (const path of next) seen.add(path);
      const files = await Promise.all(next.map((path) => this.files.get(path) ?? this.compile(path)));
      next = [...new Set(files.flatMap((file) => [...file.own.values()]))].filter((path) => !seen.has(path));
    }
  }

  private async compile(path: string): Promise<CompiledFile> {
    await landed(path);
    // The version before the bytes: a save between the two is seen as a new version at the next load.
    const version = path === this.entry ? null : fileVersion(path);
    const content = /\.(yaml|md)$/.test(path) ? contentFileOf(path) : undefined;
    const made = content && contentModule(content.root, content.file, contentText(content.file, readFileSync(path)), this.checks);
    if (made) this.advice.set(path, made.advice);
    const contents = path === this.entry ? this.entrySource : made ? made.code : undefined;
    const result = await (await loadEsbuild()).build({
      ...(contents !== undefined
        ? { stdin: { contents, resolveDir: dirname(path), sourcefile: relative(this.root, path), loader: "js" as const } }
        : { entryPoints: [path] }),
      bundle: false,
      platform: "node",
      format: "cjs",
      target: "node20",
      // A dynamic import as a require when it is made, as the bundle links one: a function made here
      // cannot import() (Node 20 offers that to vm's code only behind a flag).
      supported: { "dynamic-import": false },
      jsx: "automatic",
      // A render error's place is in code: a content file's module is data.
      sourcemap: made ? false : "external",
      sourcesContent: false,
      write: false,
      metafile: true,
      outdir: this.outdir,
      logLevel: "silent",
      absWorkingDir: this.root,
      plugins: this.plugins,
    });
    const [output] = Object.entries(result.metafile!.outputs).filter(([name]) => !name.endsWith(".map"));
    const own = new Map<string, string>();
    for (const { path: specifier } of output[1].imports) {
      const found = await this.resolveImport(path, specifier);
      if (found) own.set(specifier, found);
    }
    const map = result.outputFiles!.find((file) => file.path.endsWith(".map"));
    if (map) sourceMaps.set(path, map.text);
    const code = result.outputFiles!.find((file) => file !== map)!.text;
    const file: CompiledFile = { version, code: ownImportsAsEsm(code, own), own };
    this.files.set(path, file);
    return file;
  }

  /**
   * The project file an import names, as esbuild's bundler finds it, or undefined for a package (or one
   * of Node's modules). A path is looked for as it is, then with each of esbuild's extensions, then as a
   * folder's index; any other name as Node finds it (a package, or a package.json #imports entry), else
   * as esbuild does (a tsconfig path alias).
   */
  private async resolveImport(importer: string, specifier: string): Promise<string | undefined> {
    if (/^\.\.?(\/|$)|^\//.test(specifier)) {
      const path = resolve(dirname(importer), specifier);
      const candidates = [path, ...EXTENSIONS.map((extension) => path + extension), ...EXTENSIONS.map((extension) => join(path, `index${extension}`))];
      // A folder collection (content/case-studies) is imported as its folder.
      if (collectionFolderOf(path) && statSync(path, { throwIfNoEntry: false })?.isDirectory()) return path;
      const found = candidates.find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile());
      if (found) return found;
      throw unresolved(this.root, importer, specifier);
    }
    if (isBuiltin(specifier)) return undefined;
    let found: string | undefined;
    try {
      found = createRequire(importer).resolve(specifier);
    } catch {
      // Not a name Node knows from here: esbuild's own look-up, through the tsconfig.
      const result = await (await loadEsbuild())
        .build({
          stdin: { contents: `import ${JSON.stringify(specifier)};`, resolveDir: dirname(importer), loader: "ts" },
          bundle: true,
          packages: "external",
          write: false,
          metafile: true,
          logLevel: "silent",
          absWorkingDir: this.root,
        })
        .catch(() => {
          throw unresolved(this.root, importer, specifier);
        });
      found = Object.keys(result.metafile.inputs).find((input) => input !== "<stdin>");
      if (found) found = resolve(this.root, found);
    }
    return found && !found.includes("/node_modules/") ? found : undefined;
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
      const own = file.own.get(specifier);
      return own ? this.run(own) : packages(specifier);
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
      const imports = [...new Set(this.files.get(path)!.own.values())];
      graph[name] = imports.map((imported) => relative(this.root, imported));
      for (const imported of imports) visit(imported);
    };
    for (const entry of entries) visit(entry);
    return graph;
  }
}

/** An import no file answers to, reported where it is written, as esbuild reports one in a bundle. */
function unresolved(root: string, importer: string, specifier: string): esbuild.BuildFailure {
  const source = readFileSync(importer, "utf8");
  // Where esbuild points: at the quoted name.
  const at = Math.max(0, ...[`"${specifier}"`, `'${specifier}'`].map((quoted) => source.indexOf(quoted)));
  const before = source.slice(0, at).split("\n");
  const text = `Could not resolve "${specifier}"`;
  const location = {
    file: relative(root, importer),
    namespace: "file",
    line: before.length,
    column: before[before.length - 1].length,
    length: specifier.length + 2,
    lineText: source.split("\n")[before.length - 1],
    suggestion: "",
  };
  return Object.assign(new Error(text), { errors: [{ id: "", pluginName: "", text, location, notes: [], detail: undefined }], warnings: [] });
}

/**
 * The code with each default or namespace import of a project file read as an ES module compiled to
 * CommonJS (its default export is its `default`), as the bundle links it. esbuild gives every import
 * in a file of a "type": "module" package Node's reading of a CommonJS module instead (`__toESM(…, 1)`:
 * its default export is the whole of `module.exports`), right for a package but not for our own files:
 * `import MobileMenu from "../../islands/MobileMenu.tsx"` got an object, not the component.
 */
function ownImportsAsEsm(code: string, own: Map<string, string>): string {
  return code.replace(/__toESM\(require\(("[^"]*")\), 1\)/g, (call, quoted: string) =>
    own.has(JSON.parse(quoted) as string) ? `__toESM(require(${quoted}))` : call,
  );
}
