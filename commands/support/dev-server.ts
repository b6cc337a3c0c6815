// `npm run dev` as a developer runs it, in a project copy: started, read, and stopped.
import { type ChildProcess, spawn } from "node:child_process";
import { renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { copyEnv } from "./project-copy.ts";

export interface DevServer {
  origin: string;
  /** Everything the server printed so far. */
  output: () => string;
  /** Resolves once the output matches, counting only what was printed after `from` characters. */
  waitForOutput: (pattern: RegExp, from?: number, timeoutMs?: number) => Promise<void>;
  stop: () => Promise<void>;
}

/** `env`: more of the server's environment (a test's). */
export async function startDevServer(dir: string, { timeoutMs = 60_000, env = {} }: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {}): Promise<DevServer> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "commands/dev.ts"], {
    cwd: dir,
    env: copyEnv(dir, { PORT: "0", OUT_DIR: "dist", ...env }),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  const waitForOutput = async (pattern: RegExp, from = 0, limit = 10_000) => {
    const started = Date.now();
    while (!pattern.test(output.slice(from))) {
      if (child.exitCode !== null) throw new Error(`the dev server exited (${child.exitCode}):\n${output}`);
      if (Date.now() - started > limit) throw new Error(`no ${pattern} from the dev server within ${limit} ms:\n${output.slice(-3000)}`);
      await new Promise((done) => setTimeout(done, 10));
    }
  };
  await waitForOutput(/built the whole site/, 0, timeoutMs);
  const origin = /Dev server at (http:\/\/127\.0\.0\.1:\d+)\//.exec(output)?.[1];
  if (!origin) throw new Error(`the dev server printed no address:\n${output}`);
  return {
    origin,
    output: () => output,
    waitForOutput,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once("exit", done));
      // The supervisor, its server child and the server's type check are one process group: all of
      // it is gone before this resolves, so nothing writes into a project copy about to be removed.
      const group = -(child.pid as number);
      process.kill(group, "SIGTERM");
      await exited;
      const deadline = Date.now() + 5000;
      while (groupAlive(group) && Date.now() < deadline + 1000) {
        if (Date.now() > deadline) process.kill(group, "SIGKILL");
        await new Promise((done) => setTimeout(done, 10));
      }
    },
  };
}

function groupAlive(group: number): boolean {
  try {
    process.kill(group, 0);
    return true;
  } catch {
    return false;
  }
}

/** Saves as many editors do: write a temporary file beside it, then rename it over the original. */
export function saveByRename(dir: string, file: string, text: string): void {
  const temporary = join(dir, `${file}.tmp.${process.pid}`);
  writeFileSync(temporary, text);
  renameSync(temporary, join(dir, file));
}

/** Saves in place, as `>` in a shell does. */
export function saveInPlace(dir: string, file: string, text: string): void {
  writeFileSync(join(dir, file), text);
}
