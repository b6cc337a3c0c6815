// Renders each page with React on the server: first its body (collecting the islands it uses),
// then the whole document once the island scripts and stylesheet have names. The build loads this
// module from the page bundle (steps/pages.ts), so it shares one React context with the pages.
import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Document } from "../components/Document.tsx";
import { resolveHead } from "../components/head.ts";
import { collectIslands, type UsedIsland } from "../components/Island.tsx";
import { Layout } from "../components/Layout.tsx";
import { SiteContext, type SiteData } from "../components/SiteContext.tsx";
import { writeIfChanged } from "./output.ts";
import { outputFileOf, type Page } from "./routes.ts";

export interface RenderedBody {
  page: Page;
  bodyHtml: string;
  islands: UsedIsland[];
}

export function renderBody(page: Page, site: Omit<SiteData, "path">): RenderedBody {
  const value: SiteData = { ...site, path: page.route };
  const { result, islands } = collectIslands(() =>
    renderToStaticMarkup(createElement(SiteContext.Provider, { value }, createElement(Layout, { path: page.route }, createElement(page.Component)))),
  );
  return { page, bodyHtml: result, islands };
}

/** What every document needs besides its page: addresses, the policy, the stylesheet and the bootstrap. */
export interface DocumentAssets {
  siteUrl: string;
  /** The default social image, a site path. */
  ogImage: string;
  csp: string;
  /** The stylesheet's text, inlined. */
  stylesheet: string;
  /** The inline island bootstrap. */
  bootstrap: string;
  /** Module scripts every page loads besides (the dev server's client). */
  extraScripts?: string[];
}

export interface WrittenPage {
  route: string;
  /** dist-relative, e.g. services.html */
  file: string;
  html: string;
}

export function renderDocument({ page, bodyHtml }: RenderedBody, { siteUrl, ogImage, extraScripts, ...assets }: DocumentAssets): string {
  const head = resolveHead(page.meta, page.route, { siteUrl, defaultImage: ogImage });
  return `<!doctype html>${renderToStaticMarkup(createElement(Document, { ...assets, scripts: extraScripts, head, bodyHtml }))}`;
}

/** Writes each page's document where a static host serves its clean URL. */
export async function writeDocuments(bodies: RenderedBody[], assets: DocumentAssets, outDir: string): Promise<WrittenPage[]> {
  // Each folder once (a thousand pages in one folder made a thousand mkdir calls, ~0.2 s).
  const folders = new Set(bodies.map((body) => dirname(join(outDir, outputFileOf(body.page.route)))));
  await Promise.all([...folders].map((folder) => mkdir(folder, { recursive: true })));
  return Promise.all(
    bodies.map(async (body) => {
      const html = renderDocument(body, assets);
      const file = outputFileOf(body.page.route);
      await writeIfChanged(join(outDir, file), html);
      return { route: body.page.route, file, html };
    }),
  );
}
