// esbuild, started at its first use: a build that bundles nothing (its kept page bundle and islands reused)
// never loads it (~25 ms of each such build's start). Its version, which keys what it made, is read from
// its package alone.
import { createRequire } from "node:module";

type Esbuild = typeof import("esbuild");

export const esbuildVersion: string = createRequire(import.meta.url)("esbuild/package.json").version;

let loading: Promise<Esbuild> | undefined;

/** esbuild's API, loaded once. */
export function loadEsbuild(): Promise<Esbuild> {
  loading ??= import("esbuild");
  return loading;
}

/** Ends esbuild's process (~35 MB) while a build has nothing for it to bundle; the next bundle starts it
 * again. Only where no esbuild call or context is live in this process: esbuild leaves those hanging, so
 * the dev server, whose contexts stay warm, never calls it. */
export async function stopEsbuild(): Promise<void> {
  if (loading) (await loading).stop();
}
