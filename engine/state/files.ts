// The file operations the build's caches and its output share.
import { existsSync, lstatSync, readdirSync, readFileSync, statSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";

/** The file's bytes, or null when there is no such file. Synchronous: for a thousand small files,
 * fs/promises' open, stat, read and close round trips cost ~0.2 s where reading them in turn costs a
 * few tens of ms. A missing file is asked about first: a cold build of 10,000 pages looks for 30,000
 * files that are not there (bodies, verdicts, pages), and each failed read's error cost ~40 µs. */
export function readIfExists(file: string): Buffer | null {
  if (!existsSync(file)) return null;
  try {
    return readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

let writes = 0;

/** Writes the file whole or not at all (aside, then renamed over it), so another build in the same
 * checkout never reads it half-written. */
export async function writeWhole(file: string, data: Uint8Array | string): Promise<void> {
  const temporary = `${file}.${process.pid}-${++writes}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

/** A file's size and modification time, as one value that changes whenever anything writes the file;
 * null when there is no such file. A build records it beside what it wrote, to know next time that
 * the file is still what it wrote without reading it. */
export function stampOf(file: string): string | null {
  const stats = statSync(file, { throwIfNoEntry: false });
  return stats ? `${stats.size}:${stats.mtimeMs}` : null;
}

/** Every file under `folder` (of `root`), in its subfolders too, by its path from `root`, in order: what a
 * key of the folder's contents reads (engine/state/build-state.ts, engine/pipeline/islands.ts). */
export function folderFiles(root: string, folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

/** Throws, naming each, when a folder of `root` is or holds a symbolic link: the build would read (and
 * publish) wherever it leads, a file of the machine outside the project as well as one in it. */
export function refuseLinks(root: string, folders: string[]): void {
  const links = folders.flatMap((folder): [link: string, place: string][] => {
    const stats = lstatSync(join(root, folder), { throwIfNoEntry: false });
    if (stats?.isSymbolicLink()) return [[folder, "its place"]];
    if (!stats?.isDirectory()) return [];
    return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isSymbolicLink())
      .map((entry): [string, string] => [relative(root, join(entry.parentPath, entry.name)), `${folder}/`])
      .sort(([a], [b]) => a.localeCompare(b));
  });
  const named = links.map(([link, place]) => {
    const kind = statSync(join(root, link), { throwIfNoEntry: false })?.isDirectory() ? "folder" : "file";
    return `${link} is a link to a ${kind} elsewhere; put the ${kind} itself in ${place}`;
  });
  if (named.length > 0) throw new Error(named.join("\n"));
}
