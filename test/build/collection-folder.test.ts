// A Markdown file in content/case-studies/ is a new page everywhere a study is, with no code changed; a
// draft, an entry before its publishAt day and one from its expiresAt day are nowhere in a build's output,
// and a published page linking to one of them fails the build, naming both. Each build runs beside this
// process, never blocking it: the test files sharing it answer their own servers meanwhile.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import sharp from "sharp";
import { buildCopyAsync, copyProject, type ProjectCopy } from "../../commands/support/project-copy.ts";

let project: ProjectCopy;
const eqos = readFileSync("content/case-studies/eqos-initiative.md", "utf8");
const dist = (file: string) => join(project.dir, "dist", file);

/** A study made from the EQOS one: its title, its place in the list, and `fields` added to its front matter. */
function study(slug: string, title: string, fields = "") {
  const text = eqos.replace("title: EQOS Initiative", `title: ${title}`).replace("order: 3", `order: 7\n${fields}`);
  writeFileSync(join(project.dir, `content/case-studies/${slug}.md`), text.replace(/\n\n+---/, "\n---"));
}

/** Every file a build wrote, the site and the hosts' configuration, with its text. */
function written(): Map<string, string> {
  const all = new Map<string, string>();
  for (const folder of ["dist", "dist-hosts"]) {
    const root = join(project.dir, folder);
    if (!existsSync(root)) continue;
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true }))
      if (entry.isFile()) all.set(join(entry.parentPath, entry.name), readFileSync(join(entry.parentPath, entry.name), "latin1"));
  }
  return all;
}

before(async () => {
  project = copyProject();
  // Its cover: a photograph, as a writer would add one (a JPEG with a gradient, made here).
  mkdirSync(join(project.dir, "art/photos"), { recursive: true });
  const pixels = Buffer.alloc(640 * 360 * 3, 0).map((_, i) => (i * 7) % 251);
  await sharp(pixels, { raw: { width: 640, height: 360, channels: 3 } })
    .jpeg()
    .toFile(join(project.dir, "art/photos/a-new-study.jpg"));
  study("a-new-study", "A New Study", "cover:\n  src: art/photos/a-new-study.jpg\n  alt: Workshop participants around a table of sticky notes");
  study("a-draft-study", "A Draft Study", "draft: true");
  study("a-future-study", "A Future Study", "publishAt: 2026-12-01");
  study("an-expired-study", "An Expired Study", "expiresAt: 2026-11-26");
});
after(() => project.remove());

test("a new Markdown file is a page in the list, the sitemap, with its card, structured data and PDF; a draft and the dated entries out of their days are nowhere", async () => {
  const built = await buildCopyAsync(project.dir, "dist", { BUILD_DATE: "2026-11-26" });
  assert.ok(built.ok, built.output);
  const page = readFileSync(dist("case-studies/a-new-study.html"), "utf8");
  assert.match(page, /<h1 class="page-header__title">A New Study<\/h1>/);
  assert.match(readFileSync(dist("case-studies.html"), "utf8"), /<a href="\/case-studies\/a-new-study">A New Study<\/a>/);
  assert.match(readFileSync(dist("sitemap.xml"), "utf8"), /\/case-studies\/a-new-study<\/loc>/);
  const card = /<meta property="og:image" content="[^"]*?(\/images\/card-case-studies-a-new-study\.[0-9a-f]+\.png)"/.exec(page)?.[1];
  assert.ok(card && existsSync(dist(card)), `its card ${card}`);
  assert.match(page, /"@type":"Article","@id":"[^"]*\/case-studies\/a-new-study#article","headline":"A New Study"/);
  assert.ok(readFileSync(dist("case-studies/a-new-study.pdf")).subarray(0, 5).toString() === "%PDF-", "its PDF");
  // Its cover, encoded as a photograph is, with its alt text and size.
  assert.match(page, /<source type="image\/avif" srcSet="\/images\/a-new-study-320\.[0-9a-f]+\.avif 320w, /);
  assert.match(
    page,
    /<img class="picture__image" src="\/images\/a-new-study-640\.[0-9a-f]+\.jpg" alt="Workshop participants around a table of sticky notes" width="640" height="360"/,
  );

  for (const slug of ["a-draft-study", "a-future-study", "an-expired-study"]) {
    for (const [file, text] of written()) assert.ok(!file.includes(slug) && !text.includes(slug), `${slug} is in ${file}`);
  }
});

test("a published page linking to a draft fails the build, naming the page, the link and the draft's file", async () => {
  const file = join(project.dir, "content/case-studies/eqos-initiative.md");
  writeFileSync(file, eqos.replace("## Solution\n", "## Solution\n\nSee [the draft](/case-studies/a-draft-study).\n"));
  try {
    const built = await buildCopyAsync(project.dir, "dist", { BUILD_DATE: "2026-11-26" });
    assert.equal(built.ok, false, built.output);
    assert.match(
      built.output,
      /\/case-studies\/eqos-initiative\.html: "\/case-studies\/a-draft-study": content\/case-studies\/a-draft-study\.md is a draft, so no page is there: publish it, or remove the link/,
    );
  } finally {
    writeFileSync(file, eqos);
  }
});

test("on its publishAt day a dated entry is built; from its expiresAt day it is gone", async () => {
  const built = await buildCopyAsync(project.dir, "dist", { BUILD_DATE: "2026-12-01" });
  assert.ok(built.ok, built.output);
  assert.ok(existsSync(dist("case-studies/a-future-study.html")), "published on its day");
  assert.ok(!existsSync(dist("case-studies/an-expired-study.html")), "still taken down");
  assert.ok(!existsSync(dist("case-studies/a-draft-study.html")), "a draft is never built");
});
