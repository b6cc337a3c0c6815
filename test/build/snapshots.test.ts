// Render snapshots: each page's <body>, one tag per line, asset hashes masked, of the fixture site (the
// tests' own content, test/fixtures/), so that they prove the templates and a content change never fails them.
// UPDATE_SNAPSHOTS=1 writes them after a reviewed change; `npm run screenshots` (UPDATE_SCREENSHOTS=1) writes
// those of new pages; otherwise a missing one fails.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { before, test } from "node:test";
import { builtRoutes, ensureFixtureSite, fixtureSite, readPage } from "../helpers/site.ts";

const ROUTES = await builtRoutes(fixtureSite);

before(ensureFixtureSite);

const dir = "test/build/__snapshots__";

export function snapshotOf(html: string): string {
  const body = /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? "";
  return `${body.replace(/\.[0-9a-f]{8}\.(avif|webp|jpg)/g, ".HASH.$1").replace(/></g, ">\n<")}\n`;
}

for (const route of [...ROUTES, "/404"]) {
  test(`render snapshot of ${route}`, () => {
    const file = `${dir}/${route === "/" ? "index" : route.slice(1)}.html`;
    const actual = snapshotOf(readPage(route, fixtureSite));
    if (process.env.UPDATE_SNAPSHOTS === "1" || (process.env.UPDATE_SCREENSHOTS === "1" && !existsSync(file))) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, actual);
      return;
    }
    assert.ok(existsSync(file), `${file} is missing: run npm run screenshots and commit it`);
    assert.equal(actual, readFileSync(file, "utf8"), `${route} changed; if intended, run UPDATE_SNAPSHOTS=1 npm test and commit ${file}`);
  });
}
