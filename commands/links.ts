// Every internal link, image, PDF and anchor of a build must resolve (linkinator crawls dist/).

import type { AddressInfo } from "node:net";
import { LinkChecker } from "linkinator";
import { isCommand } from "./cli.ts";
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
      path: `${origin}/`,
      recurse: true,
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

/** npm run links [-- --external]: checks the last build's links; external ones need the network. */
if (isCommand(import.meta.url)) {
  const external = process.argv.includes("--external");
  const { readConfig } = await import("../steps/config.ts");
  const config = readConfig();
  const broken = await checkLinks(config.outDir, { external, siteUrl: config.siteUrl });
  for (const link of broken) console.error(`broken: ${link.url} (${link.status ?? "no answer"}) on ${link.parent}`);
  console.log(
    `${broken.length} broken link${broken.length === 1 ? "" : "s"} (${external ? "internal and external" : "internal only; add -- --external to check external links"})`,
  );
  process.exit(broken.length ? 1 : 0);
}
