// Every internal link, image, PDF and anchor of a build must resolve (linkinator crawls dist/, from
// every page it wrote); on request, every external link of every page too (tools/links/external.ts).

import { writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { LinkChecker } from "linkinator";
import type { Site } from "../content/collections.ts";
import { readContent, SITE_FILE } from "../engine/content/modules.ts";
import { serve } from "../engine/outputs/serve.ts";
import { readConfig, siteAddress } from "../engine/pipeline/config.ts";
import { routeOfOutputFile } from "../engine/pipeline/routes.ts";
import { type CheckedLink, checkExternalLinks } from "./links/external.ts";
import { addressOf, type LinkOnPage, linksOfSite, pageFiles, SITE_ORIGIN } from "./links/pages.ts";
import { reportOf } from "./links/report.ts";
import { statusWords } from "./links/verdict.ts";
import { isCommand } from "./support/cli.ts";

export interface BrokenLink {
  url: string;
  status: number | undefined;
  parent: string | undefined;
}

/** Internal links, images, PDFs and anchors. The site's own absolute addresses (canonical, social cards)
 * point at the deployed host, not at this build: skipped, as are external ones. */
export async function checkLinks(outDir: string, { siteUrl = "" } = {}): Promise<BrokenLink[]> {
  const ownAddress = (link: string) => siteUrl !== "" && (link === siteUrl || link.startsWith(`${siteUrl}/`));
  // Crawled through the site's own server, which maps /case-studies to case-studies.html as every
  // host does (linkinator's would send it to the case-studies/ folder of PDFs instead).
  const server = await serve(outDir, 0);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const result = await new LinkChecker()
    .check({
      // Every page the build wrote, not only those reachable from the home page.
      path: pageFiles(outDir).map((file) => `${origin}${routeOfOutputFile(file)}`),
      recurse: true,
      // A page's address has no extension (/about): relative links resolve beside it, not under it.
      cleanUrls: true,
      checkFragments: true,
      concurrency: 100,
      linksToSkip: async (link) => ownAddress(link) || !link.startsWith(origin),
    })
    .finally(() => server.close());
  // Report the site's paths ("/servces"), not the local server's addresses.
  const sitePath = (url: string | undefined) => (url?.startsWith(origin) ? url.slice(origin.length) : url);
  return result.links
    .filter((link) => link.state === "BROKEN")
    .map((link) => ({ url: sitePath(link.url) ?? link.url, status: link.status, parent: sitePath(link.parent) }));
}

/** A broken internal link as the report tells it, with the words the page shows for it. */
function reportedLink(siteLinks: LinkOnPage[], link: BrokenLink): CheckedLink {
  const page = link.parent ?? "(a page)";
  const shown = siteLinks.find((l) => l.page === page && addressOf(l)?.href === `${SITE_ORIGIN}${link.url}`);
  const answer = link.url.includes("#") && link.status === 200 ? "the page has no element with this id" : link.status ? statusWords(link.status) : "no answer";
  return { page, text: shown?.text ?? "(not found in the page)", href: link.url, verdict: { kind: "broken", answer } };
}

/** npm run links [-- --external] [-- --report FILE]: checks the last build's links; external ones (the
 * network) when asked, and --report writes the Markdown report of them (and of any broken internal link).
 * Resolves to the number of broken links. */
async function main(args: string[]): Promise<number> {
  const reportAt = args.indexOf("--report");
  const reportFile = reportAt >= 0 ? args[reportAt + 1] : undefined;
  if (reportAt >= 0 && !reportFile) throw new Error("--report needs a file to write, e.g. npm run links -- --external --report links-report.md");
  const external = args.includes("--external") || reportFile !== undefined;
  const config = readConfig();
  // The address the last build was served from: links to it are the site's own.
  const siteUrl = siteAddress(config, readContent<Site>(process.cwd(), SITE_FILE));
  const broken = await checkLinks(config.outDir, { siteUrl });
  for (const link of broken) console.error(`broken: ${link.url} (${link.status ?? "no answer"}) on ${link.parent}`);
  if (!external) {
    console.log(`${broken.length} broken link${broken.length === 1 ? "" : "s"} (internal only; add -- --external to check external links)`);
    return broken.length;
  }
  const check = await checkExternalLinks(config.outDir, { siteUrl });
  // One line per address and text, as the report has it.
  const told = new Map<string, { link: CheckedLink; pages: number }>();
  for (const link of check.links.filter((l) => l.verdict.kind !== "ok")) {
    const key = `${link.href}\n${link.text}`;
    told.set(key, { link, pages: (told.get(key)?.pages ?? 0) + 1 });
  }
  for (const { link, pages } of told.values()) {
    const where = pages === 1 ? link.page : `${pages} pages`;
    console.error(`${link.verdict.kind === "broken" ? "broken" : "could not check"}: ${link.href} ("${link.text}") on ${where}: ${link.verdict.answer}`);
  }
  if (reportFile) {
    const siteLinks = broken.length ? linksOfSite(config.outDir) : [];
    writeFileSync(reportFile, reportOf({ ...check, links: [...broken.map((link) => reportedLink(siteLinks, link)), ...check.links] }));
    console.log(`Wrote the report to ${reportFile}`);
  }
  const count = broken.length + new Set(check.links.filter((l) => l.verdict.kind === "broken").map((l) => l.href)).size;
  console.log(`${count} broken link${count === 1 ? "" : "s"} (internal and external)`);
  return count;
}

// Without a top-level await: a module that has one is evaluated apart, and the test files that import
// it in one shared process (test/helpers/shared-process.ts) would have their tests filed under another's.
if (isCommand(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (broken) => process.exit(broken ? 1 : 0),
    (error: Error) => {
      console.error(error.message);
      process.exit(2);
    },
  );
}
