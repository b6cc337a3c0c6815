// The CMS at /admin/ as the firm uses it, from `npm run dev` on a copy of the project: one dev server and
// one Chromium for every journey. It opens under its own policy, refuses what the schema refuses in the
// schema's words, and a save writes the content file, which the open page shows at once, in place.
// Firefox only shows that it loads.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../../commands/support/browser.ts";
import { type DevServer, startDevServer } from "../../commands/support/dev-server.ts";
import { copyProject, type ProjectCopy } from "../../commands/support/project-copy.ts";
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
  await admin.getByRole("button", { name: "Publish" }).click();
  await admin.getByText("Publish now").click();
}

test("/admin/ opens under its own policy, signed in to the dev server's local backend, and lists the collections", async () => {
  const started = Date.now();
  const response = await admin.goto(`${dev.origin}/admin/`);
  const policy = response?.headers()["content-security-policy"] ?? "";
  assert.match(
    policy,
    /^default-src 'none'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; .*connect-src 'self';.*frame-ancestors 'none'$/,
  );
  assert.equal(response?.headers()["x-robots-tag"], "noindex");
  await admin.getByRole("button", { name: /login/i }).click({ timeout: 20_000 });
  await admin.getByText("Pages and facts").waitFor({ timeout: 20_000 });
  readyMs = Date.now() - started;
  console.log(`# /admin/ ready to edit in ${readyMs} ms (the collections shown, from a cold cache)`);
  assert.ok(await admin.getByText("Case studies").first().isVisible());
  assert.deepEqual(violations, []);
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
