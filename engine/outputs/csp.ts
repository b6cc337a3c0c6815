// The Content-Security-Policy: our own files, hashed inline scripts, and only the third parties this
// deployment configures. Pages carry it in a <meta>; hosts that read _headers also send it as a header.
import { createHash } from "node:crypto";
import type { SiteConfig } from "../pipeline/config.ts";

export function sha256Source(source: string): string {
  return `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`;
}

interface CspOptions {
  inlineScripts: string[];
  inlineStyles: string[];
  crmOrigin: string | null;
  analytics: boolean;
  sessionRecording: boolean;
}

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
  // Nothing is allowed unless listed: the site has no fonts, frames, media, workers or manifest.
  return [
    "default-src 'none'",
    `script-src ${script.join(" ")}`,
    `style-src ${["'self'", ...options.inlineStyles.map(sha256Source)].join(" ")}`,
    `img-src ${img.join(" ")}`,
    `connect-src ${connect.join(" ")}`,
    "base-uri 'none'",
    "form-action 'self'",
  ].join("; ");
}

/** The site's one policy for this deployment, with the stylesheet and the inline scripts every page
 * prints: the theme script and speculation rules as the page bundle holds them (so a dev save of either
 * reaches the policy as it reaches the pages), and the islands' bootstrap. */
export function siteCsp(config: SiteConfig, scripts: Record<"themeScript" | "bootstrap" | "speculationRules", string>, stylesheet: string): string {
  return contentSecurityPolicy({
    inlineScripts: [scripts.themeScript, scripts.bootstrap, scripts.speculationRules],
    inlineStyles: [stylesheet],
    crmOrigin: config.crm?.origin ?? null,
    analytics: Boolean(config.gaMeasurementId),
    sessionRecording: Boolean(config.clarityProjectId),
  });
}
