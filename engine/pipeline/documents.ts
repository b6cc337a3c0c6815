// Writes each page's document and hands it to verification; one whose body, assets and file are as recorded is not printed again.
import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { writeIfChanged } from "../outputs/output.ts";
import type { OutputState } from "../state/build-state.ts";
import { fileVersion } from "../state/files.ts";
import { keyOf } from "../state/key.ts";
import { documentKept, type RouteEntry, type Verified } from "../state/manifest.ts";
import type { RenderedPage } from "../state/render-cache.ts";
import type { DocumentAssets, RenderedBody } from "./render.ts";
import { outputFileOf, type Page } from "./routes.ts";

export type WrittenPage = { route: string; file: string };

/** Where each page's document goes next (a build's verification); `finish` once the run's other files are written. */
export interface PageSink {
  page(file: string, html: string): void | Promise<void>;
  kept(file: string, last: RouteEntry): void | Promise<void>;
  allCome(): void;
  finish(): Promise<Map<string, Verified>>;
}

export async function writeDocuments(
  state: OutputState,
  rendered: RenderedPage<Page>[],
  bodyOf: (page: RenderedPage<Page>) => string,
  assets: DocumentAssets,
  outDir: string,
  render: (body: RenderedBody, assets: DocumentAssets) => string,
  sink?: PageSink,
): Promise<{ pages: WrittenPage[]; changed: string[] }> {
  // A document names its own card alone: a page's new title (its new card) rewrites that page, not every page.
  const { cards, ...shared } = assets;
  const sharedKey = keyOf(JSON.stringify(shared));
  const pages: WrittenPage[] = [];
  const changed: string[] = [];
  const folders = new Set<string>();
  for (const page of rendered) {
    const { route } = page.page;
    const file = outputFileOf(route);
    const path = join(outDir, file);
    pages.push({ route, file });
    const last = state.last(route);
    const assetsKey = keyOf(sharedKey, JSON.stringify(cards[route] ?? null));
    state.record(route, { file, body: page.key, islands: page.islands });
    const version = last?.document ? fileVersion(path) : null;
    if (documentKept(last, page.key, assetsKey, version)) {
      state.record(route, { document: last.document });
      await sink?.kept(file, last);
      continue;
    }
    const html = render({ page: page.page, bodyHtml: bodyOf(page), islands: page.islands }, assets);
    // Each folder once: a thousand mkdir calls cost ~0.2 s.
    const folder = dirname(path);
    if (!folders.has(folder)) await mkdir(folder, { recursive: true });
    folders.add(folder);
    if (await writeIfChanged(path, html)) changed.push(route);
    const written = fileVersion(path);
    state.record(route, { document: written === null ? null : { assets: assetsKey, version: written } });
    await sink?.page(file, html);
  }
  sink?.allCome();
  return { pages, changed };
}
