// One route through Lighthouse's mobile preset, as npm run lighthouse runs every route (median of 3).
import assert from "node:assert/strict";
import { test } from "node:test";
import { auditRoutes, LIGHTHOUSE_BAR } from "../../commands/lighthouse.ts";
import { bareSite, ensureTestSites } from "../helpers/site.ts";

// /about: its largest paint is the headshot, the slowest kind of LCP after the home page's hero.
const ROUTE = "/about";
/**
 * Below this CPU benchmark (Lighthouse's own, taken during the run) the machine is too busy for its
 * simulated timings to mean anything: they scale with every task the page runs, times 4. This 2-core
 * machine scored 1150-1210 while two other builds ran beside it (load average 12).
 */
const STEADY_CPU = 900;

test(`Lighthouse mobile on ${ROUTE}: accessibility, best practices and SEO 100, no layout shift, LCP within ${LIGHTHOUSE_BAR.lcpMs} ms`, async (t) => {
  await ensureTestSites();
  const [audit] = await auditRoutes(bareSite, [ROUTE], 1);
  for (const category of ["accessibility", "best-practices", "seo"] as const) assert.equal(audit.scores[category], LIGHTHOUSE_BAR.score, category);
  // 0.000 as Lighthouse prints it: a loaded run once measured 0.0004, which no visitor can see.
  assert.ok(audit.cls < 0.001, `CLS ${audit.cls}`);
  const timings = `LCP ${Math.round(audit.lcpMs)} ms, performance ${audit.scores.performance}, CPU benchmark ${Math.round(audit.benchmarkIndex)}`;
  if (audit.benchmarkIndex < STEADY_CPU) {
    // Not a pass: the timings were not measured on a steady CPU; npm run lighthouse holds the bar.
    t.diagnostic(`timings not asserted, the machine was busy: ${timings}`);
    return;
  }
  assert.ok(audit.lcpMs <= LIGHTHOUSE_BAR.lcpMs, timings);
  assert.ok(audit.scores.performance >= 90, `${timings} (npm run lighthouse holds the median of 3 to ${LIGHTHOUSE_BAR.score})`);
});
