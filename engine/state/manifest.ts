// What a run keeps of one output folder (as Astro's incremental build): what made it (the engine hash) and, per
// route, its body's key, its document and what verifying it found. The decisions taken from it are pure.
/** Raise it when the manifest's shape changes: an older one then reads as none. */
export const MANIFEST_FORMAT = 5;

export interface EngineHash {
  format: number;
  engine: string; // build.ts and engine/
  config: string; // with the build date
  lockfile: string;
}

/** What verification read from a document, and the key of what else its validity depended on. */
export interface Verified {
  key: string;
  links: string[];
  ids: string[];
}

export interface RouteEntry {
  file: string;
  body: string | null; // the key its body was rendered under; null for a body used once
  islands: string[];
  document: { assets: string; version: string } | null;
  verified: Verified | null;
}

export type ImportGraph = Record<string, string[]>;

/** A template as traced: the files it uses, and those read but left out (half-written too) with the bytes read (-1: unknown). */
export interface Trace {
  used: string[];
  leftOut: Record<string, number>;
}

export type Traces = Record<string, Trace | null>;

export interface KeptBundle {
  key: string;
  entries: string[];
  graph: ImportGraph;
  traces: Traces; // a trace reads only files of the bundle, so it holds while the bundle does
  code: string;
}

export interface Manifest extends EngineHash {
  outDir: string; // absolute: a manifest whose folder is gone names nothing
  routes: Record<string, RouteEntry>;
  bundle: KeptBundle | null;
  blobs: string[]; // the store's blobs the run used besides the bodies
}

export const usable = (previous: Manifest | null, now: EngineHash): Manifest | null =>
  previous?.format === now.format && previous.engine === now.engine && previous.config === now.config && previous.lockfile === now.lockfile ? previous : null;

export function bodyKept(last: RouteEntry | undefined, key: string | null): last is RouteEntry {
  return key !== null && last?.body === key;
}

export function documentKept(last: RouteEntry | undefined, body: string | null, assets: string, version: string | null): last is RouteEntry {
  return bodyKept(last, body) && last.document?.assets === assets && version !== null && last.document.version === version;
}

export function verifiedKept(last: RouteEntry, key: string): Verified | null {
  return last.verified?.key === key ? last.verified : null;
}

export const bodyBlob = (key: string) => `rendered/${key}.json`;
export const bundleBlob = (code: string) => `server/${code}.cjs`;

/** Every blob these manifests name: what pruning keeps. */
export function named(manifests: Manifest[]): Set<string> {
  const names = new Set<string>();
  for (const manifest of manifests) {
    for (const blob of manifest.blobs) names.add(blob);
    if (manifest.bundle) names.add(bundleBlob(manifest.bundle.code));
    for (const entry of Object.values(manifest.routes)) if (entry.body) names.add(bodyBlob(entry.body));
  }
  return names;
}
