// The dev server's pages, file by file: each compiled alone to CommonJS; a save compiles and runs again only what it
// changed and their importers (~3 ms a page, a whole bundle 25–40 ms).
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

interface CompiledFile {
  version: string | null;
  code: string;
  /** By the name as written, to the absolute path. */
  own: Map<string, string>;
  ran?: { exports: unknown };
}

/** What esbuild's bundler tries after an import's path, in its order. */
const EXTENSIONS = [".tsx", ".ts", ".jsx", ".js", ".css", ".json"];

/** Runs CommonJS code as Node runs a file's; `entriesOf` answers a folder collection's module. */
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

const sourceMaps = new Map<string, string>();

/** A stack with each place in a file the dev server compiled given as its source's line and column. */
export function sourcePlaces(stack: string): string {
  return stack.replace(/(\/[^():\s]+):(\d+):(\d+)/g, (place, path: string, line: string, column: string) => {
    const map = sourceMaps.get(path);
    const found: Partial<SourceMapping> = map ? new SourceMap(JSON.parse(map)).findEntry(Number(line) - 1, Number(column) - 1) : {};
    return found.originalLine === undefined ? place : `${path}:${found.originalLine + 1}:${(found.originalColumn ?? 0) + 1}`;
  });
}

export class PageModules {
  private readonly files = new Map<string, CompiledFile>();
  readonly advice = new Map<string, string[]>();
  readonly folders = new Map<string, FolderEntries>();
  /** The generated entry (page-entry.ts), named as a file that is never written. */
  private readonly entry: string;
  private entrySource = "";

  constructor(
    private readonly root: string,
    private readonly publishing: Publishing,
    private readonly checks: ContentChecks,
    private readonly shared: esbuild.BuildOptions,
  ) {
    this.entry = join(shared.outdir!, "pages.js");
  }

  /** The entry's exports and import graph. The `changed` files and any whose version moved are compiled again; they
   * and their importers run again. The others keep their exports, so a React context stays one object across saves. */
  async load(entrySource: string, changed: string[]): Promise<{ exports: unknown; graph: ImportGraph }> {
    const saved = new Set(changed.map((file) => resolve(this.root, file)));
    await Promise.all([...saved].map(landed));
    const readsSaved = (path: string) => {
      const read = this.folders.get(relative(this.root, path));
      const sources = [SITE_FILE, ...(read?.images ?? [])].map((file) => join(this.root, file));
      return [...saved].some((file) => dirname(file) === path || sources.includes(file));
    };
    // A folder's version moves with each entry's save by rename: its module is compiled again only once it is gone.
    const moved = (path: string, version: string | null) => (collectionFolderOf(path) ? fileVersion(path) === null : fileVersion(path) !== version);
    const stale = [...this.files].filter(([path, file]) => saved.has(path) || moved(path, file.version)).map(([path]) => path);
    if (entrySource !== this.entrySource) stale.push(this.entry);
    this.entrySource = entrySource;
    const importers = new Map<string, string[]>();
    for (const [path, file] of this.files) for (const imported of file.own.values()) importers.set(imported, [...(importers.get(imported) ?? []), path]);
    // Marked before anything is compiled, so that a load failing half-way leaves nothing holding old exports.
    // A folder collection's module stays compiled; it runs again to read the entries again.
    const rerun = new Set([...stale, ...[...this.files.keys()].filter((path) => collectionFolderOf(path) && readsSaved(path))]);
    for (const path of rerun) {
      const file = this.files.get(path);
      if (file) file.ran = undefined;
      for (const importer of importers.get(path) ?? []) rerun.add(importer);
    }
    for (const path of stale) this.files.delete(path);
    // A file that imports one now gone is compiled again, so that the error names the import.
    for (const path of stale) if (fileVersion(path) === null) for (const importer of importers.get(path) ?? []) this.files.delete(importer);
    const seen = new Set<string>();
    for (let next = [this.entry]; next.length; ) {
      for (const path of next) seen.add(path);
      const files = await Promise.all(next.map((path) => this.files.get(path) ?? this.compile(path)));
      next = [...new Set(files.flatMap((file) => [...file.own.values()]))].filter((path) => !seen.has(path));
    }
    seen.delete(this.entry);
    const graph: ImportGraph = {};
    for (const path of seen) graph[relative(this.root, path)] = [...new Set(this.files.get(path)!.own.values())].map((file) => relative(this.root, file));
    return { exports: this.run(this.entry), graph };
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
      ...this.shared,
      format: "cjs",
      target: "node20",
      // A dynamic import as a require, as the bundle links one: vm's code cannot import() in Node 20.
      supported: { "dynamic-import": false },
      // A render error's place is in code: a content file's module is data.
      sourcemap: made ? false : "external",
      sourcesContent: false,
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

  /** The project file an import names, as esbuild's bundler finds it; undefined for a package or a Node module. */
  private async resolveImport(importer: string, specifier: string): Promise<string | undefined> {
    if (/^\.\.?(\/|$)|^\//.test(specifier)) {
      const path = resolve(dirname(importer), specifier);
      if (collectionFolderOf(path) && statSync(path, { throwIfNoEntry: false })?.isDirectory()) return path;
      const candidates = [path, ...EXTENSIONS.map((extension) => path + extension), ...EXTENSIONS.map((extension) => join(path, `index${extension}`))];
      const found = candidates.find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile());
      if (found) return found;
      throw unresolved(this.root, importer, specifier);
    }
    if (isBuiltin(specifier)) return undefined;
    let found: string | undefined;
    try {
      found = createRequire(importer).resolve(specifier);
    } catch {
      // Not a name Node knows from here: esbuild's own look-up, through the tsconfig's path aliases.
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

  private readonly entriesOf = (path: string): unknown[] => {
    const { root, folder } = collectionFolderOf(path)!;
    const read = folderEntries(root, folder, this.publishing, this.checks);
    if (root === this.root) this.folders.set(folder, read);
    return read.entries;
  };

  private run(path: string): unknown {
    const file = this.files.get(path)!;
    if (file.ran) return file.ran.exports;
    const module = { exports: {} };
    // Set before it runs, so that an import cycle finds the exports made so far, as in a bundle.
    file.ran = module;
    const packages = createRequire(path);
    const require = (specifier: string) => (file.own.has(specifier) ? this.run(file.own.get(specifier)!) : packages(specifier));
    try {
      runModule(file.code, path, require, this.entriesOf, module);
    } catch (error) {
      file.ran = undefined;
      throw error;
    }
    return module.exports;
  }
}

function unresolved(root: string, importer: string, specifier: string): esbuild.BuildFailure {
  const source = readFileSync(importer, "utf8");
  const before = source.slice(0, Math.max(0, ...[`"${specifier}"`, `'${specifier}'`].map((quoted) => source.indexOf(quoted)))).split("\n");
  const text = `Could not resolve "${specifier}"`;
  const location = { file: relative(root, importer), line: before.length, column: before.at(-1)!.length, lineText: source.split("\n")[before.length - 1] };
  return Object.assign(new Error(text), { errors: [{ text, location } as esbuild.Message], warnings: [] });
}

/** esbuild's `__toESM(…, 1)` in a "type": "module" package takes the whole `module.exports` as the default: right
 * for a package, but our own files are ES modules compiled to CommonJS, whose default export is their `default`. */
function ownImportsAsEsm(code: string, own: Map<string, string>): string {
  return code.replace(/__toESM\(require\(("[^"]*")\), 1\)/g, (call, quoted: string) =>
    own.has(JSON.parse(quoted) as string) ? `__toESM(require(${quoted}))` : call,
  );
}
