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
  laterJsKb: { [HEADER_ONLY]: 13.14, "/bio": 13.89, "/case-studies": 15.67, "/case-studies/*": 15.67, "/contact": 15.33 } as Record<string, number>,
};

/** `jsKb`: the inline scripts that run before the load event (the pages request no script file before it);
 * `laterJsKb`: the island runtime, this page's islands, analytics at load, web-vitals at 2 s. */
interface PageSize {
  route: string;
  htmlKb: number;
  cssKb: number;
  jsKb: number;
  laterJsKb: number;
}

export const gzipKb = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length / 1024;

/** A size as the reports print it, to as many places as its budget has, and as the budgets compare it: a
 * 15.34 printed to one place read "JS after load 15.3 KB > 15.33 KB". */
export const shownKb = (kb: number, decimals: number) => Number(kb.toFixed(decimals));

/** The places each figure of a page is printed and compared to (the inline bootstrap's: jsKb's). */
export const DECIMALS = { htmlKb: 1, cssKb: 1, jsKb: 2, laterJsKb: 2 } as const;

const laterSizes = new Map<string, number>();

/** One page's cost: its HTML as written, and the later scripts the bundler's page scripts list lists for it. */
export function measurePage(outDir: string, route: string, htmlFile: string, later: string[]): PageSize {
  // Scripts carry their content hash in their names: each is measured once, however many pages share it.
  const laterKb = (sitePath: string) => {
    const file = join(outDir, sitePath);
    if (!laterSizes.has(file)) laterSizes.set(file, gzipKb(readFileSync(file)));
    return laterSizes.get(file)!;
  };
  const html = readFileSync(join(outDir, htmlFile), "utf8");
  const inlineStyles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
  // The JSON-LD block is data, not a script that runs.
  const inlineScripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return {
    route,
    htmlKb: gzipKb(html),
    cssKb: inlineStyles.length ? gzipKb(inlineStyles.join("")) : 0,
    jsKb: gzipKb(inlineScripts.join("\n")),
    laterJsKb: later.reduce((sum, path) => sum + laterKb(path), 0),
  };
}

/** A route's own budget, else its folder's (/case-studies/* for every case study), else the header's. */
export function laterBudget(route: string): number {
  return BUDGET.laterJsKb[route] ?? BUDGET.laterJsKb[`${route.replace(/\/[^/]*$/, "")}/*`] ?? BUDGET.laterJsKb[HEADER_ONLY];
}

/** One figure of a page as it is printed. */
const shown = (size: PageSize, figure: keyof typeof DECIMALS) => size[figure].toFixed(DECIMALS[figure]);

/** What of the page is over its budget, each figure compared as it is printed. */
export function overBudget(size: PageSize): string[] {
  const over = (name: string, figure: keyof typeof DECIMALS, budget: number) =>
    shownKb(size[figure], DECIMALS[figure]) > budget ? [`${size.route}: ${name} ${shown(size, figure)} KB > ${budget} KB`] : [];
  return [
    ...over("HTML", "htmlKb", BUDGET.htmlKb),
    ...over("CSS", "cssKb", BUDGET.cssKb),
    ...over("JS before load", "jsKb", BUDGET.beforeLoadJsKb),
    ...over("JS after load", "laterJsKb", laterBudget(size.route)),
  ];
}

export function formatSize(size: PageSize): string {
  const column = (figure: keyof typeof DECIMALS) => shown(size, figure).padStart(5);
  return `${size.route.padEnd(14)} HTML ${column("htmlKb")} KB  CSS ${column("cssKb")} KB  JS before load ${shown(size, "jsKb")} KB inline  (+${column("laterJsKb")} KB after load or at the first tap)`;
}

/** Up to this many pages the build prints each page's cost against the budgets; a larger site leaves it
 * to `npm run size`, as gzipping every page at level 9 would cost about a millisecond a page. */
const PAGES_LISTED = 30;

/** What a build prints of its pages' cost: each page and what is over budget, or where to look on a large site. */
export function budgetReport(outDir: string, pages: { route: string; file: string }[], later: Record<string, string[]>): string[] {
  if (pages.length > PAGES_LISTED) return ["npm run size checks each page's budget"];
  const sizes = pages.map((page) => measurePage(outDir, page.route, page.file, later[page.route]));
  return [...sizes.map(formatSize), ...sizes.flatMap(overBudget).map((problem) => `over budget: ${problem}`)];
}
