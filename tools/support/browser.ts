// Debian's Chromium, found and launched (through playwright-core) for the tools and the tests.
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

export function chromePath(): string {
  const found = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].find((path) => path && existsSync(path));
  if (!found) throw new Error("No Chromium found: run `apt-get install -y chromium` (Debian/Ubuntu) or set CHROME_PATH to a Chrome or Chromium binary.");
  return found;
}

/** Debian's old headless shell (chromium-headless-shell): built for automation, it loads a page for a third of the full browser's CPU. */
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/** As root, without a GPU, and without reaching for the network on its own. */
export const CHROMIUM_FLAGS =
  "--no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync".split(" ");

/** A Chromium of the caller's own (one shared over Playwright's browser server cost more): the headless shell, else
 * the full browser; CHROME_PATH overrides both. Images decode when a frame is drawn, so a screenshot never lacks a
 * loaded image marked decoding="async" (one of headless Chromium's deterministic-mode switches; Lighthouse runs without it). */
export function launchBrowser() {
  const executablePath = !process.env.CHROME_PATH && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromePath();
  return chromium.launch({ executablePath, args: [...CHROMIUM_FLAGS, "--disable-checker-imaging"] });
}
