// Hydration at the first interaction: a tap before the island's code has arrived still does what the
// visitor meant, once. Twice over: with every script the islands need held back until the visitor has
// tapped (the tap is before hydration, however fast the machine), and with the code on time on a slow
// phone (the CPU 4x slower until the tap, as Lighthouse's mobile preset has it, so the tap races the
// code). And the bytes the browser fetched before its load event.
import assert from "node:assert/strict";
import { test } from "node:test";
import { gzipSync } from "node:zlib";
import type { BrowserContextOptions, Locator, Page } from "playwright-core";
import { BUDGET, laterBudget } from "../../engine/outputs/budgets.ts";
import { holdIslandCode } from "../helpers/island-code.ts";
import { openPage } from "../helpers/open-page.ts";
import { builtRoutes, configuredSite } from "../helpers/site.ts";
import { browserSuite } from "../helpers/suite.ts";

const ROUTES = await builtRoutes();

const suite = browserSuite(configuredSite);

const phone = { viewport: { width: 375, height: 740 } };

/**
 * A page on which the visitor taps before the island has hydrated. With `lateCode`, every script file
 * is held at the network until the test calls `tapped()`. Otherwise the code comes on time but the CPU
 * runs 4x slower until `tapped()`: Chromium's throttle keeps a core busy while it lasts, so it ends
 * with the tap, when the race it sets up is decided.
 */
async function slowPhone(lateCode: boolean, options: BrowserContextOptions = phone) {
  const watched = await openPage(suite.browser, options);
  const { page, context } = watched;
  const pdfs: string[] = [];
  await page.route(/^http:\/\/127\.0\.0\.1:\d+\//, async (route) => {
    const url = route.request().url();
    if (url.endsWith(".pdf")) pdfs.push(url);
    await route.continue().catch(() => {});
  });
  if (lateCode) return { ...watched, pdfs, tapped: await holdIslandCode(page) };
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const tapped = () => void cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 }).catch(() => {});
  return { ...watched, pdfs, tapped };
}

const hydrated = (page: Page, island: string) =>
  page.evaluate((name) => document.querySelector<HTMLElement>(`[data-island="${name}"]`)?.dataset.hydrated === "true", island);

/**
 * Waits until the island has hydrated, then for the next frame: hydrate.ts replays a held tap in the
 * same task that hydrates, so a second replay (or any other echo of the tap) would have run by then.
 */
async function settledAfterHydration(page: Page, island: string) {
  await page.waitForSelector(`[data-island="${island}"][data-hydrated="true"]`, { state: "attached", timeout: 8000 });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(done)));
}

/** Opens the route; with the code held, checks that the island is not hydrated, so the next tap is held. */
async function beforeHydration(page: Page, url: string, island: string, lateCode: boolean) {
  await page.goto(url, { waitUntil: "domcontentloaded" });
  if (lateCode) assert.equal(await hydrated(page, island), false, `${island} not hydrated before the tap`);
}

/** The bootstrap took the tap: the control shows pressed while the island's code is on its way. */
async function tapHeld(control: Locator) {
  assert.equal(await control.getAttribute("data-pending"), "", "pressed while the island loads");
}

for (const lateCode of [true, false]) {
  const when = lateCode ? "island code held until after the tap" : "CPU 4x, island code on time";

  test(`${when}: Open opens the menu, with a pressed button and a spinner while it waits`, async () => {
    const { context, page, errors, tapped } = await slowPhone(lateCode);
    await beforeHydration(page, `${suite.sites[0].origin}/services`, "MobileMenu", lateCode);
    const open = page.locator(".site-menu__open");
    await open.click();
    if (lateCode) {
      await tapHeld(open);
      // The spinner fades in after 0.1 s; the code is held, so nothing can hydrate before it shows.
      await page.waitForFunction(() => getComputedStyle(document.querySelector(".site-menu__open")!, "::after").opacity === "1", null, { timeout: 3000 });
    }
    tapped();
    await page.waitForFunction(() => document.querySelector(".site-menu__open")?.getAttribute("aria-expanded") === "true", null, { timeout: 8000 });
    await page.waitForFunction(() => document.activeElement?.getAttribute("aria-label") === "Close menu", null, { timeout: 3000 });
    assert.equal(await open.getAttribute("data-pending"), null, "no longer pressed");
    await settledAfterHydration(page, "MobileMenu");
    assert.equal(await open.getAttribute("aria-expanded"), "true", "opened once, not toggled back");
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${when}: Download Case Study opens the dialog with the email focused, and no PDF is fetched`, async () => {
    const { context, page, pdfs, tapped } = await slowPhone(lateCode);
    const downloads: string[] = [];
    page.on("download", (d) => downloads.push(d.url()));
    await beforeHydration(page, `${suite.sites[0].origin}/case-studies`, "CaseStudyDownload", lateCode);
    const card = page.locator(".study", { has: page.getByRole("heading", { name: "EQOS Initiative" }) });
    const opener = card.locator("a", { hasText: "Download Case Study" });
    await opener.click();
    if (lateCode) await tapHeld(opener);
    tapped();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor({ timeout: 8000 });
    assert.match((await dialog.getByRole("heading").textContent()) ?? "", /EQOS Initiative/);
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === "email", null, { timeout: 3000 });
    await settledAfterHydration(page, "CaseStudyDownload");
    assert.deepEqual(pdfs, []);
    assert.deepEqual(downloads, []);
    await context.close();
  });

  test(`${when}: a middle click on Download Case Study opens the dialog, not the PDF in a new tab`, async () => {
    const { context, page, pdfs, tapped } = await slowPhone(lateCode, { viewport: { width: 1280, height: 900 } });
    const tabs: string[] = [];
    context.on("page", (p) => tabs.push(p.url()));
    await beforeHydration(page, `${suite.sites[0].origin}/case-studies`, "CaseStudyDownload", lateCode);
    const card = page.locator(".study", { has: page.getByRole("heading", { name: "EQOS Initiative" }) });
    const opener = card.locator("a", { hasText: "Download Case Study" });
    await opener.click({ button: "middle" });
    if (lateCode) await tapHeld(opener);
    tapped();
    await page.getByRole("dialog").waitFor({ timeout: 8000 });
    await settledAfterHydration(page, "CaseStudyDownload");
    assert.deepEqual(tabs, []);
    assert.deepEqual(pdfs, []);
    await context.close();
  });

  test(`${when}: the theme toggle flips the theme once`, async () => {
    const { context, page, tapped } = await slowPhone(lateCode, { ...phone, colorScheme: "light" });
    await beforeHydration(page, `${suite.sites[0].origin}/about`, "ThemeToggle", lateCode);
    const toggle = page.getByRole("button", { name: "Switch to dark theme" });
    await toggle.click();
    if (lateCode) await tapHeld(toggle);
    tapped();
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"), null, { timeout: 8000 });
    await settledAfterHydration(page, "ThemeToggle");
    assert.equal(await page.evaluate(() => document.documentElement.className), "js dark");
    assert.equal(await page.evaluate(() => localStorage.getItem("theme")), "dark");
    assert.ok(await page.getByRole("button", { name: "Switch to light theme" }).isVisible());
    await context.close();
  });

  test(`${when}: a bio tab becomes the active tab`, async () => {
    const { context, page, tapped } = await slowPhone(lateCode);
    await beforeHydration(page, `${suite.sites[0].origin}/bio`, "BioTabs", lateCode);
    const publications = page.locator(".bio-tabs a", { hasText: "Publications" });
    await publications.click();
    if (lateCode) await tapHeld(publications);
    tapped();
    await page.getByRole("tab", { name: "Publications", selected: true }).waitFor({ timeout: 8000 });
    const shown = await page.evaluate(() => [...document.querySelectorAll(".bio__panel")].filter((p) => p.checkVisibility()).map((p) => p.id));
    assert.deepEqual(shown, ["publications"]);
    assert.equal(new URL(page.url()).hash, "#publications");
    await context.close();
  });

  test(`${when}: text typed into the contact form survives hydration, and so does focus`, async () => {
    const { context, page, tapped } = await slowPhone(lateCode);
    await beforeHydration(page, `${suite.sites[0].origin}/contact`, "ContactForm", lateCode);
    await page.locator("#contact-firstname").click();
    await page.keyboard.type("Ada");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Lovelace");
    if (lateCode) {
      assert.equal(await hydrated(page, "ContactForm"), false, "all of it typed before the island's code arrived");
    }
    tapped();
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-island="ContactForm"]')?.dataset.hydrated === "true", null, { timeout: 8000 });
    await page.keyboard.type(" King");
    assert.equal(await page.locator("#contact-firstname").inputValue(), "Ada");
    assert.equal(await page.locator("#contact-lastname").inputValue(), "Lovelace King");
    assert.equal(await page.evaluate(() => document.activeElement?.id), "contact-lastname");
    await context.close();
  });
}

test("before the load event the browser fetches no script file, and runs at most the budget of first-party JavaScript", async () => {
  const { context, page } = await openPage(suite.browser);
  for (const route of ROUTES) {
    await page.goto(`${suite.sites[0].origin}${route}`);
    const fetched = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter(
        (e) => e.initiatorType === "script" || e.name.endsWith(".js"),
      );
      const before = scripts.filter((e) => e.startTime < navigation.loadEventStart);
      const inline = [...document.querySelectorAll("script:not([src]):not([type])")].map((s) => s.textContent ?? "");
      return { before: before.map((e) => ({ name: e.name, bytes: e.encodedBodySize })), inline };
    });
    const inlineKb = gzipSync(fetched.inline.join("\n"), { level: 9 }).length / 1024;
    const filesKb = fetched.before.reduce((sum, e) => sum + e.bytes, 0) / 1024;
    assert.ok(fetched.before.length <= BUDGET.beforeLoadScripts, `${route}: ${fetched.before.map((e) => e.name).join(", ")}`);
    assert.ok(inlineKb + filesKb <= BUDGET.beforeLoadJsKb, `${route}: ${(inlineKb + filesKb).toFixed(2)} KB before load`);
    assert.ok(inlineKb > 0.3, `${route}: the inline bootstrap is there (${inlineKb.toFixed(2)} KB)`);
  }
  await context.close();
});

test("after load the browser fetches the runtime when idle, within the later budget, and nothing twice", async () => {
  const { context, page } = await openPage(suite.browser);
  for (const route of ["/services", "/contact"]) {
    await page.goto(`${suite.sites[0].origin}${route}`);
    // Analytics starts after load and web-vitals 2 s later: wait for it, then tap an island.
    await page.waitForFunction(() => performance.getEntriesByType("resource").some((e) => /\/web-vitals\./.test(e.name)), null, { timeout: 6000 });
    await page.locator(".theme-toggle").click();
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-island="ThemeToggle"]')?.dataset.hydrated === "true");
    const scripts = await page.evaluate(() =>
      (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((e) => e.name.includes("/assets/") && e.name.endsWith(".js"))
        .map((e) => ({ name: e.name, bytes: e.encodedBodySize })),
    );
    const kb = scripts.reduce((sum, e) => sum + e.bytes, 0) / 1024;
    assert.ok(kb <= laterBudget(route), `${route}: ${kb.toFixed(2)} KB after load > ${laterBudget(route)} KB`);
    assert.equal(new Set(scripts.map((s) => s.name)).size, scripts.length, `${route}: a script fetched twice`);
  }
  await context.close();
});
