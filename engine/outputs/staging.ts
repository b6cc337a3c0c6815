// A build writes into hard-linked copies of the output folders, swapped in once it ended well: a failed or stopped
// build leaves the last good site. Links are safe as no step writes into a file (writeIfChanged renames).
import { existsSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";

export type OutputFolders = { outDir: string; hostsDir: string };
/** A copy being built, and the live folder moved aside for it, each named by the build's process id. */
const BUILDING = ".building-";
const REPLACED = ".replaced-";
/** No process has this id, or this one does (a container's builds often get the same id). */
function stopped(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    return !process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "EPERM";
  }
}

/** What stopped builds left beside `folder`: a swap stopped halfway is finished (or undone), the rest removed. */
function tidy(folder: string): void {
  const parent = dirname(folder);
  if (!existsSync(parent)) return;
  const left = readdirSync(parent).flatMap((entry) => {
    const kind = [BUILDING, REPLACED].find((mark) => entry.startsWith(`${basename(folder)}${mark}`));
    const pid = kind ? entry.slice(basename(folder).length + kind.length) : "";
    return kind && /^\d+$/.test(pid) && stopped(Number(pid)) ? [{ path: join(parent, entry), kind, pid }] : [];
  });
  if (!existsSync(folder)) {
    const verified = left.find(({ kind, pid }) => kind === BUILDING && left.some((other) => other.kind === REPLACED && other.pid === pid));
    const back = verified ?? left.find(({ kind }) => kind === REPLACED);
    if (back) renameSync(back.path, folder);
  }
  for (const { path } of left) rmSync(path, { recursive: true, force: true });
}

function linkCopy(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  if (!existsSync(from)) return;
  for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
    const target = join(to, relative(from, join(entry.parentPath, entry.name)));
    if (entry.isDirectory()) mkdirSync(target);
    else linkSync(join(entry.parentPath, entry.name), target);
  }
}

export async function staged<T>(live: OutputFolders, build: (into: OutputFolders) => Promise<T>): Promise<T> {
  const pairs = [live.outDir, live.hostsDir].map((folder) => ({
    folder,
    copy: `${folder}${BUILDING}${process.pid}`,
    aside: `${folder}${REPLACED}${process.pid}`,
  }));
  try {
    for (const { folder, copy } of pairs) {
      tidy(folder);
      linkCopy(folder, copy);
    }
  } catch (error) {
    for (const { copy } of pairs) rmSync(copy, { recursive: true, force: true });
    throw new Error(
      `${live.outDir}/ could not be copied beside itself to build into (${(error as Error).message}); set OUT_DIR to a folder you may write beside`,
    );
  }
  try {
    const made = await build({ outDir: pairs[0].copy, hostsDir: pairs[1].copy });
    // Back to back: a build stopped between two renames leaves a swap that the next build finishes (tidy).
    try {
      for (const { folder, copy, aside } of pairs) {
        if (existsSync(folder)) renameSync(folder, aside);
        renameSync(copy, folder);
      }
    } catch (error) {
      for (const { folder, aside } of pairs) if (!existsSync(folder) && existsSync(aside)) renameSync(aside, folder);
      throw new Error(
        `${live.outDir}/ could not be replaced by the verified build (${(error as Error).message}): a build renames the folder, so OUT_DIR may not be a mount point`,
      );
    }
    return made;
  } catch (error) {
    if (error instanceof Error) for (const { folder, copy } of pairs) error.message = error.message.replaceAll(copy, folder);
    throw error;
  } finally {
    for (const { folder, copy, aside } of pairs) {
      rmSync(copy, { recursive: true, force: true });
      // The last good site is never removed before its copy has taken its place.
      if (existsSync(folder)) rmSync(aside, { recursive: true, force: true });
    }
  }
}
