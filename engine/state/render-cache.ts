// Renders every page's body, or reuses it when nothing it is made from has changed: its source files
// (the page, what it imports, what the renderer imports, by content), the site data and React's
// version. Bodies go to the store as they are made (a build's to disk, the dev server's in memory), and
// each is fetched again when its page's document is written, so a large site's bodies are never all
// held in a build. A route whose key is the one the output folder's manifest records is not even read
// back unless its document has to be printed again.
import { readFileSync } from "node:fs";
import type { OutputState } from "./build-state.ts";
import { contentKey, wholeVersion } from "./files.ts";
import { keyOf } from "./key.ts";
import { bodyKept } from "./manifest.ts";
import type { Body } from "./store.ts";

/** A page as rendering knows it (engine/pipeline/routes.ts's Page). */
interface PageLike {
  file: string;
  route: string;
  /** A collection entry's props. */
  props?: object;
}

/** The loaded pages as rendering reads them: engine/pipeline/pages.ts's LoadedPages says what each is. */
export interface Loaded<P extends PageLike, Site> {
  pages: P[];
  renderer: { renderBody(page: P, site: Site): Body };
  templateSourcesOf(route: string): readonly string[];
  templateLeftOutOf(route: string): Readonly<Record<string, number>>;
  bundledAt: number;
  versionsAtStart: Readonly<Record<string, string>>;
}

/** A page whose body is rendered: what the steps after rendering need, its body's HTML apart (`bodyOf`). */
export interface RenderedPage<P> {
  page: P;
  /** The key of what the body is made from: the same key, the same body; null for a body made from a
   * file saved while the bundle read it, which is used once and never kept (the save's own run renders it). */
  key: string | null;
  islands: string[];
}

/** Bodies written to the store at once before rendering goes on: enough to hide a write's latency,
 * few enough that they are never many in memory. */
const WRITES_IN_FLIGHT = 64;

/** What every page renders with, keyed once per run: React's version and the site data. */
export const settingsKey = (react: string, site: unknown): string => keyOf(react, JSON.stringify(site));

/** The files a body is rendered from, each with its content's key, keyed in one whatever their order:
 * every entry of a collection shares them, so a run keys them once per template, not once per page. */
export function sourcesKey(sources: [file: string, key: string][]): string {
  return keyOf(...[...sources].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([file, key]) => `${file}:${key}`));
}

/** A body's key: the same key, the same body. */
export const bodyKey = (settings: string, route: string, props: object | undefined, sources: string): string =>
  keyOf(settings, route, JSON.stringify(props ?? null), sources);

export class RenderedBodies<P extends PageLike, Site> {
  /** Bodies used once (made from a file saved while the bundle read it), by route: held until this run has written them. */
  private once = new Map<string, Body>();
  private last: { renderer: Loaded<P, Site>["renderer"]; site: Site } | undefined;

  constructor(private readonly state: OutputState) {}

  /** Every page with its key and islands, and how many bodies were rendered anew rather than reused. */
  async render(
    { pages, renderer, templateSourcesOf, templateLeftOutOf, bundledAt, versionsAtStart }: Loaded<P, Site>,
    site: Site,
  ): Promise<{ pages: RenderedPage<P>[]; rendered: number }> {
    const { state } = this;
    this.last = { renderer, site };
    this.once = new Map();
    let rendered = 0;
    // A file saved after the bundle began reading may be newer than what the bundle was made from: a
    // body made now is used, but not kept under that file's new content (the save's own run renders it).
    const files = new Map<string, string | null>();
    const keyIfWhole = (file: string) => {
      if (!files.has(file)) {
        const key = contentKey(file);
        files.set(file, wholeVersion(file, bundledAt) === null ? null : key);
      }
      return files.get(file) as string | null;
    };
    const settings = settingsKey(JSON.parse(readFileSync("node_modules/react-dom/package.json", "utf8")).version as string, site);
    /** Each list of sources (a template's, shared by its entries): their key, or null unless every file and
     * every file its trace left out (`leftOut`, read as the bundle read it) was read whole. */
    const lists = new Map<readonly string[], string | null>();
    const sourcesKeyOf = (sources: readonly string[], leftOut: Readonly<Record<string, number>>) => {
      if (!lists.has(sources)) {
        const keys = sources.map((file): [string, string | null] => [file, keyIfWhole(file)]);
        const whole =
          keys.every(([, key]) => key !== null) &&
          Object.entries(leftOut).every(([file, bytes]) => wholeVersion(file, bundledAt, { version: versionsAtStart[file], bytes }) !== null);
        lists.set(sources, whole ? sourcesKey(keys as [string, string][]) : null);
      }
      return lists.get(sources) as string | null;
    };
    const result: RenderedPage<P>[] = [];
    let writes: Promise<void>[] = [];
    for (const page of pages) {
      const { route } = page;
      const sources = sourcesKeyOf(templateSourcesOf(route), templateLeftOutOf(route));
      const key = sources === null ? null : bodyKey(settings, route, page.props, sources);
      const last = state.last(route);
      let islands: string[];
      if (bodyKept(last, key)) islands = last.islands;
      else {
        let body = key === null ? null : state.store.body(key);
        if (!body) {
          rendered++;
          body = renderBody(renderer, page, site);
          if (key === null) this.once.set(route, body);
          else writes.push(state.store.keepBody(key, body));
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
  bodyOf({ page, key }: RenderedPage<P>): string {
    const body = key === null ? this.once.get(page.route) : this.state.store.body(key);
    if (body) return body.bodyHtml;
    if (!this.last) throw new Error(`${page.file}: asked for a body before rendering`);
    return renderBody(this.last.renderer, page, this.last.site).bodyHtml;
  }
}

function renderBody<P extends PageLike, Site>(renderer: Loaded<P, Site>["renderer"], page: P, site: Site): Body {
  try {
    const { bodyHtml, islands } = renderer.renderBody(page, site);
    return { bodyHtml, islands };
  } catch (error) {
    throw new Error(`${page.file}: rendering failed: ${(error as Error).message}`, { cause: error });
  }
}
