// html-validate's worker threads: each loads html-validate and warms it up as it starts (engine/verify/validate-thread.mjs),
// then validates the pages sent to it in batches, answering in order. engine/verify/validate.ts decides which
// pages need it; the dev server keeps one thread, at low priority, for its background verification.
import { existsSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { ConfigData } from "html-validate";
import type { HtmlFile, Verdicts } from "./validate-thread.mjs";

/** Below this many pages another worker's start-up (~0.3 s to load html-validate) costs more than it saves. */
export const PAGES_PER_WORKER = 60;
/** Pages sent to the threads together. */
export const BATCH = 40;
/** Batches each thread may hold beyond the one it is validating. */
const BATCHES_PER_THREAD = 2;

export function readConfigText(): string {
  return existsSync(".htmlvalidate.json") ? readFileSync(".htmlvalidate.json", "utf8") : "{}";
}

export function parseConfig(text: string): ConfigData {
  try {
    return JSON.parse(text) as ConfigData;
  } catch (error) {
    throw new Error(`.htmlvalidate.json is not valid JSON (${(error as Error).message}): fix it, or remove it to use html-validate's defaults`);
  }
}

/** One thread's html-validate: the pages of each call answered in order. */
interface Thread {
  worker: Worker;
  /** Calls sent and not yet answered, by id. */
  waiting: Map<number, { done: (verdicts: Verdicts) => void; fail: (error: Error) => void }>;
}

/**
 * Threads that load html-validate and warm it up as soon as they start, so a build can start them
 * while it is still writing pages and find them ready (loading takes ~0.3 s, the first page ~0.4 s).
 * They never keep the process alive; `close` ends them.
 */
export class Validators {
  private readonly threads: Thread[];
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
    const config = parseConfig(readConfigText());
    this.threads = Array.from({ length: threads }, () => {
      const thread: Thread = {
        worker: new Worker(new URL("./validate-thread.mjs", import.meta.url), { workerData: { config, background }, execArgv: [] }),
        waiting: new Map(),
      };
      const stop = (error: Error) => {
        this.failure ??= error;
        for (const call of thread.waiting.values()) call.fail(error);
        thread.waiting.clear();
      };
      thread.worker.on("message", ({ id, cpuMs, ...verdicts }: Verdicts & { id: number; cpuMs: number }) => {
        this.cpuMs += cpuMs;
        thread.waiting.get(id)?.done(verdicts);
        thread.waiting.delete(id);
        // While it has work, the process waits for it.
        if (!thread.waiting.size) thread.worker.unref();
      });
      thread.worker.on("error", stop);
      thread.worker.on("exit", () => stop(new Error("the html-validate thread stopped before it answered")));
      thread.worker.unref();
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
        (thread, i) =>
          new Promise<Verdicts>((done, fail) => {
            if (this.failure) return fail(this.failure);
            const id = ++this.calls;
            thread.waiting.set(id, { done, fail });
            thread.worker.ref();
            thread.worker.postMessage({ id, pages: pages.slice(i * share, (i + 1) * share) });
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
    return Promise.all(this.threads.map((thread) => thread.worker.terminate())).then(() => {});
  }
}
