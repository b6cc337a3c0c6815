// Every page must be valid HTML (html-validate, configured in .htmlvalidate.json to accept React's
// output). A page whose exact bytes were found valid before is not validated again: the cache key is
// the page, the config and the validator's version, so any change to any of them validates anew.
// Many unchecked pages (a cold build of a large site) are shared out to worker threads.
import { existsSync, readFileSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import type { ConfigData, StaticConfigLoader as ConfigLoader } from "html-validate";
import { CACHE_DIR, cacheKey } from "./cache.ts";

export interface HtmlFile {
  /** dist-relative, e.g. services/index.html */
  file: string;
  html: string;
}

const VALID_PAGES = `${CACHE_DIR}/valid-html.json`;
/** Enough for several sites of a thousand pages; the oldest results go first. */
const KEEP = 20_000;
/** Below this many pages a worker's start-up (~0.3 s to load html-validate) costs more than it saves. */
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
  const temporary = `${VALID_PAGES}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify([...keys].slice(-KEEP)));
  await rename(temporary, VALID_PAGES);
}

/** Validates pages in this thread: for each, null when valid, else the report's text. */
async function validateHere(pages: HtmlFile[], config: ConfigData): Promise<(string | null)[]> {
  const { HtmlValidate, StaticConfigLoader, formatterFactory } = await import("html-validate");
  // The stock loader resolves the whole config (element metadata, schemas) again for every page,
  // which is most of the cost of a small page: resolve it once.
  class ResolveOnce extends StaticConfigLoader {
    private resolved: ReturnType<ConfigLoader["getConfigFor"]> | undefined;
    override getConfigFor(handle: string, override?: ConfigData) {
      this.resolved ??= super.getConfigFor(handle, override);
      return this.resolved;
    }
  }
  const validator = new HtmlValidate(new ResolveOnce(config));
  const text = formatterFactory("text");
  const reports: (string | null)[] = [];
  for (const { file, html } of pages) {
    const report = await validator.validateString(html, file);
    reports.push(report.valid ? null : text(report.results));
  }
  return reports;
}

function validateInWorker(pages: HtmlFile[], config: ConfigData): Promise<(string | null)[]> {
  return new Promise((done, fail) => {
    // A worker does not inherit tsx's loader: register it, then load this module again.
    const code = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
    const worker = new Worker(code, { eval: true, workerData: { pages, config } });
    worker.once("message", done);
    worker.once("error", fail);
  });
}

/** The text of each invalid page's report; empty when every page is valid. */
export async function validatePages(pages: HtmlFile[]): Promise<string[]> {
  const configText = existsSync(".htmlvalidate.json") ? readFileSync(".htmlvalidate.json", "utf8") : "{}";
  const version = JSON.parse(readFileSync("node_modules/html-validate/package.json", "utf8")).version as string;
  const known = readValidKeys();
  const keyOf = (html: string) => cacheKey(version, configText, html);
  const unchecked = pages.filter((page) => !known.has(keyOf(page.html)));
  if (unchecked.length === 0) return [];

  const config = JSON.parse(configText) as ConfigData;
  const threads = Math.max(1, Math.min(availableParallelism(), Math.floor(unchecked.length / PAGES_PER_WORKER)));
  const share = Math.ceil(unchecked.length / threads);
  const parts = Array.from({ length: threads }, (_, i) => unchecked.slice(i * share, (i + 1) * share));
  const [own, ...others] = parts;
  const reports = (await Promise.all([validateHere(own, config), ...others.map((part) => validateInWorker(part, config))])).flat();

  const problems: string[] = [];
  reports.forEach((report, i) => {
    if (report === null) known.add(keyOf(unchecked[i].html));
    else problems.push(report);
  });
  await saveValidKeys(known);
  return problems;
}

if (!isMainThread && workerData?.pages) {
  const { pages, config } = workerData as { pages: HtmlFile[]; config: ConfigData };
  parentPort?.postMessage(await validateHere(pages, config));
}
