// What the browser gets: Preact, never React; each page only its own islands; within budget.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { before, test } from "node:test";
import { type IslandManifest, MANIFEST_FILE } from "../../build/islands.ts";
import { outputFileOf } from "../../build/pages.ts";
import { BUDGET, measurePage, overBudget } from "../../build/size.ts";
import { bareSite, configuredSite, ensureTestSites, ROUTES, readPage } from "../helpers/site.ts";

before(ensureTestSites);

test("no React code ships to the browser", () => {
  for (const site of [configuredSite, bareSite]) {
    const scripts = readdirSync(`${site}/assets`).filter((f) => f.endsWith(".js"));
    assert.ok(scripts.length >= 5);
    for (const file of scripts) {
      const code = readFileSync(`${site}/assets/${file}`, "utf8");
      for (const marker of ["react-dom", "react.transitional.element", "react.element", "__CLIENT_INTERNALS", "ReactCurrentDispatcher", "react.production"]) {
        assert.ok(!code.includes(marker), `${file} contains ${marker}`);
      }
    }
  }
});

test("each page preloads only the islands it hydrates on load", () => {
  const preloads = (route: string) => [...readPage(route).matchAll(/rel="modulepreload" href="\/assets\/(\w+)\./g)].map((m) => m[1]);
  assert.deepEqual(preloads("/services"), ["chunk"]);
  assert.ok(preloads("/bio").includes("BioTabs"));
  assert.ok(preloads("/contact").includes("ContactForm"));
  assert.ok(!preloads("/case-studies").includes("CaseStudyDownload"), "download dialogs load when visible");
  for (const route of ROUTES) assert.equal([...readPage(route).matchAll(/<script type="module"/g)].length, 1, route);
});

test(`every page is within budget (HTML ${BUDGET.htmlKb} KB, CSS ${BUDGET.cssKb} KB, JS ${BUDGET.jsKb}/${BUDGET.jsKbInteractive} KB gzip, ${BUDGET.scriptRequests} scripts)`, () => {
  const manifest = JSON.parse(readFileSync(`${configuredSite}/${MANIFEST_FILE}`, "utf8")) as IslandManifest;
  assert.deepEqual(Object.keys(manifest).sort(), [...ROUTES, "/404"].sort());
  for (const route of [...ROUTES, "/404"]) {
    const size = measurePage(configuredSite, route, outputFileOf(route), manifest[route]);
    assert.deepEqual(overBudget(size), []);
    assert.ok(size.jsKb > 3, `${route}: the measure sees the scripts (${size.jsKb} KB)`);
  }
});

test("island props stay small: large content stays in the HTML", () => {
  for (const route of ROUTES) {
    for (const [, props] of readPage(route).matchAll(/data-props="([^"]*)"/g)) assert.ok(props.length < 600, `${route}: ${props.slice(0, 80)}…`);
  }
});
