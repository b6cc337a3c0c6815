// dist/ is updated in place, not wiped: a file whose bytes are unchanged is not written again (a large
// site's rebuild then writes only what changed), and whatever the build does not make is removed at the end.
import { readdir, rmdir, unlink } from "node:fs/promises";
import { join } from "node:path";
import { readIfExists, writeWhole } from "./files.ts";

/** Writes the file unless it already holds exactly this text; true when it wrote. */
export async function writeIfChanged(file: string, text: string): Promise<boolean> {
  if (readIfExists(file)?.toString("utf8") === text) return false;
  // Whole or not at all: the dev server serves dist/ while it is written, and a page read half-written
  // was served as an empty document (a new page, fetched the moment it was written, stayed blank).
  await writeWhole(file, text);
  return true;
}

/** Removes every file under `outDir` that this build does not make (`kept`, dist-relative), and the
 * folders that leaves empty. Returns what it removed. */
export async function removeStale(outDir: string, kept: Set<string>): Promise<string[]> {
  const removed: string[] = [];
  const sweep = async (dir: string, relative: string): Promise<boolean> => {
    const entries = await readdir(dir, { withFileTypes: true });
    let left = entries.length;
    await Promise.all(
      entries.map(async (entry) => {
        const path = join(dir, entry.name);
        const name = relative ? `${relative}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (await sweep(path, name)) left--;
          return;
        }
        if (kept.has(name)) return;
        await unlink(path);
        removed.push(name);
        left--;
      }),
    );
    if (left === 0 && relative) await rmdir(dir);
    return left === 0;
  };
  await sweep(outDir, "");
  return removed.sort();
}
