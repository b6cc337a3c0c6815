// esbuild, started at its first use: a build that bundles nothing never loads it (~25 ms of its start).
import { createRequire } from "node:module";

export const esbuildVersion: string = createRequire(import.meta.url)("esbuild/package.json").version;

let loading: Promise<typeof import("esbuild")> | undefined;

export const loadEsbuild = () => (loading ??= import("esbuild"));

/** Ends esbuild's process (~35 MB) until the next bundle; never in the dev server, whose contexts it would hang. */
export async function stopEsbuild(): Promise<void> {
  if (loading) (await loading).stop();
}
