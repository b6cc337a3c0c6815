// `npm run dev` as a developer runs it, in a project copy: started, read, and stopped.
import { renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type ProcessGroup, startGroup } from "./processes.ts";
import { copyEnv } from "./project-copy.ts";

export interface DevServer extends ProcessGroup {
  origin: string;
}

/** `env`: more of the server's environment (a test's). */
export async function startDevServer(dir: string, { env = {} }: { env?: NodeJS.ProcessEnv } = {}): Promise<DevServer> {
  const settings = copyEnv(dir, { PORT: "0", OUT_DIR: "dist", ...env });
  const server = await startGroup("the dev server", ["--import", "tsx", "commands/dev.ts"], dir, settings, /built the whole site/, 60_000);
  const origin = /Dev server at (http:\/\/127\.0\.0\.1:\d+)\//.exec(server.output())?.[1];
  if (!origin) throw new Error(`the dev server printed no address:\n${server.output()}`);
  return { ...server, origin };
}

/** Saves as many editors do: write a temporary file beside it, then rename it over the original. */
export function saveByRename(dir: string, file: string, text: string | Uint8Array): void {
  const temporary = join(dir, `${file}.tmp.${process.pid}`);
  writeFileSync(temporary, text);
  renameSync(temporary, join(dir, file));
}

/** Saves in place, as `>` in a shell does. */
export function saveInPlace(dir: string, file: string, text: string): void {
  writeFileSync(join(dir, file), text);
}
