// Moving between pages in Chromium: the next page fetched before the click (speculation rules), the
// header staying while the content changes (a cross-document view transition, CSS only), none for a
// visitor who asks for less motion, and nothing shifts.
import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { speculationRules } from "../../components/speculation-rules.ts";
import { sha256Source } from "../../engine/outputs/csp.ts";
import { serve } from "../../engine/outputs/serve.ts";
import { FIXTURE_STUDY_ROUTE } from "../helpers/fixture-site.ts";
import { openPage } from "../helpers/open-page.ts";
import { builtRoutes, fixtureSite, parsePage } from "../helpers/site.ts";
import { browserSuite } from "../helpers/suite.ts";

const ROUTES = await builtRoutes(fixtureSite);

const suite = browserSuite(fixtureSite);

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
    // A function, not a string: Playwright evaluates a string's polls with the page's eval, which its CSP
    // refuses (the first check passes unpolled only when the page is quick enough to have revealed).
    await page.waitForFunction(() => (window as unknown as { revealed: unknown }).revealed !== null);
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

test("every page carries the one static speculation-rules script, and the CSP allows it by its hash", () => {
  for (const route of [...ROUTES, "/404"]) {
    const doc = parsePage(route, fixtureSite);
    const scripts = doc.querySelectorAll('script[type="speculationrules"]');
    assert.equal(scripts.length, 1, route);
    assert.equal(scripts[0].textContent, speculationRules, route);
    const rules = JSON.parse(speculationRules);
    assert.deepEqual([rules.prefetch[0].eagerness, rules.prerender[0].eagerness], ["moderate", "conservative"]);
    const csp = doc.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute("content") ?? "";
    assert.ok(csp.includes(sha256Source(speculationRules)), `${route}: the rules' hash in script-src`);
    assert.doesNotMatch(csp, /unsafe-inline|inline-speculation-rules/);
  }
});

test("the rules, read by Chromium's own URLPattern and selectors, take every link to a page of the site and no PDF, other site or the not-found page", async () => {
  const { context, page, errors } = await openPage(suite.browser);
  const origin = suite.sites[0].origin;
  const speculated: string[] = [];
  const left: string[] = [];
  for (const route of ["/", "/case-studies", "/bio", "/contact", FIXTURE_STUDY_ROUTE]) {
    await page.goto(`${origin}${route}`);
    // Each link of the page through the rules' "where" (href_matches, not, and, selector_matches), as Chromium reads them.
    const links = await page.evaluate<{ href: string; taken: boolean }[]>(`(() => {
      const matches = (where, a) => {
        if (where.and) return where.and.every((w) => matches(w, a));
        if (where.not) return !matches(where.not, a);
        if (where.href_matches) return [].concat(where.href_matches).some((p) => new URLPattern(p, document.baseURI).test(a.href));
        if (where.selector_matches) return a.matches(where.selector_matches);
        throw new Error("a condition this test does not know: " + JSON.stringify(where));
      };
      const where = ${speculationRules}.prefetch[0].where;
      return [...document.querySelectorAll("a[href]")].map((a) => ({ href: a.href, taken: matches(where, a) }));
    })()`);
    for (const link of links) (link.taken ? speculated : left).push(link.href);
  }
  const own = (href: string) => new URL(href).origin === origin;
  assert.deepEqual(
    speculated.filter((href) => !own(href) || /\.pdf$|\/404$/.test(new URL(href).pathname)),
    [],
  );
  for (const route of ["/services", "/bio", "/contact", FIXTURE_STUDY_ROUTE, "/privacy"]) assert.ok(speculated.includes(`${origin}${route}`), route);
  assert.ok(
    left.some((href) => href.endsWith(".pdf")),
    "a PDF link was seen and left alone",
  );
  assert.ok(
    left.some((href) => !own(href)),
    "another site's link was seen and left alone",
  );
  assert.deepEqual(errors, []);
  await context.close();
});

test("a pointer resting on a header link fetches the next page ahead (Sec-Purpose: prefetch), and the click is served from it", async (t) => {
  // The site served here too, so the test sees each request and how it was asked for.
  const requests: { path: string; purpose: string }[] = [];
  const server = await serve(fixtureSite, 0, (path, res) => {
    const purpose = (res as unknown as { req: { headers: Record<string, string | undefined> } }).req.headers["sec-purpose"] ?? "";
    requests.push({ path, purpose });
    return false;
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { context, page, errors } = await openPage(suite.browser);
  try {
    const cdp = await context.newCDPSession(page);
    const prerenders: string[] = [];
    await cdp.send("Preload.enable");
    cdp.on("Preload.prerenderStatusUpdated", (event) => prerenders.push(`${event.status} ${event.prerenderStatus ?? ""}`.trim()));
    await page.goto(`${origin}/`);
    const services = page.locator('header a[href="/services"]').first();
    const prefetched = new Promise<void>((done) => {
      cdp.on("Preload.prefetchStatusUpdated", (event) => {
        if (event.key.url === `${origin}/services` && event.status === "Ready") done();
      });
    });
    await services.hover();
    await prefetched;
    assert.deepEqual(
      requests.filter((request) => request.path === "/services"),
      [{ path: "/services", purpose: "prefetch" }],
    );
    // A press starts a prerender, which Chromium refuses while an automation client is attached.
    await page.mouse.down();
    await page.mouse.up();
    await page.waitForURL(`${origin}/services`);
    assert.equal(requests.filter((request) => request.path === "/services").length, 1, "the click asked for the page no second time");
    assert.equal(await page.evaluate(`performance.getEntriesByType("navigation")[0].deliveryType`), "navigational-prefetch");
    t.diagnostic(`prerender on press, as Chromium reports it here: ${prerenders.join(", ") || "none attempted"}`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await new Promise((done) => server.close(done));
  }
});

test("what lies below the first screen is laid out as the visitor scrolls near it, and nothing shifts on the way down", async () => {
  const { context, page, errors } = await openPage(suite.browser, { viewport: { width: 412, height: 823 } });
  try {
    await page.addInitScript(WATCH);
    await page.goto(`${suite.sites[0].origin}/privacy`);
    // A section's content answers checkVisibility({ contentVisibilityAuto: true }) with false while the
    // browser skips rendering it (the section itself stays visible, as an empty box of its expected size).
    const rendered = () =>
      page.evaluate(() =>
        [...document.querySelectorAll(".policy__section, .site-footer")].map(
          (element) => element.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }) ?? false,
        ),
      );
    const atLoad = await rendered();
    assert.equal(atLoad[0], true, "the first section, on the first screen, is drawn");
    assert.equal(atLoad.at(-1), false, "the footer, far below, is not laid out at load");
    // Down a screen at a time, each step given two frames to draw what came near; whatever was drawn on
    // the way is noted (what lies far above again is skipped again).
    // A string: tsx would wrap the named inner function in a helper the page lacks.
    const drawnOnTheWay = await page.evaluate<boolean[]>(`(async () => {
      const sections = [...document.querySelectorAll(".policy__section, .site-footer")];
      const drawn = sections.map(() => false);
      const note = () => {
        for (const [i, section] of sections.entries()) if (section.firstElementChild?.checkVisibility({ contentVisibilityAuto: true })) drawn[i] = true;
      };
      note();
      while (scrollY + innerHeight < document.documentElement.scrollHeight) {
        scrollBy(0, innerHeight);
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        note();
      }
      return drawn;
    })()`);
    assert.deepEqual(
      drawnOnTheWay,
      atLoad.map(() => true),
      "every section was drawn as the visitor passed it",
    );
    assert.equal(await page.evaluate("window.shifts"), 0);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
