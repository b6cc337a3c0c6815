// npm run bench -- --only navigation, ours alone: from a press on a header link to the next page's first contentful
// paint, the built site on loopback with 150 ms (a visitor's round trip to a CDN) added to every response, with its
// speculation rules and without. Chromium refuses to prerender while an automation client is attached (its reason is
// printed), so the prerendered figure comes from a Chromium without one.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { text } from "node:stream/consumers";
import type { Browser } from "playwright-core";
import { serve } from "../../engine/outputs/serve.ts";
import { readConfig } from "../../engine/pipeline/config.ts";
import { CHROMIUM_FLAGS, chromePath, launchBrowser } from "../support/browser.ts";
import { median, spread, verdicts } from "./report.ts";

const ADDED_LATENCY_MS = 150;
const PAIRS = 10;
const LINKS = ["/services", "/case-studies", "/bio", "/contact"];

/** Every answer ADDED_LATENCY_MS late, but those `answer` gives at once (true). */
function slowSite(transform?: (html: string) => string, answer?: (path: string, res: ServerResponse, req: IncomingMessage) => boolean): Promise<Server> {
  const { outDir } = readConfig();
  if (!existsSync(join(outDir, "index.html"))) throw new Error(`${outDir}/index.html not found: run npm run build first.`);
  return serve(outDir, 0, (path, res, req) => answer?.(path, res, req) || new Promise((done) => setTimeout(done, ADDED_LATENCY_MS)), transform);
}
const originOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const close = (server: Server) => new Promise((done) => server.close(done));

/** One press on `link` from the home page, in a fresh context, after the pointer rested on it `rest` ms (or until fetched). */
async function press(browser: Browser, origin: string, link: string, rest: number | "fetched", statuses: string[]) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // When the visitor pressed, kept across the navigation.
  await page.addInitScript(`addEventListener("pointerdown", (e) => sessionStorage.setItem("pressedAt", String(performance.timeOrigin + e.timeStamp)), true)`);
  await page.goto(`${origin}/`, { waitUntil: "load" });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Preload.enable");
  cdp.on("Preload.prerenderStatusUpdated", (event) => statuses.push(`${event.status}${event.prerenderStatus ? ` ${event.prerenderStatus}` : ""}`));
  const fetched = new Promise<void>((done) =>
    cdp.on("Preload.prefetchStatusUpdated", (event) => event.key.url === `${origin}${link}` && event.status === "Ready" && done()),
  );
  const restedFrom = Date.now();
  await page.locator(`header a[href="${link}"]`).first().hover();
  await (rest === "fetched" ? fetched : page.waitForTimeout(rest));
  const restedMs = Date.now() - restedFrom;
  await page.mouse.down();
  await page.mouse.up();
  await page.waitForURL(`${origin}${link}`);
  const ms = await page.evaluate<number>(`new Promise((done) => new PerformanceObserver((list) => {
    const paint = list.getEntries().find((entry) => entry.name === "first-contentful-paint");
    if (paint) done(performance.timeOrigin + paint.startTime - Number(sessionStorage.getItem("pressedAt")));
  }).observe({ type: "paint", buffered: true }))`);
  const delivery = await page.evaluate<string>(`performance.getEntriesByType("navigation")[0].deliveryType`);
  await context.close();
  return { ms, delivery, restedMs };
}

/** In each page, once shown and hydrated: whether it was prerendered, the time from the navigation to its first contentful
 * paint, and whether analytics started unseen. A script of the site's own origin, as its CSP allows. */
const REPORTER = `(() => {
  const post = (path, data) => navigator.sendBeacon(path, JSON.stringify(data));
  if (document.prerendering) {
    addEventListener("load", () => setTimeout(() => post("/__nav/ready", {}), 500));
    document.addEventListener("prerenderingchange", () => { window.analyticsBeforeShown = typeof window.dataLayer !== "undefined"; }, { once: true });
  }
  const prerendered = document.prerendering === true;
  new PerformanceObserver((list) => {
    const paint = list.getEntries().find((entry) => entry.name === "first-contentful-paint");
    if (!paint) return;
    const navigation = performance.getEntriesByType("navigation")[0];
    const ms = performance.timeOrigin + Math.max(paint.startTime, navigation.activationStart) - Number(sessionStorage.getItem("leftAt"));
    const hydrated = () => [...document.querySelectorAll("[data-island][data-when='load'], [data-island][data-when='idle']")].every((island) => island.dataset.hydrated === "true");
    const check = () => (hydrated() ? post("/__nav/shown", { prerendered, ms, analyticsBeforeShown: window.analyticsBeforeShown === true }) : setTimeout(check, 50));
    check();
  }).observe({ type: "paint", buffered: true });
})();`;

const TARGET = "/services";
/** Prerenders TARGET and goes to it once loaded unseen (as a click does); or goes straight to it. */
const harness = (prerender: boolean) => `<!doctype html><title>navigation</title>
${prerender ? `<script type="speculationrules">{"prerender":[{"source":"list","urls":["${TARGET}"],"eagerness":"immediate"}]}</script>` : ""}
<script>
const go = () => { sessionStorage.setItem("leftAt", String(performance.timeOrigin + performance.now())); location.href = "${TARGET}"; };
${prerender ? `const wait = () => fetch("/__nav/state").then((r) => r.text()).then((s) => (s === "ready" ? go() : setTimeout(wait, 50)));\nwait();` : "setTimeout(go, 500);"}
</script>`;

type Trial = { ms: number; delivery: string };
type PrerenderTrial = { prerendered: boolean; ms: number; analyticsBeforeShown: boolean };

/** Visits from the harness in a Chromium with no automation, as a visitor's: prerendered, and from the network, alternating. */
async function timePrerender() {
  let state = "";
  let shown: (trial: PrerenderTrial) => void = () => {};
  const front = await slowSite(
    (html) => html.replace("<head>", '<head><script src="/__nav/reporter.js"></script>'),
    (path, res, req) => {
      if (path.startsWith("/__nav/harness")) res.writeHead(200, { "Content-Type": "text/html" }).end(harness(path.endsWith("prerender")));
      else if (path === "/__nav/reporter.js") res.writeHead(200, { "Content-Type": "text/javascript" }).end(REPORTER);
      else if (path === "/__nav/state") res.writeHead(200).end(state);
      else if (path === "/__nav/ready") {
        state = "ready";
        res.end();
      } else if (path === "/__nav/shown")
        text(req).then((body) => {
          res.end();
          shown(JSON.parse(body));
        });
      else return false;
      return true;
    },
  );
  const figures = { prerendered: [] as PrerenderTrial[], baseline: [] as PrerenderTrial[] };
  try {
    for (let i = 0; i < PAIRS * 2; i++) {
      const prerender = i % 2 === 0;
      state = "";
      const trial = new Promise<PrerenderTrial>((done, fail) => {
        shown = done;
        setTimeout(() => fail(new Error("no report from the page in 20 s")), 20_000);
      });
      const profile = mkdtempSync(join(tmpdir(), "navigation-"));
      const args = ["--headless=new", ...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, `${originOf(front)}/__nav/harness${prerender ? "-prerender" : ""}`];
      // In a group of its own: Debian's chromium is a script that starts the browser, which starts its helpers.
      const browser = spawn(chromePath(), args, { stdio: "ignore", detached: true });
      const exited = new Promise((done) => browser.once("exit", done));
      try {
        (prerender ? figures.prerendered : figures.baseline).push(await trial);
      } finally {
        process.kill(-browser.pid!, "SIGKILL");
        await exited;
        rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
      }
    }
    return figures;
  } finally {
    await close(front);
  }
}

/** The limits: prefetched at most 150 ms; prerendered at most 60 ms, every one prerendered, and no analytics before shown. */
export async function benchNavigation(): Promise<void> {
  console.log(
    `\nNavigation: press on a header link to the next page's first contentful paint (Chromium, dist/ on loopback with ${ADDED_LATENCY_MS} ms added to every response, ${PAIRS} pairs alternating)`,
  );
  const [withRules, withoutRules] = await Promise.all([slowSite(), slowSite((html) => html.replace(/<script type="speculationrules">[^<]*<\/script>/, ""))]);
  const browser = await launchBrowser();
  const [prefetched, baseline, statuses]: [Trial[], Trial[], string[]] = [[], [], []];
  try {
    for (let i = 0; i < PAIRS; i++) {
      const link = LINKS[i % LINKS.length];
      const fast = await press(browser, originOf(withRules), link, "fetched", statuses);
      prefetched.push(fast);
      baseline.push(await press(browser, originOf(withoutRules), link, fast.restedMs, []));
    }
  } finally {
    await browser.close();
    await Promise.all([close(withRules), close(withoutRules)]);
  }
  const ms = (trials: { ms: number }[]) => trials.map((trial) => trial.ms);
  const at = (trials: { ms: number }[]) => median(ms(trials)).toFixed(0);
  const how = (trials: Trial[]) => [...new Set(trials.map((trial) => trial.delivery || "network"))].join(", ");
  console.log(`  with the rules (prefetched on hover):  ${spread(ms(prefetched), 0, "ms")}  (delivered: ${how(prefetched)})`);
  console.log(`  without them, the same rest on the link: ${spread(ms(baseline), 0, "ms")}  (delivered: ${how(baseline)})`);
  const prefetchLabel = `navigation, prefetched: ${at(prefetched)} ms (limit ≤ 150 ms; ${at(baseline)} ms without the rules)`;
  verdicts.push({ met: median(ms(prefetched)) <= 150, label: prefetchLabel });
  console.log(`  prerender on press, as Chromium reported it under automation: ${[...new Set(statuses)].join("; ") || "never attempted"}`);
  const { prerendered, baseline: straight } = await timePrerender();
  const early = prerendered.filter((trial) => trial.analyticsBeforeShown).length;
  const count = prerendered.filter((trial) => trial.prerendered).length;
  console.log(
    `  prerendered (Chromium without automation, from the navigation): ${spread(ms(prerendered), 0, "ms")}  (${count} of ${prerendered.length} prerendered; analytics started before the page was shown in ${early})`,
  );
  console.log(`  the same navigation from the network:                            ${spread(ms(straight), 0, "ms")}`);
  const prerenderLabel = `navigation, prerendered: ${at(prerendered)} ms (limit ≤ 60 ms; ${at(straight)} ms from the network; analytics before shown: ${early} of ${prerendered.length})`;
  verdicts.push({ met: count === prerendered.length && early === 0 && median(ms(prerendered)) <= 60, label: prerenderLabel });
}
