// The Content-Security-Policy (a page's <meta>, and _headers): own files, hashed inline code, configured third parties.
import { createHash } from "node:crypto";
import type { SiteConfig } from "../pipeline/config.ts";

export const sha256Source = (source: string) => `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`;

type ThirdParties = Pick<SiteConfig, "crm" | "gaMeasurementId" | "clarityProjectId">;
export function contentSecurityPolicy(config: ThirdParties, inlineScripts: string[], inlineStyles: string[]): string {
  const script = ["'self'", ...inlineScripts.map(sha256Source)];
  const connect = ["'self'"];
  const img = ["'self'", "data:"];
  if (config.crm) connect.push(config.crm.origin);
  if (config.gaMeasurementId) {
    script.push("https://www.googletagmanager.com");
    connect.push("https://*.google-analytics.com", "https://*.analytics.google.com", "https://www.googletagmanager.com");
    img.push("https://*.google-analytics.com", "https://www.googletagmanager.com");
  }
  if (config.clarityProjectId) {
    script.push("https://www.clarity.ms", "https://*.clarity.ms");
    connect.push("https://*.clarity.ms", "https://c.bing.com");
    img.push("https://*.clarity.ms", "https://c.bing.com");
  }
  // Nothing is allowed unless listed: the site has no fonts, frames, media, workers or manifest.
  return [
    "default-src 'none'",
    `script-src ${script.join(" ")}`,
    `style-src ${["'self'", ...inlineStyles.map(sha256Source)].join(" ")}`,
    `img-src ${img.join(" ")}`,
    `connect-src ${connect.join(" ")}`,
    "base-uri 'none'",
    "form-action 'self'",
  ].join("; ");
}
