// Pages are found by file name; one without metadata stops the build, naming the file and the fix.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { loadPages } from "../../steps/pages.ts";
import { outputFileOf, routeOf, routeOfOutputFile } from "../../steps/routes.ts";

test("routeOfOutputFile undoes outputFileOf for every kind of route", () => {
  for (const route of ["/", "/case-studies", "/404"]) assert.equal(routeOfOutputFile(outputFileOf(route)), route);
});

test("a page's route and output file come from its name", () => {
  assert.deepEqual(
    ["pages/index.tsx", "pages/case-studies.tsx", "pages/404.tsx"].map((file) => [routeOf(file), outputFileOf(routeOf(file))]),
    [
      ["/", "index.html"],
      ["/case-studies", "case-studies.html"],
      ["/404", "404.html"],
    ],
  );
});

for (const [what, source, message] of [
  ["no meta", "export default function BadPage() { return null; }", "pages/bad.tsx: export const meta: PageMeta = { title, description } is missing"],
  ["no title", 'export const meta = { description: "x".repeat(80) }; export default () => null;', "pages/bad.tsx: meta.title is missing"],
  [
    "a one-word description",
    'export const meta = { title: "Bad", description: "Short" }; export default () => null;',
    "pages/bad.tsx: meta.description is missing or shorter than 50 characters",
  ],
  ["no component", 'export const meta = { title: "Bad", description: "x".repeat(80) };', "pages/bad.tsx: export default function SomethingPage() is missing"],
] as const) {
  test(`a page with ${what} stops the build with "${message}"`, async () => {
    const root = mkdtempSync(join(tmpdir(), "pages-"));
    try {
      mkdirSync(join(root, "pages"));
      writeFileSync(join(root, "pages/bad.tsx"), source);
      await assert.rejects(loadPages(root), (error: Error) => error.message.startsWith(message));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
}
