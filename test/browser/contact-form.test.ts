// The contact form against a recorded CRM stand-in.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { openPage } from "../helpers/browser.ts";
import { contactEndpoint, failures, standInCrm } from "../helpers/crm.ts";
import { bareSite, configuredSite } from "../helpers/site.ts";
import { browserSuite } from "../helpers/suite.ts";

const suite = browserSuite(configuredSite, bareSite);

const visitor = {
  firstname: "Ada",
  lastname: "Lovelace",
  email: "ada@example.org",
  phone: "+1 202 555 0100",
  company: "Analytical Engines",
  message: "We need an AI roadmap. It is urgent.",
};
const ERROR = "There was a problem submitting the form. Please try again later.";

async function fillAndSend(page: Page, origin: string) {
  await page.goto(`${origin}/contact`);
  for (const [name, value] of Object.entries(visitor)) await page.fill(`[name="${name}"]`, value);
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
      context: { pageUri: `${suite.sites[0].origin}/contact`, pageName: "Contact Us | Cedarline Advisory" },
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
  await fillAndSend(page, suite.sites[0].origin);
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
