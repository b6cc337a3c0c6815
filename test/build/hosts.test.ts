// The files each host reads, generated from one header policy and one redirect list.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { caseStudyPdfPath } from "../../components/case-studies.ts";
import redirects from "../../content/redirects.yaml";
import { checkRedirects, headersFile } from "../../engine/outputs/hosts/index.ts";
import { headerPolicy, IMMUTABLE, REVALIDATE } from "../../engine/outputs/hosts/policy.ts";
import { configuredSite, fixtureSite, shownCaseStudies, TEST_SITE_URL, testHostsDir } from "../helpers/site.ts";

const hosts = testHostsDir(configuredSite);
/** A study's PDF, whichever the firm's content has first, and the name a download saves it as. */
const pdf = caseStudyPdfPath((await shownCaseStudies()).find((study) => !study.link)!);
const pdfName = pdf.slice(pdf.lastIndexOf("/") + 1);
const [redirect] = redirects;

test("_headers: the security headers on every path, caching per kind of file, PDFs as attachments", () => {
  const headers = readFileSync(`${configuredSite}/_headers`, "utf8");
  const blocks = Object.fromEntries(headers.split("\n\n").map((block) => [block.split("\n")[0], block]));
  assert.match(blocks["/*"], /Content-Security-Policy: default-src 'none'; script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  assert.match(blocks["/*"], /frame-ancestors 'none'/);
  assert.match(blocks["/*"], /Cross-Origin-Resource-Policy: same-origin/);
  // The CMS's folder has a policy of its own (below); every other path keeps the site's strict one.
  assert.doesNotMatch(headers.replace(blocks["/admin/*"], ""), /interest-cohort|unsafe-inline|unsafe-eval/);
  assert.doesNotMatch(blocks["/*"], /Cache-Control/, "hosts merge matching blocks, so no path may get two Cache-Control values");
  assert.match(blocks["/assets/*"], new RegExp(`Cache-Control: ${IMMUTABLE}`));
  assert.match(blocks["/services"], new RegExp(`Cache-Control: ${REVALIDATE}`));
  assert.ok(blocks[pdf].includes(`Content-Disposition: attachment; filename="${pdfName}"`), blocks[pdf]);
  assert.equal(readFileSync(`${configuredSite}/_redirects`, "utf8"), redirects.map((r) => `${r.from} ${r.to} ${r.status}\n`).join(""));
});

test("_headers: the CMS's folder has its own policy; a Cloudflare Pages build detaches the site's there", () => {
  const headers = readFileSync(`${configuredSite}/_headers`, "utf8");
  const blocks = Object.fromEntries(headers.split("\n\n").map((block) => [block.split("\n")[0], block]));
  assert.match(blocks["/admin/*"], /Content-Security-Policy: default-src 'none'; script-src 'self' 'unsafe-eval'; .*frame-ancestors 'none'\n/);
  assert.match(blocks["/admin/*"], /X-Robots-Tag: noindex/);
  assert.doesNotMatch(blocks["/*"], /unsafe-eval/);
  assert.doesNotMatch(blocks["/admin/*"], /! /, "Netlify refuses a detach line");
  const policy = headerPolicy({
    csp: "default-src 'none'",
    pages: ["/"],
    documents: [],
    admin: { "Content-Security-Policy": "default-src 'self'", "X-Robots-Tag": "noindex" },
  });
  assert.match(
    headersFile(policy, { detach: true }),
    /\/admin\/\*\n {2}! Content-Security-Policy\n {2}Content-Security-Policy: default-src 'self'\n {2}X-Robots-Tag: noindex\n/,
  );
});

test("without CMS_GITHUB_REPO, /admin/ is not published at all", () => {
  assert.equal(existsSync(`${fixtureSite}/admin`), false);
  assert.doesNotMatch(readFileSync(`${fixtureSite}/_headers`, "utf8"), /admin/);
  assert.doesNotMatch(readFileSync(`${configuredSite}/sitemap.xml`, "utf8"), /admin/);
});

test("the CloudFront function answers redirects, maps the URL form onto files, and adds the headers", async () => {
  const source = readFileSync(`${hosts}/cloudfront/function.js`, "utf8");
  const handler = new Function(`${source}; return handler;`)() as (event: object) => Promise<Record<string, unknown>>;
  const onRequest = (uri: string) => handler({ context: { eventType: "viewer-request" }, request: { uri, headers: {} } });
  assert.deepEqual(await onRequest(redirect.from), {
    statusCode: redirect.status,
    statusDescription: redirect.status === 301 ? "Moved Permanently" : "Found",
    headers: { location: { value: redirect.to } },
  });
  assert.equal((await onRequest("/")).uri, "/index.html");
  assert.equal((await onRequest("/services")).uri, "/services.html");
  assert.equal((await onRequest("/assets/site.ABC.js")).uri, "/assets/site.ABC.js");
  assert.equal(((await onRequest("/services/")).headers as { location: { value: string } }).location.value, "/services");
  const response = (await handler({
    context: { eventType: "viewer-response" },
    request: { uri: pdf },
    response: { statusCode: 200, headers: {} },
  })) as { headers: Record<string, { value: string }> };
  assert.equal(response.headers["content-disposition"].value, `attachment; filename="${pdfName}"`);
  assert.equal(response.headers["cross-origin-resource-policy"].value, "same-origin");
  assert.match(response.headers["content-security-policy"].value, /^default-src 'none'/);
  assert.equal((await onRequest("/admin/")).uri, "/admin/index.html");
  const admin = (await handler({
    context: { eventType: "viewer-response" },
    request: { uri: "/admin/index.html" },
    response: { statusCode: 200, headers: {} },
  })) as {
    headers: Record<string, { value: string }>;
  };
  assert.match(admin.headers["content-security-policy"].value, /'unsafe-eval'/);
  assert.equal(admin.headers["x-robots-tag"].value, "noindex");
});

test("GitHub Pages gets a page at each old address that sends visitors on", () => {
  // The first of the firm's redirects (content/redirects.yaml).
  const page = readFileSync(`${hosts}/github-pages${redirect.from}.html`, "utf8");
  assert.ok(page.includes(`<meta http-equiv="refresh" content="0; url=${redirect.to}">`), page);
  assert.ok(page.includes(`<link rel="canonical" href="${TEST_SITE_URL}${redirect.to}">`), page);
});

test("a redirect that hides a page or leads nowhere stops the build, naming the file and the field's line", () => {
  // Each redirect three lines long, from line 5: a from's line, then its to's.
  const lineOf = ([i, field]: [number, "from" | "to"]) => 5 + 3 * i + (field === "to" ? 1 : 0);
  assert.throws(() => checkRedirects([{ from: "/services/", to: "/", status: 301 }], ["/", "/services"], lineOf), {
    message: "content/redirects.yaml:5 from: /services/ is a page of its own; remove the redirect or the page",
  });
  assert.throws(
    () =>
      checkRedirects(
        [
          { from: "/work", to: "/", status: 301 },
          { from: "/old", to: "/gone", status: 301 },
          { from: "/lost", to: "/404", status: 302 },
        ],
        ["/", "/404"],
        lineOf,
      ),
    {
      message: [
        "content/redirects.yaml:9 to: /gone is no page; lead to a route the site has, such as /case-studies",
        "content/redirects.yaml:12 to: /404 is no page; lead to a route the site has, such as /case-studies",
      ].join("\n"),
    },
  );
});

test("the nginx server block includes the generated snippet", () => {
  assert.match(
    readFileSync(`${hosts}/nginx/server.conf`, "utf8"),
    /server_name cedarline\.test;\n {2}root \/var\/www\/cedarline-site;\n {2}include \/etc\/nginx\/snippets\/cedarline-site\.conf;/,
  );
});
