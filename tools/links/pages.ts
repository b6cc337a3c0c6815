// Every link of every page a build wrote (each .html file of the output folder, whether another page
// links to it or not), with the words a visitor sees for it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { routeOfOutputFile } from "../../engine/pipeline/routes.ts";
import { folderFiles } from "../../engine/state/files.ts";
import { readHtml } from "../../engine/verify/html-reader.mjs";

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
  const page = `${SITE_ORIGIN}${link.page}`;
  return URL.canParse(link.href, page) ? new URL(link.href, page) : null;
}

/** The dist-relative path of each page the build wrote, sorted. */
export function pageFiles(outDir: string): string[] {
  return folderFiles(outDir, "").filter((file) => file.endsWith(".html"));
}

/** Each link (<a>, <area>) and embedded file (any src) of one page, in the order written; an <a>'s words
 * are those up to its end tag, any tag between them a space. */
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

/** Every link of every page the build wrote. */
export function linksOfSite(outDir: string): LinkOnPage[] {
  return pageFiles(outDir).flatMap((file) => linksOfPage(readFileSync(join(outDir, file), "utf8"), routeOfOutputFile(file)));
}
