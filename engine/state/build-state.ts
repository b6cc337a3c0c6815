// An output folder's state across runs, and the page bundle kept: reused (any folder's) while its entry and files are.
import { join, resolve } from "node:path";
import { contentKey, filesKey, folderFiles, readIfExists, wholeVersion } from "./files.ts";
import { keyOf } from "./key.ts";
import type { EngineHash, ImportGraph, KeptBundle, Manifest, RouteEntry, Traces, Verified } from "./manifest.ts";
import { bundleBlob, MANIFEST_FORMAT, usable } from "./manifest.ts";
import { blobsAsked, readBlob, type Store, writeBlob } from "./store.ts";

export function engineHash(config: unknown, root = "."): EngineHash {
  return {
    format: MANIFEST_FORMAT,
    engine: filesKey(root, ["build.ts", ...folderFiles(root, "engine")]),
    config: keyOf(JSON.stringify(config)),
    lockfile: keyOf(readIfExists(join(root, "package-lock.json")) ?? ""),
  };
}

/** What the last run that ended well kept, and this run's record of each route, kept only if it ends well. */
export class OutputState {
  private kept: Manifest | null | undefined;
  private next = new Map<string, RouteEntry>();
  private bundle: KeptBundle | null = null;

  constructor(
    readonly store: Store,
    private readonly outDir: string,
    private readonly hash: EngineHash,
  ) {}

  begin(): void {
    blobsAsked.clear();
    this.kept ??= usable(this.store.manifest(), this.hash);
    this.next = new Map();
    this.bundle = null;
  }

  last = (route: string): RouteEntry | undefined => this.kept?.routes[route];

  record(route: string, made: Partial<RouteEntry>): void {
    const entry = this.next.get(route) ?? { file: "", body: null, islands: [], document: null, verified: null };
    this.next.set(route, { ...entry, ...made });
  }

  /** The page bundles kept by builds of the same engine and lockfile, this folder's first. */
  *bundles(): Generator<KeptBundle> {
    if (this.kept?.bundle) yield this.kept.bundle;
    const { engine, lockfile } = this.hash;
    for (const manifest of this.store.others()) if (manifest.bundle && manifest.engine === engine && manifest.lockfile === lockfile) yield manifest.bundle;
  }

  recordBundle(bundle: KeptBundle): void {
    this.bundle = bundle;
  }

  recordVerified(found: Map<string, Verified>): void {
    for (const [route, entry] of this.next) this.next.set(route, { ...entry, verified: found.get(entry.file) ?? null });
  }

  async keep(): Promise<void> {
    const manifest: Manifest = {
      ...this.hash,
      outDir: resolve(this.outDir),
      routes: Object.fromEntries(this.next),
      bundle: this.bundle,
      blobs: [...blobsAsked],
    };
    await this.store.keep(manifest);
    this.kept = manifest;
  }
}

export class BundleReuse {
  private readonly startedAt = Date.now();

  /** `madeWith`: whatever else decides the bundle's code (esbuild's version and options). */
  constructor(
    private readonly root: string,
    private readonly madeWith: (string | Uint8Array)[],
  ) {}

  reusable(kept: Iterable<KeptBundle>, entries: string[]): (KeptBundle & { bytes: Uint8Array }) | null {
    for (const bundle of kept) {
      try {
        if (entries.join("\n") !== bundle.entries.join("\n") || this.key(entries, bundle.graph, () => true) !== bundle.key) continue;
        const bytes = readBlob(bundleBlob(bundle.code), this.root);
        if (bytes && keyOf(bytes) === bundle.code) return { ...bundle, bytes };
      } catch {
        // a file of it is gone: not this one
      }
    }
    return null;
  }

  /** Keeps a new bundle's code, unless a file of it was saved while it was made (its key would hide that save). */
  async keep(entries: string[], graph: ImportGraph, traces: Traces, code: Uint8Array): Promise<KeptBundle | null> {
    const key = this.key(entries, graph, (path) => wholeVersion(path, this.startedAt) !== null);
    if (!key) return null;
    const bundle = { key, entries, graph, traces, code: keyOf(code) };
    await writeBlob(bundleBlob(bundle.code), code, this.root);
    return bundle;
  }

  private key(entries: string[], graph: ImportGraph, whole: (path: string) => boolean): string | null {
    const parts = [...this.madeWith, this.root, ...entries];
    for (const file of Object.keys(graph).sort()) {
      if (file.includes(":")) continue; // the generated entry's namespace ("entry:…"), none of the project's
      const path = join(this.root, file);
      if (!whole(path)) return null;
      parts.push(file, contentKey(path));
    }
    return keyOf(...parts);
  }
}
