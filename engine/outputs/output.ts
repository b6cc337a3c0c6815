// dist/ is updated in place, not wiped: a file whose bytes are unchanged is not written again (a large
// site's rebuild then writes only what changed), and whatever the build does not make is removed at the end.
import { readdir, rmdir, unlink } from "node:fs/promises";
import { join } from "node:path";
import { readIfExists, writeWhole } from "../state/files.ts";

/** Writes the file unless it already holds exactly these bytes; true when it wrote. Whole or not at all,
 * as the dev server serves dist/ while it is written (a page or chunk read half-written broke the page);
 * an unchanged file keeps its time, so a browser's copy of it stays valid. */
export async function writeIfChanged(file: string, data: string | Uint8Array): Promise<boolean> {
  const bytes = typeof data === "string" ? Buffer.from(data) : data;
  try {
    if (readIfExists(file)?.equals(bytes)) return false;
    await writeWhole(file, bytes);
  } catch (error) {
    // Node's message names no file where it fails to read a folder (EISDIR).
    throw new Error(`${file} cannot be written: ${(error as Error).message}`);
  }
  return true;
}

/** Removes every file under `outDir` that this build does not make (`kept`), and the folders that leaves
 * empty; returns what it removed. */
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

/** Files named in a line: the first five, then how many more. */
export function listedShort(files: string[]): string {
  return files.length > 5 ? `${files.slice(0, 5).join(", ")} and ${files.length - 5} more` : files.join(", ");
}
