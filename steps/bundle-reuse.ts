// A build keeps each of its server bundles (the shared one and each group of pages: steps/pages.ts) in
// .cache/server/ with what it was made from; the next build reuses one when its entry is the same and
// every file in it has the same content. A build with nothing changed then skips esbuild, and an edit
// to one page bundles only that page's group. Only builds do this; the dev server keeps esbuild warm instead.
import { readFileSync, statSync } from "node:fs";
import { mkdir, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { CACHE_DIR, cacheKey } from "./cache.ts";
import { keepRecord, readIfExists, readRecord, writeWhole } from "./files.ts";

/** Each file in the bundle (relative to the root) and the project files it imports. */
export type ImportGraph = Record<string, string[]>;

interface Kept {
  key: string;
  /** What the bundle's entry was made from: a group's page files, or the shared bundle's modules. */
  entries: string[];
  graph: ImportGraph;
  /** The hash of the kept code: another build in the same checkout may replace it between two reads. */
  code: string;
}

/** Where a project's server bundles are kept. */
export const keptBundlesDir = (root: string) => join(root, CACHE_DIR, "server");
/** The length of a cacheKey, in hex. */
const HASH_LENGTH = 64;
/** Allowance for the file system's coarse clock (as in output.ts). */
const CLOCK_SLACK_MS = 50;

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

  /** Removes the kept bundles not `named` (groups of a smaller or larger site, and older layouts). */
  async prune(named: string[]): Promise<void> {
    const keep = new Set(named.flatMap((name) => [`${name}.json`, `${name}.cjs`, `${name}.v8`]));
    const files = await readdir(keptBundlesDir(this.root)).catch(() => []);
    await Promise.all(
      files.filter((file) => /\.(json|cjs|mjs|v8)$/.test(file) && !keep.has(file)).map((file) => rm(join(keptBundlesDir(this.root), file), { force: true })),
    );
  }

  /** The kept bundle, if `entries` are those it was made with and none of its files changed since; with
   * V8's compilation of its code when one was kept (see keepCompiled). */
  reusable(name: string, entries: string[]): { code: Uint8Array; graph: ImportGraph; compiled?: Buffer } | null {
    const place = this.place(name);
    try {
      const kept = readRecord<Kept>(`${place}.json`);
      if (!kept || entries.join("\n") !== kept.entries.join("\n") || this.key(entries, kept.graph, (file) => this.read(file)) !== kept.key) return null;
      const code = readFileSync(`${place}.cjs`);
      if (cacheKey(code) !== kept.code) return null;
      const compiled = readIfExists(`${place}.v8`);
      // V8 checks only the length of the code its compilation was made from: the hash ahead of it says which code.
      const forThisCode = compiled?.subarray(0, HASH_LENGTH).toString("latin1") === kept.code;
      return { code, graph: kept.graph, compiled: forThisCode ? compiled!.subarray(HASH_LENGTH) : undefined };
    } catch {
      return null;
    }
  }

  /** Keeps V8's compilation of a bundle's code (a code cache), so that the next build that reuses the bundle
   * does not compile it again (a third of loading a large site's pages). */
  async keepCompiled(name: string, code: Uint8Array, compiled: Buffer): Promise<void> {
    await mkdir(keptBundlesDir(this.root), { recursive: true });
    await writeWhole(`${this.place(name)}.v8`, Buffer.concat([Buffer.from(cacheKey(code), "latin1"), compiled]));
  }

  /** Keeps a new bundle for the next build, unless one of its files was saved while it was made. */
  async keep(name: string, entries: string[], graph: ImportGraph, code: Uint8Array): Promise<void> {
    const place = this.place(name);
    // A file untouched since before this build began is what esbuild read, so its hash keys the bundle
    // truly; one saved since may not be, and keeping the bundle could hide that save from the next build.
    const settled = (file: string) => statSync(join(this.root, file)).mtimeMs < this.startedAt - CLOCK_SLACK_MS;
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
    await keepRecord(`${place}.json`, { key, entries, graph, code: cacheKey(code) } satisfies Kept);
  }

  private read(file: string): string {
    const known = this.hashes.get(file);
    if (known) return known;
    const hash = cacheKey(readFileSync(join(this.root, file)));
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
