// npm run size: every page of the last build against the budgets; exits 1 when one is over.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { BUDGET, formatSize, gzipKb, measurePage, overBudget } from "../steps/budgets.ts";
import { readConfig } from "../steps/config.ts";
import { type IslandManifest, MANIFEST_FILE } from "../steps/islands.ts";
import { outputFileOf } from "../steps/routes.ts";

const { outDir } = readConfig();
const manifestPath = join(outDir, MANIFEST_FILE);
if (!existsSync(manifestPath)) {
  console.error(`${manifestPath} not found: run npm run build first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as IslandManifest;
const sizes = Object.entries(manifest.routes)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([route, later]) => measurePage(outDir, route, outputFileOf(route), later));
const later = Object.entries(BUDGET.laterJsKb)
  .map(([route, kb]) => `${route === "*" ? "" : `${route} `}${kb}`)
  .join(", ");
console.log(
  `Budgets (KB gzip): HTML ${BUDGET.htmlKb} per page, CSS ${BUDGET.cssKb}, JS before load ${BUDGET.beforeLoadJsKb} in at most ${BUDGET.beforeLoadScripts} request (bootstrap ${BUDGET.bootstrapKb}), JS after load ${later}`,
);
const bootstrapKb = gzipKb(manifest.bootstrap);
console.log(`inline island bootstrap ${bootstrapKb.toFixed(2)} KB`);
for (const size of sizes) console.log(formatSize(size));
const problems = sizes.flatMap(overBudget);
if (bootstrapKb > BUDGET.bootstrapKb) problems.push(`bootstrap ${bootstrapKb.toFixed(2)} KB > ${BUDGET.bootstrapKb} KB`);
for (const problem of problems) console.error(`over budget: ${problem}`);
console.log(problems.length ? `${problems.length} over budget` : "All pages within budget");
process.exit(problems.length ? 1 : 0);
