// What goes into every page's <head>: the title rule, structured data and the security policy.
import { createHash } from "node:crypto";
import { company, seoDefaults, social } from "../content/site.ts";
import { THEME_STORAGE_KEY } from "../islands/theme.tsx";

export interface PageMeta {
  title: string;
  description: string;
  keywords?: readonly string[];
  /** Social card image as a site path; defaults to the hero image. */
  image?: string;
}

/** Spec "Page metadata": append the company name unless the title already holds it. */
export function pageTitle(title: string | undefined, companyName: string = company.name): string {
  const base = title?.trim() || seoDefaults.title;
  return base.includes(companyName) ? base : `${base} | ${companyName}`;
}

export function seoKeywords(keywords: readonly string[] | undefined): string {
  return (keywords?.length ? keywords : seoDefaults.keywords).join(", ");
}

export function absoluteUrl(siteUrl: string, path: string): string {
  return path.startsWith("http") ? path : `${siteUrl}${path}`;
}

export function organizationJsonLd(siteUrl: string, logoPath: string): object {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: company.name,
    legalName: company.legalName,
    url: `${siteUrl}/`,
    logo: absoluteUrl(siteUrl, logoPath),
    email: company.email,
    foundingDate: String(company.foundingYear),
    founder: { "@type": "Person", name: company.founder },
    address: { "@type": "PostalAddress", addressLocality: "Washington", addressRegion: "DC", addressCountry: "US" },
    sameAs: [social.linkedin, social.twitter],
  };
}

/** JSON that is safe inside <script>: no "</script>", "<!--" or line separators can survive. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The inline script that sets the theme class before first paint (spec §4 Theme), plus `js`. */
export const themeScript =
  `(function(){var d=document.documentElement,t=null;try{t=localStorage.getItem('${THEME_STORAGE_KEY}')}catch(e){}` +
  "if(t!=='light'&&t!=='dark')t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';" +
  "d.classList.remove('light','dark');d.classList.add(t,'js')})()";

export function sha256Source(source: string): string {
  return `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`;
}

export interface CspOptions {
  inlineScripts: string[];
  crmOrigin: string | null;
  analytics: boolean;
  sessionRecording: boolean;
}

/** A strict policy: only our files, hashed inline scripts, and the third parties actually configured. */
export function contentSecurityPolicy(options: CspOptions): string {
  const script = ["'self'", ...options.inlineScripts.map(sha256Source)];
  const connect = ["'self'"];
  const img = ["'self'", "data:"];
  if (options.crmOrigin) connect.push(options.crmOrigin);
  if (options.analytics) {
    script.push("https://www.googletagmanager.com");
    connect.push("https://*.google-analytics.com", "https://*.analytics.google.com", "https://www.googletagmanager.com");
    img.push("https://*.google-analytics.com", "https://www.googletagmanager.com");
  }
  if (options.sessionRecording) {
    script.push("https://www.clarity.ms", "https://*.clarity.ms");
    connect.push("https://*.clarity.ms", "https://c.bing.com");
    img.push("https://*.clarity.ms", "https://c.bing.com");
  }
  return [
    "default-src 'self'",
    `script-src ${script.join(" ")}`,
    "style-src 'self'",
    `img-src ${img.join(" ")}`,
    "font-src 'self'",
    `connect-src ${connect.join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "manifest-src 'self'",
  ].join("; ");
}
