// Every link of every page a build wrote, with the words a visitor sees for it; and the external ones asked, each address
// once (one host's one after another, so a site sees one request at a time; hosts side by side).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { routeOfOutputFile } from "../../engine/pipeline/routes.ts";
import { folderFiles } from "../../engine/state/files.ts";
import { readHtml } from "../../engine/verify/html-reader.mjs";
import { type SkippedLink, skippedLinks } from "./skipped.ts";
import { CHECK_POLICY, type CheckPolicy, type Verdict, verdictOf } from "./verdict.ts";

/** `page`: its site path; `text`: what a visitor (or a screen reader) is told the link is (its label, its words, or an image's alt). */
export type LinkOnPage = { page: string; text: string; href: string };
export type CheckedLink = LinkOnPage & { verdict: Verdict };
export type SkippedOnPage = LinkOnPage & { reason: string };
export type LinkCheck = Awaited<ReturnType<typeof checkExternalLinks>>;

/** Relative links resolve against a page's address here: whatever lands elsewhere is external. */
export const SITE_ORIGIN = "http://site.invalid";
export const addressOf = (link: LinkOnPage) =>
  URL.canParse(link.href, `${SITE_ORIGIN}${link.page}`) ? new URL(link.href, `${SITE_ORIGIN}${link.page}`) : null;
export const pageFiles = (outDir: string) => folderFiles(outDir, "").filter((file) => file.endsWith(".html"));

/** Each link (<a>, <area>) and embedded file (any src) of one page, in order; an <a>'s words are those up to its
 * end tag, any tag between them a space. */
function linksOfPage(html: string, page: string): LinkOnPage[] {
  const found: { href: string; attributes: Map<string, string>; words: string }[] = [];
  let inside: (typeof found)[number] | undefined;
  readHtml(html, {
    tag: (name, written) => {
      const attributes = new Map(written.map((attribute) => [attribute.name, attribute.value]));
      const href = attributes.get(name === "a" || name === "area" ? "href" : "src");
      if (inside) inside.words += " ";
      if (href !== undefined) found.push({ href, attributes, words: "" });
      if (href !== undefined && name === "a") inside = found.at(-1);
    },
    text: (_start, _end, words) => {
      if (inside) inside.words += words;
    },
    endTag: (name) => {
      if (inside && name !== "a") inside.words += " ";
      else inside = undefined;
    },
  });
  return found.map(({ href, attributes, words }) => {
    const text = attributes.get("aria-label") || words.replace(/\s+/g, " ").trim() || attributes.get("alt") || attributes.get("title");
    return { page, text: text || "(no text)", href };
  });
}

export const linksOfSite = (outDir: string) =>
  pageFiles(outDir).flatMap((file) => linksOfPage(readFileSync(join(outDir, file), "utf8"), routeOfOutputFile(file)));

/** The address to ask (its fragment aside), or null for one of the site's own: relative, or at the deployed host. */
function externalAddress(link: LinkOnPage, siteUrl: string): string | null {
  const url = addressOf(link);
  if (url === null || (url.protocol !== "http:" && url.protocol !== "https:") || url.origin === SITE_ORIGIN) return null;
  url.hash = "";
  return siteUrl !== "" && url.href.startsWith(`${siteUrl}/`) ? null : url.href;
}

type CheckOptions = { siteUrl?: string; policy?: CheckPolicy; skip?: SkippedLink[] };
export async function checkExternalLinks(outDir: string, { siteUrl = "", policy = CHECK_POLICY, skip = skippedLinks }: CheckOptions = {}) {
  const reasons = new Map(
    skip.map(({ address, reason }) => {
      if (!URL.canParse(address))
        throw new Error(`tools/links/skipped.ts: address "${address}" is not a whole address: write it as the page does, such as "https://example.org/page"`);
      return [new URL(address).href.replace(/#.*/, ""), reason];
    }),
  );
  const asked: { link: LinkOnPage; address: string }[] = [];
  const skipped: SkippedOnPage[] = [];
  for (const link of linksOfSite(outDir)) {
    const address = externalAddress(link, siteUrl);
    const reason = address === null ? undefined : reasons.get(address);
    if (reason !== undefined) skipped.push({ ...link, reason });
    else if (address !== null) asked.push({ link, address });
  }
  const byHost = new Map<string, Set<string>>();
  for (const { address } of asked) byHost.set(new URL(address).host, (byHost.get(new URL(address).host) ?? new Set()).add(address));
  const verdicts = new Map<string, Verdict>();
  await Promise.all(
    [...byHost.values()].map(async (addresses) => {
      for (const address of addresses) verdicts.set(address, await verdictOf(address, policy));
    }),
  );
  return { pages: pageFiles(outDir).length, links: asked.map(({ link, address }): CheckedLink => ({ ...link, verdict: verdicts.get(address)! })), skipped };
}
