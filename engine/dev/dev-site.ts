// The warm site: the build's own pipeline (build.ts) run again on every save, the open pages told what changed.
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

export class DevSite {
  private readonly pipeline: Pipeline;
  /** The pages of the last good run and the address they were served from, which the verification reads. */
  private last: { pages: WrittenPage[]; siteUrl: string } | null = null;
  private verification = Promise.resolve();
  private updates = 0;
  /** Started at the first verification, so that a broken .htmlvalidate.json is reported, not fatal. */
  private validator: ValidatorThread | undefined;
  private running: Promise<void> | null = null;

  constructor(
    private readonly config: SiteConfig,
    private readonly channel: PageChannel,
  ) {
    this.pipeline = new Pipeline(config, true);
  }

  get built(): boolean {
    return this.last !== null;
  }

  /** A social card being drawn, or a PDF, the sitemap or robots.txt a run may still write (a new study's page
   * is patched before its PDF is printed). */
  outputWritten(path: string): Promise<void> | undefined {
    return this.pipeline.devCards.written(path) ?? (/\.(pdf|xml|txt)$/.test(path) ? (this.running ?? undefined) : undefined);
  }

  /** A saved style partial shown at once; the update's whole stylesheet follows (and puts right one read half-written). */
  previewSave(file: string): void {
    if (this.built) this.pipeline.styles?.previewSave(file, (css) => this.channel.swapStylesheet(css)).catch(() => {});
  }

  /** Never throws: a failure is shown, and the next save redoes every step the failed one's files feed. */
  update(files: string[]): Promise<void> {
    this.running = this.runUpdate(files).finally(() => (this.running = null));
    return this.running;
  }

  private async runUpdate(files: string[]): Promise<void> {
    const begun = performance.now();
    this.updates++;
    const first = !this.built;
    const stylesOnly = files.every((file) => file.startsWith("styles/"));
    try {
      const run = await this.pipeline.run(files, {
        stylesheetReady: (css) => this.channel.swapStylesheet(css),
        pagesWritten: ({ changed, scriptsChanged }) => {
          this.channel.showProblem(null);
          if (first) return;
          if (scriptsChanged) this.channel.reload(Date.now());
          else if (changed.length && !stylesOnly)
            this.channel.update(changed, (route) => readIfExists(join(this.config.outDir, outputFileOf(route)))?.toString("utf8") ?? null);
        },
      });
      this.last = { pages: run.pages, siteUrl: run.siteUrl };
      const rendered = `re-rendered ${run.rendered} page${run.rendered === 1 ? "" : "s"}${run.removed.length ? `, removed ${run.removed.join(", ")}` : ""}`;
      const done = first ? "built the whole site" : stylesOnly ? "swapped the stylesheet" : rendered;
      log(`${describe(files)}${done} in ${Math.round(performance.now() - begun)} ms`);
      for (const advice of run.advice) log(`advice: ${advice}`);
      // The cards are drawn after the run: a failure is a notice, and the next save draws them again.
      const cards = run.cardsWritten.catch((error: Error) => error.message).then((failure) => this.channel.notice("Social cards", failure || ""));
      this.verifyLater(cards);
    } catch (error) {
      const text = withSourceLines(error as Error);
      this.channel.showProblem({ title: "Build error: the page shows the last good build until the next save fixes this", text });
      console.error(`[dev] ${describe(files)}build failed:\n${text}`);
    }
  }

  /** Verification of what was written, once the cards the pages name are, in a thread at the lowest priority:
   * a save meanwhile makes it give up (between two pages), and the verification of that save's follows. */
  private verifyLater(cards: Promise<void>): void {
    const update = this.updates;
    const stale = () => this.updates !== update;
    this.verification = this.verification.then(async () => {
      await Promise.all([cards, new Promise((done) => setTimeout(done, CHECKS_AFTER_MS))]);
      if (stale()) return;
      try {
        this.validator ??= new ValidatorThread({ background: true });
        const files = this.last!.pages.map((page) => page.file);
        if (await verifyWritten(this.config.outDir, files, this.last!.siteUrl, this.validator, stale)) this.channel.notice("Verification", "");
      } catch (error) {
        this.channel.notice("Verification", (error as Error).message);
      }
    });
  }
}

/** The message, and where in the project's pages it was thrown, as the developer's editor names files. */
function withSourceLines(error: Error): string {
  const frames = sourcePlaces(((error.cause as Error | undefined) ?? error).stack ?? "")
    .split("\n")
    .filter((line) => /\((?:file:\/\/)?[^)]*\/(pages|components|content|islands)\/[^)]+\)/.test(line));
  const local = (line: string) => line.trim().replace(`file://${process.cwd()}/`, "").replace(`${process.cwd()}/`, "");
  return [error.message, ...frames.slice(0, 4).map(local)].join("\n");
}

export const describe = (files: string[]) =>
  files.length ? `${files.length > 3 ? `${files.slice(0, 3).join(", ")} and ${files.length - 3} more` : files.join(", ")}: ` : "";
