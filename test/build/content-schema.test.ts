// The content files are checked against their schema (content/collections.ts), and what is wrong is said
// to the person who edited the file: the file and line, the field, what was found and what to write.
import assert from "node:assert/strict";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { image as imageField } from "../../content/collections.ts";
import { ContentError, contentModule, readContentFile } from "../../steps/content.ts";
import { ContentChecks } from "../../steps/content-checks.ts";
import { loadPages } from "../../steps/pages.ts";
import { FIXTURES, putFixtureContent } from "../helpers/fixture-site.ts";
import { pngHeader } from "../helpers/png-header.ts";

/** The firm's project, whose content must pass its schema as it is. */
const live = process.cwd();
/** The fixtures' (test/fixtures/): each mistake below is planted in a fixture, never in the firm's words, so
 * that an edit of the firm's content changes nothing here. */
const root = join(live, FIXTURES);
const fixture = (file: string) => readFileSync(join(root, file), "utf8");
const services = fixture("content/services.yaml");
const site = fixture("content/site.yaml");
const bio = fixture("content/bio.md");
const privacy = fixture("content/privacy.md");
const terms = fixture("content/terms.md");

/** The problems `source` has as `file` (of `project`), one message each; none when it passes. */
function problemsOf(file: string, source: string, project = root): string[] {
  try {
    readContentFile(project, file, source);
    return [];
  } catch (error) {
    assert.ok(error instanceof ContentError, String(error));
    return error.problems;
  }
}

/** The line (from 1) of the first line of `source` holding `text`. */
const lineOf = (source: string, text: string) => source.split("\n").findIndex((line) => line.includes(text)) + 1;

test("the content as it is passes its schema", () => {
  for (const file of [
    "content/services.yaml",
    "content/site.yaml",
    "content/redirects.yaml",
    "content/home.yaml",
    "content/about.yaml",
    "content/contact.yaml",
    "content/bio.md",
    "content/privacy.md",
    "content/terms.md",
  ] as const)
    assert.deepEqual(problemsOf(file, readFileSync(file, "utf8"), live), [], file);
});

test("a price that is not a number names the file, the line, the field, what was found and what to write", () => {
  const line = lineOf(services, "price: 11000");
  assert.deepEqual(problemsOf("content/services.yaml", services.replace("price: 11000", 'price: "75k"')), [
    `content/services.yaml:${line} price: "75k" is not a number of US dollars; write 75000`,
  ]);
});

test("a missing field, an unknown field and a wrong type are each named with their line", () => {
  // A field left out is named at the start of the entry that lacks it.
  const entry = lineOf(services, "- name: Fixture Package Two");
  assert.deepEqual(problemsOf("content/services.yaml", services.replace("    weeks: 5\n", "")), [
    `content/services.yaml:${entry} weeks is missing; write how many weeks it takes, such as 12`,
  ]);

  const unknown = problemsOf("content/services.yaml", services.replace("    weeks: 5\n", "    weeks: 5\n    discount: 10\n"));
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
  const line = lineOf(site, "url: https://fixture-letter.example");
  // The address is wrong where it is written, and so where a token prints it.
  assert.deepEqual(problemsOf("content/site.yaml", site.replace("url: https://fixture-letter.example", "url: fixture-letter")), [
    `content/site.yaml:${line} url: "fixture-letter" is not a web address; write a full address starting with https://`,
    `content/site.yaml:${lineOf(site, 'href: "{{ newsletter.url }}"')} href: "fixture-letter" is not a link; write a path on this site, such as "/case-studies", or a full address starting with https://`,
  ]);
});

test("a publication is an Article or a Whitepaper, whose address is its PDF's; the fields of a Markdown file are named by their line", () => {
  const kind = lineOf(bio, "kind: Whitepaper");
  assert.deepEqual(problemsOf("content/bio.md", bio.replace("kind: Whitepaper", "kind: Book")), [
    `content/bio.md:${kind} kind: "Book" is not a kind of publication; write Article, or Whitepaper for a report published as a PDF`,
  ]);
  const pdf = "https://fixture-publisher.example/a-fixture-whitepaper.pdf";
  assert.deepEqual(problemsOf("content/bio.md", bio.replace(pdf, pdf.replace(".pdf", ".html"))), [
    `content/bio.md:${lineOf(bio, pdf)} url: "${pdf.replace(".pdf", ".html")}" is not the address of a PDF; write a full address starting with https:// and ending in .pdf`,
  ]);
  // An article's address is any page's; the fields an option of the union has are the ones listed.
  const unknown = problemsOf("content/bio.md", bio.replace("kind: Article", "kind: Article\n    pages: 3"));
  assert.deepEqual(unknown, [
    `content/bio.md:${lineOf(bio, "kind: Article") + 1} pages is not a field of publications item 1; remove it, or use one of kind, title, outlet, published, url`,
  ]);
  assert.deepEqual(problemsOf("content/bio.md", bio.replace("published: 2025-02", "published: March 2025")), [
    `content/bio.md:${lineOf(bio, "published: 2025-02")} published: "March 2025" is not a year and month; write one such as 2025-03`,
  ]);
});

test("the privacy policy may name the facts its page fills in, and no other file may; an unknown token names its paragraph's line", () => {
  assert.ok(privacy.includes('"{{ storage.consentKey }}", and'), "the policy names the consent key");
  const paragraph = lineOf(privacy, "{{ consent.beforeChoosing }}");
  const problems = problemsOf("content/privacy.md", privacy.replace('"{{ storage.consentKey }}", and', '"{{ storage.themeKey }}", and'));
  assert.equal(problems.length, 1);
  assert.match(
    problems[0],
    new RegExp(
      `^content/privacy.md:${paragraph} the text: \\{\\{ storage.themeKey \\}\\} is not a fact of the site; use one of .*\\{\\{ storage.consentKey \\}\\}`,
    ),
  );
  // The terms' page fills in nothing: the privacy policy's tokens are unknown there.
  const newsletter = lineOf(terms, "## Changes and Contact");
  const inTerms = problemsOf("content/terms.md", terms.replace("## Changes and Contact\n", "## Changes and Contact\n\nAsk for {{ storage.consentKey }}.\n"));
  assert.equal(inTerms.length, 1);
  assert.match(inTerms[0], new RegExp(`^content/terms.md:${newsletter + 2} the text: \\{\\{ storage.consentKey \\}\\} is not a fact of the site`));
  assert.doesNotMatch(inTerms[0], /consent\.beforeChoosing/);
});

test("a policy's text holds no HTML and begins with a ## heading, and each problem names its line", () => {
  const newsletter = lineOf(privacy, "## Contact Us");
  assert.deepEqual(problemsOf("content/privacy.md", privacy.replace("## Contact Us\n", "## Contact Us\n\n<p>Subscribe</p>\n")), [
    `content/privacy.md:${newsletter + 2} HTML ("<p>Subscribe</p>") cannot be in the text; write it in Markdown, or leave it out`,
  ]);
  assert.deepEqual(problemsOf("content/terms.md", terms.replace("\n## Fixture Terms Section\n", "\nWelcome.\n\n## Fixture Terms Section\n")), [
    `content/terms.md:${lineOf(terms, "## Fixture Terms Section")} the text begins before its first ## heading; start it with one, such as ## Who We Are`,
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
  const checked = readContentFile(root, "content/site.yaml", site).data as { seoDefaults: { image: object } };
  assert.deepEqual(checked.seoDefaults.image, {
    src: "art/hero.svg",
    alt: "Fixture Firm: A made-up firm whose pages test the templates.",
    width: 1600,
    height: 900,
  });
  assert.match(contentModule(root, "content/site.yaml", site).code, new RegExp(`import image0 from "${join(root, "art/hero.svg")}";`));
  // An alt text with what String.replace reads as patterns ($& the match, $' what follows) is written as it is.
  const alt = "Fees cut by $' and $& and $$";
  const { code } = contentModule(
    root,
    "content/site.yaml",
    site.replace('alt: "{{ company.name }}: {{ company.tagline }}"', () => `alt: "${alt}"`),
  );
  assert.ok(code.includes(`{ ...${JSON.stringify({ src: "art/hero.svg", alt, width: 1600, height: 900 })}, ...image0 }`), code);
});

test("YAML that cannot be read says where", () => {
  const problems = problemsOf("content/redirects.yaml", "- from: /work\n  to: /case-studies\n status: 301\n");
  assert.equal(problems.length, 1);
  assert.match(problems[0], /^content\/redirects.yaml:3 cannot be read: .*; check the indentation and quotes there$/);
});

test("a content error stops the page bundle with the file's own message", async () => {
  const copy = mkdtempSync(join(tmpdir(), "content-"));
  try {
    for (const folder of ["pages", "components", "content", "islands", "shared", "browser", "steps", "art"])
      cpSync(folder, join(copy, folder), { recursive: true });
    symlinkSync(join(live, "node_modules"), join(copy, "node_modules"), "dir");
    // The fixtures' content, with a price the schema refuses.
    putFixtureContent(copy);
    writeFileSync(join(copy, "content/services.yaml"), services.replace("price: 22000", "price: $125k"));
    await assert.rejects(loadPages(copy), (error: Error) => {
      assert.match(
        error.message,
        new RegExp(`^content/services.yaml:${lineOf(services, "price: 22000")} price: "\\$125k" is not a number of US dollars; write 75000`),
      );
      return true;
    });
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});

/** The fixture study with a cover photo: its mistakes are named by its path as the project has it. */
const EQOS = "content/case-studies/fixture-pilot-with-photo.md";
const eqos = fixture(EQOS);

test("a case study: a summary a search result would cut, or one that does not end a sentence, and a day that is not one, each name their line", () => {
  const summary = lineOf(eqos, "summary:");
  const long = eqos.replace("PDF to download.", `PDF to download. ${"It also says a good deal more than any search result would show. ".repeat(2)}`);
  const [cut] = problemsOf(EQOS, long);
  assert.match(cut, new RegExp(`^${EQOS}:${summary} summary: ".*" is not whole sentences of at most 160 characters; write one or two sentences`));
  assert.match(problemsOf(EQOS, eqos.replace("PDF to download.", "PDF to download"))[0], new RegExp(`^${EQOS}:${summary} summary: .* is not whole sentences`));
  const published = lineOf(eqos, "published:");
  for (const day of ["2026-02-30", "26 November 2026"])
    assert.deepEqual(problemsOf(EQOS, eqos.replace("published: 2025-10-01", `published: ${day}`)), [
      `${EQOS}:${published} published: "${day}" is not a day; write it as YYYY-MM-DD, such as 2026-11-24`,
    ]);
});

test("a case study's character its PDF cannot print, and raw HTML in its text, are named with their line", () => {
  const line = lineOf(eqos, "## Solution") + 2;
  const arrow = eqos.replace("The fixture solution", "The fixture solution → ");
  assert.deepEqual(problemsOf(EQOS, arrow), [
    `${EQOS}:${line} solution holds "→", which the study's PDF cannot print (its fonts hold Windows-1252 only); write it another way`,
  ]);
  const html = eqos.replace("The fixture solution", '<span class="x">The fixture</span> solution');
  assert.deepEqual(problemsOf(EQOS, html), [
    `${EQOS}:${line} HTML ("<span class=\\"x\\">") cannot be in the text; write it in Markdown, or leave it out`,
    `${EQOS}:${line} HTML ("</span>") cannot be in the text; write it in Markdown, or leave it out`,
  ]);
});

test("a case study without its results, with an unknown field, or with a file name that is no address, says so", () => {
  const results = eqos.slice(0, eqos.indexOf("## Results"));
  assert.deepEqual(problemsOf(EQOS, results), [
    `${EQOS}:${lineOf(eqos, "## Challenge") - 1} results is missing; write each result on a line of its own starting with - under ## Results`,
  ]);
  const [unknown] = problemsOf(EQOS, eqos.replace("order: 2", "order: 2\nauthor: Sam"));
  assert.match(unknown, new RegExp(`^${EQOS}:${lineOf(eqos, "order: 2") + 1} author is not a field here; remove it, or use one of title, subtitle, summary`));
  // Even a key named as JavaScript names an object's prototype: a field like any other, and not one of the study's.
  const [prototype] = problemsOf(EQOS, eqos.replace("order: 2", "order: 2\n__proto__:\n  title: Another"));
  assert.match(prototype, new RegExp(`^${EQOS}:${lineOf(eqos, "order: 2") + 1} __proto__ is not a field here`));
  assert.deepEqual(problemsOf("content/case-studies/EQOS Initiative.md", eqos), [
    "content/case-studies/EQOS Initiative.md: its name is its page's address, so write it in lowercase letters, digits and single hyphens, such as my-study.md",
  ]);
});

test("a case study named index is refused: hosts would serve it at /case-studies/, another page than the list", () => {
  assert.deepEqual(problemsOf("content/case-studies/index.md", eqos), [
    "content/case-studies/index.md: its name is its page's address, and hosts serve a page named index at /case-studies/, another page than /case-studies; rename it, such as my-study.md",
  ]);
});

test("two redirects from one address, as a host hears it (a trailing slash, a doubled one), name both lines", () => {
  const redirects = [
    "# Old addresses.",
    "- from: /work",
    "  to: /case-studies",
    "  status: 301",
    "- from: /team",
    "  to: /about",
    "  status: 301",
    "- from: /work/",
    "  to: /services",
    "  status: 302",
    "- from: //team",
    "  to: /bio",
    "  status: 301",
  ].join("\n");
  assert.deepEqual(problemsOf("content/redirects.yaml", redirects), [
    "content/redirects.yaml:2 and :8 both lead from /work; keep one",
    "content/redirects.yaml:5 and :11 both lead from /team; keep one",
  ]);
});

test("a photograph of more pixels than sharp decodes is refused from its header, naming the field's line and the fix", () => {
  const project = mkdtempSync(join(tmpdir(), "huge-image-"));
  try {
    mkdirSync(join(project, "art"));
    writeFileSync(join(project, "art/huge.png"), pngHeader(30000, 30000));
    const src = lineOf(site, "src: art/hero.svg");
    assert.throws(() => readContentFile(project, "content/site.yaml", site.replace("src: art/hero.svg", "src: art/huge.png")), {
      message: `content/site.yaml:${src} src: art/huge.png is 30000×30000 pixels; the largest an image may be is 16383×16383 (268 megapixels): scale it down, e.g. to 1920 px wide, the widest the site shows it, and save it again`,
    });
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test("a short summary is advice, printed and not an error", () => {
  const summary = "A fixture summary, shorter than advised.";
  const short = eqos.replace(/summary: >-\n( {2}.*\n)+/, `summary: ${summary}\n`);
  const { advice } = readContentFile(root, EQOS, short);
  assert.deepEqual(advice, [
    `${EQOS}:${lineOf(eqos, "summary:")} summary is ${summary.length} characters; a search result shows about 160, so say a little more of what the engagement achieved`,
  ]);
});

test("an empty file says so, not which field is missing", () => {
  assert.deepEqual(problemsOf("content/redirects.yaml", ""), ["content/redirects.yaml:1 is empty; write what it holds again, as its comments describe"]);
  assert.deepEqual(problemsOf("content/redirects.yaml", "# only a comment\n"), [
    "content/redirects.yaml:1 is empty; write what it holds again, as its comments describe",
  ]);
});

test("a verdict is kept across builds until the file, site.yaml, an image it names or the checks change; a problem never is", async () => {
  const copy = mkdtempSync(join(tmpdir(), "checks-"));
  try {
    for (const folder of ["content", "art"]) cpSync(join(root, folder), join(copy, folder), { recursive: true });
    let checks = 0;
    /** A build's verdicts on the files (their texts on disk unless given): `checks` counts the files checked, not kept. */
    const build = async (files: string[], texts: Record<string, string> = {}) => {
      const verdicts = new ContentChecks(copy, true);
      verdicts.startLoad();
      try {
        return files.map((file) => {
          const source = texts[file] ?? readFileSync(join(copy, file), "utf8");
          return verdicts.check(copy, file, source, () => {
            checks++;
            return readContentFile(copy, file, source);
          });
        });
      } finally {
        await verdicts.save();
      }
    };
    const both = ["content/site.yaml", EQOS];
    const [first] = await build(both);
    assert.equal(checks, 2);
    assert.deepEqual((await build(both))[0], first);
    assert.equal(checks, 2, "both kept from the last build");
    // site.yaml's facts fill every file's tokens: a change to it checks the study again.
    writeFileSync(join(copy, "content/site.yaml"), site.replace("name: Fixture Firm", "name: Fixture Partners"));
    await build(both);
    assert.equal(checks, 4);
    // The image a file names is read for its size: new bytes check the file again.
    writeFileSync(join(copy, "art/hero.svg"), fixture("art/hero.svg").replace('width="1600"', 'width="1200"'));
    const [resized] = await build(both);
    assert.equal(checks, 5);
    assert.equal((resized.data as { seoDefaults: { image: { width: number } } }).seoDefaults.image.width, 1200);
    // The verdicts are one blob in the copy's store, each file's last: a build leaving the study out does not drop its verdict.
    assert.equal(readdirSync(join(copy, ".cache/blobs/checks")).length, 1);
    await build(["content/site.yaml"]);
    await build(both);
    assert.equal(checks, 5);
    // A problem is checked again each time, so fixing what the file names (an image put in place) is seen.
    const broken = { "content/services.yaml": services.replace("price: 11000", 'price: "75k"') };
    await assert.rejects(build(["content/services.yaml"], broken), ContentError);
    await assert.rejects(build(["content/services.yaml"], broken), ContentError);
    assert.equal(checks, 7);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});
