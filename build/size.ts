// What each page costs a visitor on first load, in KB gzip, checked against the budgets.
import { isCommand } from "./cli.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

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

export interface PageSize {
  route: string;
  htmlKb: number;
  cssKb: number;
  jsKb: number;
  scripts: number;
  /** Fetched after first paint: islands that hydrate when idle or visible, analytics at load, web-vitals at 2 s. */
  laterJsKb: number;
}

const kb = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length / 1024;

/** The site paths of the ./*.js modules a module imports; with `dynamic`, import("./x.js") counts too. */
function importsOf(path: string, read: (sitePath: string) => string, dynamic: boolean): string[] {
  const dir = path.slice(0, path.lastIndexOf("/") + 1);
  const pattern = dynamic ? /(?:from|import)\s*\(?"(\.\/[^"]+\.js)"/g : /(?:from|import)\s*"(\.\/[^"]+\.js)"/g;
  return [...read(path).matchAll(pattern)].map((match) => dir + match[1].slice(2));
}

/** The module scripts a page downloads before it is interactive: its entries and their static imports. */
export function firstLoadScripts(html: string, read: (sitePath: string) => string): string[] {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const imported of importsOf(path, read, false)) visit(imported);
  };
  for (const match of html.matchAll(/<script type="module" src="([^"]+)"/g)) visit(match[1]);
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) visit(match[1]);
  return [...seen];
}

/** Chunks the page imports dynamically: its own later islands, analytics and what they import. */
export function laterScripts(html: string, firstLoad: string[], read: (sitePath: string) => string): string[] {
  const islands = new Set([...html.matchAll(/data-island="(\w+)"/g)].map((m) => m[1]));
  const later = new Set<string>();
  const visit = (path: string) => {
    if (later.has(path) || firstLoad.includes(path)) return;
    later.add(path);
    for (const imported of importsOf(path, read, true)) visit(imported);
  };
  for (const file of firstLoad) {
    const dir = file.slice(0, file.lastIndexOf("/") + 1);
    for (const match of read(file).matchAll(/import\("\.\/((\w+)[.-][^"]+\.js)"\)/g)) {
      if (islands.has(match[2]) || !/^[A-Z]/.test(match[2])) visit(dir + match[1]);
    }
  }
  return [...later];
}

export function measurePage(outDir: string, route: string, htmlFile: string): PageSize {
  const read = (sitePath: string) => readFileSync(join(outDir, sitePath), "utf8");
  const html = readFileSync(join(outDir, htmlFile), "utf8");
  const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  const scripts = firstLoadScripts(html, read);
  const total = (paths: string[]) => paths.reduce((sum, path) => sum + kb(read(path)), 0);
  return {
    route,
    htmlKb: kb(html),
    cssKb: total(styles),
    jsKb: total(scripts),
    scripts: scripts.length,
    laterJsKb: total(laterScripts(html, scripts, read)),
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

/** npm run size: every page of the last build against the budgets; exits 1 when one is over. */
if (isCommand(import.meta.url)) {
  const { default: fg } = await import("fast-glob");
  const outDir = process.env.OUT_DIR ?? "dist";
  const files = (await fg("**/*.html", { cwd: outDir })).filter((f) => !f.startsWith("__dev/")).sort();
  if (files.length === 0) {
    console.error(`${outDir}/ has no pages: run npm run build first.`);
    process.exit(1);
  }
  const { routeOfOutputFile } = await import("./pages.ts");
  const sizes = files.map((file) => measurePage(outDir, routeOfOutputFile(file), file));
  console.log(`Budgets (KB gzip): HTML ${BUDGET.htmlKb} per page, CSS ${BUDGET.cssKb}, JS ${BUDGET.jsKb} (${BUDGET.jsKbInteractive} on ${BUDGET.interactiveRoutes.join(", ")}), at most ${BUDGET.scriptRequests} script files`);
  for (const size of sizes) console.log(formatSize(size));
  const problems = sizes.flatMap(overBudget);
  for (const problem of problems) console.error(`over budget: ${problem}`);
  console.log(problems.length ? `${problems.length} over budget` : "All pages within budget");
  process.exit(problems.length ? 1 : 0);
}
