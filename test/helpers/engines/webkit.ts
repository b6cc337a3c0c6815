// The journeys' driver for WebKit: WebKitGTK's MiniBrowser under WebKitWebDriver, over classic
// WebDriver (plain HTTP). Clicks and keys go through the Actions API, which WebKit turns into real
// platform input events. One session serves every journey of a file (a new one costs a browser
// start); each visit clears cookies and storage first.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import fg from "fast-glob";
import { CACHE_DIR } from "../../../engine/state/store.ts";
import { processIds, signalEach } from "../../../tools/support/processes.ts";
import { freePort } from "../ports.ts";
import { display } from "./display.ts";
import { DEFAULT_VIEWPORT, type Driver, type Engine, type Key, type Point, waitInPage } from "./driver.ts";

export function webKitWebDriverPath(): string {
  if (!existsSync("/usr/bin/WebKitWebDriver")) throw new Error("No WebKitWebDriver found: run `apt-get install -y webkit2gtk-driver` (Debian/Ubuntu).");
  return "/usr/bin/WebKitWebDriver";
}

export function miniBrowserPath(): string {
  const [found] = fg.sync("/usr/lib/*/webkit2gtk-4.1/MiniBrowser");
  if (!found) throw new Error("No WebKitGTK MiniBrowser found: run `apt-get install -y libwebkit2gtk-4.1-0` (Debian/Ubuntu).");
  return found;
}

/** WebDriver's codes for the keys the journeys press. */
const KEY_CODES: Record<Key, string> = {
  Enter: "\uE007",
  Escape: "\uE00C",
  Tab: "\uE004",
  ArrowLeft: "\uE012",
  ArrowRight: "\uE014",
  Home: "\uE011",
  End: "\uE010",
};
const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";

/**
 * MiniBrowser's toolbar (an address entry and buttons) keeps its window at least 447 px wide, wider
 * than an iPhone's 375. This GTK style shrinks only those widgets; WebKit draws the page, its form
 * controls included, itself, so the page is untouched.
 */
const NARROW_TOOLBAR = "entry, button { font-size: 1px; min-width: 0; padding: 0; margin: 0; border-width: 0; }\n";

/**
 * WebKit draws the pages without accelerated compositing. With it, WebKitGTK composites through Mesa's
 * software GL here (no GPU), and for some 6 s after each load of a page taller than the window it kept
 * a core 70% busy: the 11 journeys took 17.2 CPU-seconds (11.3 in the web process) and 14.3 s, without
 * it 9.0 (3.5) and 11.2 s, every journey passing (two runs each, quiet). What the journeys assert (the
 * DOM, focus, storage, requests, and where a real click lands) is WebKit's own in either mode.
 */
const MINIBROWSER_FEATURES = ["--features=-AcceleratedCompositing"];

function client(base: string) {
  return async <T>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const { value } = (await response.json()) as { value: T & { error?: string; message?: string } };
    if (!response.ok) throw new Error(`WebKit: ${method} ${path}: ${value.error}: ${value.message}`);
    return value;
  };
}

/** Waits until WebKitWebDriver answers (it says nothing when it is ready). */
async function driverReady(base: string, driver: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited (${driver.exitCode})`);
    const ready = await fetch(`${base}/status`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    if (Date.now() > deadline) throw new Error("WebKitWebDriver did not answer within 10 s");
    await new Promise((next) => setTimeout(next, 20));
  }
}

/**
 * Ends every process started with this home folder (the driver, MiniBrowser, its web, network and GPU
 * processes), found by their environment whichever parent they have by now, and waits until none is left.
 */
async function endProcessesOf(home: string): Promise<void> {
  const mark = `\0HOME=${home}\0`;
  const startedWith = () =>
    processIds().filter((pid) => {
      try {
        // A process that has ended (a zombie, until its parent reaps it) has an empty environment.
        return `\0${readFileSync(`/proc/${pid}/environ`, "latin1")}`.includes(mark);
      } catch {
        return false;
      }
    });
  const deadline = Date.now() + 10_000;
  for (let left = startedWith(); left.length > 0; left = startedWith()) {
    if (Date.now() > deadline) throw new Error(`WebKit: processes ${left.join(", ")} did not end within 10 s of SIGKILL`);
    signalEach(left, "SIGKILL");
    await new Promise((done) => setTimeout(done, 20));
  }
}

export async function launchWebKit(): Promise<Engine> {
  const screen = await display();
  const home = mkdtempSync(join(tmpdir(), "journeys-webkit-"));
  mkdirSync(join(home, "gtk-3.0"));
  writeFileSync(join(home, "gtk-3.0", "gtk.css"), NARROW_TOOLBAR);
  const port = await freePort();
  const driverProcess = spawn(webKitWebDriverPath(), [`--port=${port}`], {
    stdio: "ignore",
    env: {
      ...process.env,
      DISPLAY: screen.name,
      // MiniBrowser's settings, data, cache and downloads (it saves to the home folder) in a folder
      // of its own, removed at the end.
      HOME: home,
      XDG_CONFIG_HOME: home,
      XDG_DATA_HOME: join(home, "data"),
      XDG_CACHE_HOME: join(home, "cache"),
      // The light Adwaita theme: the system prefers light colours, as in the other engines.
      GTK_THEME: "Adwaita",
      // What its libraries compile once for this machine is kept from run to run: Mesa's shaders (its cache
      // takes many processes at once, and drops what another driver build made) and GStreamer's list of
      // plugins (written aside and renamed; scanned again when a plugin changes). The journeys took
      // 10.6–11.2 CPU-s without, 9.6–9.7 with (3 runs each, alternating, quiet; the first run fills them).
      MESA_SHADER_CACHE_DIR: resolve(CACHE_DIR, "webkit", "mesa"),
      GST_REGISTRY_1_0: resolve(CACHE_DIR, "webkit", "gstreamer-registry.bin"),
    },
  });
  const base = `http://127.0.0.1:${port}`;
  await driverReady(base, driverProcess);
  const { sessionId } = await client(base)<{ sessionId: string }>("POST", "/session", {
    capabilities: { alwaysMatch: { "webkitgtk:browserOptions": { binary: miniBrowserPath(), args: ["--automation", ...MINIBROWSER_FEATURES] } } },
  });
  const call = client(`${base}/session/${sessionId}`);
  // A script still running when its page unloads fails with "no such frame"; the driver's current
  // browsing context may then stay the frame that is gone, and every script after it fail the same way.
  // The top-level browsing context is chosen again (WebDriver's Switch To Frame with null) before the
  // error goes on to the caller, which asks again of the new page.
  const run = <T>(script: string) =>
    call<T>("POST", "/execute/sync", { script, args: [] }).catch(async (error: Error) => {
      if (/no such frame/.test(error.message)) await call("POST", "/frame", { id: null }).catch(() => {});
      throw error;
    });
  const setViewport = async (width: number, height: number) => {
    // The window holds the toolbar too, and a downloads bar once a PDF has been saved. The display
    // applies a new size a moment after WebDriver answers (on a busy machine, after the next call
    // read the old one): each size is waited for, so the next measure of the toolbar is right.
    const resize = async () => {
      const outer = height + (await run<number>("return outerHeight - innerHeight;"));
      await call("POST", "/window/rect", { width, height: outer });
      await waitFor(`innerWidth === ${width} && outerHeight === ${outer}`, `the window at ${width} × ${outer}`);
    };
    await resize();
    // A downloads bar that appeared meanwhile took its height from the page: once more, measured anew.
    if ((await run<number>("return innerHeight;")) !== height) await resize();
    const got = await run<number[]>("return [innerWidth, innerHeight];");
    if (got[0] !== width || got[1] !== height) throw new Error(`WebKit: asked for a ${width} × ${height} viewport, got ${got.join(" × ")}`);
  };

  const pointerClick = (x: number, y: number) =>
    call("POST", "/actions", {
      actions: [
        {
          type: "pointer",
          id: "mouse",
          parameters: { pointerType: "mouse" },
          actions: [
            { type: "pointerMove", origin: "viewport", x: Math.round(x), y: Math.round(y), duration: 0 },
            { type: "pointerDown", button: 0 },
            { type: "pointerUp", button: 0 },
          ],
        },
      ],
    });

  // A wait that fails says which page the browser shows then, as WebDriver knows it.
  const waitFor = (expression: string, what: string, limitMs?: number) =>
    waitInPage((check) => run(`return ${check};`), expression, `WebKit: ${what}`, limitMs).catch(async (error: Error) => {
      const at = await call<string>("GET", "/url").catch((again: Error) => `unknown (${again.message})`);
      throw new Error(`${error.message}; the browser shows ${at}`);
    });

  return {
    name: "WebKit",
    async visit(origin) {
      // A page of the site's origin, so its storage can be cleared (robots.txt is the smallest).
      await call("POST", "/url", { url: `${origin}/robots.txt` });
      await call("DELETE", "/cookie");
      await run("localStorage.clear(); sessionStorage.clear();");
      await setViewport(DEFAULT_VIEWPORT.width, DEFAULT_VIEWPORT.height);
      const driver: Driver = {
        goto: async (path) => {
          await call("POST", "/url", { url: `${origin}${path}` });
        },
        click: async (selector: string, at?: Point) => {
          const quoted = JSON.stringify(selector);
          await waitFor(`document.querySelector(${quoted})?.checkVisibility()`, `${selector} showing`);
          const [left, top, width, height] = await run<number[]>(
            `const box = document.querySelector(${quoted});
             box.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
             const { left, top, width, height } = box.getBoundingClientRect();
             return [left, top, width, height];`,
          );
          const [x, y] = [left + (at?.x ?? width / 2), top + (at?.y ?? height / 2)];
          await pointerClick(x, y).catch(async (error: Error) => {
            const viewport = await run<number[]>("return [innerWidth, innerHeight, outerWidth, outerHeight];").catch(() => []);
            throw new Error(`${error.message} (clicking ${selector} at ${Math.round(x)}, ${Math.round(y)}; inner and outer size ${viewport.join(" × ")})`);
          });
        },
        press: async (key) => {
          await call("POST", "/actions", {
            actions: [
              {
                type: "key",
                id: "keyboard",
                actions: [
                  { type: "keyDown", value: KEY_CODES[key] },
                  { type: "keyUp", value: KEY_CODES[key] },
                ],
              },
            ],
          });
        },
        type: async (selector, text) => {
          const element = await call<Record<string, string>>("POST", "/element", { using: "css selector", value: selector });
          await call("POST", `/element/${element[ELEMENT]}/value`, { text });
        },
        evaluate: (expression) => run(`return (${expression});`),
        waitFor,
        setViewport,
        // Leaves the page, so none of its timers or requests run into the next visit.
        close: async () => {
          await call("POST", "/url", { url: "about:blank" });
        },
      };
      return driver;
    },
    quit: async () => {
      await call("DELETE", "").catch(() => {});
      // Every process of this browser has ended before its folder is removed. Stopping the driver alone
      // was not enough: on a loaded machine MiniBrowser or one of its processes outlived it, writing
      // Mesa's shader cache into the folder through 20 tries to remove it (ENOTEMPTY), and the file failed.
      await endProcessesOf(home);
      screen.stop();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
