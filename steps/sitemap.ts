// What crawlers and user agents read at fixed addresses: sitemap.xml (each page with the day its sources
// last changed), robots.txt, and /.well-known/gpc.json, which tells user agents and auditors that this
// site honours Global Privacy Control (browser/consent.ts treats the signal as a refusal of consent).
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { lastModifiedDates } from "./lastmod.ts";
import { writeIfChanged } from "./output.ts";

const GPC_FILE = ".well-known/gpc.json";

/** `lastmod`, YYYY-MM-DD: when the page's content last changed (steps/lastmod.ts). */
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
