// The story of a build: read the config, render every page, bundle the islands, write dist/, verify it.
// React already writes compact markup, so there is no minify step (html-minifier-terser saved 35 bytes
// gzip over the whole site and cost a quarter of a second).
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { writeCaseStudyPdfs } from "./build/case-study-pdfs.ts";
import { ConfigError, crmEndpoint, readConfig } from "./build/config.ts";
import { siteCsp } from "./build/csp.ts";
import { headersFile } from "./build/headers.ts";
import { buildImages } from "./build/images.ts";
import { readStylesheet } from "./build/inline-stylesheet.ts";
import { bundleIslands } from "./build/islands.ts";
import { loadPages } from "./build/pages.ts";
import { copyPublic, readLogos } from "./build/public-files.ts";
import { renderBody, writeDocuments } from "./build/render.ts";
import { robotsTxt, sitemapXml } from "./build/sitemap.ts";
import { formatSize, measurePage, overBudget } from "./build/size.ts";
import { buildStyles } from "./build/styles.ts";
import { BuildTimer } from "./build/timer.ts";
import { verifyBuild } from "./build/verify.ts";
import { isCommand } from "./commands/cli.ts";
import { caseStudies } from "./content/case-studies.ts";

/** Builds the site; `log` receives the per-route sizes and the timing (tests pass a silent one). */
export async function build(config = readConfig(), log: (line: string) => void = console.log): Promise<void> {
  const timer = new BuildTimer();
  const out = config.outDir;
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });

  const [pages, images, logos, stylesheet] = await Promise.all([
    timer.step("pages", loadPages),
    timer.step("images", () => buildImages(out)),
    readLogos(),
    timer.step("styles", () => buildStyles(out).then((sitePath) => readStylesheet(out, sitePath))),
    copyPublic(out),
  ]);

  const endpoints = { contact: crmEndpoint(config.crm, "contact"), download: crmEndpoint(config.crm, "download") };
  const site = { siteUrl: config.siteUrl, buildDate: config.buildDate, images, logos, endpoints };
  const bodies = await timer.step("render", () => pages.map((page) => renderBody(page, site)));

  const analytics = { gaMeasurementId: config.gaMeasurementId, clarityProjectId: config.clarityProjectId };
  const scripts = await timer.step("islands", () =>
    bundleIslands(
      bodies.map((b) => ({ route: b.page.route, islands: b.islands })),
      analytics,
      out,
    ),
  );

  const csp = siteCsp(config, scripts.bootstrap, stylesheet);
  const written = await timer.step("documents", () =>
    writeDocuments(bodies, () => ({ siteUrl: config.siteUrl, ogImage: images.ogImage, csp, stylesheet, bootstrap: scripts.bootstrap }), out),
  );

  await Promise.all([
    timer.step("pdfs", () => writeCaseStudyPdfs(caseStudies, config.siteUrl, config.buildDate, out)),
    writeFile(
      join(out, "sitemap.xml"),
      sitemapXml(
        config.siteUrl,
        written.map((page) => page.route),
        config.buildDate,
      ),
    ),
    writeFile(join(out, "robots.txt"), robotsTxt(config.siteUrl)),
    writeFile(join(out, "_headers"), headersFile(csp)),
  ]);

  await timer.step("verify", () => verifyBuild(out, written, config.siteUrl));

  const sizes = written.map((page) => measurePage(out, page.route, page.file, scripts.routes[page.route]));
  for (const size of sizes) log(formatSize(size));
  for (const problem of sizes.flatMap(overBudget)) log(`over budget: ${problem}`);
  log(`Built ${written.length} pages into ${out}/ in ${timer.summary()}`);
}

if (isCommand(import.meta.url)) {
  build().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : `Build failed: ${(error as Error).message}`);
    if (!(error instanceof ConfigError) && process.env.DEBUG) console.error(error);
    process.exit(1);
  });
}
