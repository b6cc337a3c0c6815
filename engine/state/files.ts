// Reading and writing files, and the one rule for a file saved while it was read: an editor saving in place
// empties the file first, so a read may find it half-written.
import { existsSync, lstatSync, readdirSync, readFileSync, type Stats, statSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { keyOf } from "./key.ts";

/** The file's bytes, or null. Synchronous: for many small files, faster than fs/promises' round trips. A
 * missing file is asked about first: a failed read's error costs ~40 µs. */
export function readIfExists(file: string): Buffer | null {
  try {
    return existsSync(file) ? readFileSync(file) : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

let writes = 0;

/** Writes the file aside, then renames it over: no reader finds it half-written. */
export async function writeWhole(file: string, data: Uint8Array | string): Promise<void> {
  const temporary = `${file}.${process.pid}-${++writes}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

const versionIn = (stats: Stats) => `${stats.size}:${stats.mtimeMs}`;

/** A file's version: its size and modified time, which any write changes; null when there is none. */
export function fileVersion(file: string): string | null {
  const stats = statSync(file, { throwIfNoEntry: false });
  return stats ? versionIn(stats) : null;
}

/** The file system's clock is coarse: a file modified within this of a moment may have been saved after it. */
const CLOCK_SLACK_MS = 50;
const savedBefore = (stats: Stats, since: number) => stats.mtimeMs < since - CLOCK_SLACK_MS;

/** The file's version when a read of it begun at `since` found it whole: it was saved before; else null (gone
 * too). With `read` (its version as the read began, and the bytes read), a file saved since counts too while
 * unchanged and read to its full size (one read half-written had fewer bytes). */
export function wholeVersion(file: string, since: number, read?: { version: string | undefined; bytes: number }): string | null {
  const stats = statSync(file, { throwIfNoEntry: false });
  if (!stats) return null;
  const version = versionIn(stats);
  return savedBefore(stats, since) || (read?.version === version && read.bytes === stats.size) ? version : null;
}

/** Waits, up to 100 ms, while a saved file is empty: an editor's save in place empties the file and then
 * writes it, and the watcher may report the first. */
export async function landed(path: string): Promise<void> {
  for (let waited = 0; waited < 100 && statSync(path, { throwIfNoEntry: false })?.size === 0; waited += 5) {
    await new Promise((wake) => setTimeout(wake, 5));
  }
}

/** Content keys by path, with the version read: kept only for a file saved before it was read. */
const contentKeys = new Map<string, { version: string; key: string }>();

/** What a source file holds, hashed (a folder: its files' names), read again only when its version moved. */
export function contentKey(path: string): string {
  const stats = statSync(path);
  const version = versionIn(stats);
  const known = contentKeys.get(path);
  if (known?.version === version) return known.key;
  const readAt = Date.now();
  const key = stats.isDirectory() ? keyOf(...readdirSync(path).sort()) : keyOf(readFileSync(path));
  if (savedBefore(stats, readAt)) contentKeys.set(path, { version, key });
  return key;
}

export function filesKey(root: string, files: string[]): string {
  return keyOf(...files.flatMap((file) => [file, readIfExists(join(root, file)) ?? ""]));
}

/** Every file under `folder`, subfolders too, by its path from `root`, in order. */
export function folderFiles(root: string, folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

/** Throws, naming each, when a folder of `root` is or holds a symbolic link: the build would read (and
 * publish) wherever it leads. */
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
