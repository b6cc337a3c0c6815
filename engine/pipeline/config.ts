// Deployment settings, read once from the environment (and an optional .env file) at build time.
import { existsSync, readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import type { SiteData } from "../../components/SiteContext.tsx";
import type { Site } from "../../content/collections.ts";
import type { CmsSettings } from "../outputs/admin.ts";

type CrmConfig = { origin: string; portalId: string; contactFormId: string; downloadFormId: string };

export interface SiteConfig {
  /** null: content/site.yaml's holds (siteAddress). */
  siteUrl: string | null;
  buildDate: Date;
  /** null when any HubSpot id is missing: the forms then show their error message. */
  crm: CrmConfig | null;
  gaMeasurementId: string | null;
  clarityProjectId: string | null;
  /** Analytics storage before the visitor chooses: "denied" unless the firm's lawyers allow "granted". */
  consentDefault: "denied" | "granted";
  cms: CmsSettings | null;
  /** Cloudflare Pages (CF_PAGES), whose _headers needs a site-wide header detached where /admin/ has its own. */
  cloudflare: boolean;
  outDir: string;
  hostsDir: string;
}

export class ConfigError extends Error {}

const DEFAULT_PORT = 4173;

type Env = Record<string, string | undefined>;

function environment(): Env {
  return { ...(existsSync(".env") ? parseEnv(readFileSync(".env", "utf8")) : {}), ...process.env };
}

export function readPaths(env: Env = environment()): { outDir: string; hostsDir: string; port: number } {
  const port = Number(env.PORT?.trim() || DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT="${env.PORT}" is not a port number: expected something like ${DEFAULT_PORT}.`);
  const outDir = env.OUT_DIR?.trim().replace(/\/+$/, "") || "dist";
  return { outDir, hostsDir: `${outDir}-hosts`, port };
}

/** `pattern` "url": an http(s) address, returned without its trailing slash. */
function optional(env: Env, name: string, pattern: RegExp | "url", example: string): string | null {
  const value = env[name]?.trim();
  if (!value) return null;
  if (pattern !== "url") {
    if (pattern.test(value)) return value;
    throw new ConfigError(`${name}="${value}" is malformed: expected something like ${example}. Fix it in .env or the environment, or unset it.`);
  }
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(`${name}="${value}" is not a URL: expected something like ${example}.`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    throw new ConfigError(`${name}="${value}" must start with https:// (or http:// for local testing).`);
  }
  return value.replace(/\/+$/, "");
}

function consentDefault(env: Env): "denied" | "granted" {
  const value = env.CONSENT_DEFAULT?.trim() || "denied";
  if (value !== "denied" && value !== "granted") {
    throw new ConfigError(`CONSENT_DEFAULT="${value}" is malformed: expected denied (the default) or granted. Fix it in .env or the environment, or unset it.`);
  }
  return value;
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

function cmsSettings(env: Env): CmsSettings | null {
  const repo = optional(env, "CMS_GITHUB_REPO", /^[\w.-]+\/[\w.-]+$/, "cedarline/website");
  if (!repo) return null;
  const branch = optional(env, "CMS_GITHUB_BRANCH", /^[\w./-]+$/, "main") ?? "main";
  const authUrl = optional(env, "CMS_AUTH_URL", "url", "https://cms-auth.example.workers.dev");
  return { repo, branch, authUrl };
}

export function readConfig(env: Env = environment()): SiteConfig {
  const portalId = optional(env, "HUBSPOT_PORTAL_ID", /^\d+$/, "12345678");
  const formId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const guid = "1a2b3c4d-0000-4000-8000-1234567890ab";
  const contactFormId = optional(env, "HUBSPOT_CONTACT_FORM_ID", formId, guid);
  const downloadFormId = optional(env, "HUBSPOT_DOWNLOAD_FORM_ID", formId, guid);
  const hubspot = "https://api.hsforms.com";
  const origin = optional(env, "HUBSPOT_API_ORIGIN", "url", hubspot) ?? hubspot;
  return {
    siteUrl: optional(env, "SITE_URL", "url", "https://example.com"),
    buildDate: buildDate(env),
    crm: portalId && contactFormId && downloadFormId ? { origin, portalId, contactFormId, downloadFormId } : null,
    gaMeasurementId: optional(env, "GA_MEASUREMENT_ID", /^G-[A-Z0-9]{4,}$/, "G-ABC123XYZ9"),
    clarityProjectId: optional(env, "CLARITY_PROJECT_ID", /^[a-z0-9]{6,}$/, "k3x9abcd12"),
    consentDefault: consentDefault(env),
    cms: cmsSettings(env),
    cloudflare: Boolean(env.CF_PAGES?.trim()),
    outDir: readPaths(env).outDir,
    hostsDir: readPaths(env).hostsDir,
  };
}

export function siteAddress(config: SiteConfig, site: Pick<Site, "siteUrl">): string {
  return config.siteUrl ?? site.siteUrl.replace(/\/+$/, "");
}

export function crmEndpoint(crm: CrmConfig | null, form: "contact" | "download"): string | null {
  if (!crm) return null;
  const formId = form === "contact" ? crm.contactFormId : crm.downloadFormId;
  return `${crm.origin}/submissions/v3/integration/submit/${crm.portalId}/${formId}`;
}

export function siteData(config: SiteConfig, siteUrl: string, images: SiteData["images"], logos: Record<string, string>): Omit<SiteData, "path"> {
  const { buildDate, crm, consentDefault } = config;
  return { siteUrl, buildDate, images, logos, endpoints: { contact: crmEndpoint(crm, "contact"), download: crmEndpoint(crm, "download") }, consentDefault };
}
