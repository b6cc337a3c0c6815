// After writing: every page is valid HTML, and every internal link, image, PDF and #anchor resolves.
// Links are checked in-process against what the build wrote; html-validate results are cached by the
// page's content, so an unchanged page costs nothing and a changed one is always validated again.
import { readFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join, relative } from "node:path";
import { type HtmlFile, type Validators, validatePages } from "./validate-html.ts";

export type { HtmlFile };

export interface BrokenLink {
  /** The site path of the page that links. */
  page: string;
  /** The link as written in the page. */
  link: string;
  reason: string;
}

const ATTRIBUTE = /\s(?:href|src|srcset|imagesrcset)="([^"]*)"/g;
const ID = /\sid="([^"]*)"/g;

function decodeEntities(value: string): string {
  return value.replace(/&(amp|quot|#39|lt|gt);/g, (_, name: string) => ({ amp: "&", quot: '"', "#39": "'", lt: "<", gt: ">" })[name] ?? "");
}

/** Every URL an HTML document refers to: href and src, and each candidate of a srcset. */
function linksOf(html: string): string[] {
  const links: string[] = [];
  for (const [whole, value] of html.matchAll(ATTRIBUTE)) {
    const decoded = decodeEntities(value);
    if (/srcset=/.test(whole))
      links.push(
        ...decoded
          .split(",")
          .map((candidate) => candidate.trim().split(/\s+/)[0])
          .filter(Boolean),
      );
    else links.push(decoded);
  }
  return links;
}

function idsOf(html: string): Set<string> {
  return new Set([...html.matchAll(ID)].map((match) => decodeEntities(match[1])));
}

/** The dist-relative file a static host serves for a site path: the file, its index.html, or path.html. */
function servedFile(files: Set<string>, path: string): string | null {
  const bare = path.replace(/^\/+/, "").replace(/\/+$/, "");
  for (const candidate of [bare, bare ? `${bare}/index.html` : "index.html", `${bare}.html`]) {
    if (files.has(candidate)) return candidate;
  }
  return null;
}

/**
 * Checks each page's internal links against the files the build wrote and the ids in its pages.
 * `siteUrl` addresses (canonical, social images) are checked as the paths they name.
 */
function brokenLinks(pages: HtmlFile[], files: Set<string>, siteUrl: string, readPage: (file: string) => string): BrokenLink[] {
  const ids = new Map<string, Set<string>>();
  const idsIn = (file: string) => {
    const found = ids.get(file) ?? idsOf(readPage(file));
    ids.set(file, found);
    return found;
  };
  const broken: BrokenLink[] = [];
  for (const page of pages) {
    const base = new URL(page.file.replace(/(^|\/)index\.html$/, "$1"), "http://site/");
    ids.set(page.file, idsOf(page.html));
    for (const link of new Set(linksOf(page.html))) {
      const local = siteUrl && (link === siteUrl || link.startsWith(`${siteUrl}/`)) ? link.slice(siteUrl.length) || "/" : link;
      if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(local) || local === "#") continue;
      const url = new URL(local, base);
      const report = (reason: string) => broken.push({ page: `/${page.file.replace(/(^|\/)index\.html$/, "")}`, link, reason });
      let path: string;
      try {
        path = decodeURIComponent(url.pathname);
      } catch {
        report("is not a valid address");
        continue;
      }
      const target = servedFile(files, path);
      if (!target) {
        report(`${path} does not exist`);
        continue;
      }
      const fragment = decodeURIComponent(url.hash.slice(1));
      if (fragment && target.endsWith(".html") && !idsIn(target).has(fragment)) report(`${path} has no element with id="${fragment}"`);
    }
  }
  return broken;
}

/** Throws a message naming each problem and its fix. `validators`: html-validate threads already started. */
export async function verifyBuild(outDir: string, pages: HtmlFile[], siteUrl: string, validators?: Validators): Promise<void> {
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  const files = new Set(entries.filter((entry) => entry.isFile()).map((entry) => relative(outDir, join(entry.parentPath ?? entry.path, entry.name))));
  const written = new Map(pages.map((page) => [page.file, page.html]));
  const broken = brokenLinks(pages, files, siteUrl, (file) => written.get(file) ?? readFileSync(`${outDir}/${file}`, "utf8"));
  const invalid = await validatePages(pages, validators);
  const problems: string[] = [];
  if (invalid.length) problems.push(`Invalid HTML (fix the page or component that writes it):\n${invalid.join("\n")}`);
  if (broken.length) {
    problems.push(`Broken links (fix the href, the id, or add the file):\n${broken.map((b) => `  ${b.page}: "${b.link}": ${b.reason}`).join("\n")}`);
  }
  if (problems.length) throw new Error(problems.join("\n"));
}
