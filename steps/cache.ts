// Keys, and the content-addressed blobs in .cache/blobs/: slow outputs (encoded images, compiled CSS,
// PDFs) are made once per distinct input, so a warm build never even loads sharp, Sass or pdf-lib. The
// blobs a run asks for are named in its manifest (steps/store.ts), which is what keeps them from pruning.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { readIfExists, writeWhole } from "./files.ts";

export const CACHE_DIR = ".cache";
export const BLOBS_DIR = join(CACHE_DIR, "blobs");

/** The blobs this run asked for (kind/key.extension), for its manifest. */
const asked = new Set<string>();

export function blobsAsked(): string[] {
  return [...asked];
}

/** A run begins: it names only the blobs it asks for itself. */
export function forgetBlobsAsked(): void {
  asked.clear();
}

export function cacheKey(...parts: (string | Uint8Array)[]): string {
  return cacheKeys(...parts)();
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

/** The bytes for this key: from the cache, or made now and kept for next time. */
export async function cached(kind: string, key: string, extension: string, make: () => Promise<Uint8Array | string>): Promise<Buffer> {
  const name = `${kind}/${key}.${extension}`;
  asked.add(name);
  const file = join(BLOBS_DIR, name);
  const hit = readIfExists(file);
  if (hit) return hit;
  const made = await make();
  const bytes = typeof made === "string" ? Buffer.from(made) : Buffer.from(made);
  await mkdir(join(BLOBS_DIR, kind), { recursive: true });
  await writeWhole(file, bytes);
  return bytes;
}
