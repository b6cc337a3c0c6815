// The one server the journeys run against, in every engine: the journey site on 127.0.0.1, a
// stand-in for HubSpot's Forms API at its real path on the same origin (it records each submission
// and answers as the test says), a log of every request, and a hold on the island code. WebKit's
// WebDriver cannot intercept requests, so all of this happens here, the same for each engine.
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, resolve } from "node:path";
import type { Recorded } from "./crm.ts";
import { CONTACT_FORM_ID, CRM_PLACEHOLDER_ORIGIN, DOWNLOAD_FORM_ID, journeySite, PORTAL_ID } from "./site.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".pdf": "application/pdf",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
};

const CRM_PATH = `/submissions/v3/integration/submit/${PORTAL_ID}/`;
/** The island runtime, Preact and each island's code: everything a tap waits for. */
const ISLAND_CODE = /^\/assets\/[\w.-]+\.js$/;

/**
 * How the CRM stand-in answers: with this HTTP status. (A dropped connection is not offered: each
 * engine resends a POST whose reused connection closed, so the count of requests would be the
 * engine's; test/browser/contact-form.test.ts covers it in Chromium.)
 */
export type CrmAnswer = { status: number };

export interface JourneyServer {
  origin: string;
  contactEndpoint: string;
  downloadEndpoint: string;
  /** Every request's method and path, in the order they arrived. */
  requests: { method: string; path: string }[];
  /** Resolves once a request for `path` has arrived (at once if one already has); fails after `withinMs`. */
  requested(path: string, withinMs: number): Promise<void>;
  /** Each submission the CRM stand-in received, exactly. */
  submissions: Recorded[];
  answerCrmWith(answer: CrmAnswer): void;
  /** Island code requested from now on waits until `releaseIslandCode`. */
  holdIslandCode(): void;
  releaseIslandCode(): void;
  /** Forgets the requests, answers the CRM with 200 again, lets held code go. */
  reset(): void;
  close(): Promise<void>;
}

/** The file a clean URL maps to, as the hosts serve it: /services is services.html, / is index.html. */
function fileFor(path: string): string | null {
  const root = resolve(journeySite);
  const base = join(root, normalize(decodeURIComponent(path)));
  if (!base.startsWith(root)) return null;
  for (const candidate of [base, `${base}.html`, join(base, "index.html")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Served beside the site and loaded first by every page it serves: it keeps, across the visit's pages, each
 * script error, unhandled rejection and Content-Security-Policy violation, in any engine (a script of
 * the site's own origin, which its CSP allows). */
const PROBLEMS_PATH = "/__journey-problems.js";
export const PROBLEMS_KEY = "journey-problems";
const PROBLEMS_SCRIPT = `(() => {
  const keep = (problem) => {
    const kept = JSON.parse(sessionStorage.getItem(${JSON.stringify(PROBLEMS_KEY)}) || "[]");
    kept.push(location.pathname + ": " + problem);
    sessionStorage.setItem(${JSON.stringify(PROBLEMS_KEY)}, JSON.stringify(kept));
  };
  addEventListener("error", (event) => { if (event.message) keep("error: " + event.message); });
  addEventListener("unhandledrejection", (event) => keep("unhandled rejection: " + event.reason));
  document.addEventListener("securitypolicyviolation", (event) => keep("CSP violation: " + event.violatedDirective + " " + event.blockedURI));
})();`;

export async function startJourneyServer(): Promise<JourneyServer> {
  const requests: JourneyServer["requests"] = [];
  const submissions: Recorded[] = [];
  let crmAnswer: CrmAnswer = { status: 200 };
  let held: (() => void)[] | null = null;
  let origin = "";
  const waiting: { path: string; arrived: () => void }[] = [];

  const answerCrm = (req: IncomingMessage, res: ServerResponse, body: string) => {
    submissions.push({ url: `${origin}${req.url}`, method: req.method ?? "", contentType: req.headers["content-type"], body: JSON.parse(body) });
    res.writeHead(crmAnswer.status, { "Content-Type": "application/json" }).end(crmAnswer.status < 300 ? '{"inlineMessage":"Thanks"}' : '{"status":"error"}');
  };

  const sendFile = (path: string, res: ServerResponse) => {
    const found = fileFor(path);
    const file = found ?? join(journeySite, "404.html");
    // WebKit's one session serves every journey: a cached island script would never reach the hold.
    const headers = { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream", "Cache-Control": "no-store" };
    // The site was built before this server had a port. The build writes the CRM origin into each page
    // only (the forms' endpoint and the CSP's connect-src, never an inline script whose hash the CSP
    // holds), so with this origin in its place a page is what a build for this origin would write.
    // No other header is sent: the host's header policy (its HSTS and upgrade-insecure-requests,
    // which WebKit applies even to http://127.0.0.1) belongs to an https deployment.
    const body =
      extname(file) === ".html"
        ? readFileSync(file, "utf8").replaceAll(CRM_PLACEHOLDER_ORIGIN, origin).replace("<head>", `<head><script src="${PROBLEMS_PATH}"></script>`)
        : readFileSync(file);
    res.writeHead(found ? 200 : 404, headers).end(body);
  };

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    requests.push({ method: req.method ?? "", path });
    for (const wait of waiting.filter((w) => w.path === path)) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.arrived();
    }
    if (req.method === "POST" && path.startsWith(CRM_PATH)) {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (chunk: string) => {
        body += chunk;
      });
      req.on("end", () => answerCrm(req, res, body));
      return;
    }
    if (path === PROBLEMS_PATH) {
      res.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" }).end(PROBLEMS_SCRIPT);
      return;
    }
    if (held && ISLAND_CODE.test(path)) held.push(() => sendFile(path, res));
    else sendFile(path, res);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const releaseIslandCode = () => {
    const queued = held ?? [];
    held = null;
    for (const send of queued) send();
  };
  return {
    origin,
    contactEndpoint: `${origin}${CRM_PATH}${CONTACT_FORM_ID}`,
    downloadEndpoint: `${origin}${CRM_PATH}${DOWNLOAD_FORM_ID}`,
    requests,
    requested: (path, withinMs) => {
      if (requests.some((request) => request.path === path)) return Promise.resolve();
      return new Promise((arrived, fail) => {
        const timer = setTimeout(() => fail(new Error(`${path} was not requested within ${withinMs} ms`)), withinMs);
        waiting.push({
          path,
          arrived: () => {
            clearTimeout(timer);
            arrived();
          },
        });
      });
    },
    submissions,
    answerCrmWith: (answer) => {
      crmAnswer = answer;
    },
    holdIslandCode: () => {
      held ??= [];
    },
    releaseIslandCode,
    reset: () => {
      releaseIslandCode();
      requests.length = 0;
      submissions.length = 0;
      crmAnswer = { status: 200 };
    },
    close: () =>
      new Promise((done) => {
        releaseIslandCode();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
