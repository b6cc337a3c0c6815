// Theme: system preference, storage, the toggle, reload, and no flash of the wrong theme.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { openPage } from "../helpers/open-page.ts";
import { fixtureSite } from "../helpers/site.ts";
import { browserSuite } from "../helpers/suite.ts";

const suite = browserSuite(fixtureSite);

const rootClass = (page: Page) => page.evaluate(() => document.documentElement.className);
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test("no stored theme: follows the system preference", async () => {
  for (const [colorScheme, expected] of [
    ["dark", "dark"],
    ["light", "light"],
    ["no-preference", "light"],
  ] as const) {
    const { context, page } = await openPage(suite.browser, { colorScheme });
    await page.goto(`${suite.sites[0].origin}/`);
    assert.equal(await rootClass(page), `${expected} js`);
    await context.close();
  }
});

test("a stored theme wins over the system, and applies before any module script runs (no flash)", async () => {
  const { context, page, errors } = await openPage(suite.browser, { colorScheme: "light" });
  await page.addInitScript(() => localStorage.setItem("theme", "dark"));
  // Refuse every script file: only the inline head script can set the theme now.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  // Recorded as the document is parsed: later, once the refused island runtime has failed to arrive,
  // the page rightly drops `js` and falls back to its no-JavaScript layout.
  await page.addInitScript(() =>
    document.addEventListener("DOMContentLoaded", () => {
      (window as unknown as { classWhenParsed: string }).classWhenParsed = document.documentElement.className;
    }),
  );
  await page.goto(`${suite.sites[0].origin}/services`);
  assert.equal(await page.evaluate(() => (window as unknown as { classWhenParsed: string }).classWhenParsed), "dark js");
  assert.equal(await background(page), "rgb(11, 20, 19)");
  const order = await page.evaluate(() => [...document.head.children].map((el) => el.tagName + (el.getAttribute("rel") ? `:${el.getAttribute("rel")}` : "")));
  assert.ok(order.indexOf("SCRIPT") < order.indexOf("STYLE"), "the theme script runs before the stylesheet paints anything");
  assert.ok(errors.every((e) => /Failed to load resource/.test(e)));
  await context.close();
});

test("the toggle flips light and dark, stores it, and the choice survives a reload", async () => {
  const { context, page, errors } = await openPage(suite.browser, { colorScheme: "light" });
  await page.goto(`${suite.sites[0].origin}/about`);
  const toggle = page.getByRole("button", { name: "Switch to dark theme" });
  await toggle.click();
  await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
  assert.equal(await rootClass(page), "js dark");
  assert.equal(await page.evaluate(() => localStorage.getItem("theme")), "dark");
  assert.equal(await background(page), "rgb(11, 20, 19)");
  await page.reload();
  assert.equal(await rootClass(page), "dark js");
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await page.waitForFunction(() => localStorage.getItem("theme") === "light");
  assert.equal(await background(page), "rgb(255, 255, 255)");
  await page.goto(`${suite.sites[0].origin}/contact`);
  assert.equal(await rootClass(page), "light js");
  assert.deepEqual(errors, []);
  await context.close();
});
