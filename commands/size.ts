// npm run size: every page of the last build against the budgets; exits 1 when one is over.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { readConfig } from "../build/config.ts";
import { type IslandManifest, MANIFEST_FILE } from "../build/islands.ts";
import { outputFileOf } from "../build/pages.ts";
import { BUDGET, formatSize, measurePage, overBudget } from "../build/size.ts";

const { outDir } = readConfig();
const manifestPath = join(outDir, MANIFEST_FILE);
if (!existsSync(manifestPath)) {
  console.error(`${manifestPath} not found: run npm run build first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as IslandManifest;
const sizes = Object.entries(manifest)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([route, scripts]) => measurePage(outDir, route, outputFileOf(route), scripts));
console.log(
  `Budgets (KB gzip): HTML ${BUDGET.htmlKb} per page, CSS ${BUDGET.cssKb}, JS ${BUDGET.jsKb} (${BUDGET.jsKbInteractive} on ${BUDGET.interactiveRoutes.join(", ")}), at most ${BUDGET.scriptRequests} script files`,
);
for (const size of sizes) console.log(formatSize(size));
const problems = sizes.flatMap(overBudget);
for (const problem of problems) console.error(`over budget: ${problem}`);
console.log(problems.length ? `${problems.length} over budget` : "All pages within budget");
process.exit(problems.length ? 1 : 0);
