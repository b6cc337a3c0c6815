// The whole HTML document: one place writes every page's <head> (DESIGN.md "Pages").
import { company } from "../content/site.ts";
import { absoluteUrl, organizationJsonLd, pageTitle, scriptSafeJson, seoKeywords, themeScript, type PageMeta } from "../build/head.ts";

export interface DocumentProps {
  meta: PageMeta;
  path: string;
  siteUrl: string;
  ogImage: string;
  csp: string;
  stylesheet: string;
  scripts: string[];
  preloads: string[];
  bodyHtml: string;
  robots: string;
}

export function Document({ meta, path, siteUrl, ogImage, csp, stylesheet, scripts, preloads, bodyHtml, robots }: DocumentProps) {
  const title = pageTitle(meta.title);
  const url = absoluteUrl(siteUrl, path);
  const image = absoluteUrl(siteUrl, meta.image ?? ogImage);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta httpEquiv="Content-Security-Policy" content={csp} />
        <title>{title}</title>
        <meta name="description" content={meta.description} />
        <meta name="keywords" content={seoKeywords(meta.keywords)} />
        <meta name="robots" content={robots} />
        <link rel="canonical" href={url} />
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content="#0b4f49" />
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={company.name} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={meta.description} />
        <meta property="og:url" content={url} />
        <meta property="og:image" content={image} />
        <meta property="og:image:width" content="1200" />
        <meta property="og:image:height" content="630" />
        <meta property="og:locale" content="en_US" />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={title} />
        <meta name="twitter:description" content={meta.description} />
        <meta name="twitter:image" content={image} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
        <link rel="stylesheet" href={stylesheet} />
        {preloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        {scripts.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptSafeJson(organizationJsonLd(siteUrl, "/favicon.svg")) }} />
      </head>
      <body dangerouslySetInnerHTML={{ __html: bodyHtml }} />
    </html>
  );
}
