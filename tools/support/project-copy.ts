// A throwaway copy of this project (what git tracks or would track, node_modules linked, the slow
// caches copied: encoded images, CSS, PDFs, the type check's record), for the dev server's tests and
// the benchmarks: they edit and grow the copy, never the repository.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

/** The slow caches a developer's checkout has warm, each kept by the hash of what it was made from, so a
 * copy may start with them: encoded images, compiled CSS, printed PDFs, the CMS's script and the dev
 * server's gzip of it, the type check's record, and the compiled build (commands/run.mjs). */
export const SLOW_CACHES = ["blobs/images", "blobs/styles", "blobs/pdfs", "blobs/cms", "blobs/gzip", "tsc", "engine"];

/** The verdicts a developer's checkout has warm, each kept by the content it judged alone, never by what a
 * build wrote: which pages html-validate found valid, and the content files' checks. A test that needs a
 * build without them ("cold") removes them. */
const VERDICTS = ["blobs/html", "blobs/checks"];

export interface ProjectCopy {
  dir: string;
  remove: () => void;
}

/** A copy's temporary folder, inside it. Not in .cache/: a cold build (the bench's, the tests') starts
 * without the build's caches, not without the compilations of tsx, which no build of ours makes. */
export const COPY_TMP = ".tmp";

/** The environment of a program run in a copy (`extra` added): its temporary folder is the copy's own.
 * tsx caches each file it compiles there by its path, and a copy's paths are new each time: in the
 * machine's temporary folder they would pile up, and every tsx program reads that folder's whole list. */
export function copyEnv(dir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...process.env, TMPDIR: join(dir, COPY_TMP), ...extra };
}

/** `warm`: bring the slow caches (images, CSS, PDFs, the type check's record) and the verdicts along, so the
 * copy builds and checks as a developer's checkout does. */
export function copyProject({ warm = true } = {}): ProjectCopy {
  const root = process.cwd();
  const dir = mkdtempSync(join(tmpdir(), "cedarline-copy-"));
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { encoding: "utf8" }).split("\0").filter(Boolean);
  for (const file of files) {
    if (!existsSync(file)) continue;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(file, join(dir, file));
  }
  symlinkSync(resolve(root, "node_modules"), join(dir, "node_modules"), "dir");
  mkdirSync(join(dir, COPY_TMP), { recursive: true });
  if (warm) {
    for (const cache of [...SLOW_CACHES, ...VERDICTS]) {
      if (existsSync(join(".cache", cache))) cpSync(join(".cache", cache), join(dir, ".cache", cache), { recursive: true });
    }
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** What `npm run build` runs (package.json), after `node`: the build compiled (commands/run.mjs). */
export const BUILD_COMMAND = ["commands/run.mjs", "build"];
