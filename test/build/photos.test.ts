// A photograph a page imports, or a content file names, becomes AVIF and WebP at each width up to its own,
// a JPEG at the widest, width and height as a visitor sees it (turned as its EXIF says) and a blurred
// placeholder, each file cached by content, so a second build encodes nothing. The vector art keeps WebP
// and JPEG without a placeholder. Built as a developer builds (npm run build in a project copy).
import assert from "node:assert/strict";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import sharp from "sharp";
import { buildCopyAsync, copyProject, type ProjectCopy } from "../../commands/support/project-copy.ts";

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
  readdirSync(path(".cache/images"))
    .sort()
    .map((file) => [file, statSync(path(`.cache/images/${file}`)).mtimeMs]);

before(async () => {
  project = copyProject();
  mkdirSync(path("art/photos"), { recursive: true });
  // Smooth noise, like a photograph's detail, 900×600 as stored and turned a quarter by its EXIF
  // orientation (6), as a phone saves a portrait: a visitor sees it 600×900.
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
  first = await buildCopyAsync(project.dir);
});

after(() => project?.remove());

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

test("a second build encodes nothing: every file is in the cache by its content", async () => {
  const cached = cachedImages();
  const dist = readdirSync(path("dist/images")).sort();
  const second = await buildCopyAsync(project.dir);
  assert.ok(second.ok, second.output);
  assert.deepEqual(cachedImages(), cached, "no image made again");
  assert.deepEqual(readdirSync(path("dist/images")).sort(), dist);
});
