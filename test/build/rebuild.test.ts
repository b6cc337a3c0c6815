// A rebuild reuses each kept server bundle (the shared one, and each group of pages) only while nothing
// it was made from changed (steps/bundle-reuse.ts): run as a developer runs it, npm run build in a project copy.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { copyProject, type ProjectCopy, retitled } from "../../commands/support/project-copy.ts";
import { BundleReuse } from "../../steps/bundle-reuse.ts";

let project: ProjectCopy;
before(() => {
  project = copyProject();
});
after(() => project?.remove());

const path = (file: string) => join(project.dir, file);
/** When each kept bundle was last written: the shared one, and the one group the real site's pages make. */
const kept = () => ({ shared: statSync(path(".cache/server/shared.cjs")).mtimeMs, pages: statSync(path(".cache/server/pages-1-0.cjs")).mtimeMs });

function runBuild(): void {
  const result = spawnSync(process.execPath, ["--import", "tsx", "commands/build.ts"], {
    cwd: project.dir,
    encoding: "utf8",
    env: { ...process.env, OUT_DIR: "dist" },
  });
  assert.equal(result.status, 0, `${result.stdout}${result.stderr}`);
}

test("a rebuild with nothing changed reuses the kept bundles, and writes again a page changed in dist/ by anything but the build", () => {
  runBuild();
  const first = kept();
  const built = readFileSync(path("dist/about.html"), "utf8");
  writeFileSync(path("dist/about.html"), built.replace("<h1", "<h1 hidden"));
  for (const name of ["shared", "pages-1-0"]) assert.ok(existsSync(path(`.cache/server/${name}.v8`)), `no compilation of ${name} was kept`);
  runBuild();
  assert.deepEqual(kept(), first, "a kept bundle was made again");
  assert.equal(readFileSync(path("dist/about.html"), "utf8"), built);
});

test("kept code that is not the code its record names (another build replaced it) is not used", () => {
  writeFileSync(path(".cache/server/pages-1-0.cjs"), "exports.pageModules = [];\n");
  runBuild();
  assert.match(readFileSync(path("dist/index.html"), "utf8"), /<h1/);
  assert.doesNotMatch(readFileSync(path(".cache/server/pages-1-0.cjs"), "utf8"), /^exports\.pageModules = \[\];$/m);
});

test("an edit to a file the pages import is built into the shared bundle, and then kept; the pages' bundle is reused", () => {
  const before = kept();
  const home = readFileSync(path("content/home.ts"), "utf8");
  writeFileSync(path("content/home.ts"), home.replace("Why leaders choose", "Rebuilt: why leaders choose"));
  runBuild();
  assert.match(readFileSync(path("dist/index.html"), "utf8"), /Rebuilt: why leaders choose/);
  assert.notEqual(kept().shared, before.shared, "the new shared bundle was kept");
  assert.equal(kept().pages, before.pages, "the pages' bundle was made again");
  writeFileSync(path("content/home.ts"), home);
  runBuild();
  assert.doesNotMatch(readFileSync(path("dist/index.html"), "utf8"), /Rebuilt: why leaders choose/);
});

test("an edit to a page bundles its group again and reuses the shared bundle", () => {
  const before = kept();
  const about = readFileSync(path("pages/about.tsx"), "utf8");
  writeFileSync(path("pages/about.tsx"), retitled(about, "About, edited"));
  runBuild();
  assert.match(readFileSync(path("dist/about.html"), "utf8"), /<title>About, edited \| Cedarline Advisory<\/title>/);
  assert.notEqual(kept().pages, before.pages, "the group's new bundle was kept");
  assert.equal(kept().shared, before.shared, "the shared bundle was made again");
  writeFileSync(path("pages/about.tsx"), about);
});

test("a new page file is built, and once deleted its page is gone", () => {
  writeFileSync(path("pages/added.tsx"), retitled(readFileSync(path("pages/privacy.tsx"), "utf8"), "An Added Page"));
  runBuild();
  assert.match(readFileSync(path("dist/added.html"), "utf8"), /<title>An Added Page \| Cedarline Advisory<\/title>/);
  rmSync(path("pages/added.tsx"));
  runBuild();
  assert.equal(existsSync(path("dist/added.html")), false);
});

test("a kept compilation is handed to V8 only with the code it was compiled from (V8 itself checks only the length)", async () => {
  const reuse = () => new BundleReuse(project.dir, ["a test's salt"]);
  const [first, second] = [Buffer.from("exports.n = 1;\n"), Buffer.from("exports.n = 2;\n")];
  await reuse().keep("compiled-test", [], {}, first);
  await reuse().keepCompiled("compiled-test", first, Buffer.from("the compilation of the first"));
  assert.equal(reuse().reusable("compiled-test", [])?.compiled?.toString(), "the compilation of the first");
  await reuse().keep("compiled-test", [], {}, second);
  const kept = reuse().reusable("compiled-test", []);
  assert.equal(kept?.code.toString(), second.toString());
  assert.equal(kept?.compiled, undefined);
});
