// The content files are checked against their schema (content/collections.ts), and what is wrong is said
// to the person who edited the file: the file and line, the field, what was found and what to write.
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { image as imageField } from "../../content/collections.ts";
import { ContentError, checkContent, contentModule } from "../../steps/content.ts";
import { loadPages } from "../../steps/pages.ts";

const root = process.cwd();
const services = readFileSync("content/services.yaml", "utf8");
const site = readFileSync("content/site.yaml", "utf8");

/** The problems `source` has as `file`, one message each; none when it passes. */
function problemsOf(file: "content/services.yaml" | "content/site.yaml" | "content/redirects.yaml", source: string): string[] {
  try {
    checkContent(root, file, source);
    return [];
  } catch (error) {
    assert.ok(error instanceof ContentError, String(error));
    return error.problems;
  }
}

/** The line (from 1) of the first line of `source` holding `text`. */
const lineOf = (source: string, text: string) => source.split("\n").findIndex((line) => line.includes(text)) + 1;

test("the content as it is passes its schema", () => {
  for (const file of ["content/services.yaml", "content/site.yaml", "content/redirects.yaml"] as const)
    assert.deepEqual(problemsOf(file, readFileSync(file, "utf8")), [], file);
});

test("a price that is not a number names the file, the line, the field, what was found and what to write", () => {
  const line = lineOf(services, "price: 75000");
  assert.deepEqual(problemsOf("content/services.yaml", services.replace("price: 75000", 'price: "75k"')), [
    `content/services.yaml:${line} price: "75k" is not a number of US dollars; write 75000`,
  ]);
});

test("a missing field, an unknown field and a wrong type are each named with their line", () => {
  // A field left out is named at the start of the entry that lacks it.
  const entry = lineOf(services, "- name: AI Product Development");
  assert.deepEqual(problemsOf("content/services.yaml", services.replace("    weeks: 20\n", "")), [
    `content/services.yaml:${entry} weeks is missing; write how many weeks it takes, such as 12`,
  ]);

  const unknown = problemsOf("content/services.yaml", services.replace("    weeks: 20\n", "    weeks: 20\n    discount: 10\n"));
  assert.deepEqual(unknown.length, 1);
  assert.match(unknown[0], /^content\/services.yaml:\d+ discount is not a field of packages item 2; remove it, or use one of name, price, weeks,/);

  const featured = lineOf(services, "featured: true");
  assert.deepEqual(problemsOf("content/services.yaml", services.replace("featured: true", "featured: yes please")), [
    `content/services.yaml:${featured} featured: "yes please" is not true or false; write true or false`,
  ]);
});

test("a token the site's facts do not hold is an error; the known ones are listed", () => {
  const problems = problemsOf("content/services.yaml", services.replace("{{ company.name }} offers", "{{ company.nickname }} offers"));
  assert.equal(problems.length, 1);
  assert.match(problems[0], /^content\/services.yaml:\d+ text: \{\{ company.nickname \}\} is not a fact of the site; use one of \{\{ company.name \}\}/);
});

test("a web address may be a token, and is checked as the visitor reads it", () => {
  assert.deepEqual(problemsOf("content/site.yaml", site), []);
  const line = lineOf(site, "url: https://claudecodefornoncoders.substack.com");
  // The address is wrong where it is written, and so where a token prints it.
  assert.deepEqual(problemsOf("content/site.yaml", site.replace("url: https://claudecodefornoncoders.substack.com", "url: claudecodefornoncoders")), [
    `content/site.yaml:${line} url: "claudecodefornoncoders" is not a web address; write a full address starting with https://`,
    `content/site.yaml:${lineOf(site, 'href: "{{ newsletter.url }}"')} href: "claudecodefornoncoders" is not a link; write a path on this site, such as "/case-studies", or a full address starting with https://`,
  ]);
});

test("an image must say what it shows, unless the schema calls it decorative, and its file must be there", () => {
  const image = lineOf(site, "  image:");
  const src = lineOf(site, "src: art/hero.svg");
  assert.deepEqual(problemsOf("content/site.yaml", site.replace(/\n {4}alt: .*\n/, "\n")), [
    `content/site.yaml:${image} alt is missing; write what the image shows, for a visitor who cannot see it`,
  ]);
  assert.deepEqual(problemsOf("content/site.yaml", site.replace(/alt: "\{\{ company.name \}\}: .*"/, 'alt: ""')), [
    `content/site.yaml:${src + 1} alt: "" is not text; write what the image shows, for a visitor who cannot see it`,
  ]);
  assert.deepEqual(problemsOf("content/site.yaml", site.replace("src: art/hero.svg", "src: art/photos/nobody.jpg")), [
    `content/site.yaml:${src} src: "art/photos/nobody.jpg" is not a file of the project; put the image there, or write the path of one that is`,
  ]);
  assert.deepEqual(problemsOf("content/site.yaml", site.replace("src: art/hero.svg", "src: art/hero.gif")), [
    `content/site.yaml:${src} src: "art/hero.gif" is not an image file; write the path of a JPEG, PNG, WebP or SVG file from the project's folder, such as art/photos/founder.jpg`,
  ]);
  // A decorative image (a background) may leave alt empty or out; no other may.
  assert.deepEqual(imageField({ decorative: true }).parse({ src: "art/hero.svg" }), { src: "art/hero.svg", alt: "" });
  assert.deepEqual(imageField({ decorative: true }).parse({ src: "art/hero.svg", alt: "" }), { src: "art/hero.svg", alt: "" });
  assert.equal(imageField().safeParse({ src: "art/hero.svg", alt: "" }).success, false);
});

test("a content file's image is read for its size and becomes an input of the page bundle", () => {
  const checked = checkContent(root, "content/site.yaml", site) as { seoDefaults: { image: object } };
  assert.deepEqual(checked.seoDefaults.image, {
    src: "art/hero.svg",
    alt: "Cedarline Advisory: Strategy, AI products and transformation for organizations that change lives.",
    width: 1600,
    height: 900,
  });
  assert.match(contentModule(root, "content/site.yaml", site), new RegExp(`import image0 from "${join(root, "art/hero.svg")}";`));
});

test("YAML that cannot be read says where", () => {
  const problems = problemsOf("content/redirects.yaml", "- from: /work\n  to: /case-studies\n status: 301\n");
  assert.equal(problems.length, 1);
  assert.match(problems[0], /^content\/redirects.yaml:3 cannot be read: .*; check the indentation and quotes there$/);
});

test("a content error stops the page bundle with the file's own message", async () => {
  const copy = mkdtempSync(join(tmpdir(), "content-"));
  try {
    for (const folder of ["pages", "components", "content", "islands", "shared", "browser", "steps"]) cpSync(folder, join(copy, folder), { recursive: true });
    writeFileSync(join(copy, "content/services.yaml"), services.replace("price: 125000", "price: $125k"));
    await assert.rejects(loadPages(copy), (error: Error) => {
      assert.match(
        error.message,
        new RegExp(`content/services.yaml:${lineOf(services, "price: 125000")} price: "\\$125k" is not a number of US dollars; write 75000`),
      );
      return true;
    });
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});
