// sitemap.xml and robots.txt for search engines.
import { absoluteUrl } from "../components/head.ts";

export function sitemapXml(siteUrl: string, routes: string[], buildDate: Date): string {
  const lastmod = buildDate.toISOString().slice(0, 10);
  const urls = routes.filter((route) => route !== "/404").map((route) => `  <url><loc>${absoluteUrl(siteUrl, route)}</loc><lastmod>${lastmod}</lastmod></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}
