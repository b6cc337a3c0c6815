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
const git = async (root: string, args: string[]) => (await run("git", args, { cwd: root, maxBuffer: 256 * 1024 * 1024 })).stdout;

/** YYYY-MM-DD of each route's last change: the newest commit touching any of its source files (paths relative
 * to `root`: the page, what it imports, what the renderer imports, as the page bundle reports them). Outside
 * git, or with any of those files changed and not yet committed, the build date. Three git commands (log,
 * status, the checkout's prefix) answer for the whole site, however many pages it has. */
export async function lastModifiedDates(sources: Map<string, readonly string[]>, buildDate: Date, root: string = process.cwd()): Promise<Map<string, string>> {
  const today = buildDate.toISOString().slice(0, 10);
  let history: string;
  let status: string;
  let prefix: string;
  try {
    [history, status, prefix] = await Promise.all([
      git(root, ["log", "--format=%x00%cs", "--name-only", "--relative"]),
      git(root, ["status", "--porcelain", "-z", "--untracked-files=all"]),
      git(root, ["rev-parse", "--show-prefix"]).then((line) => line.trim()),
    ]);
  } catch {
    return new Map([...sources.keys()].map((route) => [route, today]));
  }
  // Newest first: a file's first date is its last change.
  const changed = new Map<string, string>();
  for (const commit of history.split("\0").filter(Boolean)) {
    const [date, ...files] = commit.trim().split("\n");
    for (const file of files) if (file && !changed.has(file)) changed.set(file, date);
  }
  const dirty = status
    .split("\0")
    .map((entry) => entry.slice(3))
    .filter((path) => path.startsWith(prefix))
    .map((path) => path.slice(prefix.length));
  // Undefined for a file or folder with uncommitted changes. A folder collection's folder is a source too
  // (the list of its entries): it changed when any file in it did.
  const dateOf = (file: string) => {
    if (dirty.some((path) => path === file || path.startsWith(`${file}/`))) return undefined;
    const inside = () => [...changed].filter(([path]) => path.startsWith(`${file}/`)).map(([, date]) => date);
    return changed.get(file) ?? inside().sort().at(-1);
  };
  // Each list of sources dated once: a collection's entries share their template's (with every entry of its folder).
  const byList = new Map<readonly string[], string>();
  return new Map(
    [...sources].map(([route, files]) => {
      if (!byList.has(files)) {
        const dates = files.map(dateOf);
        byList.set(files, dates.includes(undefined) ? today : ((dates as string[]).sort().at(-1) ?? today));
      }
      return [route, byList.get(files)!];
    }),
  );
}

/** Writes sitemap.xml: every page but the not-found page, with the day its sources last changed. */
export async function writeSitemap(
  outDir: string,
  siteUrl: string,
  routes: string[],
  sourcesOf: (route: string) => readonly string[],
  buildDate: Date,
): Promise<void> {
  const dates = await lastModifiedDates(new Map(routes.map((route) => [route, sourcesOf(route)])), buildDate);
  const urls = routes.filter((route) => route !== "/404").map((route) => `  <url><loc>${siteUrl}${route}</loc><lastmod>${dates.get(route)}</lastmod></url>`);
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  await writeIfChanged(join(outDir, "sitemap.xml"), xml);
}

/** Writes robots.txt and gpc.json; returns the files, relative to the output folder. */
export async function writeFixedFiles(outDir: string, siteUrl: string, buildDate: Date): Promise<string[]> {
  await mkdir(join(outDir, ".well-known"), { recursive: true });
  const gpc = { gpc: true, lastUpdate: buildDate.toISOString().slice(0, 10) };
  await Promise.all([
    writeIfChanged(join(outDir, "robots.txt"), `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`),
    writeIfChanged(join(outDir, GPC_FILE), `${JSON.stringify(gpc, null, 2)}\n`),
  ]);
  return ["robots.txt", GPC_FILE];
}
