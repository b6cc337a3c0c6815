// Where what a run keeps lives. The blobs under .cache/blobs/, each named by the key of what it is made
// from: slow outputs (encoded images, compiled CSS, PDFs) are made once per distinct input, so a warm
// build never even loads sharp, Sass or pdf-lib. And behind one interface (as Fresh's one build cache
// with a store for each use), one output folder's manifest (engine/state/manifest.ts) and the pages'
// rendered bodies: the dev server's in memory between saves, a build's on disk, its bodies as blobs. What
// no manifest names any more is pruned when a build keeps its manifest.
import { existsSync, readdirSync, statSync } from "node:fs";
import { mkdir, rm, utimes } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { readIfExists, writeWhole } from "./files.ts";
import { keyOf } from "./key.ts";
import { bodyBlob, MANIFEST_FORMAT, type Manifest, named, type RouteEntry } from "./manifest.ts";

export const CACHE_DIR = ".cache";
export const BLOBS_DIR = join(CACHE_DIR, "blobs");

/** The blobs this run asked for (kind/key.extension), for its manifest: a run begins with none. */
export const blobsAsked = new Set<string>();

/** A blob's bytes (`name`: kind/file, under `root`'s blobs), or null when there is none; asking for it
 * names it in this run's manifest, so it is not pruned. */
export function readBlob(name: string, root = ""): Buffer | null {
  blobsAsked.add(name);
  return readIfExists(join(root, BLOBS_DIR, name));
}

/** Whether a blob is kept (`name`: kind/file), without asking for it. */
export const blobKept = (name: string): boolean => existsSync(join(BLOBS_DIR, name));

/** Keeps a blob (named in this run's manifest), its folder made first. */
export async function writeBlob(name: string, bytes: Uint8Array | string, root = ""): Promise<void> {
  blobsAsked.add(name);
  const file = join(root, BLOBS_DIR, name);
  await mkdir(dirname(file), { recursive: true });
  await writeWhole(file, bytes);
}

/** The bytes for this key: kept, or made now and kept for next time. `refresh`: each use restarts the
 * blob's hour of grace from pruning (one no build's manifest names: the dev server's). */
export async function cached(
  kind: string,
  key: string,
  extension: string,
  make: () => Promise<Uint8Array | string>,
  { refresh = false } = {},
): Promise<Buffer> {
  const name = `${kind}/${key}.${extension}`;
  const hit = readBlob(name);
  if (hit) {
    if (refresh) await utimes(join(BLOBS_DIR, name), new Date(), new Date()).catch(() => {});
    return hit;
  }
  const bytes = Buffer.from(await make());
  await writeBlob(name, bytes);
  return bytes;
}

/** A page's body as kept: its HTML and the islands it uses. */
export interface Body {
  bodyHtml: string;
  islands: string[];
}

export interface Store {
  /** The manifest the last run of this output folder kept, or null. */
  manifest(): Manifest | null;
  body(key: string): Body | null;
  keepBody(key: string, body: Body): Promise<void>;
  /** Keeps the manifest for the next run, and lets go of the bodies and blobs no manifest names. */
  keep(manifest: Manifest): Promise<void>;
  /** The other output folders' manifests (a build's, whose page bundle it may reuse; the dev server bundles none). */
  others(): Manifest[];
}

/** The dev server's: everything in memory, nothing pruned from disk. */
export class MemoryStore implements Store {
  private kept: Manifest | null = null;
  private readonly bodies = new Map<string, Body>();

  manifest = () => this.kept;
  body = (key: string) => this.bodies.get(key) ?? null;
  keepBody = async (key: string, body: Body) => void this.bodies.set(key, body);
  others = (): Manifest[] => [];

  async keep(manifest: Manifest): Promise<void> {
    this.kept = manifest;
    const names = named([manifest]);
    for (const key of this.bodies.keys()) if (!names.has(bodyBlob(key))) this.bodies.delete(key);
  }
}

/** Where a build keeps the manifest of one output folder: each folder its own, so building the test
 * sites leaves dist/'s alone. */
export function manifestFile(outDir: string): string {
  return join(CACHE_DIR, "out", keyOf(resolve(outDir)).slice(0, 16), "manifest.json");
}

/** A manifest on disk: the links and ids verification read are written once each (most pages share
 * theirs), pages naming them by index. */
interface StoredManifest {
  manifest: Omit<Manifest, "routes"> & { routes: Record<string, StoredRoute> };
  texts: string[];
}

type StoredRoute = Omit<RouteEntry, "verified"> & { verified: { key: string; links: number[]; ids: number[] } | null };

/** How long an unnamed blob is spared: another build still going (the test suite builds several folders
 * at once), or the dev server, which keeps no manifest on disk, may be using it. */
const GRACE_MS = 60 * 60 * 1000;

/** A build's: the manifest in .cache/out/, the bodies as blobs. */
export class DiskStore implements Store {
  private readonly file: string;
  private folderMade: Promise<unknown> | undefined;

  /** `graceMs`: how long an unnamed blob is spared from pruning. */
  constructor(
    outDir: string,
    private readonly graceMs = GRACE_MS,
  ) {
    this.file = manifestFile(outDir);
  }

  manifest(): Manifest | null {
    return readManifest(this.file);
  }

  body(key: string): Body | null {
    const stored = readIfExists(join(BLOBS_DIR, bodyBlob(key)));
    return stored ? (JSON.parse(stored.toString("utf8")) as Body) : null;
  }

  async keepBody(key: string, body: Body): Promise<void> {
    const file = join(BLOBS_DIR, bodyBlob(key));
    this.folderMade ??= mkdir(dirname(file), { recursive: true });
    await this.folderMade;
    await writeWhole(file, JSON.stringify(body));
  }

  async keep(manifest: Manifest): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true });
    const texts = new Map<string, number>();
    const index = (text: string) => {
      if (!texts.has(text)) texts.set(text, texts.size);
      return texts.get(text) as number;
    };
    const routes: Record<string, StoredRoute> = {};
    for (const [route, { verified, ...entry }] of Object.entries(manifest.routes)) {
      routes[route] = { ...entry, verified: verified && { key: verified.key, links: verified.links.map(index), ids: verified.ids.map(index) } };
    }
    await writeWhole(this.file, JSON.stringify({ manifest: { ...manifest, routes }, texts: [...texts.keys()] } satisfies StoredManifest));
    // Pruning saves space, never work: should another build prune the same files at once, this build
    // has still ended well.
    await this.prune(manifest).catch(() => {});
  }

  /** Every other output folder's manifest (of this format) whose folder is still there; `gone`: the
   * manifests of folders that are gone. */
  others(gone: string[] = []): Manifest[] {
    const folders = join(CACHE_DIR, "out");
    if (!existsSync(folders)) return [];
    const found: Manifest[] = [];
    for (const folder of readdirSync(folders)) {
      const file = join(folders, folder, "manifest.json");
      if (file === this.file) continue;
      const manifest = readManifest(file);
      if (manifest && statSync(manifest.outDir, { throwIfNoEntry: false })) found.push(manifest);
      else if (manifest) gone.push(dirname(file));
    }
    return found;
  }

  /** Removes the manifests of output folders that are gone, then every blob no manifest names that is
   * older than the grace. A folder without a manifest may be another build's, writing its first. */
  private async prune(own: Manifest): Promise<void> {
    const gone: string[] = [];
    const names = named([own, ...this.others(gone)]);
    await Promise.all(gone.map((folder) => rm(folder, { recursive: true, force: true })));
    const before = Date.now() - this.graceMs;
    const unnamed = readdirSync(BLOBS_DIR, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.name.endsWith(".tmp"))
      .map((entry) => join(entry.parentPath, entry.name))
      .filter((path) => !names.has(path.slice(BLOBS_DIR.length + 1)) && (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) <= before);
    await Promise.all(unnamed.map((path) => rm(path, { force: true })));
  }
}

/** The manifest in `file`, or null when there is none, it does not parse, or it is of another format. */
function readManifest(file: string): Manifest | null {
  try {
    const stored = JSON.parse(readIfExists(file)?.toString("utf8") ?? "null") as StoredManifest | null;
    if (!stored || stored.manifest?.format !== MANIFEST_FORMAT || !stored.manifest.routes || !Array.isArray(stored.texts)) return null;
    const text = (i: number) => stored.texts[i];
    const routes: Record<string, RouteEntry> = {};
    for (const [route, { verified, ...entry }] of Object.entries(stored.manifest.routes)) {
      routes[route] = { ...entry, verified: verified && { key: verified.key, links: verified.links.map(text), ids: verified.ids.map(text) } };
    }
    return { ...stored.manifest, routes };
  } catch {
    return null;
  }
}
