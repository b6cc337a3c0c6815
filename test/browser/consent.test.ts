// The consent banner, privacy signals, and consent reaching GA's dataLayer and Clarity before anything else.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { openPage } from "../helpers/open-page.ts";
import { CLARITY_ID, configuredSite, fixtureSite, GA_ID } from "../helpers/site.ts";
import { browserSuite } from "../helpers/suite.ts";

const suite = browserSuite(configuredSite, fixtureSite);
const axeSource = readFileSync("node_modules/axe-core/axe.min.js", "utf8");

const denied = { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", analytics_storage: "denied" };
const granted = { ...denied, analytics_storage: "granted" };

/** What GA's dataLayer and Clarity's queue received, in order. */
const calls = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { dataLayer: IArguments[]; clarity?: { q?: unknown[][] } };
    return {
      gtag: w.dataLayer.map((args) => [...args].slice(0, 3)).map((args) => (args[0] === "js" ? ["js"] : args)),
      clarity: (w.clarity?.q ?? []).map((args) => [...args]),
    };
  });

async function visit(page: Page, route = "/services") {
  await page.goto(`${suite.sites[0].origin}${route}`);
  await page.waitForFunction(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer?.length);
}

const banner = (page: Page) => page.getByRole("region", { name: "Privacy choices" });

/**
 * Analytics has started (it fills dataLayer and, in the same task, asks for the frame the banner is
 * rendered in): by the end of the next frame the banner is there, or will not come.
 */
async function bannerDecided(page: Page) {
  await page.waitForFunction(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer?.length);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(done)));
}

async function axe(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: string, opts: object) => Promise<{ violations: { id: string }[] }> } }).axe;
    const result = await axe.run(".consent-banner", { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa", "best-practice"] } });
    return result.violations.map((v) => v.id);
  });
}

test("consent defaults reach dataLayer and Clarity denied, before the tag's config and before Clarity loads", async () => {
  const { context, page, errors } = await openPage(suite.browser);
  await visit(page);
  const { gtag, clarity } = await calls(page);
  assert.deepEqual(gtag.slice(0, 3), [["consent", "default", denied], ["js"], ["config", GA_ID]]);
  assert.deepEqual(clarity, [["consentv2", { ad_Storage: "denied", analytics_Storage: "denied" }]]);
  const clarityScriptAfterConsent = await page.evaluate((id) => [...document.scripts].some((s) => s.src.endsWith(`/tag/${id}`)), CLARITY_ID);
  assert.ok(clarityScriptAfterConsent);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the banner: named for screen readers, fixed without shifting the page, keyboard usable, Accept grants analytics only, and the choice holds on later pages", async () => {
  const { context, page, errors } = await openPage(suite.browser);
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number }[]) (window as unknown as { shifts: number }).shifts += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  await visit(page);
  await banner(page).waitFor();
  assert.equal(await banner(page).evaluate((el) => getComputedStyle(el).position), "fixed");
  assert.equal(await page.locator(".consent-host").getAttribute("aria-live"), "polite");
  assert.equal(await page.evaluate(() => (window as unknown as { shifts: number }).shifts), 0, "no layout shift");
  const [accept, decline] = [banner(page).getByRole("button", { name: "Accept" }), banner(page).getByRole("button", { name: "Decline" })];
  const [a, d] = [await accept.boundingBox(), await decline.boundingBox()];
  assert.equal(Math.round(a!.width), Math.round(d!.width), "equal weight");
  assert.equal(await accept.getAttribute("class"), await decline.getAttribute("class"));
  assert.notEqual(await page.evaluate(() => document.activeElement?.tagName), "BUTTON", "the banner does not take the focus");
  assert.deepEqual(await axe(page), []);

  // The banner comes first in the tab order, after nothing but the skip link's place.
  let reached = "";
  for (let i = 0; i < 4 && reached !== "Accept"; i++) {
    await page.keyboard.press("Tab");
    reached = (await page.evaluate(() => document.activeElement?.textContent)) ?? "";
  }
  assert.equal(reached, "Accept");
  await page.keyboard.press("Enter");
  await banner(page).waitFor({ state: "detached" });
  assert.equal(await page.evaluate(() => localStorage.getItem("consent")), "granted");
  const after = await calls(page);
  assert.deepEqual(after.gtag.filter((args) => args[0] === "consent").at(-1), ["consent", "update", granted]);
  assert.deepEqual(after.clarity.at(-1), ["consentv2", { ad_Storage: "denied", analytics_Storage: "granted" }]);

  await visit(page, "/about");
  await bannerDecided(page);
  assert.equal(await banner(page).count(), 0, "not shown again");
  const later = await calls(page);
  assert.deepEqual(later.gtag[0], ["consent", "default", granted], "the stored choice applies from the start");
  assert.deepEqual(later.clarity[0], ["consentv2", { ad_Storage: "denied", analytics_Storage: "granted" }]);
  assert.deepEqual(errors, []);
  await context.close();
});

test("Decline keeps everything denied; the footer's Privacy choices reopens the panel, focused (dark theme; light is above)", async () => {
  {
    const colorScheme = "dark";
    const { context, page } = await openPage(suite.browser, { colorScheme });
    await visit(page);
    await banner(page).getByRole("button", { name: "Decline" }).click();
    await banner(page).waitFor({ state: "detached" });
    assert.equal(await page.evaluate(() => localStorage.getItem("consent")), "denied");
    await visit(page, "/contact");
    await bannerDecided(page);
    assert.equal(await banner(page).count(), 0);
    assert.deepEqual((await calls(page)).gtag[0], ["consent", "default", denied]);

    const link = page.getByRole("contentinfo").getByRole("link", { name: "Privacy choices" });
    await link.click();
    await banner(page).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains("consent-banner")), true);
    assert.match((await banner(page).textContent()) ?? "", /Currently: declined/);
    assert.deepEqual(await axe(page), [], colorScheme);
    await banner(page).getByRole("button", { name: "Accept" }).click();
    await banner(page).waitFor({ state: "detached" });
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Privacy choices", "focus returns to the link");
    assert.deepEqual((await calls(page)).gtag.filter((args) => args[0] === "consent").at(-1), ["consent", "update", granted]);
    await context.close();
  }
});

for (const [signal, script] of [
  // As source text: the test runner's compiler would wrap a function's inner arrows in helpers the page lacks.
  ["Global Privacy Control", 'Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true })'],
  ["Do Not Track", 'Object.defineProperty(Navigator.prototype, "doNotTrack", { get: () => "1" })'],
] as const) {
  test(`${signal}: no banner, consent never granted, and the footer's panel says the signal is honored`, async () => {
    const { context, page, errors } = await openPage(suite.browser);
    await page.addInitScript({ content: script });
    await page.addInitScript(() => localStorage.setItem("consent", "granted"));
    await visit(page);
    await bannerDecided(page);
    assert.equal(await banner(page).count(), 0);
    const { gtag, clarity } = await calls(page);
    assert.deepEqual(gtag[0], ["consent", "default", denied], "not even a stored grant overrides the signal");
    assert.deepEqual(clarity, [["consentv2", { ad_Storage: "denied", analytics_Storage: "denied" }]]);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy choices" }).click();
    await banner(page).waitFor();
    assert.match((await banner(page).textContent()) ?? "", new RegExp(`sends a ${signal} signal, and this site honors it`));
    assert.equal(await banner(page).getByRole("button", { name: "Accept" }).count(), 0);
    await banner(page).getByRole("button", { name: "Close" }).click();
    await banner(page).waitFor({ state: "detached" });
    assert.ok(!(await calls(page)).gtag.some((args) => args[1] === "update"));
    assert.deepEqual(errors, []);
    await context.close();
  });
}

describe("at 375 px the banner stays under an open menu or dialog, and comes back when it closes", () => {
  // Dark, where the banner's surface and the menu panel's differ, so the paint shows which is on top.
  const phone = { viewport: { width: 375, height: 740 }, hasTouch: true, colorScheme: "dark" as const };

  /** What a tap at (x, y) would land on. */
  const hitAt = (page: Page, point: { x: number; y: number }) =>
    page.evaluate(({ x, y }) => {
      const hit = document.elementFromPoint(x, y);
      if (hit?.closest(".consent-banner")) return "banner";
      if (hit?.closest("#site-menu-panel")) return "menu panel";
      if (hit?.matches(".site-menu__backdrop")) return "menu backdrop";
      if (hit?.closest("dialog[open]")) return "dialog";
      return hit?.tagName ?? "nothing";
    }, point);

  /** Whether the banner's Accept button can take the focus at all. */
  const acceptFocusable = (page: Page) =>
    page.evaluate(() => {
      const accept = [...document.querySelectorAll<HTMLButtonElement>(".consent-banner button")].find((b) => b.textContent === "Accept")!;
      accept.focus();
      return document.activeElement === accept;
    });

  /** The colour painted at (x, y), as CSS writes it: what the visitor sees there. */
  async function paintedAt(page: Page, { x, y }: { x: number; y: number }): Promise<string> {
    const png = await page.screenshot({ clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 } });
    const [r, g, b] = await sharp(png).removeAlpha().raw().toBuffer();
    return `rgb(${r}, ${g}, ${b})`;
  }
  const background = (page: Page, selector: string) => page.locator(selector).evaluate((element) => getComputedStyle(element).backgroundColor);

  const focusInBanner = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest(".consent-host")));

  /** Two points in the banner's padding, clear of its text: one beside the menu's panel, one under the panel's bottom. */
  async function bannerPoints(page: Page) {
    const box = (await page.locator(".consent-banner").boundingBox())!;
    return { beside: { x: 8, y: box.y + 8 }, underPanel: { x: 367, y: box.y + box.height - 8 } };
  }

  test("the menu: its backdrop and panel cover the banner, a tap there closes the menu, the keyboard cannot reach the banner", async () => {
    const { context, page, errors } = await openPage(suite.browser, phone);
    await visit(page);
    await banner(page).waitFor();
    const { beside, underPanel } = await bannerPoints(page);
    assert.equal(await hitAt(page, beside), "banner", "before the menu opens");

    await page.getByRole("button", { name: "Open menu" }).tap();
    await page.waitForFunction(() => document.querySelector(".site-menu__open")?.getAttribute("aria-expanded") === "true");
    await page.waitForFunction(() => document.getElementById("site-menu-panel")!.getBoundingClientRect().right <= window.innerWidth + 0.5);
    assert.equal(await hitAt(page, beside), "menu backdrop");
    assert.equal(await hitAt(page, underPanel), "menu panel");
    assert.equal(await paintedAt(page, underPanel), await background(page, "#site-menu-panel"), "the panel is painted over the banner");
    assert.notEqual(await paintedAt(page, beside), await background(page, ".consent-banner"), "the backdrop dims the banner");
    assert.equal(await acceptFocusable(page), false, "the banner takes no focus while the menu is open");
    for (const key of ["Tab", "Shift+Tab"]) {
      for (let i = 0; i < 9; i++) {
        await page.keyboard.press(key);
        assert.equal(await focusInBanner(page), false, `${key} × ${i + 1}`);
      }
    }

    await page.touchscreen.tap(beside.x, beside.y);
    await page.waitForFunction(() => document.querySelector(".site-menu__open")?.getAttribute("aria-expanded") === "false", null, { timeout: 2000 });
    await page.waitForFunction(({ x, y }) => document.elementFromPoint(x, y)?.closest(".consent-banner"), beside, { timeout: 2000 });
    assert.equal(await paintedAt(page, beside), await background(page, ".consent-banner"), "back on top once the menu has closed");
    assert.equal(await acceptFocusable(page), true, "and reachable again");
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("a banner that arrives while the menu is open is inert under it until the menu closes", async () => {
    const { context, page, errors } = await openPage(suite.browser, phone);
    // The banner comes with the analytics chunk: hold that until the menu is open.
    let release = () => {};
    const menuOpened = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/analytics\.[A-Z0-9]+\.js$/, async (route) => {
      await menuOpened;
      await route.continue();
    });
    await page.goto(`${suite.sites[0].origin}/services`);
    await page.getByRole("button", { name: "Open menu" }).tap();
    await page.waitForFunction(() => document.body.classList.contains("menu-open"));
    release();
    await banner(page).waitFor();
    assert.equal(await acceptFocusable(page), false, "the banner takes no focus while the menu is open");
    await page.keyboard.press("Escape");
    await page.waitForFunction(() => !document.body.classList.contains("menu-open"));
    assert.equal(await acceptFocusable(page), true, "and reachable once it has closed");
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("the download dialog: its backdrop covers the banner, which takes no focus until the dialog closes", async () => {
    const { context, page, errors } = await openPage(suite.browser, phone);
    await visit(page, "/case-studies");
    await banner(page).waitFor();
    const { beside } = await bannerPoints(page);
    await page.locator("a", { hasText: "Download Case Study" }).first().tap();
    await page.locator("dialog[open]").waitFor();
    assert.notEqual(await hitAt(page, beside), "banner");
    assert.equal(await acceptFocusable(page), false, "the banner takes no focus while the dialog is open");
    await page.locator("dialog[open]").getByRole("button", { name: "Close" }).tap();
    await page.locator("dialog[open]").waitFor({ state: "detached" });
    assert.equal(await hitAt(page, beside), "banner", "back on top once the dialog has closed");
    assert.equal(await acceptFocusable(page), true, "and reachable again");
    assert.deepEqual(errors, []);
    await context.close();
  });
});

test("a build without analytics asks nothing: there is nothing to consent to", async () => {
  const { context, page } = await openPage(suite.browser);
  await page.goto(`${suite.sites[1].origin}/`);
  await bannerDecided(page);
  assert.equal(await banner(page).count(), 0);
  await context.close();
});
