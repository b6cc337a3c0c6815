// Bio tabs (the WAI-ARIA tabs pattern) in Chromium: a click, the URL hash, and JavaScript off. The
// keyboard (arrows, Home, End, Tab on to the panel) is in the tabs journey (journeys.ts), which every
// engine runs, Chromium included.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import type { Bio } from "../../content/collections.ts";
import { fixtureContent } from "../helpers/fixture-site.ts";
import { openPage } from "../helpers/open-page.ts";
import { fixtureSite } from "../helpers/site.ts";
import { browserSuite } from "../helpers/suite.ts";

const suite = browserSuite(fixtureSite);

const panels = ["background", "expertise", "experience", "education", "publications"];
const visiblePanels = (page: Page) => page.evaluate((ids) => ids.filter((id) => document.getElementById(id)!.checkVisibility()), panels);
const selected = (page: Page) => page.getByRole("tab", { selected: true }).textContent();
/** The tabs hydrate at the first interaction: focusing the strip (as a keyboard visitor would) is one. */
async function wakeTabs(page: Page) {
  await page.locator(".bio-tabs a").first().focus();
  await page.getByRole("tablist").waitFor();
}

test("Background first; a click shows exactly that one panel", async () => {
  const { context, page, errors } = await openPage(suite.browser);
  await page.goto(`${suite.sites[0].origin}/bio`);
  await wakeTabs(page);
  assert.equal(await selected(page), "Background");
  assert.deepEqual(await visiblePanels(page), ["background"]);
  await page.getByRole("tab", { name: "Publications" }).click();
  assert.equal(await selected(page), "Publications");
  assert.deepEqual(await visiblePanels(page), ["publications"]);
  assert.equal(await page.getByRole("tabpanel").getAttribute("aria-labelledby"), "tab-publications");
  assert.equal(await page.getByRole("tabpanel").locator("li").count(), fixtureContent<Bio>("content/bio.md").publications.length);
  assert.equal(new URL(page.url()).hash, "#publications");
  assert.deepEqual(errors, []);
  await context.close();
});

test("/bio#education opens on Education", async () => {
  const { context, page } = await openPage(suite.browser);
  await page.goto(`${suite.sites[0].origin}/bio#education`);
  await wakeTabs(page);
  assert.equal(await selected(page), "Education");
  assert.deepEqual(await visiblePanels(page), ["education"]);
  await context.close();
});

test("without JavaScript every panel is readable and the strip links to them", async () => {
  const { context, page } = await openPage(suite.browser, { javaScriptEnabled: false });
  await page.goto(`${suite.sites[0].origin}/bio`);
  assert.deepEqual(await visiblePanels(page), panels);
  assert.equal(await page.locator(".bio-tabs a").count(), 5);
  await context.close();
});

test("the tab of the panel the address points at is marked before the tabs hydrate, without JavaScript, and once hydrated", async () => {
  const background = (page: Page, id: string) => page.$eval(`#${id}`, (tab) => getComputedStyle(tab).backgroundColor);
  const { context, page } = await openPage(suite.browser);
  await page.goto(`${suite.sites[0].origin}/bio`);
  const marked = await background(page, "tab-background");
  const unmarked = await background(page, "tab-publications");
  assert.notEqual(marked, unmarked);
  await page.goto(`${suite.sites[0].origin}/bio#publications`);
  assert.equal(await page.getByRole("tablist").count(), 0, "not hydrated yet");
  assert.equal(await background(page, "tab-publications"), marked);
  assert.equal(await background(page, "tab-background"), unmarked);
  await wakeTabs(page);
  assert.equal(await selected(page), "Publications");
  assert.equal(await background(page, "tab-publications"), marked);
  await context.close();

  const off = await openPage(suite.browser, { javaScriptEnabled: false });
  await off.page.goto(`${suite.sites[0].origin}/bio#publications`);
  assert.equal(await background(off.page, "tab-publications"), marked);
  assert.equal(await background(off.page, "tab-background"), unmarked);
  await off.context.close();
});
