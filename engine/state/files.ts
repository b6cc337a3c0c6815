// Reading and writing the files the build's state is made from, and the one rule for a file saved while
// it was read: an editor saving in place empties the file first, so a read may find it half-written.
import { existsSync, lstatSync, readdirSync, readFileSync, type Stats, statSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { keyOf } from "./key.ts";

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

const versionIn = (stats: Stats) => `${stats.size}:${stats.mtimeMs}`;

/** A file's version: its size and modified time, one value that changes whenever anything writes the file;
 * null when there is no such file. A build records it beside what it wrote, to know next time that the
 * file is still what it wrote without reading it. */
export function fileVersion(file: string): string | null {
  const stats = statSync(file, { throwIfNoEntry: false });
  return stats ? versionIn(stats) : null;
}

/** The file system's clock is coarse: a file modified within this of a moment may have been saved after it. */
const CLOCK_SLACK_MS = 50;

/** Whether the file was surely saved before `since` (ms since the epoch): the one rule both reads below keep. */
const savedBefore = (stats: Stats, since: number) => stats.mtimeMs < since - CLOCK_SLACK_MS;

/** The file's version, when what a read of it begun at `since` (ms since the epoch) found is what it holds
 * now, whole: it was saved before the read began; else null (gone too). With `read` (the file's version as
 * the read began, and the bytes it read; -1: unknown), a file saved since counts too while it is unchanged
 * and was read to its full size (one read half-written had fewer bytes; any write since changed its version). */
export function wholeVersion(file: string, since: number, read?: { version: string | undefined; bytes: number }): string | null {
  const stats = statSync(file, { throwIfNoEntry: false });
  if (!stats) return null;
  const version = versionIn(stats);
  return savedBefore(stats, since) || (read?.version === version && read.bytes === stats.size) ? version : null;
}

/** Waits, up to 100 ms, while a saved file is empty: an editor's save in place empties the file and then
 * writes it, and the watcher may report the first. An empty page file has no default export, an empty content
 * file fails its check; one still empty after the wait is read as it is. */
export async function landed(path: string): Promise<void> {
  for (let waited = 0; waited < 100 && statSync(path, { throwIfNoEntry: false })?.size === 0; waited += 5) {
    await new Promise((wake) => setTimeout(wake, 5));
  }
}

/** Content keys by path, each with the version it was read at: kept only for a file saved before it was
 * read, so the same version is the same bytes (a later save moves its time past the clock's slack). */
const contentKeys = new Map<string, { version: string; key: string }>();

/** What a source file holds, hashed; for a folder collection's folder (a page bundle's input too), the
 * names of its files, so an entry added or removed changes it. A file is read again only when its version
 * moved: the dev server's runs read only what a save touched, not the ~55 files every page is made from. */
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

/** Each of these files of `root` (code, settings) by its path and bytes, keyed in one: a missing file as empty. */
export function filesKey(root: string, files: string[]): string {
  return keyOf(...files.flatMap((file) => [file, readIfExists(join(root, file)) ?? ""]));
}

/** Every file under `folder` (of `root`), in its subfolders too, by its path from `root`, in order: what a
 * key of the folder's contents reads (the engine hash, engine/pipeline/islands.ts). */
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
