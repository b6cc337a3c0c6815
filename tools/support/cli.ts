// What the tools run as commands share: whether a module is the one being run, and the last build they read.
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { readConfig } from "../../engine/pipeline/config.ts";
import { PAGE_SCRIPTS_FILE, type PageScripts } from "../../engine/pipeline/islands.ts";

export const isCommand = (moduleUrl: string) => Boolean(process.argv[1]) && pathToFileURL(realpathSync(process.argv[1])).href === moduleUrl;

export function lastBuild(): { outDir: string; scripts: PageScripts } {
  const { outDir } = readConfig();
  const scriptsPath = join(outDir, PAGE_SCRIPTS_FILE);
  if (!existsSync(scriptsPath)) {
    console.error(`${scriptsPath} not found: run npm run build first.`);
    process.exit(1);
  }
  return { outDir, scripts: JSON.parse(readFileSync(scriptsPath, "utf8")) as PageScripts };
}
