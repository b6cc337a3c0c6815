// Inputs that would publish something wrong stop `npm run build` (on a project copy) with exit 1 and a
// message naming the file, the line where there is one, what was found and what to write: two redirects
// from one address (nginx refuses two locations, the other hosts pick a target each), a redirect to no
// page, a photograph of more pixels than sharp decodes, a case study named index (hosts serve
// case-studies/index.html at /case-studies/, another page), a logo that is no plain drawing (it is
// inlined into every page). Each fails early in the build; the content's problems are told together, in
// one build. How each check words its message, and the logos' other refusals (an @import among them):
// test/build/content-schema.test.ts, hosts.test.ts, test/unit/plain-svg.test.ts.
import assert from "node:assert/strict";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { copyProject, type ProjectCopy } from "../../tools/support/project-copy.ts";
import { buildCopy } from "../helpers/copy-build.ts";
import { FIXTURE_STUDY_ROUTE, putFixtureContent } from "../helpers/fixture-site.ts";
import { pngHeader } from "../helpers/png-header.ts";

let project: ProjectCopy;
const path = (file: string) => join(project.dir, file);
const read = (file: string) => readFileSync(path(file), "utf8");
/** The line (from 1) of `text` in `file` as it is now. */
const lineIn = (file: string, text: string) => read(file).split("\n").indexOf(text) + 1;

/** Saves each file's text, builds, and puts every file back as it was (a new one removed); returns what the build did. */
function buildWith(files: Record<string, string | Buffer>): ReturnType<typeof buildCopy> {
  const before = Object.keys(files).map((file) => [file, existsSync(path(file)) ? readFileSync(path(file)) : null] as const);
  try {
    for (const [file, text] of Object.entries(files)) writeFileSync(path(file), text);
    return buildCopy(project.dir);
  } finally {
    for (const [file, bytes] of before) bytes ? writeFileSync(path(file), bytes) : rmSync(path(file));
  }
}

/** Asserts a build that failed as a person should see it: exit 1, the message, no stack trace. */
function assertRefused(built: ReturnType<typeof buildCopy>, ...messages: string[]): void {
  assert.equal(built.status, 1, built.output);
  for (const message of messages) assert.ok(built.stderr.includes(message), `${message}\nnot in:\n${built.output}`);
  assert.doesNotMatch(built.output, /\n\s+at /, "no stack trace");
}

before(() => {
  project = copyProject();
  // The fixtures' content (test/fixtures/), in which the mistakes are planted: never the firm's.
  putFixtureContent(project.dir);
});

after(() => project?.remove());

test("two redirects from one address, a huge photograph and a case study named index are each named in one build", () => {
  const redirects = read("content/redirects.yaml");
  const study = `content${FIXTURE_STUDY_ROUTE}.md`;
  const built = buildWith({
    "content/redirects.yaml": `${redirects}\n- from: /work/\n  to: /services\n  status: 302\n`,
    "art/huge.png": pngHeader(30000, 30000),
    [study]: read(study).replace("src: art/fixture-pilot.jpg", "src: art/huge.png"),
    "content/case-studies/index.md": read(study).replace("order: 2", "order: 7"),
  });
  const from = redirects.split("\n").indexOf("- from: /work") + 1;
  assertRefused(
    built,
    `content/redirects.yaml:${from} and :${redirects.split("\n").length + 1} both lead from /work; keep one`,
    `${study}:${lineIn(study, "  src: art/fixture-pilot.jpg")} src: art/huge.png is 30000×30000 pixels; the largest an image may be is 16383×16383 (268 megapixels): scale it down, e.g. to 1920 px wide, the widest the site shows it, and save it again`,
    "content/case-studies/index.md: its name is its page's address, and hosts serve a page named index at /case-studies/, another page than /case-studies; rename it, such as my-study.md",
  );
});

test("a redirect to no page names content/redirects.yaml and its line", () => {
  const redirects = read("content/redirects.yaml");
  const built = buildWith({ "content/redirects.yaml": `${redirects}\n- from: /team\n  to: /our-team\n  status: 301\n` });
  assertRefused(
    built,
    `content/redirects.yaml:${redirects.split("\n").length + 2} to: /our-team is no page; lead to a route the site has, such as /case-studies`,
  );
});

test("a logo with a javascript: link is refused, not inlined into every page", () => {
  const logo = read("public/logos/asa.svg");
  const linked = logo.replace(/<path/, '\n<a href="javascript:alert(document.cookie)"><path').replace("</svg>", "</a></svg>");
  assertRefused(
    buildWith({ "public/logos/asa.svg": linked }),
    'public/logos/asa.svg:2 holds a link to "javascript:alert(document.cookie)"; an SVG here must be a plain drawing',
  );
});
