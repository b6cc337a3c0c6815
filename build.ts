// The story of a build: read the config, render every page, bundle the islands, write dist/, verify it.
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { caseStudies } from "./content/case-studies.ts";
import { ConfigError, crmEndpoint, readConfig } from "./build/config.ts";
import { writeCaseStudyPdfs } from "./build/case-study-pdfs.ts";
import { contentSecurityPolicy, themeScript } from "./build/head.ts";
import { headersFile } from "./build/headers.ts";
import { buildImages } from "./build/images.ts";
import { bundleIslands } from "./build/islands.ts";
import { loadPages, outputFileOf } from "./build/pages.ts";
import { copyPublic, readLogos } from "./build/public-files.ts";
import { renderBody, renderDocument } from "./build/render.ts";
import { formatSize, measurePage, overBudget } from "./build/size.ts";
import { robotsTxt, sitemapXml } from "./build/sitemap.ts";
import { buildStyles } from "./build/styles.ts";
import { reloadClient } from "./build/reload-client.ts";
import { checkLinks } from "./build/check-links.ts";
import { validateHtml } from "./build/validate-html.ts";

/** Builds the site; `log` receives the per-route sizes and the timing (tests pass a silent one). */
export async function build(config = readConfig(), log: (line: string) => void = console.log): Promise<void> {
  const started = performance.now();
  const timings: string[] = [];
  const step = async <T>(name: string, work: () => T | Promise<T>): Promise<T> => {
    const begun = performance.now();
    const result = await work();
    timings.push(`${name} ${Math.round(performance.now() - begun)} ms`);
    return result;
  };
  const out = config.outDir;
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });

  const [pages, images, logos, stylesheet] = await Promise.all([
    step("pages", loadPages),
    step("images", () => buildImages(out)),
    readLogos(),
    step("styles", () => buildStyles(out)),
    copyPublic(out),
  ]);
  const endpoints = { contact: crmEndpoint(config.crm, "contact"), download: crmEndpoint(config.crm, "download") };
  const bodies = await step("render", () => pages.map((page) => renderBody(page, { siteUrl: config.siteUrl, buildDate: config.buildDate, images, logos, endpoints })));

  const analytics = { gaMeasurementId: config.gaMeasurementId, clarityProjectId: config.clarityProjectId };
  const scripts = await step("islands", () => bundleIslands(bodies.map((b) => ({ route: b.page.route, islands: b.islands })), analytics, out));
  const csp = contentSecurityPolicy({
    inlineScripts: [themeScript],
    crmOrigin: config.crm?.origin ?? null,
    analytics: Boolean(config.gaMeasurementId),
    sessionRecording: Boolean(config.clarityProjectId),
  });

  const written = await step("documents", () => Promise.all(
    bodies.map(async (body) => {
      const { entry, preloads } = scripts.get(body.page.route)!;
      const devScripts = config.dev ? ["/__dev/reload.js"] : [];
      // React already writes compact markup; html-minifier-terser saved 35 bytes gzip over the whole site.
      const html = renderDocument(body, { siteUrl: config.siteUrl, ogImage: images.ogImage, csp, stylesheet, scripts: [entry, ...devScripts], preloads });
      const file = outputFileOf(body.page.route);
      await mkdir(dirname(join(out, file)), { recursive: true });
      await writeFile(join(out, file), html);
      return { route: body.page.route, file, html };
    }),
  ));

  const routes = written.map((page) => page.route);
  await Promise.all([
    step("pdfs", () => writeCaseStudyPdfs(caseStudies, config.siteUrl, config.buildDate, out)),
    writeFile(join(out, "sitemap.xml"), sitemapXml(config.siteUrl, routes, config.buildDate)),
    writeFile(join(out, "robots.txt"), robotsTxt(config.siteUrl)),
    writeFile(join(out, "_headers"), headersFile(csp)),
    config.dev ? mkdir(join(out, "__dev"), { recursive: true }).then(() => writeFile(join(out, "__dev/reload.js"), reloadClient)) : undefined,
  ]);

  const [invalid, broken] = await Promise.all([step("validate", () => validateHtml(written)), step("links", () => checkLinks(out, { siteUrl: config.siteUrl }))]);
  if (invalid.length) throw new Error(`Invalid HTML (fix the page or component that writes it):\n${invalid.join("\n")}`);
  if (broken.length) {
    throw new Error(`Broken links (fix the href or add the file):\n${broken.map((l) => `  ${l.url} (${l.status ?? "no answer"}) on ${l.parent}`).join("\n")}`);
  }

  const sizes = written.map((page) => measurePage(out, page.route, page.file));
  for (const size of sizes) log(formatSize(size));
  for (const problem of sizes.flatMap(overBudget)) log(`over budget: ${problem}`);
  log(`Built ${written.length} pages into ${out}/ in ${((performance.now() - started) / 1000).toFixed(2)} s (${timings.join(", ")})`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  build().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : `Build failed: ${(error as Error).message}`);
    if (!(error instanceof ConfigError) && process.env.DEBUG) console.error(error);
    process.exit(1);
  });
}
