// What a build keeps for the next one, in one place: where it keeps it (.cache/, a folder per output
// folder for what describes that folder), the records' format, and the one clock rule. A record of
// another format, or a damaged or missing one, reads as none: the work it would have saved is done
// again. The dev server keeps the same state in memory instead (each step's own fields).
import { statSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { CACHE_DIR, cacheKey } from "./cache.ts";
import { readIfExists, writeWhole } from "./files.ts";

/** The format of every record; raise it when any record's shape changes. */
export const RECORD_FORMAT = 2;

/** The file system's clock is coarse: a file modified within this of a moment may have been saved after it. */
const CLOCK_SLACK_MS = 50;

/** Whether the file was last saved before `moment` (ms since the epoch), surely: what was read of it
 * after that moment is what it holds, so a result made from it may be kept under its content. */
export function savedBefore(file: string, moment: number): boolean {
  return statSync(file).mtimeMs < moment - CLOCK_SLACK_MS;
}

/** Where a build keeps what describes one output folder (what it wrote there, what it verified there):
 * each folder its own, so building the test sites leaves dist/'s record alone. */
export function outputRecord(outDir: string, name: string): string {
  return join(CACHE_DIR, "out", cacheKey(resolve(outDir)).slice(0, 16), `${name}.json`);
}

/** What a build kept in `file` for the next one, or null when there is none, it does not parse, or it
 * is of another format. */
export function readRecord<T>(file: string): T | null {
  try {
    const kept = JSON.parse(readIfExists(file)?.toString("utf8") ?? "null") as { format?: number; value: T } | null;
    return kept?.format === RECORD_FORMAT ? kept.value : null;
  } catch {
    return null;
  }
}

/** The records of the layout before a folder per output folder, which nothing reads any more. */
const OLD_RECORDS = ["documents.json", "verified.json"].map((name) => join(CACHE_DIR, name));

/** Keeps `value` in `file` for the next build, whole (see writeWhole), its folder made first; the old
 * layout's records go. */
export async function keepRecord(file: string, value: unknown): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await Promise.all([writeWhole(file, JSON.stringify({ format: RECORD_FORMAT, value })), ...OLD_RECORDS.map((old) => rm(old, { force: true }))]);
}
