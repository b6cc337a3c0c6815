// Writes each page's whole document where a static host serves its clean URL, and hands each one to
// whatever reads it next (verification) without keeping it: page by page, each body fetched as its page
// is written, so a large site's pages are never all held. What each route was written from is kept
// (a build keeps it in .cache/ for the next build), so a page whose body and assets are the same and
// whose file nobody has touched since is not printed again.
import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { keepRecord, outputRecord, readRecord } from "./build-state.ts";
import { cacheKey } from "./cache.ts";
import { stampOf } from "./files.ts";
import { writeIfChanged } from "./output.ts";
import type { DocumentAssets, RenderedBody } from "./render.ts";
import type { RenderedPage } from "./render-cache.ts";
import { outputFileOf } from "./routes.ts";

export interface WrittenPage {
  route: string;
  /** dist-relative, e.g. services.html */
  file: string;
}

/** Where each page's document goes next (a build's verification). */
export interface PageSink {
  /** A document as this run wrote it (or found it already on disk, byte for byte), with its file's stamp. */
  page(file: string, html: string, stamp: string | null): void | Promise<void>;
  /** A document left as an earlier run wrote it (same body, same assets, file untouched since), with its file's stamp. */
  kept(file: string, stamp: string): void | Promise<void>;
  /** Every document of this run has come: what waits for more may start now, while the run goes on. */
  allCome?(): void;
}

/** What a route's document was written from, and the file's stamp once written. */
interface Written {
  key: string;
  assets: string;
  stamp: string | null;
}

/** The record a build keeps of one output folder's documents: each route's key, assets and stamp. */
type WrittenRecord = [route: string, key: string, assets: string, stamp: string | null][];

export class DocumentWriter {
  private last = new Map<string, Written>();
  private recordRead = false;

  /** `keeps`: a build keeps what it wrote in a record of the output folder, for the next build (the dev
   * server keeps it in memory). */
  constructor(private readonly keeps = false) {}

  /** Writes every page that changed; returns every page and, apart, the routes whose document changed. */
  async write(
    rendered: RenderedPage[],
    bodyOf: (page: RenderedPage) => string,
    assets: DocumentAssets,
    outDir: string,
    render: (body: RenderedBody, assets: DocumentAssets) => string,
    sink?: PageSink,
  ): Promise<{ pages: WrittenPage[]; changed: string[] }> {
    this.readRecord(outDir);
    // A document names its own card alone: a page's new title (its new card) rewrites that page, not every page.
    const { cards, ...shared } = assets;
    const sharedKey = cacheKey(JSON.stringify(shared));
    const pages: WrittenPage[] = [];
    const changed: string[] = [];
    const now = new Map<string, Written>();
    const folders = new Set<string>();
    for (const page of rendered) {
      const { route } = page.page;
      const file = outputFileOf(route);
      const path = join(outDir, file);
      pages.push({ route, file });
      const last = this.last.get(route);
      const assetsKey = cacheKey(sharedKey, JSON.stringify(cards[route] ?? null));
      if (last && last.key === page.key && last.assets === assetsKey && last.stamp !== null && last.stamp === stampOf(path)) {
        now.set(route, last);
        await sink?.kept(file, last.stamp);
        continue;
      }
      const html = render({ page: page.page, bodyHtml: bodyOf(page), islands: page.islands }, assets);
      // Each folder once (a thousand pages in one folder made a thousand mkdir calls, ~0.2 s).
      const folder = dirname(path);
      if (!folders.has(folder)) {
        await mkdir(folder, { recursive: true });
        folders.add(folder);
      }
      if (await writeIfChanged(path, html)) changed.push(route);
      const stamp = stampOf(path);
      now.set(route, { key: page.key, assets: assetsKey, stamp });
      await sink?.page(file, html, stamp);
    }
    this.last = now;
    sink?.allCome?.();
    await this.keepRecord(outDir);
    return { pages, changed };
  }

  /** The last build's record of this output folder. */
  private readRecord(outDir: string): void {
    if (!this.keeps || this.recordRead) return;
    this.recordRead = true;
    for (const [route, key, assets, stamp] of readRecord<WrittenRecord>(outputRecord(outDir, "documents")) ?? []) this.last.set(route, { key, assets, stamp });
  }

  private async keepRecord(outDir: string): Promise<void> {
    if (!this.keeps) return;
    const routes: WrittenRecord = [...this.last].map(([route, { key, assets, stamp }]) => [route, key, assets, stamp]);
    await keepRecord(outputRecord(outDir, "documents"), routes);
  }
}
