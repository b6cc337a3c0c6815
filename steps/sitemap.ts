// What crawlers and user agents read at fixed addresses: sitemap.xml (each page with the day its sources
// last changed), robots.txt, and /.well-known/gpc.json (steps/gpc.ts).
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { GPC_FILE, gpcJson } from "./gpc.ts";
import { lastModifiedDates } from "./lastmod.ts";
import { writeIfChanged } from "./output.ts";

export interface SitemapEntry {
  route: string;
  /** YYYY-MM-DD: when the page's content last changed (steps/lastmod.ts). */
  lastmod: string;
}

export function sitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries
    .filter((entry) => entry.route !== "/404")
    .map(({ route, lastmod }) => `  <url><loc>${siteUrl}${route}</loc><lastmod>${lastmod}</lastmod></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
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
