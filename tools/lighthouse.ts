// npm run lighthouse: every route of the last build through Lighthouse's mobile preset, in Debian's
// Chromium, served from 127.0.0.1 with every other host unresolvable (so it runs offline). Each route
// runs three times; the table shows the median run (Lighthouse's own choice) and the command exits 1 below the bar.
import { mkdir, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { serve } from "../engine/outputs/serve.ts";
import { CHROMIUM_FLAGS, chromePath } from "./support/browser.ts";
import { isCommand, lastBuild } from "./support/cli.ts";

/** Every category at 100 and the largest paint within a second, in the median of three runs. */
export const LIGHTHOUSE_BAR = { score: 100, lcpMs: 1000 };
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const RUNS = 3;
/** Git-ignored: the HTML report of each route's median run. */
const REPORT_DIR = "lighthouse-reports";

/**
 * The audits that say whether the page gives its largest paint every chance, whatever the machine's
 * speed: the LCP image found in the HTML, not lazy, fetched first; nothing render-blocking; images
 * and fonts delivered well; a fast document. Each passes (score 1) or names a fault in the page; the
 * image's guards do not apply to a page whose largest paint is text, and pass there.
 */
export const LCP_GUARDS = [
  "lcp-discovery-insight",
  "lcp-lazy-loaded",
  "prioritize-lcp-image",
  "render-blocking-insight",
  "image-delivery-insight",
  "font-display-insight",
  "document-latency-insight",
] as const;

export interface Audit {
  route: string;
  /** Each of LCP_GUARDS with its score (1: passed), the lowest of the runs. */
  lcpGuards: Record<(typeof LCP_GUARDS)[number], number>;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /**
   * Lighthouse's own CPU benchmark taken during the run: the timings it simulates scale with it, so
   * a low index (a machine busy with other work) means slow timings that say little about the page.
   */
  benchmarkIndex: number;
  /** Each of LCP_GUARDS as the median run's Lighthouse reported it. */
  guards: { id: string; score: number | null; scoreDisplayMode: string }[];
  /** The HTML report of the median run. */
  report: string;
  /** The same run's whole result (Lighthouse's JSON), to keep where a check failed. */
  json: string;
}

/** A guard's score: 1 when it passed, or when it does not apply (the image audits, on a page whose largest
 * paint is text); 0 when Lighthouse has no such audit (renamed in a new version), so that it is noticed. */
export function guardScore(audit: { score: number | null; scoreDisplayMode: string } | undefined): number {
  if (!audit) return 0;
  return audit.scoreDisplayMode === "notApplicable" ? 1 : (audit.score ?? 0);
}

interface Run {
  lhr: Result;
  /** Its HTML report and its JSON. */
  report: string[];
}

/** One Lighthouse run against `url` in the Chromium listening on `port`. */
async function runOnce(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, { port, output: ["html", "json"], logLevel: "error", onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`tools/lighthouse.ts: Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`tools/lighthouse.ts: ${url}: ${result.lhr.runtimeError.message}`);
  return { lhr: result.lhr, report: result.report as string[] };
}

/** The route's audit: the run Lighthouse itself calls the median (nearest the median first paint and time
 * to interactive), each guard at its lowest over all the runs. */
function auditOf(route: string, runs: Run[]): Audit {
  const median = computeMedianRun(runs.map((run) => run.lhr));
  const { audits, categories, environment } = median;
  const [report, json] = (runs.find((run) => run.lhr === median) as Run).report;
  return {
    route,
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((categories[id].score ?? 0) * 100)])) as Audit["scores"],
    lcpGuards: Object.fromEntries(LCP_GUARDS.map((id) => [id, Math.min(...runs.map((run) => guardScore(run.lhr.audits[id])))])) as Audit["lcpGuards"],
    lcpMs: audits["largest-contentful-paint"].numericValue ?? Number.POSITIVE_INFINITY,
    tbtMs: audits["total-blocking-time"].numericValue ?? Number.POSITIVE_INFINITY,
    cls: audits["cumulative-layout-shift"].numericValue ?? Number.POSITIVE_INFINITY,
    benchmarkIndex: environment.benchmarkIndex,
    guards: LCP_GUARDS.map((id) => ({ id, score: audits[id]?.score ?? null, scoreDisplayMode: audits[id]?.scoreDisplayMode ?? "missing" })),
    report,
    json,
  };
}

/** Audits each route `runs` times in one headless Chromium and returns the median runs. */
export async function auditRoutes(outDir: string, routes: readonly string[], runs = RUNS): Promise<Audit[]> {
  const server = await serve(outDir, 0);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: [
      "--headless=new",
      ...CHROMIUM_FLAGS,
      // Offline: only the site itself resolves; analytics and the CRM fail at once instead of hanging.
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    ],
  });
  try {
    const audits: Audit[] = [];
    for (const route of routes) {
      const results: Run[] = [];
      for (let i = 0; i < runs; i++) results.push(await runOnce(`${origin}${route}`, chrome.port));
      audits.push(auditOf(route, results));
    }
    return audits;
  } finally {
    chrome.kill();
    await new Promise((done) => server.close(done));
  }
}

/** What keeps a route below the bar; none when it passes. */
function belowBar(audit: Audit): string[] {
  const problems = CATEGORIES.filter((c) => audit.scores[c] < LIGHTHOUSE_BAR.score).map((c) => `${c} ${audit.scores[c]}`);
  if (audit.lcpMs > LIGHTHOUSE_BAR.lcpMs) problems.push(`LCP ${Math.round(audit.lcpMs)} ms > ${LIGHTHOUSE_BAR.lcpMs} ms`);
  for (const id of LCP_GUARDS) if (audit.lcpGuards[id] !== 1) problems.push(`${id} did not pass`);
  return problems.map((p) => `${audit.route}: ${p}`);
}

/** The route column's width: the longest route a site has today (a case study's). */
const ROUTE_WIDTH = 66;

function formatRow(audit: Audit): string {
  const cells = CATEGORIES.map((category) => String(audit.scores[category]).padStart(5));
  return `${audit.route.padEnd(ROUTE_WIDTH)}${cells.join("")}  ${String(Math.round(audit.lcpMs)).padStart(6)}  ${String(Math.round(audit.tbtMs)).padStart(6)}  ${audit.cls.toFixed(3).padStart(6)}  ${String(Math.round(audit.benchmarkIndex)).padStart(5)}`;
}

if (isCommand(import.meta.url)) {
  const { outDir, scripts } = lastBuild();
  // Every route the build wrote, but the not-found page, which is kept out of search on purpose.
  const built = Object.keys(scripts.routes).filter((route) => route !== "/404");
  const routes = process.argv.slice(2).length ? process.argv.slice(2) : built.sort();
  const audits = await auditRoutes(outDir, routes);
  await mkdir(REPORT_DIR, { recursive: true });
  // One file per route, side by side: /case-studies/eqos-initiative is case-studies-eqos-initiative.html.
  await Promise.all(audits.map((a) => writeFile(join(REPORT_DIR, `${a.route === "/" ? "index" : a.route.slice(1).replaceAll("/", "-")}.html`), a.report)));
  console.log(`Lighthouse, mobile preset, median of ${RUNS} runs (bar: ${LIGHTHOUSE_BAR.score} in each category, LCP ≤ ${LIGHTHOUSE_BAR.lcpMs} ms)`);
  console.log(`${"route".padEnd(ROUTE_WIDTH)} perf a11y  b-p  seo  LCP ms  TBT ms     CLS    CPU`);
  for (const audit of audits) console.log(formatRow(audit));
  const problems = audits.flatMap(belowBar);
  for (const problem of problems) console.error(`below the bar: ${problem}`);
  console.log("CPU: Lighthouse's benchmark index during the median run; timings are only as steady as it is.");
  console.log(problems.length ? `${problems.length} below the bar; reports in ${REPORT_DIR}/` : `Every route meets the bar; reports in ${REPORT_DIR}/`);
  process.exit(problems.length ? 1 : 0);
}
