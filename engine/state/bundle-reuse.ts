// A build's page bundle (engine/pipeline/pages.ts) is kept for the next build: its code as a blob, what it
// was made from in the output folder's manifest. The next build reuses a kept bundle when its entry is the
// same and every file in it has the same content, so a build with nothing changed skips esbuild; any
// folder's manifest may offer one (the test sites share theirs). Only builds do this; the dev server loads
// the pages file by file instead (engine/pipeline/page-modules.ts).
import { join } from "node:path";
import { contentKey, wholeVersion } from "./files.ts";
import { keyOf } from "./key.ts";
import { bundleBlob, type ImportGraph, type KeptBundle, type Traces } from "./manifest.ts";
import { readBlob, writeBlob } from "./store.ts";

export class BundleReuse {
  private readonly startedAt = Date.now();

  /** `madeWith`: whatever else decides the bundle's code (esbuild's version and options, the entry). */
  constructor(
    private readonly root: string,
    private readonly madeWith: (string | Uint8Array)[],
  ) {}

  /** The first of the `kept` bundles made with these `entries` whose files are all unchanged since, with its code. */
  reusable(kept: Iterable<KeptBundle>, entries: string[]): (KeptBundle & { bytes: Uint8Array }) | null {
    for (const bundle of kept) {
      try {
        if (entries.join("\n") !== bundle.entries.join("\n") || this.key(entries, bundle.graph, () => true) !== bundle.key) continue;
        const bytes = readBlob(bundleBlob(bundle.code), this.root);
        // Its blob may be gone (pruned) or damaged.
        if (bytes && keyOf(bytes) === bundle.code) return { ...bundle, bytes };
      } catch {
        // a file of it is gone: not this one
      }
    }
    return null;
  }

  /** Keeps a new bundle's code, unless one of its files was saved while it was made (the key could then
   * hide that save from the next build); returns what the manifest names it by. */
  async keep(entries: string[], graph: ImportGraph, traces: Traces, code: Uint8Array): Promise<KeptBundle | null> {
    let key: string | null;
    try {
      key = this.key(entries, graph, (path) => wholeVersion(path, this.startedAt) !== null);
    } catch {
      key = null; // a file is gone already
    }
    if (!key) return null;
    const bundle = { key, entries, graph, traces, code: keyOf(code) };
    await writeBlob(bundleBlob(bundle.code), code, this.root);
    return bundle;
  }

  /** The key of the bundle's files' contents; null when a file is not `whole` as read or is gone. */
  private key(entries: string[], graph: ImportGraph, whole: (path: string) => boolean): string | null {
    const parts = [...this.madeWith, this.root, ...entries];
    for (const file of Object.keys(graph).sort()) {
      if (file.includes(":")) continue; // the generated entry, in a namespace of its own
      const path = join(this.root, file);
      if (!whole(path)) return null;
      parts.push(file, contentKey(path));
    }
    return keyOf(...parts);
  }
}
