// The contact form against a recorded CRM stand-in.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { contactEndpoint, failures, rejection, standInCrm, titled, contactVisitor as visitor } from "../helpers/crm.ts";
import { holdIslandCode } from "../helpers/island-code.ts";
import { openPage } from "../helpers/open-page.ts";
import { configuredSite, fixtureSite } from "../helpers/site.ts";
import { browserSuite } from "../helpers/suite.ts";

const suite = browserSuite(configuredSite, fixtureSite);

const ERROR = "There was a problem submitting the form. Please try again later.";

async function fill(page: Page, origin: string) {
  await page.goto(`${origin}/contact`);
  for (const [name, value] of Object.entries(visitor)) await page.fill(`[name="${name}"]`, value);
}
async function fillAndSend(page: Page, origin: string) {
  await fill(page, origin);
  await page.getByRole("button", { name: "Send Message" }).click();
}
const fieldValues = (page: Page) =>
  page.evaluate((names) => names.map((n) => (document.querySelector(`[name="${n}"]`) as HTMLInputElement).value), Object.keys(visitor));

test("success: the exact payload is posted once, and the thank-you replaces the form for good", async () => {
  const { context, page, errors } = await openPage(suite.browser);
  const requests = await standInCrm(page, { status: 200 });
  await fillAndSend(page, suite.sites[0].origin);
  await page.getByRole("status").waitFor();
  assert.equal(await page.getByRole("status").textContent(), "Thank you for your message! We'll be in touch soon.");
  assert.equal(await page.locator("form.contact-form").count(), 0);
  assert.equal(requests.length, 1);
  assert.deepEqual(requests[0], {
    url: contactEndpoint,
    method: "POST",
    contentType: "application/json",
    body: {
      fields: Object.entries(visitor).map(([name, value]) => ({ name, value })),
      context: { pageUri: `${suite.sites[0].origin}/contact`, pageName: titled("Contact Us") },
    },
  });
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [label, answer] of failures) {
  test(`${label}: the spec's message in red above the button, every field kept, button re-enabled`, async () => {
    const { context, page } = await openPage(suite.browser);
    const requests = await standInCrm(page, answer);
    await fillAndSend(page, suite.sites[0].origin);
    const alert = page.getByRole("alert");
    await alert.waitFor();
    assert.equal(await alert.textContent(), ERROR);
    const [alertBox, buttonBox] = [await alert.boundingBox(), await page.getByRole("button", { name: "Send Message" }).boundingBox()];
    assert.ok(alertBox!.y + alertBox!.height <= buttonBox!.y, "the message sits above the button");
    const [r, g, b] = (await alert.evaluate((el) => getComputedStyle(el).color)).match(/\d+/g)!.map(Number);
    assert.ok(r > 150 && g < 80 && b < 80, `red text, got rgb(${r}, ${g}, ${b})`);
    assert.deepEqual(await fieldValues(page), Object.values(visitor));
    assert.equal(await page.getByRole("button", { name: "Send Message" }).isEnabled(), true);
    assert.equal(requests.length, 1);
    await context.close();
  });
}

test("a hung request shows 'Sending...' disabled, ignores a second click, and fails after 15 s", async () => {
  const { context, page } = await openPage(suite.browser);
  await page.clock.install();
  const requests = await standInCrm(page, "hang");
  await fill(page, suite.sites[0].origin);
  // The page's time stands still from here, so only the test moves it: a flowing clock let a loaded
  // machine's slow steps below count towards the 15 s, and the timeout fired before runFor's 14 s.
  await page.clock.pauseAt(Date.now() + 1000);
  await page.getByRole("button", { name: "Send Message" }).click();
  const sending = page.getByRole("button", { name: "Sending..." });
  assert.equal(await sending.isDisabled(), true);
  await sending.click({ force: true });
  await page.locator("form.contact-form").evaluate((form: HTMLFormElement) => form.requestSubmit());
  await page.clock.runFor(14_000);
  assert.equal(await page.getByRole("alert").count(), 0);
  await page.clock.runFor(1_500);
  await page.getByRole("alert").waitFor();
  assert.equal(await page.getByRole("alert").textContent(), ERROR);
  assert.deepEqual(await fieldValues(page), Object.values(visitor));
  assert.equal(requests.length, 1, "a second click while sending sends nothing more");
  await context.close();
});

test("without JavaScript the form, which cannot send, is hidden and the email address offered", async () => {
  const { context, page } = await openPage(suite.browser, { javaScriptEnabled: false });
  await page.goto(`${suite.sites[0].origin}/contact`);
  assert.equal(await page.locator("form.contact-form").isVisible(), false);
  assert.equal(await page.getByRole("link", { name: "hello@cedarlineadvisory.com" }).getAttribute("href"), "mailto:hello@cedarlineadvisory.com");
  assert.equal(await page.locator("form.contact-form").getAttribute("method"), "post", "were it ever sent, nothing typed goes into a URL");
  await context.close();
});

test("a build without HubSpot ids posts nowhere and shows the error, fields kept", async () => {
  const { context, page, thirdParty } = await openPage(suite.browser);
  await fillAndSend(page, suite.sites[1].origin);
  await page.getByRole("alert").waitFor();
  assert.equal(await page.getByRole("alert").textContent(), ERROR);
  assert.deepEqual(await fieldValues(page), Object.values(visitor));
  assert.deepEqual(thirdParty, []);
  await context.close();
});

test("HubSpot's 400: each rejected field says why, is invalid and described, the first takes the focus; the correlationId is logged", async () => {
  const { context, page, errors, warnings } = await openPage(suite.browser);
  await standInCrm(page, rejection({ field: "email", errorType: "INVALID_EMAIL" }, { field: "message", errorType: "REQUIRED_FIELD" }));
  await fillAndSend(page, suite.sites[0].origin);
  await page.getByRole("alert").waitFor();
  assert.equal(await page.getByRole("alert").textContent(), ERROR);
  const described = (name: string) =>
    page.evaluate((n) => {
      const field = document.querySelector(`[name="${n}"]`)!;
      const id = field.getAttribute("aria-describedby");
      return [field.getAttribute("aria-invalid"), id ? document.getElementById(id)?.textContent : null];
    }, name);
  assert.deepEqual(await described("email"), ["true", "Enter a valid email address, such as name@example.com."]);
  assert.deepEqual(await described("message"), ["true", "Message is required."]);
  assert.deepEqual(await described("firstname"), [null, null]);
  await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === "email");
  assert.deepEqual(await fieldValues(page), Object.values(visitor));
  assert.ok(
    warnings.some((w) => w.includes("3c1f2a9e-0b7d-4e55-9a41-7d2c5f0e8b13")),
    warnings.join("\n"),
  );
  assert.deepEqual(
    errors.filter((e) => !/status of 400/.test(e)),
    [],
  );

  await page.unroute("https://api.hsforms.com/**");
  await standInCrm(page, rejection({ field: "email", errorType: "BLOCKED_EMAIL" }));
  await page.getByRole("button", { name: "Send Message" }).click();
  await page.waitForFunction(() => document.getElementById("contact-email-error")?.textContent?.includes("work email"));
  assert.deepEqual(await described("email"), ["true", "This email address is not accepted here. Please use your work email address."]);
  assert.deepEqual(await described("message"), [null, null], "a field HubSpot no longer rejects is valid again");
  await context.close();
});

test("hutk: sent from the hubspotutk cookie when it exists (and absent otherwise, as the success test shows)", async () => {
  const { context, page } = await openPage(suite.browser);
  await context.addCookies([{ name: "hubspotutk", value: "8f14e45fceea167a5a36dedd4bea2543", url: suite.sites[0].origin }]);
  const requests = await standInCrm(page, { status: 200 });
  await fillAndSend(page, suite.sites[0].origin);
  await page.getByRole("status").waitFor();
  assert.equal((requests[0].body as { context: { hutk?: string } }).context.hutk, "8f14e45fceea167a5a36dedd4bea2543");
  await context.close();
});

test("the honeypot: hidden from people and the tab order; filled, it shows success and sends nothing", async () => {
  const { context, page } = await openPage(suite.browser);
  const requests = await standInCrm(page, { status: 200 });
  await fill(page, suite.sites[0].origin);
  const trap = page.locator('[name="website"]');
  assert.deepEqual(
    await trap.evaluate((el: HTMLInputElement) => [
      el.tabIndex,
      el.autocomplete,
      el.closest("[aria-hidden]")?.getAttribute("aria-hidden"),
      el.getBoundingClientRect().right <= 0,
    ]),
    [-1, "off", "true", true],
  );
  await page.focus('[name="company"]');
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => (document.activeElement as HTMLElement).id), "contact-message");
  await trap.fill("http://spam.example", { force: true });
  await page.getByRole("button", { name: "Send Message" }).click();
  await page.getByRole("status").waitFor();
  assert.equal(await page.getByRole("status").textContent(), "Thank you for your message! We'll be in touch soon.");
  // Requests leave the page in the order it makes them: one begun before this later one has been
  // seen by the stand-in once this one is answered (instead of waiting a fixed 200 ms for it).
  await page.evaluate(() => fetch(location.href, { method: "HEAD" }));
  assert.equal(requests.length, 0);
  await context.close();
});

test("the draft: a reload restores what was typed; a successful send clears it", async () => {
  const { context, page } = await openPage(suite.browser);
  await standInCrm(page, { status: 200 });
  await fill(page, suite.sites[0].origin);
  // Typed into the live form: a reload before its code had ever run (the next test holds that code
  // back) would leave nothing that could have kept the draft.
  await page.waitForSelector('[data-island="ContactForm"][data-hydrated="true"]', { state: "attached" });
  await page.reload();
  await page.waitForSelector('[data-island="ContactForm"][data-hydrated="true"]', { state: "attached" });
  await page.waitForFunction(() => (document.querySelector('[name="message"]') as HTMLTextAreaElement).value !== "");
  assert.deepEqual(await fieldValues(page), Object.values(visitor));
  await page.goto(`${suite.sites[0].origin}/services`);
  await page.goBack();
  await page.waitForFunction(() => (document.querySelector('[name="message"]') as HTMLTextAreaElement).value !== "");
  assert.deepEqual(await fieldValues(page), Object.values(visitor), "an accidental navigation loses nothing either");
  await page.getByRole("button", { name: "Send Message" }).click();
  await page.getByRole("status").waitFor();
  assert.equal(await page.evaluate(() => sessionStorage.getItem("contact-draft")), null);
  await page.reload();
  await page.waitForSelector('[data-island="ContactForm"][data-hydrated="true"]', { state: "attached" });
  assert.deepEqual(await fieldValues(page), ["", "", "", "", "", ""]);
  await context.close();
});

test("the draft: what was typed before the form's code arrived is kept, and a reload restores it", async () => {
  const { context, page } = await openPage(suite.browser);
  await standInCrm(page, { status: 200 });
  // The island code is held at the network until every field has been typed into, as on a slow phone.
  const release = await holdIslandCode(page);
  await fill(page, suite.sites[0].origin);
  assert.equal(await page.locator('[data-island="ContactForm"][data-hydrated="true"]').count(), 0, "typed before the form came alive");
  release();
  await page.waitForSelector('[data-island="ContactForm"][data-hydrated="true"]', { state: "attached" });
  await page.reload();
  await page.waitForSelector('[data-island="ContactForm"][data-hydrated="true"]', { state: "attached" });
  assert.deepEqual(await fieldValues(page), Object.values(visitor));
  await context.close();
});
