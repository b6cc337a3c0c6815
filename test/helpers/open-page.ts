// A page in the tests' Chromium, watched: what it logs and which third parties it asks for. Every request
// that is not to 127.0.0.1 is answered locally or refused, so no test reaches the internet.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";

export interface Watched {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
  warnings: string[];
  /** Third-party addresses the page asked for (answered with an empty script or refused). */
  thirdParty: string[];
}

/** A fresh context whose only network is 127.0.0.1; stubs the analytics scripts with empty ones. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Watched> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  const warnings: string[] = [];
  const thirdParty: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
    if (message.type() === "warning") warnings.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => {
    const url = route.request().url();
    thirdParty.push(url);
    if (/googletagmanager\.com\/gtag\/js|clarity\.ms\/tag\//.test(url)) return route.fulfill({ status: 200, contentType: "text/javascript", body: "" });
    return route.abort("blockedbyclient");
  });
  return { context, page, errors, warnings, thirdParty };
}
