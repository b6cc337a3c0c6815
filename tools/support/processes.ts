// The machine's processes as Linux's /proc shows them, for the bench and the tests; and a server program in a process group of its own.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

export const processIds = (): string[] => readdirSync("/proc").filter((name) => /^\d+$/.test(name));

/** The fields of /proc/<pid>/stat after the command's name: fields[0] is the state (field 3). */
export function statFields(pid: string | number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
}

export function processTree(root: number): string[] {
  const children = new Map<string, string[]>();
  for (const pid of processIds()) {
    try {
      const parent = statFields(pid)[1];
      children.set(parent, [...(children.get(parent) ?? []), pid]);
    } catch {
      // it exited while the list was read
    }
  }
  const tree = [String(root)];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}

/** To each process (a group: its leader's pid, negated), passing over one that has ended. */
export function signalEach(pids: (string | number)[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(Number(pid), signal);
    } catch {
      // ended meanwhile
    }
  }
}

export function groupAlive(group: number): boolean {
  try {
    return process.kill(group, 0);
  } catch {
    return false;
  }
}

/** `node args` in `cwd`, in a process group of its own, once its output matches `ready` within `timeoutMs`
 * (else it is stopped); `name` says which program in its errors. */
export async function startGroup(name: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, ready: RegExp, timeoutMs: number) {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const group = -(child.pid as number);
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const sleep = () => new Promise((done) => setTimeout(done, 10));
  const started = {
    output: () => output,
    /** Once the output printed after its first `from` characters matches. */
    waitForOutput: async (pattern: RegExp, from = 0, limit = 10_000) => {
      for (const since = Date.now(); !pattern.test(output.slice(from)); await sleep()) {
        if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${output}`);
        if (Date.now() - since > limit) throw new Error(`no ${pattern} from ${name} within ${limit} ms:\n${output.slice(-3000)}`);
      }
    },
    /** All gone before this resolves (nothing writes into a folder about to be removed); killed after 5 s. */
    stop: async () => {
      if (child.exitCode !== null) return;
      signalEach([group], "SIGTERM");
      for (const deadline = Date.now() + 5000; groupAlive(group) && Date.now() < deadline + 1000; await sleep()) {
        if (Date.now() > deadline) signalEach([group], "SIGKILL");
      }
    },
  };
  await started.waitForOutput(ready, 0, timeoutMs).catch(async (error) => {
    await started.stop();
    throw error;
  });
  return started;
}
