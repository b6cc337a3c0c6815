// The three sites the tests run against, and a server for them.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { join, relative } from "node:path";
import type { CaseStudy } from "../../content/collections.ts";
import { readContentFile } from "../../engine/content/read.ts";
import { ADMIN_PATH } from "../../engine/outputs/admin.ts";
import { serve } from "../../engine/outputs/serve.ts";
import { readConfig } from "../../engine/pipeline/config.ts";
import { outputFileOf, routeOfOutputFile } from "../../engine/pipeline/routes.ts";
import { buildFixtureSite, FIXTURES } from "./fixture-site.ts";

export const TEST_BUILD_DATE = "2026-03-15";
export const TEST_SITE_URL = "https://cedarline.test";
export const CRM_ORIGIN = "https://api.hsforms.com";
export const PORTAL_ID = "24681357";
export const CONTACT_FORM_ID = "0c1d2e3f-4a5b-4c6d-8e7f-0123456789ab";
export const DOWNLOAD_FORM_ID = "9f8e7d6c-5b4a-4392-8170-fedcba987654";
export const GA_ID = "G-TEST12345";
export const CLARITY_ID = "clarity123";
export const CMS_REPO = "cedarline/website";

/** Everything configured: the forms post to HubSpot, GA and Clarity are on. */
export const configuredSite = ".cache/test-site";
/** The fixture site (test/helpers/fixture-site.ts): the pages with the tests' own content
 * (test/fixtures/), not the firm's, and nothing configured, as on a fresh checkout: no CRM, no third
 * parties. The render snapshots and the screenshots are of it, so no content change fails them. Its date
 * is pinned too, so they do not change with the day (that an unset BUILD_DATE means today is a config
 * unit test). */
export const fixtureSite = ".cache/test-site-fixture";
/**
 * The site the journeys run on in every engine: the CRM configured and nothing else, so no page asks
 * for a third party (Firefox and WebKit cannot answer those locally). Its CRM origin is a placeholder
 * the journeys' server replaces with its own origin as it serves each page (test/helpers/journey-server.ts).
 */
export const journeySite = ".cache/test-site-journeys";
export const CRM_PLACEHOLDER_ORIGIN = "http://crm-stand-in.invalid";

export const configuredEnv = {
  SITE_URL: TEST_SITE_URL,
  BUILD_DATE: TEST_BUILD_DATE,
  HUBSPOT_PORTAL_ID: PORTAL_ID,
  HUBSPOT_CONTACT_FORM_ID: CONTACT_FORM_ID,
  HUBSPOT_DOWNLOAD_FORM_ID: DOWNLOAD_FORM_ID,
  HUBSPOT_API_ORIGIN: CRM_ORIGIN,
  GA_MEASUREMENT_ID: GA_ID,
  CLARITY_PROJECT_ID: CLARITY_ID,
  CMS_GITHUB_REPO: CMS_REPO,
  OUT_DIR: configuredSite,
};

/** Where the build writes a site's host configuration (nginx, CloudFront, GitHub Pages). */
export function testHostsDir(site: string): string {
  return readConfig({ OUT_DIR: site }).hostsDir;
}

export async function buildTestSites(): Promise<void> {
  // The fixture site builds in a process of its own (a project copy), beside the two built here.
  await Promise.all([buildFixtureSite(fixtureSite, { BUILD_DATE: TEST_BUILD_DATE }), buildFirmSites()]);
}

/** The two sites of the firm's content. */
async function buildFirmSites(): Promise<void> {
  // Loaded here: a browser test file whose sites are built (npm test built them) never loads the pipeline.
  const { build } = await import("../../build.ts");
  const quiet = () => {};
  await build(readConfig(configuredEnv), quiet);
  await build(
    readConfig({
      BUILD_DATE: TEST_BUILD_DATE,
      HUBSPOT_PORTAL_ID: PORTAL_ID,
      HUBSPOT_CONTACT_FORM_ID: CONTACT_FORM_ID,
      HUBSPOT_DOWNLOAD_FORM_ID: DOWNLOAD_FORM_ID,
      HUBSPOT_API_ORIGIN: CRM_PLACEHOLDER_ORIGIN,
      OUT_DIR: journeySite,
    }),
    quiet,
  );
}

/** Lets a single test file run on its own: builds the sites when test/run.ts has not. */
export async function ensureTestSites(): Promise<void> {
  if (![configuredSite, fixtureSite, journeySite].every((site) => existsSync(`${site}/index.html`))) await buildTestSites();
}

/** Lets a file that needs only the fixture site run on its own (or in a project copy) without the others. */
export async function ensureFixtureSite(): Promise<void> {
  if (!existsSync(`${fixtureSite}/index.html`)) await buildFixtureSite(fixtureSite, { BUILD_DATE: TEST_BUILD_DATE });
}

/** The case studies a test site shows, in the order its list shows them (their `order`), each read from its
 * content file as the build reads it: a test derives what a study's page must show from them, so a new or
 * edited study needs no edit to the tests. */
export async function shownCaseStudies(site = configuredSite): Promise<CaseStudy[]> {
  const root = site === fixtureSite ? FIXTURES : ".";
  const studies = (await builtRoutes(site))
    .filter((route) => route.startsWith("/case-studies/"))
    .map((route) => {
      const slug = route.slice("/case-studies/".length);
      const file = `content/case-studies/${slug}.md`;
      const data = readContentFile(root, file, readFileSync(join(root, file), "utf8")).data as Omit<CaseStudy, "slug">;
      return { ...data, slug } as CaseStudy;
    });
  return studies.sort((a, b) => a.order - b.order);
}

/** Every page a test site's build wrote but the not-found page and the CMS's (/admin/ is no page of the
 * site), in order: the tests take the routes from the build, so a new page is tested (and its screenshots
 * taken) with no edit here. Builds the test sites when they are missing, so that a test file run alone can
 * list its tests as it loads. */
export async function builtRoutes(site = configuredSite): Promise<string[]> {
  await (site === fixtureSite ? ensureFixtureSite() : ensureTestSites());
  return readdirSync(site, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => routeOfOutputFile(relative(site, join(entry.parentPath, entry.name))))
    .filter((route) => route !== "/404" && !route.startsWith(ADMIN_PATH))
    .sort();
}

export function readPage(route: string, site = configuredSite): string {
  return readFileSync(`${site}/${outputFileOf(route)}`, "utf8");
}

// jsdom takes 0.6 s of CPU to load: only the build tests that parse pages pay for it, not every browser test.
const require = createRequire(import.meta.url);

const parsed = new Map<string, Document>();

/** The page parsed once per test process, shared by the files that share the process: tests read it,
 * and one that changes it parses its own copy, so no other test (of its file or another) sees the change.
 * Its inlined stylesheet is left out (the <style> element stays, empty): jsdom parses a stylesheet into
 * rules, which was three quarters of a page's parse (15 pages: 0.99 CPU-s with it, 0.28 without), and no
 * test reads it from here (the stylesheet's tests read the page's text, readPage). */
export function parsePage(route: string, site = configuredSite): Document {
  const key = `${site}\n${route}`;
  let doc = parsed.get(key);
  if (!doc) {
    const { JSDOM } = require("jsdom") as typeof import("jsdom");
    doc = new JSDOM(readPage(route, site).replace(/<style>[^<]*<\/style>/, "<style></style>")).window.document;
    parsed.set(key, doc);
  }
  return doc;
}

export function text(element: Element | null | undefined): string {
  return (element?.textContent ?? "").replace(/\s+/g, " ").trim();
}

export interface RunningSite {
  origin: string;
  close: () => Promise<void>;
}

export async function startSite(dir = configuredSite): Promise<RunningSite> {
  const server: Server = await serve(dir, 0);
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) };
}
