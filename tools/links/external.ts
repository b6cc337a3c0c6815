// The external links of every page the build wrote, each address asked once (one host's addresses one
// after another, so a site sees one request at a time; hosts side by side), as tools/links/verdict.ts decides.
import { addressOf, type LinkOnPage, linksOfSite, pageFiles, SITE_ORIGIN } from "./pages.ts";
import { type SkippedLink, skippedLinks } from "./skipped.ts";
import { CHECK_POLICY, type CheckPolicy, type Verdict, verdictOf } from "./verdict.ts";

export interface CheckedLink extends LinkOnPage {
  verdict: Verdict;
}

export interface SkippedOnPage extends LinkOnPage {
  reason: string;
}

export interface LinkCheck {
  /** How many pages were read. */
  pages: number;
  /** Every external link of every page, with what its address answered. */
  links: CheckedLink[];
  /** The links left alone on purpose (tools/links/skipped.ts). */
  skipped: SkippedOnPage[];
}

/** The address to ask for a link (its fragment aside), or null for one of the site's own. */
function externalAddress(link: LinkOnPage, siteUrl: string): string | null {
  const url = addressOf(link);
  if (url === null) return null;
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.origin === SITE_ORIGIN) return null;
  url.hash = "";
  // The site's own absolute addresses point at the deployed host, not at this build.
  if (siteUrl !== "" && (url.href === `${siteUrl}/` || url.href.startsWith(`${siteUrl}/`))) return null;
  return url.href;
}

/** A skipped link's address as the check asks it (its fragment aside). */
function skippedAddress(skipped: string): string {
  try {
    return new URL(skipped).href.replace(/#.*/, "");
  } catch {
    throw new Error(`tools/links/skipped.ts: address "${skipped}" is not a whole address: write it as the page does, such as "https://example.org/page"`);
  }
}

export async function checkExternalLinks(
  outDir: string,
  { siteUrl = "", policy = CHECK_POLICY, skip = skippedLinks }: { siteUrl?: string; policy?: CheckPolicy; skip?: SkippedLink[] } = {},
): Promise<LinkCheck> {
  const reasons = new Map(skip.map(({ address, reason }) => [skippedAddress(address), reason]));
  const links: { link: LinkOnPage; address: string }[] = [];
  const skipped: SkippedOnPage[] = [];
  for (const link of linksOfSite(outDir)) {
    const address = externalAddress(link, siteUrl);
    if (address === null) continue;
    const reason = reasons.get(address);
    if (reason === undefined) links.push({ link, address });
    else skipped.push({ ...link, reason });
  }
  const byHost = new Map<string, Set<string>>();
  for (const { address } of links) {
    const host = new URL(address).host;
    byHost.set(host, (byHost.get(host) ?? new Set()).add(address));
  }
  const verdicts = new Map<string, Verdict>();
  await Promise.all(
    [...byHost.values()].map(async (addresses) => {
      for (const address of addresses) verdicts.set(address, await verdictOf(address, policy));
    }),
  );
  return {
    pages: pageFiles(outDir).length,
    links: links.map(({ link, address }) => ({ ...link, verdict: verdicts.get(address)! })),
    skipped,
  };
}
