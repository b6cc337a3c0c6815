// A collection of 2,000 entries, built as a developer builds it (npm run build in a project copy), is
// verified page by page although html-validate judges its shared structure once: a mistake planted in
// one entry (invalid nesting, a duplicate id, an empty heading, a button without text, a broken link, a
// missing anchor) fails the build naming that entry's page, with a cold cache and with a warm one.
// A build that fails while its helpers are at work (the image encoder's process, html-validate's thread,
// Sass's process) prints its message and nothing else, exits 1, and leaves no process behind.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { COPY_TMP, copyProject, type ProjectCopy } from "../../tools/support/project-copy.ts";
import { buildCopy, forgetBuilds as forgetCaches, processesWithEnv } from "../helpers/copy-build.ts";

const ENTRIES = 2000;
/** Each mistake, the entry it is planted in, and what the build must say of that entry's page. */
const MISTAKES = [
  { mistake: "invalid nesting", entry: 150, says: /no-implicit-close|close-order/ },
  { mistake: "duplicate id", entry: 480, says: /no-dup-id/ },
  { mistake: "empty heading", entry: 777, says: /empty-heading/ },
  { mistake: "button without text", entry: 1203, says: /text-content/ },
  { mistake: "broken link", entry: 1650, says: /"\/notes\/no-such-note": \/notes\/no-such-note does not exist/ },
  { mistake: "missing anchor", entry: 1999, says: /"\/about#nowhere": \/about has no element with id="nowhere"/ },
];
const slug = (entry: number) => `note-${String(entry).padStart(4, "0")}`;

const TEMPLATE = `import type { StaticPath } from "../../components/static-paths.ts";
import notes from "../../content/notes.json";

interface Props {
  title: string;
  description?: string;
  /** Whether the entry's page has a social card (each card is drawn by the image encoder). */
  card?: boolean;
  mistake?: string;
}

export function getStaticPaths(): StaticPath<Props>[] {
  return notes.map(({ slug, ...props }) => ({ params: { slug }, props }));
}

export const meta = ({ title, description = "One of two thousand notes made from one template and a list, for the build's tests.", card }: Props) => ({
  title,
  description,
  ...(card ? {} : { socialCard: false as const }),
});

export default function NotePage({ title, mistake }: Props) {
  return (
    <div className="container">
      <h1>{mistake === "empty heading" ? "" : title}</h1>
      <p>What {title} says, in a sentence of its own.</p>
      {mistake === "invalid nesting" && (
        <p>
          <div>A block inside a paragraph</div>
        </p>
      )}
      {mistake === "duplicate id" && <span id="main">A second main</span>}
      {mistake === "button without text" && <button type="button" />}
      {mistake === "broken link" && <a href="/notes/no-such-note">A note that is not there</a>}
      {mistake === "missing anchor" && <a href="/about#nowhere">An anchor that is not there</a>}
    </div>
  );
}
`;

let project: ProjectCopy;
const path = (file: string) => join(project.dir, file);

/** The list of `entries`, each with what `extra` gives it (by its number, from 1). */
function writeNoteList(extra: (entry: number) => object, entries = ENTRIES): void {
  const notes = Array.from({ length: entries }, (_, i) => ({ slug: slug(i + 1), title: `Note ${i + 1}`, ...extra(i + 1) }));
  writeFileSync(path("content/notes.json"), JSON.stringify(notes));
}

function writeNotes(withMistakes: boolean): void {
  writeNoteList((entry) => {
    const planted = withMistakes ? MISTAKES.find((mistake) => mistake.entry === entry) : undefined;
    return planted ? { mistake: planted.mistake } : {};
  });
}

const runBuild = () => buildCopy(project.dir);

function assertEachMistakeNamed(output: string): void {
  for (const { mistake, entry, says } of MISTAKES) {
    const page = `notes/${slug(entry)}.html`;
    assert.ok(output.includes(page), `${mistake}: ${page} is not named\n${output.slice(0, 3000)}`);
    // The report of that page says it (an html-validate report starts with the page's file).
    const report = output.slice(output.indexOf(page));
    assert.match(report, says, `${mistake} in ${page}`);
  }
  // And no other entry is blamed.
  const named = new Set([...output.matchAll(/notes\/note-(\d{4})/g)].map((match) => Number(match[1])));
  assert.deepEqual(
    [...named].sort((a, b) => a - b),
    MISTAKES.map(({ entry }) => entry),
  );
}

before(() => {
  project = copyProject();
  mkdirSync(path("pages/notes"));
  writeFileSync(path("pages/notes/[slug].tsx"), TEMPLATE);
});
after(() => project?.remove());

test("cold cache: each planted mistake fails the build, naming its entry's page", () => {
  writeNotes(true);
  // Cold: no manifest of an earlier build, no rendered body, no verdict. The slow caches a checkout keeps
  // (SLOW_CACHES: encoded images, CSS and PDFs, blobs by the hash of their source, which no verdict reads,
  // and the type check's record, which no build reads) stay: encoding the art again took this build 9.6 s
  // where it otherwise takes ~4.
  forgetCaches(project.dir);
  const { ok, output } = runBuild();
  assert.equal(ok, false, output);
  assertEachMistakeNamed(output);
});

test("warm cache: the clean collection builds, its structure judged once; then each planted mistake fails the build, naming its entry's page", () => {
  writeNotes(false);
  const clean = runBuild();
  assert.ok(clean.ok, clean.output);
  assert.match(clean.output, new RegExp(`Built ${ENTRIES + 15} pages`));
  writeNotes(true);
  const { ok, output } = runBuild();
  assert.equal(ok, false, output);
  assertEachMistakeNamed(output);
});

/** Leaves the copy nothing of an earlier build but the slow caches a checkout keeps (as the cold test
 * above): no record, no rendered body, no verdict, no dist/. The work each test needs its helper busy with
 * is new to those caches (500 cards; a stylesheet never compiled), and the art is not encoded again, which
 * cost each of these tests 4 to 9 s. */
function forgetBuilds(): void {
  forgetCaches(project.dir);
  rmSync(path("dist"), { recursive: true, force: true });
}

/** The build failed with this message alone, and every process it started has ended: each carries the
 * copy's temporary folder in its environment, as the build does. */
function assertFailedAlone({ status, stdout, stderr }: ReturnType<typeof buildCopy>, message: string): void {
  assert.equal(stderr, `Build failed: ${message}\n`);
  assert.equal(stdout, "");
  assert.equal(status, 1);
  assert.deepEqual(processesWithEnv("TMPDIR", path(COPY_TMP)), []);
}

test("a page that cannot be written fails a cold build while the encoder draws the cards and html-validate's thread checks the first pages: its message alone, no process left", () => {
  // 500 entries, each with its card: all are asked for before the pages are rendered, and the encoder has
  // drawn few if any when the 100th entry's page is written, while html-validate's thread, still loading,
  // holds the pages written before it. (Measured at the failure: none of the 515 cards answered, nor either
  // of the thread's two batches.)
  writeNoteList(() => ({ card: true }), 500);
  forgetBuilds();
  mkdirSync(path(`dist/notes/${slug(100)}.html`), { recursive: true });
  assertFailedAlone(runBuild(), `dist/notes/${slug(100)}.html cannot be written: EISDIR: illegal operation on a directory, read`);
});

test("an entry whose description the build refuses fails a cold build of 1,000 entries while Sass compiles: its message alone, no process left", () => {
  writeNoteList((entry) => (entry === 1 ? { description: "Too short." } : {}), 1000);
  // A stylesheet Sass would take hours over (a loop of 100 billion steps), so that it is surely compiling
  // when the pages fail: a build that waited for it instead of ending it would never end (npm test stops a
  // file that runs over its limit, and fails it).
  const stylesheet = readFileSync(path("styles/main.scss"), "utf8");
  writeFileSync(
    path("styles/main.scss"),
    `${stylesheet}\n@function spin($n) {\n  $x: 0;\n  @for $i from 1 through $n {\n    $x: $x + $i % 7;\n  }\n  @return $x;\n}\n.spin {\n  width: spin(100000000000) * 1px;\n}\n`,
  );
  forgetBuilds();
  try {
    assertFailedAlone(
      runBuild(),
      `pages/notes/[slug].tsx: getStaticPaths() entry 1 (slug "${slug(1)}"): meta.description is shorter than 50 characters; write one or two sentences for search results, or leave it out for the site's default (seoDefaults in content/site.ts)`,
    );
  } finally {
    writeFileSync(path("styles/main.scss"), stylesheet);
  }
});

test("a symbolic link in content/, art/ or public/ stops the build, naming each link: its message alone, no process left", () => {
  const outside = mkdtempSync(join(tmpdir(), "cedarline-outside-"));
  writeFileSync(join(outside, "notes.md"), "A file of the machine, not of the project.\n");
  const links = { "content/leak.md": join(outside, "notes.md"), "art/linked": outside, "public/leak.txt": join(outside, "notes.md") };
  try {
    for (const [link, target] of Object.entries(links).slice(0, 2)) symlinkSync(target, path(link));
    // The pages are made of content/ and art/: every link in them is named at once.
    assertFailedAlone(
      runBuild(),
      "content/leak.md is a link to a file elsewhere; put the file itself in content/\nart/linked is a link to a folder elsewhere; put the folder itself in art/",
    );
    for (const link of Object.keys(links).slice(0, 2)) rmSync(path(link));
    symlinkSync(links["public/leak.txt"], path("public/leak.txt"));
    // public/ is published as it is.
    assertFailedAlone(runBuild(), "public/leak.txt is a link to a file elsewhere; put the file itself in public/");
  } finally {
    for (const link of Object.keys(links)) rmSync(path(link), { force: true });
    rmSync(outside, { recursive: true, force: true });
  }
});
