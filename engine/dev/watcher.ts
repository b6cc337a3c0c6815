// Watches the sources and the build's own code for saves, as editors make them (in place or by rename), never losing one.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { relative, sep } from "node:path";
import chokidar from "chokidar";
import { BUILD_SOURCES, SITE_SOURCES } from "../pipeline/sources.ts";

export const WATCHED = [...SITE_SOURCES, ...BUILD_SOURCES];
/** Editors' swap, backup and temporary files are not saves, nor `sed -i`'s (sed + 6 characters, renamed over the file). */
const NOT_A_SAVE = /(^|\/)\.|~$|\.swp$|\.tmp(\.|$)|(^|\/)4913$|(^|\/)sed[A-Za-z0-9]{6}$/;
/** Longer than chokidar's change throttle (50 ms). */
const SECOND_LOOK_MS = 80;

function digestOf(path: string): string | null {
  try {
    return createHash("sha1").update(readFileSync(path)).digest("hex");
  } catch {
    return null;
  }
}

/** Calls `saved` with each saved, added or removed file, once per save. chokidar drops a file's changes for 50 ms
 * after one it reports (an autosave's, a formatter's): each is looked at again after that, saved again if it differs. */
export function watchSaves(saved: (file: string) => void): void {
  const projectPath = (path: string) => relative(process.cwd(), path).split(sep).join("/");
  // The settings files are dotfiles (.env, .htmlvalidate.json), watched all the same.
  const ignored = (path: string) => !BUILD_SOURCES.includes(projectPath(path)) && NOT_A_SAVE.test(projectPath(path));
  const watcher = chokidar.watch(WATCHED, { ignoreInitial: true, ignored });
  watcher.on("all", (event, path) => {
    const file = projectPath(path);
    saved(file);
    if (event !== "add" && event !== "change") return;
    const reported = digestOf(path);
    setTimeout(() => {
      if (digestOf(path) !== reported) saved(file);
    }, SECOND_LOOK_MS);
  });
  watcher.on("error", (error) => console.error(`[dev] watching failed: ${(error as Error).message}`));
}
