// Analytics and web vitals: third parties only when configured, web-vitals 2 s after start.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { WEB_VITALS_DELAY_MS } from "../../browser/analytics.ts";
import { openPage } from "../helpers/open-page.ts";
import { CLARITY_ID, configuredSite, GA_ID } from "../helpers/site.ts";
import { browserSuite } from "../helpers/suite.ts";

const suite = browserSuite(configuredSite);

const WEB_VITALS = /\/web-vitals\.[A-Z0-9]+\.js$/;

/**
 * Opens the route with the page's clock standing still from before it starts, so only the test moves
 * it; returns once analytics has started, with the page's time then (well short of 2 s).
 */
async function openWithPausedClock(page: Page, route: string): Promise<number> {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.goto(`${suite.sites[0].origin}${route}`);
  // The bootstrap fetches the runtime a frame and an idle period after load; analytics comes with it.
  await page.clock.runFor(100);
  await page.waitForFunction(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer?.length);
  const pageTime = await page.evaluate(() => performance.now());
  assert.ok(pageTime < WEB_VITALS_DELAY_MS - 1, `analytics started at ${pageTime} ms of page time`);
  return pageTime;
}

/** A request the page made before this one is seen by the test by the time this one is answered. */
const requestsFlushed = (page: Page) => page.evaluate(() => fetch(location.href, { method: "HEAD" }).then(() => undefined));

test("configured: the GA4 tag and Clarity load after the page, and web-vitals no sooner than 2 s after start", async () => {
  const { context, page, errors, thirdParty } = await openPage(suite.browser);
  const webVitals: string[] = [];
  page.on("request", (request) => {
    if (WEB_VITALS.test(request.url())) webVitals.push(request.url());
  });
  const pageTime = await openWithPausedClock(page, "/services");
  await page.clock.runFor(WEB_VITALS_DELAY_MS - 1 - pageTime);
  await requestsFlushed(page);
  assert.deepEqual(webVitals, [], "not fetched 1 ms before 2 s");
  const fetched = page.waitForRequest(WEB_VITALS);
  await page.clock.runFor(1);
  await fetched;
  assert.equal(webVitals.length, 1);
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
  // In real time: a faked clock replaces the page's performance object, whose navigation and paint
  // entries web-vitals reads to report TTFB and the rest.
  // Its first report (TTFB or FCP) says the module has run and registered every metric: the file
  // merely fetched is not enough, a page hidden before then would go unreported (a loaded run saw it).
  await page.waitForFunction(() => (window as unknown as { dataLayer?: IArguments[] }).dataLayer?.some((a) => a[1] === "web_vitals"), null, {
    timeout: 6000,
  });
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
  await page.route(WEB_VITALS, (route) => route.abort());
  await openWithPausedClock(page, "/about");
  const warned = page.waitForEvent("console", (message) => message.type() === "warning" && /web-vitals failed to load/.test(message.text()));
  await page.clock.runFor(WEB_VITALS_DELAY_MS);
  await warned;
  // Time enough for any second attempt, then every console message sent before this one is in.
  await page.clock.runFor(WEB_VITALS_DELAY_MS);
  await page.evaluate(() => undefined);
  assert.equal(warnings.filter((w) => /web-vitals failed to load/.test(w)).length, 1);
  assert.deepEqual(
    errors.filter((e) => !/Failed to load resource/.test(e)),
    [],
  );
  await context.close();
});
