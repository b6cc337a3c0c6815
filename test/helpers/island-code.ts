// The island code held at the network, as on a slow connection, until the test lets it through.
import type { Page } from "playwright-core";

const ISLAND_CODE = /\/assets\/[\w.-]+\.js$/;

/** Holds every script file the page asks for until the returned function is called (after the test's
 * tap or typing), however fast or slow the machine is. Registered last, it answers those requests first. */
export async function holdIslandCode(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((open) => (release = open));
  await page.route(ISLAND_CODE, async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  return release;
}
