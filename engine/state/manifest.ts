// What a run keeps of one output folder, and every decision taken from it, as Astro's incremental build
// keeps one manifest: what made the folder (the engine, the configuration, the lockfile) and, per route,
// what its body was rendered from, what its document was written with and what verifying it found. The
// decisions are pure functions over the previous manifest and what this run finds; reading and writing
// it is engine/state/store.ts's. A manifest of another engine, configuration or lockfile is none: a full build.
import type { KeptBundle } from "./bundle-reuse.ts";

/** The manifest's own format: raise it when its shape changes (an older one then reads as none). */
export const MANIFEST_VERSION = 3;

/** What every output of the folder depends on: a change to any of it means building everything again. */
export interface Fingerprint {
  version: number;
  /** The engine's own sources, hashed (build.ts and engine/). */
  engine: string;
  /** The configuration (engine/pipeline/config.ts's, with the build date), hashed. */
  config: string;
  lockfile: string;
}

/** The links and ids verification read from a document, and what its validity depended on besides the
 * page (html-validate, its configuration, the site's address). */
export interface Verified {
  salt: string;
  links: string[];
  ids: string[];
}

export interface RouteEntry {
  /** Its document, relative to the output folder. */
  file: string;
  /** The key its body was rendered under (what it is made from), or null when a source was saved while
   * the bundle read it: such a body is used once, never kept. */
  body: string | null;
  islands: string[];
  /** What its document was written with, and the file's stamp once written. */
  document: { assets: string; stamp: string } | null;
  /** What verification found in the document at that stamp. */
  verified: Verified | null;
}

export interface Manifest extends Fingerprint {
  /** The output folder, absolute: a manifest whose folder is gone names nothing. */
  outDir: string;
  routes: Record<string, RouteEntry>;
  /** The server bundle the pages were loaded from (a build's; engine/state/bundle-reuse.ts). */
  bundle: KeptBundle | null;
  /** The store's blobs the run used besides the bodies (encoded images, cards, stylesheets, PDFs, the bundle). */
  blobs: string[];
}

/** The previous manifest, when this run may build on it; otherwise null, and everything is made again. */
export function usable(previous: Manifest | null, now: Fingerprint): Manifest | null {
  if (!previous) return null;
  const same = previous.version === now.version && previous.engine === now.engine && previous.config === now.config && previous.lockfile === now.lockfile;
  return same ? previous : null;
}

/** Whether a route's body is the one it had: the same key, which a body of unsettled sources never has. */
export function bodyKept(last: RouteEntry | undefined, key: string | null): last is RouteEntry {
  return key !== null && last?.body === key;
}

/** Whether a route's document may be left as the last run wrote it: the same body and assets, and its
 * file untouched since (`stamp`: the file's now). */
export function documentKept(last: RouteEntry | undefined, body: string | null, assets: string, stamp: string | null): last is RouteEntry {
  return bodyKept(last, body) && last.document?.assets === assets && stamp !== null && last.document.stamp === stamp;
}

/** What verification found in a document left as it was (documentKept), while the salt is the same
 * (html-validate, its configuration, the site's address). */
export function verifiedKept(last: RouteEntry, salt: string): Verified | null {
  return last.verified?.salt === salt ? last.verified : null;
}

/** The store's name of a body. */
export const bodyBlob = (key: string) => `rendered/${key}.json`;

/** The store's name of a server bundle's code. */
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
