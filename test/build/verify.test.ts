// The build's own verification, run as a developer runs it (npm run build in a project copy, configured as
// a deploy is): a broken internal link or #anchor fails the build naming the page and the link, with a warm
// cache and a cold one, and a page made invalid fails it even though its valid version was cached. A failed
// build, or one stopped by Ctrl+C, leaves the last good site as it was, byte for byte. A rebuild leaves the
// pages it did not change as they were, yet checks their links again and never forgets an error. And the
// site is the same bytes built in another folder, deeper and of other names.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { readIfExists } from "../../engine/state/files.ts";
import { BUILD_COMMAND, copyEnv, copyProject, type ProjectCopy } from "../../tools/support/project-copy.ts";
import { buildCopy, builtFiles, differingFiles } from "../helpers/copy-build.ts";
import { configuredEnv } from "../helpers/site.ts";

let project: ProjectCopy;
before(() => {
  project = copyProject();
});
after(() => project?.remove());

/** The settings of a deploy (HubSpot, GA, Clarity, the CMS), the output folder dist/. */
const deploy = { ...configuredEnv, OUT_DIR: "dist" };

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

const runBuild = () => buildCopy(project.dir, deploy.OUT_DIR, deploy);
/** What stopped builds left beside the output folders: their copies, or a folder they moved aside. */
const leftBehind = () => readdirSync(project.dir).filter((entry) => /^dist(-hosts)?\.(building|replaced)-/.test(entry));

test("a clean copy builds, which leaves the validation cache warm", () => {
  assert.ok(!existsSync(path(".cache/blobs/islands")), "the copy bundles its islands itself");
  // Without the checkout's verdicts, whose pages may be these very bytes (the test site's) and whose
  // structures may have been pruned: this build validates every page and keeps each structure it found
  // valid, which the next tests' pages pass by.
  rmSync(path(".cache/blobs/html"), { recursive: true, force: true });
  const { ok, output } = runBuild();
  assert.ok(ok, output);
  const verdicts = readdirSync(path(".cache/blobs/html"));
  assert.ok(verdicts.filter((name) => name.startsWith("structure-")).length >= 9, verdicts.join(", "));
});

test("the same sources and settings build the same bytes in a folder deeper down, into an output folder of another name", () => {
  const clean = builtFiles(project.dir);
  const other = copyProject();
  const deeper = mkdtempSync(join(tmpdir(), "cedarline-deeper-"));
  const dir = join(deeper, "one", "folder", "further", "down");
  try {
    mkdirSync(join(dir, ".."), { recursive: true });
    renameSync(other.dir, dir);
    assert.ok(!existsSync(join(dir, ".cache/blobs/islands")), "the copy bundles its islands itself");
    const { ok, output } = buildCopy(dir, "out/site", { ...deploy, OUT_DIR: "out/site" });
    assert.ok(ok, output);
    assert.deepEqual(differingFiles(clean, builtFiles(dir, "out/site")), [], "these files differ");
  } finally {
    rmSync(deeper, { recursive: true, force: true });
    other.remove();
  }
});

test("a page whose words changed passes by its structure, found valid by an earlier build: html-validate is not even loaded", () => {
  edit("content/about.yaml", (text) => text.replace("leadership usually reserved for large enterprises", "leadership often reserved for large enterprises"));
  const { ok, output } = runBuild();
  restore();
  assert.ok(ok, output);
  assert.match(output, /html-validate 0\.00 ms CPU per page over 1 pages \(0\.0 s CPU; 1 passed by a structure already found valid\)/);
});

test("a build stopped by Ctrl+C while it writes leaves the last good site as it was", async () => {
  const good = builtFiles(project.dir);
  edit("content/about.yaml", (text) => text.replace("leadership usually reserved", "leadership seldom reserved"));
  // Its own process group, which a terminal's Ctrl+C signals whole.
  const build = spawn(process.execPath, BUILD_COMMAND, { cwd: project.dir, env: copyEnv(project.dir, deploy), detached: true, stdio: "ignore" });
  let exited = false;
  const ended = new Promise<NodeJS.Signals | null>((done) => build.on("exit", (_code, signal) => done(signal))).finally(() => {
    exited = true;
  });
  // Stopped once it has written the changed page, into its copy of dist/ (or into dist/ itself).
  const written = () => [`dist.building-${build.pid}`, "dist"].some((folder) => readIfExists(path(`${folder}/about.html`))?.includes("seldom reserved"));
  while (!exited && !written()) await new Promise((done) => setTimeout(done, 5));
  assert.ok(!exited, "the build ended before it wrote the changed page");
  process.kill(-(build.pid as number), "SIGINT");
  assert.equal(await ended, "SIGINT");
  restore();
  assert.deepEqual(differingFiles(good, builtFiles(project.dir)), [], "these files differ from the last good build's");
});

test("a broken internal link and a link to a missing #anchor fail the build, naming each page and link (warm cache), and leave the last good site as it was", () => {
  const good = builtFiles(project.dir);
  edit("pages/index.tsx", (text) => text.replace('href="/services"', 'href="/servces"'));
  edit("pages/404.tsx", (text) => text.replace('href: "/about"', 'href: "/about#nowhere"'));
  const { ok, output } = runBuild();
  restore();
  assert.equal(ok, false);
  assert.match(output, /Broken links/);
  assert.match(output, /\/: "\/servces": \/servces does not exist/);
  assert.match(output, /\/404\.html: "\/about#nowhere": \/about has no element with id="nowhere"/);
  assert.deepEqual(differingFiles(good, builtFiles(project.dir)), [], "these files differ from the last good build's");
  // Nor what the build stopped before it left: each build tidies what stopped ones left.
  assert.deepEqual(leftBehind(), []);
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
