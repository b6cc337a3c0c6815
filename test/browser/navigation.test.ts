// Moving between pages in Chromium: the header stays while the content changes (a cross-document view
// transition, CSS only), none for a visitor who asks for less motion, and nothing shifts.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openPage } from "../../commands/support/browser.ts";
import { bareSite } from "../helpers/site.ts";
import { browserSuite } from "../helpers/suite.ts";

const suite = browserSuite(bareSite);

// Each document says whether it was revealed by a view transition, and counts its layout shifts.
// A string: tsx would wrap a named inner function in a helper the page lacks.
const WATCH = `
  window.revealed = null;
  window.shifts = 0;
  addEventListener("pagereveal", async (event) => {
    const transition = event.viewTransition;
    if (!transition) return (window.revealed = { transition: false, parts: [] });
    await transition.ready;
    // What moves: each animated pseudo-element, as "::view-transition-group(site-header)".
    const parts = document.getAnimations().map((animation) => animation.effect.pseudoElement).filter(Boolean);
    window.revealed = { transition: true, parts };
  });
  new PerformanceObserver((list) => { window.shifts += list.getEntries().length; }).observe({ type: "layout-shift", buffered: true });
`;

for (const reducedMotion of ["no-preference", "reduce"] as const) {
  test(`a click on a header link ${reducedMotion === "reduce" ? "changes the page at once when the visitor asks for less motion" : "keeps the header while the content changes"}, with no layout shift`, async () => {
    const { context, page, errors } = await openPage(suite.browser, { reducedMotion });
    await page.addInitScript(WATCH);
    await page.goto(`${suite.sites[0].origin}/`);
    const headerBefore = await page.locator(".site-header").boundingBox();
    await Promise.all([page.waitForURL(`${suite.sites[0].origin}/services`), page.getByRole("link", { name: "Services", exact: true }).first().click()]);
    await page.waitForFunction("window.revealed !== null");
    const { revealed, shifts } = await page.evaluate<{ revealed: { transition: boolean; parts: string[] }; shifts: number }>(
      "({ revealed: window.revealed, shifts: window.shifts })",
    );
    assert.equal(revealed.transition, reducedMotion === "no-preference", "the new page was revealed by a view transition");
    if (revealed.transition) {
      // The header is a part of its own: it stays put while the rest (the root) cross-fades.
      assert.ok(revealed.parts.includes("::view-transition-group(site-header)"), `the header's part: ${revealed.parts.join(", ")}`);
      assert.ok(revealed.parts.includes("::view-transition-new(root)"), "the content fades in");
    }
    assert.deepEqual(await page.locator(".site-header").boundingBox(), headerBefore, "the header is where it was");
    assert.equal(shifts, 0, "layout shifts on the new page");
    assert.deepEqual(errors, []);
    await context.close();
  });
}
