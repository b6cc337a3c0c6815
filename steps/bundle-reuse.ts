// A build keeps its server bundle (steps/pages.ts) in .cache/server/ with what it was made from; the
// next build reuses it when its entry is the same and every file in it has the same content, so a
// build with nothing changed skips esbuild. Only builds do this; the dev server loads the pages file by
// file instead (steps/page-modules.ts).
import { readFileSync } from "node:fs";
import { mkdir, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { keepRecord, readRecord, savedBefore } from "./build-state.ts";
import { CACHE_DIR, cacheKey, sourceKey } from "./cache.ts";
import { writeWhole } from "./files.ts";

/** Each file in the bundle (relative to the root) and the project files it imports. */
export type ImportGraph = Record<string, string[]>;

/** Each collection's page file and the files its template is rendered from (null: it could not be traced). */
export type Traces = Record<string, string[] | null>;

interface KeptBundle {
  key: string;
  /** What the bundle's entry was made from: the page files. */
  entries: string[];
  graph: ImportGraph;
  /** Each collection's template inputs as traced with this bundle (steps/page-sources.ts), or null where it could
   * not be traced: a trace reads only files of the bundle, so it holds while the bundle does. */
  traces: Traces;
  /** The hash of the kept code: another build in the same checkout may replace it between two reads. */
  code: string;
}

/** Where a project's server bundles are kept. */
export const keptBundlesDir = (root: string) => join(root, CACHE_DIR, "server");

export class BundleReuse {
  private readonly startedAt = Date.now();
  /** Content hashes of the files read before bundling, to key what is kept without reading them twice. */
  private readonly hashes = new Map<string, string>();

  /**
   * `salt`: whatever else decides the bundles' code (esbuild's version and options). Each bundle is kept
   * under its `name`, with the list of `entries` (page files, or modules) its entry was made from.
   */
  constructor(
    private readonly root: string,
    private readonly salt: (string | Uint8Array)[],
  ) {}

  private place(name: string): string {
    return join(keptBundlesDir(this.root), name);
  }

  /** The kept bundle, if `entries` are those it was made with and none of its files changed since. */
  reusable(name: string, entries: string[]): { code: Uint8Array; graph: ImportGraph; traces: Traces } | null {
    const place = this.place(name);
    try {
      const kept = readRecord<KeptBundle>(`${place}.json`);
      if (!kept?.traces || entries.join("\n") !== kept.entries.join("\n") || this.key(entries, kept.graph, (file) => this.read(file)) !== kept.key) return null;
      const code = readFileSync(`${place}.cjs`);
      return cacheKey(code) === kept.code ? { code, graph: kept.graph, traces: kept.traces } : null;
    } catch {
      return null;
    }
  }

  /** Keeps a new bundle for the next build, unless one of its files was saved while it was made. */
  async keep(name: string, entries: string[], graph: ImportGraph, traces: Traces, code: Uint8Array): Promise<void> {
    const place = this.place(name);
    // A file untouched since before this build began is what esbuild read, so its hash keys the bundle
    // truly; one saved since may not be, and keeping the bundle could hide that save from the next build.
    const settled = (file: string) => savedBefore(join(this.root, file), this.startedAt);
    let key: string | null;
    try {
      key = this.key(entries, graph, (file) => (settled(file) ? this.read(file) : null));
    } catch {
      key = null; // a file is gone already
    }
    if (!key) return;
    await mkdir(keptBundlesDir(this.root), { recursive: true });
    // The code before the record naming it.
    await writeWhole(`${place}.cjs`, code);
    await keepRecord(`${place}.json`, { key, entries, graph, traces, code: cacheKey(code) } satisfies KeptBundle);
    // Nothing else in the folder is used any more (an older layout's bundles).
    const others = (await readdir(keptBundlesDir(this.root))).filter((file) => file !== `${name}.cjs` && file !== `${name}.json` && !file.endsWith(".tmp"));
    await Promise.all(others.map((file) => rm(join(keptBundlesDir(this.root), file), { force: true })));
  }

  private read(file: string): string {
    const known = this.hashes.get(file);
    if (known) return known;
    const hash = sourceKey(join(this.root, file));
    this.hashes.set(file, hash);
    return hash;
  }

  /** Null when `hashOf` has no trustworthy hash for a file. */
  private key(entries: string[], graph: ImportGraph, hashOf: (file: string) => string | null): string | null {
    const parts = [...this.salt, this.root, ...entries];
    for (const file of Object.keys(graph).sort()) {
      if (file.includes(":")) continue; // the generated entry, in a namespace of its own
      const hash = hashOf(file);
      if (hash === null) return null;
      parts.push(file, hash);
    }
    return cacheKey(...parts);
  }
}
