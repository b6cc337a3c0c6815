// When each page last changed, for the sitemap: the newest commit touching the page's file or any
// file it imports (content, components, islands). Outside git, or with any of those files changed
// and not yet committed, the page changes with this build: the build date.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

const LOCAL_IMPORT = /(?:from|import)\s*["'](\.{1,2}\/[^"']+)["']/g;

/** The file and every local module it imports, directly or not, relative to `root`. */
export function sourcesOf(file: string, root: string, seen = new Set<string>()): string[] {
  const path = resolve(root, file);
  const name = relative(root, path);
  if (seen.has(name)) return [...seen];
  seen.add(name);
  for (const [, specifier] of readFileSync(path, "utf8").matchAll(LOCAL_IMPORT)) {
    sourcesOf(relative(root, resolve(dirname(path), specifier)), root, seen);
  }
  return [...seen];
}

async function git(root: string, args: string[]): Promise<string> {
  return (await run("git", args, { cwd: root })).stdout.trim();
}

/** YYYY-MM-DD of the page's last change; `buildDate` when git cannot say. */
export async function lastModified(pageFile: string, buildDate: Date, root: string = process.cwd()): Promise<string> {
  const today = buildDate.toISOString().slice(0, 10);
  const files = sourcesOf(pageFile, root);
  try {
    if (await git(root, ["status", "--porcelain", "--", ...files])) return today;
    return (await git(root, ["log", "-1", "--format=%cs", "--", ...files])) || today;
  } catch {
    return today;
  }
}
