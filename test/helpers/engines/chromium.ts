// The journeys' driver for Chromium: Debian's Chromium through playwright-core.
import { existsSync } from "node:fs";
import { HEADLESS_SHELL, launchBrowser } from "../../../tools/support/browser.ts";
import { DEFAULT_VIEWPORT, type Driver, type Engine, WAIT_MS, waitInPage } from "./driver.ts";

/** The headless shell launchBrowser prefers, for `npm test`, which installs it when missing. */
export function headlessShellPath(): string {
  if (!existsSync(HEADLESS_SHELL)) throw new Error(`No ${HEADLESS_SHELL}: run \`apt-get install -y chromium-headless-shell\` (Debian).`);
  return HEADLESS_SHELL;
}

export async function launchChromium(): Promise<Engine> {
  const browser = await launchBrowser();
  return {
    name: "Chromium",
    async visit(origin) {
      const context = await browser.newContext({ viewport: DEFAULT_VIEWPORT, colorScheme: "light" });
      await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort("blockedbyclient"));
      const page = await context.newPage();
      const driver: Driver = {
        goto: async (path) => {
          await page.goto(`${origin}${path}`);
        },
        click: (selector, at) => page.locator(selector).click({ position: at, timeout: WAIT_MS }),
        press: (key) => page.keyboard.press(key),
        type: (selector, text) => page.locator(selector).pressSequentially(text, { timeout: WAIT_MS }),
        evaluate: (expression) => page.evaluate(expression),
        waitFor: (expression, what, limitMs) => waitInPage((check) => page.evaluate(check), expression, `Chromium: ${what}`, limitMs),
        setViewport: (width, height) => page.setViewportSize({ width, height }),
        close: () => context.close(),
      };
      return driver;
    },
    quit: () => browser.close(),
  };
}
