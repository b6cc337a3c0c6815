// `npm run dev` as a developer runs it, in a project copy (`env`: more of its environment); and saves as editors make them.
import { renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startGroup } from "./processes.ts";
import { copyEnv } from "./project-copy.ts";

export type DevServer = Awaited<ReturnType<typeof startDevServer>>;

export async function startDevServer(dir: string, { env = {} }: { env?: NodeJS.ProcessEnv } = {}) {
  const settings = copyEnv(dir, { PORT: "0", OUT_DIR: "dist", ...env });
  const server = await startGroup("the dev server", ["--import", "tsx", "commands/dev.ts"], dir, settings, /built the whole site/, 60_000);
  const origin = /Dev server at (http:\/\/127\.0\.0\.1:\d+)\//.exec(server.output())?.[1];
  if (!origin) throw new Error(`the dev server printed no address:\n${server.output()}`);
  return { ...server, origin };
}

/** As many editors save: a temporary file beside it, renamed over the original. */
export function saveByRename(dir: string, file: string, text: string | Uint8Array): void {
  writeFileSync(join(dir, `${file}.tmp.${process.pid}`), text);
  renameSync(join(dir, `${file}.tmp.${process.pid}`), join(dir, file));
}

export const saveInPlace = (dir: string, file: string, text: string) => writeFileSync(join(dir, file), text);
