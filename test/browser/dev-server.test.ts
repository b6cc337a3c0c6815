// npm run dev as a developer uses it, on a copy of the project: saves in place and by write-and-rename
// reach the open page, a style edit applies without a reload, errors show over the page and the next
// good save recovers (content that crashed the server, or that it published as it should not, among
// them), pages come and go, and a type error is reported without blocking the reload.
// Last, after all those saves and one of each kind of input, the dist/ it keeps is byte for byte what
// npm run build writes: the dev server runs the build's own pipeline.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { after, before, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import type { Bio } from "../../content/collections.ts";
import { typeCheckProgram } from "../../engine/dev/type-check.ts";
import { launchBrowser } from "../../tools/support/browser.ts";
import { type DevServer, saveByRename, saveInPlace, startDevServer } from "../../tools/support/dev-server.ts";
import { processTree, signalEach, statFields } from "../../tools/support/processes.ts";
import { copyProject, type ProjectCopy } from "../../tools/support/project-copy.ts";
import { buildCopy, retitled } from "../helpers/copy-build.ts";
import { FIXTURE_STUDY_ROUTE, fixtureContent, putFixtureContent } from "../helpers/fixture-site.ts";
import { pngHeader } from "../helpers/png-header.ts";

let project: ProjectCopy;
let dev: DevServer;
let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];
/** While this file exists, the dev server's image encoder is held at its start (test/helpers/encoder-gate.mjs). */
let encoderGate: string;

before(async () => {
  project = copyProject();
  // The fixtures' content (test/fixtures/), which the saves below edit: never the firm's, which may change.
  putFixtureContent(project.dir);
  encoderGate = join(project.dir, ".tmp/encoder-held");
  const env = { NODE_OPTIONS: `--import ${join(project.dir, "test/helpers/encoder-gate.mjs")}`, ENCODER_GATE: encoderGate };
  [dev, browser] = await Promise.all([startDevServer(project.dir, { env }), launchBrowser()]);
  page = await browser.newPage();
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  await page.goto(`${dev.origin}/`);
});

after(async () => {
  await browser?.close();
  await dev?.stop();
  project?.remove();
});

const read = (file: string) => readFileSync(join(project.dir, file), "utf8");

/** Polls the open page (which may be reloading) until `check` holds. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() - started > timeoutMs) throw new Error(`${what} did not happen within ${timeoutMs} ms\n${dev.output().slice(-6000)}`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

const aboutHeading = () => page.textContent("#about-heading");
const showsHeading = (text: string) => until(async () => (await aboutHeading()) === text, `the heading "${text}"`);
const homeContent = read("content/home.yaml");
const withHeading = (heading: string) => homeContent.replace("Fixture about heading for", heading);
/** The fixture firm's name, as the heading's token prints it. */
const FIRM = "Fixture Firm";
/** The fixture study with a cover photo, and its file. */
const STUDY = FIXTURE_STUDY_ROUTE;
const STUDY_FILE = `content${STUDY}.md`;

test("a saved content edit shows up on the open page; only the page that imports it is rendered again", async () => {
  const from = dev.output().length;
  saveInPlace(project.dir, "content/home.yaml", withHeading("Edited in place: why leaders choose"));
  await showsHeading("Edited in place: why leaders choose Fixture Firm");
  await dev.waitForOutput(/content\/home\.yaml: re-rendered 1 page in \d+ ms/, from);
});

test("a bio save renders /bio alone again: the structured data every page prints does not read the bio", async () => {
  const title = fixtureContent<Bio>("content/bio.md").publications[0].title;
  // Twice: a page rendered from a file saved just before its run began (the last test's) is rendered once
  // more by the next run, whatever that run's save, so the first save's count may include it.
  for (const revision of ["revised", "revised again"]) {
    const from = dev.output().length;
    saveInPlace(
      project.dir,
      "content/bio.md",
      read("content/bio.md").replace(new RegExp(`${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(, revised)?`), `${title}, ${revision}`),
    );
    await dev.waitForOutput(/content\/bio\.md: re-rendered \d+ pages? in \d+ ms/, from);
  }
  assert.match(
    dev
      .output()
      .split("\n")
      .filter((line) => line.includes("content/bio.md:"))
      .at(-1) ?? "",
    /content\/bio\.md: re-rendered 1 page in \d+ ms/,
  );
});

test("two write-and-rename saves in a row both show up", async () => {
  saveByRename(project.dir, "content/home.yaml", withHeading("First rename: why leaders choose"));
  await showsHeading("First rename: why leaders choose Fixture Firm");
  saveByRename(project.dir, "content/home.yaml", withHeading("Second rename: why leaders choose"));
  await showsHeading("Second rename: why leaders choose Fixture Firm");
  // And the file is still watched after being replaced twice.
  saveInPlace(project.dir, "content/home.yaml", withHeading("Then in place again: why leaders choose"));
  await showsHeading("Then in place again: why leaders choose Fixture Firm");
});

test("a save 20 ms behind another is not lost (chokidar drops a file's changes for 50 ms after one it reports)", async () => {
  saveInPlace(project.dir, "content/home.yaml", withHeading("Quick first: why leaders choose"));
  await new Promise((done) => setTimeout(done, 20));
  saveByRename(project.dir, "content/home.yaml", withHeading("Quick second: why leaders choose"));
  await showsHeading("Quick second: why leaders choose Fixture Firm");
  saveInPlace(project.dir, "content/home.yaml", withHeading("Then in place again: why leaders choose"));
  await showsHeading("Then in place again: why leaders choose Fixture Firm");
});

test("a content save is patched into the open page without a reload: what was typed and the scroll position stay", async () => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto(`${dev.origin}/contact`);
  const contactContent = read("content/contact.yaml");
  await page.fill("#contact-firstname", "Ada Lovelace");
  await page.evaluate(() => {
    (window as unknown as { kept: string }).kept = "still here";
    window.scrollTo(0, 300);
  });
  const scrolled = await page.evaluate(() => window.scrollY);
  assert.ok(scrolled > 0, "the page scrolled");
  // A heading of as many lines as the fixture's: one that wrapped anew would move what lies below it.
  saveByRename(project.dir, "content/contact.yaml", contactContent.replace("Fixture contact heading", "Patched: let's talk"));
  await until(async () => (await page.textContent("h1")) === "Patched: let's talk", "the patched heading");
  assert.equal(await page.evaluate(() => (window as unknown as { kept?: string }).kept), "still here", "the page was not reloaded");
  assert.equal(await page.inputValue("#contact-firstname"), "Ada Lovelace", "what was typed stays");
  assert.equal(await page.evaluate(() => window.scrollY), scrolled, "the scroll position stays");

  // From now on a patch morphs only what the server changed since the last one: a mark on the unchanged
  // footer stays through the saves below, and the changed header ends as the server writes it.
  await page.evaluate(() => document.querySelector("footer")?.setAttribute("data-marked", "by the test"));

  // Two saves 100 ms apart, as an editor's autosave may make them: the second is shown, still without a reload.
  saveInPlace(project.dir, "content/contact.yaml", contactContent.replace("Fixture contact heading", "First quick save"));
  await new Promise((done) => setTimeout(done, 100));
  saveByRename(project.dir, "content/contact.yaml", contactContent.replace("Fixture contact heading", "Second quick save"));
  await until(async () => (await page.textContent("h1")) === "Second quick save", "the second quick save");
  assert.equal(await page.evaluate(() => (window as unknown as { kept?: string }).kept), "still here", "the page was not reloaded");
  assert.equal(await page.inputValue("#contact-firstname"), "Ada Lovelace", "what was typed stays");
  assert.equal(await page.getAttribute("footer", "data-marked"), "by the test", "the unchanged footer was left alone");
  const headers = await page.evaluate(async () => {
    const served = new DOMParser().parseFromString(await (await fetch(location.href)).text(), "text/html");
    return [document, served].map((one) => one.querySelector(".page-header")?.outerHTML);
  });
  assert.ok(headers[1]?.includes("Second quick save"));
  assert.equal(headers[0], headers[1], "the patched header is the server's");

  saveInPlace(project.dir, "content/contact.yaml", contactContent);
  await until(async () => (await page.textContent("h1")) === "Fixture contact heading", "the heading back");
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${dev.origin}/`);
});

test("a style edit applies in place: no reload, the page keeps its state", async () => {
  await page.evaluate(() => {
    (window as unknown as { kept: string }).kept = "still here";
  });
  const letterSpacing = () => page.$eval("#about-heading", (heading) => getComputedStyle(heading).letterSpacing);
  assert.notEqual(await letterSpacing(), "3px");
  const mark = dev.output().length;
  saveByRename(project.dir, "styles/_base.scss", `${read("styles/_base.scss")}\n#about-heading { letter-spacing: 3px; }\n`);
  await until(async () => (await letterSpacing()) === "3px", "the new letter-spacing");
  // Its run has ended before the next test saves (the page may have been shown an early preview).
  await dev.waitForOutput(/styles\/_base\.scss: swapped the stylesheet/, mark);
  assert.equal(await page.evaluate(() => (window as unknown as { kept?: string }).kept), "still here", "the page was not reloaded");
});

test("a save to the entry stylesheet, styles/main.scss, applies in place", async () => {
  const textIndent = () => page.$eval("#about-heading", (heading) => getComputedStyle(heading).textIndent);
  assert.notEqual(await textIndent(), "4px");
  const mark = dev.output().length;
  saveByRename(project.dir, "styles/main.scss", `${read("styles/main.scss")}\n#about-heading { text-indent: 4px; }\n`);
  await until(async () => (await textIndent()) === "4px", "the entry stylesheet's new rule");
  // The entry's own rules came as a span of their own, after the modules' CSS, not as a whole new stylesheet.
  assert.ok((await page.evaluate(() => document.adoptedStyleSheets.length)) > 1, "the entry's rules are a piece of the stylesheet");
  await dev.waitForOutput(/styles\/main\.scss: swapped the stylesheet/, mark);
  // Rules that need a module's members, which the quick compile of the entry's own rules lacks: the whole compile brings them.
  const withMembers = read("styles/main.scss")
    .replace('@use "tokens";', '@use "tokens";\n@use "variables" as *;')
    .replace("text-indent: 4px;", "text-indent: $layer-header * 1px;");
  const second = dev.output().length;
  saveInPlace(project.dir, "styles/main.scss", withMembers);
  await until(async () => (await textIndent()) === "50px", "the rule that uses $layer-header");
  assert.equal(await page.evaluate(() => (window as unknown as { kept?: string }).kept), "still here", "the page was not reloaded");
  // Its run ends before the next test saves: a save landing meanwhile would join this one's update.
  await dev.waitForOutput(/styles\/main\.scss: swapped the stylesheet/, second);
});

test("saves of two partials in turn each replace only their part of the page's stylesheet, which ends as the build's", async () => {
  const style = (selector: string, property: string) => page.$eval(selector, (element, name) => getComputedStyle(element).getPropertyValue(name), property);
  const saves: [file: string, rule: string, selector: string, property: string, value: string][] = [
    ["styles/_card.scss", ".card { outline-offset: 7px; }", ".card", "outline-offset", "7px"],
    ["styles/_base.scss", "#about-heading { word-spacing: 5px; }", "#about-heading", "word-spacing", "5px"],
    ["styles/_card.scss", ".card { outline-offset: 9px; }", ".card", "outline-offset", "9px"],
  ];
  for (const [i, [file, rule, selector, property, value]] of saves.entries()) {
    const text = `${read(file)}\n${rule}\n`;
    const mark = dev.output().length;
    if (i === saves.length - 1) {
      // The last lands in place in two writes, as a slow writer's would: the page may be shown the first
      // part (a preview of what was read), and must end with the whole file.
      saveInPlace(project.dir, file, text.slice(0, text.lastIndexOf("}", text.length / 2) + 1));
      await dev.waitForOutput(/_card\.scss: (swapped the stylesheet|build failed)/, mark);
      saveInPlace(project.dir, file, text);
    } else saveByRename(project.dir, file, text);
    await until(async () => (await style(selector, property)) === value, `${property}: ${value}`);
    // The save's own run ends before the next save, as a developer's saves 400 ms apart do: a run that
    // reads the next save's partial as it compiles the whole stylesheet sends that one whole.
    if (i < saves.length - 1) await dev.waitForOutput(new RegExp(`${file.replace(".", "\\.")}: swapped the stylesheet`), mark);
    if (i === 1) {
      // Two saves of whole partials: each replaced its piece. (The two writes next may come to the whole
      // stylesheet, in one piece: a partial read half-written may not compile, and then no place is known.)
      const inPieces = await page.evaluate(() => document.adoptedStyleSheets.length);
      assert.ok(inPieces > 1, `the stylesheet was changed piece by piece (${inPieces} piece)`);
    }
  }
  await until(async () => read("dist/index.html").includes(".card{outline-offset:9px}"), "the last save written");
  // Both saves still apply, and the page's stylesheet, in its pieces, is the one the pages are written with.
  assert.equal(await style("#about-heading", "word-spacing"), "5px");
  const written = /<style>([^<]*)<\/style>/.exec(read("dist/index.html"))?.[1] ?? "";
  const rules = await page.evaluate((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    return [document.adoptedStyleSheets, [sheet]].map((sheets) => sheets.flatMap((one) => [...one.cssRules].map((rule) => rule.cssText)));
  }, written);
  assert.ok(rules[1].length > 100, "the written stylesheet was read");
  assert.deepEqual(rules[0], rules[1]);
  assert.equal(await page.evaluate(() => (window as unknown as { kept?: string }).kept), "still here", "the page was not reloaded");
});

test("a syntax error shows an overlay naming the file and line; the next good save recovers", async () => {
  // A colon in a heading left unquoted, as an editor of the file might: YAML reads it as a nested field.
  const quoted = '"Fixture about heading for {{ company.name }}"';
  assert.ok(homeContent.includes(quoted), "the home page's heading is quoted in content/home.yaml");
  saveInPlace(project.dir, "content/home.yaml", homeContent.replace(quoted, "Broken: why leaders choose {{ company.name }}"));
  await until(async () => (await page.textContent("#dev-overlay"))?.includes("content/home.yaml:") ?? false, "the overlay");
  const overlay = (await page.textContent("#dev-overlay")) ?? "";
  const line = homeContent.split("\n").findIndex((text) => text.includes(quoted)) + 1;
  assert.match(overlay, new RegExp(`content/home\\.yaml:${line} cannot be read: .*; check the indentation and quotes there`), overlay);
  assert.match(dev.output(), /build failed/);
  // The page behind still shows the last good build.
  assert.equal(await aboutHeading(), "Then in place again: why leaders choose Fixture Firm");

  saveByRename(project.dir, "content/home.yaml", withHeading("Fixed: why leaders choose"));
  await showsHeading("Fixed: why leaders choose Fixture Firm");
  assert.equal(await page.$("#dev-overlay"), null);
});

test("a content file that fails its schema shows the overlay with the file, line and field; the page keeps its last good state; the fix recovers", async () => {
  const services = read("content/services.yaml");
  await page.goto(`${dev.origin}/services`);
  const prices = () => page.$$eval(".package__amount", (amounts) => amounts.map((amount) => amount.textContent));
  assert.deepEqual(await prices(), ["$11k", "$22k"]);
  saveByRename(project.dir, "content/services.yaml", services.replace("price: 22000", 'price: "125k"'));
  await until(async () => (await page.textContent("#dev-overlay"))?.includes("content/services.yaml:") ?? false, "the overlay");
  const line = services.split("\n").findIndex((text) => text.includes("price: 22000")) + 1;
  assert.match(
    (await page.textContent("#dev-overlay")) ?? "",
    new RegExp(`content/services\\.yaml:${line} price: "125k" is not a number of US dollars; write 75000`),
  );
  assert.deepEqual(await prices(), ["$11k", "$22k"], "the page behind still shows the last good build");

  saveInPlace(project.dir, "content/services.yaml", services.replace("price: 22000", "price: 130000"));
  await until(async () => JSON.stringify(await prices()) === JSON.stringify(["$11k", "$130k"]), "the fixed price");
  assert.equal(await page.$("#dev-overlay"), null);
  saveByRename(project.dir, "content/services.yaml", services);
  await until(async () => JSON.stringify(await prices()) === JSON.stringify(["$11k", "$22k"]), "the price as it was");
  await page.goto(`${dev.origin}/`);
});

test("a photograph too large for sharp, then one sharp cannot read, each shows its own reason over the page; restoring the study recovers", async () => {
  const studyFile = STUDY_FILE;
  const study = read(studyFile);
  const overlay = async () => (await page.textContent("#dev-overlay")) ?? "";
  // Only its header is written: the size is read from it, before anything is encoded.
  saveByRename(project.dir, "art/huge.png", pngHeader(30000, 30000));
  saveByRename(project.dir, studyFile, study.replace("src: art/fixture-pilot.jpg", "src: art/huge.png"));
  await until(async () => (await overlay()).includes("art/huge.png"), "the overlay");
  const line = study.split("\n").indexOf("  src: art/fixture-pilot.jpg") + 1;
  assert.match(
    await overlay(),
    new RegExp(
      `${studyFile}:${line} src: art/huge\\.png is 30000×30000 pixels; the largest an image may be is 16383×16383 \\(268 megapixels\\): scale it down, e\\.g\\. to 1920 px wide`,
    ),
  );
  // A header sharp reads no further than: the encoder's own reason, not the page's "not encoded" of the
  // last good run's images, which lack it.
  saveByRename(project.dir, "art/huge.png", pngHeader(1600, 900));
  await until(async () => !(await overlay()).includes("30000×30000"), "the next overlay");
  await until(async () => /art\/huge\.png/.test(await overlay()), "the encoder's reason");
  assert.match(await overlay(), /art\/huge\.png: sharp cannot read it \(.+\); open it in an image editor and save it again as a JPEG, PNG or WebP/);
  assert.doesNotMatch(await overlay(), /not encoded/);

  saveByRename(project.dir, studyFile, study);
  await until(async () => (await page.$("#dev-overlay")) === null, "the overlay to clear");
  rmSync(join(project.dir, "art/huge.png"));
});

test("a list 3,000 deep, a byte that is not UTF-8 and a link to data: each show the overlay with the file and line; the server stays up and the next good save recovers", async () => {
  const eqos = STUDY_FILE;
  const study = read(eqos);
  const challenge = "## Challenge\n\n";
  const lineOfChallenge = study.split("\n").indexOf("## Challenge") + 3;
  const overlayShows = (text: string) => until(async () => (await page.textContent("#dev-overlay"))?.includes(text) ?? false, `the overlay saying ${text}`);
  const recovers = async (text: string) => {
    await until(async () => (await page.textContent("main"))?.includes(text) ?? false, `the page saying ${text}`);
    assert.equal(await page.$("#dev-overlay"), null);
  };
  await page.goto(`${dev.origin}${STUDY}`);

  // A list 3,000 deep on one line (6 KB): the stack overflowed, naming no file (9 MB of them took the server's memory).
  saveByRename(project.dir, eqos, study.replace(challenge, `${challenge}${"- ".repeat(3000)}a point\n\n`));
  await overlayShows(`${eqos}:${lineOfChallenge} lists or quotation blocks nested more than 20 deep ("- - - -`);
  saveByRename(project.dir, eqos, study.replace(challenge, `${challenge}Recovered from the deep list.\n\n`));
  await recovers("Recovered from the deep list.");

  // A link to data: was published as written.
  saveByRename(project.dir, eqos, study.replace(challenge, `${challenge}See [the report](data:text/html,hello).\n\n`));
  await overlayShows(`${eqos}:${lineOfChallenge} a link to "data:text/html,hello" cannot be in the text; link to a page of this site`);
  saveByRename(project.dir, eqos, study.replace(challenge, `${challenge}See [the report](/case-studies).\n\n`));
  await recovers("See the report.");

  // "café" saved as Latin-1 (its é the one byte E9): published as "caf\ufffd". Saved whole, as an editor does.
  const latin1 = Buffer.from(study.replace(challenge, `${challenge}A caf@ in the district.\n\n`));
  latin1[latin1.indexOf("caf@") + 3] = 0xe9;
  saveByRename(project.dir, eqos, latin1);
  await overlayShows(`${eqos}:${lineOfChallenge} holds the byte E9 after "A caf", which is not UTF-8 text; save the file as UTF-8`);
  // The study as it was: the paragraph of the last good save is gone.
  saveByRename(project.dir, eqos, study);
  await until(async () => !(await page.textContent("main"))?.includes("See the report."), "the study as it was");
  assert.equal(await page.$("#dev-overlay"), null);
  assert.doesNotMatch(dev.output(), /\n\s+at |Maximum call stack/);
  await page.goto(`${dev.origin}/`);
});

test("a render error shows an overlay naming the page's file and line; the next good save recovers", async () => {
  const index = read("pages/index.tsx");
  const lines = index.split("\n");
  const at = lines.findIndex((line) => line.startsWith("export default function HomePage(")) + 2;
  assert.ok(at > 1, "pages/index.tsx has its HomePage component");
  lines.splice(at - 1, 0, '  if (Date.now() > 0) throw new Error("Rendering failed on purpose");');
  saveByRename(project.dir, "pages/index.tsx", lines.join("\n"));
  await until(async () => (await page.textContent("#dev-overlay"))?.includes("Rendering failed on purpose") ?? false, "the overlay");
  const overlay = (await page.textContent("#dev-overlay")) ?? "";
  assert.match(overlay, new RegExp(`pages/index\\.tsx:${at}:\\d+`), overlay);

  saveInPlace(project.dir, "pages/index.tsx", index);
  await until(async () => (await page.$("#dev-overlay")) === null, "the overlay to clear");
  await showsHeading("Fixed: why leaders choose Fixture Firm");
});

test("a new page file is served; once deleted its address gives the 404 page", async () => {
  const source = retitled(read("pages/privacy.tsx"), "A Brand New Page");
  saveByRename(project.dir, "pages/brand-new.tsx", source);
  await until(async () => (await page.goto(`${dev.origin}/brand-new`))?.status() === 200, "the new page");
  await until(async () => (await page.title()) === `A Brand New Page | ${FIRM}`, "the new page's title");

  rmSync(join(project.dir, "pages/brand-new.tsx"));
  await until(async () => (await page.request.get(`${dev.origin}/brand-new`)).status() === 404, "the 404");
  // The open page reloads itself after the deletion too; go there once that navigation has settled.
  await until(async () => (await page.goto(`${dev.origin}/brand-new`))?.status() === 404, "the 404 page in the browser");
  await until(async () => /couldn.t find that page/.test((await page.textContent("h1")) ?? ""), "the 404 page's heading");
  await until(async () => (await page.goto(`${dev.origin}/`))?.ok() === true, "back on the home page");
});

test("a collection follows its folder: an edited entry is patched into its open page; a save of its template renders its entries again, in place; a new file is a new page, a removed one gives the 404 page", async () => {
  const studyFile = STUDY_FILE;
  const study = read(studyFile);
  const result = "Fixture result C";
  await page.goto(`${dev.origin}${STUDY}`);
  await page.evaluate(() => {
    (window as unknown as { kept: string }).kept = "still here";
  });
  const from = dev.output().length;
  saveByRename(project.dir, studyFile, study.replace(result, "Edited: fixture result C"));
  await until(async () => (await page.textContent("main .checklist"))?.includes("Edited: fixture result C") ?? false, "the edited result");
  // The entry itself (its neighbours show only its title, unchanged), the list at /case-studies and the
  // home page (its teaser reads the collection for the featured study).
  await dev.waitForOutput(new RegExp(`${STUDY_FILE.replace(/[./]/g, "\\$&")}: re-rendered 3 pages in \\d+ ms`), from);
  assert.equal(await page.evaluate(() => (window as unknown as { kept?: string }).kept), "still here", "the page was not reloaded");

  // The collection's own template, saved with one of its pages open: every entry is rendered again, in place.
  const template = read("pages/case-studies/[slug].tsx");
  const fromTemplate = dev.output().length;
  saveInPlace(project.dir, "pages/case-studies/[slug].tsx", template.replace(">Previous case study<", ">Previous study, edited<"));
  await until(async () => (await page.textContent(".study-pager"))?.includes("Previous study, edited") ?? false, "the edited template");
  // The two entries, and any page whose body the save before used once (saved within the clock's slack of its bundle).
  await dev.waitForOutput(/pages\/case-studies\/\[slug\]\.tsx: re-rendered [2-5] pages in \d+ ms/, fromTemplate);
  assert.equal(await page.evaluate(() => (window as unknown as { kept?: string }).kept), "still here", "the page was not reloaded");
  saveByRename(project.dir, "pages/case-studies/[slug].tsx", template);
  await until(async () => (await page.textContent(".study-pager"))?.includes("Previous case study") ?? false, "the template back");

  // A new Markdown file is a new page, with no code changed: a draft, which the dev server shows, marked.
  const added = study
    .replace("title: Fixture study with a photo", "title: A Brand New Study")
    .replace("order: 2", "order: 7\ndraft: true")
    .replace(/summary: >-\n( {2}.*\n)+/, "summary: A study added while the dev server runs, summed up in a sentence of its own.\n");
  saveInPlace(project.dir, "content/case-studies/a-brand-new-study.md", added);
  await until(async () => (await page.goto(`${dev.origin}/case-studies/a-brand-new-study`))?.status() === 200, "the new study's page");
  assert.equal(await page.textContent("h1"), "A Brand New Study");
  assert.equal(await page.textContent(".page-header .badge"), "Not published: a draft. Only the dev server shows this page.");
  assert.equal((await page.request.get(`${dev.origin}/case-studies/a-brand-new-study.pdf`)).status(), 200, "its PDF");

  rmSync(join(project.dir, "content/case-studies/a-brand-new-study.md"));
  await until(async () => (await page.request.get(`${dev.origin}/case-studies/a-brand-new-study`)).status() === 404, "the 404");
  await until(async () => (await page.goto(`${dev.origin}/case-studies/a-brand-new-study`))?.status() === 404, "the 404 page in the browser");
  await until(async () => /couldn.t find that page/.test((await page.textContent("h1")) ?? ""), "the 404 page's heading");
  saveByRename(project.dir, studyFile, study);
  await until(async () => (await page.goto(`${dev.origin}/`))?.ok() === true, "back on the home page");
});

test("a type error is reported in the terminal and on the page, and the edit still reloads", async () => {
  // In the home page's file: its content is YAML, which has no types to get wrong.
  const index = read("pages/index.tsx");
  const from = dev.output().length;
  saveInPlace(project.dir, "pages/index.tsx", `${index.replace("More about us", "Typed wrong: more about us")}\nexport const count: number = "three";\n`);
  await until(async () => (await page.textContent("#about .text-link"))?.includes("Typed wrong: more about us") ?? false, "the edited link");
  await dev.waitForOutput(/type errors[\s\S]*pages\/index\.tsx/, from, 60_000);
  await until(async () => (await page.textContent("#dev-notice"))?.includes("pages/index.tsx") ?? false, "the type error notice", 30_000);

  saveInPlace(project.dir, "pages/index.tsx", index);
  await until(async () => (await page.$("#dev-notice")) === null, "the notice to clear", 30_000);
  assert.deepEqual(consoleErrors, []);
});

test("the type check runs as TypeScript's compiler itself, so pausing it for an update stops the whole check", async () => {
  // A check that stays (watch mode) on a project of one file, paused once it has reported, as the dev
  // server pauses its check (SIGSTOP to the process it started) while a save is applied.
  const dir = mkdtempSync(join(tmpdir(), "type-check-"));
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, types: [] }, files: ["one.ts"] }));
  writeFileSync(join(dir, "one.ts"), "export const one: number = 1;\n");
  const check = spawn(typeCheckProgram(), ["--noEmit", "--watch", "--singleThreaded", "-p", dir], { stdio: ["ignore", "pipe", "ignore"] });
  try {
    let output = "";
    await new Promise<void>((done, fail) => {
      check.stdout.on("data", (chunk: Buffer) => {
        output += chunk;
        if (/Watching for file changes/.test(output)) done();
      });
      check.once("exit", (code) => fail(new Error(`the check ended (exit code ${code}) before it reported:\n${output}`)));
      check.once("error", fail);
    });
    check.kill("SIGSTOP");
    const state = (pid: number | string) => statFields(pid)[0];
    await until(async () => state(check.pid!) === "T", "the paused check to stop");
    // Every process of the check stops: TypeScript's `tsc` script would leave its compiler running.
    const tree = processTree(check.pid!);
    assert.deepEqual(
      tree.map((pid) => `${readFileSync(`/proc/${pid}/comm`, "utf8").trim()}: ${state(pid)}`),
      tree.map((pid) => `${readFileSync(`/proc/${pid}/comm`, "utf8").trim()}: T`),
    );
  } finally {
    // The whole tree: a compiler left behind would hold this process open through the pipe it writes to.
    if (check.pid) signalEach(processTree(check.pid), "SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a file a collection's template comes to read through a save is one of its sources from then on, while an unrelated save keeps the template's trace", async () => {
  const template = read("pages/case-studies/[slug].tsx");
  const note = (text: string) => `export const studyNote = ${JSON.stringify(text)};\n`;
  const showsNote = (text: string) => until(async () => (await page.textContent(".study-note")) === text, `the note "${text}"`);
  await page.goto(`${dev.origin}${STUDY}`);
  // A new module nobody imports yet, then the template made to import it.
  let from = dev.output().length;
  saveInPlace(project.dir, "content/study-note.ts", note("Note one"));
  await dev.waitForOutput(/content\/study-note\.ts: .* in \d+ ms/, from);
  const withNote = template
    .replace(
      'import { ExternalLink, visitLabel } from "../../components/ExternalLink.tsx";',
      'import { ExternalLink, visitLabel } from "../../components/ExternalLink.tsx";\nimport { studyNote } from "../../content/study-note.ts";',
    )
    .replace('<nav className="container study-pager"', '<p className="container study-note">{studyNote}</p>\n      <nav className="container study-pager"');
  assert.notEqual(withNote, template);
  saveByRename(project.dir, "pages/case-studies/[slug].tsx", withNote);
  await showsNote("Note one");
  saveByRename(project.dir, "content/study-note.ts", note("Note two"));
  await showsNote("Note two");
  // An unrelated save (the home page's content): the template's trace is kept.
  from = dev.output().length;
  saveInPlace(project.dir, "content/home.yaml", withHeading("Why leaders choose, unrelated save:"));
  await dev.waitForOutput(/content\/home\.yaml: re-rendered \d+ pages? in \d+ ms/, from);
  // The kept trace still holds the note: its save reaches every entry.
  from = dev.output().length;
  saveInPlace(project.dir, "content/study-note.ts", note("Note three"));
  await showsNote("Note three");
  // The two entries, and any page whose body the save before used once (saved within the clock's slack of its bundle).
  await dev.waitForOutput(/content\/study-note\.ts: re-rendered [2-4] pages in \d+ ms/, from);
  // A save a run read half-written: an editor saving in place empties the file first, and a run that
  // ends on the empty file finds the template using nothing of it. Once filled, it is used again.
  saveInPlace(project.dir, "content/study-note.ts", "");
  await showsNote("");
  saveInPlace(project.dir, "content/study-note.ts", note("Note four"));
  await showsNote("Note four");
  saveByRename(project.dir, "pages/case-studies/[slug].tsx", template);
  saveInPlace(project.dir, "content/home.yaml", homeContent);
  await until(async () => (await page.locator(".study-note").count()) === 0, "the template back");
  from = dev.output().length;
  rmSync(join(project.dir, "content/study-note.ts"));
  await dev.waitForOutput(/content\/study-note\.ts: .* in \d+ ms/, from);
  await until(async () => (await page.goto(`${dev.origin}/`))?.ok() === true, "back on the home page");
});

test("a save that changes a page's title is patched while its social card is still being drawn; a request for the card waits for it", async () => {
  await page.goto(`${dev.origin}/case-studies`);
  const source = read("pages/case-studies.tsx");
  // A title no cache holds a card for (.cache/ came with the copy).
  const title = `Client Success Stories ${Date.now().toString(36)}`;
  const retitledPage = source.replaceAll('"Client Success Stories"', JSON.stringify(title));
  assert.equal(retitledPage.split(title).length, 3, "the page's meta title and its heading both change");
  const cardPath = async () => new URL((await page.getAttribute('meta[property="og:image"]', "content")) ?? "").pathname;
  const before = await cardPath();
  writeFileSync(encoderGate, "");
  try {
    saveByRename(project.dir, "pages/case-studies.tsx", retitledPage);
    await until(async () => (await page.textContent("h1")) === title && (await page.title()).startsWith(title), "the new title and heading");
    const card = await cardPath();
    assert.notEqual(card, before, "the patched page names its new card");
    const cardFile = join(project.dir, "dist", card);
    assert.ok(!existsSync(cardFile), `${card} is not written while the encoder is held`);
    // Asked for now, the card is answered once it is drawn, not with a 404.
    let answered = false;
    const response = page.request.get(`${dev.origin}${card}`).finally(() => {
      answered = true;
    });
    // The next save is patched too while the card is still held back.
    const intro = "Our own AI product launch";
    const nextSave = retitledPage.replace(intro, `Patched before its card: ${intro}`);
    assert.notEqual(nextSave, retitledPage, "the next save changes the intro");
    saveInPlace(project.dir, "pages/case-studies.tsx", nextSave);
    await until(async () => (await page.textContent(".page-header"))?.includes("Patched before its card:") ?? false, "the next save");
    assert.ok(!existsSync(cardFile), `${card} is still not written`);
    assert.equal(answered, false, "the request for the card waits for it");
    rmSync(encoderGate);
    const answer = await response;
    assert.equal(answer.status(), 200);
    assert.equal(answer.headers()["content-type"], "image/png");
    assert.ok((await answer.body()).equals(readFileSync(cardFile)), "the card served is the one written");
  } finally {
    rmSync(encoderGate, { force: true });
  }
});

/** Every file under a folder, dist-relative, with its bytes. */
function filesOf(dir: string): Map<string, Buffer> {
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return new Map(entries.map((entry) => [relative(dir, join(entry.parentPath, entry.name)), readFileSync(join(entry.parentPath, entry.name))]));
}

test("the dev server runs the build's own pipeline: after the saves above, and saves to a style, the art, a public file, a page, the site's settings (a header label, its address), the redirects and the theme script, dev and build write the same dist/ and host files", async () => {
  const begun = dev.output().length;
  const saves: [file: string, text: string][] = [
    ["styles/_base.scss", `${read("styles/_base.scss")}\nh2 { letter-spacing: 0.01em; }\n`],
    ["art/headshot.svg", read("art/headshot.svg").replace(/fill="#[0-9a-fA-F]{3,6}"/, 'fill="#123456"')],
    ["public/favicon.svg", read("public/favicon.svg").replace("<svg", '<svg data-edited="yes"')],
    ["pages/privacy.tsx", retitled(read("pages/privacy.tsx"), "Privacy Policy, Edited")],
    // What the engine itself reads of the site comes through the page bundle too: the header's labels (the
    // social cards' sections), the site's address, the hosts' redirects, the policy's inline scripts.
    [
      "content/site.yaml",
      read("content/site.yaml")
        .replace("test the templates.", "test the templates, edited.")
        .replace("{ label: Work, href: /case-studies }", "{ label: Our Work, href: /case-studies }")
        .replace("siteUrl: https://fixture-firm.example", "siteUrl: https://cedarline.example"),
    ],
    ["content/redirects.yaml", read("content/redirects.yaml").replace("to: /case-studies", "to: /services")],
    ["components/theme-script.ts", read("components/theme-script.ts").replace("d.classList.add(t,'js')", "d.classList.add(t,'js','edited')")],
  ];
  for (const [i, [file, text]] of saves.entries()) {
    assert.notEqual(text, read(file), `the save to ${file} changes it`);
    const from = dev.output().length;
    (i % 2 ? saveInPlace : saveByRename)(project.dir, file, text);
    // Its update's line names it, with any save that landed in the same update ("a, b: … in 12 ms").
    await dev.waitForOutput(new RegExp(`${file.replace(/[./]/g, "\\$&")}(, [^:\\n]+)?: .* in \\d+ ms`), from, 30_000);
  }
  assert.doesNotMatch(dev.output().slice(begun), /build failed/);
  // The cards are drawn after their pages are written: each page's is asked for, which waits until it is.
  for (const file of readdirSync(join(project.dir, "dist")).filter((name) => name.endsWith(".html"))) {
    const card = /<meta property="og:image" content="[^"]*?(\/images\/card-[^"]+)"/.exec(read(`dist/${file}`))?.[1];
    if (card) assert.equal((await page.request.get(`${dev.origin}${card}`)).status(), 200, `${file}'s card ${card}`);
  }

  const built = buildCopy(project.dir, "dist-build");
  assert.ok(built.ok, built.output);
  // The site, and the host files beside it (the nginx snippet, CloudFront's function, GitHub Pages' redirect pages).
  for (const [devDir, buildDir] of [
    ["dist", "dist-build"],
    ["dist-hosts", "dist-build-hosts"],
  ]) {
    const fromDev = filesOf(join(project.dir, devDir));
    const fromBuild = filesOf(join(project.dir, buildDir));
    assert.deepEqual([...fromDev.keys()].sort(), [...fromBuild.keys()].sort(), `the same files in ${devDir}/ and ${buildDir}/`);
    for (const [file, bytes] of fromBuild) assert.ok(bytes.equals(fromDev.get(file) as Buffer), `${file} differs between dev and build`);
  }
  const fromDev = (file: string) => read(`dist/${file}`);
  assert.match(fromDev("privacy.html"), /Privacy Policy, Edited/);
  assert.match(fromDev("favicon.svg"), /data-edited="yes"/);
  assert.match(fromDev("_redirects"), /^\/work \/services 301$/m);
  assert.match(read("dist-hosts/nginx/cedarline-site.conf"), /location = \/work \{[^}]*return 301 \/services;/);
  assert.match(read("dist-hosts/github-pages/work.html"), /https:\/\/cedarline\.example\/services/);
  assert.match(fromDev("case-studies.html"), /<meta property="og:image:alt" content="Our Work: /, "the section's card names the header's new label");
  assert.match(fromDev("services.html"), /<link rel="canonical" href="https:\/\/cedarline.example\/services"/);
  assert.match(fromDev("index.html"), /d\.classList\.add\(t,'js','edited'\)/);
});
