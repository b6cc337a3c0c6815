// The story of a build: read the config, bundle and render every page, bundle the islands, write dist/,
// verify it. React already writes compact markup, so there is no minify step (html-minifier-terser
// saved 35 bytes gzip over the whole site and cost a quarter of a second).
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { redirects } from "./content/redirects.ts";
import { formatSize, measurePage, overBudget } from "./steps/budgets.ts";
import { readConfig, type SiteConfig } from "./steps/config.ts";
import { siteCsp } from "./steps/csp.ts";
import { GPC_FILE, gpcJson } from "./steps/gpc.ts";
import { writeHostFiles } from "./steps/hosts/index.ts";
import { buildImages } from "./steps/images.ts";
import { bundleIslands } from "./steps/islands.ts";
import { lastModifiedDates } from "./steps/lastmod.ts";
import { removeStale } from "./steps/output.ts";
import { pageBundler } from "./steps/pages.ts";
import { writeCaseStudyPdfs } from "./steps/pdfs.ts";
import { copyPublic, readLogos } from "./steps/public-files.ts";
import { renderPages } from "./steps/render-cache.ts";
import { siteData } from "./steps/site-data.ts";
import { robotsTxt, sitemapXml } from "./steps/sitemap.ts";
import { buildStyles } from "./steps/styles.ts";
import { BuildTimer } from "./steps/timer.ts";
import { Validators } from "./steps/validate-html.ts";
import { verifyBuild } from "./steps/verify.ts";

/** Up to this many pages the build prints each page's cost against the budgets; a larger site leaves it
 * to `npm run size`, as gzipping every page at level 9 would cost about a millisecond a page. */
const PAGES_LISTED = 30;

export interface BuildOptions {
  /** A warm page bundler to reuse (the dev server keeps one); otherwise one is made and stopped. */
  bundler?: Awaited<ReturnType<typeof pageBundler>>;
  /** Scripts every page loads besides its own (the dev server's client). */
  extraScripts?: string[];
  /** false: the caller verifies later (the dev server reloads the page first). */
  verify?: boolean;
}

/** Builds the site into config.outDir and returns what it made, so the dev server can update it piece by piece. */
export async function build(config: SiteConfig = readConfig(), log: (line: string) => void = console.log, options: BuildOptions = {}) {
  const timer = new BuildTimer();
  const out = config.outDir;
  const startedAt = Date.now();
  await rm(config.hostsDir, { recursive: true, force: true });
  await mkdir(out, { recursive: true });

  const bundler = options.bundler ?? (await pageBundler());
  const [loaded, images, logos, stylesheet] = await Promise.all([
    timer.step("pages", () => bundler.load()).finally(() => bundler !== options.bundler && bundler.dispose()),
    timer.step("images", () => buildImages(out)),
    readLogos(),
    timer.step("styles", () => buildStyles(out)),
    copyPublic(out),
  ]);
  const { renderer } = loaded;

  const { bodies, rendered } = await timer.step("render", () => renderPages(loaded, siteData(config, images, logos)));
  // On a large site, pages rendered anew are validated by threads that load and warm up html-validate
  // (~0.7 s) while the steps below write the pages.
  const validators = options.verify !== false ? Validators.ahead(rendered, bodies.length) : undefined;
  const usage = bodies.map((body) => ({ route: body.page.route, islands: body.islands }));
  const scripts = await timer.step("islands", () => bundleIslands(usage, config, out));

  const csp = siteCsp(config, scripts.bootstrap, stylesheet);
  const assets = { siteUrl: config.siteUrl, ogImage: images.ogImage, csp, stylesheet, bootstrap: scripts.bootstrap, extraScripts: options.extraScripts };
  const written = await timer.step("documents", () => renderer.writeDocuments(bodies, assets, out));

  await Promise.all([
    timer.step("pdfs", () => writeCaseStudyPdfs(renderer.caseStudies, renderer.company, config.siteUrl, config.buildDate, out)),
    timer.step("sitemap", async () => {
      const dates = await lastModifiedDates(new Map(loaded.pages.map((page) => [page.route, loaded.sourcesOf(page.route)])), config.buildDate);
      await writeFile(
        join(out, "sitemap.xml"),
        sitemapXml(
          config.siteUrl,
          written.map((page) => ({ route: page.route, lastmod: dates.get(page.route)! })),
        ),
      );
    }),
    writeFile(join(out, "robots.txt"), robotsTxt(config.siteUrl)),
    mkdir(join(out, ".well-known"), { recursive: true }).then(() => writeFile(join(out, GPC_FILE), gpcJson(config.buildDate))),
    writeHostFiles({
      outDir: out,
      hostsDir: config.hostsDir,
      siteUrl: config.siteUrl,
      csp,
      routes: written.map((page) => page.route),
      documents: renderer.caseStudies.filter((study) => !study.isExternalLink).map((study) => study.pdfUrl),
      redirects,
    }),
  ]);

  const kept = new Set([...written.map((page) => page.file), ...Object.values(scripts.routes).flatMap((files) => files.map((path) => path.slice(1)))]);
  const removed = await removeStale(out, startedAt, kept);
  if (options.verify !== false) await timer.step("verify", () => verifyBuild(out, written, config.siteUrl, validators).finally(() => validators?.close()));

  // The dev server's pages also load its client, which is not the site's: their sizes are not reported.
  if (written.length <= PAGES_LISTED && !options.extraScripts?.length) {
    const sizes = written.map((page) => measurePage(out, page.route, page.file, scripts.routes[page.route]));
    for (const size of sizes) log(formatSize(size));
    for (const problem of sizes.flatMap(overBudget)) log(`over budget: ${problem}`);
  }
  if (removed.length)
    log(
      `Removed what this build no longer makes: ${removed.length > 5 ? `${removed.slice(0, 5).join(", ")} and ${removed.length - 5} more` : removed.join(", ")}`,
    );
  log(`Built ${written.length} pages into ${out}/ in ${timer.summary()}${written.length > PAGES_LISTED ? "; npm run size checks each page's budget" : ""}`);
  return { loaded, images, logos, stylesheet, scripts, csp, bodies, written, assets };
}

export type BuiltSite = Awaited<ReturnType<typeof build>>;
