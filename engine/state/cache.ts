// Keys, and the content-addressed blobs in .cache/blobs/: slow outputs (encoded images, compiled CSS,
// PDFs) are made once per distinct input, so a warm build never even loads sharp, Sass or pdf-lib. The
// blobs a run asks for are named in its manifest (engine/state/store.ts), which is what keeps them from pruning.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { mkdir, utimes } from "node:fs/promises";
import { dirname, join } from "node:path";
import { readIfExists, writeWhole } from "./files.ts";

export const CACHE_DIR = ".cache";
export const BLOBS_DIR = join(CACHE_DIR, "blobs");

/** The blobs this run asked for (kind/key.extension), for its manifest: a run begins with none. */
export const blobsAsked = new Set<string>();

export function cacheKey(...parts: (string | Uint8Array)[]): string {
  return cacheKeys(...parts)();
}

/** Each of these files of `root` (code, settings) by its path and bytes, hashed in one: a missing file as empty. */
export function filesKey(root: string, files: string[]): string {
  return cacheKey(...files.flatMap((file) => [file, readIfExists(join(root, file)) ?? ""]));
}

/** What a source file holds, hashed; for a folder collection's folder (a page bundle's input too), the
 * names of its files, so an entry added or removed changes it. */
export function sourceKey(path: string): string {
  return statSync(path).isDirectory() ? cacheKey(...readdirSync(path).sort()) : cacheKey(readFileSync(path));
}

/** cacheKey for many things that share their first parts (the fonts of every social card): those are
 * hashed once, and each call adds the rest. `cacheKeys(a, b)(c)` equals `cacheKey(a, b, c)`. */
export function cacheKeys(...shared: (string | Uint8Array)[]): (...rest: (string | Uint8Array)[]) => string {
  const prefix = createHash("sha256");
  for (const part of shared) prefix.update(part).update("\0");
  return (...rest) => {
    const hash = prefix.copy();
    for (const part of rest) hash.update(part).update("\0");
    return hash.digest("hex");
  };
}

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

/** The bytes for this key: from the cache, or made now and kept for next time. `refresh`: each use
 * restarts the blob's hour of grace from pruning (one no build's manifest names: the dev server's). */
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
