// Renders every page's body, or reuses it when nothing it is made from has changed: its source files
// (the page, what it imports, what the renderer imports, by content), the site data and React's
// version. Kept in memory across a dev server's saves and in .cache/rendered/ across builds, so a
// save or a large site's rebuild renders only the pages a change touched.
import { readFileSync, statSync } from "node:fs";
import { cached, cacheKey } from "./cache.ts";
import type { LoadedPages } from "./pages.ts";
import type { RenderedBody } from "./render.ts";

type SiteData = Parameters<LoadedPages["renderer"]["renderBody"]>[1];

/** Allowance for the file system's coarse clock (as in output.ts). */
const CLOCK_SLACK_MS = 50;

export class RenderedBodies {
  private readonly kept = new Map<string, { key: string; body: RenderedBody }>();

  /** Every page's body, and how many were rendered anew rather than reused. */
  async render({ pages, renderer, sourcesOf, bundledAt }: LoadedPages, site: SiteData): Promise<{ bodies: RenderedBody[]; rendered: number }> {
    let rendered = 0;
    // A file saved after the bundle began reading may be newer than what the bundle was made from: a
    // body made now is used, but not kept under that file's new content (the save's own run renders it).
    const files = new Map<string, { hash: string; settled: boolean }>();
    const fileState = (file: string) => {
      let known = files.get(file);
      if (!known) {
        known = { hash: cacheKey(readFileSync(file)), settled: statSync(file).mtimeMs < bundledAt - CLOCK_SLACK_MS };
        files.set(file, known);
      }
      return known;
    };
    const react = JSON.parse(readFileSync("node_modules/react-dom/package.json", "utf8")).version as string;
    const siteKey = cacheKey(react, JSON.stringify(site));
    const bodies = await Promise.all(
      pages.map(async (page) => {
        const sources = sourcesOf(page.route).sort();
        const key = cacheKey(siteKey, page.route, ...sources.map((file) => `${file}:${fileState(file).hash}`));
        const kept = this.kept.get(page.route);
        // The page object is new with every bundle: the body is kept, the page it belongs to is today's.
        if (kept?.key === key) return kept.body.page === page ? kept.body : this.keep(key, { ...kept.body, page });
        const settled = sources.every((file) => fileState(file).settled);
        const render = () => {
          rendered++;
          try {
            const { bodyHtml, islands } = renderer.renderBody(page, site);
            return JSON.stringify({ bodyHtml, islands });
          } catch (error) {
            throw new Error(`${page.file}: rendering failed: ${(error as Error).message}`, { cause: error });
          }
        };
        const stored = settled ? (await cached("rendered", key, "json", async () => render())).toString("utf8") : render();
        const { bodyHtml, islands } = JSON.parse(stored) as Omit<RenderedBody, "page">;
        const body = { page, bodyHtml, islands };
        return settled ? this.keep(key, body) : body;
      }),
    );
    const routes = new Set(pages.map((page) => page.route));
    for (const route of this.kept.keys()) if (!routes.has(route)) this.kept.delete(route);
    return { bodies, rendered };
  }

  private keep(key: string, body: RenderedBody): RenderedBody {
    this.kept.set(body.page.route, { key, body });
    return body;
  }
}
