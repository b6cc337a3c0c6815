// Every page is valid HTML and every internal link, image, PDF and #anchor resolves. A page's links and ids go
// in the manifest: a page left untouched is not read again, yet its links are checked against the new build.
import { readFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join, relative } from "node:path";
import { performance } from "node:perf_hooks";
import type { Unpublished } from "../content/modules.ts";
import { keyOf } from "../state/key.ts";
import { type RouteEntry, type Verified, verifiedKept } from "../state/manifest.ts";
import { readHtml } from "./html-reader.mjs";
import { PageValidation, type ValidatorThread } from "./validate.ts";

/** Every URL a page refers to (href, src, each candidate of a srcset), and its ids. */
function linksAndIds(html: string): { links: string[]; ids: string[] } {
  const links: string[] = [];
  const ids: string[] = [];
  readHtml(html, {
    tag: (_, attributes) => {
      for (const { name, value } of attributes) {
        if (name === "href" || name === "src") links.push(value);
        else if (name === "id") ids.push(value);
        else if (name === "srcset" || name === "imagesrcset") links.push(...value.split(",").flatMap((candidate) => candidate.trim().split(/\s+/)[0] || []));
      }
    },
  });
  return { links, ids };
}

/** The dist-relative file a static host serves for a site path: the file, its index.html, or path.html. */
function servedFile(files: Set<string>, path: string): string | null {
  const bare = path.replace(/^\/+/, "").replace(/\/+$/, "");
  return [bare, bare ? `${bare}/index.html` : "index.html", `${bare}.html`].find((candidate) => files.has(candidate)) ?? null;
}

/** Verifies pages as they are written and once all is on disk: only their links and ids are held. */
export class Verification {
  private readonly validation: PageValidation;
  private readonly linksByFile = new Map<string, { page: string; links: string[] }>();
  private readonly ids = new Map<string, Set<string>>();
  /** One copy of each link and id text: a slice of its page would keep the page alive. */
  private readonly texts = new Map<string, string>();
  private firstPageAt: number | undefined;
  private linksMs = 0;
  private readonly validityKey: string; // html-validate, its config, the site's address
  /** The entries the build left out, by the site paths their page and PDF would have had. */
  private readonly unpublished: Map<string, Unpublished>;

  /** `thread`: the dev server's, already started. `expected`: pages rendered anew this run. */
  constructor(
    private readonly outDir: string,
    private readonly siteUrl: string,
    thread?: ValidatorThread,
    { expected = 0, unpublished = [] as Unpublished[] } = {},
  ) {
    this.unpublished = new Map(unpublished.flatMap((entry) => [[entry.path, entry] as const, [`${entry.path}.pdf`, entry] as const]));
    this.validation = new PageValidation(thread, expected);
    this.validityKey = keyOf(this.validation.validatorKey, siteUrl);
  }

  page(file: string, html: string): Promise<void> {
    this.timed(() => {
      const { links, ids } = linksAndIds(html);
      this.record(file, [...new Set(links)].map(this.own), ids.map(this.own));
    });
    return this.validation.add({ file, html });
  }

  /** Every page has come: the rest are validated while the build writes its other files. */
  allCome = () => this.validation.startNow();

  /** A page left as an earlier build wrote it: what verifying it found then, if still valid, else read again. */
  kept(file: string, last: RouteEntry): Promise<void> {
    const verified = verifiedKept(last, this.validityKey);
    if (!verified) return this.page(file, readFileSync(join(this.outDir, file), "utf8"));
    this.timed(() => this.record(file, verified.links, verified.ids));
    return Promise.resolve();
  }

  private record(file: string, links: string[], ids: string[]): void {
    this.linksByFile.set(file, { page: `/${file.replace(/(^|\/)index\.html$/, "")}`, links });
    this.ids.set(file, new Set(ids));
  }

  private timed<T>(work: () => T): T {
    const begun = performance.now();
    this.firstPageAt ??= begun;
    const done = work();
    this.linksMs += performance.now() - begun;
    return done;
  }

  summary(): string {
    const { pages, shared, cpuMs } = this.validation.cost;
    const validated = pages
      ? `html-validate ${(cpuMs / pages).toFixed(2)} ms CPU per page over ${pages} pages (${(cpuMs / 1000).toFixed(1)} s CPU; ${shared} passed by a structure already found valid)`
      : "html-validate: every page known valid";
    const span = this.firstPageAt === undefined ? 0 : (performance.now() - this.firstPageAt) / 1000;
    return `Verified ${this.linksByFile.size} pages: ${validated}; links and ids ${(this.linksMs / 1000).toFixed(2)} s; verification ran ${span.toFixed(2)} s from the first page written`;
  }

  private readonly own = (text: string): string => {
    const kept = this.texts.get(text) ?? Buffer.from(text).toString();
    this.texts.set(kept, kept);
    return kept;
  };

  close = () => this.validation.close();

  /** What each page holds, once all are valid with their links resolving; else throws naming each problem. */
  async finish(): Promise<Map<string, Verified>> {
    const entries = await readdir(this.outDir, { recursive: true, withFileTypes: true });
    const files = new Set(entries.filter((entry) => entry.isFile()).map((entry) => relative(this.outDir, join(entry.parentPath ?? entry.path, entry.name))));
    const broken = this.timed(() => this.brokenLinks(files));
    const invalid = await this.validation.finish();
    const problems: string[] = [];
    if (invalid.length) problems.push(`Invalid HTML (fix the page or component that writes it):\n${invalid.join("\n")}`);
    if (broken.length) problems.push(`Broken links (fix the href, the id, or add the file):\n${broken.join("\n")}`);
    if (problems.length) throw new Error(problems.join("\n"));
    return new Map([...this.linksByFile].map(([file, { links }]) => [file, { key: this.validityKey, links, ids: [...this.ids.get(file)!] }]));
  }

  private idsIn(file: string): Set<string> {
    const found = this.ids.get(file) ?? new Set(linksAndIds(readFileSync(join(this.outDir, file), "utf8")).ids.map(this.own));
    this.ids.set(file, found);
    return found;
  }

  /** Each internal link (`siteUrl` ones too) against the files and ids written, once per folder linking it. */
  private brokenLinks(files: Set<string>): string[] {
    const broken: string[] = [];
    const checked = new Map<string, string | null>();
    for (const [file, { page, links }] of this.linksByFile) {
      const folder = file.slice(0, file.lastIndexOf("/") + 1);
      for (const link of links) {
        // A link to the page itself ("#top", "?a", "") resolves against the page, any other against its folder.
        const key = /^[#?]|^$/.test(link) ? `${file}\0${link}` : `${folder}\0${link}`;
        let reason = checked.get(key);
        if (reason === undefined) {
          reason = this.problemWith(link, file, files);
          checked.set(key, reason);
        }
        const left = reason ? this.unpublished.get(link.split(/[?#]/)[0]) : undefined;
        if (left) reason = `${left.file} is ${left.reason}, so no page is there: publish it, or remove the link`;
        if (reason) broken.push(`  ${page}: "${link}": ${reason}`);
      }
    }
    return broken;
  }

  private problemWith(link: string, file: string, files: Set<string>): string | null {
    const { siteUrl } = this;
    const local = siteUrl && (link === siteUrl || link.startsWith(`${siteUrl}/`)) ? link.slice(siteUrl.length) || "/" : link;
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(local) || local === "#") return null;
    const url = new URL(local, new URL(file.replace(/(^|\/)index\.html$/, "$1"), "http://site/"));
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return "is not a valid address";
    }
    const target = servedFile(files, path);
    if (!target) return `${path} does not exist`;
    const fragment = decodeURIComponent(url.hash.slice(1));
    if (fragment && target.endsWith(".html") && !this.idsIn(target).has(fragment)) return `${path} has no element with id="${fragment}"`;
    return null;
  }
}

/** The dev server's background check: gives way to a save between pages, and gives up (false) once `stale()`. */
export async function verifyWritten(outDir: string, files: string[], siteUrl: string, thread: ValidatorThread, stale: () => boolean): Promise<boolean> {
  const verification = new Verification(outDir, siteUrl, thread);
  const givenUp = () => new Promise((done) => setImmediate(done)).then(stale);
  for (const file of files) {
    if (await givenUp()) return false;
    await verification.page(file, readFileSync(join(outDir, file), "utf8"));
  }
  if (await givenUp()) return false;
  await verification.finish();
  return true;
}
