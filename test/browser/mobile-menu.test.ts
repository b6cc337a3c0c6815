// The mobile menu at 375 px in Chromium: Open, Close, the Insights link, wide screens, a failed load,
// and without JavaScript. The backdrop, Escape and an inner link are in the menu journey
// (journeys.ts), which every engine runs, Chromium included.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { openPage } from "../helpers/open-page.ts";
import { fixtureSite } from "../helpers/site.ts";
import { browserSuite } from "../helpers/suite.ts";

const suite = browserSuite(fixtureSite);

const phone = { viewport: { width: 375, height: 740 } };

/** Preact renders in a microtask after an event: wait for the state to show. */
const expanded = (page: Page, value: "true" | "false") =>
  page.waitForFunction((v) => document.querySelector(".site-menu__open")?.getAttribute("aria-expanded") === v, value, { timeout: 2000 });

/** Preact runs effects after paint, so focus arrives a frame after the click. */
const focusOn = (page: Page, label: string) =>
  page.waitForFunction((name) => document.activeElement?.getAttribute("aria-label") === name, label, { timeout: 2000 });

/** Opens /services and the menu, and waits until the panel has slid fully into view. */
async function openMenu(page: Page) {
  await page.goto(`${suite.sites[0].origin}/services`);
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.waitForFunction(() => {
    const box = document.getElementById("site-menu-panel")!.getBoundingClientRect();
    return box.right <= window.innerWidth + 0.5 && box.left >= 0;
  });
}

test("Open slides the panel in, focuses it, locks scrolling; Close returns focus", async () => {
  const { context, page, errors } = await openPage(suite.browser, phone);
  await page.goto(`${suite.sites[0].origin}/services`);
  assert.equal(await page.getByRole("link", { name: "Services" }).isVisible(), false, "links hidden behind Open at 375 px");
  await openMenu(page);
  await expanded(page, "true");
  await focusOn(page, "Close menu");
  assert.equal(await page.evaluate(() => getComputedStyle(document.body).overflow), "hidden");
  for (const name of ["Home", "Services", "Work", "Bio", "Contact"]) assert.ok(await page.getByRole("link", { name, exact: true }).isVisible(), name);
  await page.getByRole("button", { name: "Close menu" }).click();
  await expanded(page, "false");
  await focusOn(page, "Open menu");
  assert.equal(await page.evaluate(() => getComputedStyle(document.body).overflow), "visible");
  assert.deepEqual(errors, []);
  await context.close();
});

test("choosing the external Insights link opens it in a new tab and closes the menu on this page", async () => {
  const { context, page } = await openPage(suite.browser, phone);
  await openMenu(page);
  const here = page.url();
  const newTab = context.waitForEvent("page");
  await page.getByRole("link", { name: "Insights (opens in a new tab)" }).click();
  await newTab;
  await expanded(page, "false");
  assert.equal(page.url(), here, "the page stays");
  await context.close();
});

test("wide screens show the links inline and no Open button", async () => {
  const { context, page } = await openPage(suite.browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(`${suite.sites[0].origin}/`);
  assert.equal(await page.getByRole("button", { name: "Open menu" }).isVisible(), false);
  assert.ok(await page.getByRole("link", { name: "Contact", exact: true }).first().isVisible());
  await context.close();
});

test("if the menu's code cannot load, the links show inline instead of a dead Open button", async () => {
  const { context, page } = await openPage(suite.browser, phone);
  // The menu travels in the island runtime's entry, fetched once the page has loaded.
  await page.route(/\/assets\/site\.[A-Z0-9]+\.js$/, (route) => route.abort());
  await page.goto(`${suite.sites[0].origin}/`);
  await page.waitForFunction(() => !document.documentElement.classList.contains("js"), null, { timeout: 5000 });
  assert.equal(await page.getByRole("button", { name: "Open menu" }).isVisible(), false);
  assert.ok(await page.locator("#site-menu-panel").getByRole("link", { name: "Contact", exact: true }).isVisible());
  await context.close();
});

test("without JavaScript every link is still visible at 375 px", async () => {
  const { context, page } = await openPage(suite.browser, { ...phone, javaScriptEnabled: false });
  await page.goto(`${suite.sites[0].origin}/`);
  for (const name of ["Home", "Services", "Work", "Bio", "Contact", "Insights (opens in a new tab)"]) {
    assert.ok(await page.locator("#site-menu-panel").getByRole("link", { name, exact: true }).isVisible(), name);
  }
  await context.close();
});
