// Analytics and web vitals: third parties only when configured, web-vitals 2 s after start.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openPage } from "../../commands/support/browser.ts";
import { CLARITY_ID, configuredSite, GA_ID } from "../helpers/site.ts";
import { browserSuite } from "../helpers/suite.ts";

const suite = browserSuite(configuredSite);

test("configured: the GA4 tag and Clarity load after the page, and web-vitals no sooner than 2 s after start", async () => {
  const { context, page, errors, thirdParty } = await openPage(suite.browser);
  await page.goto(`${suite.sites[0].origin}/services`);
  await page.waitForFunction(() => performance.getEntriesByType("resource").some((e) => /\/web-vitals\.[A-Z0-9]+\.js$/.test(e.name)), null, { timeout: 6000 });
  const timing = await page.evaluate(() => ({
    webVitals: performance.getEntriesByType("resource").find((e) => /\/web-vitals\./.test(e.name))?.startTime ?? -1,
  }));
  assert.ok(timing.webVitals >= 2000, `web-vitals fetched at ${timing.webVitals.toFixed(0)} ms`);
  assert.deepEqual(thirdParty.sort(), [`https://www.clarity.ms/tag/${CLARITY_ID}`, `https://www.googletagmanager.com/gtag/js?id=${GA_ID}`]);
  const queued = await page.evaluate(() => (window as unknown as { dataLayer: IArguments[] }).dataLayer.map((args) => [...args].slice(0, 2).map(String)));
  assert.deepEqual(queued.slice(0, 3), [
    ["consent", "default"],
    ["js", queued[1][1]],
    ["config", GA_ID],
  ]);
  assert.deepEqual(errors, []);
  await context.close();
});

test("web_vitals events reach dataLayer in the spec's shape", async () => {
  const { context, page } = await openPage(suite.browser);
  await page.goto(`${suite.sites[0].origin}/`);
  await page.waitForFunction(() => performance.getEntriesByType("resource").some((e) => /\/web-vitals\./.test(e.name)), null, { timeout: 6000 });
  await page.mouse.click(5, 300);
  await page.keyboard.press("Tab");
  // Hiding the page makes web-vitals report LCP, CLS and INP, as it does when a visitor leaves.
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await page.waitForFunction(() => (window as unknown as { dataLayer: IArguments[] }).dataLayer.filter((a) => a[1] === "web_vitals").length >= 4, null, {
    timeout: 5000,
  });
  const events = await page.evaluate(() =>
    (window as unknown as { dataLayer: IArguments[] }).dataLayer.filter((a) => a[0] === "event" && a[1] === "web_vitals").map((a) => a[2]),
  );
  const names = new Set(events.map((e: { event_label: string }) => e.event_label));
  for (const name of ["FCP", "TTFB", "LCP", "CLS"]) assert.ok(names.has(name), `${name} reported; got ${[...names]}`);
  for (const event of events) {
    assert.deepEqual(Object.keys(event).sort(), ["event_category", "event_label", "non_interaction", "value"]);
    assert.equal(event.event_category, "Web Vitals");
    assert.equal(event.non_interaction, true);
    assert.ok(Number.isInteger(event.value) && event.value >= 0, `${event.event_label} value ${event.value}`);
  }
  await context.close();
});

test("a web-vitals module that fails to load: one console warning, nothing visible, no error", async () => {
  const { context, page, errors, warnings } = await openPage(suite.browser);
  await page.route(/\/web-vitals\.[A-Z0-9]+\.js$/, (route) => route.abort());
  await page.goto(`${suite.sites[0].origin}/about`);
  await page.waitForFunction(() => performance.now() > 2600);
  await page.waitForTimeout(300);
  assert.equal(warnings.filter((w) => /web-vitals module failed to load/.test(w)).length, 1);
  assert.deepEqual(
    errors.filter((e) => !/Failed to load resource/.test(e)),
    [],
  );
  await context.close();
});
