// What crawlers and user agents read at fixed addresses: sitemap.xml (each page with the day its sources
// last changed), robots.txt, and /.well-known/gpc.json, which tells user agents and auditors that this
// site honours Global Privacy Control (browser/consent.ts treats the signal as a refusal of consent).
import { execFile } from "node:child_process";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { writeIfChanged } from "./output.ts";

const GPC_FILE = ".well-known/gpc.json";

const run = promisify(execFile);

async function git(root: string, args: string[]): Promise<string> {
  return (await run("git", args, { cwd: root, maxBuffer: 256 * 1024 * 1024 })).stdout;
}

/** YYYY-MM-DD of each route's last change: the newest commit touching any of its source files (paths relative
 * to `root`: the page, what it imports, what the renderer imports, as the page bundle reports them). Outside
 * git, or with any of those files changed and not yet committed, the build date. Three git commands (log,
 * status, the checkout's prefix) answer for the whole site, however many pages it has. */
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
  const dirtyPaths = [...dirty];
  // A folder collection's folder is a source too (the list of its entries): it changed when any file in it did.
  const inFolder = (folder: string) => [...changed.keys()].filter((file) => file.startsWith(`${folder}/`));
  const dateOf = (file: string) => {
    if (dirty.has(file) || dirtyPaths.some((path) => path.startsWith(`${file}/`))) return undefined;
    return (
      changed.get(file) ??
      inFolder(file)
        .map((inside) => changed.get(inside) as string)
        .sort()
        .at(-1)
    );
  };
  // Each list of sources dated once: a collection's entries share their template's (with every entry of its folder).
  const byList = new Map<readonly string[], string>();
  const dateOfList = (files: readonly string[]) => {
    const known = files.map(dateOf);
    return known.some((date) => date === undefined) ? today : ((known as string[]).sort().at(-1) ?? today);
  };
  const dates = new Map<string, string>();
  for (const [route, files] of sources) {
    const date = byList.get(files) ?? dateOfList(files);
    byList.set(files, date);
    dates.set(route, date);
  }
  return dates;
}

/** `lastmod`, YYYY-MM-DD: when the page's content last changed (lastModifiedDates). */
function sitemapXml(siteUrl: string, entries: { route: string; lastmod: string }[]): string {
  const urls = entries
    .filter((entry) => entry.route !== "/404")
    .map(({ route, lastmod }) => `  <url><loc>${siteUrl}${route}</loc><lastmod>${lastmod}</lastmod></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

function gpcJson(lastUpdate: Date): string {
  return `${JSON.stringify({ gpc: true, lastUpdate: lastUpdate.toISOString().slice(0, 10) }, null, 2)}\n`;
}

/** Writes sitemap.xml: each route with its sources' last commit (`sourcesOf`, as the page bundle reports them). */
export async function writeSitemap(
  outDir: string,
  siteUrl: string,
  routes: string[],
  sourcesOf: (route: string) => readonly string[],
  buildDate: Date,
): Promise<void> {
  const dates = await lastModifiedDates(new Map(routes.map((route) => [route, sourcesOf(route)])), buildDate);
  const entries = routes.map((route) => ({ route, lastmod: dates.get(route)! }));
  await writeIfChanged(join(outDir, "sitemap.xml"), sitemapXml(siteUrl, entries));
}

/** Writes robots.txt and gpc.json; returns the files, relative to the output folder. */
export async function writeFixedFiles(outDir: string, siteUrl: string, buildDate: Date): Promise<string[]> {
  await mkdir(join(outDir, ".well-known"), { recursive: true });
  await Promise.all([writeIfChanged(join(outDir, "robots.txt"), robotsTxt(siteUrl)), writeIfChanged(join(outDir, GPC_FILE), gpcJson(buildDate))]);
  return ["robots.txt", GPC_FILE];
}
