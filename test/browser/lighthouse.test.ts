// One route through Lighthouse's mobile preset, as npm run lighthouse runs every route (median of 3).
// What the page decides is asserted: accessibility, best practices and SEO at 100, no layout shift,
// and every audit that gives the largest paint its chance (LCP_GUARDS). Lighthouse's timings are not:
// it simulates them from the tasks it watched, which stretch with whatever else the machine runs (a
// full npm test measured LCP 1019 ms where a quiet run measures 754 ms), so no value of them can pass
// or fail deterministically here. npm run lighthouse holds them to the bar, the median of 3 runs on
// a quiet machine; this test prints them.
// The one layout shift a loaded machine ever showed (CLS 0.0001–0.003, the brand and the menu moving) came
// from a frame painted while the parser had only part of the header: the last test holds a document
// there and shows that no frame is painted until the header is whole.
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { test } from "node:test";
import { serve } from "../../engine/outputs/serve.ts";
import { auditRoutes, guardScore, LCP_GUARDS, LIGHTHOUSE_BAR } from "../../tools/lighthouse.ts";
import { launchBrowser } from "../../tools/support/browser.ts";
import { ensureTestSites, fixtureSite } from "../helpers/site.ts";

// /about: its largest paint is the headshot, the slowest kind of LCP after the home page's hero.
const ROUTE = "/about";
/** Where a failed run's report is kept (git-ignored). */
const FAILED_REPORTS = "test-results/lighthouse";

test(`Lighthouse mobile on ${ROUTE}: accessibility, best practices and SEO 100, no layout shift, nothing in the page delays its largest paint`, async (t) => {
  await ensureTestSites();
  const [audit] = await auditRoutes(fixtureSite, [ROUTE], 1);
  try {
    for (const category of ["accessibility", "best-practices", "seo"] as const) assert.equal(audit.scores[category], LIGHTHOUSE_BAR.score, category);
    // 0.000 as Lighthouse prints it: a loaded run once measured 0.0004, which no visitor can see.
    assert.ok(audit.cls < 0.001, `CLS ${audit.cls}`);
    for (const id of LCP_GUARDS) assert.equal(audit.lcpGuards[id], 1, `${id} did not pass`);
  } catch (error) {
    // One failure is enough to know why: what Lighthouse said, printed, and its whole report kept.
    mkdirSync(FAILED_REPORTS, { recursive: true });
    writeFileSync(`${FAILED_REPORTS}/about.json`, audit.json);
    t.diagnostic(`scores ${JSON.stringify(audit.scores)}, CLS ${audit.cls}, CPU benchmark ${Math.round(audit.benchmarkIndex)}`);
    for (const guard of audit.guards) t.diagnostic(`${guard.id}: score ${guard.score}, ${guard.scoreDisplayMode}`);
    t.diagnostic(`Lighthouse's report: ${FAILED_REPORTS}/about.json`);
    throw error;
  }
  t.diagnostic(
    `timings (npm run lighthouse holds them): LCP ${Math.round(audit.lcpMs)} ms, performance ${audit.scores.performance}, CPU benchmark ${Math.round(audit.benchmarkIndex)}`,
  );
});

test("a guard of the largest paint passes where it does not apply (the image's guards, on a page whose largest paint is text) and fails where Lighthouse lacks it", () => {
  assert.equal(guardScore({ score: null, scoreDisplayMode: "notApplicable" }), 1);
  assert.equal(guardScore({ score: 1, scoreDisplayMode: "metricSavings" }), 1);
  assert.equal(guardScore({ score: 0, scoreDisplayMode: "metricSavings" }), 0);
  assert.equal(guardScore({ score: null, scoreDisplayMode: "error" }), 0);
  assert.equal(guardScore(undefined), 0, "a renamed audit must be noticed");
});

test("no frame is painted while the parser has only part of the header, so a slow parse shifts nothing", async () => {
  await ensureTestSites();
  // The document arrives in two parts, as on a slow network or a busy CPU: up to the brand, then, once
  // the browser has had frames to paint, the rest.
  const html = readFileSync(join(fixtureSite, "about.html"), "utf8");
  const cut = html.indexOf('class="site-menu"');
  assert.ok(cut > 0, "the header has its menu");
  let release = () => {};
  const released = new Promise<void>((done) => {
    release = done;
  });
  const server = await serve(fixtureSite, 0, (path, res) => {
    if (path !== "/held") return false;
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.write(html.slice(0, cut));
    released.then(() => res.end(html.slice(cut)));
    return true;
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    // A page beside it counts the frames the browser paints meanwhile.
    const [held, clock] = await Promise.all([context.newPage(), context.newPage()]);
    await clock.goto(`${origin}/favicon.svg`);
    // Scripts as text: tsx would wrap a named inner function in a helper the page lacks.
    await held.addInitScript(`
      window.framesBeforeMain = 0;
      window.shifts = 0;
      const frame = () => {
        if (document.getElementById("main")) return;
        window.framesBeforeMain++;
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
      new PerformanceObserver((list) => { window.shifts += list.getEntries().length; }).observe({ type: "layout-shift", buffered: true });
    `);
    await held.goto(`${origin}/held`, { waitUntil: "commit" });
    // Watched by mutation, not by frame: a page that may not paint yet runs no frame callbacks.
    await held.evaluate(`new Promise((done) => {
      const arrived = () => document.querySelector(".brand") !== null;
      if (arrived()) return done();
      new MutationObserver((_, observer) => {
        if (!arrived()) return;
        observer.disconnect();
        done();
      }).observe(document, { childList: true, subtree: true });
    })`);
    // Ten frames of the page beside it: time enough for the held page to paint, had it been allowed to.
    await clock.evaluate(`new Promise((done) => {
      let frames = 0;
      const frame = () => (++frames === 10 ? done() : requestAnimationFrame(frame));
      requestAnimationFrame(frame);
    })`);
    release();
    await held.waitForLoadState("load");
    await held.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))");
    const { framesBeforeMain, shifts } = await held.evaluate<{ framesBeforeMain: number; shifts: number }>(
      "({ framesBeforeMain: window.framesBeforeMain, shifts: window.shifts })",
    );
    assert.equal(framesBeforeMain, 0, "a frame was painted before the header was whole");
    assert.equal(shifts, 0, "layout shifts");
    await context.close();
  } finally {
    await browser.close();
    await new Promise((done) => server.close(done));
  }
});
