// The content files are checked against their schema (content/collections.ts), and what is wrong is said
// to the person who edited the file: the file and line, the field, what was found and what to write.
import assert from "node:assert/strict";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { marked } from "marked";
import { parse } from "yaml";
import { image as imageField } from "../../content/collections.ts";
import { DEEPEST_NESTING, MOST_LINKS, MOST_MARKS, readBody } from "../../engine/content/markdown-reader.ts";
import { ContentError, contentModule, contentText, readContentFile } from "../../engine/content/modules.ts";
import { loadPages } from "../../engine/pipeline/pages.ts";
import { ContentChecks } from "../../engine/state/content-checks.ts";
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
    `content/site.yaml:${src} src: "art/hero.gif" is not an image file; write the path of a JPEG, PNG, WebP or SVG file in the project's art/ folder, such as art/photos/founder.jpg`,
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
    for (const folder of ["pages", "components", "content", "islands", "shared", "browser", "engine", "art"])
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
  // Its length is said, and by how much it is over: the CMS shows the same sentence beside the field.
  const typed = String((parse(long.split("\n---")[0].slice(4)) as { summary: string }).summary).trim();
  assert.match(
    cut,
    new RegExp(`^${EQOS}:${summary} summary is ${typed.length} characters, ${typed.length - 160} more than the 160 it may have; write one or two sentences`),
  );
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

/** The problems of the EQOS study with `text` in place of its challenge's first paragraph, and that paragraph's line. */
function withChallenge(text: string): { problems: string[]; line: number } {
  const first = eqos.slice(eqos.indexOf("## Challenge\n\n") + 14).split("\n\n")[0];
  return { problems: problemsOf(EQOS, eqos.replace(first, text)), line: lineOf(eqos, "## Challenge") + 2 };
}

test("lists, quotation blocks and emphasis nested deeper than anyone writes are refused with their line, before marked reads them", () => {
  const staircase = (depth: number) => Array.from({ length: depth }, (_, i) => `${"  ".repeat(i)}- point ${i + 1}`).join("\n");
  // 3,000 deep, 9 MB: the build ran out of memory (exit 134). The first line past the limit is named.
  const deep = withChallenge(staircase(3000));
  assert.deepEqual(deep.problems, [
    `${EQOS}:${deep.line + DEEPEST_NESTING} lists or quotation blocks nested more than ${DEEPEST_NESTING} deep ("- point ${DEEPEST_NESTING + 1}") cannot be in the text; write its points as one list, each on a line starting with -`,
  ]);
  // `>` 10,000 times, and a list 3,000 deep on one line: each overflowed the stack ("Maximum call stack size exceeded", no file).
  const quotes = withChallenge(">".repeat(10_000));
  assert.deepEqual(quotes.problems, [
    `${EQOS}:${quotes.line} lists or quotation blocks nested more than ${DEEPEST_NESTING} deep (${JSON.stringify(">".repeat(40))}) cannot be in the text; write its points as one list, each on a line starting with -`,
  ]);
  const inline = withChallenge(`${"- ".repeat(3000)}a point`);
  assert.match(inline.problems[0], new RegExp(`^${EQOS}:${inline.line} lists or quotation blocks nested more than ${DEEPEST_NESTING} deep \\("- - - `));
  const stars = withChallenge(`${"*".repeat(10_000)}word${"*".repeat(10_000)}`);
  assert.deepEqual(stars.problems, [
    `${EQOS}:${stars.line} emphasis nested more than ${DEEPEST_NESTING} deep (${JSON.stringify("*".repeat(40))}) cannot be in the text; use headings (##), paragraphs, lists (-), *emphasis*, **strong** and [links](https://…)`,
  ]);
  // At the limit, a list is read as before: a list within a list is not a block of the text.
  assert.match(withChallenge(staircase(DEEPEST_NESTING)).problems[0], new RegExp(`^${EQOS}:\\d+ "- point 2\n.* cannot be in the text; use headings`, "s"));
});

test("a paragraph with more emphasis marks or links than anyone writes is refused with its line, before marked reads it", () => {
  const advice = "cannot be in the text; split it into paragraphs, with a blank line between them";
  // 5,000 unclosed `*a` (15 KB) took marked 6 s, each mark read against every later one.
  const stars = withChallenge("*a ".repeat(5000));
  assert.deepEqual(stars.problems, [`${EQOS}:${stars.line} a paragraph or list item with more than ${MOST_MARKS} marks of emphasis (* or _) ${advice}`]);
  // 20,000 links in one paragraph took it 87 s.
  const links = withChallenge("[a](/bio) ".repeat(20_000));
  assert.deepEqual(links.problems, [`${EQOS}:${links.line} a paragraph or list item with more than ${MOST_LINKS} links ${advice}`]);
  // At the limits, and in as many paragraphs and list items as one likes, the text is read as before.
  const paragraph = `${"*a* ".repeat(MOST_MARKS / 2)}${"[a](/bio) ".repeat(MOST_LINKS)}`;
  assert.deepEqual(withChallenge(`${paragraph}\n\n${paragraph}`).problems, []);
  assert.deepEqual(withChallenge(Array.from({ length: 300 }, () => "- an *emphasised* point").join("\n")).problems, []);
});

test("a byte that is not UTF-8 is refused with its line; a byte-order mark is no part of the text", () => {
  // "café" saved as Latin-1: é is the one byte E9. It was published as "caf\ufffd".
  const line = lineOf(services, "heading:");
  const heading = services.split("\n")[line - 1];
  const latin1 = Buffer.from(services.replace(heading, `${heading} café`), "latin1");
  assert.throws(
    () => contentText("content/services.yaml", latin1),
    (error: ContentError) => {
      assert.deepEqual(error.problems, [
        `content/services.yaml:${line} holds the byte E9 after ${JSON.stringify(`${heading} caf`.slice(-20))}, which is not UTF-8 text; save the file as UTF-8 (in most editors: File, Save with Encoding, UTF-8) and write the character again`,
      ]);
      return true;
    },
  );
  // A character cut short at the end of its line, and a byte that continues none, are named as well.
  assert.throws(
    () => contentText("content/bio.md", Buffer.from([0x61, 0x0a, 0x62, 0xe2, 0x82, 0x0a])),
    /^ContentError: content\/bio.md:2 holds the byte E2 after "b"/,
  );
  assert.throws(() => contentText("content/bio.md", Buffer.from([0x61, 0x80])), /^ContentError: content\/bio.md:1 holds the byte 80 after "a"/);
  // A mark at the start (EF BB BF), as some editors save UTF-8: the file reads as without it.
  const bom = Buffer.from([0xef, 0xbb, 0xbf]);
  assert.equal(contentText("content/bio.md", Buffer.concat([bom, Buffer.from(bio)])), bio);
  for (const [file, text] of [
    ["content/bio.md", bio],
    ["content/services.yaml", services],
  ] as const)
    assert.deepEqual(readContentFile(root, file, `\uFEFF${text}`), readContentFile(root, file, text), file);
});

test("an optional field's problem is said in the words of a required one's: a day, an empty field, an image path leading out", () => {
  const orderField = /^order: \d+$/m.exec(eqos)?.[0] ?? "order:";
  const order = lineOf(eqos, orderField);
  // The study's own cover is taken out, so that a field added after its order is the study's only one of its name.
  const uncovered = eqos.replace(/^cover:\n(?: {2}.*\n)+/m, "");
  const withField = (field: string) => problemsOf(EQOS, uncovered.replace(orderField, `${orderField}\n${field}`));
  for (const day of ["tomorrow", "2026-13-01"])
    assert.deepEqual(withField(`publishAt: ${day}`), [`${EQOS}:${order + 1} publishAt: "${day}" is not a day; write it as YYYY-MM-DD, such as 2026-11-24`]);
  assert.deepEqual(withField("publishAt: null"), [`${EQOS}:${order + 1} publishAt is empty; write it as YYYY-MM-DD, such as 2026-11-24, or remove the line`]);
  assert.deepEqual(withField("expiresAt:"), [`${EQOS}:${order + 1} expiresAt is empty; write it as YYYY-MM-DD, such as 2026-11-24, or remove the line`]);
  assert.deepEqual(withField("link: http://example.com"), [
    `${EQOS}:${order + 1} link: "http://example.com" is not a web address; write a full address starting with https://`,
  ]);
  assert.deepEqual(withField("cover:\n  src: ../../etc/passwd.jpg\n  alt: A photograph"), [
    `${EQOS}:${order + 2} src: "../../etc/passwd.jpg" is not an image file; write the path of a JPEG, PNG, WebP or SVG file in the project's art/ folder, such as art/photos/founder.jpg`,
  ]);
  assert.match(
    withField("cover:\n  src: art/../../secret.png\n  alt: A photograph")[0],
    /src: "art\/..\/..\/secret.png" is not an image file; write the path of a JPEG, PNG, WebP or SVG file in the project's art\/ folder/,
  );
  // A required field left empty: no advice to remove it.
  assert.deepEqual(problemsOf(EQOS, eqos.replace(orderField, "order:")), [
    `${EQOS}:${order} order is empty; write 1 for the first study, 2 for the next, and so on`,
  ]);
});

test("YAML nested thousands deep is refused in words, not the engine's", () => {
  for (const nested of [`intro: ${"[".repeat(5000)}${"]".repeat(5000)}\n`, `intro: ${"{a: ".repeat(5000)}1${"}".repeat(5000)}\n`]) {
    const problems = problemsOf("content/services.yaml", nested);
    assert.equal(problems.length, 1, problems.join("\n"));
    assert.match(problems[0], /^content\/services.yaml:\d+ cannot be read: its lists or fields are nested thousands deep; write them with a level or two/);
  }
});

test("YAML aliases that would copy a value past the memory, or name no value, are refused with the file and line", () => {
  // Nine levels, each ten of the one before: a billion copies of x.
  const levels = [..."abcdefghi"];
  const tenOf = (value: string) => `[${Array(10).fill(value).join(", ")}]`;
  const bomb = levels.map((name, i) => `${name}: &${name} ${tenOf(i === 0 ? "x" : `*${levels[i - 1]}`)}`);
  assert.deepEqual(problemsOf("content/home.yaml", `${bomb.join("\n")}\n`), [
    "content/home.yaml:2 cannot be read: its aliases, from *a on, repeat values more times over than a content file needs; write the values out where they belong",
  ]);
  assert.deepEqual(problemsOf("content/home.yaml", "hero:\n  eyebrow: *tagline\n"), [
    "content/home.yaml:2 cannot be read: *tagline repeats no value named &tagline above it; name the value it repeats &tagline, or write the value out",
  ]);
});

test("a link's target is a web address, an e-mail or phone link, or a path on this site; any other is refused with its line", () => {
  const line = lineOf(eqos, "## Challenge") + 2;
  // Written <within brackets>, a target may hold a tab, which a browser drops: "javascript:".
  for (const target of [
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "javascript:alert(1)",
    "JaVa\tScRiPt:alert(1)",
    "//elsewhere.example/page",
  ])
    assert.deepEqual(
      withChallenge(`Read [the report](<${target}>).`).problems,
      [
        `${EQOS}:${line} a link to ${JSON.stringify(target.slice(0, 40))} cannot be in the text; link to a page of this site, such as /case-studies, or to an address starting with https://, mailto: or tel:`,
      ],
      target,
    );
  for (const target of ["https://example.com/report", "http://example.com", "mailto:hello@example.com", "tel:+15555550100", "/case-studies", "#results", "bio"])
    assert.deepEqual(withChallenge(`Read [the report](${target}).`).problems, [], target);
  // A refused link's words stay as text, so the CMS's preview shows no link.
  assert.deepEqual(readBody("Read [the report](javascript:alert(1)).").blocks[0].block, { paragraph: ["Read the report."] });
});

test("the Markdown reader takes time in proportion to the text: 10,000 headings in about the time marked takes to read them", () => {
  const headings = Array.from({ length: 10_000 }, (_, i) => `### Heading ${i + 1}\n`).join("\n");
  /** The least processor time of three runs, in ms: this process's own, so other processes' work on the machine does not count. */
  const fastest = (read: () => unknown) => {
    let best = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 3; run++) {
      const start = process.cpuUsage();
      read();
      const { user, system } = process.cpuUsage(start);
      best = Math.min(best, (user + system) / 1000);
    }
    return best;
  };
  const reader = fastest(() => readBody(headings));
  const lexer = fastest(() => marked.lexer(headings));
  // Each heading's line was counted from the text's start: 10,000 took 13 s, some 40 times marked's own reading.
  assert.ok(reader < 10 * lexer, `the reader took ${reader.toFixed(0)} ms, marked alone ${lexer.toFixed(0)} ms`);
  assert.equal(readBody(headings).blocks.at(-1)?.line, 2 * 10_000 - 1, "the last heading's line");
});
