// Sitemap dates: each page's own last change in git, the build date outside git or for uncommitted work.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { lastModified, sourcesOf } from "../../build/lastmod.ts";
import { configuredSite } from "../helpers/site.ts";

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

test("outside git every page is dated by the build", async () => {
  write("pages/a.tsx", 'import { x } from "../content/a.ts";');
  write("content/a.ts", "export const x = 1;");
  assert.equal(await lastModified("pages/a.tsx", buildDate, repo), "2030-01-01");
});

test("a page is dated by the last commit touching it or anything it imports; uncommitted work by the build", async () => {
  execFileSync("git", ["init", "-q"], { cwd: repo });
  write("pages/b.tsx", 'import { Layout } from "../components/Layout.tsx";\nimport { y } from "../content/b.ts";');
  write("content/b.ts", "export const y = 2;");
  write("components/Layout.tsx", "export function Layout() {}");
  commit("2024-01-02", "pages");
  write("content/a.ts", "export const x = 3;");
  commit("2024-03-04", "a's content changed");
  assert.deepEqual(sourcesOf("pages/b.tsx", repo).sort(), ["components/Layout.tsx", "content/b.ts", "pages/b.tsx"]);
  assert.equal(await lastModified("pages/a.tsx", buildDate, repo), "2024-03-04");
  assert.equal(await lastModified("pages/b.tsx", buildDate, repo), "2024-01-02");
  write("components/Layout.tsx", "export function Layout() { return null; }");
  assert.equal(await lastModified("pages/b.tsx", buildDate, repo), "2030-01-01");
  assert.equal(await lastModified("pages/a.tsx", buildDate, repo), "2024-03-04");
});

test("the built sitemap dates each page by its own history", () => {
  const sitemap = readFileSync(`${configuredSite}/sitemap.xml`, "utf8");
  const dates = [...sitemap.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => m[1]);
  assert.equal(dates.length, 8);
  for (const date of dates) assert.match(date, /^\d{4}-\d{2}-\d{2}$/);
});
