// Every link of every page a build wrote (each .html file of the output folder, whether another page
// links to it or not), with the words a visitor sees for it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { routeOfOutputFile } from "../../engine/pipeline/routes.ts";
import { folderFiles } from "../../engine/state/files.ts";
import { decodeEntities } from "../../engine/verify/verify.ts";

export interface LinkOnPage {
  /** The site path of the page. */
  page: string;
  /** What a visitor (or a screen reader) is told the link is: its label, its words, or an image's alt. */
  text: string;
  /** The address as written. */
  href: string;
}

/** A relative link's address resolves against the page's own, here: whatever lands elsewhere is external. */
export const SITE_ORIGIN = "http://site.invalid";

/** The address a link points at, or null when it is not one (a malformed href). */
export function addressOf(link: LinkOnPage): URL | null {
  try {
    return new URL(link.href, `${SITE_ORIGIN}${link.page}`);
  } catch {
    return null;
  }
}

/** The dist-relative path of each page the build wrote, sorted. */
export function pageFiles(outDir: string): string[] {
  return folderFiles(outDir, "").filter((file) => file.endsWith(".html"));
}

/** A link (<a>, <area>) or an embedded file (any src), with the tag's attributes. */
const TAG = /<(a|area|[a-z]+(?=[^>]*\ssrc=))(\s(?:[^>"']|"[^"]*"|'[^']*')*)?>/gi;
const ATTRIBUTE = /\s([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
const words = (text: string) =>
  decodeEntities(text.replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();

/** Each link and embedded file of one page, in the order written. */
function linksOfPage(html: string, page: string): LinkOnPage[] {
  const links: LinkOnPage[] = [];
  for (const match of html.matchAll(TAG)) {
    const name = match[1].toLowerCase();
    const attributes = new Map([...(match[2] ?? "").matchAll(ATTRIBUTE)].map((a) => [a[1].toLowerCase(), decodeEntities(a[2] ?? a[3] ?? a[4] ?? "")]));
    const href = name === "a" || name === "area" ? attributes.get("href") : attributes.get("src");
    if (href === undefined) continue;
    const end = match.index + match[0].length;
    const close = html.indexOf("</a>", end);
    const inner = name === "a" ? html.slice(end, close < 0 ? undefined : close) : "";
    const text = attributes.get("aria-label") || words(inner) || attributes.get("alt") || attributes.get("title") || "(no text)";
    links.push({ page, text, href });
  }
  return links;
}

/** Every link of every page the build wrote. */
export function linksOfSite(outDir: string): LinkOnPage[] {
  return pageFiles(outDir).flatMap((file) => linksOfPage(readFileSync(join(outDir, file), "utf8"), routeOfOutputFile(file)));
}
