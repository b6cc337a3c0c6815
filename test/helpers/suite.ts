// The setup every browser test file shares: the test sites built, a Chromium of its own, a server per site.
import { after, before } from "node:test";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../../tools/support/browser.ts";
import { ensureTestSites, type RunningSite, startSite } from "./site.ts";

export interface BrowserSuite {
  browser: Browser;
  /** One running server per site directory asked for, in the same order. */
  sites: RunningSite[];
}

/** Registers before/after hooks; the returned object is filled in by the time tests run. */
export function browserSuite(...siteDirs: string[]): BrowserSuite {
  const suite = { sites: [] } as unknown as BrowserSuite;
  before(async () => {
    await ensureTestSites();
    [suite.browser, ...suite.sites] = await Promise.all([launchBrowser(), ...siteDirs.map((dir) => startSite(dir))]);
  });
  after(async () => {
    await suite.browser?.close();
    await Promise.all(suite.sites.map((site) => site.close()));
  });
  return suite;
}
