// A throwaway copy of this project (what git tracks or would track, node_modules linked, the slow
// caches copied: encoded images, CSS, PDFs, the type check's record), for the dev server's tests and
// the benchmarks: they edit and grow the copy, never the repository.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

/** A page's source with another title in its metadata: a new page of the same shape. */
export function retitled(pageSource: string, title: string): string {
  const changed = pageSource.replace(/(\n\s*title: )[^\n]+,/, `$1${JSON.stringify(title)},`);
  if (changed === pageSource) throw new Error("the page's meta has no title line to change");
  return changed;
}

/** The slow caches a developer's checkout has warm, each kept by the hash of what it was made from, so a
 * copy may start with them: encoded images, compiled CSS, printed PDFs, the CMS's script and the dev
 * server's gzip of it, the type check's record, and the compiled build (commands/run.mjs). */
export const SLOW_CACHES = ["blobs/images", "blobs/styles", "blobs/pdfs", "blobs/cms", "blobs/gzip", "tsc", "engine"];

/** The verdicts a developer's checkout has warm, each kept by the content it judged alone, never by what a
 * build wrote: which pages html-validate found valid, and the content files' checks. A test that needs a
 * build without them ("cold") removes them. */
export const VERDICTS = ["blobs/html", "blobs/checks"];

export interface ProjectCopy {
  dir: string;
  remove: () => void;
}

/** Leaves the copy's .cache/ nothing but the slow caches: no manifest, no rendered body, no verdict. */
export function forgetBuilds(dir: string, folder = ""): void {
  for (const entry of readdirSync(join(dir, ".cache", folder))) {
    const path = folder ? `${folder}/${entry}` : entry;
    if (SLOW_CACHES.includes(path)) continue;
    if (SLOW_CACHES.some((slow) => slow.startsWith(`${path}/`))) forgetBuilds(dir, path);
    else rmSync(join(dir, ".cache", path), { recursive: true, force: true });
  }
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

/** What a build in a copy did: whether it passed, all it printed, and apart its exit code, standard output and standard error. */
const copyBuild = (status: number | null, stdout: string, stderr: string) => ({ ok: status === 0, output: `${stdout}${stderr}`, status, stdout, stderr });
type CopyBuild = ReturnType<typeof copyBuild>;

/** `npm run build` in a copy, as a developer runs it (without npm's own start-up), into `outDir`; `env` adds settings (BUILD_DATE). */
export function buildCopy(dir: string, outDir = "dist", env: NodeJS.ProcessEnv = {}): CopyBuild {
  const result = spawnSync(process.execPath, BUILD_COMMAND, { cwd: dir, encoding: "utf8", env: copyEnv(dir, { OUT_DIR: outDir, ...env }) });
  return copyBuild(result.status, result.stdout, result.stderr);
}

/** buildCopy without blocking this process while the build runs: a test sharing its process with others
 * (a server of its own answering them) must keep answering meanwhile. */
export function buildCopyAsync(dir: string, outDir = "dist", env: NodeJS.ProcessEnv = {}): Promise<CopyBuild> {
  const child = spawn(process.execPath, BUILD_COMMAND, { cwd: dir, env: copyEnv(dir, { OUT_DIR: outDir, ...env }) });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (text: string) => {
    stdout += text;
  });
  child.stderr.setEncoding("utf8").on("data", (text: string) => {
    stderr += text;
  });
  return new Promise((done, fail) => {
    child.on("error", fail);
    child.on("close", (status) => done(copyBuild(status, stdout, stderr)));
  });
}
