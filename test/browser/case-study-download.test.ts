// Download Case Study: the dialog, the lead, the file, the auto-close.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page, Route } from "playwright-core";
import { DIALOG_AUTO_CLOSE_MS } from "../../islands/CaseStudyDownload.tsx";
import { DOWNLOAD_FILE, DOWNLOAD_PDF, DOWNLOAD_STUDY, downloadEndpoint, failures, leadEmail, rejection, standInCrm, studyLead } from "../helpers/crm.ts";
import { openPage } from "../helpers/open-page.ts";
import { CRM_ORIGIN, configuredSite } from "../helpers/site.ts";
import { browserSuite } from "../helpers/suite.ts";

const suite = browserSuite(configuredSite);

/**
 * Counts, in the page, every click on a link with a download attribute: how the island starts a
 * download. It is counted in the same task as the click, so "nothing downloaded" is known as soon as
 * the page shows its answer, without waiting for a download event that should never come.
 */
async function countDownloadClicks(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { downloadClicks: string[] }).downloadClicks = [];
    document.addEventListener(
      "click",
      (event) => {
        const link = (event.target as Element).closest?.("a[download]");
        if (link) (window as unknown as { downloadClicks: string[] }).downloadClicks.push(link.getAttribute("download") ?? "");
      },
      true,
    );
  });
  return () => page.evaluate(() => (window as unknown as { downloadClicks: string[] }).downloadClicks);
}

async function openDialog(page: Page, { focusOpener = true } = {}) {
  await page.goto(`${suite.sites[0].origin}/case-studies`);
  const card = page.locator(".study", { has: page.getByRole("heading", { name: DOWNLOAD_STUDY.title, exact: true }) });
  await card.scrollIntoViewIfNeeded();
  // A link to the PDF until the first click hydrates the island (held, then replayed); a button after.
  const opener = card.locator("a", { hasText: "Download Case Study" });
  // Safari and Firefox on macOS do not focus a link that is clicked: a scripted click does the same.
  if (focusOpener) await opener.click();
  else await opener.evaluate((el: HTMLElement) => el.click());
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  return { opener, dialog, email: dialog.getByLabel("Email Address") };
}

test("opens for the chosen study with the email focused; browser validation blocks a bad email", async () => {
  const { context, page, errors } = await openPage(suite.browser);
  const requests = await standInCrm(page, { status: 200 });
  const { dialog } = await openDialog(page);
  assert.ok(((await dialog.getByRole("heading").textContent()) ?? "").includes(DOWNLOAD_STUDY.title));
  assert.equal(await page.evaluate(() => (document.activeElement as HTMLInputElement).name), "email");
  // The browser's validation answers a blocked submit with an invalid event, in the same task.
  await page.evaluate(() => {
    const seen = { invalid: 0, submit: 0 };
    (window as unknown as { seen: typeof seen }).seen = seen;
    document.addEventListener("invalid", () => seen.invalid++, true);
    document.addEventListener("submit", () => seen.submit++, true);
  });
  const seen = () => page.evaluate(() => (window as unknown as { seen: { invalid: number; submit: number } }).seen);
  await dialog.getByRole("button", { name: "Download" }).click();
  await page.waitForFunction(() => (window as unknown as { seen: { invalid: number } }).seen.invalid === 1);
  await page.keyboard.type("not-an-email");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => (window as unknown as { seen: { invalid: number } }).seen.invalid === 2);
  assert.deepEqual(await seen(), { invalid: 2, submit: 0 }, "the browser's validation blocked both submits");
  assert.equal(requests.length, 0);
  assert.equal(await dialog.getByLabel("Email Address").evaluate((el: HTMLInputElement) => el.validity.valid), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test("success: the lead is recorded, the PDF downloads by its own name, the dialog closes itself 2 s later", async () => {
  const { context, page } = await openPage(suite.browser);
  await page.clock.install();
  const requests = await standInCrm(page, { status: 200 });
  const { opener, dialog, email } = await openDialog(page);
  await email.fill(leadEmail);
  // The page's time stands still from here, so only the test moves it towards the auto-close.
  await page.clock.pauseAt(Date.now() + 1000);
  const downloadStarted = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download" }).click();
  await dialog.getByRole("status").waitFor();
  assert.equal(await dialog.getByRole("status").textContent(), "Thank you! Your download will begin shortly.");
  const download = await downloadStarted;
  assert.equal(download.suggestedFilename(), DOWNLOAD_FILE);
  assert.equal(new URL(download.url()).pathname, DOWNLOAD_PDF);
  assert.deepEqual(requests, [studyLead(downloadEndpoint, suite.sites[0].origin)]);
  await page.clock.runFor(DIALOG_AUTO_CLOSE_MS - 100);
  assert.equal(await dialog.isVisible(), true, "still open just before 2 s");
  // Past 2 s, with room for the frame in which the thank-you's effect starts the timer.
  await page.clock.runFor(200);
  await dialog.waitFor({ state: "hidden" });
  assert.equal(await opener.evaluate((el) => el === document.activeElement), true, "focus returns to the button");
  await context.close();
});

for (const [label, answer] of failures) {
  test(`${label}: the spec's message, the form stays editable, nothing downloads`, async () => {
    const { context, page } = await openPage(suite.browser);
    await standInCrm(page, answer);
    const downloadClicks = await countDownloadClicks(page);
    const { dialog, email } = await openDialog(page);
    await email.fill(leadEmail);
    await dialog.getByRole("button", { name: "Download" }).click();
    await dialog.getByRole("alert").waitFor();
    assert.equal(await dialog.getByRole("alert").textContent(), "There was a problem submitting the form. Please try again later.");
    assert.equal(await email.inputValue(), leadEmail);
    assert.equal(await dialog.getByRole("button", { name: "Download" }).isEnabled(), true);
    assert.deepEqual(await downloadClicks(), []);
    await context.close();
  });
}

test("a hung request fails after 15 s with no download", async () => {
  const { context, page } = await openPage(suite.browser);
  await page.clock.install();
  await standInCrm(page, "hang");
  const downloadClicks = await countDownloadClicks(page);
  const { dialog, email } = await openDialog(page);
  await email.fill(leadEmail);
  // As in the contact form's test: a paused clock, so a loaded machine's slow steps do not count.
  await page.clock.pauseAt(Date.now() + 1000);
  await dialog.getByRole("button", { name: "Download" }).click();
  assert.equal(await dialog.getByRole("button", { name: "Submitting..." }).isDisabled(), true);
  await page.clock.runFor(14_000);
  assert.equal(await dialog.getByRole("alert").count(), 0, "still waiting at 14 s");
  await page.clock.runFor(1_500);
  await dialog.getByRole("alert").waitFor();
  assert.deepEqual(await downloadClicks(), []);
  await context.close();
});

test("× and Escape close it, and focus returns to the button", async () => {
  const { context, page } = await openPage(suite.browser);
  const { opener, dialog } = await openDialog(page);
  await dialog.getByRole("button", { name: "Close" }).click();
  await dialog.waitFor({ state: "hidden" });
  assert.equal(await opener.evaluate((el) => el === document.activeElement), true);
  await opener.click();
  await dialog.waitFor();
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
  assert.equal(await opener.evaluate((el) => el === document.activeElement), true);
  await context.close();
});

test("focus returns to the button even when clicking it did not focus it, and the thank-you takes focus", async () => {
  const { context, page } = await openPage(suite.browser);
  await page.clock.install();
  await standInCrm(page, { status: 200 });
  const { opener, dialog, email } = await openDialog(page, { focusOpener: false });
  await dialog.getByRole("button", { name: "Close" }).click();
  await dialog.waitFor({ state: "hidden" });
  assert.equal(await opener.evaluate((el) => el === document.activeElement), true, "after ×");
  await opener.evaluate((el: HTMLElement) => el.click());
  await email.fill(leadEmail);
  await page.clock.pauseAt(Date.now() + 1000);
  await dialog.getByRole("button", { name: "Download" }).click();
  await dialog.getByRole("status").waitFor();
  // The thank-you takes the focus a frame after it is shown; the dialog closes 2 s after that.
  await page.clock.runFor(100);
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("role")), "status");
  await page.clock.runFor(DIALOG_AUTO_CLOSE_MS);
  await dialog.waitFor({ state: "hidden" });
  assert.equal(await opener.evaluate((el) => el === document.activeElement), true, "after the auto-close");
  await context.close();
});

test("submit, Escape, reopen: still 'Submitting...', one request, one download", async () => {
  const { context, page } = await openPage(suite.browser);
  const held: Route[] = [];
  let requests = 0;
  await page.route(`${CRM_ORIGIN}/**`, (route) => {
    requests += 1;
    held.push(route);
  });
  const downloadClicks = await countDownloadClicks(page);
  const downloaded = page.waitForEvent("download");
  const { opener, dialog, email } = await openDialog(page);
  await email.fill(leadEmail);
  await dialog.getByRole("button", { name: "Download" }).click();
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
  await opener.click();
  const submitting = dialog.getByRole("button", { name: "Submitting..." });
  await submitting.waitFor();
  assert.equal(await submitting.isDisabled(), true);
  await submitting.evaluate((el: HTMLButtonElement) => el.form!.requestSubmit());
  await held[0].fulfill({ status: 200, contentType: "application/json", body: "{}" });
  await dialog.getByRole("status").waitFor();
  assert.equal((await downloaded).suggestedFilename(), DOWNLOAD_FILE);
  assert.equal(requests, 1);
  assert.deepEqual(await downloadClicks(), [DOWNLOAD_FILE], "one download");
  await context.close();
});

test("HubSpot blocks the address: the message on the email field, which takes the focus; the address stays", async () => {
  const { context, page } = await openPage(suite.browser);
  await standInCrm(page, rejection({ field: "email", errorType: "BLOCKED_EMAIL" }));
  const { dialog, email } = await openDialog(page);
  await email.fill("someone@freemail.example");
  await dialog.getByRole("button", { name: "Download" }).click();
  await dialog.getByRole("alert").waitFor();
  assert.equal(await dialog.getByRole("alert").textContent(), "There was a problem submitting the form. Please try again later.");
  assert.equal(await email.getAttribute("aria-invalid"), "true");
  const describedBy = (await email.getAttribute("aria-describedby")) ?? "";
  assert.equal(await page.locator(`[id="${describedBy}"]`).textContent(), "This email address is not accepted here. Please use your work email address.");
  await page.waitForFunction(() => (document.activeElement as HTMLInputElement).name === "email");
  assert.equal(await email.inputValue(), "someone@freemail.example");
  await context.close();
});

test("the honeypot: filled, the dialog shows success and no lead is sent", async () => {
  const { context, page } = await openPage(suite.browser);
  const requests = await standInCrm(page, { status: 200 });
  const { dialog, email } = await openDialog(page);
  await email.fill("bot@example.org");
  await dialog.locator('[name="website"]').fill("http://spam.example", { force: true });
  await dialog.getByRole("button", { name: "Download" }).click();
  await dialog.getByRole("status").waitFor();
  assert.equal(requests.length, 0);
  await context.close();
});
