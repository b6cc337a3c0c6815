// Every internal link, image, PDF and anchor of a build must resolve (linkinator crawls dist/).

import { LinkChecker } from "linkinator";
import { isCommand } from "./cli.ts";

export interface BrokenLink {
  url: string;
  status: number | undefined;
  parent: string | undefined;
}

/** Internal links always; external ones only when asked (they need the network). The site's own
 * absolute addresses (canonical, social cards) point at the deployed host, not at this build: skipped. */
export async function checkLinks(outDir: string, { external = false, siteUrl = "" } = {}): Promise<BrokenLink[]> {
  const ownAddress = (link: string) => siteUrl !== "" && (link === siteUrl || link.startsWith(`${siteUrl}/`));
  const result = await new LinkChecker().check({
    path: outDir,
    recurse: true,
    checkFragments: true,
    concurrency: 100,
    linksToSkip: async (link) => ownAddress(link) || (!external && !/^https?:\/\/(localhost|127\.0\.0\.1)[:/]/.test(link)),
  });
  // Local links come back as paths under outDir ("dist/servces"); report them as the site's paths ("/servces").
  const sitePath = (url: string | undefined) => (url?.startsWith(outDir) ? url.slice(outDir.length).replace(/^\/?/, "/") : url);
  return result.links
    .filter((link) => link.state === "BROKEN")
    .map((link) => ({ url: sitePath(link.url) ?? link.url, status: link.status, parent: sitePath(link.parent) }));
}

/** npm run links [-- --external]: checks the last build's links; external ones need the network. */
if (isCommand(import.meta.url)) {
  const external = process.argv.includes("--external");
  const { readConfig } = await import("../build/config.ts");
  const config = readConfig();
  const broken = await checkLinks(config.outDir, { external, siteUrl: config.siteUrl });
  for (const link of broken) console.error(`broken: ${link.url} (${link.status ?? "no answer"}) on ${link.parent}`);
  console.log(
    `${broken.length} broken link${broken.length === 1 ? "" : "s"} (${external ? "internal and external" : "internal only; add -- --external to check external links"})`,
  );
  process.exit(broken.length ? 1 : 0);
}
