// What a run keeps for the next one: the output folder's state (the last run's manifest, and this run's
// as its steps fill it in, kept in a store once the run has ended well), and the one clock rule.
import { statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { KeptBundle } from "./bundle-reuse.ts";
import { blobsAsked, cacheKey, filesKey } from "./cache.ts";
import { folderFiles, readIfExists } from "./files.ts";
import { type Fingerprint, MANIFEST_VERSION, type Manifest, type RouteEntry, usable, type Verified } from "./manifest.ts";
import type { Store } from "./store.ts";

/** What every output depends on: the engine's sources (build.ts, engine/), the configuration, the lockfile. */
export function fingerprintOf(config: unknown, root = "."): Fingerprint {
  return {
    version: MANIFEST_VERSION,
    engine: filesKey(root, ["build.ts", ...folderFiles(root, "engine")]),
    config: cacheKey(JSON.stringify(config)),
    lockfile: cacheKey(readIfExists(join(root, "package-lock.json")) ?? ""),
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
    private readonly fingerprint: Fingerprint,
  ) {}

  /** A run begins: nothing recorded yet. */
  begin(): void {
    blobsAsked.clear();
    this.kept ??= usable(this.store.manifest(), this.fingerprint);
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

  /** The server bundles kept by earlier builds of the same engine and lockfile (engine/state/bundle-reuse.ts),
   * this folder's first: the other folders' manifests are read only when it is not reused. */
  *bundles(): Generator<KeptBundle> {
    if (this.kept?.bundle) yield this.kept.bundle;
    const { engine, lockfile } = this.fingerprint;
    for (const manifest of this.store.others()) if (manifest.bundle && manifest.engine === engine && manifest.lockfile === lockfile) yield manifest.bundle;
  }

  /** Records the server bundle the pages were loaded from. */
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
      ...this.fingerprint,
      outDir: resolve(this.outDir),
      routes: Object.fromEntries(this.next),
      bundle: this.bundle,
      blobs: [...blobsAsked],
    };
    await this.store.keep(manifest);
    this.kept = manifest;
  }
}

/** The file system's clock is coarse: a file modified within this of a moment may have been saved after it. */
const CLOCK_SLACK_MS = 50;

/** Whether the file was last saved before `moment` (ms since the epoch), surely: what was read of it
 * after that moment is what it holds, so a result made from it may be kept under its content. */
export function savedBefore(file: string, moment: number): boolean {
  return statSync(file).mtimeMs < moment - CLOCK_SLACK_MS;
}
