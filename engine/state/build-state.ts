// What a run keeps for the next one: the output folder's state, the last run's manifest and this run's as
// its steps fill it in, kept in a store once the run has ended well.
import { join, resolve } from "node:path";
import { filesKey, folderFiles, readIfExists } from "./files.ts";
import { keyOf } from "./key.ts";
import { type EngineHash, type KeptBundle, MANIFEST_FORMAT, type Manifest, type RouteEntry, usable, type Verified } from "./manifest.ts";
import { blobsAsked, type Store } from "./store.ts";

/** What every output depends on: the engine's sources (build.ts, engine/), the configuration, the lockfile. */
export function engineHash(config: unknown, root = "."): EngineHash {
  return {
    format: MANIFEST_FORMAT,
    engine: filesKey(root, ["build.ts", ...folderFiles(root, "engine")]),
    config: keyOf(JSON.stringify(config)),
    lockfile: keyOf(readIfExists(join(root, "package-lock.json")) ?? ""),
  };
}

/**
 * One output folder's state across runs: what the last run that ended well kept (`last`), and what this
 * run's steps record of each route as they go (`record`), kept in the store when the run ends well
 * (`keep`). A run that fails keeps nothing, so the next one decides against the last good one.
 */
export class OutputState {
  private kept: Manifest | null | undefined;
  private next = new Map<string, RouteEntry>();
  private bundle: KeptBundle | null = null;

  constructor(
    readonly store: Store,
    private readonly outDir: string,
    private readonly hash: EngineHash,
  ) {}

  /** A run begins: nothing recorded yet. */
  begin(): void {
    blobsAsked.clear();
    this.kept ??= usable(this.store.manifest(), this.hash);
    this.next = new Map();
    this.bundle = null;
  }

  /** What the last run kept of the route. */
  last(route: string): RouteEntry | undefined {
    return this.kept?.routes[route];
  }

  /** Records what this run made of the route (its body first, then its document, then what verifying it found). */
  record(route: string, made: Partial<RouteEntry>): void {
    const entry = this.next.get(route) ?? { file: "", body: null, islands: [], document: null, verified: null };
    this.next.set(route, { ...entry, ...made });
  }

  /** The page bundles kept by earlier builds of the same engine and lockfile, this folder's first: the
   * other folders' manifests are read only when it is not reused. */
  *bundles(): Generator<KeptBundle> {
    if (this.kept?.bundle) yield this.kept.bundle;
    const { engine, lockfile } = this.hash;
    for (const manifest of this.store.others()) if (manifest.bundle && manifest.engine === engine && manifest.lockfile === lockfile) yield manifest.bundle;
  }

  /** Records the page bundle the pages were loaded from. */
  recordBundle(bundle: KeptBundle): void {
    this.bundle = bundle;
  }

  /** Records what verification found in each route's document, by file. */
  recordVerified(found: Map<string, Verified>): void {
    for (const [route, entry] of this.next) this.next.set(route, { ...entry, verified: found.get(entry.file) ?? null });
  }

  /** The run ended well: its manifest is kept, naming the blobs it asked for. */
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
