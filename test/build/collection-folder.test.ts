// The firm's content as a developer builds it (npm run build in one project copy, three builds):
// - a Markdown file in content/case-studies/ is a new page everywhere a study is, with no code changed; a
//   draft, an entry before its publishAt day and one from its expiresAt day are nowhere in a build's
//   output, and a published page linking to one of them fails the build, naming both;
// - a photograph a page imports, or a content file names, becomes AVIF and WebP at each width up to its
//   own, a JPEG at the widest, width and height as a visitor sees it (turned as its EXIF says) and a
//   blurred placeholder, each file cached by content, so a later build encodes none again; the vector art
//   keeps WebP and JPEG without a placeholder;
// - content that crashed, corrupted or misled a build (a list 3,000 deep, a byte that is not UTF-8, a link
//   to data:, a day that is none, aliases nine deep) fails it in one go, each named with its file and line.
// Each build runs beside this process, never blocking it: the test files sharing it answer their own
// servers meanwhile.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import sharp from "sharp";
import { copyProject, type ProjectCopy } from "../../tools/support/project-copy.ts";
import { buildCopyAsync } from "../helpers/copy-build.ts";
import { FIXTURE_STUDY_ROUTE, putFixtureContent } from "../helpers/fixture-site.ts";

const PAGE = `import type { PageMeta } from "../components/head.ts";
import { Picture } from "../components/Picture.tsx";
import photo from "../art/photos/harbour.jpg";

// Without a card of its own, it shows the site's social image.
export const meta: PageMeta = { title: "A photograph", description: "A page that shows a photograph, for the build's tests.", socialCard: false };

export default function PhotoPage() {
  return (
    <div className="container">
      <h1>A photograph</h1>
      <Picture image={photo} alt="The harbour at dusk" sizes="(min-width: 48rem) 40rem, 100vw" className="photo" />
    </div>
  );
}
`;

let project: ProjectCopy;
let first: Awaited<ReturnType<typeof buildCopyAsync>>;
const path = (file: string) => join(project.dir, file);
/** Each encoded file in the cache, and when it was written. */
const cachedImages = () =>
  readdirSync(path(".cache/blobs/images"))
    .sort()
    .map((file) => [file, statSync(path(`.cache/blobs/images/${file}`)).mtimeMs] as const);
/** The fixture study with a photo (the copy's content is the fixtures'), and its file. */
const STUDY_FILE = `content${FIXTURE_STUDY_ROUTE}.md`;
const studyText = readFileSync(`test/fixtures/${STUDY_FILE}`, "utf8");
const dist = (file: string) => join(project.dir, "dist", file);

/** A study made from the fixture one: its title, its place in the list, and `fields` added to its front matter. */
function study(slug: string, title: string, fields = "") {
  const text = studyText
    .replace("title: Fixture study with a photo", `title: ${title}`)
    .replace(/cover:\n( {2}.*\n)+/, "")
    .replace("order: 2", `order: 7\n${fields}`);
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
  // The fixtures' content (test/fixtures/), to which the studies below are added: never the firm's.
  putFixtureContent(project.dir);
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
  // A page that shows a photograph: smooth noise, like a photograph's detail, 900×600 as stored and turned
  // a quarter by its EXIF orientation (6), as a phone saves a portrait: a visitor sees it 600×900.
  const noise = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#000", noise: { type: "gaussian", mean: 120, sigma: 50 } } })
    .blur(1.5)
    .png()
    .toBuffer();
  const photo = await sharp(noise).jpeg({ quality: 90 }).withMetadata({ orientation: 6 }).toBuffer();
  writeFileSync(path("art/photos/harbour.jpg"), photo);
  writeFileSync(path("pages/photo.tsx"), PAGE);
  // The content file names it too: the social image, for a page without a card of its own.
  const site = readFileSync(path("content/site.yaml"), "utf8");
  writeFileSync(path("content/site.yaml"), site.replace("src: art/hero.svg", "src: art/photos/harbour.jpg"));
  first = await buildCopyAsync(project.dir, "dist", { BUILD_DATE: "2026-11-26" });
});
after(() => project.remove());

test("a new Markdown file is a page in the list, the sitemap, with its card, structured data and PDF; a draft and the dated entries out of their days are nowhere", async () => {
  assert.ok(first.ok, first.output);
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

test("a photograph becomes AVIF and WebP at each width, a JPEG, its size as seen, its alt and a placeholder", async () => {
  assert.ok(first.ok, first.output);
  const html = readFileSync(path("dist/photo.html"), "utf8");
  const picture = /<span class="picture photo">.*?<\/span>/.exec(html)?.[0] ?? "";
  assert.match(picture, /<img class="picture__placeholder" src="data:image\/webp;base64,[A-Za-z0-9+/=]+" alt="" width="600" height="900"\/>/);
  const sources = [...picture.matchAll(/<source type="([^"]+)" srcSet="([^"]+)"/g)].map(([, type, srcSet]) => [type, srcSet]);
  assert.deepEqual(
    sources.map(([type]) => type),
    ["image/avif", "image/webp"],
  );
  assert.match(picture, /<img class="picture__image" src="\/images\/harbour-600\.[0-9a-f]{8}\.jpg" alt="The harbour at dusk" width="600" height="900"/);
  for (const [type, srcSet] of sources) {
    const files = srcSet.split(", ").map((entry) => entry.split(" "));
    assert.deepEqual(
      files.map(([, width]) => width),
      ["320w", "480w", "600w"],
      type,
    );
    for (const [file, width] of files) {
      const { format, width: actual, height } = await sharp(readFileSync(path(`dist${file}`))).metadata();
      assert.equal(format, type === "image/avif" ? "heif" : "webp", file);
      assert.equal(`${actual}w`, width, file);
      assert.equal(height, Math.round((Number.parseInt(width, 10) * 900) / 600), `${file} is upright`);
    }
  }
  // The placeholder costs the page a few hundred bytes.
  const placeholder = /src="(data:[^"]+)"/.exec(picture)?.[1] ?? "";
  assert.ok(placeholder.length < 600, `${placeholder.length} characters`);
});

test("the content file's image is the social image, cropped to 1200×630", async () => {
  const html = readFileSync(path("dist/photo.html"), "utf8");
  const image = /<meta property="og:image" content="[^"]*(\/images\/[^"]+)"/.exec(html)?.[1];
  assert.ok(image, "a page without a card shows the site's social image");
  assert.match(image, /^\/images\/harbour-social-1200\.[0-9a-f]{8}\.jpg$/);
  const { width, height } = await sharp(readFileSync(path(`dist${image}`))).metadata();
  assert.deepEqual([width, height], [1200, 630]);
});

test("the vector art keeps WebP and JPEG, without a placeholder", () => {
  const html = readFileSync(path("dist/index.html"), "utf8");
  assert.match(
    html,
    /<picture><source type="image\/webp" srcSet="\/images\/hero-320\.[0-9a-f]{8}\.webp 320w, [^"]*1600w" sizes="100vw"\/><img class="hero__image"/,
  );
  const body = html.slice(html.indexOf("<body"));
  assert.ok(!body.includes("image/avif") && !body.includes('<img class="picture__placeholder"'), "no AVIF, no placeholder");
});

test("a published page linking to a draft fails the build, naming the page, the link and the draft's file", async () => {
  const file = join(project.dir, STUDY_FILE);
  writeFileSync(file, studyText.replace("## Solution\n", "## Solution\n\nSee [the draft](/case-studies/a-draft-study).\n"));
  try {
    const built = await buildCopyAsync(project.dir, "dist", { BUILD_DATE: "2026-11-26" });
    assert.equal(built.ok, false, built.output);
    assert.match(
      built.output,
      /\/case-studies\/fixture-pilot-with-photo\.html: "\/case-studies\/a-draft-study": content\/case-studies\/a-draft-study\.md is a draft, so no page is there: publish it, or remove the link/,
    );
  } finally {
    writeFileSync(file, studyText);
  }
});

test("on its publishAt day a dated entry is built; from its expiresAt day it is gone; no photograph or art is encoded again", async () => {
  const cached = cachedImages();
  const images = readdirSync(dist("images")).sort();
  const built = await buildCopyAsync(project.dir, "dist", { BUILD_DATE: "2026-12-01" });
  assert.ok(built.ok, built.output);
  // Every file in the cache by its content: the one file made is the new page's social card.
  const now = cachedImages();
  assert.deepEqual(
    now.filter(([file]) => cached.some(([before]) => before === file)),
    cached,
    "no image made again",
  );
  assert.deepEqual(
    now.filter(([file]) => !cached.some(([before]) => before === file)).map(([file]) => file.slice(-4)),
    [".png"],
  );
  const madeNow = readdirSync(dist("images")).filter((file) => !images.includes(file));
  assert.deepEqual(
    madeNow.map((file) => file.replace(/\.[0-9a-f]+\.png$/, "")),
    ["card-case-studies-a-future-study"],
  );
  assert.ok(existsSync(dist("case-studies/a-future-study.html")), "published on its day");
  assert.ok(!existsSync(dist("case-studies/an-expired-study.html")), "still taken down");
  assert.ok(!existsSync(dist("case-studies/a-draft-study.html")), "a draft is never built");
});

test("content that crashed, corrupted or misled the build fails it, each file named with its line and what to write, no stack trace", async () => {
  const kept = ["content/services.yaml", "content/home.yaml", "content/bio.md"].map((file) => [file, readFileSync(path(file))] as const);
  // "café" saved as Latin-1 (its é the one byte E9): published as "caf\ufffd".
  const services = Buffer.from(readFileSync(path("content/services.yaml"), "utf8").replace("intro:\n  heading: ", "intro:\n  heading: caf@ "));
  services[services.indexOf("caf@") + 3] = 0xe9;
  writeFileSync(path("content/services.yaml"), services);
  // A list 3,000 deep on one line: the stack overflowed, naming no file.
  study("deep-list", "A Deep List");
  const deep = path("content/case-studies/deep-list.md");
  writeFileSync(deep, readFileSync(deep, "utf8").replace("## Solution\n", `## Solution\n\n${"- ".repeat(3000)}a point\n`));
  study("data-link", "A Data Link", "publishAt: tomorrow");
  const linked = path("content/case-studies/data-link.md");
  writeFileSync(linked, readFileSync(linked, "utf8").replace("## Solution\n", "## Solution\n\nSee [the report](data:text/html,hello).\n"));
  // Aliases nine deep, a billion copies of a word: refused by yaml, naming no file.
  const levels = [..."abcdefghi"];
  const tenOf = (value: string) => `[${Array(10).fill(value).join(", ")}]`;
  writeFileSync(path("content/home.yaml"), `${levels.map((name, i) => `${name}: &${name} ${tenOf(i === 0 ? "word" : `*${levels[i - 1]}`)}`).join("\n")}\n`);
  // A byte-order mark is no problem at all: "has no fields at its top" was.
  writeFileSync(path("content/bio.md"), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), kept[2][1]]));
  try {
    const built = await buildCopyAsync(project.dir, "dist", { BUILD_DATE: "2026-11-26" });
    assert.equal(built.status, 1, built.output);
    const lineIn = (file: string, text: string) =>
      readFileSync(path(file), "latin1")
        .split("\n")
        .findIndex((line) => line.includes(text)) + 1;
    for (const message of [
      `content/services.yaml:${lineIn("content/services.yaml", "caf")} holds the byte E9 after "  heading: caf", which is not UTF-8 text; save the file as UTF-8`,
      `content/case-studies/deep-list.md:${lineIn("content/case-studies/deep-list.md", "- - -")} lists or quotation blocks nested more than 20 deep ("- - - - `,
      `content/case-studies/data-link.md:${lineIn("content/case-studies/data-link.md", "publishAt")} publishAt: "tomorrow" is not a day; write it as YYYY-MM-DD, such as 2026-11-24`,
      `content/case-studies/data-link.md:${lineIn("content/case-studies/data-link.md", "data:")} a link to "data:text/html,hello" cannot be in the text; link to a page of this site`,
      "content/home.yaml:2 cannot be read: its aliases, from *a on, repeat values more times over than a content file needs",
    ])
      assert.ok(built.output.includes(message), `${message}\n${built.output}`);
    assert.doesNotMatch(built.output, /content\/bio\.md|\n\s+at /);
  } finally {
    for (const [file, bytes] of kept) writeFileSync(path(file), bytes);
    for (const slug of ["deep-list", "data-link"]) rmSync(path(`content/case-studies/${slug}.md`));
  }
});
