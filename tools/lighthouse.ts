// npm run lighthouse: every route of the last build through Lighthouse's mobile preset, offline, three runs a route;
// the table shows the run Lighthouse calls the median, and the command exits 1 below the bar.
import { mkdir, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { serve } from "../engine/outputs/serve.ts";
import { CHROMIUM_FLAGS, chromePath } from "./support/browser.ts";
import { isCommand, lastBuild } from "./support/cli.ts";

export const LIGHTHOUSE_BAR = { score: 100, lcpMs: 1000 };
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const RUNS = 3;
const REPORT_DIR = "lighthouse-reports"; // git-ignored

/** Whether the page gives its largest paint every chance, whatever the machine's speed: the LCP image found in
 * the HTML, not lazy, fetched first; nothing render-blocking; images and fonts delivered well; a fast document. */
export const LCP_GUARDS = [
  "lcp-discovery-insight",
  "lcp-lazy-loaded",
  "prioritize-lcp-image",
  "render-blocking-insight",
  "image-delivery-insight",
  "font-display-insight",
  "document-latency-insight",
] as const;

/** 1 when it passed or does not apply (the image's guards, on a page whose largest paint is text); 0 when
 * Lighthouse has no such audit (renamed in a new version), so that it is noticed. */
export const guardScore = (audit?: { score: number | null; scoreDisplayMode: string }) =>
  !audit ? 0 : audit.scoreDisplayMode === "notApplicable" ? 1 : (audit.score ?? 0);

const byId = <Id extends string>(ids: readonly Id[], value: (id: Id) => number) => Object.fromEntries(ids.map((id) => [id, value(id)])) as Record<Id, number>;

/** Each route's median run (Lighthouse's own choice) with its reports, each guard at its lowest over the runs. */
export async function auditRoutes(outDir: string, routes: readonly string[], runs = RUNS) {
  const server = await serve(outDir, 0);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Offline: only the site itself resolves; analytics and the CRM fail at once instead of hanging.
  const chromeFlags = ["--headless=new", ...CHROMIUM_FLAGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"];
  const chrome = await chromeLauncher.launch({ chromePath: chromePath(), chromeFlags });
  const flags = { port: chrome.port, output: ["html", "json"] as ("html" | "json")[], logLevel: "error" as const, onlyCategories: [...CATEGORIES] };
  try {
    const audits = [];
    for (const route of routes) {
      const results: { lhr: Result; report: string[] }[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(`${origin}${route}`, flags);
        if (!result) throw new Error(`tools/lighthouse.ts: Lighthouse returned nothing for ${route}`);
        if (result.lhr.runtimeError) throw new Error(`tools/lighthouse.ts: ${route}: ${result.lhr.runtimeError.message}`);
        results.push({ lhr: result.lhr, report: result.report as string[] });
      }
      const median = computeMedianRun(results.map((run) => run.lhr));
      const [report, json] = results.find((run) => run.lhr === median)!.report;
      const { audits: found, categories, environment } = median;
      const numeric = (id: string) => found[id].numericValue ?? Number.POSITIVE_INFINITY;
      audits.push({
        route,
        scores: byId(CATEGORIES, (id) => Math.round((categories[id].score ?? 0) * 100)),
        lcpGuards: byId(LCP_GUARDS, (id) => Math.min(...results.map((run) => guardScore(run.lhr.audits[id])))),
        lcpMs: numeric("largest-contentful-paint"),
        tbtMs: numeric("total-blocking-time"),
        cls: numeric("cumulative-layout-shift"),
        /** Lighthouse's CPU benchmark during the run: its simulated timings scale with it, so a busy machine's say little. */
        benchmarkIndex: environment.benchmarkIndex,
        guards: LCP_GUARDS.map((id) => ({ id, score: found[id]?.score ?? null, scoreDisplayMode: found[id]?.scoreDisplayMode ?? "missing" })),
        report,
        json,
      });
    }
    return audits;
  } finally {
    chrome.kill();
    await new Promise((done) => server.close(done));
  }
}

if (isCommand(import.meta.url)) {
  const { outDir, scripts } = lastBuild();
  // Every route the build wrote, but the not-found page, which is kept out of search on purpose.
  const built = Object.keys(scripts.routes).filter((route) => route !== "/404");
  const routes = process.argv.length > 2 ? process.argv.slice(2) : built.sort();
  const audits = await auditRoutes(outDir, routes);
  await mkdir(REPORT_DIR, { recursive: true });
  // One file per route: /case-studies/eqos-initiative is case-studies-eqos-initiative.html.
  await Promise.all(audits.map((a) => writeFile(join(REPORT_DIR, `${a.route === "/" ? "index" : a.route.slice(1).replaceAll("/", "-")}.html`), a.report)));
  console.log(`Lighthouse, mobile preset, median of ${RUNS} runs (bar: ${LIGHTHOUSE_BAR.score} in each category, LCP ≤ ${LIGHTHOUSE_BAR.lcpMs} ms)`);
  const width = 66; // the longest route a site has today (a case study's)
  console.log(`${"route".padEnd(width)} perf a11y  b-p  seo  LCP ms  TBT ms     CLS    CPU`);
  const problems: string[] = [];
  for (const a of audits) {
    const cells = [...CATEGORIES.map((c) => String(a.scores[c]).padStart(5)), ...[a.lcpMs, a.tbtMs].map((ms) => `  ${String(Math.round(ms)).padStart(6)}`)];
    console.log(`${a.route.padEnd(width)}${cells.join("")}  ${a.cls.toFixed(3).padStart(6)}  ${String(Math.round(a.benchmarkIndex)).padStart(5)}`);
    const below = CATEGORIES.filter((c) => a.scores[c] < LIGHTHOUSE_BAR.score).map((c) => `${c} ${a.scores[c]}`);
    if (a.lcpMs > LIGHTHOUSE_BAR.lcpMs) below.push(`LCP ${Math.round(a.lcpMs)} ms > ${LIGHTHOUSE_BAR.lcpMs} ms`);
    below.push(...LCP_GUARDS.filter((id) => a.lcpGuards[id] !== 1).map((id) => `${id} did not pass`));
    problems.push(...below.map((problem) => `${a.route}: ${problem}`));
  }
  for (const problem of problems) console.error(`below the bar: ${problem}`);
  console.log("CPU: Lighthouse's benchmark index during the median run; timings are only as steady as it is.");
  console.log(problems.length ? `${problems.length} below the bar; reports in ${REPORT_DIR}/` : `Every route meets the bar; reports in ${REPORT_DIR}/`);
  process.exit(problems.length ? 1 : 0);
}
