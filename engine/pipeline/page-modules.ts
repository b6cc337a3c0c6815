// The dev server's pages, loaded file by file rather than as one bundle: each project file is compiled
// on its own by esbuild (to CommonJS, as the bundle's files are) and run once, and a save compiles
// again only the files it changed and runs again only them and the files that import them, in turn.
// A whole bundle took 25–40 ms to rebuild for a save of one page even with nothing changed (esbuild
// links and prints all of its 131 KB again), and 7–14 ms to load; one page's file takes ~3 ms.
// Packages are required from node_modules, so React is loaded once and kept across saves. A build
// still bundles (engine/pipeline/pages.ts): one bundled module loads faster than many files.
import { readFileSync, statSync } from "node:fs";
import { createRequire, isBuiltin } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { compileFunction } from "node:vm";
import type * as esbuild from "esbuild";
import {
  collectionFolderOf,
  contentFileOf,
  contentLanded,
  folderModule,
  loadContentFile,
  type Publishing,
  reasonsMoved,
  type Unpublished,
} from "../content/modules.ts";
import { IMAGE_FILE, imageModule } from "../media/image-modules.ts";
import type { ContentChecks } from "../state/content-checks.ts";
import { fileVersion } from "../state/files.ts";
import type { ImportGraph } from "../state/manifest.ts";
import { loadEsbuild } from "./esbuild.ts";

/** One project file as compiled and, once run, its exports. */
interface CompiledFile {
  /** The file's stamp when it was read: another stamp means it was saved since. */
  stamp: string | null;
  code: string;
  /** The project files it imports, in any way (a dynamic import too, as a bundle's graph has it): each
   * import's name as written, and the file's absolute path. */
  own: Map<string, string>;
  /** Its exports, once it has run (in a box: the exports may be any value). */
  ran?: { exports: unknown };
}

/** What esbuild's bundler tries after an import's path when no file has that name, in its order. */
const EXTENSIONS = [".tsx", ".ts", ".jsx", ".js", ".css", ".json"];

export class PageModules {
  private readonly files = new Map<string, CompiledFile>();
  /** The advice on each content file, as it was last compiled (engine/content/modules.ts). */
  private readonly advice = new Map<string, string[]>();
  /** The entries each folder collection left out, as it was last compiled. */
  private readonly left = new Map<string, Unpublished[]>();
  /** Why each folder collection's module, as last compiled, found each entry unpublished (engine/content/modules.ts, entryReason). */
  private readonly reasons = new Map<string, Map<string, string | undefined | null>>();

  /** `root`: the project; `outdir`: where esbuild would write (it writes nothing, but names its output by it);
   * `publishing`: which entries of a folder collection the pages get (the dev server's: drafts too). */
  constructor(
    private readonly root: string,
    private readonly outdir: string,
    private readonly publishing: Publishing,
    private readonly checks: ContentChecks,
  ) {}

  /** The advice on the content files the pages read, and the entries their folders leave out. */
  contentNotes(): { advice: string[]; unpublished: Unpublished[] } {
    return { advice: [...this.advice.values()].flat(), unpublished: [...this.left.values()].flat() };
  }

  /** The module a content file, a folder collection or an image is made into, as the page bundle makes it
   * (engine/content/modules.ts, engine/media/image-modules.ts); undefined for code, which esbuild reads itself. */
  private generated(path: string): string | undefined {
    const folder = collectionFolderOf(path);
    if (folder) {
      const left: Unpublished[] = [];
      const reasons = new Map<string, string | undefined | null>();
      const code = folderModule(folder.root, folder.folder, this.publishing, left, this.checks, reasons);
      this.left.set(path, left);
      this.reasons.set(path, reasons);
      return code;
    }
    if (IMAGE_FILE.test(path)) return imageModule(this.root, path, readFileSync(path));
    const content = /\.(yaml|md)$/.test(path) ? contentFileOf(path) : undefined;
    if (!content) return undefined;
    const loaded = loadContentFile(content, path, this.checks);
    // As the bundle reports it: each problem in the file's own words.
    if ("problems" in loaded)
      throw Object.assign(new Error(loaded.problems.join("\n")), {
        errors: loaded.problems.map((text) => ({ id: "", pluginName: "content", text, location: null, notes: [], detail: undefined })),
        warnings: [],
      });
    this.advice.set(path, loaded.advice);
    return loaded.code;
  }

  /**
   * Each entry's exports (entries are absolute paths), and the graph of the project files they are made
   * from. The files in `changed` (project-relative), and any whose stamp moved (a save not reported yet),
   * are compiled again; they and every file importing them, directly or not, run again. The others keep
   * their exports, so a React context or the island registry stays one object across saves, unless its
   * file runs again, and then so does every file that uses it.
   */
  async load(entries: string[], changed: string[]): Promise<{ exports: unknown[]; graph: ImportGraph }> {
    const saved = new Set(changed.map((file) => resolve(this.root, file)));
    // A content file emptied by an editor saving in place is read once its bytes land, here as when compiled.
    await Promise.all([...saved].map(contentLanded));
    const stale = [...this.files].filter(([path, file]) => saved.has(path) || fileVersion(path) !== file.stamp).map(([path]) => path);
    // A folder's module holds whether each entry is published (marked on its page): made again for a save that changes it.
    for (const [folder, reasons] of this.reasons) {
      if (this.files.has(folder) && !stale.includes(folder) && reasonsMoved(this.root, reasons, [...saved, ...stale], this.publishing.today, this.checks))
        stale.push(folder);
    }
    const importers = new Map<string, string[]>();
    for (const [path, file] of this.files) for (const imported of file.own.values()) importers.set(imported, [...(importers.get(imported) ?? []), path]);
    // A file that imports one to be run again holds its old exports: it runs again too, and so on up. Marked
    // before anything is compiled, so that a load that fails half-way leaves nothing holding old exports.
    const rerun = new Set(stale);
    for (const path of rerun) {
      this.files.get(path)!.ran = undefined;
      for (const importer of importers.get(path) ?? []) rerun.add(importer);
    }
    for (const path of stale) this.files.delete(path);
    // A file that imports one now gone is compiled again, so that the error names the import.
    for (const path of stale) if (fileVersion(path) === null) for (const importer of importers.get(path) ?? []) this.files.delete(importer);
    await this.compileFrom(entries);
    const exports = entries.map((entry) => this.run(entry));
    return { exports, graph: this.graphFrom(entries) };
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
    await contentLanded(path);
    // The stamp before the bytes: a save between the two is seen as a new stamp at the next load.
    const stamp = fileVersion(path);
    const source = this.generated(path);
    const result = await (await loadEsbuild()).build({
      ...(source === undefined
        ? { entryPoints: [relative(this.root, path)] }
        : {
            stdin: {
              contents: source,
              resolveDir: collectionFolderOf(path) ? path : dirname(path),
              sourcefile: relative(this.root, path),
              loader: "js" as const,
            },
          }),
      bundle: false,
      platform: "node",
      format: "cjs",
      target: "node20",
      // A dynamic import as a require when it is made, as the bundle links one: a function made here
      // cannot import() (Node 20 offers that to vm's code only behind a flag).
      supported: { "dynamic-import": false },
      jsx: "automatic",
      write: false,
      metafile: true,
      outdir: this.outdir,
      logLevel: "silent",
      absWorkingDir: this.root,
    });
    const [output] = Object.values(result.metafile!.outputs);
    const own = new Map<string, string>();
    for (const { path: specifier } of output.imports) {
      const found = await this.resolveImport(path, specifier);
      if (found) own.set(specifier, found);
    }
    const file: CompiledFile = { stamp, code: ownImportsAsEsm(result.outputFiles![0].text, own), own };
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

  /** The file's exports, running it (and what it imports that has not run) if it has not run since it was compiled. */
  private run(path: string): unknown {
    const file = this.files.get(path)!;
    if (file.ran) return file.ran.exports;
    const module = { exports: {} as unknown };
    // Set before it runs, so that an import cycle finds the exports made so far, as in a bundle.
    file.ran = module;
    const packages = createRequire(path);
    const require = (specifier: string) => {
      const own = file.own.get(specifier);
      return own ? this.run(own) : packages(specifier);
    };
    try {
      compileFunction(file.code, ["exports", "require", "module", "__filename", "__dirname"], { filename: path })(
        module.exports,
        require,
        module,
        path,
        dirname(path),
      );
    } catch (error) {
      file.ran = undefined;
      throw error;
    }
    file.ran = module;
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
