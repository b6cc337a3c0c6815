// The type check beside the dev server, at the lowest priority and paused while a save is applied (even so, it
// slowed the next reload by a fifth): its errors show in the terminal and on the page, never blocking a reload.
import { type ChildProcess, execFile } from "node:child_process";
import { createRequire } from "node:module";
import os from "node:os";
import { dirname, join, resolve } from "node:path";
import { CACHE_DIR } from "../state/store.ts";
import type { PageChannel } from "./page-channel.ts";

/** Background checks (this one, the verification) wait this long after an update: the page is patched first. */
export const CHECKS_AFTER_MS = 250;

/** npm test's too, sharing one incremental record. One thread: on two cores tsc's threads cost more CPU than they
 * save time. Symlinks kept: a project copy, whose node_modules links to the checkout's, takes the checkout's record. */
export const TYPE_CHECK_ARGS = ["--noEmit", "--incremental", "--tsBuildInfoFile", join(CACHE_DIR, "tsc/buildinfo"), "--singleThreaded", "--preserveSymlinks"];

/** TypeScript's native compiler itself, not its `tsc` script, a Node wrapper that a pause or a kill would reach
 * alone; the script where the native package is missing (a platform it does not ship for). */
export function typeCheckProgram(): string {
  try {
    const native = createRequire(resolve("package.json")).resolve(`@typescript/typescript-${process.platform}-${process.arch}/package.json`);
    return join(dirname(native), "lib", "tsc");
  } catch {
    return join("node_modules", ".bin", "tsc");
  }
}

/** `schedule` after each update, `pause` and `resume` around one. A run is never cut short: saves made meanwhile
 * get one more run after it, so a developer who saves every second still sees type errors. */
export function typeChecker(channel: PageChannel) {
  const program = typeCheckProgram();
  let child: ChildProcess | null = null;
  let stale = false;
  let timer: NodeJS.Timeout | undefined;
  // A check stopped by SIGSTOP would hold Ctrl+C's signal pending for ever: the server ends by exiting, which kills it.
  process.once("exit", () => child?.kill("SIGKILL"));
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.once(signal, () => process.exit(128 + os.constants.signals[signal]));
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(check, CHECKS_AFTER_MS);
  };

  function check() {
    stale = false;
    child = execFile("nice", ["-n", "19", program, ...TYPE_CHECK_ARGS], { maxBuffer: 64 * 1024 * 1024 }, (error, output) => {
      if (error?.signal) return;
      child = null;
      // Saves came meanwhile: this result may be out of date, and the next run reports.
      if (stale) return later();
      channel.notice("Type errors", error ? output.trim() : "");
    });
  }

  return {
    schedule() {
      if (child) stale = true;
      else later();
    },
    pause: () => child?.kill("SIGSTOP"),
    resume: () => child?.kill("SIGCONT"),
  };
}
