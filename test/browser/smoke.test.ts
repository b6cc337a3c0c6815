// Every route in a real browser, both themes, phone and desktop: loads, no console errors, no axe violations,
// and looks as its committed screenshot does (one page load per theme serves both widths and all three checks).
import assert from "node:assert/strict";
import { readFileSync, rmSync } from "node:fs";
import { describe, test } from "node:test";
import { openPage } from "../helpers/open-page.ts";
import { BASELINES_DIR, compareWithBaseline, screenshotName, screenshotPage, staleBaselines, updatingScreenshots } from "../helpers/screenshots.ts";
import { builtRoutes, fixtureSite } from "../helpers/site.ts";
import { browserSuite } from "../helpers/suite.ts";

const ROUTES = await builtRoutes(fixtureSite);

const axeSource = readFileSync("node_modules/axe-core/axe.min.js", "utf8");
const suite = browserSuite(fixtureSite);
const pages = [...ROUTES, "/no-such-page"];
const viewports = [
  { width: 375, height: 800 },
  { width: 1280, height: 900 },
];
const colorSchemes = ["light", "dark"] as const;
/** The narrowest phone a page must fit without scrolling sideways. */
const NARROWEST = { width: 320, height: 700 };

// The two themes at once, each in its own context: the pages wait on the browser as much as on this process.
// Each route is loaded once per theme, at the phone's width, and then seen at the desktop's and at 320 px
// by resizing the window, as a visitor turning a tablet or narrowing a window would: a third of the page
// loads, with the same screenshots (the baselines were taken from pages loaded at each width).
describe("every route in both themes", { concurrency: colorSchemes.length }, () => {
  for (const colorScheme of colorSchemes) {
    test(`every route loads without console errors or axe violations, looks as its baseline, and fits 320 px (${colorScheme})`, async () => {
      // Every changed look is reported at once, with its images, rather than the first alone.
      const changedLooks: string[] = [];
      const { context, page, errors, thirdParty } = await openPage(suite.browser, { colorScheme, viewport: viewports[0] });
      // axe-core comes with every page of the context, sent to the browser once (a DevTools script
      // the page's CSP rightly does not apply to); it only defines window.axe.
      await context.addInitScript(axeSource);
      for (const route of pages) {
        await page.setViewportSize(viewports[0]);
        const response = await page.goto(`${suite.sites[0].origin}${route}`, { waitUntil: "load" });
        assert.equal(response?.status(), route === "/no-such-page" ? 404 : 200, route);
        // The islands that hydrate on their own (at load, or when idle) have, so axe sees the settled page
        // and their scripts' errors are caught. (Waiting for the network to idle cost 0.5 s a page.)
        await page.waitForFunction(
          () => [...document.querySelectorAll<HTMLElement>('[data-when="load"], [data-when="idle"]')].every((island) => island.dataset.hydrated === "true"),
          undefined,
          { timeout: 10_000 },
        );
        assert.ok(await page.evaluate((scheme) => document.documentElement.classList.contains(scheme), colorScheme), `${route}: ${colorScheme} theme applied`);
        for (const viewport of [...viewports, NARROWEST]) {
          if (viewport !== viewports[0]) {
            await page.setViewportSize(viewport);
            // The page has answered the resize (its resize handlers, a new choice of image) by the second frame.
            await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
          }
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          assert.ok(width <= viewport.width, `${route} at ${viewport.width}px scrolls sideways (${width}px)`);
          if (viewport === NARROWEST) continue;
          const changedLook = await compareWithBaseline(screenshotName(route, viewport.width, colorScheme), await screenshotPage(page));
          if (changedLook) changedLooks.push(changedLook);
          const violations = await page.evaluate(async () => {
            const axe = (
              window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }
            ).axe;
            const result = await axe.run(document, {
              runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
            });
            return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
          });
          assert.deepEqual(violations, [], `${route} at ${viewport.width}px, ${colorScheme}`);
        }
      }
      const unexpected = errors.filter((e) => !/status of 404/.test(e));
      assert.deepEqual(unexpected, []);
      assert.deepEqual(thirdParty, [], "an unconfigured site makes no third-party request");
      await context.close();
      const update = `if the change is deliberate, run npm run screenshots and commit ${BASELINES_DIR}`;
      assert.equal(changedLooks.length, 0, `Screenshots that differ from their baselines (${update}):\n${changedLooks.join("\n")}`);
    });
  }
});

test("every baseline screenshot belongs to a route, width and theme still taken", () => {
  const names = pages.flatMap((route) => viewports.flatMap(({ width }) => colorSchemes.map((scheme) => screenshotName(route, width, scheme))));
  const stale = staleBaselines(names);
  if (updatingScreenshots) for (const file of stale) rmSync(`${BASELINES_DIR}/${file}`);
  else assert.deepEqual(stale, [], `remove ${stale.join(", ")} from ${BASELINES_DIR} (npm run screenshots does)`);
});

test("no page scrolls sideways at 320 px without JavaScript either", async () => {
  const { context, page } = await openPage(suite.browser, { viewport: NARROWEST, javaScriptEnabled: false });
  for (const route of pages) {
    await page.goto(`${suite.sites[0].origin}${route}`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= NARROWEST.width, `${route} is ${width}px wide (JavaScript off)`);
  }
  await context.close();
});
