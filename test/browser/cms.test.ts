// The CMS at /admin/ as the firm uses it, from `npm run dev` on a copy of the project: one dev server and
// one Chromium for every journey. It opens under its own policy, refuses what the schema refuses in the
// schema's words, and a save writes the content file, which the open page shows at once, in place.
// Firefox only shows that it loads.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type OutgoingHttpHeaders, request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import type { Browser, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { caseStudyPath } from "../../components/case-studies.ts";
import { priceLabel } from "../../components/prices.ts";
import type { CaseStudy } from "../../content/collections.ts";
import firmServices from "../../content/services.yaml";
import site from "../../content/site.yaml";
import { BODY_LIMIT } from "../../engine/dev/local-backend.ts";
import { CMS_WIDGETS } from "../../shared/cms-widgets.ts";
import { THEME_STORAGE_KEY } from "../../shared/theme-key.ts";
import { launchBrowser } from "../../tools/support/browser.ts";
import { type DevServer, startDevServer } from "../../tools/support/dev-server.ts";
import { copyProject, type ProjectCopy } from "../../tools/support/project-copy.ts";
import { buildCopyAsync } from "../helpers/copy-build.ts";
import { launchFirefox } from "../helpers/engines/firefox.ts";

let project: ProjectCopy;
let dev: DevServer;
let browser: Browser;
let admin: Page;
/** Every policy violation the CMS's page reports: its policy must allow all it does. */
const violations: string[] = [];

before(async () => {
  project = copyProject();
  [dev, browser] = await Promise.all([startDevServer(project.dir), launchBrowser()]);
  admin = await browser.newPage();
  // Leaving a form with changes not saved asks first: the journeys leave them, and do not take them up
  // again when the CMS offers its backup of them.
  admin.on("dialog", (dialog) => (/backup/i.test(dialog.message()) ? dialog.dismiss() : dialog.accept()));
  admin.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
});

after(async () => {
  await browser?.close();
  await dev?.stop();
  project?.remove();
});

const read = (file: string) => readFileSync(join(project.dir, file), "utf8");
/** Where Decap keeps which pane shows beside the form: "preview", or "none". */
const PREVIEW_PANE = "cms.right-pane";
/** How long the CMS took to show its collections, from a cold cache. */
let readyMs = 0;

/** Opens an entry's form (the CMS keeps its sign-in for the visit). */
async function openEntry(hash: string) {
  // From another entry's form, its form would still show while this one loads: the list between them.
  if (admin.url().includes("/entries/") || admin.url().endsWith("/new")) {
    await admin.goto(`${dev.origin}/admin/#/collections/${hash.split("/")[0]}`);
    await admin.locator('[class*="ControlContainer"]').first().waitFor({ state: "detached" });
  }
  await admin.goto(`${dev.origin}/admin/#/collections/${hash}`);
  await admin.locator('[class*="ControlContainer"]').first().waitFor({ timeout: 20_000 });
}

/** The first package, whichever the firm's content has first (the copy's is the checkout's). */
const FIRST_PACKAGE = firmServices.packages[0].name;
/** A price it does not have yet, so that saving it is a change. */
const NEW_PRICE = firmServices.packages[0].price === 80000 ? 81000 : 80000;

/** Opens the first package, unless it is open, and returns its price field. */
async function firstPrice() {
  const price = admin.getByLabel("Price").first();
  if (!(await price.isVisible())) await admin.locator('[class*="listControlItem"]', { hasText: FIRST_PACKAGE }).first().locator("button").first().click();
  return price;
}

async function publish() {
  await admin.getByRole("button", { name: "Publish", exact: true }).click();
  await admin.getByText("Publish now").click();
}

test("/admin/ opens under its own policy, signed in to the dev server's local backend, and lists the collections", async () => {
  const asked: string[] = [];
  admin.on("request", (request) => asked.push(new URL(request.url()).pathname));
  const started = Date.now();
  const response = await admin.goto(`${dev.origin}/admin/`);
  const policy = response?.headers()["content-security-policy"] ?? "";
  assert.match(
    policy,
    /^default-src 'none'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; .*connect-src 'self' blob:;.*frame-ancestors 'none'$/,
  );
  assert.equal(response?.headers()["x-robots-tag"], "noindex");
  // Login pressed once it shows, the list looked for at every frame: with Playwright's own retries (20,
  // 100, then 500 ms apart) up to half a second of the figure was the test's waiting, not the CMS's.
  await admin.waitForFunction(() => [...document.querySelectorAll("button")].some((button) => /login/i.test(button.textContent ?? "")), undefined, {
    polling: "raf",
    timeout: 20_000,
  });
  const loginMs = Date.now() - started;
  await admin.getByRole("button", { name: /login/i }).click();
  await admin.waitForFunction(() => document.body.textContent?.includes("Pages and facts"), undefined, { polling: "raf", timeout: 20_000 });
  readyMs = Date.now() - started;
  // The journeys up to the preview's own keep the preview pane shut, as an editor can (Decap keeps the
  // choice): each change would draw the whole page in it again, which is the preview's journey to test.
  await admin.evaluate((key) => localStorage.setItem(key, "none"), PREVIEW_PANE);
  console.log(`# /admin/ ready to edit in ${readyMs} ms (the collections shown, from a cold cache; Login shown at ${loginMs} ms)`);
  assert.ok(await admin.getByText("Pages and facts").isVisible());
  assert.ok(await admin.getByText("Case studies").first().isVisible());
  assert.ok(asked.includes("/admin/config.yml") && asked.includes("/admin/cms-site.js"));
  assert.equal(asked.filter((path) => path === "/admin/config.yml").length, 1, "the preloaded configuration is the one Decap reads");
  assert.ok(!asked.includes("/admin/preview-page.js"), "the preview's page is fetched when a preview shows, not as the CMS starts");
  assert.deepEqual(violations, []);
  // The CMS is the site's own (browser/cms.ts): every widget a form may name, the two backends, and no other.
  const registered = await admin.evaluate(
    ({ widgets, backends }) => {
      const cms = (window as unknown as { CMS: { getWidget(name: string): unknown; getBackend(name: string): unknown } }).CMS;
      return { widgets: widgets.filter((name) => cms.getWidget(name)), backends: backends.filter((name) => cms.getBackend(name)) };
    },
    { widgets: [...CMS_WIDGETS, "map", "code", "relation"], backends: ["proxy", "github", "gitlab", "git-gateway", "test-repo"] },
  );
  assert.deepEqual(registered, { widgets: [...CMS_WIDGETS], backends: ["proxy", "github"] });
});

test("the dev server sends the CMS's scripts as a static host does: gzip, and a 304 to a browser that has them", async () => {
  const url = `${dev.origin}/admin/cms.js`;
  // Its gzip form is made in the background when the first load asks for it (or read from its blob, .cache/blobs/gzip/).
  const deadline = Date.now() + 10_000;
  let answer = await fetch(url, { headers: { "accept-encoding": "gzip" } });
  while (answer.headers.get("content-encoding") !== "gzip" && Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 100));
    answer = await fetch(url, { headers: { "accept-encoding": "gzip" } });
  }
  assert.equal(answer.headers.get("content-encoding"), "gzip");
  assert.ok((await answer.text()).includes("decap-cms"), "the bundle, unzipped");
  const etag = answer.headers.get("etag") ?? "";
  assert.match(etag, /^"[0-9a-f]{32}"$/);
  assert.equal((await fetch(url, { headers: { "if-none-match": etag } })).status, 304);
});

test("a new price saved in the CMS is written to content/services.yaml, and the open /services shows it in place, in its Offer too", async () => {
  const services = await browser.newPage();
  await services.goto(`${dev.origin}/services`);
  await services.evaluate(() => {
    (window as unknown as { kept?: string }).kept = "still here";
  });
  await openEntry("pages/entries/services");
  const price = await firstPrice();
  await price.fill(String(NEW_PRICE));
  await publish();
  await services
    .waitForFunction((label) => document.body.textContent?.includes(label), priceLabel(NEW_PRICE), { timeout: 20_000 })
    .catch((error: Error) => {
      throw new Error(`${error.message}\n${dev.output().slice(-3000)}`);
    });
  assert.ok(read("content/services.yaml").includes(`- name: ${FIRST_PACKAGE}\n    price: ${NEW_PRICE}\n`), read("content/services.yaml"));
  assert.equal(await services.evaluate(() => (window as unknown as { kept?: string }).kept), "still here", "the page was patched, not reloaded");
  const served = await (await fetch(`${dev.origin}/services`)).text();
  const graph = JSON.parse(/<script type="application\/ld\+json">([^<]+)<\/script>/.exec(served)?.[1] ?? "{}") as {
    "@graph": { offers?: { price?: number } }[];
  };
  const offered = graph["@graph"].filter((node) => node.offers).map((node) => node.offers?.price);
  assert.ok(offered.includes(NEW_PRICE), `the Offers' prices: ${offered.join(", ")}`);
  await services.close();
});

/** The project's `file` once a save has changed it from `before` (the toast of an earlier save may still show). */
async function savedAs(file: string, before: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (read(file) === before) {
    assert.ok(Date.now() < deadline, `${file} was not saved within 20 s\n${dev.output().slice(-2000)}`);
    await new Promise((done) => setTimeout(done, 50));
  }
  return read(file);
}

/** Types into a field with the keyboard, as a person does: into it, all of it selected, then key by key. */
async function typeInto(field: Locator, text: string) {
  await field.click();
  await admin.keyboard.press("ControlOrMeta+A");
  if (text) await admin.keyboard.type(text);
  else await admin.keyboard.press("Backspace");
}

/** A package's form in the services entry (opened when it is not), by its name. */
async function packageForm(name: string) {
  const item = admin.locator('[class*="listControlItem"]', { hasText: name }).first();
  if (!(await item.getByLabel("Price").isVisible())) await item.locator("button").first().click();
  return item;
}

/** The sentences shown beside the field labelled `label` (the error list by its label), within `scope`. */
const besideField = (label: string, scope: Page | Locator = admin) => scope.locator(`xpath=.//label[normalize-space()="${label}"]/following-sibling::ul/li`);

test("a price typed as 80k or $80,000 is saved as that number of dollars, a one-line change with every comment kept", async () => {
  await openEntry("pages/entries/services");
  for (const [i, typed] of [
    [1, "80k"],
    [2, "$80,000"],
  ] as const) {
    const { name, price } = firmServices.packages[i];
    // A price the package does not have yet, so that saving it is a change.
    const [written, dollars] = price === 80000 ? [typed.replace("80", "85"), 85000] : [typed, 80000];
    const before = read("content/services.yaml");
    await typeInto((await packageForm(name)).getByLabel("Price"), written);
    await (await packageForm(name)).getByText(`Saved as ${dollars}`).waitFor();
    await publish();
    const after = await savedAs("content/services.yaml", before);
    const old = before.split("\n");
    const changed = after.split("\n").filter((line, at) => line !== old[at]);
    assert.equal(after.split("\n").length, old.length, after);
    assert.deepEqual(changed, [`    price: ${dollars}`], `the price typed ${JSON.stringify(written)}: the one line of ${name} changed`);
  }
});

test("a price it cannot read, or a heading left empty, is refused beside its field in the build's words, and nothing is written", async () => {
  const before = read("content/services.yaml");
  await openEntry("pages/entries/services");
  const first = await packageForm(FIRST_PACKAGE);
  await typeInto(first.getByLabel("Price"), "eighty");
  await typeInto(admin.getByLabel("Heading").first(), "");
  await publish();
  await admin.getByText("Not saved: the fields marked in red say what to change.").waitFor();
  const priceError = besideField("Price", first).getByText('price: "eighty" is not a number of US dollars; write 75000', { exact: true });
  await priceError.waitFor();
  await besideField("Heading").getByText("heading is missing; write a heading", { exact: true }).first().waitFor();
  // A sentence, as typed: not in Decap's capitals, and read from the left (browser/cms.css).
  const look = await priceError.evaluate((error) => ({ case: getComputedStyle(error).textTransform, align: getComputedStyle(error).textAlign }));
  assert.deepEqual(look, { case: "none", align: "left" });
  assert.equal(read("content/services.yaml"), before, "nothing was written");
});

/**
 * Types Markdown at the end of the text's editor as the firm does, line by line: each line inserted whole,
 * then Enter, and the next only once the editor's lines show all typed so far. Typed key by key, under
 * load the editor once put a "#" on the line before, and the file got a level-1 heading.
 */
async function typeMarkdown(text: string) {
  const editor = admin.locator('[data-slate-editor="true"]').last();
  const linesNow = () => editor.evaluate((element) => [...element.children].map((block) => (block.textContent ?? "").replace(/\uFEFF/g, "")));
  // Its last line clicked, then that line's end: ControlOrMeta+End, left to the browser, did not always
  // reach the end of the text (once, the line went in under ## Results).
  await editor.locator(":scope > *").last().click();
  await admin.keyboard.press("End");
  const before = await linesNow();
  const lines = text.split("\n");
  for (const [i, line] of lines.entries()) {
    if (i > 0) await admin.keyboard.press("Enter");
    if (line) await admin.keyboard.insertText(line);
    const expected = [...before.slice(0, -1), `${before.at(-1) ?? ""}${lines[0]}`, ...lines.slice(1, i + 1)];
    await admin
      .waitForFunction(
        ([element, want]) => JSON.stringify([...(element as Element).children].map((block) => (block.textContent ?? "").replace(/\uFEFF/g, ""))) === want,
        [await editor.elementHandle(), JSON.stringify(expected)] as const,
      )
      .catch(async (error: Error) => {
        // What the editor holds instead, for whoever reads the failure.
        assert.deepEqual(await linesNow(), expected, `line ${i + 1} of ${JSON.stringify(text)}: ${error.message}`);
        throw error;
      });
  }
}

/** Switches the text's editor to Markdown unless the CMS kept that mode, and waits until the switch says
 * so: text typed before went to the rich-text editor, whose shortcuts made a line a heading. */
async function chooseMarkdown() {
  const toggle = admin.getByRole("switch").last();
  if ((await toggle.getAttribute("aria-checked")) !== "true") await toggle.click();
  await admin.locator('[role="switch"][aria-checked="true"]').last().waitFor();
}

/** Writes a new case study in the CMS, as the README tells the firm to: its fields, a photograph when
 * given, and its text under ## Challenge, ## Solution and ## Results; then publishes it. */
async function newStudy(title: string, { photo, draft = false }: { photo?: string; draft?: boolean }) {
  await admin.goto(`${dev.origin}/admin/#/collections/case-studies/new`);
  await admin.getByLabel("Title", { exact: true }).fill(title, { timeout: 20_000 });
  await admin.getByLabel("Subtitle").fill("City College · AI advising pilot");
  await admin.getByLabel("Summary").fill("City College's advisers met 40% more first-year students with an AI advising pilot built with their team.");
  await admin.getByLabel("Published", { exact: true }).fill("2026-11-20");
  await admin.getByLabel("Order").fill("7");
  if (photo) {
    await admin.getByRole("button", { name: /choose an image/i }).click();
    await admin.locator('input[type="file"]').setInputFiles(photo);
    await admin.getByRole("button", { name: /choose selected/i }).click();
    await admin.getByLabel("Alt").fill("Advisers and students testing the new tool");
  }
  if (draft) await admin.getByLabel(/^Draft/).click();
  // The text as Markdown, typed as the firm writes it.
  await chooseMarkdown();
  await typeMarkdown(
    "## Challenge\n\nAdvisers could not see every first-year student.\n\n## Solution\n\nWe built an advising assistant with them.\n\n## Results\n\n- 40% more students met an adviser\n",
  );
  await publish();
}

/** Waits until the dev server serves a page at `path`. */
async function served(path: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await fetch(`${dev.origin}${path}`);
    if (response.status === 200) return response.text();
    if (Date.now() > deadline) {
      const files = readdirSync(join(project.dir, "content/case-studies"));
      assert.fail(`${path} was not served within 30 s; content/case-studies/ holds ${files.join(", ")}\n${dev.output().slice(-3000)}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
}

test("a case study added with a photograph is a new page with its card, list entry and sitemap entry; a draft is in the dev server only", async () => {
  const photo = join(project.dir, ".tmp/city-college.jpg");
  await sharp({ create: { width: 900, height: 600, channels: 3, background: "#4a7" } })
    .jpeg()
    .toFile(photo);
  await newStudy("City College Pilot", { photo });
  const page = await served("/case-studies/city-college-pilot");
  assert.match(read("content/case-studies/city-college-pilot.md"), /cover:\n {2}src: art\/photos\/city-college\.jpg\n {2}alt: Advisers/);
  assert.ok(existsSync(join(project.dir, "art/photos/city-college.jpg")), "the photograph is saved in art/photos/");
  // The text as typed, and nothing else.
  assert.match(
    read("content/case-studies/city-college-pilot.md"),
    /\n---\n+## Challenge\n\nAdvisers could not see every first-year student\.\n\n## Solution\n/,
  );
  assert.match(page, /<h1[^>]*>City College Pilot<\/h1>/);
  assert.match(page, /alt="Advisers and students testing the new tool"/);
  assert.match(page, /<meta property="og:image" content="[^"]*\/images\/card-case-studies-city-college-pilot\.[0-9a-f]+\.png"/);
  assert.match(await served("/case-studies"), /href="\/case-studies\/city-college-pilot"/);
  // Asked of the dev server, which answers once the run that wrote the page has written the sitemap too
  // (read from dist/ at once, it was sometimes still the run's last).
  assert.match(await served("/sitemap.xml"), /\/case-studies\/city-college-pilot</);

  await newStudy("Night School Pilot", { draft: true });
  assert.match(await served("/case-studies/night-school-pilot"), /Not published: a draft/);
  assert.match(read("content/case-studies/night-school-pilot.md"), /\ndraft: true\n/);
  const build = await buildCopyAsync(project.dir, "dist-build");
  assert.ok(build.ok, build.output);
  assert.ok(existsSync(join(project.dir, "dist-build/case-studies/city-college-pilot.html")));
  assert.ok(!existsSync(join(project.dir, "dist-build/case-studies/night-school-pilot.html")), "a draft is never built");
  assert.doesNotMatch(read("dist-build/sitemap.xml"), /night-school-pilot/);
});

test("a study's cover without its description, a section renamed, a summary too long: each refused beside its field, nothing written; a day as its hint writes it is saved as typed and listed", async () => {
  const file = "content/case-studies/city-college-pilot.md";
  const before = read(file);
  await openEntry("case-studies/entries/city-college-pilot");
  await typeInto(admin.getByLabel("Alt"), "");
  const summary =
    "City College's advisers met 40% more first-year students with an AI advising pilot built with their team, and kept on meeting every one of them all through the spring term.";
  await typeInto(admin.getByLabel("Summary"), summary);
  // ## Results renamed ## Outcomes in the text, where it is written.
  await admin
    .locator('[data-slate-editor="true"] > *', { hasText: /^## Results$/ })
    .last()
    .click();
  await admin.keyboard.press("End");
  await admin.keyboard.press("Shift+Home");
  await admin.keyboard.type("## Outcomes");
  await admin.waitForFunction(() => {
    const lines = [...(document.querySelector('[data-slate-editor="true"]')?.children ?? [])].map((line) => line.textContent?.replace(/\uFEFF/g, ""));
    return lines.includes("## Outcomes") && !lines.includes("## Results");
  });
  await publish();
  await admin.getByText("Not saved: the fields marked in red say what to change.").waitFor();
  await besideField("Alt").getByText("alt is missing; write what the image shows, for a visitor who cannot see it", { exact: true }).waitFor();
  await besideField("Summary")
    .getByText(new RegExp(`^summary is ${summary.length} characters, ${summary.length - 160} more than the 160 it may have; `))
    .waitFor();
  const text = besideField("Text");
  await text.getByText(/## Outcomes is not a section of the text; name its sections ## Challenge, ## Solution, ## Results/).waitFor();
  assert.equal(read(file), before, "nothing was written");

  // Put right, and dated as the hint writes a day: saved as typed, the list says when it goes live.
  await admin.goto(`${dev.origin}/admin/#/collections/case-studies`);
  await openEntry("case-studies/entries/city-college-pilot");
  await typeInto(admin.getByLabel("Publish at"), "2030-01-15");
  await publish();
  assert.match(await savedAs(file, before), /\npublishAt: 2030-01-15\n/);
  await admin.getByText("Goes live 2030-01-15: the daily build puts it on the site").waitFor();
  // The list shows an entry as the CMS last read it: once the study is opened again, as saved.
  await openEntry("case-studies/entries/city-college-pilot");
  await admin.goto(`${dev.origin}/admin/#/collections/case-studies`);
  await admin.getByText(/^7\. City College Pilot · Goes live 2030-01-15$/).waitFor();
  assert.match(await admin.getByText(/Night School Pilot · Draft/).innerText(), /Draft/);
});

// The preview's journey comes after every entry saved: Decap keeps a backup of an entry typed and not
// saved, as this one leaves, and restores it into the next new entry once it is ready (under load, after
// typing had begun). Every form here is opened inside the CMS (its address's fragment), never loaded anew.
test("the preview of a case study shows the page's own heading, results and check marks as typed, in the site's theme and stylesheet", async () => {
  await admin.evaluate((key) => localStorage.setItem(key, "preview"), PREVIEW_PANE);
  await admin.evaluate((key) => localStorage.setItem(key, "dark"), THEME_STORAGE_KEY);
  await admin.goto(`${dev.origin}/admin/#/collections/case-studies/new`);
  await admin.getByLabel("Title", { exact: true }).fill("Preview Pilot", { timeout: 20_000 });
  await chooseMarkdown();
  await typeMarkdown("## Challenge\n\nAdvisers could not see every student.\n\n## Results\n\n- 40% more students met an adviser\n");
  const preview = admin.frameLocator("iframe#preview-pane");
  await preview.locator("h1", { hasText: "Preview Pilot" }).waitFor({ timeout: 20_000 });
  const results = preview.locator(".card .checklist li");
  await results.filter({ hasText: "40% more students met an adviser" }).waitFor();
  assert.equal(await results.locator("svg.icon--check").count(), 1, "each result has its check mark");
  assert.equal(await preview.locator(".study__label", { hasText: "Challenge" }).count(), 1);

  await typeMarkdown("- Twice as many follow-ups");
  await admin.getByLabel("Title", { exact: true }).fill("Preview Pilot Two");
  await preview.locator("h1", { hasText: "Preview Pilot Two" }).waitFor();
  await results.filter({ hasText: "Twice as many follow-ups" }).waitFor();
  assert.equal(await results.locator("svg.icon--check").count(), 2);
  // The site's stylesheet in the dark theme the visitor chose: the page's dark background.
  const look = await preview.locator("html").evaluate((html) => ({ theme: html.className, background: getComputedStyle(document.body).backgroundColor }));
  assert.match(look.theme, /\bdark\b/);
  assert.equal(look.background, "rgb(11, 20, 19)");
  await admin.evaluate((key) => localStorage.removeItem(key), THEME_STORAGE_KEY);
  assert.deepEqual(violations, []);
});

/** A phone's screen, in CSS pixels (an iPhone SE's, the narrowest in use). */
const PHONE = { width: 375, height: 667 };

// On the page the journeys used, made a phone's: a new page would load and compile the CMS again (4.5 s).
test("on a phone (375 px) the CMS fits its screen: the list, a case study's editor, its toolbar and the media library's buttons are on screen and work", async () => {
  // A photograph to upload and choose (the media library lists the files it had when the CMS started).
  const photo = join(project.dir, ".tmp/phone-width.jpg");
  await sharp({ create: { width: 600, height: 400, channels: 3, background: "#47a" } })
    .jpeg()
    .toFile(photo);
  const desktop = admin.viewportSize();
  // A phone's browser (Playwright's isMobile, which a page cannot change): where a page is wider than the
  // screen, it widens the page's viewport to fit, and the layers fixed to it (the media library) with it.
  const phone = await admin.context().newCDPSession(admin);
  await phone.send("Emulation.setDeviceMetricsOverride", { ...PHONE, deviceScaleFactor: 2, mobile: true });
  /** What was off the screen: each control partly outside it, and the page where it was wider than it. */
  const offScreen = new Set<string>();
  const seeOnScreen = async (control: ReturnType<Page["locator"]>, name: string) => {
    // Drawn first: a box is only read once the control is there (the list, just asked for, once was not).
    await control.waitFor();
    const box = await control.boundingBox();
    assert.ok(box, `${name} is shown`);
    if (box.x < 0 || box.x + box.width > PHONE.width) offScreen.add(`${name} spans ${Math.round(box.x)}..${Math.round(box.x + box.width)} px`);
    const pageWidth = await admin.evaluate(() => document.documentElement.scrollWidth);
    if (pageWidth > PHONE.width) offScreen.add(`the page is ${pageWidth} px wide`);
  };
  try {
    await admin.goto(`${dev.origin}/admin/#/collections/case-studies`);
    const firstStudy = admin.locator('[class*="ListCardLink"]').first();
    await seeOnScreen(firstStudy, "the first case study in the list");
    await firstStudy.click();
    await admin.locator('[class*="ControlContainer"]').first().waitFor({ timeout: 20_000 });
    await seeOnScreen(admin.getByRole("button", { name: "Published", exact: true }), "Published");
    await seeOnScreen(admin.getByRole("button", { name: "Delete entry" }), "Delete");
    await seeOnScreen(admin.getByTitle("Toggle preview"), "the preview's switch");
    await seeOnScreen(admin.locator("iframe#preview-pane"), "the preview");
    await admin.getByRole("button", { name: /^choose (an|different) image$/i }).click();
    const chooseSelected = admin.getByRole("button", { name: "Choose selected" });
    await seeOnScreen(chooseSelected, "Choose selected");
    await seeOnScreen(admin.getByText("Upload", { exact: true }), "Upload");
    await seeOnScreen(admin.getByPlaceholder("Search..."), "the media library's search");
    assert.deepEqual([...offScreen], [], `on a screen ${PHONE.width} px wide`);

    // The photograph uploaded is the one selected.
    await admin.locator('input[type="file"]').setInputFiles(photo);
    await admin.getByText("phone-width.jpg").waitFor();
    await chooseSelected.click();
    await chooseSelected.waitFor({ state: "hidden" });
    // The photograph chosen is a change: the toolbar offers to publish it.
    const publishButton = admin.getByRole("button", { name: "Publish", exact: true });
    await seeOnScreen(publishButton, "Publish");
    await publishButton.click();
    await seeOnScreen(admin.getByText("Publish now"), "Publish now");
    assert.deepEqual([...offScreen], [], `on a screen ${PHONE.width} px wide`);
    assert.deepEqual(violations, []);
  } finally {
    await phone.send("Emulation.clearDeviceMetricsOverride");
    await phone.detach();
    if (desktop) await admin.setViewportSize(desktop);
    rmSync(join(project.dir, "art/photos/phone-width.jpg"), { force: true });
  }
});

test("View Live opens a study's own page; the preview of services is its page, a price typed shown as the page shows it and the site's facts in its tokens", async () => {
  // Each form opened from its collection's list: opened from another form with changes not saved (as the last
  // journey leaves its new study, and Decap counts a study's form changed once its widgets have read it),
  // the next form showed half-loaded.
  await admin.goto(`${dev.origin}/admin/#/collections/case-studies`);
  await admin.locator('a[href$="/collections/case-studies/entries/city-college-pilot"]').waitFor();
  // A study the CMS opens as saved (Decap shows View Live for those): the link is its page's address on
  // this origin (the configuration's site_url is "/"), which the site serves.
  await openEntry("case-studies/entries/city-college-pilot");
  const live = admin.getByRole("link", { name: "View Live" });
  await live.waitFor({ timeout: 20_000 });
  const href = (await live.getAttribute("href")) ?? "";
  assert.equal(href, caseStudyPath({ slug: "city-college-pilot" } as CaseStudy));
  assert.match(await served(href), /<h1[^>]*>City College Pilot<\/h1>/);

  await admin.goto(`${dev.origin}/admin/#/collections/pages`);
  await admin.locator('a[href$="/collections/pages/entries/services"]').waitFor();
  await openEntry("pages/entries/services");
  const price = NEW_PRICE + 1000;
  await (await firstPrice()).fill(String(price));
  await admin.getByLabel("Heading").first().fill("Packages of {{ company.name }}");
  const preview = admin.frameLocator("iframe#preview-pane");
  await preview.locator("h1", { hasText: `Packages of ${site.company.name}` }).waitFor({ timeout: 20_000 });
  await preview
    .locator(".package__amount", { hasText: priceLabel(price) })
    .first()
    .waitFor();
  assert.equal(await preview.locator(".package__amount").first().textContent(), priceLabel(price));
  assert.doesNotMatch(await preview.locator("body").innerText(), /\{\{/);
  assert.equal(await preview.locator(".package").count(), firmServices.packages.length, "every package, as the page lists them");
  assert.deepEqual(violations, []);
});

test("Firefox loads the CMS too", async () => {
  const firefox = await launchFirefox();
  try {
    const visit = await firefox.visit(dev.origin);
    await visit.goto("/admin/");
    const deadline = Date.now() + 30_000;
    while (!(await visit.evaluate<boolean>(`[...document.querySelectorAll("button")].some((b) => /login/i.test(b.textContent))`))) {
      assert.ok(Date.now() < deadline, "Firefox showed the CMS's sign-in within 30 s");
      await new Promise((done) => setTimeout(done, 100));
    }
  } finally {
    await firefox.quit();
  }
});

// The CMS's local backend answers the CMS of this dev server alone, and only with the files the CMS edits:
// every other request is refused, and nothing on disk changes.
const BACKEND = "/admin/api/v1";

/** What the project's content/ and art/ hold, and the files outside it a link may lead to: each file's
 * path and the hash of its bytes, each link's path and target. */
function disk(...outside: string[]): string {
  const lines: string[] = [];
  for (const folder of ["content", "art"]) {
    for (const entry of readdirSync(join(project.dir, folder), { recursive: true, withFileTypes: true })) {
      const file = join(entry.parentPath, entry.name);
      if (entry.isSymbolicLink()) lines.push(`${file} -> ${readlinkSync(file)}`);
      else if (entry.isFile()) lines.push(`${file} ${createHash("sha256").update(readFileSync(file)).digest("hex")}`);
    }
  }
  for (const file of outside) lines.push(`${file} ${existsSync(file) ? createHash("sha256").update(readFileSync(file)).digest("hex") : "none"}`);
  return lines.sort().join("\n");
}

/** A request as any program of the machine (or a rebinding site's page) may send it: every header as given. */
function ask(body: string, headers: OutgoingHttpHeaders = {}, { method = "POST", path = BACKEND } = {}): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(dev.origin);
  return new Promise((done, fail) => {
    const sent = request({ hostname, port, path, method, headers: { "Content-Type": "application/json", ...headers } }, (response) => {
      let text = "";
      response.setEncoding("utf8").on("data", (chunk: string) => {
        text += chunk;
      });
      response.on("end", () => done({ status: response.statusCode ?? 0, text }));
    });
    sent.on("error", fail);
    sent.end(body);
  });
}

/** The error the backend answers with, for a request of `action` with `params`. */
const actionOf = (action: string, params: unknown) => JSON.stringify({ action, params });
const errorOf = (text: string) => (text.startsWith("{") ? (JSON.parse(text) as { error: string }).error : text);

/** Asserts that the request is refused with this status and message, and that nothing on disk changed. */
async function assertRefused(body: string, headers: OutgoingHttpHeaders, status: number, says: RegExp, outside: string[] = []) {
  const before = disk(...outside);
  const answer = await ask(body, headers);
  assert.equal(answer.status, status, answer.text);
  assert.match(errorOf(answer.text), says);
  assert.doesNotMatch(answer.text, /\/tmp\/|\/home\/|\/work\/|at [\w.]+ \(/, "no path of the machine, no stack");
  assert.equal(disk(...outside), before, "nothing on disk changed");
}

/** The request that wrote engine/content/tokens.ts, whose first line the dev server runs at its restart. */
const TOKENS_WRITE = actionOf("persistEntry", { entry: { path: "engine/content/tokens.ts", raw: "export {}; //" } });

test("another site's page posting a form, or a page of another port fetching with no-cors, is refused: nothing on disk changes", async () => {
  // A page that another site (http://localhost:<port>, another site than 127.0.0.1) serves: it posts a
  // form whose one field is the JSON of a write, sent as text/plain, as soon as it is opened.
  // The form joins its field's name and value with "=": a JSON whose text ends in a comment, "export {}; //=".
  const [name, value] = [TOKENS_WRITE.slice(0, -4), TOKENS_WRITE.slice(-4)];
  const attack = createServer((req, res) => {
    const form = `<form method="POST" enctype="text/plain" action="${dev.origin}${BACKEND}"><input name='${name}' value='${value}'></form><script>document.forms[0].submit()</script>`;
    const fetching = `<script>fetch("${dev.origin}${BACKEND}", { method: "POST", mode: "no-cors", body: ${JSON.stringify(TOKENS_WRITE)} })</script>`;
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(req.url === "/form" ? form : fetching);
  });
  await new Promise<void>((done) => attack.listen(0, "127.0.0.1", done));
  const { port } = attack.address() as AddressInfo;
  const page = await browser.newPage();
  try {
    const before = disk();
    const backend = (response: { url(): string }) => new URL(response.url()).pathname === BACKEND;
    for (const [at, says] of [
      [`http://localhost:${port}/form`, /not a page of "http:\/\/localhost:\d+"/],
      [`http://127.0.0.1:${port}/fetch`, /not a page of "http:\/\/127\.0\.0\.1:\d+"/],
    ] as const) {
      const [response] = await Promise.all([page.waitForResponse(backend), page.goto(at)]);
      assert.equal(response.status(), 403, at);
      // The form's answer is the page it leads to; the fetch's, which the page may not read, the terminal tells.
      if (at.endsWith("/form")) assert.match(errorOf(await page.waitForURL(`${dev.origin}${BACKEND}`).then(() => page.locator("body").innerText())), says);
      await dev.waitForOutput(new RegExp(`\\[dev\\] CMS: refused \\(403\\): .*${says.source}`));
      assert.equal(disk(), before, `${at}: nothing on disk changed`);
    }
  } finally {
    await page.close();
    attack.close();
  }
});

test("the backend refuses another address (DNS rebinding), another origin, a body not JSON, a file the CMS does not edit, a body over the limit and a malformed request", async () => {
  const port = new URL(dev.origin).port;
  const rebound = { Host: `rebind.evil.example:${port}` };
  const otherAddress = (host: string) =>
    new RegExp(
      `^Refused: this dev server answers at http://127\\.0\\.0\\.1:${port}/ and http://localhost:${port}/ only, not for the address "${host.replace(/\./g, "\\.")}"`,
    );
  // Another name for this machine: every path of the dev server refuses it, reads as well as writes.
  await assertRefused(TOKENS_WRITE, rebound, 403, otherAddress(rebound.Host));
  for (const path of ["/", "/admin/", "/admin/config.yml", "/__dev/events"]) {
    const answer = await ask("", rebound, { method: "GET", path });
    assert.equal(answer.status, 403, path);
    assert.match(answer.text, otherAddress(rebound.Host));
  }
  assert.equal((await ask(actionOf("info", {}), { Host: `localhost:${port}` })).status, 200, "localhost is the dev server's own name");
  assert.equal((await ask(actionOf("info", {}), { Host: `[::1]:${port}` })).status, 200, "and [::1]");
  const otherPort = `127.0.0.1:${Number(port) + 1}`;
  await assertRefused(actionOf("getEntry", { path: "content/site.yaml" }), { Host: otherPort }, 403, otherAddress(otherPort));
  // A page of another origin, or a browser's request from another site.
  await assertRefused(
    TOKENS_WRITE,
    { Origin: "http://127.0.0.1:1" },
    403,
    /^the CMS's backend answers the CMS at http:\/\/127\.0\.0\.1:\d+\/admin\/ only, not a page of "http:\/\/127\.0\.0\.1:1"/,
  );
  await assertRefused(TOKENS_WRITE, { "Sec-Fetch-Site": "cross-site" }, 403, /not a request a browser sent from elsewhere \(Sec-Fetch-Site: "cross-site"\)/);
  // A form's body, or anything not JSON.
  await assertRefused(TOKENS_WRITE, { "Content-Type": "text/plain" }, 415, /^the CMS's backend reads Content-Type: application\/json only, not "text\/plain"$/);
  // A file the CMS does not edit: the schema's TypeScript, the redirects, a file outside content/ and art/.
  const notEdited =
    /^"[^"]+" is not a file the CMS may read or change here: it edits the content files content\/collections\.ts describes \(content\/site\.yaml, .*content\/case-studies\/\*\.md\)/;
  await assertRefused(TOKENS_WRITE, {}, 403, notEdited);
  await assertRefused(actionOf("getEntry", { path: "engine/content/tokens.ts" }), {}, 403, notEdited);
  await assertRefused(actionOf("deleteFiles", { paths: ["engine/content/tokens.ts"] }), {}, 403, notEdited);
  await assertRefused(actionOf("deleteFile", { path: "content/collections.ts" }), {}, 403, notEdited);
  await assertRefused(actionOf("persistEntry", { entry: { path: "content/redirects.yaml", raw: "[]" } }), {}, 403, notEdited);
  await assertRefused(actionOf("persistEntry", { entry: { path: "content/../build.ts", raw: "" } }), {}, 403, notEdited);
  await assertRefused(actionOf("persistEntry", { entry: { path: "/etc/passwd.md", raw: "" } }), {}, 403, notEdited);
  await assertRefused(
    actionOf("persistMedia", { asset: { path: "art/photos/run.ts", content: "", encoding: "base64" } }),
    {},
    403,
    /is not a file the CMS may read or change here: it edits the images in art\/ \(\.jpg, \.jpeg, \.png, \.webp, \.svg\) only$/,
  );
  // One file of a save refused: none of it is written, not even the photograph before it.
  const photoAndTokens = {
    assets: [{ path: "art/photos/new.jpg", content: "AAAA", encoding: "base64" }],
    dataFiles: [{ path: "engine/content/tokens.ts", raw: "" }],
  };
  await assertRefused(actionOf("persistEntry", photoAndTokens), {}, 403, notEdited);
  // Malformed: not JSON, no action, an action it does not know, params of another shape.
  await assertRefused("{action: persistEntry", {}, 400, /^the request's body is not JSON: the CMS's backend reads a JSON object \{action, params\}$/);
  await assertRefused(JSON.stringify({ params: {} }), {}, 400, /^the request is not an action of the CMS: action is missing or is not text$/);
  await assertRefused(actionOf("runCommand", {}), {}, 400, /^"runCommand" is not an action of the CMS's backend; it answers info, entriesByFolder, /);
  await assertRefused(actionOf("getEntry", { path: 7 }), {}, 400, /^getEntry: params\.path is missing or is not text$/);
  await assertRefused(
    actionOf("persistEntry", { entry: { path: "content/site.yaml" } }),
    {},
    400,
    /^persistEntry: params\.entry\.raw is missing or is not text$/,
  );
  await assertRefused(
    actionOf("persistMedia", { asset: { path: "art/photos/x.jpg", content: "AAAA", encoding: "utf8" } }),
    {},
    400,
    /^persistMedia: params\.asset\.encoding is not base64$/,
  );
  assert.equal((await ask("", {}, { method: "GET" })).status, 405);
  // A failure the backend does not foresee (a folder on the way is a file): a plain 500, and the details in
  // the terminal, with the project's paths.
  const throughFile = actionOf("persistMedia", { asset: { path: "art/hero.svg/x.jpg", content: "AAAA", encoding: "base64" } });
  await assertRefused(throughFile, {}, 500, /^the dev server could not do persistMedia: its terminal says why$/);
  // The answer may arrive before the server's line is read from its output: wait for the line.
  await dev.waitForOutput(/\[dev\] CMS: persistMedia failed: ENOTDIR: not a directory, lstat 'art\/hero\.svg\/x\.jpg'/);
});

test("a body over the limit is refused with 413 as soon as it says so, or as soon as it is over, without reading it all", async () => {
  const tooLarge = /^the request is over 25 MB, the most the CMS's backend reads/;
  const before = disk();
  // Said up front: refused before a byte of the body is read.
  const declared = await new Promise<{ status: number; text: string }>((done, fail) => {
    const { hostname, port } = new URL(dev.origin);
    const sent = request(
      { hostname, port, path: BACKEND, method: "POST", headers: { "Content-Type": "application/json", "Content-Length": BODY_LIMIT + 1 } },
      (response) => {
        let text = "";
        response.setEncoding("utf8").on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => done({ status: response.statusCode ?? 0, text }));
      },
    );
    sent.on("error", fail);
    sent.write('{"action":"persistMedia"');
  });
  assert.equal(declared.status, 413);
  assert.match(errorOf(declared.text), tooLarge);
  // Sent in chunks, its length not said: refused once it is over the limit; the sending is not waited for.
  const chunk = Buffer.alloc(1024 * 1024, "A");
  let sentBytes = 0;
  const streamed = await new Promise<{ status: number; text: string }>((done, fail) => {
    const { hostname, port } = new URL(dev.origin);
    let answered = false;
    const sent = request({ hostname, port, path: BACKEND, method: "POST", headers: { "Content-Type": "application/json" } }, (response) => {
      answered = true;
      let text = "";
      response.setEncoding("utf8").on("data", (part: string) => {
        text += part;
      });
      response.on("end", () => done({ status: response.statusCode ?? 0, text }));
    });
    // The server closes the connection once it has answered: the rest of the body is not sent.
    sent.on("error", (error) => answered || fail(error));
    const more = () => {
      while (!answered && sentBytes < 2 * BODY_LIMIT) {
        sentBytes += chunk.length;
        if (!sent.write(chunk)) return void sent.once("drain", more);
      }
      if (!answered) sent.end();
    };
    sent.write('{"action":"persistMedia","params":{"asset":{"path":"art/photos/big.jpg","encoding":"base64","content":"');
    more();
  });
  assert.equal(streamed.status, 413, streamed.text);
  assert.match(errorOf(streamed.text), tooLarge);
  assert.ok(sentBytes < 2 * BODY_LIMIT, `the answer came before all ${sentBytes} bytes were sent`);
  assert.equal(disk(), before, "nothing on disk changed");
});

test("a symbolic link in content/ or art/ is never followed: read, listed or written through, it is refused, and the build names it", async () => {
  const outside = mkdtempSync(join(tmpdir(), "cedarline-outside-"));
  const [secretText, secretPhoto] = [join(outside, "secret.md"), join(outside, "secret.jpg")];
  writeFileSync(secretText, "---\ntitle: A file of the machine\n---\nNot the project's.\n");
  writeFileSync(secretPhoto, "not the project's photograph");
  mkdirSync(join(project.dir, "art/photos"), { recursive: true });
  symlinkSync(secretText, join(project.dir, "content/case-studies/leak.md"));
  symlinkSync(secretPhoto, join(project.dir, "art/photos/leak.jpg"));
  symlinkSync(outside, join(project.dir, "art/linked"));
  try {
    const files = [secretText, secretPhoto, join(outside, "new.jpg"), join(outside, "new.md")];
    const linked = (path: string) =>
      new RegExp(
        `^${path.replace(/[./]/g, "\\$&")} is a symbolic link: the CMS reads and writes the files in content/ and art/ themselves, never through a link`,
      );
    await assertRefused(actionOf("getEntry", { path: "content/case-studies/leak.md" }), {}, 403, linked("content/case-studies/leak.md"), files);
    await assertRefused(
      actionOf("entriesByFiles", { files: [{ path: "content/case-studies/leak.md" }] }),
      {},
      403,
      linked("content/case-studies/leak.md"),
      files,
    );
    await assertRefused(actionOf("getMediaFile", { path: "art/photos/leak.jpg" }), {}, 403, linked("art/photos/leak.jpg"), files);
    await assertRefused(
      actionOf("persistEntry", { entry: { path: "content/case-studies/leak.md", raw: "x" } }),
      {},
      403,
      linked("content/case-studies/leak.md"),
      files,
    );
    await assertRefused(actionOf("deleteFiles", { paths: ["art/photos/leak.jpg"] }), {}, 403, linked("art/photos/leak.jpg"), files);
    await assertRefused(
      actionOf("persistMedia", { asset: { path: "art/linked/new.jpg", content: "AAAA", encoding: "base64" } }),
      {},
      403,
      linked("art/linked"),
      files,
    );
    await assertRefused(actionOf("getMedia", { mediaFolder: "art/linked" }), {}, 403, linked("art/linked"), files);
    // A folder's listing leaves a link out.
    const entries = await ask(actionOf("entriesByFolder", { folder: "content/case-studies", extension: "md", depth: 1 }));
    assert.equal(entries.status, 200);
    assert.ok(!entries.text.includes("leak.md") && !entries.text.includes("A file of the machine"), "the link is not listed");
    const media = await ask(actionOf("getMedia", { mediaFolder: "art/photos" }));
    assert.equal(media.status, 200);
    assert.ok(!media.text.includes("leak.jpg"), "the link is not listed");
    // The dev server's build names the links (as npm run build does) and the pages show it.
    const deadline = Date.now() + 20_000;
    while (!/art\/linked is a link to a folder elsewhere; put the folder itself in art\//.test(dev.output())) {
      assert.ok(Date.now() < deadline, `the dev server's build named the links within 20 s:\n${dev.output().slice(-2000)}`);
      await new Promise((done) => setTimeout(done, 100));
    }
    assert.match(dev.output(), /content\/case-studies\/leak\.md is a link to a file elsewhere; put the file itself in content\//);
  } finally {
    for (const link of ["content/case-studies/leak.md", "art/photos/leak.jpg", "art/linked"]) rmSync(join(project.dir, link));
    rmSync(outside, { recursive: true, force: true });
  }
});
