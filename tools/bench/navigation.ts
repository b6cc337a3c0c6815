// npm run bench -- --only navigation, ours alone: from the press on a header link to the next page's first
// contentful paint, in Chromium, the built site (dist/) served on loopback with 150 ms added to every
// response, as a visitor on a real network meets it. Pairs alternate: the site as built (its speculation
// rules fetch the page while the pointer rests on the link), and the same site with the rules taken out
// (the pointer rests as long, and nothing is fetched). Chromium's own account of each prerender attempt
// (on press) is printed too: it refuses to prerender while an automation client is attached. Then the
// next page prerendered, in a Chromium without automation.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { serve } from "../../engine/outputs/serve.ts";
import { readConfig } from "../../engine/pipeline/config.ts";
import { CHROMIUM_FLAGS, chromePath, launchBrowser } from "../support/browser.ts";
import { median, spread, verdicts } from "./report.ts";

/** What every response waits before it starts: a visitor's round trip to a CDN, roughly. */
const ADDED_LATENCY_MS = 150;
/** The header links pressed in turn, from the home page. */
const LINKS = ["/services", "/case-studies", "/bio", "/contact"];
const SPECULATION_RULES = /<script type="speculationrules">[^<]*<\/script>/;

/** What the measurement answers itself, at once (true), or leaves to the site (false). */
type Answer = (path: string, res: ServerResponse, req: IncomingMessage) => boolean;

/** The built site on loopback, every answer starting ADDED_LATENCY_MS late; `transform` changes every page. */
function slowSite(outDir: string, transform?: (html: string) => string, answer?: Answer): Promise<Server> {
  return serve(outDir, 0, (path, res, req) => answer?.(path, res, req) || new Promise((done) => setTimeout(done, ADDED_LATENCY_MS)), transform);
}

/** A request's body, once it has all arrived. */
const bodyOf = (req: IncomingMessage) =>
  new Promise<string>((done) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => done(body));
  });

const originOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

// In each document: when the visitor pressed (kept across the navigation), and the page's first contentful paint.
const WATCH = `
  addEventListener("pointerdown", (event) => sessionStorage.setItem("pressedAt", String(performance.timeOrigin + event.timeStamp)), true);
  window.firstPaint = new Promise((done) => new PerformanceObserver((list) => {
    const entry = list.getEntries().find((e) => e.name === "first-contentful-paint");
    if (entry) done(performance.timeOrigin + entry.startTime);
  }).observe({ type: "paint", buffered: true }));
`;

interface Trial {
  ms: number;
  /** How the next page was delivered, as its navigation entry says (navigational-prefetch, or "" for the network). */
  delivery: string;
}

/** One press from the home page on `link`, after the pointer rested on it for `rest.ms` (or until Chromium had
 * fetched it), in a fresh context: nothing cached from the trial before. */
async function press(
  browser: Browser,
  origin: string,
  link: string,
  rest: { ms?: number; untilFetched?: boolean },
  statuses: string[],
): Promise<{ trial: Trial; restedMs: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(WATCH);
  await page.goto(`${origin}/`, { waitUntil: "load" });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Preload.enable");
  cdp.on("Preload.prerenderStatusUpdated", (event) => statuses.push(`${event.status}${event.prerenderStatus ? ` ${event.prerenderStatus}` : ""}`));
  const fetched = new Promise<void>((done) =>
    cdp.on("Preload.prefetchStatusUpdated", (event) => {
      if (event.key.url === `${origin}${link}` && event.status === "Ready") done();
    }),
  );
  const target = page.locator(`header a[href="${link}"]`).first();
  const restedFrom = Date.now();
  await target.hover();
  if (rest.untilFetched) await fetched;
  else await page.waitForTimeout(rest.ms ?? 0);
  const restedMs = Date.now() - restedFrom;
  await page.mouse.down();
  await page.mouse.up();
  await page.waitForURL(`${origin}${link}`);
  const ms = await page.evaluate<number>(`window.firstPaint.then((at) => at - Number(sessionStorage.getItem("pressedAt")))`);
  const delivery = await page.evaluate<string>(`performance.getEntriesByType("navigation")[0].deliveryType`);
  await context.close();
  return { trial: { ms, delivery }, restedMs };
}

interface NavigationFigures {
  prefetched: Trial[];
  baseline: Trial[];
  /** Each prerender attempt's final status, as Chromium reported it. */
  prerender: string[];
}

/** `pairs` presses with the rules and as many without, alternating, on the built site. */
async function timeNavigation(pairs: number): Promise<NavigationFigures> {
  const { outDir } = readConfig();
  if (!existsSync(join(outDir, "index.html"))) throw new Error(`${outDir}/index.html not found: run npm run build first.`);
  const [withRules, withoutRules] = await Promise.all([slowSite(outDir), slowSite(outDir, (html) => html.replace(SPECULATION_RULES, ""))]);
  const browser = await launchBrowser();
  const figures: NavigationFigures = { prefetched: [], baseline: [], prerender: [] };
  try {
    for (let i = 0; i < pairs; i++) {
      const link = LINKS[i % LINKS.length];
      const fast = await press(browser, originOf(withRules), link, { untilFetched: true }, figures.prerender);
      figures.prefetched.push(fast.trial);
      figures.baseline.push((await press(browser, originOf(withoutRules), link, { ms: fast.restedMs }, [])).trial);
    }
    return figures;
  } finally {
    await browser.close();
    await Promise.all([withRules, withoutRules].map((server) => new Promise((done) => server.close(done))));
  }
}

/**
 * Prerendered, measured without automation: Chromium refuses to prerender while a DevTools client is
 * attached, so here it runs on its own (no remote debugging), as a visitor's browser does. A harness page
 * the slow site serves asks Chromium to prerender a page at once, waits until that page has loaded unseen, then
 * goes to it (as a click does) and the page, once shown, reports back: whether it was prerendered, the time
 * from the navigation to its first contentful paint, and whether the site's analytics had started before
 * it was shown. The reporter is a script of the site's own origin, which the site's CSP allows.
 */
interface PrerenderTrial {
  prerendered: boolean;
  ms: number;
  /** window.dataLayer existed while the page was still unseen: analytics ran in a prerendered page. */
  analyticsBeforeShown: boolean;
}

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
    const shownAt = performance.timeOrigin + Math.max(paint.startTime, navigation.activationStart);
    const ms = shownAt - Number(sessionStorage.getItem("leftAt"));
    // Reported once its islands have hydrated: a prerendered page whose islands never do sends no report.
    const hydrated = () => [...document.querySelectorAll("[data-island][data-when='load'], [data-island][data-when='idle']")].every((island) => island.dataset.hydrated === "true");
    const report = () => post("/__nav/shown", { prerendered, ms, analyticsBeforeShown: window.analyticsBeforeShown === true });
    const check = () => (hydrated() ? report() : setTimeout(check, 50));
    check();
  }).observe({ type: "paint", buffered: true });
})();`;

/** The page the harness visits. */
const TARGET = "/services";

const harness = (prerender: boolean) => `<!doctype html><title>navigation</title>
${prerender ? `<script type="speculationrules">{"prerender":[{"source":"list","urls":["${TARGET}"],"eagerness":"immediate"}]}</script>` : ""}
<script>
const go = () => { sessionStorage.setItem("leftAt", String(performance.timeOrigin + performance.now())); location.href = "${TARGET}"; };
${prerender ? `const wait = () => fetch("/__nav/state").then((r) => r.text()).then((s) => (s === "ready" ? go() : setTimeout(wait, 50)));\nwait();` : "setTimeout(go, 500);"}
</script>`;

/** `runs` visits to TARGET from a harness page: prerendered ones, and as many straight from the network, alternating. */
async function timePrerender(chromium: string, runs: number): Promise<{ prerendered: PrerenderTrial[]; baseline: PrerenderTrial[] }> {
  const { outDir } = readConfig();
  let state = "";
  let shown: (trial: PrerenderTrial) => void = () => {};
  // The site behind the latency, its pages with the reporter first in their head; the harness and the reports at once beside it.
  const front = await slowSite(
    outDir,
    (html) => html.replace("<head>", '<head><script src="/__nav/reporter.js"></script>'),
    (path, res, req) => {
      if (path.startsWith("/__nav/harness")) res.writeHead(200, { "Content-Type": "text/html" }).end(harness(path.endsWith("prerender")));
      else if (path === "/__nav/reporter.js") res.writeHead(200, { "Content-Type": "text/javascript" }).end(REPORTER);
      else if (path === "/__nav/state") res.writeHead(200).end(state);
      else if (path === "/__nav/ready")
        bodyOf(req).then(() => {
          state = "ready";
          res.end();
        });
      else if (path === "/__nav/shown")
        bodyOf(req).then((body) => {
          res.end();
          shown(JSON.parse(body));
        });
      else return false;
      return true;
    },
  );
  const figures = { prerendered: [] as PrerenderTrial[], baseline: [] as PrerenderTrial[] };
  try {
    for (let i = 0; i < runs * 2; i++) {
      const prerender = i % 2 === 0;
      state = "";
      const trial = new Promise<PrerenderTrial>((done) => (shown = done));
      const profile = mkdtempSync(join(tmpdir(), "navigation-"));
      const browser = spawn(
        chromium,
        ["--headless=new", ...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, `${originOf(front)}/__nav/harness${prerender ? "-prerender" : ""}`],
        // In a group of its own: Debian's chromium is a script that starts the browser, which starts its helpers.
        { stdio: "ignore", detached: true },
      );
      try {
        const result = await Promise.race([
          trial,
          new Promise<never>((_, fail) => setTimeout(() => fail(new Error("no report from the page in 20 s")), 20_000)),
        ]);
        (prerender ? figures.prerendered : figures.baseline).push(result);
      } finally {
        const exited = new Promise((done) => browser.once("exit", done));
        process.kill(-browser.pid!, "SIGKILL");
        await exited;
        rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
      }
    }
    return figures;
  } finally {
    await new Promise((done) => front.close(done));
  }
}

/** The next page after a press on a header link, with the site's speculation rules and without (limit: prefetched ≤ 150 ms). */
export async function benchNavigation(): Promise<void> {
  const pairs = 10;
  console.log(
    `\nNavigation: press on a header link to the next page's first contentful paint (Chromium, dist/ on loopback with ${ADDED_LATENCY_MS} ms added to every response, ${pairs} pairs alternating)`,
  );
  const { prefetched, baseline, prerender } = await timeNavigation(pairs);
  const ms = (trials: { ms: number }[]) => trials.map((trial) => trial.ms);
  const how = (trials: { delivery: string }[]) => [...new Set(trials.map((trial) => trial.delivery || "network"))].join(", ");
  console.log(`  with the rules (prefetched on hover):  ${spread(ms(prefetched), 0, "ms")}  (delivered: ${how(prefetched)})`);
  console.log(`  without them, the same rest on the link: ${spread(ms(baseline), 0, "ms")}  (delivered: ${how(baseline)})`);
  const met = median(ms(prefetched)) <= 150;
  verdicts.push({
    met,
    label: `navigation, prefetched: ${median(ms(prefetched)).toFixed(0)} ms (limit ≤ 150 ms; ${median(ms(baseline)).toFixed(0)} ms without the rules)`,
  });
  const refused = [...new Set(prerender)];
  console.log(`  prerender on press, as Chromium reported it under automation: ${refused.join("; ") || "never attempted"}`);
  // Prerendered, in a Chromium with no automation attached: a harness page prerenders the next page, then goes to it.
  const { prerendered, baseline: straight } = await timePrerender(chromePath(), pairs);
  const allPrerendered = prerendered.every((trial) => trial.prerendered);
  const early = prerendered.filter((trial) => trial.analyticsBeforeShown).length;
  console.log(
    `  prerendered (Chromium without automation, from the navigation): ${spread(ms(prerendered), 0, "ms")}  (${prerendered.filter((t) => t.prerendered).length} of ${prerendered.length} prerendered; analytics started before the page was shown in ${early})`,
  );
  console.log(`  the same navigation from the network:                            ${spread(ms(straight), 0, "ms")}`);
  verdicts.push({
    met: allPrerendered && early === 0 && median(ms(prerendered)) <= 60,
    label: `navigation, prerendered: ${median(ms(prerendered)).toFixed(0)} ms (limit ≤ 60 ms; ${median(ms(straight)).toFixed(0)} ms from the network; analytics before shown: ${early} of ${prerendered.length})`,
  });
}
