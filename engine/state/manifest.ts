// What a run keeps of one output folder, and every decision taken from it, as Astro's incremental build
// keeps one manifest: what made the folder (the engine hash) and, per route, what its body was rendered
// from, what its document was written with and what verifying it found. The decisions are pure functions
// over the previous manifest and what this run finds; reading and writing it is engine/state/store.ts's.
// A manifest of another engine, configuration or lockfile is none: a full build.

/** The manifest's own format: raise it when its shape changes (an older one then reads as none). */
export const MANIFEST_FORMAT = 4;

/** What every output of the folder depends on: a change to any of it means building everything again. */
export interface EngineHash {
  format: number;
  /** The engine's own sources, keyed (build.ts and engine/). */
  engine: string;
  /** The configuration (engine/pipeline/config.ts's, with the build date), keyed. */
  config: string;
  lockfile: string;
}

/** The links and ids verification read from a document, and the key of what its validity depended on
 * besides the page (html-validate, its configuration, the site's address). */
export interface Verified {
  key: string;
  links: string[];
  ids: string[];
}

export interface RouteEntry {
  /** Its document, relative to the output folder. */
  file: string;
  /** The key its body was rendered under, or null when a source was saved while the bundle read it: such
   * a body is used once, never kept. */
  body: string | null;
  islands: string[];
  /** What its document was written with, and the file's version once written. */
  document: { assets: string; version: string } | null;
  /** What verification found in the document at that version. */
  verified: Verified | null;
}

/** Each file in the page bundle (relative to the root) and the project files it imports. */
export type ImportGraph = Record<string, string[]>;

/** A collection's template as traced (engine/pipeline/page-sources.ts): the files its component and meta
 * use, and those the trace read and left out, with how many bytes it read of each (-1: a plugin's,
 * unknown). A file read half-written is left out although the bundle may use it. */
export interface Trace {
  used: string[];
  leftOut: Record<string, number>;
}

/** Each collection's page file and its template's trace (null: it could not be traced). */
export type Traces = Record<string, Trace | null>;

/** A page bundle kept for the next build (engine/state/bundle-reuse.ts). */
export interface KeptBundle {
  /** The key of everything the bundle was made from. */
  key: string;
  /** The page files its entry was made from. */
  entries: string[];
  graph: ImportGraph;
  /** Each collection's template as traced with this bundle: a trace reads only files of the bundle, so it
   * holds while the bundle does. */
  traces: Traces;
  /** The key of the kept code, which names its blob. */
  code: string;
}

export interface Manifest extends EngineHash {
  /** The output folder, absolute: a manifest whose folder is gone names nothing. */
  outDir: string;
  routes: Record<string, RouteEntry>;
  /** The page bundle the pages were loaded from (a build's). */
  bundle: KeptBundle | null;
  /** The store's blobs the run used besides the bodies (encoded images, cards, stylesheets, PDFs, the bundle). */
  blobs: string[];
}

/** The previous manifest, when this run may build on it; otherwise null, and everything is made again. */
export function usable(previous: Manifest | null, now: EngineHash): Manifest | null {
  if (!previous) return null;
  const same = previous.format === now.format && previous.engine === now.engine && previous.config === now.config && previous.lockfile === now.lockfile;
  return same ? previous : null;
}

/** Whether a route's body is the one it had: the same key, which a body used once never has. */
export function bodyKept(last: RouteEntry | undefined, key: string | null): last is RouteEntry {
  return key !== null && last?.body === key;
}

/** Whether a route's document may be left as the last run wrote it: the same body and assets, and its
 * file untouched since (`version`: the file's now). */
export function documentKept(last: RouteEntry | undefined, body: string | null, assets: string, version: string | null): last is RouteEntry {
  return bodyKept(last, body) && last.document?.assets === assets && version !== null && last.document.version === version;
}

/** What verification found in a document left as it was (documentKept), while its key is the same. */
export function verifiedKept(last: RouteEntry, key: string): Verified | null {
  return last.verified?.key === key ? last.verified : null;
}

/** The store's names of a body and of a page bundle's code. */
export const bodyBlob = (key: string) => `rendered/${key}.json`;
export const bundleBlob = (code: string) => `server/${code}.cjs`;

/** Every blob these manifests name: what the store keeps when it prunes. */
export function named(manifests: Manifest[]): Set<string> {
  const names = new Set<string>();
  for (const manifest of manifests) {
    for (const blob of manifest.blobs) names.add(blob);
    if (manifest.bundle) names.add(bundleBlob(manifest.bundle.code));
    for (const entry of Object.values(manifest.routes)) if (entry.body) names.add(bodyBlob(entry.body));
  }
  return names;
}
