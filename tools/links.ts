// npm run links [-- --external] [-- --report FILE]: every internal link, image, PDF and anchor of the last build must
// resolve; on request every external link too, and --report writes the Markdown report. Exits 1 when one is broken.
import { writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { LinkChecker } from "linkinator";
import type { Site } from "../content/collections.ts";
import { readContent, SITE_FILE } from "../engine/content/modules.ts";
import { serve } from "../engine/outputs/serve.ts";
import { readConfig, siteAddress } from "../engine/pipeline/config.ts";
import { routeOfOutputFile } from "../engine/pipeline/routes.ts";
import { addressOf, type CheckedLink, checkExternalLinks, linksOfSite, pageFiles, SITE_ORIGIN } from "./links/external.ts";
import { byAddressAndText, reportOf } from "./links/report.ts";
import { statusWords } from "./links/verdict.ts";
import { isCommand } from "./support/cli.ts";

/** Crawled by linkinator from every page the build wrote. The site's own absolute addresses (canonical, social cards)
 * point at the deployed host, not at this build: skipped, as are external ones. */
export async function checkLinks(outDir: string, { siteUrl = "" } = {}) {
  // Through the site's own server, which maps /case-studies to case-studies.html (linkinator's: to the folder of PDFs).
  const server = await serve(outDir, 0);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const result = await new LinkChecker()
    .check({
      path: pageFiles(outDir).map((file) => `${origin}${routeOfOutputFile(file)}`),
      recurse: true,
      // A page's address has no extension (/about): relative links resolve beside it, not under it.
      cleanUrls: true,
      checkFragments: true,
      concurrency: 100,
      linksToSkip: async (link) => (siteUrl !== "" && (link === siteUrl || link.startsWith(`${siteUrl}/`))) || !link.startsWith(origin),
    })
    .finally(() => server.close());
  const sitePath = (url: string | undefined) => (url?.startsWith(origin) ? url.slice(origin.length) : url);
  return result.links
    .filter((link) => link.state === "BROKEN")
    .map((link) => ({ url: sitePath(link.url) ?? link.url, status: link.status, parent: sitePath(link.parent) }));
}

async function main(args: string[]): Promise<number> {
  const reportFile = args.includes("--report") ? args[args.indexOf("--report") + 1] : undefined;
  if (args.includes("--report") && !reportFile) throw new Error("--report needs a file to write, e.g. npm run links -- --external --report links-report.md");
  const config = readConfig();
  // The address the last build was made for: links to it are the site's own.
  const siteUrl = siteAddress(config, readContent<Site>(process.cwd(), SITE_FILE));
  const broken = await checkLinks(config.outDir, { siteUrl });
  for (const link of broken) console.error(`broken: ${link.url} (${link.status ?? "no answer"}) on ${link.parent}`);
  if (!args.includes("--external") && !reportFile) {
    console.log(`${broken.length} broken link${broken.length === 1 ? "" : "s"} (internal only; add -- --external to check external links)`);
    return broken.length;
  }
  const check = await checkExternalLinks(config.outDir, { siteUrl });
  for (const { row, pages } of byAddressAndText(check.links.filter((link) => link.verdict.kind !== "ok"))) {
    const how = row.verdict.kind === "broken" ? "broken" : "could not check";
    console.error(`${how}: ${row.href} ("${row.text}") on ${pages.length === 1 ? pages[0] : `${pages.length} pages`}: ${row.verdict.answer}`);
  }
  if (reportFile) {
    const siteLinks = broken.length ? linksOfSite(config.outDir) : [];
    const internal = broken.map(({ url, status, parent: page = "(a page)" }): CheckedLink => {
      const shown = siteLinks.find((l) => l.page === page && addressOf(l)?.href === `${SITE_ORIGIN}${url}`);
      const answer = url.includes("#") && status === 200 ? "the page has no element with this id" : status ? statusWords(status) : "no answer";
      return { page, text: shown?.text ?? "(not found in the page)", href: url, verdict: { kind: "broken", answer } };
    });
    writeFileSync(reportFile, reportOf({ ...check, links: [...internal, ...check.links] }));
    console.log(`Wrote the report to ${reportFile}`);
  }
  const count = broken.length + new Set(check.links.filter((l) => l.verdict.kind === "broken").map((l) => l.href)).size;
  console.log(`${count} broken link${count === 1 ? "" : "s"} (internal and external)`);
  return count;
}

// No top-level await: a module with one is evaluated apart, which would file the tests importing it under another's.
if (isCommand(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (broken) => process.exit(broken ? 1 : 0),
    (error: Error) => {
      console.error(error.message);
      process.exit(2);
    },
  );
}
