// The CMS at /admin/ as the firm uses it, from `npm run dev` on a copy of the project: one dev server and
// one Chromium for every journey. It opens under its own policy, refuses what the schema refuses in the
// schema's words, and a save writes the content file, which the open page shows at once, in place.
// Firefox only shows that it loads.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { launchBrowser } from "../../commands/support/browser.ts";
import { type DevServer, startDevServer } from "../../commands/support/dev-server.ts";
import { copyProject, type ProjectCopy } from "../../commands/support/project-copy.ts";
import { CMS_WIDGETS } from "../../shared/cms-widgets.ts";
import { THEME_STORAGE_KEY } from "../../shared/theme-key.ts";
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
/** How long the CMS took to show its collections, from a cold cache. */
let readyMs = 0;

/** Opens an entry's form (the CMS keeps its sign-in for the visit). */
async function openEntry(hash: string) {
  await admin.goto(`${dev.origin}/admin/#/collections/${hash}`);
  await admin.locator('[class*="ControlContainer"]').first().waitFor({ timeout: 20_000 });
}

/** Opens the first package (Discovery to Scale), unless it is open, and returns its price field. */
async function firstPrice() {
  const price = admin.getByLabel("Price").first();
  if (!(await price.isVisible()))
    await admin.locator('[class*="listControlItem"]', { hasText: "Discovery to Scale" }).first().locator("button").first().click();
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
  console.log(`# /admin/ ready to edit in ${readyMs} ms (the collections shown, from a cold cache; Login shown at ${loginMs} ms)`);
  assert.ok(await admin.getByText("Pages and facts").isVisible());
  assert.ok(await admin.getByText("Case studies").first().isVisible());
  assert.ok(asked.includes("/admin/config.yml") && asked.includes("/admin/preview.js"));
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
  await price.fill("80000");
  await publish();
  await services
    .waitForFunction(() => document.body.textContent?.includes("$80k"), undefined, { timeout: 20_000 })
    .catch((error: Error) => {
      throw new Error(`${error.message}\n${dev.output().slice(-3000)}`);
    });
  assert.match(read("content/services.yaml"), /- name: Discovery to Scale\n {4}price: 80000\n/);
  assert.equal(await services.evaluate(() => (window as unknown as { kept?: string }).kept), "still here", "the page was patched, not reloaded");
  const served = await (await fetch(`${dev.origin}/services`)).text();
  const graph = JSON.parse(/<script type="application\/ld\+json">([^<]+)<\/script>/.exec(served)?.[1] ?? "{}") as {
    "@graph": { offers?: { price?: number } }[];
  };
  const offered = graph["@graph"].filter((node) => node.offers).map((node) => node.offers?.price);
  assert.ok(offered.includes(80000), `the Offers' prices: ${offered.join(", ")}`);
  await services.close();
});

test("a price the schema refuses, or a required field left empty, is not saved: the form names the field in the schema's words", async () => {
  const before = read("content/services.yaml");
  await openEntry("pages/entries/services");
  const price = await firstPrice();
  await price.fill("-5");
  await publish();
  await admin.getByText(/price is not a number of US dollars; write 75000/i).waitFor();
  await price.fill("80000");
  await admin.getByLabel("Heading").first().fill("");
  await publish();
  await admin
    .getByText(/Heading is required/i)
    .first()
    .waitFor();
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
  await editor.click();
  await admin.keyboard.press("ControlOrMeta+End");
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

// The preview's journey comes after every entry saved: Decap keeps a backup of an entry typed and not
// saved, as this one leaves, and restores it into the next new entry once it is ready (under load, after
// typing had begun). Every form here is opened inside the CMS (its address's fragment), never loaded anew.
test("the preview of a case study shows the page's own heading, results and check marks as typed, in the site's theme and stylesheet", async () => {
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
