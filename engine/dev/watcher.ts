// Watches the project's source folders and the build's own code for saves, as editors make them (in
// place, or by writing a temporary file and renaming it over the file), and never loses one.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { relative, sep } from "node:path";
import chokidar from "chokidar";
import { BUILD_SOURCES, SITE_SOURCES } from "../pipeline/sources.ts";

/** What the site is made of, and the build's own code and settings (whose change restarts the server). */
export const WATCHED = [...SITE_SOURCES, ...BUILD_SOURCES];
/** Editors' swap, backup and temporary files are not saves, nor `sed -i`'s (sed + 6 characters, renamed
 * over the file it edits; seen as a save of its own, it made an empty update ahead of the real one). */
const NOT_A_SAVE = /(^|\/)\.|~$|\.swp$|\.tmp(\.|$)|(^|\/)4913$|(^|\/)sed[A-Za-z0-9]{6}$/;

/** Longer than chokidar's change throttle (50 ms), after which it reports a file's changes again. */
const SECOND_LOOK_MS = 80;

/** The file's bytes, as a digest; null when it is gone. */
function digestOf(path: string): string | null {
  try {
    return createHash("sha1").update(readFileSync(path)).digest("hex");
  } catch {
    return null;
  }
}

/**
 * chokidar drops every change to a file within 50 ms of the change it reported (its change throttle): a
 * second save that quickly (an autosave, a formatter's rewrite) was lost. So each reported file is looked
 * at again once that window has passed, and is saved again if its bytes differ from what they were when
 * it was reported. At worst that is one needless update, never a lost save.
 */
function secondLook(path: string, changedAgain: () => void): void {
  const reported = digestOf(path);
  setTimeout(() => {
    if (digestOf(path) !== reported) changedAgain();
  }, SECOND_LOOK_MS);
}

/** Calls `saved` with each saved, added or removed file (project-relative), once per save. */
export function watchSaves(saved: (file: string) => void): void {
  const projectPath = (path: string) => relative(process.cwd(), path).split(sep).join("/");
  // The settings files are dotfiles (.env, .htmlvalidate.json) and are watched all the same.
  const ignored = (path: string) => !BUILD_SOURCES.includes(projectPath(path)) && NOT_A_SAVE.test(projectPath(path));
  const watcher = chokidar.watch(WATCHED, { ignoreInitial: true, ignored });
  watcher.on("all", (event, path) => {
    const file = projectPath(path);
    saved(file);
    if (event === "add" || event === "change") secondLook(path, () => saved(file));
  });
  watcher.on("error", (error) => console.error(`[dev] watching failed: ${(error as Error).message}`));
}
