// html-validate's worker thread (validate.ts starts it). Plain JavaScript: tsx's loader costs a thread ~0.25 s.
import { readFileSync } from "node:fs";
import { setPriority } from "node:os";
import { isMainThread, parentPort, workerData } from "node:worker_threads";

const inWorker = !isMainThread && workerData?.config;
// A background thread drops its priority (on Linux, pid 0 is this thread alone) before loading html-validate.
if (inWorker && workerData.background) setPriority(0, 19);
const { formatterFactory, HtmlValidate, StaticConfigLoader } = await import("html-validate");
const { structureKey, structureOf, structureSharing } = await import("./page-structure.mjs");

/** @typedef {{ file: string; html: string }} HtmlFile a page: its file, dist-relative (services.html), and its text */
/**
 * @typedef {{ reports: (string | null)[]; shared: number; structures: string[]; options: import("./page-structure.mjs").StructureOptions | null }} Verdicts
 * reports: null when valid; shared: pages passed by a structure known valid; options: null when structures are off
 */

/** The stock loader resolves the whole config again for every page, most of a small page's cost. */
class ResolveOnce extends StaticConfigLoader {
  /** @type {ReturnType<import("html-validate").StaticConfigLoader["getConfigFor"]> | undefined} */
  resolved;

  /** @param {string} handle @param {import("html-validate").ConfigData} [override] */
  getConfigFor(handle, override) {
    this.resolved ??= super.getConfigFor(handle, override);
    return this.resolved;
  }
}

/** @param {import("html-validate").ConfigData} config */
export function htmlValidateOnce(config) {
  return new HtmlValidate(new ResolveOnce(config));
}

/** A page is valid when its structure is; else it is validated whole. @param {import("html-validate").ConfigData} config
 * @returns {(pages: HtmlFile[]) => Promise<Verdicts>} */
function validator(config) {
  const htmlValidate = htmlValidateOnce(config);
  const text = formatterFactory("text");
  const rules = Promise.resolve(htmlValidate.getConfigFor("page.html")).then((resolved) => structureSharing(resolved.getRules()));
  const valid = new Set();
  return async (pages) => {
    const sharing = await rules;
    const options = "options" in sharing ? sharing.options : null;
    /** @type {Verdicts} */
    const verdicts = { reports: [], shared: 0, structures: [], options };
    for (const { file, html } of pages) {
      if (options) {
        const structure = structureOf(html, options);
        const key = structureKey(structure);
        if (valid.has(key)) verdicts.shared++;
        else if ((await htmlValidate.validateString(structure, file)).valid) {
          valid.add(key);
          verdicts.structures.push(key);
        }
        if (valid.has(key)) {
          verdicts.reports.push(null);
          continue;
        }
      }
      const report = await htmlValidate.validateString(html, file);
      verdicts.reports.push(report.valid ? null : text(report.results));
    }
    return verdicts;
  };
}

/** CPU ms this thread has used (utime + stime, in ticks of 1/100 s), or 0 where the system does not tell. */
function threadCpuMs() {
  try {
    const stat = readFileSync("/proc/thread-self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** A small page that sets every rule up: the first page a validator sees costs ~0.4 s more than the next. */
const WARM_UP = {
  file: "warm-up.html",
  html: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Warm-up</title></head><body><header><nav aria-label="Main"><a href="/">Home</a></nav></header><main><h1>Warm-up</h1><p>Text</p><form><label for="a">A</label><input id="a" name="a"><button type="submit">Send</button></form></main><footer><p>End</p></footer></body></html>',
};

if (inWorker) {
  const validate = validator(workerData.config);
  let last = validate([WARM_UP]);
  parentPort?.on("message", (/** @type {HtmlFile[]} */ pages) => {
    last = last.then(async () => {
      const before = threadCpuMs();
      const verdicts = await validate(pages);
      parentPort?.postMessage({ ...verdicts, cpuMs: threadCpuMs() - before });
      return verdicts;
    });
  });
}
