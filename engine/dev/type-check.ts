// The type check beside the dev server (tsc, incremental, at the lowest priority, paused while a save
// is applied): its errors show in the terminal and in a corner of the page, never blocking a reload.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import { dirname, join, resolve } from "node:path";
import { CACHE_DIR } from "../state/store.ts";
import type { PageChannel } from "./page-channel.ts";

/** Background checks (this one, and the dev server's verification) wait this long after an update, so the
 * page is patched before they compete for the CPU. */
export const CHECKS_AFTER_MS = 250;

/** tsc's arguments, npm test's as the dev server's: incremental, sharing one record, so a check after a
 * save rechecks what the save touched. On one thread: on two cores tsc's own threads cost more CPU than
 * they save time. Symlinks preserved: a project copy, whose node_modules links to the checkout's, can
 * then take the checkout's record along (tools/support/project-copy.ts). */
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

/** The program that checks: TypeScript's native compiler itself, not its `tsc` script, a Node wrapper
 * that runs it as a child (a pause or a kill would reach only the wrapper, and each check would pay a
 * Node start). Where the native package is missing (a platform it does not ship for), the script serves. */
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

/** The background type check: `schedule` after each update; `pause` and `resume` around one. It runs
 * under `nice -n 19`, and is paused (SIGSTOP) while an update is applied: even at the lowest priority it
 * slowed the next save's reload by a fifth. A run is never cut short: saves made meanwhile get one more
 * run after it, so a developer who saves every second still sees type errors. */
export function typeChecker(channel: PageChannel) {
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
    const run = (command: string, args: string[]) => {
      const started = spawn(command, args, { stdio: ["ignore", "pipe", "ignore"] });
      child = started;
      let output = "";
      started.stdout?.on("data", (chunk: Buffer) => {
        output += chunk;
      });
      started.on("close", (code) => {
        if (started !== child || code === null) return;
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
      return started;
    };
    // No `nice` on this system: run it as it is.
    run("nice", ["-n", "19", program, ...TYPE_CHECK_ARGS]).once("error", () => run(program, TYPE_CHECK_ARGS));
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
