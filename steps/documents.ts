// Writes each page's whole document where a static host serves its clean URL, and hands each one to
// whatever reads it next (verification) without keeping it: a large site's pages are never all held.
import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { writeIfChanged } from "./output.ts";
import type { DocumentAssets, RenderedBody } from "./render.ts";
import { outputFileOf } from "./routes.ts";

export interface WrittenPage {
  route: string;
  /** dist-relative, e.g. services.html */
  file: string;
}

/** A page's document as written, for a step that reads it (verification). */
export type PageSink = (file: string, html: string) => void | Promise<void>;

export class DocumentWriter {
  /** What each route was last written from: a page whose body and assets are the same objects is not
   * printed again (the dev server's saves rewrite only the pages they touched). */
  private readonly last = new Map<string, { body: RenderedBody; assets: DocumentAssets }>();

  /** Writes every page that changed; returns every page and, apart, the routes whose document changed. */
  async write(
    bodies: RenderedBody[],
    assets: DocumentAssets,
    outDir: string,
    render: (body: RenderedBody, assets: DocumentAssets) => string,
    sink?: PageSink,
  ): Promise<{ pages: WrittenPage[]; changed: string[] }> {
    const pages: WrittenPage[] = [];
    const changed: string[] = [];
    const routes = new Set<string>();
    const folders = new Set<string>();
    for (const body of bodies) {
      const { route } = body.page;
      const file = outputFileOf(route);
      pages.push({ route, file });
      routes.add(route);
      const last = this.last.get(route);
      if (last?.body === body && last.assets === assets) continue;
      const html = render(body, assets);
      // Each folder once (a thousand pages in one folder made a thousand mkdir calls, ~0.2 s).
      const folder = dirname(join(outDir, file));
      if (!folders.has(folder)) {
        await mkdir(folder, { recursive: true });
        folders.add(folder);
      }
      if (await writeIfChanged(join(outDir, file), html)) changed.push(route);
      this.last.set(route, { body, assets });
      await sink?.(file, html);
    }
    for (const route of this.last.keys()) if (!routes.has(route)) this.last.delete(route);
    return { pages, changed };
  }
}
