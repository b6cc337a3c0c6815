// The build's own checks, proven: valid HTML, no broken internal link/image/PDF/anchor, real PDFs.
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { before, test } from "node:test";
import { inflateSync } from "node:zlib";
import { PDFDocument } from "pdf-lib";
import { caseStudyPdfPath, resultsOf } from "../../components/case-studies.ts";
import caseStudies from "../../content/case-studies";
import site from "../../content/site.yaml";
import { plainText } from "../../engine/content/markdown.ts";
import { outputFileOf } from "../../engine/pipeline/routes.ts";
import { PageValidation, ValidatorThread } from "../../engine/verify/validate.ts";
import type { HtmlFile } from "../../engine/verify/validate-thread.mjs";
import { checkLinks } from "../../tools/links.ts";
import { builtRoutes, configuredSite, ensureTestSites, fixtureSite, readPage } from "../helpers/site.ts";

before(ensureTestSites);

/** The text of each invalid page's report, as a build's validation gives it; empty when every page is valid. */
async function validatePages(pages: HtmlFile[]): Promise<string[]> {
  const validation = new PageValidation();
  for (const page of pages) await validation.add(page);
  return validation.finish();
}

for (const testSite of [configuredSite, fixtureSite]) {
  test(`${testSite}: html-validate finds nothing on any page`, async () => {
    const pages = [...(await builtRoutes(testSite)), "/404"].map((route) => ({ file: outputFileOf(route), html: readPage(route, testSite) }));
    assert.deepEqual(await validatePages(pages), []);
  });

  test(`${testSite}: linkinator finds no broken internal link, image, PDF or anchor`, async () => {
    assert.deepEqual(await checkLinks(testSite), []);
  });
}

test("a build served from a loopback SITE_URL checks clean: its own absolute addresses are not crawled", async () => {
  const { build } = await import("../../build.ts");
  const { readConfig } = await import("../../engine/pipeline/config.ts");
  const out = mkdtempSync(join(tmpdir(), "loopback-site-"));
  try {
    await build(readConfig({ SITE_URL: "http://127.0.0.1:4596", OUT_DIR: out }), () => {});
    assert.match(readFileSync(join(out, "index.html"), "utf8"), /<link rel="canonical" href="http:\/\/127\.0\.0\.1:4596\/"/);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test("the validator thread reports each page by its own file", async () => {
  const valid = readPage("/");
  const broken = valid.replace("<main", "<main><div><p>unclosed</span>");
  const validator = new ValidatorThread();
  try {
    const { reports } = await validator.validate([
      { file: "first.html", html: valid },
      { file: "second.html", html: broken },
      { file: "third.html", html: readPage("/about") },
    ]);
    assert.equal(reports.length, 3);
    assert.equal(reports[0], null);
    assert.match(reports[1] ?? "", /second\.html/);
    assert.match(reports[1] ?? "", /close-order|unclosed|end tag/i);
    assert.equal(reports[2], null);
  } finally {
    await validator.close();
  }
});

test("validation catches what it should: invalid HTML and a missing PDF", async () => {
  const broken = readPage("/").replace("<main", "<main><div><p>unclosed</span>");
  assert.notDeepEqual(await validatePages([{ file: "index.html", html: broken }]), []);
  const copy = mkdtempSync(join(tmpdir(), "site-"));
  try {
    // A study's PDF, whichever the firm's content has first.
    const pdf = caseStudyPdfPath(caseStudies.find((study) => !study.link)!);
    cpSync(configuredSite, copy, { recursive: true });
    rmSync(join(copy, pdf));
    const missing = await checkLinks(copy);
    assert.ok(
      missing.some((link) => link.url === pdf && link.parent?.startsWith("/case-studies")),
      JSON.stringify(missing),
    );
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});

for (const study of caseStudies.filter((s) => !s.link)) {
  test(`${caseStudyPdfPath(study)} is a real PDF of "${study.title}"`, async () => {
    const bytes = readFileSync(join(configuredSite, caseStudyPdfPath(study)));
    const pdf = await PDFDocument.load(bytes);
    assert.equal(pdf.getTitle(), `${study.title} | ${site.company.name}`);
    assert.ok(pdf.getPageCount() >= 1);
    // Page content streams are deflated: inflate every stream that is, and search the text operators.
    const raw = [...bytes.toString("latin1").matchAll(/stream\r?\n([\s\S]*?)endstream/g)]
      .map((m) => {
        try {
          return inflateSync(Buffer.from(m[1], "latin1")).toString("latin1");
        } catch {
          return m[1];
        }
      })
      .join("\n");
    const hex = (s: string) => Buffer.from(s, "latin1").toString("hex").toUpperCase();
    for (const word of ["Challenge", "Solution", "Results"]) assert.ok(raw.includes(hex(word)), `${word} printed`);
    assert.ok(raw.includes(hex(plainText(resultsOf(study)[0]).split(" ").slice(0, 3).join(" "))), "the first result printed");
  });
}
