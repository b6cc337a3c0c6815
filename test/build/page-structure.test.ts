// A page passes by its structure only when html-validate's verdict on the structure holds for the page:
// every enabled rule is one the stand-ins were reviewed for, pages of one template share a structure,
// and no invalid page, whatever the mistake, passes by the structure of a valid one.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { before, test } from "node:test";
import type { ConfigData } from "html-validate";
import { STRUCTURE_RULES, structureOf, structureSharing } from "../../engine/verify/page-structure.mjs";
import { htmlValidateOnce } from "../../engine/verify/validate-thread.mjs";
import { builtRoutes, ensureTestSites, readPage, shownCaseStudies } from "../helpers/site.ts";

const ROUTES = await builtRoutes();

before(ensureTestSites);

// As the build asks it: the config resolved once (the stock loader resolves it for every page, most of
// the cost of a validation; this file asks ~180).
const htmlValidate = htmlValidateOnce(JSON.parse(readFileSync(".htmlvalidate.json", "utf8")) as ConfigData);
const rules = async () => (await htmlValidate.getConfigFor("page.html")).getRules();
const options = { titleMax: 80 };
const valid = async (html: string) => (await htmlValidate.validateString(html, "page.html")).valid;

test("every rule .htmlvalidate.json enables was reviewed for the stand-ins, and long-title's limit is read from it", async () => {
  const sharing = structureSharing(await rules());
  assert.deepEqual(sharing, { options });
  const enabled = [...(await rules())].filter(([, [severity]]) => severity > 0).map(([name]) => name);
  assert.deepEqual(
    enabled.filter((name) => !STRUCTURE_RULES.has(name)),
    [],
  );
  // A rule nobody reviewed turns the sharing off, naming it.
  const withNew = new Map(await rules()).set("a-rule-from-a-later-version", [2, {}]);
  assert.deepEqual(structureSharing(withNew), { unreviewed: ["a-rule-from-a-later-version"] });
});

test("pages of one template with other words share a structure; other markup does not", () => {
  const page = (title: string, heading: string, extra = "") =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><link rel="canonical" href="https://x.test/notes/${heading.toLowerCase().replace(/\W+/g, "-")}"></head><body><main><h1>${heading}</h1><p>Words &amp; more words.</p>${extra}</main></body></html>`;
  const first = structureOf(page("First note | Firm", "First note"), options);
  assert.equal(structureOf(page("A much longer second note | Firm", "A much longer second note"), options), first);
  assert.notEqual(structureOf(page("Third | Firm", "Third", "<p>more</p>"), options), first, "an element more");
  assert.notEqual(structureOf(page("Third | Firm", ""), options), first, "an empty heading");
  assert.notEqual(structureOf(page("Third | Firm", "Third &bogus;"), options), first, "a character reference");
  assert.notEqual(structureOf(page("Third | Firm".padEnd(81, "!"), "Third"), options), first, "a title over long-title's limit");
  assert.notEqual(structureOf(page("Same | Firm", "Same | Firm"), options), first, "words equal to other words");
});

test("a page whose stylesheet changed keeps its structure: its <style> text and its CSP's hashes are words", () => {
  const page = readPage("/about");
  const css = /<style[^>]*>([^<]*)<\/style>/.exec(page)?.[1] ?? "";
  const hash = /sha256-[A-Za-z0-9+/]+=*/.exec(/http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(page)?.[1] ?? "")?.[0] ?? "";
  assert.ok(css && hash, "the page inlines its stylesheet and names a hash in its CSP");
  const restyled = page.replace(css, `${css}h1{letter-spacing:1px}`).replace(hash, "sha256-YW5vdGhlciBzdHlsZXNoZWV0J3MgaGFzaA==");
  assert.equal(structureOf(restyled, options), structureOf(page, options));
});

/** Mistakes a template may make in one entry's words or markup, each turning a valid page invalid. */
const mistakes: [string, (html: string) => string][] = [
  ["an empty heading", (html) => html.replace(/<h1([^>]*)>[^<]+<\/h1>/, "<h1$1></h1>")],
  ["a heading of white space", (html) => html.replace(/<h1([^>]*)>[^<]+<\/h1>/, "<h1$1>  </h1>")],
  ["a button without text", (html) => html.replace("<main", '<main><button type="button"></button><div hidden="">').replace("</main>", "</div></main>")],
  ["a title over the limit", (html) => html.replace(/<title>([^<]*)<\/title>/, (_, title: string) => `<title>${title.padEnd(81, "x")}</title>`)],
  ["an unknown character reference", (html) => html.replace(/(<h1[^>]*>)/, "$1&nosuchthing; ")],
  ["a raw ampersand", (html) => html.replace(/(<h1[^>]*>)/, "$1Research & ")],
  ["a telephone number that breaks", (html) => html.replace("</main>", '<p><a href="tel:+12025550100">+1 202-555-0100</a></p></main>')],
  [
    "two landmarks of one name",
    (html) => html.replace("</main>", '<nav aria-labelledby="n1"><h2 id="n1">More</h2></nav><nav aria-labelledby="n2"><h2 id="n2">More</h2></nav></main>'),
  ],
  [
    "two landmarks whose names only match once their texts are joined",
    (html) =>
      html.replace(
        "</main>",
        '<nav aria-labelledby="n1"><h2 id="n1">More <em>studies</em></h2></nav><nav aria-labelledby="n2"><h2 id="n2">More studies</h2></nav></main>',
      ),
  ],
  [
    "an aria-label its label repeats",
    (html) =>
      html.replace(
        "</main>",
        '<form><label for="f1">Your <b>email</b></label><input id="f1" name="e" type="email" aria-label="Your email"><button type="submit">Go</button></form></main>',
      ),
  ],
  ["a duplicate id", (html) => html.replace(/<h1([^>]*)>/, '<h1$1><span id="main">x</span>')],
  ["invalid nesting", (html) => html.replace(/<h1([^>]*)>/, "<h1$1><div>x</div>")],
  ["an image without alt", (html) => html.replace("</main>", '<img src="/favicon.svg" width="1" height="1"></main>')],
  ["a link without text", (html) => html.replace("</main>", '<a href="/about"></a></main>')],
  ["a refresh with a delay", (html) => html.replace("</title>", '</title><meta http-equiv="refresh" content="5;url=/about">')],
  // Found in review: each once passed by a valid structure.
  [
    "an unterminated reference in an attribute",
    (html) => html.replace("</main>", '<img src="/favicon.svg" width="1" height="1" alt="Fish &amp Chips"></main>'),
  ],
  ["a telephone link written in capitals", (html) => html.replace("</main>", '<p><A HREF="tel:+12025550100">+1 202-555-0100</A></p></main>')],
  ["a telephone link on a second line", (html) => html.replace("</main>", '<p><a\nhref="tel:+12025550100">+1 202-555-0100</a></p></main>')],
  [
    "a landmark named by an id written in capitals",
    (html) => html.replace("</main>", '<nav aria-label="Main menu"><a href="/">x</a></nav><nav ARIA-LABELLEDBY="t"><h2 ID="t">Main menu</h2></nav></main>'),
  ],
  ["a class twice inside a single-quoted value", (html) => html.replace("</main>", "<p class='x title=\"a c c b\"'>y</p></main>")],
  [
    "a landmark's name joined from a script",
    (html) =>
      html.replace(
        "</main>",
        '<nav aria-label="Menu1"><a href="/">x</a></nav><nav aria-labelledby="n"><span id="n">Menu<script>1</script></span></nav></main>',
      ),
  ],
];

/** Whether each page as built is valid, asked of html-validate once for all its mistakes. */
const builtValid = new Map<string, Promise<boolean>>();

// Two studies, whichever the firm has first.
const studyRoutes = (await shownCaseStudies()).slice(0, 2).map((study) => `/case-studies/${study.slug}`);
for (const route of ["/", "/services", ...studyRoutes]) {
  for (const [mistake, make] of mistakes) {
    test(`${route} with ${mistake}: invalid, and never passed by the structure of a valid page`, async () => {
      const page = readPage(route);
      if (!builtValid.has(route)) builtValid.set(route, valid(page));
      assert.ok(await builtValid.get(route), "the page as built is valid");
      const wrong = make(page);
      assert.notEqual(wrong, page, "the mistake was made");
      assert.equal(await valid(wrong), false, "html-validate finds the mistake in the page");
      const structure = structureOf(wrong, options);
      // Passed by a structure means: the same structure as a page found valid, or a structure html-validate finds valid.
      assert.notEqual(structure, structureOf(page, options), "the structure of the valid page");
      assert.equal(await valid(structure), false, "html-validate finds the mistake in the structure too");
    });
  }
}

test("every built page's structure is itself valid, so the site's pages pass by their structures", async () => {
  for (const route of [...ROUTES, "/404"]) assert.ok(await valid(structureOf(readPage(route), options)), route);
});
