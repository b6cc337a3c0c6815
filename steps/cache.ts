// A content-addressed cache in .cache/: slow outputs (encoded images, compiled CSS, PDFs) are made
// once per distinct input, so a warm build never even loads sharp, Sass or pdf-lib.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { readIfExists, writeWhole } from "./files.ts";

export const CACHE_DIR = ".cache";

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
  const file = join(CACHE_DIR, kind, `${key}.${extension}`);
  const hit = readIfExists(file);
  if (hit) return hit;
  const made = await make();
  const bytes = typeof made === "string" ? Buffer.from(made) : Buffer.from(made);
  await mkdir(join(CACHE_DIR, kind), { recursive: true });
  await writeWhole(file, bytes);
  return bytes;
}
