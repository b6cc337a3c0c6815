// The journeys' driver for Firefox: Debian's Firefox ESR through puppeteer-core over WebDriver BiDi.
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer from "puppeteer-core";
import { CACHE_DIR } from "../../../engine/state/store.ts";
import { DEFAULT_VIEWPORT, type Driver, type Engine, WAIT_MS, waitInPage } from "./driver.ts";

export function firefoxPath(): string {
  const found = ["/usr/bin/firefox-esr", "/usr/bin/firefox"].find((path) => existsSync(path));
  if (!found) throw new Error("No Firefox found: run `apt-get install -y firefox-esr` (Debian/Ubuntu).");
  return found;
}

/**
 * Firefox's own compiled code (its profile's startupCache, with compatibility.ini, which names the build
 * it belongs to: Firefox drops a cache of another build), kept from the last run. A fresh profile
 * compiles it anew: 2.84–2.96 CPU-s to start and open a page, 1.89–2.26 with it (3 runs each).
 * Nothing a page left (cookies, storage, history) is kept.
 */
const STARTUP_CACHE = join(CACHE_DIR, "firefox-startup");
const STARTUP_FILES = ["startupCache", "compatibility.ini"];

/** A fresh profile, with the kept startup cache when there is one (and, should another run be replacing
 * it meanwhile, without: Firefox then compiles its code as in any new profile). */
function freshProfile(): string {
  const profile = mkdtempSync(join(tmpdir(), "journeys-firefox-profile-"));
  try {
    if (existsSync(STARTUP_CACHE)) cpSync(STARTUP_CACHE, profile, { recursive: true });
  } catch {
    for (const file of STARTUP_FILES) rmSync(join(profile, file), { recursive: true, force: true });
  }
  return profile;
}

/** Keeps the closed profile's startup cache for the next run: whole, or (a file missing, another run
 * replacing it at the same moment) not at all. */
function keepStartupCache(profile: string): void {
  if (!STARTUP_FILES.every((file) => existsSync(join(profile, file)))) return;
  const aside = `${STARTUP_CACHE}.${process.pid}`;
  try {
    mkdirSync(aside, { recursive: true });
    for (const file of STARTUP_FILES) cpSync(join(profile, file), join(aside, file), { recursive: true });
    rmSync(STARTUP_CACHE, { recursive: true, force: true });
    renameSync(aside, STARTUP_CACHE);
  } catch {
    rmSync(aside, { recursive: true, force: true });
  }
}

export async function launchFirefox(): Promise<Engine> {
  const downloads = mkdtempSync(join(tmpdir(), "journeys-firefox-downloads-"));
  const profile = freshProfile();
  const removeFolders = () => {
    for (const folder of [profile, downloads]) rmSync(folder, { recursive: true, force: true });
  };
  const browser = await puppeteer
    .launch({
      browser: "firefox",
      executablePath: firefoxPath(),
      headless: true,
      userDataDir: profile,
      defaultViewport: DEFAULT_VIEWPORT,
      extraPrefsFirefox: {
        // Puppeteer cannot emulate prefers-color-scheme in Firefox; this pref can (1: light).
        "layout.css.prefers-color-scheme.content-override": 1,
        // One content process for every visit, instead of a new one per context and site.
        "fission.autostart": false,
        "dom.ipc.processCount": 1,
        // Every request off loopback goes to a proxy that refuses it: no journey reaches the internet.
        "network.proxy.type": 1,
        "network.proxy.http": "127.0.0.1",
        "network.proxy.http_port": 9,
        "network.proxy.ssl": "127.0.0.1",
        "network.proxy.ssl_port": 9,
        // The case-study PDF is saved here, without asking, and removed with the folder.
        "browser.download.folderList": 2,
        "browser.download.dir": downloads,
        "browser.download.useDownloadDir": true,
      },
    })
    .catch((error: Error) => {
      removeFolders();
      throw error;
    });
  return {
    name: "Firefox",
    async visit(origin) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      const driver: Driver = {
        goto: async (path) => {
          await page.goto(`${origin}${path}`);
        },
        click: async (selector, at) => {
          const element = await page.waitForSelector(selector, { visible: true, timeout: WAIT_MS });
          await element?.click({ offset: at });
        },
        press: (key) => page.keyboard.press(key),
        type: (selector, text) => page.type(selector, text),
        evaluate: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
        waitFor: (expression, what, limitMs) => waitInPage((check) => page.evaluate(check), expression, `Firefox: ${what}`, limitMs),
        setViewport: (width, height) => page.setViewport({ width, height }),
        close: () => context.close(),
      };
      return driver;
    },
    quit: async () => {
      await browser.close();
      keepStartupCache(profile);
      removeFolders();
    },
  };
}
