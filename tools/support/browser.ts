// Debian's Chromium, found and launched (through playwright-core) for the commands and the tests.
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

export function chromePath(): string {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].filter(Boolean) as string[];
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error("No Chromium found: run `apt-get install -y chromium` (Debian/Ubuntu) or set CHROME_PATH to a Chrome or Chromium binary.");
  return found;
}

/** Debian's old headless shell (package chromium-headless-shell): built for automation without the full
 * browser's window machinery, it loads a page for a third of the full browser's CPU. */
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

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
