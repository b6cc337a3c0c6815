// The nginx recipe for real: Debian's nginx with the generated snippet over the built site.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { caseStudyPdfPath } from "../../components/case-studies.ts";
import caseStudies from "../../content/case-studies";
import redirects from "../../content/redirects.yaml";
import { headerPolicy, IMMUTABLE, REVALIDATE } from "../../engine/outputs/hosts/policy.ts";
import { PAGE_SCRIPTS_FILE, type PageScripts } from "../../engine/pipeline/islands.ts";
import { type RunningNginx, startNginx } from "../helpers/nginx.ts";
import { builtRoutes, configuredSite, ensureTestSites, parsePage, TEST_SITE_URL, testHostsDir } from "../helpers/site.ts";

const ROUTES = await builtRoutes();

let nginx: RunningNginx;
before(async () => {
  await ensureTestSites();
  nginx = await startNginx(configuredSite, testHostsDir(configuredSite));
});
after(() => nginx?.stop());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One raw request: no redirect followed, nothing decompressed. */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((done, fail) => {
    request(`${nginx.origin}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", fail)
      .end();
  });
}

const security = headerPolicy({ csp: "", pages: [], documents: [] }).security;
const csp = parsePage("/").querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute("content");

function assertSecurityHeaders(path: string, answer: Answer) {
  for (const name of Object.keys(security)) {
    const expected = name === "Content-Security-Policy" ? `${csp}; frame-ancestors 'none'; upgrade-insecure-requests` : security[name];
    assert.equal(answer.headers[name.toLowerCase()], expected, `${path}: ${name}`);
  }
  assert.doesNotMatch(String(answer.headers["permissions-policy"]), /interest-cohort/);
}

test("every route answers 200 at its canonical URL, with every header and no redirect", async () => {
  for (const route of ROUTES) {
    const answer = await get(route);
    assert.equal(answer.status, 200, route);
    assert.match(String(answer.headers["content-type"]), /^text\/html/, route);
    assert.ok(answer.body.toString().includes(`<link rel="canonical" href="${TEST_SITE_URL}${route}"/>`), `${route} is its own canonical URL`);
    assertSecurityHeaders(route, answer);
    assert.match(String(answer.headers["content-security-policy"]), /^default-src 'none'; /);
    assert.equal(answer.headers["cross-origin-resource-policy"], "same-origin");
    assert.equal(answer.headers["cache-control"], REVALIDATE, route);
  }
});

test("every internal link and sitemap address is served directly, never through a redirect", async () => {
  const links = new Set<string>();
  for (const route of [...ROUTES, "/404"]) {
    for (const a of parsePage(route).querySelectorAll("a[href^='/'], link[href^='/'], img[src^='/'], script[src^='/']")) {
      links.add((a.getAttribute("href") ?? a.getAttribute("src") ?? "").split("#")[0]);
    }
  }
  const sitemap = (await get("/sitemap.xml")).body.toString();
  for (const [, loc] of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) links.add(loc.replace(TEST_SITE_URL, ""));
  assert.ok(links.size > 15, `${links.size} links`);
  for (const link of links) assert.equal((await get(link)).status, 200, link);
});

test("/.well-known/gpc.json says the site honours Global Privacy Control", async () => {
  const answer = await get("/.well-known/gpc.json");
  assert.equal(answer.status, 200);
  assert.equal(answer.headers["content-type"], "application/json");
  assert.deepEqual(JSON.parse(answer.body.toString()), { gpc: true, lastUpdate: "2026-03-15" });
});

test("a missing page answers 404 with the not-found page and every header", async () => {
  const answer = await get("/no-such-page");
  assert.equal(answer.status, 404);
  assert.match(answer.body.toString(), /<meta name="robots" content="noindex, follow"\/>/);
  assertSecurityHeaders("/no-such-page", answer);
});

test("each redirect answers with its status and target; a trailing slash leads to the one URL form", async () => {
  assert.ok(redirects.some((r) => r.from === "/work" && r.to === "/case-studies"));
  for (const { from, to, status } of redirects) {
    const answer = await get(from);
    assert.equal(answer.status, status, from);
    assert.equal(answer.headers.location, to, from);
  }
  const slash = await get("/services/");
  assert.equal(slash.status, 301);
  assert.equal(slash.headers.location, "/services");
});

test("text is gzipped; hashed assets are immutable for a year; PDFs download as attachments", async () => {
  const html = await get("/", { "Accept-Encoding": "gzip" });
  assert.equal(html.headers["content-encoding"], "gzip");
  const home = parsePage("/");
  // Pages inline their stylesheet and fetch their scripts after load: the bundler's page scripts list names them.
  const scripts = JSON.parse(readFileSync(join(configuredSite, PAGE_SCRIPTS_FILE), "utf8")) as PageScripts;
  const script = scripts.routes["/"][0];
  const image = home.querySelector("img")?.getAttribute("src") ?? "";
  assert.ok(script && image, "a script and an image to ask for");
  for (const asset of [script, image]) {
    const answer = await get(asset, { "Accept-Encoding": "gzip" });
    assert.equal(answer.status, 200, asset);
    assert.equal(answer.headers["cache-control"], IMMUTABLE, asset);
    assertSecurityHeaders(asset, answer);
    if (!asset.startsWith("/images/")) assert.equal(answer.headers["content-encoding"], "gzip", asset);
  }
  for (const study of caseStudies.filter((s) => !s.link)) {
    const pdf = caseStudyPdfPath(study);
    const answer = await get(pdf);
    assert.equal(answer.status, 200, pdf);
    assert.equal(answer.headers["content-type"], "application/pdf");
    assert.equal(answer.headers["content-disposition"], `attachment; filename="${pdf.split("/").pop()}"`);
    assertSecurityHeaders(pdf, answer);
  }
});

test("the CMS at /admin/ gets its own policy, noindex, and no frame; every other page keeps the site's", async () => {
  const admin = await get("/admin/");
  assert.equal(admin.status, 200);
  assert.match(admin.body.toString(), /<link rel="cms-config-url"/);
  const policy = String(admin.headers["content-security-policy"]);
  assert.match(policy, /^default-src 'none'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline';/);
  assert.match(policy, /connect-src 'self' blob: https:\/\/api\.github\.com;/);
  assert.match(policy, /frame-ancestors 'none'$/);
  assert.equal(admin.headers["x-robots-tag"], "noindex");
  assert.equal(admin.headers["cross-origin-opener-policy"], "same-origin-allow-popups");
  for (const file of ["/admin/config.yml", "/admin/cms.js", "/admin/cms-site.js", "/admin/preview-page.js", "/admin/cms.css", "/admin/site.css"]) {
    const answer = await get(file);
    assert.equal(answer.status, 200, file);
    assert.equal(answer.headers["content-security-policy"], policy, file);
  }
  const bare = await get("/admin");
  assert.equal(bare.status, 301);
  assert.equal(bare.headers.location, "/admin/");
  assertSecurityHeaders("/", await get("/"));
});
