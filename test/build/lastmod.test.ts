// Sitemap dates: each page's own last change in git, the build date outside git or for uncommitted work.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { lastModifiedDates } from "../../steps/lastmod.ts";
import { loadPages } from "../../steps/pages.ts";
import { configuredSite, ROUTES } from "../helpers/site.ts";

const buildDate = new Date("2030-01-01");
const repo = mkdtempSync(join(tmpdir(), "lastmod-"));
after(() => rmSync(repo, { recursive: true, force: true }));

function write(file: string, text: string) {
  mkdirSync(join(repo, file, ".."), { recursive: true });
  writeFileSync(join(repo, file), text);
}
function commit(date: string, message: string) {
  const env = { ...process.env, GIT_AUTHOR_DATE: `${date}T12:00:00Z`, GIT_COMMITTER_DATE: `${date}T12:00:00Z` };
  execFileSync("git", ["add", "-A"], { cwd: repo });
  execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.org", "commit", "-q", "-m", message], { cwd: repo, env });
}
// What the page bundle reports each route is made from.
const sources = new Map([
  ["/a", ["pages/a.tsx", "content/a.ts", "components/Layout.tsx"]],
  ["/b", ["pages/b.tsx", "content/b.ts", "components/Layout.tsx"]],
]);
const dates = async () => Object.fromEntries(await lastModifiedDates(sources, buildDate, repo));

test("outside git every page is dated by the build", async () => {
  for (const files of sources.values()) for (const file of files) write(file, "export {};");
  assert.deepEqual(await dates(), { "/a": "2030-01-01", "/b": "2030-01-01" });
});

test("a page is dated by the last commit touching any file it is made from; uncommitted work by the build", async () => {
  execFileSync("git", ["init", "-q"], { cwd: repo });
  commit("2024-01-02", "pages");
  write("content/a.ts", "export const x = 3;");
  commit("2024-03-04", "a's content changed");
  assert.deepEqual(await dates(), { "/a": "2024-03-04", "/b": "2024-01-02" });
  write("components/Layout.tsx", "export function Layout() { return null; }");
  assert.deepEqual(await dates(), { "/a": "2030-01-01", "/b": "2030-01-01" });
  commit("2024-05-06", "a shared component changed");
  write("content/b.ts", "export const y = 2;");
  assert.deepEqual(await dates(), { "/a": "2024-05-06", "/b": "2030-01-01" });
});

test("the page bundle names each page's own files and the shared ones", async () => {
  const { sourcesOf } = await loadPages();
  const about = sourcesOf("/about");
  for (const file of ["pages/about.tsx", "content/about.ts", "components/Layout.tsx", "steps/render.ts"])
    assert.ok(about.includes(file), `${file} in ${about.join(", ")}`);
  assert.ok(!about.includes("pages/services.tsx"));
  assert.ok(!about.some((file) => file.includes("node_modules")));
});

test("the built sitemap dates each page by its own history", () => {
  const sitemap = readFileSync(`${configuredSite}/sitemap.xml`, "utf8");
  const found = [...sitemap.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => m[1]);
  assert.equal(found.length, ROUTES.length);
  for (const date of found) assert.match(date, /^\d{4}-\d{2}-\d{2}$/);
});
