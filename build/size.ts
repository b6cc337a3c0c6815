// What each page costs a visitor on first load, in KB gzip, checked against the budgets.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { PageScripts } from "./islands.ts";

export const BUDGET = {
  htmlKb: 20,
  cssKb: 10,
  /** Pages whose only islands are in the header. */
  jsKb: 7,
  /** Pages with an island of their own. */
  jsKbInteractive: 9,
  interactiveRoutes: ["/bio", "/case-studies", "/contact"],
  scriptRequests: 4,
};

interface PageSize {
  route: string;
  htmlKb: number;
  cssKb: number;
  jsKb: number;
  scripts: number;
  /** Fetched after first paint: islands that hydrate when idle or visible, analytics at load, web-vitals at 2 s. */
  laterJsKb: number;
}

const kb = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length / 1024;

const assetSizes = new Map<string, number>();

/** One page's cost, from its HTML and the scripts the bundler's manifest lists for it. */
export function measurePage(outDir: string, route: string, htmlFile: string, scripts: PageScripts): PageSize {
  // Stylesheets and scripts carry their content hash in their names: measure each once, however many pages share it.
  const assetKb = (sitePath: string) => {
    const file = join(outDir, sitePath);
    const known = assetSizes.get(file) ?? kb(readFileSync(file));
    assetSizes.set(file, known);
    return known;
  };
  const html = readFileSync(join(outDir, htmlFile), "utf8");
  const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  const firstLoad = [scripts.entry, ...scripts.preloads];
  const total = (paths: string[]) => paths.reduce((sum, path) => sum + assetKb(path), 0);
  return {
    route,
    htmlKb: kb(html),
    cssKb: total(styles),
    jsKb: total(firstLoad),
    scripts: firstLoad.length,
    laterJsKb: total(scripts.later),
  };
}

export function overBudget(size: PageSize): string[] {
  const jsLimit = BUDGET.interactiveRoutes.includes(size.route) ? BUDGET.jsKbInteractive : BUDGET.jsKb;
  const problems: string[] = [];
  if (size.htmlKb > BUDGET.htmlKb) problems.push(`HTML ${size.htmlKb.toFixed(1)} KB > ${BUDGET.htmlKb} KB`);
  if (size.cssKb > BUDGET.cssKb) problems.push(`CSS ${size.cssKb.toFixed(1)} KB > ${BUDGET.cssKb} KB`);
  if (size.jsKb > jsLimit) problems.push(`JS ${size.jsKb.toFixed(1)} KB > ${jsLimit} KB`);
  if (size.scripts > BUDGET.scriptRequests) problems.push(`${size.scripts} script requests > ${BUDGET.scriptRequests}`);
  return problems.map((p) => `${size.route}: ${p}`);
}

export function formatSize(size: PageSize): string {
  const f = (n: number) => n.toFixed(1).padStart(5);
  return `${size.route.padEnd(14)} HTML ${f(size.htmlKb)} KB  CSS ${f(size.cssKb)} KB  JS ${size.jsKb.toFixed(2).padStart(5)} KB in ${size.scripts} file${size.scripts === 1 ? "" : "s"}  (+${f(size.laterJsKb)} KB after first paint)`;
}
