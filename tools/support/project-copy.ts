// A throwaway copy of this project (what git tracks or would track, node_modules linked): tests and the bench edit it, never the repository.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

/** The slow caches a developer's checkout has warm, each kept by the hash of what it was made from: encoded images,
 * compiled CSS, printed PDFs, the CMS's script and its gzip, the type check's record, the compiled build. */
export const SLOW_CACHES = ["blobs/images", "blobs/styles", "blobs/pdfs", "blobs/cms", "blobs/gzip", "tsc", "engine"];
/** The verdicts it has warm, each kept by the content it judged, never by what a build wrote: the pages html-validate
 * found valid, the content files' checks. A "cold" build removes them. */
const VERDICTS = ["blobs/html", "blobs/checks"];

/** A copy's temporary folder, inside it and not in .cache/: a cold build starts without the build's caches, not
 * without tsx's compilations, which no build of ours makes. */
export const COPY_TMP = ".tmp";
/** The environment of a program run in a copy: tsx caches each file it compiles in TMPDIR by its path, and a copy's
 * paths are new each time; in the machine's temporary folder they would pile up, and every tsx program lists it. */
export const copyEnv = (dir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ ...process.env, TMPDIR: join(dir, COPY_TMP), ...extra });
export type ProjectCopy = ReturnType<typeof copyProject>;

/** `warm`: with the slow caches and the verdicts, as a developer's checkout. */
export function copyProject({ warm = true } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "cedarline-copy-"));
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { encoding: "utf8" }).split("\0");
  for (const file of files.filter((file) => file && existsSync(file))) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(file, join(dir, file));
  }
  symlinkSync(resolve("node_modules"), join(dir, "node_modules"), "dir");
  mkdirSync(join(dir, COPY_TMP), { recursive: true });
  for (const cache of warm ? [...SLOW_CACHES, ...VERDICTS] : []) {
    if (existsSync(join(".cache", cache))) cpSync(join(".cache", cache), join(dir, ".cache", cache), { recursive: true });
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** What `npm run build` runs after `node`: the build compiled (commands/run.mjs). */
export const BUILD_COMMAND = ["commands/run.mjs", "build"];
