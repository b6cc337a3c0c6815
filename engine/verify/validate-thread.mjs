// html-validate for one thread: loaded once, its config resolved once, reports as text. Plain
// JavaScript (typed by JSDoc) so that a worker thread loads it without tsx's loader, which costs a
// thread ~0.25 s to start.
import { readFileSync } from "node:fs";
import { setPriority } from "node:os";
import { isMainThread, parentPort, workerData } from "node:worker_threads";

const inWorker = !isMainThread && workerData?.config;
// A background thread (the dev server's verification) drops its priority before loading html-validate,
// which takes ~0.3 s of CPU: a static import would load it first, at full priority, and slow the save
// that comes just after the dev server starts. On Linux a priority set for "this process" (0) applies
// to the calling thread alone.
if (inWorker && workerData.background) setPriority(0, 19);
const { formatterFactory, HtmlValidate, StaticConfigLoader } = await import("html-validate");
const { structureKey, structureOf, structureSharing } = await import("./page-structure.mjs");

/** @typedef {{ file: string; html: string }} HtmlFile a page: its file, dist-relative (services.html), and its text */
/**
 * @typedef {{ reports: (string | null)[]; shared: number; structures: string[]; options: import("./page-structure.mjs").StructureOptions | null }} Verdicts
 * each page's report (null: valid); how many pages a structure already judged valid passed; the
 * structures found valid by this call (their hashes); and the options a structure is made with (null:
 * the rules as configured judge no page by its structure)
 */

/** The stock loader resolves the whole config (element metadata, schemas) again for every page, most of
 * the cost of a small page: resolve it once. */
class ResolveOnce extends StaticConfigLoader {
  /** @type {ReturnType<import("html-validate").StaticConfigLoader["getConfigFor"]> | undefined} */
  resolved;

  /** @param {string} handle @param {import("html-validate").ConfigData} [override] */
  getConfigFor(handle, override) {
    this.resolved ??= super.getConfigFor(handle, override);
    return this.resolved;
  }
}

/** html-validate with `config` resolved at its first use and kept. @param {import("html-validate").ConfigData} config */
export function htmlValidateOnce(config) {
  return new HtmlValidate(new ResolveOnce(config));
}

/**
 * A page is valid when its structure (engine/verify/page-structure.mjs) is: each structure is judged once, and
 * the pages of a structure found valid pass without html-validate. A structure found invalid proves
 * nothing, so its pages are then validated whole, one by one, and the report is the page's own.
 * @param {import("html-validate").ConfigData} config
 * @returns {(pages: HtmlFile[]) => Promise<Verdicts>}
 */
export function validator(config) {
  const htmlValidate = htmlValidateOnce(config);
  const text = formatterFactory("text");
  /** @type {Promise<ReturnType<typeof structureSharing>> | undefined} */
  let sharing;
  /** Structures found valid (their hashes). */
  const valid = new Set();
  return async (pages) => {
    sharing ??= Promise.resolve(htmlValidate.getConfigFor("page.html")).then((resolved) => structureSharing(resolved.getRules()));
    const rules = await sharing;
    /** @type {Verdicts["reports"]} */
    const reports = [];
    let shared = 0;
    /** @type {string[]} */
    const found = [];
    for (const { file, html } of pages) {
      if ("options" in rules) {
        const structure = structureOf(html, rules.options);
        const key = structureKey(structure);
        if (valid.has(key)) {
          shared++;
          reports.push(null);
          continue;
        }
        if ((await htmlValidate.validateString(structure, file)).valid) {
          valid.add(key);
          found.push(key);
          reports.push(null);
          continue;
        }
      }
      const report = await htmlValidate.validateString(html, file);
      reports.push(report.valid ? null : text(report.results));
    }
    return { reports, shared, structures: found, options: "options" in rules ? rules.options : null };
  };
}

/** Clock ticks per second in /proc's CPU times (USER_HZ, 100 on Linux everywhere it runs). */
const TICKS_PER_SECOND = 100;

/** CPU time this thread has used, in ms, or 0 where the system does not tell (the build reports what
 * validation costs apart from the rest). */
export function threadCpuMs() {
  try {
    // The fields after the command's name, which may hold spaces: utime and stime are the 12th and 13th.
    const stat = readFileSync("/proc/thread-self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** A small page that sets every rule up: the first page a validator sees costs ~0.4 s more than the next. */
const WARM_UP = {
  file: "warm-up.html",
  html: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Warm-up</title></head><body><header><nav aria-label="Main"><a href="/">Home</a></nav></header><main><h1>Warm-up</h1><p>Text</p><form><label for="a">A</label><input id="a" name="a"><button type="submit">Send</button></form></main><footer><p>End</p></footer></body></html>',
};

// In a worker (engine/verify/validate.ts starts them): warm up at once, then answer { id, pages } with
// { id, ...Verdicts, cpuMs }, the CPU time the pages took.
if (inWorker) {
  const validate = validator(workerData.config);
  const warmed = validate([WARM_UP]);
  parentPort?.on("message", async (/** @type {{ id: number; pages: HtmlFile[] }} */ { id, pages }) => {
    await warmed;
    const before = threadCpuMs();
    const verdicts = await validate(pages);
    parentPort?.postMessage({ id, ...verdicts, cpuMs: threadCpuMs() - before });
  });
}
