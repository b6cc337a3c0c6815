// Debian's Chromium driven by playwright-core. Every request that is not to 127.0.0.1 is answered
// locally or refused, so no test reaches the internet.
import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from "playwright-core";

export function chromePath(): string {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].filter(Boolean) as string[];
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error("No Chromium found: run `apt-get install -y chromium` (Debian/Ubuntu) or set CHROME_PATH to a Chrome or Chromium binary.");
  return found;
}

/** Debian's old headless shell (package chromium-headless-shell): built for automation without the full
 * browser's window machinery, it loads a page for a third of the full browser's CPU. */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/** The shell itself, for `npm test`, which installs it when missing. */
export function headlessShellPath(): string {
  if (!existsSync(HEADLESS_SHELL)) throw new Error(`No ${HEADLESS_SHELL}: run \`apt-get install -y chromium-headless-shell\` (Debian).`);
  return HEADLESS_SHELL;
}

/** How Chromium runs here: as root, without a GPU, and without reaching for the network on its own. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * What the Chromium scripts drive adds: images are decoded when a frame is drawn, not after it, so a
 * screenshot never lacks an image marked decoding="async" (the hero) that has loaded and decoded. One of
 * headless Chromium's deterministic-mode switches; Lighthouse runs without it, as a visitor's browser does.
 */
const SCRIPTED_FLAGS = [...CHROMIUM_FLAGS, "--disable-checker-imaging"];

/** A Chromium of the caller's own (each test file launches one: one shared over Playwright's browser server
 * cost more, every message passing through the server's process): the headless shell, else the full
 * browser; CHROME_PATH overrides both. */
export function launchBrowser(): Promise<Browser> {
  const executablePath = !process.env.CHROME_PATH && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromePath();
  return chromium.launch({ executablePath, args: SCRIPTED_FLAGS });
}

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
