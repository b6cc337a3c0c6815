// dist/ is updated in place: an unchanged file is not written again, and what the build no longer makes is removed.
import { mkdir, readdir, rmdir, unlink } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { readIfExists, writeWhole } from "../state/files.ts";

/** True when it wrote. Written whole, as the dev server serves dist/; an unchanged file keeps its time (and ETag). */
export async function writeIfChanged(file: string, data: string | Uint8Array): Promise<boolean> {
  const bytes = typeof data === "string" ? Buffer.from(data) : data;
  try {
    if (readIfExists(file)?.equals(bytes)) return false;
    await writeWhole(file, bytes).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
      await mkdir(dirname(file), { recursive: true });
      await writeWhole(file, bytes);
    });
  } catch (error) {
    // Node's message names no file where it fails to read a folder (EISDIR).
    throw new Error(`${file} cannot be written: ${(error as Error).message}`);
  }
  return true;
}

export async function removeStale(outDir: string, kept: Set<string>): Promise<string[]> {
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  const path = (entry: (typeof entries)[number]) => relative(outDir, join(entry.parentPath, entry.name));
  const removed = entries.flatMap((entry) => (entry.isDirectory() || kept.has(path(entry)) ? [] : [path(entry)])).sort();
  await Promise.all(removed.map((file) => unlink(join(outDir, file))));
  // Deepest first, so that a folder holding only emptied folders goes too.
  const folders = entries.filter((entry) => entry.isDirectory()).map(path);
  for (const folder of folders.sort().reverse()) {
    await rmdir(join(outDir, folder)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOTEMPTY") throw error;
    });
  }
  return removed;
}

export const listedShort = (files: string[]) => (files.length > 5 ? `${files.slice(0, 5).join(", ")} and ${files.length - 5} more` : files.join(", "));
