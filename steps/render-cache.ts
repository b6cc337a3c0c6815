// Renders every page, or reads back its body from .cache/rendered/ when nothing it is made from has
// changed: its source files (the page, what it imports, what the renderer imports, by content), the
// site data and React's version. A large site's rebuild then renders only the pages a change touched.
import { readFileSync } from "node:fs";
import { cached, cacheKey } from "./cache.ts";
import type { LoadedPages } from "./pages.ts";
import type { RenderedBody } from "./render.ts";

type SiteData = Parameters<LoadedPages["renderer"]["renderBody"]>[1];

/** Every page's body, and how many were rendered anew rather than read back. */
export async function renderPages({ pages, renderer, sourcesOf }: LoadedPages, site: SiteData): Promise<{ bodies: RenderedBody[]; rendered: number }> {
  let rendered = 0;
  const contentHashes = new Map<string, string>();
  const hashOf = (file: string) => {
    const known = contentHashes.get(file) ?? cacheKey(readFileSync(file));
    contentHashes.set(file, known);
    return known;
  };
  const react = JSON.parse(readFileSync("node_modules/react-dom/package.json", "utf8")).version as string;
  const siteKey = cacheKey(react, JSON.stringify(site));
  const bodies = await Promise.all(
    pages.map(async (page) => {
      const key = cacheKey(
        siteKey,
        page.route,
        ...sourcesOf(page.route)
          .sort()
          .map((file) => `${file}:${hashOf(file)}`),
      );
      const stored = await cached("rendered", key, "json", async () => {
        try {
          rendered++;
          const { bodyHtml, islands } = renderer.renderBody(page, site);
          return JSON.stringify({ bodyHtml, islands });
        } catch (error) {
          throw new Error(`${page.file}: rendering failed: ${(error as Error).message}`, { cause: error });
        }
      });
      const { bodyHtml, islands } = JSON.parse(stored.toString("utf8")) as Omit<RenderedBody, "page">;
      return { page, bodyHtml, islands };
    }),
  );
  return { bodies, rendered };
}
