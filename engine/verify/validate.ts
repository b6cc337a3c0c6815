// Every page must be valid HTML (html-validate, configured in .htmlvalidate.json): each structure is judged once,
// in a worker thread, and one found valid is kept as an empty blob (html/) for the next build.
import { existsSync, readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import type { ConfigData } from "html-validate";
import { keyOf } from "../state/key.ts";
import { readBlob, writeBlob } from "../state/store.ts";
import { type StructureOptions, structureKey, structureOf } from "./page-structure.mjs";
import type { HtmlFile, Verdicts } from "./validate-thread.mjs";

/** Below this many pages, where structures are known, the thread's start (~0.3 s) likely costs more than it saves. */
const FEW_PAGES = 60;
/** Pages sent to the thread together; it holds at most two batches, so a large site's pages are never all held. */
const BATCH = 40;

const configText = () => (existsSync(".htmlvalidate.json") ? readFileSync(".htmlvalidate.json", "utf8") : "{}");

/** Loads html-validate and warms up at once, while pages are still written. Idle, it keeps no process alive. */
export class ValidatorThread {
  private readonly worker: Worker;
  private readonly waiting: { done: (verdicts: Verdicts) => void; fail: (error: Error) => void }[] = [];
  cpuMs = 0;
  private failure: Error | undefined;

  /** `background`: the thread runs at the lowest priority (the dev server's verification). */
  constructor({ background = false } = {}) {
    let config: ConfigData;
    try {
      config = JSON.parse(configText()) as ConfigData;
    } catch (error) {
      throw new Error(`.htmlvalidate.json is not valid JSON (${(error as Error).message}): fix it, or remove it to use html-validate's defaults`);
    }
    this.worker = new Worker(new URL("./validate-thread.mjs", import.meta.url), { workerData: { config, background }, execArgv: [] });
    const stop = (error: Error) => {
      this.failure ??= error;
      for (const call of this.waiting.splice(0)) call.fail(error);
    };
    this.worker.on("message", ({ cpuMs, ...verdicts }: Verdicts & { cpuMs: number }) => {
      this.cpuMs += cpuMs;
      this.waiting.shift()?.done(verdicts);
      if (!this.waiting.length) this.worker.unref();
    });
    this.worker.on("error", stop);
    this.worker.on("exit", () => stop(new Error("the html-validate thread stopped before it answered")));
    this.worker.unref();
  }

  validate(pages: HtmlFile[]): Promise<Verdicts> {
    return new Promise((done, fail) => {
      if (this.failure) return fail(this.failure);
      this.waiting.push({ done, fail });
      this.worker.ref();
      this.worker.postMessage(pages);
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

/** The options structures are made with are kept too: this thread then passes a page of a known structure. */
const structureBlob = (validatorKey: string, options: StructureOptions, structure: string) =>
  `html/structure-${keyOf(validatorKey, JSON.stringify(options), structure)}`;
const optionsBlob = (validatorKey: string) => `html/options-${validatorKey}.json`;

/** Validates pages as they are written. Without a thread, a page of a structure known valid passes here; the
 * first that does not starts the thread, which then gets every page (it structures them sooner). */
export class PageValidation {
  readonly validatorKey = keyOf(JSON.parse(readFileSync("node_modules/html-validate/package.json", "utf8")).version as string, configText());
  private options = JSON.parse(readBlob(optionsBlob(this.validatorKey))?.toString("utf8") ?? "null") as StructureOptions | null;
  private readonly batch: HtmlFile[] = [];
  /** Each batch sent (the thread answers them in order): its invalid pages' reports. */
  private readonly sent: Promise<string[]>[] = [];
  private answered = 0;
  /** A verdict not written only means a page validated again. */
  private readonly writes: Promise<void>[] = [];
  private started: ValidatorThread | undefined;
  private validated = 0;
  private shared = 0;

  /** `expected`: pages likely to need validating, for which the thread starts loading at once. */
  constructor(
    private thread?: ValidatorThread,
    expected = 0,
  ) {
    if (expected > 0 && !(this.options && expected < FEW_PAGES)) this.start();
  }

  private start(): ValidatorThread {
    this.thread ??= this.started = new ValidatorThread();
    return this.thread;
  }

  get cost(): { pages: number; shared: number; cpuMs: number } {
    return { pages: this.validated, shared: this.shared, cpuMs: this.thread?.cpuMs ?? 0 };
  }

  /** Resolves once the thread has room for more. */
  async add(page: HtmlFile): Promise<void> {
    const { options } = this;
    if (!this.thread && options && readBlob(structureBlob(this.validatorKey, options, structureKey(structureOf(page.html, options))))) {
      this.validated++;
      this.shared++;
      return;
    }
    this.batch.push(page);
    const thread = this.start();
    if (this.batch.length < BATCH) return;
    while (this.sent.length - this.answered >= 2) await this.sent[this.answered];
    this.send(thread);
  }

  startNow(): void {
    if (this.batch.length) this.send(this.start());
  }

  async close(): Promise<void> {
    await this.started?.close();
  }

  /** The text of each invalid page's report; empty when every page is valid. */
  async finish(): Promise<string[]> {
    try {
      this.startNow();
      const problems = (await Promise.all(this.sent)).flat();
      await Promise.all(this.writes);
      return problems;
    } finally {
      await this.started?.close();
    }
  }

  private send(thread: ValidatorThread): void {
    // The handler holds none of the pages, which would grow the heap.
    const checked = thread.validate(this.batch.splice(0)).then(({ reports, shared, structures, options }) => {
      this.answered++;
      this.validated += reports.length;
      this.shared += shared;
      if (options && JSON.stringify(this.options) !== JSON.stringify(options)) {
        this.options = options;
        this.keep(optionsBlob(this.validatorKey), JSON.stringify(options));
      }
      if (options) for (const structure of structures) this.keep(structureBlob(this.validatorKey, options, structure));
      return reports.filter((report) => report !== null);
    });
    // Awaited in finish(); until then a failure must not count as unhandled.
    checked.catch(() => {});
    this.sent.push(checked);
  }

  private keep(name: string, bytes = ""): void {
    this.writes.push(writeBlob(name, bytes).catch(() => {}));
  }
}
