// Every page must be valid HTML (html-validate, configured in .htmlvalidate.json to accept React's
// output). A page whose exact bytes were found valid before, with the same config and html-validate, is
// not validated again; html-validate judges each page structure once (page-structure.mjs), and a
// structure found valid is kept for the next build. Many pages are shared out to worker threads
// (validate-thread.mjs is one thread's code). Each verdict is an empty blob in the store (html/), named
// by what it judged, pruned like any other blob.
import { existsSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { ConfigData } from "html-validate";
import { keyOf } from "../state/key.ts";
import { readBlob, writeBlob } from "../state/store.ts";
import { type StructureOptions, structureKey, structureOf } from "./page-structure.mjs";
import type { HtmlFile, Verdicts } from "./validate-thread.mjs";

/** Below this many pages another thread's start (~0.3 s to load html-validate) costs more than it saves. */
const PAGES_PER_WORKER = 60;
/** Pages sent to the threads together, and the batches a thread may hold beyond the one it validates. */
const BATCH = 40;
const BATCHES_PER_THREAD = 2;

/** .htmlvalidate.json as written (a verdict depends on it) and as html-validate reads it. */
function readConfig(): { text: string; config: () => ConfigData } {
  const text = existsSync(".htmlvalidate.json") ? readFileSync(".htmlvalidate.json", "utf8") : "{}";
  const config = () => {
    try {
      return JSON.parse(text) as ConfigData;
    } catch (error) {
      throw new Error(`.htmlvalidate.json is not valid JSON (${(error as Error).message}): fix it, or remove it to use html-validate's defaults`);
    }
  };
  return { text, config };
}

/**
 * Threads that load html-validate and warm it up as soon as they start, so a build can start them while
 * it is still writing pages and find them ready (loading takes ~0.3 s, the first page ~0.4 s); each
 * answers the pages sent to it in order. They never keep the process alive; `close` ends them.
 */
export class Validators {
  /** Each thread, and its calls sent and not yet answered, by id. */
  private readonly threads: { worker: Worker; waiting: Map<number, { done: (verdicts: Verdicts) => void; fail: (error: Error) => void }> }[];
  readonly alsoHere: boolean;
  private calls = 0;
  /** CPU time the threads have spent validating, in ms. */
  cpuMs = 0;
  /** A thread that failed or stopped: every call after it reports it. */
  private failure: Error | undefined;

  /**
   * `background`: the threads run at the lowest priority (the dev server's verification, after a reload).
   * `alsoHere`: when the threads have all the pages they can take, the caller's thread validates the next
   * batch itself rather than wait (a build's, whose own work between pages is small beside validating).
   */
  constructor(threads: number, { background = false, alsoHere = false } = {}) {
    this.alsoHere = alsoHere;
    const config = readConfig().config();
    this.threads = Array.from({ length: threads }, () => {
      const worker = new Worker(new URL("./validate-thread.mjs", import.meta.url), { workerData: { config, background }, execArgv: [] });
      const thread = { worker, waiting: new Map() };
      const stop = (error: Error) => {
        this.failure ??= error;
        for (const call of thread.waiting.values()) call.fail(error);
        thread.waiting.clear();
      };
      worker.on("message", ({ id, cpuMs, ...verdicts }: Verdicts & { id: number; cpuMs: number }) => {
        this.cpuMs += cpuMs;
        thread.waiting.get(id)?.done(verdicts);
        thread.waiting.delete(id);
        // While it has work, the process waits for it.
        if (!thread.waiting.size) worker.unref();
      });
      worker.on("error", stop);
      worker.on("exit", () => stop(new Error("the html-validate thread stopped before it answered")));
      worker.unref();
      return thread;
    });
  }

  /** Pages the threads may hold at once: enough that none waits for its next batch, few enough not to weigh. */
  get capacity(): number {
    return this.threads.length * BATCHES_PER_THREAD * BATCH;
  }

  /**
   * For `changed` pages to validate in a build: one thread per PAGES_PER_WORKER pages, up to one per core
   * but one, as the build's own thread validates too when the threads are busy (on two cores, one thread
   * and this one validate as fast as two threads, and a thread's heap, ~100 MB, is saved).
   */
  static for(changed: number): Validators {
    const threads = Math.max(1, Math.min(availableParallelism() - 1, Math.floor(changed / PAGES_PER_WORKER)));
    return new Validators(threads, { alsoHere: true });
  }

  validate(pages: HtmlFile[]): Promise<Verdicts> {
    const share = Math.ceil(pages.length / this.threads.length);
    return Promise.all(
      this.threads.map(
        ({ worker, waiting }, i) =>
          new Promise<Verdicts>((done, fail) => {
            if (this.failure) return fail(this.failure);
            const id = ++this.calls;
            waiting.set(id, { done, fail });
            worker.ref();
            worker.postMessage({ id, pages: pages.slice(i * share, (i + 1) * share) });
          }),
      ),
    ).then((parts) => ({
      reports: parts.flatMap((part) => part.reports),
      shared: parts.reduce((sum, part) => sum + part.shared, 0),
      structures: parts.flatMap((part) => part.structures),
      options: parts[0].options,
    }));
  }

  close(): Promise<void> {
    return Promise.all(this.threads.map(({ worker }) => worker.terminate())).then(() => {});
  }
}

/** The blobs of what earlier builds found valid: a page by its bytes, a structure by its hash, and the
 * options structures are made with (so that a page of a structure known valid passes in this thread). */
const VALID = {
  page: (key: string) => `html/page-${key}`,
  structure: (validator: string, options: StructureOptions, structure: string) => `html/structure-${keyOf(validator, JSON.stringify(options), structure)}`,
  options: (validator: string) => `html/options-${validator}.json`,
};

/** Whether the blob is there (an empty blob's bytes are never read). */
const isKept = (name: string) => readBlob(name) !== null;

/** html-validate in this thread, loaded once when first needed. */
let here: Promise<{ validate: (pages: HtmlFile[]) => Promise<Verdicts>; threadCpuMs: () => number }> | undefined;

/**
 * Validates pages as they are written: a page whose exact bytes passed before is skipped; the rest go to
 * the threads in batches (and, when they are busy, to this thread), or, with no threads (a small site),
 * are validated in this thread at the end. Once the threads hold all they can take, `add` waits.
 */
export class PageValidation {
  private readonly config = readConfig();
  private readonly version = JSON.parse(readFileSync("node_modules/html-validate/package.json", "utf8")).version as string;
  /** What a page's validity depends on besides the page (keyed once: it names every structure's verdict). */
  readonly validatorKey = keyOf(this.version, this.config.text);
  /** The pages found valid in this run, by key. */
  private readonly known = new Set<string>();
  /** The options page structures are made with, once a build with this validator key learnt them. */
  private options = JSON.parse(readBlob(VALID.options(this.validatorKey))?.toString("utf8") ?? "null") as StructureOptions | null;
  /** The verdicts written as they come, awaited at the end; one not written only means a page validated again. */
  private readonly writes: Promise<void>[] = [];
  private keep(name: string, bytes = ""): void {
    this.writes.push(writeBlob(name, bytes).catch(() => {}));
  }
  /** Pages not yet sent, each with its key when this thread hashed it. */
  private readonly batch: (HtmlFile & { key?: string })[] = [];
  private readonly sent: { pages: number; checked: Promise<string[]> }[] = [];
  private inFlight = 0;
  /** Threads this validation started itself (many pages came, and none were given), closed at the end. */
  private started: Validators | undefined;
  private hereCpuMs = 0;
  private readonly threadsCpuMsBefore: number;
  private validated = 0;
  private shared = 0;
  /** Pages validated whole, not by a structure. */
  private validatedWhole = 0;

  /** `expected`: pages likely to need validating, for which threads start loading at once (none given). */
  constructor(
    private validators?: Validators,
    expected = 0,
  ) {
    this.threadsCpuMsBefore = validators?.cpuMs ?? 0;
    // A few pages, where structures are known, likely pass by them (add): no thread is started for them.
    if (expected > 0 && !(this.options && expected < PAGES_PER_WORKER)) this.threads(expected);
  }

  /** The threads given, else ones started for `pages`. */
  private threads(pages: number): Validators {
    if (!this.validators) {
      this.started = Validators.for(pages);
      this.validators = this.started;
    }
    return this.validators;
  }

  /** Pages validated, those passed by a structure already found valid, and the CPU time of every thread. */
  get cost(): { pages: number; shared: number; cpuMs: number } {
    return { pages: this.validated, shared: this.shared, cpuMs: this.hereCpuMs + (this.validators?.cpuMs ?? 0) - this.threadsCpuMsBefore };
  }

  /** Queues a page; resolves once there is room for more (the caller may go on writing). */
  async add(page: HtmlFile): Promise<void> {
    // With threads at work (many pages), a page goes to them as it is: they pass it by its structure in
    // less time than this thread takes to hash it and look for its verdict.
    if (this.validators) this.batch.push(page);
    else {
      const key = keyOf(this.version, this.config.text, page.html);
      if (this.known.has(key) || isKept(VALID.page(key))) return;
      // With no thread started (a few pages), a page of a structure found valid before passes here.
      const { options } = this;
      if (options && isKept(VALID.structure(this.validatorKey, options, structureKey(structureOf(page.html, options))))) {
        this.valid(key);
        this.validated++;
        this.shared++;
        return;
      }
      this.batch.push({ ...page, key });
    }
    if (this.batch.length >= 2 * PAGES_PER_WORKER) this.threads(this.batch.length);
    const { validators } = this;
    if (!validators || this.batch.length < BATCH) return;
    // The threads' answers come as events: let those already here in first. A caller that never waits on
    // anything else (a build whose pages are all already on disk byte for byte writes nothing) would
    // otherwise never see them, and this thread would validate every page while the threads sat idle.
    if (this.inFlight >= validators.capacity) await new Promise((done) => setImmediate(done));
    while (this.inFlight >= validators.capacity) {
      // Pages the threads pass by their structures are quick to them: this thread waits for them rather
      // than load html-validate (~100 MB, ~0.3 s) to help. Pages validated whole are not: this thread
      // then helps, as fast as a second thread.
      if (validators.alsoHere && this.validatedWhole > 0) {
        await this.checkHere();
        return;
      }
      await this.sent.find((part) => part.pages > 0)?.checked;
    }
    this.send(validators);
  }

  /** Sends the pages queued so far to a thread (started now when there is none) and returns: a build's
   * PDFs, sitemap and host files are written meanwhile, on the other core. */
  startNow(): void {
    if (this.batch.length) this.send(this.threads(this.batch.length));
  }

  /** Ends the threads this validation started (a build whose later step failed). */
  async close(): Promise<void> {
    await this.started?.close();
  }

  /** The text of each invalid page's report; empty when every page is valid. */
  async finish(): Promise<string[]> {
    try {
      if (this.validators) this.send(this.validators);
      else if (this.batch.length) this.checkHere();
      const problems = (await Promise.all(this.sent.map((part) => part.checked))).flat();
      await Promise.all(this.writes);
      return problems;
    } finally {
      await this.started?.close();
    }
  }

  /** Validates the batch so far in this thread. */
  private checkHere(): Promise<string[]> {
    const pages = this.batch.splice(0);
    here ??= import("./validate-thread.mjs").then(({ validator, threadCpuMs }) => ({ validate: validator(this.config.config()), threadCpuMs }));
    const verdicts = here.then(async ({ validate, threadCpuMs }) => {
      const before = threadCpuMs();
      const found = await validate(pages);
      this.hereCpuMs += threadCpuMs() - before;
      return found;
    });
    return this.check(
      pages.map(({ key }) => key),
      verdicts,
    ).checked;
  }

  private send(validators: Validators): void {
    if (!this.batch.length) return;
    const pages = this.batch.splice(0);
    const count = pages.length;
    this.inFlight += count;
    // Nothing here holds the pages' text once they are sent: held until the answer, a large site's
    // pages would outlive the young generation and grow the heap.
    const part = this.check(
      pages.map(({ key }) => key),
      validators.validate(pages).finally(() => {
        this.inFlight -= count;
      }),
    );
    // Awaited in finish(); until then a failure must not count as unhandled.
    part.checked.catch(() => {});
  }

  /** Records the reports on the pages of these keys (none: a page the threads judged alone). */
  private check(pages: (string | undefined)[], verdicts: Promise<Verdicts>): { pages: number; checked: Promise<string[]> } {
    const part = {
      pages: pages.length,
      checked: verdicts.then(({ reports, shared, structures, options }) => {
        part.pages = 0;
        this.shared += shared;
        this.validatedWhole += pages.length - shared - structures.length;
        if (options && JSON.stringify(this.options) !== JSON.stringify(options)) {
          this.options = options;
          this.keep(VALID.options(this.validatorKey), JSON.stringify(options));
        }
        const made = this.options;
        if (made) for (const structure of structures) this.keep(VALID.structure(this.validatorKey, made, structure));
        this.validated += pages.length;
        for (const [i, key] of pages.entries()) if (reports[i] === null && key) this.valid(key);
        return reports.filter((report) => report !== null);
      }),
    };
    this.sent.push(part);
    return part;
  }

  /** A page found valid: known for the rest of this run, and kept for the next. */
  private valid(key: string): void {
    this.known.add(key);
    this.keep(VALID.page(key));
  }
}

/** The text of each invalid page's report; empty when every page is valid. Started `validators` are used when given. */
export async function validatePages(pages: HtmlFile[], validators?: Validators): Promise<string[]> {
  const validation = new PageValidation(validators);
  for (const page of pages) await validation.add(page);
  return validation.finish();
}
