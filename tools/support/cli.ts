// What the tools run as commands share: whether a module is the one being run, and the last build they read.
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { readConfig } from "../../engine/pipeline/config.ts";
import { type IslandManifest, MANIFEST_FILE } from "../../engine/pipeline/islands.ts";

/** True when the module at `moduleUrl` is the command being run (works through spaces and symlinks). */
export function isCommand(moduleUrl: string): boolean {
  const script = process.argv[1];
  return Boolean(script) && pathToFileURL(realpathSync(script)).href === moduleUrl;
}

/** The output folder and the manifest of the last build in it; exits when there is none. */
export function lastBuild(): { outDir: string; manifest: IslandManifest } {
  const { outDir } = readConfig();
  const manifestPath = join(outDir, MANIFEST_FILE);
  if (!existsSync(manifestPath)) {
    console.error(`${manifestPath} not found: run npm run build first.`);
    process.exit(1);
  }
  return { outDir, manifest: JSON.parse(readFileSync(manifestPath, "utf8")) as IslandManifest };
}
