// A build keeps its page bundle in .cache/server/ with what it was made from; the next build reuses it
// when the page files are the same and every file in the bundle has the same content. A build with
// nothing changed then skips esbuild: ~0.1 s on this site, ~0.4 s with a thousand more pages, where
// reading and hashing the bundle's files costs a few tens of ms. Only builds do this; the dev server
// keeps esbuild warm instead.
import { readFileSync, statSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { CACHE_DIR, cacheKey } from "./cache.ts";
import { writeWhole } from "./files.ts";

/** Each file in the bundle (relative to the root) and the project files it imports. */
export type ImportGraph = Record<string, string[]>;

interface Kept {
  key: string;
  pages: string[];
  graph: ImportGraph;
  /** The hash of the kept code: another build in the same checkout may replace it between two reads. */
  code: string;
}

const KEPT = join(CACHE_DIR, "server", "last-build");
/** Allowance for the file system's coarse clock (as in output.ts). */
const CLOCK_SLACK_MS = 50;

export class BundleReuse {
  private readonly startedAt = Date.now();
  /** Content hashes of the files read before bundling, to key what is kept without reading them twice. */
  private readonly hashes = new Map<string, string>();

  /** `salt`: whatever else decides the bundle's code (esbuild's version and options). */
  constructor(
    private readonly root: string,
    private readonly salt: (string | Uint8Array)[],
  ) {}

  /** The kept bundle, if `pages` are the page files it was made with and none of its files changed since. */
  reusable(pages: string[]): { code: Uint8Array; graph: ImportGraph } | null {
    try {
      const kept = JSON.parse(readFileSync(`${KEPT}.json`, "utf8")) as Kept;
      if (pages.join("\n") !== kept.pages.join("\n") || this.key(pages, kept.graph, (file) => this.read(file)) !== kept.key) return null;
      const code = readFileSync(`${KEPT}.mjs`);
      return cacheKey(code) === kept.code ? { code, graph: kept.graph } : null;
    } catch {
      return null;
    }
  }

  /** Keeps a new bundle for the next build, unless one of its files was saved while it was made. */
  async keep(pages: string[], graph: ImportGraph, code: Uint8Array): Promise<void> {
    // A file untouched since before this build began is what esbuild read, so its hash keys the bundle
    // truly; one saved since may not be, and keeping the bundle could hide that save from the next build.
    const settled = (file: string) => statSync(join(this.root, file)).mtimeMs < this.startedAt - CLOCK_SLACK_MS;
    let key: string | null;
    try {
      key = this.key(pages, graph, (file) => (settled(file) ? (this.hashes.get(file) ?? this.read(file)) : null));
    } catch {
      key = null; // a file is gone already
    }
    if (!key) return;
    await mkdir(dirname(KEPT), { recursive: true });
    // The code before the record naming it.
    await writeWhole(`${KEPT}.mjs`, code);
    await writeWhole(`${KEPT}.json`, JSON.stringify({ key, pages, graph, code: cacheKey(code) } satisfies Kept));
  }

  private read(file: string): string {
    const hash = cacheKey(readFileSync(join(this.root, file)));
    this.hashes.set(file, hash);
    return hash;
  }

  /** Null when `hashOf` has no trustworthy hash for a file. */
  private key(pages: string[], graph: ImportGraph, hashOf: (file: string) => string | null): string | null {
    const parts = [...this.salt, this.root, ...pages];
    for (const file of Object.keys(graph).sort()) {
      if (file.includes(":")) continue; // the generated entry, in a namespace of its own
      const hash = hashOf(file);
      if (hash === null) return null;
      parts.push(file, hash);
    }
    return cacheKey(...parts);
  }
}
