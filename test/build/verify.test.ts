// The build's own verification, run as a developer runs it (npm run build in a project copy): a broken
// internal link or #anchor fails the build naming the page and the link, with a warm cache and a cold
// one, and a page made invalid fails it even though its valid version was cached. A rebuild leaves the
// pages it did not change as they were, yet checks their links again and never forgets an error.
import assert from "node:assert/strict";
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { copyProject, type ProjectCopy } from "../../commands/support/project-copy.ts";
import { buildCopy } from "../helpers/copy-build.ts";

let project: ProjectCopy;
before(() => {
  project = copyProject();
});
after(() => project?.remove());

const path = (file: string) => join(project.dir, file);
const original = new Map<string, string>();
function edit(file: string, change: (text: string) => string): void {
  if (!original.has(file)) original.set(file, readFileSync(path(file), "utf8"));
  const before = original.get(file)!;
  const after = change(before);
  assert.notEqual(after, before, `the edit to ${file} changed nothing`);
  writeFileSync(path(file), after);
}
function restore(): void {
  for (const [file, text] of original) writeFileSync(path(file), text);
}

const runBuild = () => buildCopy(project.dir);

test("a clean copy builds, which leaves the validation cache warm", () => {
  const { ok, output } = runBuild();
  assert.ok(ok, output);
  const verdicts = readdirSync(path(".cache/blobs/html"));
  assert.ok(verdicts.filter((name) => name.startsWith("page-")).length >= 9, verdicts.join(", "));
  assert.ok(
    verdicts.some((name) => name.startsWith("structure-")),
    verdicts.join(", "),
  );
});

test("a page whose words changed passes by its structure, found valid by an earlier build: html-validate is not even loaded", () => {
  edit("content/about.yaml", (text) => text.replace("leadership usually reserved for large enterprises", "leadership often reserved for large enterprises"));
  const { ok, output } = runBuild();
  restore();
  assert.ok(ok, output);
  assert.match(output, /html-validate 0\.00 ms CPU per page over 1 pages \(0\.0 s CPU; 1 passed by a structure already found valid\)/);
});

test("a broken internal link and a link to a missing #anchor fail the build, naming each page and link (warm cache)", () => {
  edit("pages/index.tsx", (text) => text.replace('href="/services"', 'href="/servces"'));
  edit("pages/404.tsx", (text) => text.replace('href: "/about"', 'href: "/about#nowhere"'));
  const { ok, output } = runBuild();
  restore();
  assert.equal(ok, false);
  assert.match(output, /Broken links/);
  assert.match(output, /\/: "\/servces": \/servces does not exist/);
  assert.match(output, /\/404\.html: "\/about#nowhere": \/about has no element with id="nowhere"/);
});

test("a page made invalid fails the build although its valid version is cached, and fails it again when run again unchanged", () => {
  // The same id twice on one page: html-validate's no-dup-id.
  edit("pages/404.tsx", (text) => text.replace('<section className="section"', '<section id="main" className="section"'));
  const first = runBuild();
  const again = runBuild();
  restore();
  assert.equal(first.ok, false);
  assert.match(first.output, /Invalid HTML/);
  assert.match(first.output, /404\.html[\s\S]*no-dup-id/);
  assert.equal(again.ok, false, "the second build passed: a page found invalid was taken for verified");
  assert.match(again.output, /404\.html[\s\S]*no-dup-id/);
});

test("with a cold cache a broken link still fails the build, and the fixed site builds again", () => {
  rmSync(path(".cache/blobs/html"), { recursive: true, force: true });
  edit("pages/index.tsx", (text) => text.replace('href="/services"', 'href="/servces"'));
  const broken = runBuild();
  restore();
  assert.equal(broken.ok, false);
  assert.match(broken.output, /\/: "\/servces": \/servces does not exist/);
  const fixed = runBuild();
  assert.ok(fixed.ok, fixed.output);
});

test("a page the rebuild leaves as it was is checked again: its link to an anchor that is gone fails the build", () => {
  // The test before ends with a good build of everything.
  const about = statSync(path("dist/about.html")).mtimeMs;
  // Every footer links to this section of the privacy policy; only the policy's own page changes.
  edit("content/privacy.md", (text) => text.replace("Information Collected Automatically", "Information Gathered Automatically"));
  const { ok, output } = runBuild();
  const kept = statSync(path("dist/about.html")).mtimeMs;
  restore();
  assert.equal(ok, false);
  assert.equal(kept, about, "/about was written again: this test needs a page the rebuild leaves as it was");
  assert.match(
    output,
    /\/about\.html: "\/privacy#information-collected-automatically": \/privacy has no element with id="information-collected-automatically"/,
  );
});
