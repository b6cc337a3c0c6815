// Renders every page's body, or reuses it when nothing it is made from has changed: its source files
// (the page, what it imports, what the renderer imports, by content), the site data and React's
// version. Bodies go to .cache/rendered/ as they are made, and a build reads each back when it writes
// that page, so a large site's bodies are never all held; the dev server keeps them in memory across
// saves, so a save renders only the pages it touched. Each route's last key and islands are kept too
// (a build's in its output folder's record), so a page whose key is unchanged is not even read back
// unless its document has to be printed again. A build removes the bodies no output folder's record
// names any more, and the records of output folders that are gone.
import { existsSync, readFileSync } from "node:fs";
import { mkdir, readdir, rm } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { keepRecord, outputRecord, readRecord, savedBefore } from "./build-state.ts";
import { CACHE_DIR, cacheKey, sourceKey } from "./cache.ts";
import { readIfExists, stampOf, writeWhole } from "./files.ts";
import type { LoadedPages } from "./pages.ts";
import type { Page } from "./routes.ts";

type SiteData = Parameters<LoadedPages["renderer"]["renderBody"]>[1];

/** A page's body as rendered and cached. */
interface Body {
  bodyHtml: string;
  /** The names of the islands the page uses. */
  islands: string[];
}

/** A page whose body is rendered: what the steps after rendering need, its body's HTML apart (`bodyOf`). */
export interface RenderedPage {
  page: Page;
  /** What the body is made from, hashed: the same key, the same body. */
  key: string;
  islands: string[];
}

const RENDERED_DIR = join(CACHE_DIR, "rendered");
/** Bodies written to the cache at once before rendering goes on: enough to hide a write's latency,
 * few enough that they are never many in memory. */
const WRITES_IN_FLIGHT = 64;
const cacheFile = (key: string) => join(RENDERED_DIR, `${key}.json`);

/** What a build keeps of one output folder's bodies: the folder, and each route's key and islands. */
interface RenderedRecord {
  outDir: string;
  routes: [route: string, key: string, islands: string[]][];
}

/** A route's last body: its key and islands, and (the dev server's) its HTML. */
interface KeptBody {
  key: string;
  islands: string[];
  bodyHtml?: string;
}

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
  const files = [...sources].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([file, hash]) => `${file}:${hash}`);
  return cacheKey(settings, route, JSON.stringify(props ?? null), ...files);
}

export class RenderedBodies {
  /** Each route's last settled body, by the key it was made from: its HTML too in the dev server. */
  private kept = new Map<string, KeptBody>();
  private routesRead = false;
  /** Bodies made from a file saved after the bundle began reading it: not cached under that file's new
   * content (the save's own run renders it), so held until this run has written them. */
  private unsettled = new Map<string, Body>();
  private last: { renderer: LoadedPages["renderer"]; site: SiteData } | undefined;
  /** Each source file's content hash, by its stamp when it was read, kept only for a file saved before the
   * bundle began reading it (settled): a later save then moves its time past the clock's slack, so the
   * same stamp is the same bytes. The dev server's runs then read and hash only what a save touched, not
   * the ~55 files every page is made from (1.6-3.2 ms a save). */
  private readonly hashes = new Map<string, { stamp: string; hash: string }>();

  /** `keep`: hold every body in memory across runs (the dev server); otherwise each route's key and
   * islands are kept in `outDir`'s record for the next build. */
  constructor(
    private readonly keep: boolean,
    private readonly outDir: string,
  ) {}

  /** Every page with its key and islands, and how many bodies were rendered anew rather than reused. */
  async render({ pages, renderer, templateSourcesOf, bundledAt }: LoadedPages, site: SiteData): Promise<{ pages: RenderedPage[]; rendered: number }> {
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
    await mkdir(RENDERED_DIR, { recursive: true });
    this.readRoutes();
    const result: RenderedPage[] = [];
    let writes: Promise<void>[] = [];
    for (const page of pages) {
      const sources = templateSourcesOf(page.route);
      const key = bodyKey({ settings, route: page.route, props: page.props, sources: sources.map((file) => [file, fileState(file).hash]) });
      const kept = this.kept.get(page.route);
      if (kept?.key === key) {
        result.push({ page, key, islands: kept.islands });
        continue;
      }
      const settled = sources.every((file) => fileState(file).settled);
      const stored = settled ? readIfExists(cacheFile(key)) : null;
      let body: Body;
      // An unsettled body may be older than the files its key was hashed from: its key names the
      // bundle it came from too, so that no later step (the documents' "unchanged since last
      // written") takes it for the body of those files, and the save's own run writes the page again.
      let heldKey = key;
      if (stored) body = JSON.parse(stored.toString("utf8")) as Body;
      else {
        rendered++;
        body = renderBody(renderer, page, site);
        if (settled) writes.push(writeWhole(cacheFile(key), JSON.stringify(body)));
        else {
          heldKey = `${key}:bundled-at-${bundledAt}`;
          this.unsettled.set(heldKey, body);
        }
      }
      if (settled) this.kept.set(page.route, { key, islands: body.islands, bodyHtml: this.keep ? body.bodyHtml : undefined });
      result.push({ page, key: heldKey, islands: body.islands });
      if (writes.length >= WRITES_IN_FLIGHT) {
        await Promise.all(writes);
        writes = [];
      }
    }
    await Promise.all(writes);
    const routes = new Set(pages.map((page) => page.route));
    for (const route of this.kept.keys()) if (!routes.has(route)) this.kept.delete(route);
    if (!this.keep) {
      await keepRecord(outputRecord(this.outDir, "rendered"), {
        outDir: resolve(this.outDir),
        routes: [...this.kept].map(([route, { key, islands }]) => [route, key, islands]),
      } satisfies RenderedRecord);
      await pruneBodies();
    }
    return { pages: result, rendered };
  }

  /** The body's HTML of a page the last `render` returned: kept, held, or read back from the cache
   * (rendered again if the cache lost it meanwhile). */
  bodyOf({ page, key }: RenderedPage): string {
    const kept = this.kept.get(page.route);
    if (kept?.key === key && kept.bodyHtml !== undefined) return kept.bodyHtml;
    const body = this.unsettled.get(key);
    if (body) return body.bodyHtml;
    const stored = readIfExists(cacheFile(key));
    if (stored) return (JSON.parse(stored.toString("utf8")) as Body).bodyHtml;
    if (!this.last) throw new Error(`${page.file}: asked for a body before rendering`);
    return renderBody(this.last.renderer, page, this.last.site).bodyHtml;
  }

  /** The last build's keys and islands by route (a build's first run). */
  private readRoutes(): void {
    if (this.keep || this.routesRead) return;
    this.routesRead = true;
    const routes = readRecord<RenderedRecord>(outputRecord(this.outDir, "rendered"))?.routes ?? [];
    this.kept = new Map(routes.map(([route, key, islands]) => [route, { key, islands }]));
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

/** Removes the bodies that no output folder's record names, and the records of output folders that are gone. */
async function pruneBodies(): Promise<void> {
  const named = new Set<string>();
  const records = join(CACHE_DIR, "out");
  for (const folder of await readdir(records).catch(() => [])) {
    const file = join(records, folder, "rendered.json");
    const record = readRecord<RenderedRecord>(file);
    if (record && existsSync(record.outDir)) for (const [, key] of record.routes) named.add(`${key}.json`);
    // A folder without its record yet may be another build's, starting: only a record naming a folder that is gone goes.
    else if (record) await rm(dirname(file), { recursive: true, force: true });
  }
  const bodies = await readdir(RENDERED_DIR).catch(() => []);
  // Another build's body being written (a .tmp file, renamed once whole) is left alone.
  await Promise.all(bodies.filter((file) => file.endsWith(".json") && !named.has(file)).map((file) => rm(join(RENDERED_DIR, file), { force: true })));
}
