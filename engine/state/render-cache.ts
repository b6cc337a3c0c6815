// Renders every page's body, or reuses it while its source files, the site data and React's version are the
// same. Bodies go to the store as they are made and are fetched again when their document is written.
import { readFileSync } from "node:fs";
import type { OutputState } from "./build-state.ts";
import { contentKey, wholeVersion } from "./files.ts";
import { keyOf } from "./key.ts";
import { bodyKept } from "./manifest.ts";
import type { Body } from "./store.ts";

interface PageLike {
  file: string;
  route: string;
  props?: object;
}

/** The loaded pages as rendering reads them (pages.ts's LoadedPages). */
export interface Loaded<P extends PageLike, Site> {
  pages: P[];
  renderer: { renderBody(page: P, site: Site): Body };
  templateSourcesOf(route: string): readonly string[];
  templateLeftOutOf(route: string): Readonly<Record<string, number>>;
  bundledAt: number;
  versionsAtStart: Readonly<Record<string, string>>;
}

export interface RenderedPage<P> {
  page: P;
  key: string | null; // null: made from a file saved while the bundle read it, so used once
  islands: string[];
}

/** Bodies written at once: enough to hide a write's latency, few enough not to weigh. */
const WRITES_IN_FLIGHT = 64;

export const settingsKey = (react: string, site: unknown): string => keyOf(react, JSON.stringify(site));

export function sourcesKey(sources: [file: string, key: string][]): string {
  return keyOf(...[...sources].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([file, key]) => `${file}:${key}`));
}

export const bodyKey = (settings: string, route: string, props: object | undefined, sources: string): string =>
  keyOf(settings, route, JSON.stringify(props ?? null), sources);

export class RenderedBodies<P extends PageLike, Site> {
  /** Bodies used once, by route: held until this run has written them. */
  private once = new Map<string, Body>();
  private last: { renderer: Loaded<P, Site>["renderer"]; site: Site } | undefined;

  constructor(private readonly state: OutputState) {}

  async render(
    { pages, renderer, templateSourcesOf, templateLeftOutOf, bundledAt, versionsAtStart }: Loaded<P, Site>,
    site: Site,
  ): Promise<{ pages: RenderedPage<P>[]; rendered: number }> {
    const { state } = this;
    this.last = { renderer, site };
    this.once = new Map();
    let rendered = 0;
    const settings = settingsKey(JSON.parse(readFileSync("node_modules/react-dom/package.json", "utf8")).version as string, site);
    /** A template's sources' key; null unless read whole (checked after the keys are read: a save since then fails it). */
    const lists = new Map<readonly string[], string | null>();
    const sourcesKeyOf = (sources: readonly string[], leftOut: Readonly<Record<string, number>>) => {
      if (!lists.has(sources)) {
        const keys = sources.map((file): [string, string] => [file, contentKey(file)]);
        const whole =
          sources.every((file) => wholeVersion(file, bundledAt) !== null) &&
          Object.entries(leftOut).every(([file, bytes]) => wholeVersion(file, bundledAt, { version: versionsAtStart[file], bytes }) !== null);
        lists.set(sources, whole ? sourcesKey(keys) : null);
      }
      return lists.get(sources) as string | null;
    };
    const result: RenderedPage<P>[] = [];
    const writes: Promise<void>[] = [];
    for (const page of pages) {
      const { route } = page;
      const sources = sourcesKeyOf(templateSourcesOf(route), templateLeftOutOf(route));
      const key = sources === null ? null : bodyKey(settings, route, page.props, sources);
      const last = state.last(route);
      let islands = bodyKept(last, key) ? last.islands : key === null ? undefined : state.store.body(key)?.islands;
      if (!islands) {
        rendered++;
        const body = renderBody(renderer, page, site);
        if (key === null) this.once.set(route, body);
        else writes.push(state.store.keepBody(key, body));
        islands = body.islands;
      }
      result.push({ page, key, islands });
      if (writes.length >= WRITES_IN_FLIGHT) await Promise.all(writes.splice(0));
    }
    await Promise.all(writes);
    return { pages: result, rendered };
  }

  bodyOf({ page, key }: RenderedPage<P>): string {
    const body = key === null ? this.once.get(page.route) : this.state.store.body(key);
    return (body ?? renderBody(this.last!.renderer, page, this.last!.site)).bodyHtml;
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
