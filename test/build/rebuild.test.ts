// A rebuild reuses the kept server bundle only while nothing it was made from changed
// (engine/state/build-state.ts; its code a blob of the store, named by the output folder's manifest): run as a
// developer runs it, npm run build in a project copy. The tests run in turn, each from the build the one
// before it ended with.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { bundleBlob, type Manifest } from "../../engine/state/manifest.ts";
import { BLOBS_DIR, manifestFile } from "../../engine/state/store.ts";
import { COPY_TMP, copyProject, type ProjectCopy } from "../../tools/support/project-copy.ts";
import { buildCopy, retitled } from "../helpers/copy-build.ts";
import { FIXTURE_STUDY_ROUTE, putFixtureContent } from "../helpers/fixture-site.ts";

let project: ProjectCopy;
before(() => {
  project = copyProject();
  // The fixtures' content (test/fixtures/), which the edits below change: never the firm's.
  putFixtureContent(project.dir);
});
after(() => project?.remove());

const path = (file: string) => join(project.dir, file);
/** The kept bundle's code, as dist/'s manifest names it. */
const keptCode = () => {
  const manifest = JSON.parse(readFileSync(path(manifestFile(path("dist"))), "utf8")) as Manifest;
  assert.ok(manifest.bundle, "the manifest names the bundle the pages were loaded from");
  return path(join(BLOBS_DIR, bundleBlob(manifest.bundle.code)));
};
/** When the kept bundle was last written. */
const kept = () => statSync(keptCode()).mtimeMs;

function runBuild(): void {
  const { ok, output } = buildCopy(project.dir);
  assert.ok(ok, output);
}

test("a rebuild with nothing changed reuses the kept bundle, and writes again a page changed in dist/ by anything but the build", () => {
  runBuild();
  const first = kept();
  const built = readFileSync(path("dist/about.html"), "utf8");
  writeFileSync(path("dist/about.html"), built.replace("<h1", "<h1 hidden"));
  runBuild();
  assert.equal(kept(), first, "the kept bundle was made again");
  assert.equal(readFileSync(path("dist/about.html"), "utf8"), built);
});

test("npm run build runs the engine compiled, not through tsx, and compiles it again only once a file of it changed; one that does not compile is named", () => {
  const recordFile = path(".cache/engine/build.json");
  const record = () => JSON.parse(readFileSync(recordFile, "utf8")) as { key: string; files: string[] };
  const { key, files } = record();
  for (const file of ["commands/build.ts", "build.ts", "engine/pipeline/pages.ts", "content/collections.ts", "tsconfig.json"])
    assert.ok(files.includes(file), file);
  assert.ok(statSync(path(`.cache/engine/${key}/build.js`)).isFile());
  // Nothing changed: the record is not written again (every compile writes it).
  const recordAt = statSync(recordFile).mtimeMs;
  runBuild();
  assert.equal(statSync(recordFile).mtimeMs, recordAt, "compiled again with nothing changed");
  // tsx, had it loaded the build, would have kept its compilations in the copy's temporary folder.
  assert.deepEqual(
    readdirSync(path(COPY_TMP)).filter((name) => name.startsWith("tsx-")),
    [],
  );
  const command = readFileSync(path("commands/build.ts"), "utf8");
  try {
    writeFileSync(path("commands/build.ts"), `${command}console.log("Compiled again.");\n`);
    let built = buildCopy(project.dir);
    assert.ok(built.ok, built.output);
    assert.match(built.stdout, /^Compiled again\.$/m);
    assert.notEqual(record().key, key);
    writeFileSync(path("commands/build.ts"), `${command}const = ;\n`);
    built = buildCopy(project.dir);
    assert.equal(built.status, 1, built.output);
    assert.match(
      built.stderr,
      /^commands\/build\.ts, or a file it imports, does not compile:\n {2}commands\/build\.ts:\d+:7: Expected identifier but found "="$/m,
    );
  } finally {
    writeFileSync(path("commands/build.ts"), command);
  }
  runBuild();
  assert.equal(record().key, key, "the engine as it was has the key it had");
});

test("the islands are bundled again only once the browser code changed: a rebuild writes them from the store", () => {
  const stored = () => readdirSync(path(join(BLOBS_DIR, "islands")));
  // The blob this build's scripts came from: its page scripts list is the one written.
  const written = readFileSync(path("dist/assets/manifest.json"), "utf8");
  const blob = stored().find((name) => JSON.stringify(JSON.parse(readFileSync(path(join(BLOBS_DIR, "islands", name)), "utf8")).scripts, null, 2) === written);
  assert.ok(blob, "the scripts are a blob of the store");
  const blobFile = path(join(BLOBS_DIR, "islands", blob));
  const kept = readFileSync(blobFile, "utf8");
  const { outputs } = JSON.parse(kept) as { outputs: Record<string, string> };
  const script = Object.keys(outputs).find((file) => file.endsWith(".js")) as string;
  try {
    // What a rebuild writes is what the store holds, not what esbuild would make again.
    writeFileSync(blobFile, JSON.stringify({ ...JSON.parse(kept), outputs: { ...outputs, [script]: `${outputs[script]}/* from the store */` } }));
    runBuild();
    assert.match(readFileSync(path(`dist/${script}`), "utf8"), /from the store/);
  } finally {
    writeFileSync(blobFile, kept);
  }
  const island = readFileSync(path("islands/MobileMenu.tsx"), "utf8");
  const before = new Set(stored());
  try {
    writeFileSync(path("islands/MobileMenu.tsx"), `${island}\nconsole.info("Bundled again.");\n`);
    runBuild();
    assert.equal(stored().filter((name) => !before.has(name)).length, 1, "the edited island's bundle is a blob of its own");
    const scripts = readdirSync(path("dist/assets")).filter((file) => file.endsWith(".js"));
    assert.ok(
      scripts.some((file) => readFileSync(path(`dist/assets/${file}`), "utf8").includes("Bundled again.")),
      "the edit is in the scripts",
    );
  } finally {
    writeFileSync(path("islands/MobileMenu.tsx"), island);
  }
  runBuild();
  assert.equal(readFileSync(path(`dist/${script}`), "utf8"), outputs[script], "as it was, from the store");
});

test("kept code that is not the code its manifest names (damaged) is not used", () => {
  const code = keptCode();
  writeFileSync(code, "exports.pageModules = [];\n");
  runBuild();
  assert.match(readFileSync(path("dist/index.html"), "utf8"), /<h1/);
  assert.doesNotMatch(readFileSync(keptCode(), "utf8"), /^exports\.pageModules = \[\];$/m);
});

test("an edit to a file the pages import or to a page is bundled anew, and then kept", () => {
  for (const [file, edit, shows] of [
    [
      "content/home.yaml",
      (text: string) => text.replace("Fixture about heading for", "Rebuilt: why leaders choose"),
      ["dist/index.html", /Rebuilt: why leaders choose/],
    ],
    ["pages/about.tsx", (text: string) => retitled(text, "About, edited"), ["dist/about.html", /<title>About, edited \| Fixture Firm<\/title>/]],
  ] as const) {
    const before = kept();
    const original = readFileSync(path(file), "utf8");
    writeFileSync(path(file), edit(original));
    runBuild();
    assert.match(readFileSync(path(shows[0]), "utf8"), shows[1]);
    assert.notEqual(kept(), before, `the bundle made after the edit to ${file} was kept`);
    writeFileSync(path(file), original);
  }
  runBuild();
  assert.doesNotMatch(readFileSync(path("dist/index.html"), "utf8"), /Rebuilt: why leaders choose/);
});

test("an edit to an entry of a folder collection keeps the bundle: the entries are data it asks for, read anew by each build", () => {
  const before = kept();
  const file = path(`content${FIXTURE_STUDY_ROUTE}.md`);
  const original = readFileSync(file, "utf8");
  try {
    writeFileSync(file, original.replace(/^title: .*$/m, 'title: "A study, edited"'));
    runBuild();
    assert.match(readFileSync(path(`dist${FIXTURE_STUDY_ROUTE}.html`), "utf8"), /<h1[^>]*>A study, edited<\/h1>/);
    assert.match(readFileSync(path("dist/case-studies.html"), "utf8"), /A study, edited/, "the list shows it too");
    assert.equal(kept(), before, "the bundle was made again");
  } finally {
    writeFileSync(file, original);
  }
  runBuild();
  assert.doesNotMatch(readFileSync(path("dist/case-studies.html"), "utf8"), /A study, edited/);
});

test("a new page file is built, and once deleted its page is gone", () => {
  writeFileSync(path("pages/added.tsx"), retitled(readFileSync(path("pages/privacy.tsx"), "utf8"), "An Added Page"));
  runBuild();
  assert.match(readFileSync(path("dist/added.html"), "utf8"), /<title>An Added Page \| Fixture Firm<\/title>/);
  rmSync(path("pages/added.tsx"));
  runBuild();
  assert.equal(existsSync(path("dist/added.html")), false);
});
