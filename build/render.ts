// Renders each page with React on the server: first its body (collecting the islands it uses),
// then the whole document once the island scripts and stylesheet have names.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Document, type DocumentProps } from "../components/Document.tsx";
import { resolveHead } from "../components/head.ts";
import { Layout } from "../components/Layout.tsx";
import { SiteContext, type SiteData } from "../components/SiteContext.tsx";
import { collectIslands, type UsedIsland } from "../islands/runtime/island.tsx";
import { outputFileOf, type Page } from "./pages.ts";

interface RenderedBody {
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

/** What the build supplies to a page's document besides the page itself. */
type DocumentAssets = Omit<DocumentProps, "head" | "bodyHtml"> & { siteUrl: string; ogImage: string };

function renderDocument({ page, bodyHtml }: RenderedBody, { siteUrl, ogImage, ...assets }: DocumentAssets): string {
  const head = resolveHead(page.meta, page.route, { siteUrl, defaultImage: ogImage });
  return `<!doctype html>${renderToStaticMarkup(createElement(Document, { ...assets, head, bodyHtml }))}`;
}

interface WrittenPage {
  route: string;
  /** dist-relative, e.g. services.html */
  file: string;
  html: string;
}

/** Writes each page's document where a static host serves its clean URL. */
export function writeDocuments(bodies: RenderedBody[], assetsOf: (route: string) => DocumentAssets, outDir: string): Promise<WrittenPage[]> {
  return Promise.all(
    bodies.map(async (body) => {
      const route = body.page.route;
      const html = renderDocument(body, assetsOf(route));
      const file = outputFileOf(route);
      await mkdir(dirname(join(outDir, file)), { recursive: true });
      await writeFile(join(outDir, file), html);
      return { route, file, html };
    }),
  );
}
