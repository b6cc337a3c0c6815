// sitemap.xml and robots.txt for search engines.

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
