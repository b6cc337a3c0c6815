// The story of a build, told once for `npm run build` and `npm run dev` alike: read the pages (and so the
// images they name), styles and public files; name the images and each page's social card, and encode
// them while every page is rendered; bundle the islands; write the documents; print the PDFs, the sitemap
// and each host's files; remove what the site no longer makes; verify; keep the output folder's manifest.
// In a run, each step keeps its last result while its inputs (source folders, settings, other steps'
// results) are the same, so a dev save redoes only what it touched; across runs, the manifest decides
// which page is rendered, written and verified again (engine/state/manifest.ts).
import { mkdir } from "node:fs/promises";
import { setFlagsFromString } from "node:v8";
import type { Unpublished } from "./engine/content/modules.ts";
import { DevStyles } from "./engine/dev/styles.ts";
import { Encoder } from "./engine/media/encoder.ts";
import { buildImages } from "./engine/media/images.ts";
import { writeCaseStudyPdfs } from "./engine/media/pdfs.ts";
import { buildSocialCards, DevCards, type SocialCards } from "./engine/media/social-cards.ts";
import { adminCsp, adminHeaders, githubBackend, writeAdmin } from "./engine/outputs/admin.ts";
import { budgetReport } from "./engine/outputs/budgets.ts";
import { siteCsp } from "./engine/outputs/csp.ts";
import { writeHostFiles } from "./engine/outputs/hosts/index.ts";
import { listedShort, removeStale } from "./engine/outputs/output.ts";
import { copyPublic, readLogos } from "./engine/outputs/public-files.ts";
import { writeFixedFiles, writeSitemap } from "./engine/outputs/sitemap.ts";
import { type OutputFolders, staged } from "./engine/outputs/staging.ts";
import { readConfig, type SiteConfig, siteAddress } from "./engine/pipeline/config.ts";
import { type PageSink, type WrittenPage, writeDocuments } from "./engine/pipeline/documents.ts";
import { stopEsbuild } from "./engine/pipeline/esbuild.ts";
import { bundleIslands, type IslandBundle } from "./engine/pipeline/islands.ts";
import { type LoadedPages, pageBundler } from "./engine/pipeline/pages.ts";
import type { DocumentAssets } from "./engine/pipeline/render.ts";
import { siteData } from "./engine/pipeline/site-data.ts";
import { ISLAND_SOURCES, PAGE_SOURCES, PUBLIC_SOURCES, STYLE_SOURCES } from "./engine/pipeline/sources.ts";
import { buildStyles } from "./engine/pipeline/styles.ts";
import { BuildTimer } from "./engine/pipeline/timer.ts";
import { engineHash, OutputState } from "./engine/state/build-state.ts";
import { allOrStop, Memo, SourceVersions } from "./engine/state/inputs.ts";
import { RenderedBodies } from "./engine/state/render-cache.ts";
import { DiskStore, MemoryStore } from "./engine/state/store.ts";
import { Verification } from "./engine/verify/verify.ts";

export interface RunOptions {
  /** Where each page's document goes as it is written (a build's verification, finished once the run's
   * files are all written), given how many pages were rendered anew, the entries left out and the
   * address the site is served from. */
  sinkFor?: (rendered: number, unpublished: Unpublished[], siteUrl: string) => PageSink;
  /** Called with a newly compiled stylesheet before any page is written (the dev server applies it at once),
   * there first with a preview, should a partial's save allow one (DevStyles). */
  stylesheetReady?: (css: string) => void;
  /** Called once the documents are on disk, and the images they name (the dev server shows them then),
   * before the steps that follow them: every page, the routes whose document changed, and whether the
   * browser code changed. */
  pagesWritten?: (written: { pages: WrittenPage[]; changed: string[]; scriptsChanged: boolean }) => void;
}

/** The pages' bodies, as the page bundle gives them and rendered with the site data. */
type Bodies = RenderedBodies<LoadedPages["pages"][number], ReturnType<typeof siteData>>;

export class Pipeline {
  private readonly sources = new SourceVersions();
  private readonly bundler: ReturnType<typeof pageBundler>;
  private readonly styles: DevStyles | undefined;
  /** The output folder's manifest: the last run's, and this run's as the steps fill it in. */
  private readonly state: OutputState;
  private readonly bodies: Bodies;
  private lastBootstrap: string | undefined;
  /** The dev server's cards, drawn after each run (DevCards). */
  private readonly devCards = new DevCards();
  /** The data the pages were last rendered with (the dev server renders again with it to explain an error). */
  site: ReturnType<typeof siteData> | undefined;
  private readonly step = {
    pages: new Memo<LoadedPages>(),
    images: new Memo<Awaited<ReturnType<typeof buildImages>>>(),
    logos: new Memo<Record<string, string>>(),
    publicFiles: new Memo<string[]>(),
    styles: new Memo<string>(),
    cards: new Memo<SocialCards>(),
    site: new Memo<ReturnType<typeof siteData>>(),
    render: new Memo<Awaited<ReturnType<Bodies["render"]>>>(),
    islands: new Memo<IslandBundle>(),
    assets: new Memo<DocumentAssets>(),
    pdfs: new Memo<string[]>(),
    sitemap: new Memo<void>(),
    hosts: new Memo<string[]>(),
    fixedFiles: new Memo<string[]>(),
    admin: new Memo<string[]>(),
  };

  /** `dev`: warm for many runs (the dev server): esbuild and Sass stay running, the pages are loaded file by
   * file and React once, and what a run keeps stays in memory. `into`: where it writes (engine/outputs/staging.ts). */
  constructor(
    readonly config: SiteConfig = readConfig(),
    private readonly dev = false,
    private readonly into: OutputFolders = config,
  ) {
    this.bundler = pageBundler({ dev: this.dev, today: config.buildDate.toISOString().slice(0, 10) });
    // A build keeps its manifest and bodies on disk for the next build; the dev server in memory between saves.
    this.state = new OutputState(this.dev ? new MemoryStore() : new DiskStore(config.outDir), config.outDir, engineHash(config));
    this.bodies = new RenderedBodies(this.state);
    this.styles = this.dev ? new DevStyles() : undefined;
  }

  /** The dev server's early look at a saved style partial (DevStyles.previewSave); a build has none. */
  previewStyleSave(file: string, ready: (css: string) => void): Promise<void> {
    return this.styles?.previewSave(file, ready) ?? Promise.resolve();
  }

  /** Builds the site into its folder (`into`), redoing only the steps that `changed` files (project-relative) feed. */
  async run(changed: string[] = [], options: RunOptions = {}) {
    this.sources.touch(changed);
    const timer = new BuildTimer();
    // One image encoder (sharp, in a process of its own) for the art and the social cards, started at the
    // first image the cache lacks and ended once they are written (or with the run, should a step fail).
    const encoder = new Encoder();
    // A failed run ends the helper processes it started before it reports (a late answer is only noise).
    const failed = new AbortController();
    this.devCards.hold(true);
    try {
      return await this.steps(changed, options, timer, encoder, failed);
    } catch (error) {
      failed.abort();
      await encoder.stop();
      throw error;
    } finally {
      encoder.close();
      this.devCards.hold(false);
    }
  }

  /** The dev server's card at this site path, while it may still be being drawn: resolves once it is
   * written (or failed); undefined for any other path. */
  cardWritten(path: string): Promise<void> | undefined {
    return this.devCards.written(path);
  }

  /** The steps of one run, each redone only when its inputs changed; `failed` is aborted should one fail. */
  private async steps(changed: string[], { sinkFor, stylesheetReady, pagesWritten }: RunOptions, timer: BuildTimer, encoder: Encoder, failed: AbortController) {
    const { config, step } = this;
    const version = (...folders: string[]) => this.sources.of(...folders);
    const out = this.into.outDir;
    this.state.begin();
    // The stylesheet first: a style save's preview (in the dev server) leaves before anything else is looked at.
    const styles = step.styles.get([version(STYLE_SOURCES)], async () => {
      const css = await timer.step("styles", () => (this.styles ? this.styles.compile(changed, stylesheetReady) : buildStyles(undefined, failed.signal)));
      stylesheetReady?.(css);
      return css;
    });
    // Awaited below, with the other steps; a failure meanwhile is not an unhandled rejection.
    styles.catch(() => {});
    await mkdir(out, { recursive: true });

    const [loaded, logos, publicFiles, stylesheet] = await allOrStop(failed, [
      step.pages.get([version(...PAGE_SOURCES)], async () => timer.step("pages", async () => (await this.bundler).load(changed, this.state))),
      step.logos.get([version(PUBLIC_SOURCES)], () => readLogos()),
      step.publicFiles.get([version(PUBLIC_SOURCES)], () => copyPublic(out)),
      styles,
    ]);
    // A build's esbuild (~35 MB) ends while the pages are rendered, beside the image encoder; it restarts should the islands need bundling.
    if (!this.dev) await stopEsbuild();
    // The images the page bundle names: each file's address is known at once, and only the placeholders the
    // pages print are waited for; the files are encoded while the pages are rendered and written.
    const siteUrl = siteAddress(config, loaded.renderer.site);
    const social = loaded.renderer.site.seoDefaults.image.src;
    const imageFolders = [...new Set(loaded.images.map((file) => file.split("/")[0]))];
    const images = await step.images.get([loaded.images.join("\n"), social, version(...imageFolders)], () => buildImages(out, encoder, loaded.images, social));
    const site = await step.site.get([siteUrl, images.images, logos], () => siteData(config, siteUrl, images.images, logos));
    // Each card's address is known at once; they are drawn while the pages are rendered and written.
    const labels = { brand: loaded.renderer.site.company.name, sectionLabel: loaded.renderer.sectionLabel };
    const cardInputs = JSON.stringify([
      loaded.pages.map((page) => [page.route, page.meta.title, page.meta.section, page.meta.socialCard]),
      labels.brand,
      loaded.renderer.site.navigation,
    ]);
    const cards = await step.cards.get([cardInputs, siteUrl], () =>
      this.dev ? this.devCards.make(loaded.pages, labels, siteUrl, out) : buildSocialCards(loaded.pages, labels, siteUrl, out, encoder),
    );
    // Every image is asked for by now: the encoder (~130 MB) ends once all are written or failed, not with the
    // run. A failed write (an encoder stopped by a failed run) is made again by the next run.
    step.images.keptIf(images, images.written);
    step.cards.keptIf(cards, cards.written);
    const writes = this.dev ? [images.written] : [images.written, cards.written];
    const imagesWritten = Promise.all(writes);
    // Awaited at the end; should the run fail first (its encoder stopped), not an unhandled rejection.
    imagesWritten.catch(() => {});
    Promise.allSettled(writes).then(() => encoder.close());
    this.site = site;
    const { pages: bodies, rendered } = await step.render.get([loaded, site], () => timer.step("render", () => this.bodies.render(loaded, site)));
    // Known now, so that what the sink starts (a build's verification thread) loads while the islands are bundled.
    const sink = sinkFor?.(rendered, loaded.unpublished, siteUrl);

    const usage = bodies.map((body) => ({ route: body.page.route, islands: body.islands }));
    const scripts = await step.islands.get([JSON.stringify(usage), version(...ISLAND_SOURCES)], () =>
      timer.step("islands", () => bundleIslands(usage, config, out)),
    );
    if (!this.dev) await stopEsbuild();
    const { themeScript, speculationRules } = loaded.renderer;
    const assets = await step.assets.get([siteUrl, scripts.bootstrap, themeScript, speculationRules, stylesheet, images.socialImage, cards.byRoute], () => ({
      siteUrl,
      ogImage: images.socialImage,
      cards: cards.byRoute,
      csp: siteCsp(config, { themeScript, bootstrap: scripts.bootstrap, speculationRules }, stylesheet),
      stylesheet,
      bootstrap: scripts.bootstrap,
    }));
    // The dev server serves dist/ as it is written: a page is written once the images it names are.
    if (this.dev) await images.written;
    const { pages, changed: changedPages } = await timer.step("documents", () =>
      writeDocuments(this.state, bodies, (page) => this.bodies.bodyOf(page), assets, out, loaded.renderer.renderDocument, sink),
    );
    pagesWritten?.({ pages, changed: changedPages, scriptsChanged: scripts.bootstrap !== this.lastBootstrap });
    this.lastBootstrap = scripts.bootstrap;
    // The dev server's update to the open pages leaves before the git commands below start (~8 ms sooner).
    if (pagesWritten) await new Promise((done) => setImmediate(done));

    const routes = pages.map((page) => page.route);
    const documents = loaded.renderer.caseStudyDocuments(loaded.renderer.caseStudies);
    const admin = config.cms ? adminHeaders(adminCsp(githubBackend(config.cms))) : null;
    const studies = documents.map((study) => study.path);
    const { redirects } = loaded.renderer;
    const [pdfs, , hostFiles, fixedFiles, adminFiles] = await allOrStop(failed, [
      step.pdfs.get([JSON.stringify([documents, loaded.renderer.site.company, siteUrl])], () =>
        timer.step("pdfs", () => writeCaseStudyPdfs(documents, loaded.renderer.site.company, siteUrl, config.buildDate, out)),
      ),
      // Each page's date is its sources' last commit, so any save may move one.
      step.sitemap.get([loaded], () => timer.step("sitemap", () => writeSitemap(out, siteUrl, routes, loaded.sourcesOf, config.buildDate))),
      step.hosts.get([siteUrl, assets.csp, routes.join("\n"), JSON.stringify(studies), JSON.stringify(redirects)], () =>
        writeHostFiles({
          outDir: out,
          hostsDir: this.into.hostsDir,
          siteUrl,
          csp: assets.csp,
          routes,
          documents: studies,
          redirects,
          admin,
          cloudflare: config.cloudflare,
        }),
      ),
      step.fixedFiles.get([siteUrl], () => writeFixedFiles(out, siteUrl, config.buildDate)),
      // The CMS, published by a build with its GitHub backend configured (the dev server serves its own):
      // its configuration follows the schema, which is build code; its preview, the pages' sources and the stylesheet.
      step.admin.get([JSON.stringify(config.cms), version(...PAGE_SOURCES), stylesheet], () => (this.dev ? [] : writeAdmin(out, config.cms, stylesheet))),
    ]);

    const made = [
      ...pages.map((page) => page.file),
      ...scripts.files,
      ...images.files,
      ...Object.values(cards.byRoute).map((card) => card.path.slice(1)),
      ...publicFiles,
      ...pdfs.map((path) => path.slice(1)),
      ...hostFiles,
      ...fixedFiles,
      ...adminFiles,
      "sitemap.xml",
    ];
    await timer.step("images and cards", () => imagesWritten);
    const removed = await removeStale(out, new Set(made));
    const verified = await timer.step("verify", async () => sink?.finish());
    if (verified) this.state.recordVerified(verified);
    await this.state.keep();
    return { pages, changedPages, rendered, removed, scripts, timer, cardsWritten: cards.written, advice: loaded.advice, siteUrl };
  }

  async close(): Promise<void> {
    await Promise.all([this.bundler.then((bundler) => bundler.dispose()), this.styles?.dispose()]);
    // A build's esbuild process, should a step have failed before the build stopped it.
    if (!this.dev) await stopEsbuild();
  }
}

export type PipelineRun = Awaited<ReturnType<Pipeline["run"]>>;

/** From this many pages rendered anew, V8's heap grows by 40% past what survived a full collection, not 100%:
 * a cold build of 10,000 pages then peaked at ~270 MB, not ~500 MB, in the same time (15 pages: 2.6% slower). */
const MANY_PAGES = 1000;

/** `npm run build`: the pipeline once, verified as it writes, into copies of the output folders that take
 * their places once it has ended well (engine/outputs/staging.ts); prints what it made and each page's budget. */
export async function build(config: SiteConfig = readConfig(), log: (line: string) => void = console.log): Promise<PipelineRun> {
  let verification: Verification | undefined;
  const run = await staged(config, async (into) => {
    const pipeline = new Pipeline(config, false, into);
    try {
      return await pipeline.run([], {
        sinkFor: (rendered, unpublished, siteUrl) => {
          if (rendered >= MANY_PAGES) setFlagsFromString("--heap-growing-percent=40");
          verification = new Verification(into.outDir, siteUrl, undefined, { expected: rendered, unpublished });
          return verification;
        },
      });
    } finally {
      // Verification's threads too, when a step after writing failed.
      await Promise.all([pipeline.close(), verification?.close()]);
    }
  });
  for (const advice of run.advice) log(`Advice: ${advice}`);
  if (verification) log(verification.summary());
  for (const line of budgetReport(config.outDir, run.pages, run.scripts.routes)) log(line);
  if (run.removed.length) log(`Removed what this build no longer makes: ${listedShort(run.removed)}`);
  const cpu = process.cpuUsage();
  log(`Built ${run.pages.length} pages into ${config.outDir}/ in ${run.timer.summary()}; ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU in all threads`);
  return run;
}
