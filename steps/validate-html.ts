// Every page must be valid HTML (html-validate, configured in .htmlvalidate.json to accept React's
// output). A page whose exact bytes were found valid before is not validated again: the cache key is
// the page, the config and the validator's version, so any change to any of them validates anew.
// Many unchecked pages (a cold build of a large site) are shared out to worker threads.
import { existsSync, readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { ConfigData } from "html-validate";
import { CACHE_DIR, cacheKey } from "./cache.ts";
import { writeWhole } from "./files.ts";

export interface HtmlFile {
  /** dist-relative, e.g. services.html */
  file: string;
  html: string;
}

type Reports = (string | null)[];

const VALID_PAGES = `${CACHE_DIR}/valid-html.json`;
/** Enough for several sites of a thousand pages; the oldest results go first. */
const KEEP = 20_000;
/** Below this many pages another worker's start-up (~0.3 s to load html-validate) costs more than it saves. */
const PAGES_PER_WORKER = 60;

function readValidKeys(): Set<string> {
  try {
    return new Set(JSON.parse(readFileSync(VALID_PAGES, "utf8")) as string[]);
  } catch {
    return new Set();
  }
}

async function saveValidKeys(keys: Set<string>): Promise<void> {
  await mkdir(CACHE_DIR, { recursive: true });
  await writeWhole(VALID_PAGES, JSON.stringify([...keys].slice(-KEEP)));
}

function readConfigText(): string {
  return existsSync(".htmlvalidate.json") ? readFileSync(".htmlvalidate.json", "utf8") : "{}";
}

function parseConfig(text: string): ConfigData {
  try {
    return JSON.parse(text) as ConfigData;
  } catch (error) {
    throw new Error(`.htmlvalidate.json is not valid JSON (${(error as Error).message}): fix it, or remove it to use html-validate's defaults`);
  }
}

/**
 * Threads that load html-validate and warm it up as soon as they start, so a build can start them
 * while it is still writing pages and find them ready (loading takes ~0.3 s, the first page ~0.4 s).
 * They never keep the process alive; `close` ends them.
 */
export class Validators {
  private readonly workers: Worker[];
  private calls = 0;
  /** A thread that failed while warming up, before any work was asked of it: the next call reports it. */
  private failure: Error | undefined;

  /** `background`: the threads run at the lowest priority (the dev server's verification, after a reload). */
  constructor(threads: number, { background = false } = {}) {
    const config = parseConfig(readConfigText());
    this.workers = Array.from({ length: threads }, () => {
      const worker = new Worker(new URL("./html-validator.mjs", import.meta.url), { workerData: { config, background } });
      worker.on("error", (error) => {
        this.failure = error;
      });
      worker.unref();
      return worker;
    });
  }

  /** For `changed` pages to validate: one thread per PAGES_PER_WORKER pages, up to one per core. */
  static for(changed: number): Validators {
    return new Validators(Math.max(1, Math.min(availableParallelism(), Math.floor(changed / PAGES_PER_WORKER))));
  }

  /**
   * Threads to start now, after rendering, for the pages rendered anew: when writing `total` pages will
   * take long enough to hide their start-up. Otherwise undefined, and the few pages are validated in
   * this thread (on two cores, a worker started for the nine real pages slowed the steps beside it
   * as much as it saved).
   */
  static ahead(rendered: number, total: number): Validators | undefined {
    return rendered > 0 && total >= PAGES_PER_WORKER ? Validators.for(rendered) : undefined;
  }

  validate(pages: HtmlFile[]): Promise<Reports> {
    const share = Math.ceil(pages.length / this.workers.length);
    return Promise.all(
      this.workers.map(
        (worker, i) =>
          new Promise<Reports>((done, fail) => {
            if (this.failure) return fail(this.failure);
            const id = ++this.calls;
            const stopped = () => fail(new Error("the html-validate thread stopped before it answered"));
            const answer = (message: { id: number; reports: Reports }) => {
              if (message.id !== id) return;
              worker.off("message", answer);
              worker.off("error", fail);
              worker.off("exit", stopped);
              worker.unref();
              done(message.reports);
            };
            worker.ref(); // while it has work, the process waits for it
            worker.on("message", answer);
            worker.once("error", fail);
            worker.once("exit", stopped);
            worker.postMessage({ id, pages: pages.slice(i * share, (i + 1) * share) });
          }),
      ),
    ).then((parts) => parts.flat());
  }

  close(): Promise<void> {
    return Promise.all(this.workers.map((worker) => worker.terminate())).then(() => {});
  }
}

/** Pages in flight to the threads before the writer waits for them: a large site's pages are validated
 * as they are written, never all held at once. */
const IN_FLIGHT = 400;
/** Pages sent to the threads together. */
const BATCH = 40;

/**
 * Validates pages as they are written: a page whose exact bytes passed before (same config, same
 * html-validate) is skipped; the rest go to the threads in batches as they come, or, with no threads
 * (a small site), are validated in this thread at the end.
 */
export class PageValidation {
  private readonly configText = readConfigText();
  private readonly version = JSON.parse(readFileSync("node_modules/html-validate/package.json", "utf8")).version as string;
  private readonly known = readValidKeys();
  private batch: (HtmlFile & { key: string })[] = [];
  private readonly sent: { pages: number; checked: Promise<string[]> }[] = [];
  private inFlight = 0;

  constructor(private readonly validators?: Validators) {}

  /** Queues a page; resolves once there is room for more (the caller may go on writing). */
  async add(page: HtmlFile): Promise<void> {
    const key = cacheKey(this.version, this.configText, page.html);
    if (this.known.has(key)) return;
    this.batch.push({ ...page, key });
    if (this.validators && this.batch.length >= BATCH) this.send(this.validators);
    while (this.inFlight > IN_FLIGHT) await this.sent.find((part) => part.pages > 0)?.checked;
  }

  /** The text of each invalid page's report; empty when every page is valid. */
  async finish(): Promise<string[]> {
    if (this.validators) this.send(this.validators);
    else if (this.batch.length >= 2 * PAGES_PER_WORKER) {
      const started = Validators.for(this.batch.length);
      this.send(started);
      await Promise.all(this.sent.map((part) => part.checked)).finally(() => started.close());
    } else if (this.batch.length) {
      const pages = this.batch;
      this.batch = [];
      const { validator } = await import("./html-validator.mjs");
      this.sent.push({ pages: pages.length, checked: validator(parseConfig(this.configText))(pages).then((reports) => this.record(pages, reports)) });
    }
    const problems = (await Promise.all(this.sent.map((part) => part.checked))).flat();
    await saveValidKeys(this.known);
    return problems;
  }

  private send(validators: Validators): void {
    const pages = this.batch;
    if (!pages.length) return;
    this.batch = [];
    this.inFlight += pages.length;
    const part = {
      pages: pages.length,
      checked: validators.validate(pages).then((reports) => {
        this.inFlight -= pages.length;
        part.pages = 0;
        return this.record(pages, reports);
      }),
    };
    // Awaited in finish(); until then a failure must not count as unhandled.
    part.checked.catch(() => {});
    this.sent.push(part);
  }

  private record(pages: (HtmlFile & { key: string })[], reports: Reports): string[] {
    const problems: string[] = [];
    reports.forEach((report, i) => {
      if (report === null) this.known.add(pages[i].key);
      else problems.push(report);
    });
    return problems;
  }
}

/** The text of each invalid page's report; empty when every page is valid. Started `validators` are used when given. */
export async function validatePages(pages: HtmlFile[], validators?: Validators): Promise<string[]> {
  const validation = new PageValidation(validators);
  for (const page of pages) await validation.add(page);
  return validation.finish();
}
