// The machine's processes as Linux's /proc shows them: for the bench's figures, and for tests that
// must know what a program started.
import { readdirSync, readFileSync } from "node:fs";

/** The id of every process running now. */
export const processIds = (): string[] => readdirSync("/proc").filter((name) => /^\d+$/.test(name));

/** The fields of /proc/<pid>/stat after the command's name, so fields[0] is the state (field 3). */
export function statFields(pid: string | number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
}

/** The process and everything it started, found by parent in /proc. */
export function processTree(root: number): string[] {
  const children = new Map<string, string[]>();
  for (const pid of processIds()) {
    try {
      const parent = statFields(pid)[1];
      children.set(parent, [...(children.get(parent) ?? []), pid]);
    } catch {
      // It exited while the list was read.
    }
  }
  const tree = [String(root)];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}

/** The processes whose environment sets `name` to `value`. The programs run in a project copy have its own
 * TMPDIR and pass it on to every process they start: what a build left running is found by it after the
 * build has exited, when /proc no longer names the build as its parent. */
export function processesWithEnv(name: string, value: string): string[] {
  const entry = `${name}=${value}`;
  return processIds().filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(entry);
    } catch {
      // It exited while the list was read, or is not ours to read.
      return false;
    }
  });
}

/** Sends the signal to each process; one that has ended meanwhile is passed over. */
export function signalEach(pids: (string | number)[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(Number(pid), signal);
    } catch {
      // Ended meanwhile.
    }
  }
}
