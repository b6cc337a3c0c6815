// sitemap.xml, robots.txt, and /.well-known/gpc.json: the site honours Global Privacy Control (browser/consent.ts).
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { writeIfChanged } from "./output.ts";

const GPC_FILE = ".well-known/gpc.json";
const git = async (root: string, args: string[]) => (await promisify(execFile)("git", args, { cwd: root, maxBuffer: 256 * 1024 * 1024 })).stdout;

/** YYYY-MM-DD of each route's newest committed source (relative to `root`); the build date outside git or if uncommitted. */
export async function lastModifiedDates(sources: Map<string, readonly string[]>, buildDate: Date, root = process.cwd()): Promise<Map<string, string>> {
  const today = buildDate.toISOString().slice(0, 10);
  const answers = await Promise.all([
    git(root, ["log", "--format=%x00%cs", "--name-only", "--relative"]),
    git(root, ["status", "--porcelain", "-z", "--untracked-files=all"]),
    git(root, ["rev-parse", "--show-prefix"]).then((line) => line.trim()),
  ]).catch(() => null);
  if (!answers) return new Map([...sources.keys()].map((route) => [route, today]));
  const [history, status, prefix] = answers;
  // Newest first: a file's first date is its last change.
  const changed = new Map<string, string>();
  for (const commit of history.split("\0").filter(Boolean)) {
    const [date, ...files] = commit.trim().split("\n");
    for (const file of files) if (file && !changed.has(file)) changed.set(file, date);
  }
  const dirty = status.split("\0").flatMap((entry) => (entry.slice(3).startsWith(prefix) ? [entry.slice(3 + prefix.length)] : []));
  // Undefined where uncommitted. A collection's folder is a source too: it changed when any file in it did.
  const dateOf = (file: string) => {
    if (dirty.some((path) => path === file || path.startsWith(`${file}/`))) return undefined;
    if (changed.has(file)) return changed.get(file);
    const within = [...changed].flatMap(([path, date]) => (path.startsWith(`${file}/`) ? [date] : []));
    return within.sort().at(-1);
  };
  // Each list of sources dated once: a collection's entries share theirs.
  const dateOfList = (files: readonly string[]) => {
    const dates = files.map(dateOf);
    return dates.includes(undefined) ? today : ((dates as string[]).sort().at(-1) ?? today);
  };
  const byList = new Map([...new Set(sources.values())].map((files) => [files, dateOfList(files)]));
  return new Map([...sources].map(([route, files]) => [route, byList.get(files)!]));
}

export async function writeSitemap(outDir: string, siteUrl: string, routes: string[], sourcesOf: (route: string) => readonly string[], buildDate: Date) {
  const dates = await lastModifiedDates(new Map(routes.map((route) => [route, sourcesOf(route)])), buildDate);
  const urls = routes.filter((route) => route !== "/404").map((route) => `  <url><loc>${siteUrl}${route}</loc><lastmod>${dates.get(route)}</lastmod></url>`);
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  await writeIfChanged(join(outDir, "sitemap.xml"), xml);
}

export async function writeFixedFiles(outDir: string, siteUrl: string, buildDate: Date): Promise<string[]> {
  const gpc = { gpc: true, lastUpdate: buildDate.toISOString().slice(0, 10) };
  await Promise.all([
    writeIfChanged(join(outDir, "robots.txt"), `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`),
    writeIfChanged(join(outDir, GPC_FILE), `${JSON.stringify(gpc, null, 2)}\n`),
  ]);
  return ["robots.txt", GPC_FILE];
}
