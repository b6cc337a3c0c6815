// A content-only change (a price, a new study with a photo, a reworded result), as the founder makes it
// through the CMS, is published: in a project copy, the deploy workflow's build job (read from
// .github/workflows/deploy.yml, so this cannot drift from it) runs step by step as CI runs them and each
// passes; .github/scripts/engine-changed.sh sees no engine change, so no test stands before the build; and
// the tests that compare pages with saved copies still pass, their site being built from fixtures alone.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import sharp from "sharp";
import { parse } from "yaml";
import { priceLabel } from "../../components/prices.ts";
import { copyEnv, copyProject, type ProjectCopy } from "../../tools/support/project-copy.ts";
import { fixtureSite } from "../helpers/site.ts";

interface Step {
  name?: string;
  run?: string;
  uses?: string;
}
interface Job {
  env?: Record<string, string>;
  steps: Step[];
}
const workflow = parse(readFileSync(".github/workflows/deploy.yml", "utf8")) as { jobs: Record<string, Job & { needs?: string | string[]; if?: string }> };
const buildJob = workflow.jobs.build;
/** The build job's commands, in order, but `npm ci`: the copy's node_modules is this checkout's, linked. */
const commands = buildJob.steps.flatMap((step) => (step.run ? [step.run] : [])).filter((run) => run.trim() !== "npm ci");

/** The new study's page, its photo and the new price: none of them is in the firm's content now. */
const NEW_STUDY = "city-college-pilot";
const NEW_PHOTO = "art/photos/city-college.jpg";
const NEW_PRICE = 83_000;

let project: ProjectCopy;
const path = (file: string) => join(project.dir, file);
const git = (...args: string[]) =>
  execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", ...args], { cwd: project.dir, encoding: "utf8" });
const engineChanged = (base: string, head = "HEAD") =>
  execFileSync(".github/scripts/engine-changed.sh", [base, head], { cwd: project.dir, encoding: "utf8" }).trim();
let pushedFrom: string;

before(async () => {
  project = copyProject();
  git("init", "-q", "-b", "main");
  git("add", "-A");
  git("commit", "-q", "-m", "the checkout as it is");
  pushedFrom = git("rev-parse", "HEAD").trim();

  // A price: the first package's, in place, as the CMS's save writes it.
  const services = readFileSync(path("content/services.yaml"), "utf8");
  assert.match(services, /price: \d+/);
  writeFileSync(path("content/services.yaml"), services.replace(/price: \d+/, `price: ${NEW_PRICE}`));
  // A reworded result: the first result of the first study's file.
  const [firstStudy] = readdirSync(path("content/case-studies")).sort();
  const study = readFileSync(path(`content/case-studies/${firstStudy}`), "utf8");
  writeFileSync(path(`content/case-studies/${firstStudy}`), study.replace(/## Results\n\n- .*/, "## Results\n\n- A result reworded by the founder"));
  // A new study with a photo, as the CMS writes both.
  mkdirSync(path("art/photos"), { recursive: true });
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#6b8f71" } })
    .jpeg()
    .toFile(path(NEW_PHOTO));
  writeFileSync(
    path(`content/case-studies/${NEW_STUDY}.md`),
    `---
title: City College Pilot
subtitle: City College · a pilot of advising by text message
summary: >-
  City College's advisers reached every first-year student by text message in one term, and twice as many came to see them.
published: 2026-03-01
order: 7
cover:
  src: ${NEW_PHOTO}
  alt: Advisers and students around a table in the college library
---

## Challenge

Advisers could not reach first-year students before their problems grew.

## Solution

A pilot of advising by text message, with a shared inbox for the advisers.

## Results

- Every first-year student reached in the first term
`,
  );
  git("add", "-A");
  git("commit", "-q", "-m", "the founder's edits through the CMS");
});
after(() => project?.remove());

test("deploy.yml's build job builds after the tests only when they ran, and they run only for a change beyond content/ and art/", () => {
  assert.deepEqual(buildJob.needs, ["changes", "test"]);
  assert.match(buildJob.if ?? "", /needs\.test\.result == 'skipped'/);
  assert.equal(workflow.jobs.test.if, "needs.changes.outputs.engine == 'true'");
  assert.ok(!commands.includes("npm test"), "the build job runs no tests of its own");
  assert.equal(engineChanged(pushedFrom), "engine=false", "the content-only commit");
  // The same script, on an engine change, an unknown first commit and none at all.
  writeFileSync(path("build.ts"), `${readFileSync(path("build.ts"), "utf8")}\n`);
  git("commit", "-q", "-am", "an engine change");
  assert.equal(engineChanged(pushedFrom), "engine=true", "content and an engine change together");
  assert.equal(engineChanged("HEAD~1"), "engine=true", "the engine change alone");
  git("reset", "-q", "--hard", "HEAD~1");
  assert.equal(engineChanged("0000000000000000000000000000000000000000"), "engine=true", "a new branch: github.event.before is zeros");
  assert.equal(engineChanged(""), "engine=true", "no first commit given");
});

test("the content-only change passes every step of the deploy's build job, in order, and dist/ has the new study and the new price", () => {
  assert.ok(commands.length >= 2, `the build job's steps: ${JSON.stringify(commands)}`);
  // The job's settings (the repository's variables) unset, as on a fresh repository.
  const env = copyEnv(project.dir, Object.fromEntries(Object.keys(buildJob.env ?? {}).map((name) => [name, ""])));
  for (const command of commands) {
    // As GitHub runs a step: bash, stopping at the first failing command.
    const { status, stdout, stderr } = spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", command], {
      cwd: project.dir,
      env,
      encoding: "utf8",
    });
    assert.equal(status, 0, `${command} failed:\n${stdout}${stderr}`);
  }
  const page = readFileSync(path(`dist/case-studies/${NEW_STUDY}.html`), "utf8");
  assert.match(page, /City College Pilot/);
  assert.match(page, /class="picture study__cover"/);
  assert.ok(readFileSync(path("dist/services.html"), "utf8").includes(priceLabel(NEW_PRICE)), `${priceLabel(NEW_PRICE)} on /services`);
});

test("after the change, the render snapshots still match, and the fixture site they and the screenshots are of is the same page for page", () => {
  // A test process of its own: without this process's test context, with which it would run no test.
  const { NODE_TEST_CONTEXT: _, ...env } = copyEnv(project.dir);
  const snapshotTest = ["--import", "tsx", "--import", "./test/helpers/content-hooks.ts", "--test", "test/build/snapshots.test.ts"];
  const { status, stdout, stderr } = spawnSync(process.execPath, snapshotTest, { cwd: project.dir, env, encoding: "utf8" });
  assert.equal(status, 0, `${stdout}${stderr}`);
  assert.match(stdout, /^# pass [1-9]/m, stdout);
  // The copy's fixture site, built after the change by the snapshot test, is this checkout's: every page,
  // but the names of the island scripts (esbuild names its minified symbols differently in another folder)
  // and so the script hashes of the pages' CSP.
  const pages = (dir: string) =>
    readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".html"))
      .sort();
  const page = (file: string) =>
    readFileSync(file, "utf8")
      .replace(/\/assets\/([\w-]+)\.[A-Z0-9]{8}\.js/g, "/assets/$1.HASH.js")
      .replace(/sha256-[A-Za-z0-9+/=]+/g, "sha256-HASH");
  assert.deepEqual(pages(path(fixtureSite)), pages(fixtureSite));
  for (const file of pages(fixtureSite)) assert.equal(page(path(join(fixtureSite, file))), page(join(fixtureSite, file)), file);
  // The screenshots (too slow to take twice) and the social card's baseline are of that same site.
  assert.match(readFileSync("test/browser/smoke.test.ts", "utf8"), /builtRoutes\(fixtureSite\)[\s\S]*browserSuite\(fixtureSite\)/);
  assert.match(readFileSync("test/build/metadata.test.ts", "utf8"), /compareWithBaseline\("card-services", readFileSync\(`\$\{fixtureSite\}/);
});

test("a pull request is built as check.yml builds it: a content mistake fails the check with the build's own line, on its file and line, and in the summary", () => {
  const check = parse(readFileSync(".github/workflows/check.yml", "utf8")) as { on: Record<string, unknown>; jobs: Record<string, Job & { if?: string }> };
  assert.ok("pull_request" in check.on);
  assert.deepEqual(
    check.jobs.build.steps.flatMap((step) => (step.run ? [step.run] : [])),
    ["npm ci", ".github/scripts/build-report.sh"],
  );
  assert.equal(check.jobs.test.if, "needs.changes.outputs.engine == 'true'");
  // The mistake the CMS once saved: a price typed as "80k".
  const services = readFileSync(path("content/services.yaml"), "utf8");
  writeFileSync(path("content/services.yaml"), services.replace(`price: ${NEW_PRICE}`, 'price: "80k"'));
  const line = services.split("\n").findIndex((text) => text.includes(`price: ${NEW_PRICE}`)) + 1;
  const summary = path("summary.md");
  try {
    const { status, stdout } = spawnSync(".github/scripts/build-report.sh", {
      cwd: project.dir,
      env: copyEnv(project.dir, { GITHUB_STEP_SUMMARY: summary }),
      encoding: "utf8",
    });
    assert.equal(status, 1);
    const error = `Build failed: content/services.yaml:${line} price: "80k" is not a number of US dollars; write 75000`;
    assert.ok(stdout.includes(`::error file=content/services.yaml,line=${line},title=The site does not build::${error}`), stdout);
    assert.equal(
      readFileSync(summary, "utf8"),
      `## The site does not build\n\nFix what each line names, in the file and at the line it names, then save the file again:\n\n    ${error}\n`,
    );
  } finally {
    writeFileSync(path("content/services.yaml"), services);
  }
});
