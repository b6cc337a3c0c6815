// What the browser gets: before load only inline scripts; then Preact, never React; each page only its own islands; within budget.
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { before, test } from "node:test";
import { BUDGET, gzipKb, measurePage, overBudget } from "../../engine/outputs/budgets.ts";
import { sha256Source } from "../../engine/outputs/csp.ts";
import { bundleIslands, PAGE_SCRIPTS_FILE, type PageScripts } from "../../engine/pipeline/islands.ts";
import { outputFileOf } from "../../engine/pipeline/routes.ts";
import { builtRoutes, configuredSite, ensureTestSites, fixtureSite, readPage } from "../helpers/site.ts";

const ROUTES = await builtRoutes();

before(ensureTestSites);

test("no React code ships to the browser", () => {
  for (const site of [configuredSite, fixtureSite]) {
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

test("before the load event a page runs only its inline scripts: the theme and the island bootstrap", () => {
  const scripts = JSON.parse(readFileSync(`${configuredSite}/${PAGE_SCRIPTS_FILE}`, "utf8")) as PageScripts;
  for (const route of [...ROUTES, "/404"]) {
    const html = readPage(route);
    assert.doesNotMatch(html, /<script[^>]* src=|<link rel="modulepreload"/, `${route}: no script file or modulepreload`);
    assert.ok(html.includes(`<script>${scripts.bootstrap}</script>`), `${route}: carries the bootstrap`);
  }
  assert.match(scripts.bootstrap, /import\("\/assets\/site\.[A-Z0-9]+\.js"\)/, "the bootstrap fetches the runtime");
  assert.ok(gzipKb(scripts.bootstrap) <= BUDGET.bootstrapKb, `bootstrap ${gzipKb(scripts.bootstrap).toFixed(2)} KB`);
});

test("the bootstrap's hash is in the CSP, and there is still no 'unsafe-inline'", () => {
  const scripts = JSON.parse(readFileSync(`${configuredSite}/${PAGE_SCRIPTS_FILE}`, "utf8")) as PageScripts;
  const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(readPage("/"))?.[1].replace(/&#x27;/g, "'") ?? "";
  assert.ok(csp.includes(sha256Source(scripts.bootstrap)), csp);
  assert.ok(!csp.includes("unsafe-inline"), csp);
});

test("each page fetches later only the islands it uses", () => {
  const { routes } = JSON.parse(readFileSync(`${configuredSite}/${PAGE_SCRIPTS_FILE}`, "utf8")) as PageScripts;
  const names = (route: string) => routes[route].map((file) => /\/assets\/([\w-]+)\./.exec(file)?.[1]);
  assert.ok(!names("/services").some((name) => ["BioTabs", "ContactForm", "CaseStudyDownload"].includes(name ?? "")));
  assert.ok(names("/bio").includes("BioTabs"));
  assert.ok(names("/contact").includes("ContactForm"));
  assert.ok(names("/case-studies").includes("CaseStudyDownload"));
  for (const route of ROUTES) assert.ok(names(route).includes("site"), `${route}: the runtime`);
});

test(`every page is within budget (HTML ${BUDGET.htmlKb} KB, CSS ${BUDGET.cssKb} KB, JS before load ${BUDGET.beforeLoadJsKb} KB gzip in ${BUDGET.beforeLoadScripts} request, JS later as before)`, () => {
  const { routes } = JSON.parse(readFileSync(`${configuredSite}/${PAGE_SCRIPTS_FILE}`, "utf8")) as PageScripts;
  assert.deepEqual(Object.keys(routes).sort(), [...ROUTES, "/404"].sort());
  for (const route of [...ROUTES, "/404"]) {
    const size = measurePage(configuredSite, route, outputFileOf(route), routes[route]);
    assert.deepEqual(overBudget(size), []);
    assert.ok(size.jsKb > 0.3 && size.laterJsKb > 5, `${route}: the measure sees the scripts (${size.jsKb} KB, then ${size.laterJsKb} KB)`);
  }
});

test("island props stay small: large content stays in the HTML", () => {
  for (const route of ROUTES) {
    for (const [, props] of readPage(route).matchAll(/data-props="([^"]*)"/g)) assert.ok(props.length < 600, `${route}: ${props.slice(0, 80)}…`);
  }
});

test("bundling again leaves each unchanged file as it was and replaces a changed one whole, so a page loading meanwhile never reads a file being written", async () => {
  const out = mkdtempSync(join(tmpdir(), "islands-"));
  const pages = [
    { route: "/", islands: ["ThemeToggle", "MobileMenu"] },
    { route: "/contact", islands: ["ThemeToggle", "MobileMenu", "ContactForm"] },
  ];
  const analytics = { gaMeasurementId: null, clarityProjectId: null, consentDefault: "denied" as const };
  const versionOf = (file: string) => {
    const { ino, mtimeMs } = statSync(join(out, file));
    return `${ino}:${mtimeMs}`;
  };
  try {
    const first = await bundleIslands(pages, analytics, out);
    const before = first.files.map(versionOf);
    const again = await bundleIslands(pages, analytics, out);
    assert.deepEqual(again.files, first.files);
    // Not written again: esbuild alone rewrote each in place, and a browser could read one half-written.
    assert.deepEqual(again.files.map(versionOf), before);

    // Analytics configured: the files that carry it are new files; the page scripts list, whose name stays, is
    // replaced by another file (renamed over it), never rewritten in place.
    const scriptsBefore = statSync(join(out, PAGE_SCRIPTS_FILE)).ino;
    const configured = await bundleIslands(pages, { ...analytics, gaMeasurementId: "G-TEST123456" }, out);
    assert.notDeepEqual(configured.files, first.files);
    assert.notEqual(statSync(join(out, PAGE_SCRIPTS_FILE)).ino, scriptsBefore);
    for (const file of first.files.filter((name) => configured.files.includes(name) && name !== PAGE_SCRIPTS_FILE)) {
      assert.equal(versionOf(file), before[first.files.indexOf(file)], `${file} is the same file`);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
