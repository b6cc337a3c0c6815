// A build's server bundle (engine/pipeline/pages.ts) is kept for the next build: its code as a blob of the store,
// what it was made from in the output folder's manifest. The next build reuses a kept bundle when its
// entry is the same and every file in it has the same content, so a build with nothing changed skips
// esbuild; any folder's manifest may offer one (the test sites share theirs). Only builds do this; the
// dev server loads the pages file by file instead (engine/pipeline/page-modules.ts).
import { join } from "node:path";
import { savedBefore } from "./build-state.ts";
import { cacheKey, readBlob, sourceKey, writeBlob } from "./cache.ts";
import { bundleBlob } from "./manifest.ts";

/** Each file in the bundle (relative to the root) and the project files it imports. */
export type ImportGraph = Record<string, string[]>;

/** A collection's template as traced (engine/state/page-sources.ts): the files its component and meta use, and
 * those the trace read and left out, with how many bytes it read of each (-1: a plugin's, unknown). A file
 * read half-written (emptied by an editor saving in place) is left out although the bundle may use it. */
export interface Trace {
  used: string[];
  leftOut: Record<string, number>;
}

/** Each collection's page file and its template's trace (null: it could not be traced). */
export type Traces = Record<string, Trace | null>;

/** A kept bundle, as the manifest names it. */
export interface KeptBundle {
  key: string;
  /** What the bundle's entry was made from: the page files. */
  entries: string[];
  graph: ImportGraph;
  /** Each collection's template inputs as traced with this bundle (engine/state/page-sources.ts), or null where it could
   * not be traced: a trace reads only files of the bundle, so it holds while the bundle does. */
  traces: Traces;
  /** The hash of the kept code, which names its blob. */
  code: string;
}

export class BundleReuse {
  private readonly startedAt = Date.now();
  /** Content hashes of the files read before bundling, to key what is kept without reading them twice. */
  private readonly hashes = new Map<string, string>();

  /** `salt`: whatever else decides the bundles' code (esbuild's version and options, the entry). */
  constructor(
    private readonly root: string,
    private readonly salt: (string | Uint8Array)[],
  ) {}

  /** The first of the `kept` bundles made with these `entries` whose files are all unchanged since, with its code. */
  reusable(kept: Iterable<KeptBundle>, entries: string[]): (KeptBundle & { bytes: Uint8Array }) | null {
    for (const bundle of kept) {
      try {
        if (entries.join("\n") !== bundle.entries.join("\n") || this.key(entries, bundle.graph, (file) => this.read(file)) !== bundle.key) continue;
        const bytes = readBlob(bundleBlob(bundle.code), this.root);
        // Its blob may be gone (pruned) or damaged.
        if (bytes && cacheKey(bytes) === bundle.code) return { ...bundle, bytes };
      } catch {
        // a file of it is gone: not this one
      }
    }
    return null;
  }

  /** Keeps a new bundle's code, unless one of its files was saved while it was made; returns what the
   * manifest names it by. */
  async keep(entries: string[], graph: ImportGraph, traces: Traces, code: Uint8Array): Promise<KeptBundle | null> {
    // A file untouched since before this build began is what esbuild read, so its hash keys the bundle
    // truly; one saved since may not be, and keeping the bundle could hide that save from the next build.
    const settled = (file: string) => savedBefore(join(this.root, file), this.startedAt);
    let key: string | null;
    try {
      key = this.key(entries, graph, (file) => (settled(file) ? this.read(file) : null));
    } catch {
      key = null; // a file is gone already
    }
    if (!key) return null;
    const bundle = { key, entries, graph, traces, code: cacheKey(code) };
    await writeBlob(bundleBlob(bundle.code), code, this.root);
    return bundle;
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
