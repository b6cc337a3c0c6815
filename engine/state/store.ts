// Blobs under .cache/blobs/, named by the key of what they are made from; and behind one interface, an output
// folder's manifest and the pages' bodies (in memory for the dev server, on disk for builds).
import { existsSync, readdirSync, statSync } from "node:fs";
import { mkdir, rm, utimes } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { readIfExists, writeWhole } from "./files.ts";
import { keyOf } from "./key.ts";
import { bodyBlob, MANIFEST_FORMAT, type Manifest, named } from "./manifest.ts";

export const CACHE_DIR = ".cache";
export const BLOBS_DIR = join(CACHE_DIR, "blobs");

/** The blobs this run asked for, which its manifest names. */
export const blobsAsked = new Set<string>();

export function readBlob(name: string, root = ""): Buffer | null {
  blobsAsked.add(name);
  return readIfExists(join(root, BLOBS_DIR, name));
}

export const blobKept = (name: string): boolean => existsSync(join(BLOBS_DIR, name));

export async function writeBlob(name: string, bytes: Uint8Array | string, root = ""): Promise<void> {
  blobsAsked.add(name);
  const file = join(root, BLOBS_DIR, name);
  await mkdir(dirname(file), { recursive: true });
  await writeWhole(file, bytes);
}

/** The bytes for this key, kept or made now. `refresh`: each use restarts the grace of a blob no manifest names. */
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

export interface Body {
  bodyHtml: string;
  islands: string[];
}

export interface Store {
  manifest(): Manifest | null;
  body(key: string): Body | null;
  keepBody(key: string, body: Body): Promise<void>;
  /** Also lets go of the bodies and blobs no manifest names. */
  keep(manifest: Manifest): Promise<void>;
  /** The other output folders' manifests, whose page bundle a build may reuse. */
  others(): Manifest[];
}

/** The dev server's: nothing pruned from disk. */
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

/** Each output folder's manifest apart, so building the test sites leaves dist/'s alone. */
export const manifestFile = (outDir: string) => join(CACHE_DIR, "out", keyOf(resolve(outDir)).slice(0, 16), "manifest.json");

/** How long an unnamed blob is spared: another build still going, or the dev server, may be using it. */
const GRACE_MS = 60 * 60 * 1000;

export class DiskStore implements Store {
  private readonly file: string;
  private folderMade: Promise<unknown> | undefined;

  constructor(
    outDir: string,
    private readonly graceMs = GRACE_MS,
  ) {
    this.file = manifestFile(outDir);
  }

  manifest = () => readManifest(this.file);

  body = (key: string): Body | null => JSON.parse(readIfExists(join(BLOBS_DIR, bodyBlob(key)))?.toString("utf8") ?? "null");

  async keepBody(key: string, body: Body): Promise<void> {
    const file = join(BLOBS_DIR, bodyBlob(key));
    this.folderMade ??= mkdir(dirname(file), { recursive: true });
    await this.folderMade;
    await writeWhole(file, JSON.stringify(body));
  }

  async keep(manifest: Manifest): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true });
    await writeWhole(this.file, JSON.stringify(manifest));
    // Pruning saves space, never work: another build pruning the same files at once is no failure.
    await this.prune(manifest).catch(() => {});
  }

  /** Every other output folder's manifest whose folder is still there; `gone`: those of folders gone. */
  others(gone: string[] = []): Manifest[] {
    const folders = join(CACHE_DIR, "out");
    const found: Manifest[] = [];
    for (const folder of existsSync(folders) ? readdirSync(folders) : []) {
      const file = join(folders, folder, "manifest.json");
      if (file === this.file) continue;
      const manifest = readManifest(file);
      if (manifest && statSync(manifest.outDir, { throwIfNoEntry: false })) found.push(manifest);
      else if (manifest) gone.push(dirname(file));
    }
    return found;
  }

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

function readManifest(file: string): Manifest | null {
  try {
    const manifest = JSON.parse(readIfExists(file)?.toString("utf8") ?? "null") as Manifest | null;
    return manifest?.format === MANIFEST_FORMAT && manifest.routes ? manifest : null;
  } catch {
    return null;
  }
}
