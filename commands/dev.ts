// npm run dev: one warm process that runs the build's own pipeline (build.ts) once, serves the site,
// and on every save runs it again, so only the steps the save feeds do work: a page, component or
// content save is patched into the open page in place (no reload: scroll, focus and what was typed
// stay); a style save swaps the stylesheet in place; a save to the islands' code reloads the page; an
// error shows over the page and the next good save clears it. Verification and the type check follow
// in the background. The server runs in a child process, started afresh when the build's own code or
// settings change (engine/dev/server.ts; its parts beside it: the watcher, the warm site, the page channel, the type check).
import { spawn } from "node:child_process";

/** The exit code with which the server asks for a fresh process. */
const RESTART = 75;

/** Runs the server in a child process, and a fresh one whenever it exits with RESTART. */
function supervise(): void {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
    env: { ...process.env, DEV_SERVER_CHILD: "1" },
  });
  child.on("exit", (code, signal) => {
    if (code === RESTART) supervise();
    else process.exit(code ?? (signal ? 1 : 0));
  });
}

// The supervisor loads nothing of the server (the engine, esbuild: ~0.4 s and 30 MB before the child starts).
if (process.env.DEV_SERVER_CHILD === "1") (await import("../engine/dev/server.ts")).startServer(RESTART);
else supervise();
