// Every internal link, image, PDF and anchor of a build must resolve (linkinator crawls dist/, from
// every page it wrote).

import type { AddressInfo } from "node:net";
import { LinkChecker } from "linkinator";
import { readConfig } from "../steps/config.ts";
import { routeOfOutputFile } from "../steps/routes.ts";
import { isCommand } from "./cli.ts";
import { pageFiles } from "./links/pages.ts";
import { serve } from "./serve.ts";

export interface BrokenLink {
  url: string;
  status: number | undefined;
  parent: string | undefined;
}

/** Internal links always; external ones only when asked (they need the network). The site's own
 * absolute addresses (canonical, social cards) point at the deployed host, not at this build: skipped. */
export async function checkLinks(outDir: string, { external = false, siteUrl = "" } = {}): Promise<BrokenLink[]> {
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
      linksToSkip: async (link) => ownAddress(link) || (!external && !link.startsWith(origin)),
    })
    .finally(() => server.close());
  // Report the site's paths ("/servces"), not the local server's addresses.
  const sitePath = (url: string | undefined) => (url?.startsWith(origin) ? url.slice(origin.length) : url);
  return result.links
    .filter((link) => link.state === "BROKEN")
    .map((link) => ({ url: sitePath(link.url) ?? link.url, status: link.status, parent: sitePath(link.parent) }));
}

/** npm run links [-- --external]: checks the last build's links; external ones need the network.
 * Resolves to the number of broken links. */
async function main(args: string[]): Promise<number> {
  const external = args.includes("--external");
  const config = readConfig();
  const broken = await checkLinks(config.outDir, { external, siteUrl: config.siteUrl });
  for (const link of broken) console.error(`broken: ${link.url} (${link.status ?? "no answer"}) on ${link.parent}`);
  console.log(
    `${broken.length} broken link${broken.length === 1 ? "" : "s"} (${external ? "internal and external" : "internal only; add -- --external to check external links"})`,
  );
  return broken.length;
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
