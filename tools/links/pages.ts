// Every link of every page a build wrote (each .html file of the output folder, whether another page
// links to it or not), with the words a visitor sees for it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Parser } from "htmlparser2";
import { routeOfOutputFile } from "../../engine/pipeline/routes.ts";
import { folderFiles } from "../../engine/state/files.ts";

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

/** Each link (<a>, <area>) and embedded file (any src) of one page, in the order written. */
function linksOfPage(html: string, page: string): LinkOnPage[] {
  const links: LinkOnPage[] = [];
  // The <a> being read: its words so far (a tag between words parts them), and what names it without them.
  let open: { link: LinkOnPage; label: string; words: string; fallback: string } | undefined;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (open) open.words += " ";
      const href = name === "a" || name === "area" ? attributes.href : attributes.src;
      if (href === undefined) return;
      const label = attributes["aria-label"] ?? "";
      const fallback = attributes.alt || attributes.title || "(no text)";
      const link = { page, text: label || fallback, href };
      links.push(link);
      if (name === "a") open = { link, label, words: "", fallback };
    },
    ontext(text) {
      if (open) open.words += text;
    },
    onclosetag(name) {
      if (!open) return;
      if (name !== "a") open.words += " ";
      else {
        open.link.text = open.label || open.words.replace(/\s+/g, " ").trim() || open.fallback;
        open = undefined;
      }
    },
  });
  parser.end(html);
  return links;
}

/** Every link of every page the build wrote. */
export function linksOfSite(outDir: string): LinkOnPage[] {
  return pageFiles(outDir).flatMap((file) => linksOfPage(readFileSync(join(outDir, file), "utf8"), routeOfOutputFile(file)));
}
