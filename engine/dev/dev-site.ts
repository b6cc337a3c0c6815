// The warm site: the build's own pipeline (build.ts), run again on every save with its state kept,
// telling the open pages what changed; an error shown where it was thrown; verification after.
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { Pipeline } from "../../build.ts";
import type { SiteConfig } from "../pipeline/config.ts";
import type { WrittenPage } from "../pipeline/documents.ts";
import { sourcePlaces } from "../pipeline/page-modules.ts";
import { outputFileOf } from "../pipeline/routes.ts";
import { readIfExists } from "../state/files.ts";
import { ValidatorThread } from "../verify/validate.ts";
import { verifyWritten } from "../verify/verify.ts";
import type { PageChannel } from "./page-channel.ts";
import { CHECKS_AFTER_MS } from "./type-check.ts";

export const log = (line: string) => console.log(`[dev] ${line}`);

/** The warm site: the build's own pipeline, run again on every save with its state kept. */
export class DevSite {
  private readonly pipeline: Pipeline;
  /** The pages of the last good run, which the background verification reads back. */
  private written: WrittenPage[] | null = null;
  /** The address the last good run served the site from (content/site.yaml's, unless SITE_URL is set). */
  private siteUrl = "";
  private verification = Promise.resolve();
  /** Counts the updates: a verification that an update has made stale gives up. */
  private updates = 0;
  /** html-validate in a thread of its own at the lowest priority (a save never waits on verification),
   * started at the first verification so that a broken .htmlvalidate.json is reported, not fatal. */
  private validator: ValidatorThread | undefined;

  constructor(
    private readonly config: SiteConfig,
    private readonly channel: PageChannel,
  ) {
    this.pipeline = new Pipeline(config, true);
  }

  /** False until a first build succeeds: pages then get an error page that recovers on the next good save. */
  get built(): boolean {
    return this.written !== null;
  }

  /** The run under way, if any: it writes the PDFs, the sitemap and robots.txt after the pages it patches. */
  private running: Promise<void> | null = null;

  /** A PDF, the sitemap or robots.txt while a run may still be writing it: resolves once the run ends.
   * A new case study's page is patched before its PDF is printed, and its download asks for the PDF. */
  outputWritten(path: string): Promise<void> | undefined {
    return /\.(pdf|xml|txt)$/.test(path) ? (this.running ?? undefined) : undefined;
  }

  /** The social card at this site path while it may still be being drawn (DevCards.written). */
  cardWritten(path: string): Promise<void> | undefined {
    return this.pipeline.devCards.written(path);
  }

  /** A saved style partial shown on the open pages at once, before the update that follows (which
   * sends the whole stylesheet, putting right a preview read half-written). Never throws. */
  previewSave(file: string): void {
    if (!this.built) return;
    this.pipeline.styles?.previewSave(file, (css, splices) => this.channel.swapStylesheet(css, splices)).catch(() => {});
  }

  /** Runs the pipeline for a batch of saved files; never throws: a failure is shown, and the next save
   * redoes every step the failed one's files feed. */
  async update(files: string[]): Promise<void> {
    this.running = this.runUpdate(files);
    await this.running;
    this.running = null;
  }

  private async runUpdate(files: string[]): Promise<void> {
    const begun = performance.now();
    this.updates++;
    const first = !this.built;
    const stylesOnly = files.every((file) => file.startsWith("styles/"));
    try {
      const run = await this.pipeline.run(files, {
        // A style save reaches the open page before any document is written.
        stylesheetReady: (css, splices) => this.channel.swapStylesheet(css, splices),
        pagesWritten: ({ changed, scriptsChanged }) => {
          this.channel.showProblem(null);
          if (first) return;
          if (scriptsChanged) this.channel.reload(Date.now());
          else if (changed.length && !stylesOnly)
            this.channel.update(changed, (route) => readIfExists(join(this.config.outDir, outputFileOf(route)))?.toString("utf8") ?? null);
        },
      });
      this.written = run.pages;
      this.siteUrl = run.siteUrl;
      const summary = first
        ? "built the whole site"
        : stylesOnly
          ? "swapped the stylesheet"
          : `re-rendered ${run.rendered} page${run.rendered === 1 ? "" : "s"}${run.removed.length ? `, removed ${run.removed.join(", ")}` : ""}`;
      log(`${describe(files)}${summary} in ${Math.round(performance.now() - begun)} ms`);
      for (const advice of run.advice) log(`advice: ${advice}`);
      // The cards are drawn after the run (a failure is shown as a notice, and the next save draws them again).
      const cards = run.cardsWritten.then(
        () => this.channel.notice("Social cards", ""),
        (error: Error) => {
          console.error(`[dev] social cards: ${error.message}`);
          this.channel.notice("Social cards", error.message);
        },
      );
      this.verifyLater(cards);
    } catch (error) {
      const text = withSourceLines(error as Error);
      this.channel.showProblem({ title: "Build error: the page shows the last good build until the next save fixes this", text });
      console.error(`[dev] ${describe(files)}build failed:\n${text}`);
    }
  }

  /** Full verification after the page has been patched: reported in the terminal and on the page, never
   * blocking. A save meanwhile makes it give up (between two pages), and the verification of what that
   * save changed follows instead. */
  private verifyLater(cards: Promise<void>): void {
    const update = this.updates;
    const stale = () => this.updates !== update;
    this.verification = this.verification.then(async () => {
      // The pages name their cards: verified once those are written.
      await Promise.all([cards, new Promise((done) => setTimeout(done, CHECKS_AFTER_MS))]);
      if (stale()) return;
      const pages = this.written ?? [];
      try {
        this.validator ??= new ValidatorThread({ background: true });
        const verified = await verifyWritten(
          this.config.outDir,
          pages.map((page) => page.file),
          this.siteUrl,
          this.validator,
          stale,
        );
        if (!verified) return;
        this.channel.notice("Verification", "");
      } catch (error) {
        const text = (error as Error).message;
        console.error(`[dev] verification:\n${text}`);
        this.channel.notice("Verification", text);
      }
    });
  }
}

/** The message, and where in the project it was thrown (a render error's cause, through the source maps of
 * the dev server's page modules). */
function withSourceLines(error: Error): string {
  const frames = sourcePlaces(((error.cause as Error | undefined) ?? error).stack ?? "")
    .split("\n")
    .filter((line) => /\((?:file:\/\/)?[^)]*\/(pages|components|content|islands)\/[^)]+\)/.test(line));
  // Shown relative to the project, as the developer's editor names files.
  const local = (line: string) => line.trim().replace(`file://${process.cwd()}/`, "").replace(`${process.cwd()}/`, "");
  return [error.message, ...frames.slice(0, 4).map(local)].join("\n");
}

export function describe(files: string[]): string {
  if (files.length === 0) return "";
  return `${files.length > 3 ? `${files.slice(0, 3).join(", ")} and ${files.length - 3} more` : files.join(", ")}: `;
}
