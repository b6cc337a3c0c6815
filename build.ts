// The story of a build, for `npm run build` and `npm run dev` alike: read the pages, styles and public files;
// name the images and social cards and encode them while the pages render; bundle the islands; write the
// documents, PDFs, sitemap and host files; remove what the site no longer makes; verify; keep the manifest.
// Each step keeps its result while its inputs are the same (a dev save redoes only what it touched); across
// runs, the manifest decides which page is rendered, written and verified again (engine/state/manifest.ts).
import { mkdir } from "node:fs/promises";
import { setFlagsFromString } from "node:v8";
import type { Unpublished } from "./engine/content/modules.ts";
import { DevStyles } from "./engine/dev/styles.ts";
import { Encoder } from "./engine/media/encoder.ts";
import { buildImages } from "./engine/media/images.ts";
import { writeCaseStudyPdfs } from "./engine/media/pdfs.ts";
import { buildSocialCards, DevCards } from "./engine/media/social-cards.ts";
import { adminCsp, adminHeaders, githubBackend, writeAdmin } from "./engine/outputs/admin.ts";
import { budgetReport } from "./engine/outputs/budgets.ts";
import { contentSecurityPolicy } from "./engine/outputs/csp.ts";
import { writeHostFiles } from "./engine/outputs/hosts/index.ts";
import { listedShort, removeStale } from "./engine/outputs/output.ts";
import { copyPublic, readLogos } from "./engine/outputs/public-files.ts";
import { writeFixedFiles, writeSitemap } from "./engine/outputs/sitemap.ts";
import { type OutputFolders, staged } from "./engine/outputs/staging.ts";
import { readConfig, type SiteConfig, siteAddress, siteData } from "./engine/pipeline/config.ts";
import { type PageSink, type WrittenPage, writeDocuments } from "./engine/pipeline/documents.ts";
import { stopEsbuild } from "./engine/pipeline/esbuild.ts";
import { bundleIslands } from "./engine/pipeline/islands.ts";
import { type LoadedPages, pageBundler } from "./engine/pipeline/pages.ts";
import { ISLAND_SOURCES, PAGE_SOURCES, PUBLIC_SOURCES, STYLE_SOURCES } from "./engine/pipeline/sources.ts";
import { buildStyles } from "./engine/pipeline/styles.ts";
import { BuildTimer } from "./engine/pipeline/timer.ts";
import { engineHash, OutputState } from "./engine/state/build-state.ts";
import { allOrStop, Memo, SourceVersions } from "./engine/state/inputs.ts";
import { RenderedBodies } from "./engine/state/render-cache.ts";
import { DiskStore, MemoryStore } from "./engine/state/store.ts";
import { Verification } from "./engine/verify/verify.ts";

export interface RunOptions {
  /** Where each document goes as it is written (a build's verification). */
  sinkFor?: (rendered: number, unpublished: Unpublished[], siteUrl: string) => PageSink;
  /** A newly compiled stylesheet, before any page is written (first a preview, where DevStyles allows one). */
  stylesheetReady?: (css: string) => void;
  /** The documents and their images are on disk (the dev server shows them then, before the later steps). */
  pagesWritten?: (written: { pages: WrittenPage[]; changed: string[]; scriptsChanged: boolean }) => void;
}

export class Pipeline {
  private readonly sources = new SourceVersions();
  private readonly bundler: ReturnType<typeof pageBundler>;
  /** The dev server's stylesheet, which previews a partial's save. */
  readonly styles: DevStyles | undefined;
  private readonly state: OutputState;
  private readonly bodies: RenderedBodies<LoadedPages["pages"][number], ReturnType<typeof siteData>>;
  private lastBootstrap: string | undefined;
  /** The dev server's cards, drawn after each run. */
  readonly devCards = new DevCards();
  /** The data the pages were last rendered with (the dev server renders with it to explain an error). */
  site: ReturnType<typeof siteData> | undefined;
  /** Each step's last result, by name. */
  private readonly memos = new Map<string, Memo<unknown>>();

  /** `dev`: warm for many runs, what a run keeps in memory; `into`: where it writes (engine/outputs/staging.ts). */
  constructor(
    readonly config: SiteConfig = readConfig(),
    private readonly dev = false,
    private readonly into: OutputFolders = config,
  ) {
    this.bundler = pageBundler({ dev: this.dev, today: config.buildDate.toISOString().slice(0, 10) });
    this.state = new OutputState(this.dev ? new MemoryStore() : new DiskStore(config.outDir), config.outDir, engineHash(config));
    this.bodies = new RenderedBodies(this.state);
    this.styles = this.dev ? new DevStyles() : undefined;
  }

  /** Builds the site, redoing only the steps that `changed` files (project-relative) feed. */
  async run(changed: string[] = [], { sinkFor, stylesheetReady, pagesWritten }: RunOptions = {}) {
    this.sources.touch(changed);
    const { config } = this;
    const timer = new BuildTimer();
    const version = (...folders: string[]) => this.sources.of(...folders);
    const out = this.into.outDir;
    // One image encoder for the art and the cards; a failed run ends the processes it started before it reports.
    const encoder = new Encoder();
    const failed = new AbortController();
    this.devCards.hold(true);
    try {
      this.state.begin();
      // The stylesheet first: a style save's preview leaves before anything else is looked at.
      const styles = this.step("styles", [version(STYLE_SOURCES)], async () => {
        const css = await timer.step("styles", () => (this.styles ? this.styles.compile(changed, stylesheetReady) : buildStyles(undefined, failed.signal)));
        stylesheetReady?.(css);
        return css;
      });
      styles.catch(() => {}); // awaited below
      await mkdir(out, { recursive: true });

      const [loaded, logos, publicFiles, stylesheet] = await allOrStop(failed, [
        this.step("pages", [version(...PAGE_SOURCES)], async () => (await this.bundler).load(changed, this.state), timer),
        this.step("logos", [version(PUBLIC_SOURCES)], () => readLogos()),
        this.step("publicFiles", [version(PUBLIC_SOURCES)], () => copyPublic(out)),
        styles,
      ]);
      // A build's esbuild (~35 MB) ends while the image encoder runs; it restarts should the islands need bundling.
      if (!this.dev) await stopEsbuild();
      // Each image's and card's address is known at once; the files are encoded while the pages render.
      const { renderer } = loaded;
      const { company, navigation } = renderer.site;
      const siteUrl = siteAddress(config, renderer.site);
      const social = renderer.site.seoDefaults.image.src;
      const folders = [...new Set(loaded.images.map((file) => file.split("/")[0]))];
      const images = await this.step("images", [loaded.images.join("\n"), social, version(...folders)], () => buildImages(out, encoder, loaded.images, social));
      const site = await this.step("site", [siteUrl, images.images, logos], () => siteData(config, siteUrl, images.images, logos));
      const labels = { brand: company.name, sectionLabel: renderer.sectionLabel };
      const cardInputs = JSON.stringify([loaded.pages.map(({ route, meta }) => [route, meta.title, meta.section, meta.socialCard]), labels, navigation]);
      const cards = await this.step("cards", [cardInputs, siteUrl], () =>
        this.dev ? this.devCards.make(loaded.pages, labels, siteUrl, out) : buildSocialCards(loaded.pages, labels, siteUrl, out, encoder),
      );
      // The encoder (~130 MB) ends once all are written, not with the run; a failed write is made again next run.
      this.memos.get("images")!.keptIf(images, images.written);
      this.memos.get("cards")!.keptIf(cards, cards.written);
      const writes = this.dev ? [images.written] : [images.written, cards.written];
      const imagesWritten = Promise.all(writes);
      imagesWritten.catch(() => {}); // awaited at the end
      Promise.allSettled(writes).then(() => encoder.close());
      this.site = site;
      const { pages: bodies, rendered } = await this.step("render", [loaded, site], () => this.bodies.render(loaded, site), timer);
      // Known now, so that a build's verification threads load while the islands are bundled.
      const sink = sinkFor?.(rendered, loaded.unpublished, siteUrl);

      const usage = bodies.map((body) => ({ route: body.page.route, islands: body.islands }));
      const scripts = await this.step("islands", [JSON.stringify(usage), version(...ISLAND_SOURCES)], () => bundleIslands(usage, config, out), timer);
      if (!this.dev) await stopEsbuild();
      const { bootstrap } = scripts;
      const inline = { themeScript: renderer.themeScript, bootstrap, speculationRules: renderer.speculationRules };
      const csp = await this.step("csp", [...Object.values(inline), stylesheet], () => contentSecurityPolicy(config, Object.values(inline), [stylesheet]));
      const assets = { siteUrl, ogImage: images.socialImage, cards: cards.byRoute, csp, stylesheet, bootstrap };
      // The dev server serves dist/ as it is written: a page only after its images.
      if (this.dev) await images.written;
      const { pages, changed: changedPages } = await timer.step("documents", () =>
        writeDocuments(this.state, bodies, (page) => this.bodies.bodyOf(page), assets, out, renderer.renderDocument, sink),
      );
      pagesWritten?.({ pages, changed: changedPages, scriptsChanged: bootstrap !== this.lastBootstrap });
      this.lastBootstrap = bootstrap;
      // The dev server's update to the open pages leaves before the git commands below start.
      if (pagesWritten) await new Promise((done) => setImmediate(done));

      const routes = pages.map((page) => page.route);
      const documents = renderer.caseStudyDocuments(renderer.caseStudies);
      const admin = config.cms ? adminHeaders(adminCsp(githubBackend(config.cms))) : null;
      const studies = documents.map((study) => study.path);
      const { redirects } = renderer;
      const hosts = { outDir: out, hostsDir: this.into.hostsDir, siteUrl, csp, routes, documents: studies, redirects, admin, cloudflare: config.cloudflare };
      const [pdfs, , hostFiles, fixedFiles, adminFiles] = await allOrStop(failed, [
        this.step("pdfs", [JSON.stringify([documents, company, siteUrl])], () => writeCaseStudyPdfs(documents, company, siteUrl, config.buildDate, out), timer),
        // Each page's date is its sources' last commit, so any save may move one.
        this.step("sitemap", [loaded], () => writeSitemap(out, siteUrl, routes, loaded.sourcesOf, config.buildDate), timer),
        this.step("hosts", [siteUrl, csp, routes.join("\n"), JSON.stringify(studies), JSON.stringify(redirects)], () => writeHostFiles(hosts)),
        this.step("fixedFiles", [siteUrl], () => writeFixedFiles(out, siteUrl, config.buildDate)),
        // The CMS, published by a build with a GitHub backend (the dev server serves its own).
        this.step("admin", [JSON.stringify(config.cms), version(...PAGE_SOURCES), stylesheet], () => (this.dev ? [] : writeAdmin(out, config.cms, stylesheet))),
      ]);

      const made = [...scripts.files, ...images.files, ...publicFiles, ...hostFiles, ...fixedFiles, ...adminFiles, "sitemap.xml"];
      const sitePaths = [...Object.values(cards.byRoute).map((card) => card.path), ...pdfs];
      await timer.step("images and cards", () => imagesWritten);
      const removed = await removeStale(out, new Set([...made, ...pages.map((page) => page.file), ...sitePaths.map((path) => path.slice(1))]));
      const verified = await timer.step("verify", async () => sink?.finish());
      if (verified) this.state.recordVerified(verified);
      await this.state.keep();
      return { pages, changedPages, rendered, removed, scripts, timer, cardsWritten: cards.written, advice: loaded.advice, siteUrl };
    } catch (error) {
      failed.abort();
      await encoder.stop();
      throw error;
    } finally {
      encoder.close();
      this.devCards.hold(false);
    }
  }

  /** A step's result, made again (and timed, given the run's `timer`) only when its inputs changed since its last run. */
  private step<T>(name: string, inputs: unknown[], make: () => T | Promise<T>, timer?: BuildTimer): Promise<T> {
    if (!this.memos.has(name)) this.memos.set(name, new Memo());
    return (this.memos.get(name) as Memo<T>).get(inputs, timer ? () => timer.step(name, make) : make);
  }

  async close(): Promise<void> {
    await Promise.all([this.bundler.then((bundler) => bundler.dispose()), this.styles?.dispose()]);
    if (!this.dev) await stopEsbuild();
  }
}

export type PipelineRun = Awaited<ReturnType<Pipeline["run"]>>;

/** From this many pages rendered anew, V8's heap grows by 40%, not 100%: 10,000 pages peak at ~270 MB, not ~500 MB. */
const MANY_PAGES = 1000;

/** `npm run build`: the pipeline once, verified as it writes, into staged output folders (engine/outputs/staging.ts). */
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
