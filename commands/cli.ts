import { realpathSync } from "node:fs";
import { pathToFileURL } from "node:url";

/** True when the module at `moduleUrl` is the command being run (works through spaces and symlinks). */
export function isCommand(moduleUrl: string): boolean {
  const script = process.argv[1];
  return Boolean(script) && pathToFileURL(realpathSync(script)).href === moduleUrl;
}
