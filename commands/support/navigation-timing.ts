// npm run bench -- --only navigation: from the press on a header link to the next page's first
// contentful paint, in Chromium, the built site (dist/) served on loopback with 150 ms added to every
// response, as a visitor on a real network meets it. Pairs alternate: the site as built (its speculation
// rules fetch the page while the pointer rests on the link), and the same site with the rules taken out
// (the pointer rests as long, and nothing is fetched). Chromium's own account of each prerender attempt
// (on press) is printed too: it refuses to prerender while an automation client is attached.
import { existsSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { readConfig } from "../../steps/config.ts";
import { serve } from "../serve.ts";
import { launchBrowser } from "./browser.ts";

/** What every response waits before it starts: a visitor's round trip to a CDN, roughly. */
export const ADDED_LATENCY_MS = 150;
/** The header links pressed in turn, from the home page. */
const LINKS = ["/services", "/case-studies", "/bio", "/contact"];
const SPECULATION_RULES = /<script type="speculationrules">[^<]*<\/script>/;

/** A proxy in front of `origin` that answers ADDED_LATENCY_MS late; `withoutRules` takes the speculation rules out of every page. */
function slowProxy(origin: string, withoutRules: boolean): Promise<Server> {
  const server = createServer((req, res) => {
    // The request's body (none, for a page) is read at once; the answer starts ADDED_LATENCY_MS later.
    const body: Buffer[] = [];
    req.on("data", (chunk: Buffer) => body.push(chunk));
    setTimeout(() => {
      // Uncompressed where the pages are rewritten, so that the rules can be found in them.
      const headers = withoutRules ? { ...req.headers, "accept-encoding": "identity" } : req.headers;
      const upstream = request(`${origin}${req.url}`, { method: req.method, headers }, (answer) => {
        const html = String(answer.headers["content-type"] ?? "").startsWith("text/html");
        if (!(withoutRules && html)) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8").replace(SPECULATION_RULES, "");
          const { "content-length": _, ...headers } = answer.headers;
          res.writeHead(answer.statusCode ?? 502, headers).end(body);
        });
      });
      upstream.on("error", () => res.writeHead(502).end());
      upstream.end(Buffer.concat(body));
    }, ADDED_LATENCY_MS);
  });
  return new Promise((done) => server.listen(0, "127.0.0.1", () => done(server)));
}

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

/** One press from the home page on `link`, after the pointer rested on it for `restMs` (or until Chromium had fetched it). */
async function press(
  page: Page,
  origin: string,
  link: string,
  rest: { ms?: number; untilFetched?: boolean },
  statuses: string[],
): Promise<{ trial: Trial; restedMs: number }> {
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
  await cdp.detach().catch(() => {});
  return { trial: { ms, delivery }, restedMs };
}

export interface NavigationFigures {
  prefetched: Trial[];
  baseline: Trial[];
  /** Each prerender attempt's final status, as Chromium reported it. */
  prerender: string[];
}

/** `pairs` presses with the rules and as many without, alternating, on the built site. */
export async function timeNavigation(pairs = 10): Promise<NavigationFigures> {
  const { outDir } = readConfig();
  if (!existsSync(join(outDir, "index.html"))) throw new Error(`${outDir}/index.html not found: run npm run build first.`);
  const site = await serve(outDir, 0);
  const [withRules, withoutRules] = await Promise.all([slowProxy(originOf(site), false), slowProxy(originOf(site), true)]);
  const browser = await launchBrowser();
  const figures: NavigationFigures = { prefetched: [], baseline: [], prerender: [] };
  try {
    for (let i = 0; i < pairs; i++) {
      const link = LINKS[i % LINKS.length];
      // A fresh context each time: nothing cached from the trial before.
      const ours = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const oursPage = await ours.newPage();
      await oursPage.addInitScript(WATCH);
      const fast = await press(oursPage, originOf(withRules), link, { untilFetched: true }, figures.prerender);
      figures.prefetched.push(fast.trial);
      await ours.close();
      const plain = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const plainPage = await plain.newPage();
      await plainPage.addInitScript(WATCH);
      figures.baseline.push((await press(plainPage, originOf(withoutRules), link, { ms: fast.restedMs }, [])).trial);
      await plain.close();
    }
    return figures;
  } finally {
    await browser.close();
    await Promise.all([site, withRules, withoutRules].map((server) => new Promise((done) => server.close(done))));
  }
}
