// Writes each page's whole document where a static host serves its clean URL, and hands each one to
// whatever reads it next (verification) without keeping it: page by page, each body fetched as its page
// is written, so a large site's pages are never all held.
import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { writeIfChanged } from "./output.ts";
import type { DocumentAssets, RenderedBody } from "./render.ts";
import type { RenderedPage } from "./render-cache.ts";
import { outputFileOf } from "./routes.ts";

export interface WrittenPage {
  route: string;
  /** dist-relative, e.g. services.html */
  file: string;
}

/** A page's document as written, for a step that reads it (verification). */
export type PageSink = (file: string, html: string) => void | Promise<void>;

export class DocumentWriter {
  /** What each route was last written from: a page whose body has the same key and whose assets are the
   * same object is not printed again (the dev server's saves rewrite only the pages they touched). */
  private readonly last = new Map<string, { key: string; assets: DocumentAssets }>();

  /** Writes every page that changed; returns every page and, apart, the routes whose document changed. */
  async write(
    rendered: RenderedPage[],
    bodyOf: (page: RenderedPage) => string,
    assets: DocumentAssets,
    outDir: string,
    render: (body: RenderedBody, assets: DocumentAssets) => string,
    sink?: PageSink,
  ): Promise<{ pages: WrittenPage[]; changed: string[] }> {
    const pages: WrittenPage[] = [];
    const changed: string[] = [];
    const routes = new Set<string>();
    const folders = new Set<string>();
    for (const page of rendered) {
      const { route } = page.page;
      const file = outputFileOf(route);
      pages.push({ route, file });
      routes.add(route);
      const last = this.last.get(route);
      if (last?.key === page.key && last.assets === assets) continue;
      const html = render({ page: page.page, bodyHtml: bodyOf(page), islands: page.islands }, assets);
      // Each folder once (a thousand pages in one folder made a thousand mkdir calls, ~0.2 s).
      const folder = dirname(join(outDir, file));
      if (!folders.has(folder)) {
        await mkdir(folder, { recursive: true });
        folders.add(folder);
      }
      if (await writeIfChanged(join(outDir, file), html)) changed.push(route);
      this.last.set(route, { key: page.key, assets });
      await sink?.(file, html);
    }
    for (const route of this.last.keys()) if (!routes.has(route)) this.last.delete(route);
    return { pages, changed };
  }
}
