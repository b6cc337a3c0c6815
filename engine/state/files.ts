// Reading and writing files, and the one rule for a file saved while it was read: an editor saving in place
// empties the file first, so a read may find it half-written.
import { existsSync, lstatSync, readdirSync, readFileSync, type Stats, statSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { keyOf } from "./key.ts";

/** The file's bytes, or null. Synchronous, and asked about first: for many small files, the fastest. */
export function readIfExists(file: string): Buffer | null {
  try {
    return existsSync(file) ? readFileSync(file) : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

let writes = 0;

export async function writeWhole(file: string, data: Uint8Array | string): Promise<void> {
  const temporary = `${file}.${process.pid}-${++writes}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

const versionIn = (stats: Stats) => `${stats.size}:${stats.mtimeMs}`;

export function fileVersion(file: string): string | null {
  const stats = statSync(file, { throwIfNoEntry: false });
  return stats ? versionIn(stats) : null;
}

/** The file system's clock is coarse: a file modified within this of a moment may have been saved after it. */
const CLOCK_SLACK_MS = 50;
const savedBefore = (stats: Stats, since: number) => stats.mtimeMs < since - CLOCK_SLACK_MS;

/** The file's version if a read begun at `since` found it whole (saved before; or, with `read`, unchanged since
 * the read began and read to its full size), else null. */
export function wholeVersion(file: string, since: number, read?: { version: string | undefined; bytes: number }): string | null {
  const stats = statSync(file, { throwIfNoEntry: false });
  if (!stats) return null;
  const version = versionIn(stats);
  return savedBefore(stats, since) || (read?.version === version && read.bytes === stats.size) ? version : null;
}

/** Waits, up to 100 ms, while a saved file is empty: the watcher may report a save in place half done. */
export async function landed(path: string): Promise<void> {
  for (let waited = 0; waited < 100 && statSync(path, { throwIfNoEntry: false })?.size === 0; waited += 5) {
    await new Promise((wake) => setTimeout(wake, 5));
  }
}

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

export function folderFiles(root: string, folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

/** Throws, naming each, when a folder is or holds a symbolic link: the build would publish wherever it leads. */
export function refuseLinks(root: string, folders: string[]): void {
  const refusal = (link: string, place: string) => {
    const kind = statSync(join(root, link), { throwIfNoEntry: false })?.isDirectory() ? "folder" : "file";
    return `${link} is a link to a ${kind} elsewhere; put the ${kind} itself in ${place}`;
  };
  const named = folders.flatMap((folder) => {
    const stats = lstatSync(join(root, folder), { throwIfNoEntry: false });
    if (stats?.isSymbolicLink()) return [refusal(folder, "its place")];
    if (!stats?.isDirectory()) return [];
    return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isSymbolicLink())
      .map((entry) => relative(root, join(entry.parentPath, entry.name)))
      .sort((a, b) => a.localeCompare(b))
      .map((link) => refusal(link, `${folder}/`));
  });
  if (named.length > 0) throw new Error(named.join("\n"));
}
