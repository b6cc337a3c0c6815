// The type check beside the dev server (tsc, incremental, at the lowest priority, paused while a save
// is applied): its errors show in the terminal and in a corner of the page, never blocking a reload.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import { dirname, join, resolve } from "node:path";
import { CACHE_DIR } from "../../steps/cache.ts";
import type { PageChannel } from "./page-channel.ts";

/** Background checks (this one, and the dev server's verification) wait this long after an update, so the
 * page is patched before they compete for the CPU. */
export const CHECKS_AFTER_MS = 250;

/**
 * tsc's arguments for a type check, npm test's as the dev server's: incremental, sharing one record, so a
 * check after a save rechecks what the save touched. On one thread: on two cores tsc's own threads cost
 * more CPU than they save time (a whole check 2.35 CPU-s in 1.93 s against 3.35 in 2.09; after a save
 * 0.78 in 0.60 s against 1.03 in 0.59; three runs each). Packages are known by the path they are reached
 * through (node_modules/…), not by where a symlink leads: npm installs none, and a project copy, whose
 * node_modules links to the checkout's, can then take the checkout's record along, its first check
 * 0.57 CPU-s instead of 2.3 (commands/support/project-copy.ts).
 */
export const TYPE_CHECK_ARGS = [
  "--noEmit",
  "-p",
  ".",
  "--incremental",
  "--tsBuildInfoFile",
  join(CACHE_DIR, "tsc", "buildinfo"),
  "--singleThreaded",
  "--preserveSymlinks",
];

/**
 * The program that checks: TypeScript's native compiler itself. Its `tsc` script is a Node wrapper that
 * runs the compiler as a child of its own (Node 20 cannot hand its process over to it), so a pause
 * (SIGSTOP) and the dev server's last kill reached only the wrapper while the check ran on, and each
 * check paid a Node start (0.5 CPU-s in npm test). Where the native package is missing (a platform it
 * does not ship for), the script serves.
 */
export function typeCheckProgram(): string {
  const script = join("node_modules", ".bin", "tsc");
  try {
    const fromProject = createRequire(resolve("package.json"));
    const native = fromProject.resolve(`@typescript/typescript-${process.platform}-${process.arch}/package.json`);
    const program = join(dirname(native), "lib", process.platform === "win32" ? "tsc.exe" : "tsc");
    return existsSync(program) ? program : script;
  } catch {
    return script;
  }
}

/** The background type check: `schedule` after each update; `pause` and `resume` around one. */
export interface TypeChecker {
  schedule(): void;
  pause(): void;
  resume(): void;
}

/**
 * The type check runs beside the dev server: its errors are shown, never block a reload. It runs under
 * `nice -n 19` from its start, and is paused (SIGSTOP) while an update is applied: a whole check takes
 * ~2 s (it then ran over several threads), and even at the lowest priority it slowed the next save's
 * reload by a fifth, as the two cores here share more than the scheduler divides. A run is never cut
 * short: saves made meanwhile get one more run after it, so a developer who saves every second still
 * sees type errors.
 */
export function typeChecker(channel: PageChannel): TypeChecker {
  const program = typeCheckProgram();
  let child: ChildProcess | null = null;
  let stale = false;
  let timer: NodeJS.Timeout | undefined;
  // A paused check must not outlive the server: stopped by SIGSTOP, it would keep Ctrl+C's or a
  // terminate's signal pending for ever. So the server ends by exiting, which kills it.
  process.once("exit", () => child?.kill("SIGKILL"));
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.once(signal, () => process.exit(128 + os.constants.signals[signal]));

  const signal = (name: NodeJS.Signals) => {
    try {
      child?.kill(name);
    } catch {
      // Gone already, or a system without job-control signals: the check simply runs on.
    }
  };

  function check() {
    stale = false;
    const tsc = [program, ...TYPE_CHECK_ARGS];
    const start = (command: string, args: string[]) => spawn(command, args, { stdio: ["ignore", "pipe", "ignore"] });
    child = start("nice", ["-n", "19", ...tsc]);
    child.once("error", () => {
      // No `nice` on this system: run it as it is.
      child = start(tsc[0], tsc.slice(1));
      collect(child);
    });
    collect(child);

    function collect(run: ChildProcess) {
      let output = "";
      run.stdout?.on("data", (chunk: Buffer) => {
        output += chunk;
      });
      run.on("close", (code) => {
        if (run !== child || code === null) return;
        child = null;
        // Saves came meanwhile: this result may be out of date, and the next run reports.
        if (stale) {
          timer = setTimeout(check, CHECKS_AFTER_MS);
          return;
        }
        const text = code === 0 ? "" : output.trim();
        if (text) console.error(`[dev] type errors (the page still reloads):\n${text}`);
        channel.notice("Type errors", text);
      });
    }
  }

  return {
    schedule() {
      if (child) {
        stale = true;
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(check, CHECKS_AFTER_MS);
    },
    pause: () => signal("SIGSTOP"),
    resume: () => signal("SIGCONT"),
  };
}
