// Deployment settings, read once from the environment (and an optional .env file) at build time.
import { existsSync, readFileSync } from "node:fs";
import { defaultSiteUrl } from "../content/site.ts";

export interface CrmConfig {
  origin: string;
  portalId: string;
  contactFormId: string;
  downloadFormId: string;
}

export interface SiteConfig {
  /** Absolute origin (and optional base path) with no trailing slash, e.g. https://example.com */
  siteUrl: string;
  /** The day the site was built: the footer year and the policies' "Last updated". */
  buildDate: Date;
  /** null when any HubSpot id is missing: the forms then fail with the spec's message. */
  crm: CrmConfig | null;
  gaMeasurementId: string | null;
  clarityProjectId: string | null;
  outDir: string;
  /** Set by `npm run dev`: pages load the live-reload client. */
  dev: boolean;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

/** Reads KEY=value lines; the real environment wins over the file. */
export function readDotEnv(path: string): Env {
  if (!existsSync(path)) return {};
  const env: Env = {};
  for (const line of readFileSync(path, "utf8").split(/\r?\n/)) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match) env[match[1]] = match[2].replace(/^(["'])(.*)\1$/, "$2");
  }
  return env;
}

function optional(env: Env, name: string, pattern: RegExp, example: string): string | null {
  const value = env[name]?.trim();
  if (!value) return null;
  if (!pattern.test(value)) {
    throw new ConfigError(`${name}="${value}" is malformed: expected something like ${example}. Fix it in .env or the environment, or unset it.`);
  }
  return value;
}

function url(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim() || fallback;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(`${name}="${value}" is not a URL: expected something like ${fallback}.`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    throw new ConfigError(`${name}="${value}" must start with https:// (or http:// for local testing).`);
  }
  return value.replace(/\/+$/, "");
}

function buildDate(env: Env): Date {
  const value = env.BUILD_DATE?.trim();
  // The day, not the moment: builds on one day are identical, and their cached PDFs stay valid.
  if (!value) return new Date(new Date().toISOString().slice(0, 10));
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw new ConfigError(`BUILD_DATE="${value}" is malformed: expected YYYY-MM-DD, or unset it to use today.`);
  }
  return date;
}

export function readConfig(env: Env = { ...readDotEnv(".env"), ...process.env }): SiteConfig {
  const portalId = optional(env, "HUBSPOT_PORTAL_ID", /^\d+$/, "12345678");
  const formId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const guid = "1a2b3c4d-0000-4000-8000-1234567890ab";
  const contactFormId = optional(env, "HUBSPOT_CONTACT_FORM_ID", formId, guid);
  const downloadFormId = optional(env, "HUBSPOT_DOWNLOAD_FORM_ID", formId, guid);
  const origin = url(env, "HUBSPOT_API_ORIGIN", "https://api.hsforms.com");
  return {
    siteUrl: url(env, "SITE_URL", defaultSiteUrl),
    buildDate: buildDate(env),
    crm: portalId && contactFormId && downloadFormId ? { origin, portalId, contactFormId, downloadFormId } : null,
    gaMeasurementId: optional(env, "GA_MEASUREMENT_ID", /^G-[A-Z0-9]{4,}$/, "G-ABC123XYZ9"),
    clarityProjectId: optional(env, "CLARITY_PROJECT_ID", /^[a-z0-9]{6,}$/, "k3x9abcd12"),
    outDir: env.OUT_DIR?.trim() || "dist",
    dev: env.SITE_DEV === "1",
  };
}

/** The HubSpot Forms API v3 address a form posts to. */
export function crmEndpoint(crm: CrmConfig | null, form: "contact" | "download"): string | null {
  if (!crm) return null;
  const formId = form === "contact" ? crm.contactFormId : crm.downloadFormId;
  return `${crm.origin}/submissions/v3/integration/submit/${crm.portalId}/${formId}`;
}
