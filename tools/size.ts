// npm run size: every page of the last build against the budgets; exits 1 when one is over.
import { BUDGET, DECIMALS, formatSize, gzipKb, measurePage, overBudget, shownKb } from "../engine/outputs/budgets.ts";
import { outputFileOf } from "../engine/pipeline/routes.ts";
import { lastBuild } from "./support/cli.ts";

const { outDir, scripts } = lastBuild();
const sizes = Object.entries(scripts.routes)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([route, later]) => measurePage(outDir, route, outputFileOf(route), later));
const later = Object.entries(BUDGET.laterJsKb)
  .map(([route, kb]) => `${route === "*" ? "" : `${route} `}${kb}`)
  .join(", ");
console.log(
  `Budgets (KB gzip): HTML ${BUDGET.htmlKb} per page, CSS ${BUDGET.cssKb}, JS before load ${BUDGET.beforeLoadJsKb} in at most ${BUDGET.beforeLoadScripts} request (bootstrap ${BUDGET.bootstrapKb}), JS after load ${later}`,
);
const bootstrapKb = shownKb(gzipKb(scripts.bootstrap), DECIMALS.jsKb);
console.log(`inline island bootstrap ${bootstrapKb.toFixed(DECIMALS.jsKb)} KB`);
for (const size of sizes) console.log(formatSize(size));
const problems = sizes.flatMap(overBudget);
if (bootstrapKb > BUDGET.bootstrapKb) problems.push(`bootstrap ${bootstrapKb.toFixed(DECIMALS.jsKb)} KB > ${BUDGET.bootstrapKb} KB`);
for (const problem of problems) console.error(`over budget: ${problem}`);
console.log(problems.length ? `${problems.length} over budget` : "All pages within budget");
process.exit(problems.length ? 1 : 0);
