// Renders every page's body, or reuses it when nothing it is made from has changed: its source files
// (the page, what it imports, what the renderer imports, by content), the site data and React's
// version. Bodies go to the store as they are made (a build's to disk, the dev server's in memory), and
// each is fetched again when its page's document is written, so a large site's bodies are never all
// held in a build. A route whose key is the one the output folder's manifest records is not even read
// back unless its document has to be printed again.
import { readFileSync } from "node:fs";
import type { LoadedPages } from "../pipeline/pages.ts";
import type { Page } from "../pipeline/routes.ts";
import { type OutputState, savedBefore } from "./build-state.ts";
import { cacheKey, sourceKey } from "./cache.ts";
import { stampOf } from "./files.ts";
import { bodyKept } from "./manifest.ts";
import type { Body } from "./store.ts";

type SiteData = Parameters<LoadedPages["renderer"]["renderBody"]>[1];

/** A page whose body is rendered: what the steps after rendering need, its body's HTML apart (`bodyOf`). */
export interface RenderedPage {
  page: Page;
  /** What the body is made from, hashed: the same key, the same body; null for a body made from a file
   * saved while the bundle read it, which is used once and never kept (the save's own run renders it). */
  key: string | null;
  islands: string[];
}

/** Bodies written to the store at once before rendering goes on: enough to hide a write's latency,
 * few enough that they are never many in memory. */
const WRITES_IN_FLIGHT = 64;

/** Everything a page's body is made from. */
export interface BodyInputs {
  /** What every page renders with: React's version and the site data (settings, images, logos), hashed (settingsKey). */
  settings: string;
  route: string;
  /** A collection entry's props. */
  props?: object;
  /** Each file the body is rendered from (the entry's template, its components, content), with its content's hash. */
  sources: [file: string, hash: string][];
}

/** What every page renders with, hashed once per run. */
export function settingsKey(react: string, site: unknown): string {
  return cacheKey(react, JSON.stringify(site));
}

/** A body's key: the same key, the same body. */
export function bodyKey({ settings, route, props, sources }: BodyInputs): string {
  return keyOf(settings, route, props, sourcesKey(sources));
}

/** The sources of a body, hashed in one: every entry of a collection shares them, so a run hashes them
 * once per template, not once per page. */
function sourcesKey(sources: [file: string, hash: string][]): string {
  const files = [...sources].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([file, hash]) => `${file}:${hash}`);
  return cacheKey(...files);
}

const keyOf = (settings: string, route: string, props: object | undefined, sources: string) =>
  cacheKey(settings, route, JSON.stringify(props ?? null), sources);

export class RenderedBodies {
  /** Bodies made from a file saved after the bundle began reading it, by route: held until this run has written them. */
  private unsettled = new Map<string, Body>();
  private last: { renderer: LoadedPages["renderer"]; site: SiteData } | undefined;
  /** Each source file's content hash, by its stamp when it was read, kept only for a file saved before the
   * bundle began reading it (settled): a later save then moves its time past the clock's slack, so the
   * same stamp is the same bytes. The dev server's runs then read and hash only what a save touched, not
   * the ~55 files every page is made from (1.6-3.2 ms a save). */
  private readonly hashes = new Map<string, { stamp: string; hash: string }>();

  constructor(private readonly state: OutputState) {}

  /** Every page with its key and islands, and how many bodies were rendered anew rather than reused. */
  async render(
    { pages, renderer, templateSourcesOf, templateLeftOutOf, bundledAt, stampsAtStart }: LoadedPages,
    site: SiteData,
  ): Promise<{ pages: RenderedPage[]; rendered: number }> {
    const { state } = this;
    const { store } = state;
    this.last = { renderer, site };
    this.unsettled = new Map();
    let rendered = 0;
    // A file saved after the bundle began reading may be newer than what the bundle was made from: a
    // body made now is used, but not kept under that file's new content (the save's own run renders it).
    const files = new Map<string, { hash: string; settled: boolean }>();
    const fileState = (file: string) => {
      let known = files.get(file);
      if (!known) {
        // The stamp before the bytes, and whether they settled after: a save in between is not kept.
        const stamp = stampOf(file);
        const hashed = this.hashes.get(file);
        if (stamp !== null && hashed?.stamp === stamp) known = { hash: hashed.hash, settled: true };
        else {
          known = { hash: sourceKey(file), settled: savedBefore(file, bundledAt) };
          if (known.settled && stamp !== null) this.hashes.set(file, { stamp, hash: known.hash });
        }
        files.set(file, known);
      }
      return known;
    };
    const settings = settingsKey(JSON.parse(readFileSync("node_modules/react-dom/package.json", "utf8")).version as string, site);
    /** A file the template's trace left out was read by the trace as the bundle read it: saved before the
     * bundle began, or unchanged since it began and holding as many bytes as the trace read (one read
     * half-written, emptied by an editor saving in place, had fewer; any write after the bundle began,
     * the next save's included, changed its stamp). Just saved, with bytes unknown (a plugin made its
     * module), it is not known to. */
    const readWhole = ([file, bytes]: [string, number]) => {
      try {
        if (savedBefore(file, bundledAt)) return true;
        const now = stampOf(file);
        return now !== null && now === stampsAtStart[file] && now.startsWith(`${bytes}:`);
      } catch {
        return false; // gone since
      }
    };
    /** Each list of sources (a template's, shared by its entries): whether every file settled (and every
     * file its trace left out was read whole, `leftOut`), and their key. */
    const lists = new Map<readonly string[], string | null>();
    const sourcesKeyOf = (sources: readonly string[], leftOut: Readonly<Record<string, number>>) => {
      if (!lists.has(sources)) {
        const settled = sources.every((file) => fileState(file).settled) && Object.entries(leftOut).every(readWhole);
        lists.set(sources, settled ? sourcesKey(sources.map((file): [string, string] => [file, fileState(file).hash])) : null);
      }
      return lists.get(sources) as string | null;
    };
    const result: RenderedPage[] = [];
    let writes: Promise<void>[] = [];
    for (const page of pages) {
      const { route } = page;
      const sources = sourcesKeyOf(templateSourcesOf(route), templateLeftOutOf(route));
      const key = sources === null ? null : keyOf(settings, route, page.props, sources);
      const last = state.last(route);
      let islands: string[];
      if (bodyKept(last, key)) islands = last.islands;
      else {
        let body = key === null ? null : store.body(key);
        if (!body) {
          rendered++;
          body = renderBody(renderer, page, site);
          if (key === null) this.unsettled.set(route, body);
          else writes.push(store.keepBody(key, body));
        }
        islands = body.islands;
      }
      result.push({ page, key, islands });
      if (writes.length >= WRITES_IN_FLIGHT) {
        await Promise.all(writes);
        writes = [];
      }
    }
    await Promise.all(writes);
    return { pages: result, rendered };
  }

  /** The body's HTML of a page the last `render` returned: held, or fetched from the store (rendered
   * again if the store lost it meanwhile). */
  bodyOf({ page, key }: RenderedPage): string {
    const body = key === null ? this.unsettled.get(page.route) : this.state.store.body(key);
    if (body) return body.bodyHtml;
    if (!this.last) throw new Error(`${page.file}: asked for a body before rendering`);
    return renderBody(this.last.renderer, page, this.last.site).bodyHtml;
  }
}

function renderBody(renderer: LoadedPages["renderer"], page: Page, site: SiteData): Body {
  try {
    const { bodyHtml, islands } = renderer.renderBody(page, site);
    return { bodyHtml, islands };
  } catch (error) {
    throw new Error(`${page.file}: rendering failed: ${(error as Error).message}`, { cause: error });
  }
}
