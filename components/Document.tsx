// The whole HTML document. The head arrives resolved (components/head.ts); this only prints it.
import site from "../content/site.yaml";
import type { ResolvedHead } from "./head.ts";
import { speculationRules } from "./speculation-rules.ts";
import { themeScript } from "./theme-script.ts";

const { company } = site;

export interface DocumentProps {
  head: ResolvedHead;
  csp: string;
  /** The whole stylesheet's text, inlined so no request stands between the HTML and first paint. */
  stylesheet: string;
  /** The inline island bootstrap (browser/bootstrap.ts, minified by the build). */
  bootstrap: string;
  bodyHtml: string;
}

export function Document({ head, csp, stylesheet, bootstrap, bodyHtml }: DocumentProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta httpEquiv="Content-Security-Policy" content={csp} />
        <title>{head.title}</title>
        <meta name="description" content={head.description} />
        <meta name="keywords" content={head.keywords} />
        <meta name="robots" content={head.robots} />
        {head.canonical && <link rel="canonical" href={head.canonical} />}
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content="#0b4f49" />
        <meta property="og:type" content={head.type} />
        {head.published && <meta property="article:published_time" content={head.published} />}
        <meta property="og:site_name" content={company.name} />
        <meta property="og:title" content={head.title} />
        <meta property="og:description" content={head.description} />
        {head.canonical && <meta property="og:url" content={head.canonical} />}
        <meta property="og:image" content={head.image} />
        <meta property="og:image:width" content="1200" />
        <meta property="og:image:height" content="630" />
        <meta property="og:image:alt" content={head.imageAlt} />
        <meta property="og:locale" content="en_US" />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={head.title} />
        <meta name="twitter:description" content={head.description} />
        <meta name="twitter:image" content={head.image} />
        <meta name="twitter:image:alt" content={head.imageAlt} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* No frame is painted before the header is whole: on a busy machine the parser yields mid-header,
            and the half-parsed row (the brand, then the menu, then the theme toggle) shifted as the rest
            arrived. Browsers without render-blocking expectations ignore it. */}
        <link rel="expect" href="#main" blocking="render" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script, allowed by its hash in the CSP */}
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: built from browser/bootstrap.ts, allowed by its hash in the CSP */}
        <script dangerouslySetInnerHTML={{ __html: bootstrap }} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant rules, allowed by their hash in the CSP */}
        <script type="speculationrules" dangerouslySetInnerHTML={{ __html: speculationRules }} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own compiled Sass, allowed by its hash in the CSP */}
        <style dangerouslySetInnerHTML={{ __html: stylesheet }} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by scriptSafeJson, so nothing can close the tag */}
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: head.jsonLd }} />
      </head>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the body React itself rendered a step earlier */}
      <body dangerouslySetInnerHTML={{ __html: bodyHtml }} />
    </html>
  );
}
