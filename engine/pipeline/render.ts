// Renders each page with React on the server: first its body (collecting the islands it uses),
// then the whole document once the island scripts and stylesheet have names. The build loads this
// module from the page bundle (engine/pipeline/pages.ts), so it shares one React context with the pages.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Document } from "../../components/Document.tsx";
import { resolveHead } from "../../components/head.ts";
import { collectIslands } from "../../components/Island.tsx";
import { Layout } from "../../components/Layout.tsx";
import { SiteContext, type SiteData } from "../../components/SiteContext.tsx";
import type { Page } from "./routes.ts";

export interface RenderedBody {
  page: Page;
  bodyHtml: string;
  /** The names of the islands the page uses. */
  islands: string[];
}

export function renderBody(page: Page, site: Omit<SiteData, "path">): RenderedBody {
  const value: SiteData = { ...site, path: page.route };
  const { result, islands } = collectIslands(() =>
    renderToStaticMarkup(
      createElement(SiteContext.Provider, { value }, createElement(Layout, { path: page.route }, createElement(page.Component, page.props as never))),
    ),
  );
  return { page, bodyHtml: result, islands };
}

/** What every document needs besides its page: addresses, the policy, the stylesheet and the bootstrap. */
export interface DocumentAssets {
  siteUrl: string;
  /** The default social image, a site path. */
  ogImage: string;
  /** Each page's own social card (a site path) and what it shows, by route; a page without one uses ogImage. */
  cards: Record<string, { path: string; alt: string }>;
  csp: string;
  /** The stylesheet's text, inlined. */
  stylesheet: string;
  /** The inline island bootstrap. */
  bootstrap: string;
}

export function renderDocument({ page, bodyHtml }: RenderedBody, { siteUrl, ogImage, cards, ...assets }: DocumentAssets): string {
  const head = resolveHead(page.meta, page.route, { siteUrl, defaultImage: ogImage, card: cards[page.route] });
  return `<!doctype html>${renderToStaticMarkup(createElement(Document, { ...assets, head, bodyHtml }))}`;
}
