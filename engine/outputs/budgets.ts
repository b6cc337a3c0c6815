// What each page costs a visitor, in KB gzip, checked against the budgets.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const HEADER_ONLY = "*"; // pages whose only islands are in the header
export const BUDGET = {
  htmlKb: 20,
  cssKb: 10,
  beforeLoadJsKb: 1.5, // first-party, inline or not
  beforeLoadScripts: 1,
  bootstrapKb: 1,
  laterJsKb: { [HEADER_ONLY]: 13.14, "/bio": 13.89, "/case-studies": 15.67, "/case-studies/*": 15.67, "/contact": 15.33 } as Record<string, number>,
};

type PageSize = ReturnType<typeof measurePage>;

export const gzipKb = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length / 1024;
/** A size to as many places as it is printed, so a figure is compared as it reads. */
export const shownKb = (kb: number, decimals: number) => Number(kb.toFixed(decimals));

export const DECIMALS = { htmlKb: 1, cssKb: 1, jsKb: 2, laterJsKb: 2 } as const;
const laterSizes = new Map<string, number>(); // by content-hashed name: each script measured once
/** `jsKb`: the inline scripts run before the load event; `laterJsKb`: the scripts fetched after it. */
export function measurePage(outDir: string, route: string, htmlFile: string, later: string[]) {
  const laterKb = (file: string) => laterSizes.get(file) ?? laterSizes.set(file, gzipKb(readFileSync(file))).get(file)!;
  const html = readFileSync(join(outDir, htmlFile), "utf8");
  const inlineStyles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
  const inlineScripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return {
    route,
    htmlKb: gzipKb(html),
    cssKb: inlineStyles.length ? gzipKb(inlineStyles.join("")) : 0,
    jsKb: gzipKb(inlineScripts.join("\n")),
    laterJsKb: later.reduce((sum, path) => sum + laterKb(join(outDir, path)), 0),
  };
}

export const laterBudget = (route: string): number =>
  BUDGET.laterJsKb[route] ?? BUDGET.laterJsKb[`${route.replace(/\/[^/]*$/, "")}/*`] ?? BUDGET.laterJsKb[HEADER_ONLY];

const shown = (size: PageSize, figure: keyof typeof DECIMALS) => size[figure].toFixed(DECIMALS[figure]);

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

/** Past 30 pages left to `npm run size`: gzip at level 9 costs about a millisecond a page. */
export function budgetReport(outDir: string, pages: { route: string; file: string }[], later: Record<string, string[]>): string[] {
  if (pages.length > 30) return ["npm run size checks each page's budget"];
  const sizes = pages.map((page) => measurePage(outDir, page.route, page.file, later[page.route]));
  return [...sizes.map(formatSize), ...sizes.flatMap(overBudget).map((problem) => `over budget: ${problem}`)];
}
