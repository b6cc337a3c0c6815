// Pages are found by file name; one without metadata stops the build, naming the file and the fix.
// A page may leave out its description: the head gives it the site's default.
import assert from "node:assert/strict";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { resolveHead } from "../../components/head.ts";
import site from "../../content/site.yaml";
import { type LoadedPages, loadPages, pageBundler } from "../../engine/pipeline/pages.ts";
import { fillRoute, outputFileOf, routeOf, routeOfOutputFile } from "../../engine/pipeline/routes.ts";
import { FIXTURE_STUDY_ROUTE, putFixtureContent } from "../helpers/fixture-site.ts";

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
    "pages/bad.tsx: meta.description is shorter than 50 characters",
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

test("a problem of site.yaml, which the case studies and the pages both read, is told once", async () => {
  const root = mkdtempSync(join(tmpdir(), "pages-"));
  try {
    for (const folder of ["content", "art"]) cpSync(folder, join(root, folder), { recursive: true });
    const yaml = readFileSync("content/site.yaml", "utf8");
    writeFileSync(join(root, "content/site.yaml"), yaml.replace(/foundingYear: \d+/, "foundingYear: twenty"));
    mkdirSync(join(root, "pages"));
    writeFileSync(
      join(root, "pages/index.tsx"),
      'import site from "../content/site.yaml";\nexport const meta = { title: site.company.name }; export default () => null;',
    );
    const line = yaml.split("\n").findIndex((text) => text.includes("foundingYear:")) + 1;
    const told = `content/site.yaml:${line} foundingYear: "twenty" is not a year; write one such as 2021`;
    await assert.rejects(loadPages(root), (error: Error) => {
      assert.deepEqual(
        error.message.split("\n").filter((line) => line === told),
        [told],
        error.message,
      );
      return true;
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("a page without a description loads, and its head carries the site's default description", async () => {
  const root = mkdtempSync(join(tmpdir(), "pages-"));
  try {
    mkdirSync(join(root, "pages"));
    writeFileSync(join(root, "pages/plain.tsx"), 'export const meta = { title: "Plain" }; export default () => null;');
    const { pages } = await loadPages(root);
    const head = resolveHead(pages[0].meta, pages[0].route, { siteUrl: "https://cedarline.test", defaultImage: "/images/hero.jpg" });
    assert.equal(head.description, site.seoDefaults.description);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

/** The pages as the dev server loads them: file by file (engine/pipeline/page-modules.ts), not bundled. */
async function loadDevPages(root: string): Promise<LoadedPages> {
  const bundler = await pageBundler({ root, dev: true });
  try {
    return await bundler.load();
  } finally {
    await bundler.dispose();
  }
}

for (const [how, load] of [
  ["bundled (a build)", loadPages],
  ["file by file (the dev server)", loadDevPages],
] as const) {
  test(`a site of many pages loads every page, and its pages share each module they import: ${how}`, async () => {
    const root = mkdtempSync(join(tmpdir(), "pages-"));
    try {
      mkdirSync(join(root, "pages"));
      mkdirSync(join(root, "lib"));
      writeFileSync(join(root, "lib/shared.ts"), "export const registry = { pages: 0 };\nexport default function Mark() { return null; }\n");
      for (let i = 0; i < 250; i++) {
        writeFileSync(
          join(root, `pages/page-${String(i).padStart(3, "0")}.tsx`),
          `import Mark, { registry } from "../lib/shared.ts";\nregistry.pages++;\nexport const meta = { title: "Page ${i}", registry, Mark };\nexport default () => null;\n`,
        );
      }
      const { pages, sourcesOf } = await load(root);
      assert.equal(pages.length, 250);
      assert.equal(pages[7].route, "/page-007");
      // One module, evaluated once, whatever page imports it; its default export is what a default import gets.
      const metas = pages.map((page) => page.meta as unknown as { registry: { pages: number }; Mark: unknown });
      assert.ok(metas.every((meta) => meta.registry === metas[0].registry));
      assert.equal(metas[0].registry.pages, 250);
      assert.equal(typeof metas[0].Mark, "function");
      assert.ok(sourcesOf("/page-123").includes("lib/shared.ts"));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test(`a file a page reaches through a tsconfig path alias or a package.json #imports entry is one of its sources: ${how}`, async () => {
    const root = project({
      "tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@lib/*": ["lib/*"] } } }),
      "package.json": JSON.stringify({ name: "aliased", type: "module", imports: { "#words": "./lib/words.ts" } }),
      "lib/title.ts": 'export const title = "Aliased";\n',
      "lib/words.ts": 'export const words = "Imported";\n',
      "pages/aliased.tsx":
        'import { title } from "@lib/title.ts";\nimport { words } from "#words";\nexport const meta = { title: title + " " + words };\nexport default () => null;\n',
    });
    try {
      const { pages, sourcesOf } = await load(root);
      assert.equal(pages[0].meta.title, "Aliased Imported");
      assert.ok(sourcesOf("/aliased").includes("lib/title.ts"), sourcesOf("/aliased").join(", "));
      assert.ok(sourcesOf("/aliased").includes("lib/words.ts"), sourcesOf("/aliased").join(", "));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
}

test("the dev server's pages, after a save: the saved file and every file importing it run again, the others keep their exports; a broken save and its fix recover", async () => {
  const root = project({
    "lib/counter.ts": "export const counter = { runs: 0 };\n",
    "lib/words.ts": 'import { counter } from "./counter.ts";\ncounter.runs++;\nexport const words = "first";\n',
    "pages/one.tsx":
      'import { words } from "../lib/words.ts";\nimport { counter } from "../lib/counter.ts";\nexport const meta = { title: words, counter };\nexport default () => null;\n',
    "pages/two.tsx":
      'import { counter } from "../lib/counter.ts";\nexport const meta = { title: "Two", counter, later: () => import("../lib/counter.ts") };\nexport default () => null;\n',
  });
  const bundler = await pageBundler({ root, dev: true });
  const meta = (loaded: LoadedPages, route: string) =>
    loaded.pages.find((page) => page.route === route)?.meta as unknown as { title: string; counter: { runs: number } };
  try {
    const first = await bundler.load();
    assert.equal(meta(first, "/one").title, "first");
    writeFileSync(join(root, "lib/words.ts"), 'import { counter } from "./counter.ts";\ncounter.runs++;\nexport const words = "second";\n');
    const second = await bundler.load(["lib/words.ts"]);
    assert.equal(meta(second, "/one").title, "second");
    // The saved file's version as the bundle began, by its project path, as a trace names the files it left out.
    assert.deepEqual(Object.keys(second.versionsAtStart), ["lib/words.ts"]);
    assert.match(second.versionsAtStart["lib/words.ts"], /^\d+:[\d.]+$/);
    // counter.ts did not run again: one object still, which words.ts has now counted into twice.
    assert.equal(meta(second, "/two").counter, meta(first, "/two").counter);
    assert.equal(meta(second, "/one").counter.runs, 2);
    // A dynamic import gets the same module too.
    assert.equal((await (meta(second, "/two") as unknown as { later: () => Promise<{ counter: unknown }> }).later()).counter, meta(second, "/two").counter);
    writeFileSync(join(root, "lib/words.ts"), "export const words = ;\n");
    await assert.rejects(bundler.load(["lib/words.ts"]), /pages\/: the pages do not compile:\n {2}lib\/words\.ts:1:22: Unexpected ";"/);
    writeFileSync(join(root, "pages/two.tsx"), 'import { gone } from "../lib/gone.ts";\nexport const meta = { title: gone };\nexport default () => null;\n');
    await assert.rejects(bundler.load(["pages/two.tsx"]), /pages\/two\.tsx:1:22: Could not resolve "\.\.\/lib\/gone\.ts"/);
    writeFileSync(join(root, "lib/words.ts"), 'export const words = "fixed";\n');
    writeFileSync(join(root, "pages/two.tsx"), 'export const meta = { title: "Two again" };\nexport default () => null;\n');
    // Saved without being named: its new version is enough.
    const fixed = await bundler.load();
    assert.equal(meta(fixed, "/one").title, "fixed");
    assert.equal(meta(fixed, "/two").title, "Two again");
    for (const file of ["pages/one.tsx", "lib/words.ts", "lib/counter.ts"]) assert.ok(fixed.sourcesOf("/one").includes(file), file);
    assert.ok(!fixed.sourcesOf("/two").includes("lib/gone.ts"));
  } finally {
    await bundler.dispose();
    rmSync(root, { recursive: true, force: true });
  }
});

test("the dev server's folder collection says which entries are unpublished after any save that changes it, one read half-written too", async () => {
  const root = project({
    "pages/list.tsx": 'import studies from "../content/case-studies";\nexport const meta = { title: "List", studies };\nexport default () => null;\n',
  });
  cpSync("content", join(root, "content"), { recursive: true });
  // The fixtures' content and art (test/fixtures/), whose study the saves below edit: never the firm's.
  putFixtureContent(root);
  const bundler = await pageBundler({ root, dev: true });
  const marks = (loaded: LoadedPages) =>
    Object.fromEntries(
      (loaded.pages[0].meta as unknown as { studies: { title: string; unpublished?: string }[] }).studies.map((study) => [
        study.title,
        study.unpublished ?? "published",
      ]),
    );
  const studyFile = `content${FIXTURE_STUDY_ROUTE}.md`;
  const study = readFileSync(join(root, studyFile), "utf8");
  const title = "Fixture study with a photo";
  try {
    assert.equal(marks(await bundler.load())[title], "published");
    // Saved in place as a draft: the folder's listing is as it was, its module is made again all the same.
    writeFileSync(join(root, studyFile), study.replace("order: 2", "order: 2\ndraft: true"));
    assert.equal(marks(await bundler.load([studyFile]))[title], "a draft");
    // A new entry the folder's module read as no entry (as when read half-written), then saved whole.
    const added = "content/case-studies/a-new-study.md";
    writeFileSync(join(root, added), study.replace(`title: ${title}\n`, "").replace("order: 2", "order: 8"));
    await assert.rejects(bundler.load([added]), /a-new-study\.md/);
    writeFileSync(join(root, added), study.replace(`title: ${title}`, "title: A New Study").replace("order: 2", "order: 8\ndraft: true"));
    assert.equal(marks(await bundler.load([added]))["A New Study"], "a draft");
    // An entry that is none until the image it names is added: only the image is saved (the entry's save
    // counts on from the load it failed).
    const third = "content/case-studies/a-third-study.md";
    const cover = "cover:\n  src: art/third.svg\n  alt: The third study's cover";
    writeFileSync(
      join(root, third),
      study
        .replace(`title: ${title}`, "title: A Third Study")
        .replace(/cover:\n( {2}.*\n)+/, "")
        .replace("order: 2", `order: 9\ndraft: true\n${cover}`),
    );
    await assert.rejects(bundler.load([third]), /a-third-study\.md/);
    cpSync(join(root, "art/hero.svg"), join(root, "art/third.svg"));
    assert.equal(marks(await bundler.load(["art/third.svg"]))["A Third Study"], "a draft");
  } finally {
    await bundler.dispose();
    rmSync(root, { recursive: true, force: true });
  }
});

test("a page file's route: folders nest, index names its folder, [parameters] stay until an entry fills them", () => {
  assert.deepEqual(["pages/work/index.tsx", "pages/case-studies/[slug].tsx", "pages/a/[kind]/[slug].tsx"].map(routeOf), [
    "/work",
    "/case-studies/[slug]",
    "/a/[kind]/[slug]",
  ]);
  assert.equal(fillRoute("/a/[kind]/[slug]", { kind: "notes", slug: "q3-2026" }), "/a/notes/q3-2026");
  assert.equal(outputFileOf("/case-studies/studyFile-initiative"), "case-studies/studyFile-initiative.html");
  for (const slug of ["a b", "Eqos", "-x", "x--y", "x/y", "", "x.pdf"]) assert.throws(() => fillRoute("/x/[slug]", { slug }), /is not a slug/, slug);
});

/** A throwaway project: each file's path and text. */
function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "pages-"));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), source);
  }
  return root;
}

const collection = (entries: string) => `import { notes } from "../../content/notes.ts";
import { signature } from "../../content/signature.ts";
export function getStaticPaths() { return ${entries}; }
export const meta = ({ title }: { title: string }) => ({ title });
export default function NotePage({ title }: { title: string }) { return title + signature; }
`;
const notes = 'export const notes = [{ slug: "first", title: "First" }, { slug: "second", title: "Second" }];\n';
const signature = 'export const signature = " (the firm)";\n';

test("a [slug] file makes one page per entry of getStaticPaths, with its props and its meta from them", async () => {
  const root = project({
    "content/notes.ts": notes,
    "content/signature.ts": signature,
    "pages/notes/[slug].tsx": collection("notes.map((note) => ({ params: { slug: note.slug }, props: { title: note.title } }))"),
    "pages/notes/index.tsx": 'export const meta = { title: "Notes" }; export default () => null;',
  });
  try {
    const { pages, sourcesOf, templateSourcesOf, templateLeftOutOf } = await loadPages(root);
    assert.deepEqual(
      pages.map((page) => [page.file, page.route, page.meta.title, page.props]),
      [
        ["pages/notes/[slug].tsx", "/notes/first", "First", { title: "First" }],
        ["pages/notes/[slug].tsx", "/notes/second", "Second", { title: "Second" }],
        ["pages/notes/index.tsx", "/notes", "Notes", undefined],
      ],
    );
    // The list reaches each entry's page through its props: an edit to one entry renders that one again.
    assert.ok(sourcesOf("/notes/first").includes("content/notes.ts"));
    assert.ok(!templateSourcesOf("/notes/first").includes("content/notes.ts"));
    // Read by the trace and left out: a save of it while a load runs keeps no entry's body.
    assert.deepEqual(templateLeftOutOf("/notes/first"), { "content/notes.ts": notes.length });
    assert.deepEqual(templateLeftOutOf("/notes"), {});
    assert.ok(templateSourcesOf("/notes/first").includes("pages/notes/[slug].tsx"));
    // Content the component itself shows is one of every entry's sources: an edit to it renders them all again.
    assert.ok(templateSourcesOf("/notes/first").includes("content/signature.ts"));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("a template whose component shows a folder collection is rendered again for an edit to any of its entries", async () => {
  const root = project({
    "pages/notes/[slug].tsx": `import caseStudies from "../../content/case-studies";
export function getStaticPaths() { return [{ params: { slug: "first" }, props: {} }]; }
export const meta = { title: "Notes" };
export default function NotePage() { return caseStudies.map((study) => study.title).join(", "); }
`,
  });
  try {
    cpSync("content", join(root, "content"), { recursive: true });
    cpSync("art", join(root, "art"), { recursive: true });
    const { templateSourcesOf } = await loadPages(root);
    const entries = readdirSync("content/case-studies").map((name) => `content/case-studies/${name}`);
    assert.ok(entries.length > 1);
    for (const entry of entries) assert.ok(templateSourcesOf("/notes/first").includes(entry), entry);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

for (const [what, files, message] of [
  [
    "a duplicate slug",
    { "pages/notes/[slug].tsx": collection('[{ params: { slug: "first" }, props: { title: "A" } }, { params: { slug: "first" }, props: { title: "B" } }]') },
    'pages/notes/[slug].tsx: getStaticPaths() entry 2 (slug "first"): entry 1 has the same route, /notes/first; each entry needs its own',
  ],
  [
    "a slug with a space",
    {
      "pages/notes/[slug].tsx": collection(
        '[{ params: { slug: "first" }, props: { title: "A" } }, { params: { slug: "second note" }, props: { title: "B" } }]',
      ),
    },
    'pages/notes/[slug].tsx: getStaticPaths() entry 2 (slug "second note"): params.slug "second note" is not a slug',
  ],
  [
    "an entry without its parameter",
    { "pages/notes/[slug].tsx": collection('[{ params: { id: "first" }, props: { title: "A" } }]') },
    "pages/notes/[slug].tsx: getStaticPaths() entry 1 (slug undefined): params.slug is missing",
  ],
  [
    "no getStaticPaths",
    { "pages/notes/[slug].tsx": 'export const meta = { title: "Note" }; export default () => null;' },
    "pages/notes/[slug].tsx: export function getStaticPaths()",
  ],
  [
    "props that are not plain JSON",
    { "pages/notes/[slug].tsx": collection('[{ params: { slug: "first" }, props: { title: "A", when: new Date(0) } }]') },
    'pages/notes/[slug].tsx: getStaticPaths() entry 1 (slug "first"): props.when is not plain JSON',
  ],
  [
    "an entry whose page would be written over the home page's",
    {
      "pages/index.tsx": 'export const meta = { title: "Home" }; export default () => null;',
      "pages/[slug].tsx": collection('[{ params: { slug: "index" }, props: { title: "A" } }]').replaceAll("../../", "../"),
    },
    'pages/[slug].tsx: getStaticPaths() entry 1 (slug "index"): params.slug "index" would be served at its folder\'s address with a slash, another page',
  ],
  [
    "a route two files claim",
    {
      "pages/notes.tsx": 'export const meta = { title: "Notes" }; export default () => null;',
      "pages/notes/index.tsx": 'export const meta = { title: "Notes" }; export default () => null;',
    },
    "/notes is claimed by both pages/notes.tsx and pages/notes/index.tsx",
  ],
  [
    "an entry a page of its own claims",
    {
      "pages/notes/first.tsx": 'export const meta = { title: "First" }; export default () => null;',
      "pages/notes/[slug].tsx": collection('[{ params: { slug: "first" }, props: { title: "A" } }]'),
    },
    "/notes/first is claimed by both pages/notes/[slug].tsx (its entry for /notes/first) and pages/notes/first.tsx",
  ],
] as const) {
  test(`${what} stops the build naming the file and the entry`, async () => {
    const root = project({ "content/notes.ts": notes, "content/signature.ts": signature, ...files });
    try {
      await assert.rejects(loadPages(root), (error: Error) => {
        assert.ok(error.message.startsWith(message), error.message);
        return true;
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
}
