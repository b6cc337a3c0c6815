// Renders a page's body (collecting its islands), then its document once the scripts and stylesheet have names.
// Loaded from the page bundle, so it shares the pages' React context.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Document } from "../../components/Document.tsx";
import { resolveHead } from "../../components/head.ts";
import { collectIslands } from "../../components/Island.tsx";
import { Layout } from "../../components/Layout.tsx";
import { SiteContext, type SiteData } from "../../components/SiteContext.tsx";
import type { Page } from "./routes.ts";

export type RenderedBody = ReturnType<typeof renderBody>;

export function renderBody(page: Page, site: Omit<SiteData, "path">) {
  const value: SiteData = { ...site, path: page.route };
  const { result, islands } = collectIslands(() =>
    renderToStaticMarkup(
      createElement(SiteContext.Provider, { value }, createElement(Layout, { path: page.route }, createElement(page.Component, page.props as never))),
    ),
  );
  return { page, bodyHtml: result, islands };
}

export interface DocumentAssets {
  siteUrl: string;
  ogImage: string;
  /** By route; a page without one uses ogImage. */
  cards: Record<string, { path: string; alt: string }>;
  csp: string;
  stylesheet: string;
  bootstrap: string;
}

export function renderDocument({ page, bodyHtml }: RenderedBody, { siteUrl, ogImage, cards, ...assets }: DocumentAssets): string {
  const head = resolveHead(page.meta, page.route, { siteUrl, defaultImage: ogImage, card: cards[page.route] });
  return `<!doctype html>${renderToStaticMarkup(createElement(Document, { ...assets, head, bodyHtml }))}`;
}
