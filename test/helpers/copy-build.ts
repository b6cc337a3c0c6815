// What the tests do with a project copy (tools/support/project-copy.ts) beyond what the bench does:
// build it as a developer does, change a page, forget its builds, find what a build left running.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { readPaths } from "../../engine/pipeline/config.ts";
import { replaced } from "../../tools/bench/dev-saves.ts";
import { processIds } from "../../tools/support/processes.ts";
import { BUILD_COMMAND, copyEnv, SLOW_CACHES } from "../../tools/support/project-copy.ts";

/** A page's source with another title in its metadata: a new page of the same shape. */
export function retitled(pageSource: string, title: string): string {
  return replaced(pageSource, /(\n\s*title: )[^\n]+,/, `$1${JSON.stringify(title)},`, "the page's meta has no title line to change");
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

/** The processes whose environment sets `name` to `value`. The programs run in a project copy have its own
 * TMPDIR and pass it on to every process they start: what a build left running is found by it after the
 * build has exited, when /proc no longer names the build as its parent. */
export function processesWithEnv(name: string, value: string): string[] {
  const entry = `${name}=${value}`;
  return processIds().filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(entry);
    } catch {
      // It exited while the list was read, or is not ours to read.
      return false;
    }
  });
}

/** Every file a build in `dir` wrote into `outDir` and its hosts' folder beside it, with its bytes, by its
 * path in its folder ("site/…", "hosts/…"); none of a folder that is not there. */
export function builtFiles(dir: string, outDir = "dist"): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const { hostsDir } = readPaths({ OUT_DIR: outDir });
  for (const [name, folder] of [
    ["site", join(dir, outDir)],
    ["hosts", join(dir, hostsDir)],
  ]) {
    if (!existsSync(folder)) continue;
    for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
      const file = join(entry.parentPath, entry.name);
      if (entry.isFile()) files.set(`${name}/${relative(folder, file)}`, readFileSync(file));
    }
  }
  return files;
}

/** The files of two builds (builtFiles) that differ: each one only in one of them, or with other bytes. */
export function differingFiles(one: Map<string, Buffer>, other: Map<string, Buffer>): string[] {
  const names = [...new Set([...one.keys(), ...other.keys()])].sort();
  return names.filter((name) => {
    const [mine, theirs] = [one.get(name), other.get(name)];
    return !mine || !theirs || !mine.equals(theirs);
  });
}
