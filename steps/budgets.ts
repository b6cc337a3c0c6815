// What each page costs a visitor, in KB gzip, checked against the budgets.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** Pages whose only islands are in the header. */
const HEADER_ONLY = "*";

export const BUDGET = {
  htmlKb: 20,
  cssKb: 10,
  /** First-party JavaScript before the load event: the inline scripts (theme and island bootstrap) and any script file. */
  beforeLoadJsKb: 1.5,
  /** Script files requested before the load event. */
  beforeLoadScripts: 1,
  /** The inline island bootstrap alone. */
  bootstrapKb: 1,
  /**
   * Everything fetched after the load event or at the first interaction: no more than each page
   * fetched in all when its islands hydrated on load (Preact, runtime, islands, analytics,
   * web-vitals: 11.84 KB, 12.59 on /bio, 13.57 on /case-studies, 13.31 on /contact, measured on that
   * build), plus what the consent banner (1.30 KB, in the analytics chunk) and the forms' field
   * errors, honeypot and draft (0.80 KB on /case-studies, 0.72 on /contact) added after it.
   */
  laterJsKb: { [HEADER_ONLY]: 13.14, "/bio": 13.89, "/case-studies": 15.67, "/contact": 15.33 } as Record<string, number>,
};

interface PageSize {
  route: string;
  htmlKb: number;
  cssKb: number;
  /** Inline scripts plus script files the HTML asks for before its load event. */
  jsKb: number;
  scripts: number;
  /** The island runtime, this page's islands, analytics at load, web-vitals at 2 s. */
  laterJsKb: number;
}

export const gzipKb = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length / 1024;

/** Inline scripts that run (the JSON-LD block is data), and the script files a page requests itself. */
export function scriptsBeforeLoad(html: string): { inline: string[]; files: string[] } {
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  const files = [...html.matchAll(/<script[^>]* src="([^"]+)"|<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1] ?? m[2]);
  return { inline, files };
}

const assetSizes = new Map<string, number>();

/** One page's cost: its HTML as written, and the later scripts the bundler's manifest lists for it. */
export function measurePage(outDir: string, route: string, htmlFile: string, later: string[]): PageSize {
  // Stylesheets and scripts carry their content hash in their names: measure each once, however many pages share it.
  const assetKb = (sitePath: string) => {
    const file = join(outDir, sitePath);
    const known = assetSizes.get(file) ?? gzipKb(readFileSync(file));
    assetSizes.set(file, known);
    return known;
  };
  const html = readFileSync(join(outDir, htmlFile), "utf8");
  const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  const inlineStyles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
  const total = (paths: string[]) => paths.reduce((sum, path) => sum + assetKb(path), 0);
  const { inline, files } = scriptsBeforeLoad(html);
  return {
    route,
    htmlKb: gzipKb(html),
    cssKb: total(styles) + (inlineStyles.length ? gzipKb(inlineStyles.join("")) : 0),
    jsKb: gzipKb(inline.join("\n")) + total(files),
    scripts: files.length,
    laterJsKb: total(later),
  };
}

export function laterBudget(route: string): number {
  return BUDGET.laterJsKb[route] ?? BUDGET.laterJsKb[HEADER_ONLY];
}

export function overBudget(size: PageSize): string[] {
  const problems: string[] = [];
  if (size.htmlKb > BUDGET.htmlKb) problems.push(`HTML ${size.htmlKb.toFixed(1)} KB > ${BUDGET.htmlKb} KB`);
  if (size.cssKb > BUDGET.cssKb) problems.push(`CSS ${size.cssKb.toFixed(1)} KB > ${BUDGET.cssKb} KB`);
  if (size.jsKb > BUDGET.beforeLoadJsKb) problems.push(`JS before load ${size.jsKb.toFixed(2)} KB > ${BUDGET.beforeLoadJsKb} KB`);
  if (size.scripts > BUDGET.beforeLoadScripts) problems.push(`${size.scripts} script requests before load > ${BUDGET.beforeLoadScripts}`);
  if (size.laterJsKb > laterBudget(size.route)) problems.push(`JS after load ${size.laterJsKb.toFixed(1)} KB > ${laterBudget(size.route)} KB`);
  return problems.map((p) => `${size.route}: ${p}`);
}

export function formatSize(size: PageSize): string {
  const f = (n: number) => n.toFixed(1).padStart(5);
  return `${size.route.padEnd(14)} HTML ${f(size.htmlKb)} KB  CSS ${f(size.cssKb)} KB  JS before load ${size.jsKb.toFixed(2)} KB in ${size.scripts} request${size.scripts === 1 ? "" : "s"}  (+${size.laterJsKb.toFixed(2).padStart(5)} KB after load or at the first tap)`;
}
