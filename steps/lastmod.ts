// When each page last changed, for the sitemap: the newest commit touching any file the page is made
// from (the page, what it imports, what the renderer imports, as the page bundle reports them).
// Outside git, or with any of those files changed and not yet committed, the page changes with this
// build: the build date. Three git commands (log, status, the checkout's prefix) answer for the whole
// site, however many pages it has.
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

async function git(root: string, args: string[]): Promise<string> {
  return (await run("git", args, { cwd: root, maxBuffer: 256 * 1024 * 1024 })).stdout;
}

/** YYYY-MM-DD of each route's last change, from its source files (paths relative to `root`). */
export async function lastModifiedDates(sources: Map<string, readonly string[]>, buildDate: Date, root: string = process.cwd()): Promise<Map<string, string>> {
  const today = buildDate.toISOString().slice(0, 10);
  const everyRoute = (date: string) => new Map([...sources.keys()].map((route) => [route, date]));
  let history: string;
  let status: string;
  let prefix: string;
  try {
    [history, status, prefix] = await Promise.all([
      git(root, ["log", "--format=%x00%cs", "--name-only", "--relative"]),
      git(root, ["status", "--porcelain", "-z", "--untracked-files=all"]),
      git(root, ["rev-parse", "--show-prefix"]),
    ]);
  } catch {
    return everyRoute(today);
  }
  // Newest first: a file's first date is its last change.
  const changed = new Map<string, string>();
  for (const commit of history.split("\0").filter(Boolean)) {
    const [date, ...files] = commit.trim().split("\n");
    for (const file of files) if (file && !changed.has(file)) changed.set(file, date);
  }
  const dirty = new Set(
    status
      .split("\0")
      .map((entry) => entry.slice(3))
      .filter((path) => path.startsWith(prefix.trim()))
      .map((path) => path.slice(prefix.trim().length)),
  );
  // A folder collection's folder is a source too (the list of its entries): it changed when any file in it did.
  const inFolder = (folder: string) => [...changed.keys()].filter((file) => file.startsWith(`${folder}/`));
  const dateOf = (file: string) => {
    if (dirty.has(file) || [...dirty].some((path) => path.startsWith(`${file}/`))) return undefined;
    return (
      changed.get(file) ??
      inFolder(file)
        .map((inside) => changed.get(inside) as string)
        .sort()
        .at(-1)
    );
  };
  const dates = new Map<string, string>();
  for (const [route, files] of sources) {
    const known = files.map(dateOf);
    dates.set(route, known.some((date) => date === undefined) ? today : ((known as string[]).sort().at(-1) ?? today));
  }
  return dates;
}
