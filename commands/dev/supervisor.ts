// The dev server's supervisor: runs the server in a child process and starts a fresh one when the
// build's own code or settings change (the child exits with RESTART).
import { spawn } from "node:child_process";

/** The exit code that asks the supervisor for a fresh process. */
export const RESTART = 75;

/** Whether this process is the server the supervisor started. */
export const isServer = () => process.env.DEV_SERVER_CHILD === "1";

/** The supervisor: runs the server in a child process and starts a fresh one when the build's own code changes. */
export function supervise(): void {
  const start = () => {
    const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      stdio: "inherit",
      env: { ...process.env, DEV_SERVER_CHILD: "1" },
    });
    child.on("exit", (code, signal) => {
      if (code === RESTART) start();
      else process.exit(code ?? (signal ? 1 : 0));
    });
  };
  start();
}
