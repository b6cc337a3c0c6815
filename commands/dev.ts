// npm run dev: the build's own pipeline kept warm, serving the site and running again on each save (engine/dev/server.ts).
// The server runs in a child process, started afresh when the build's own code or settings change.
import { spawn } from "node:child_process";

const RESTART = 75; // the exit code with which the server asks for a fresh process

function supervise(): void {
  const env = { ...process.env, DEV_SERVER_CHILD: "1" };
  spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { stdio: "inherit", env }).on("exit", (code, signal) => {
    if (code === RESTART) supervise();
    else process.exit(code ?? (signal ? 1 : 0));
  });
}

// The supervisor loads nothing of the server (the engine, esbuild: ~0.4 s and 30 MB before the child starts).
if (process.env.DEV_SERVER_CHILD === "1") (await import("../engine/dev/server.ts")).startServer(RESTART);
else supervise();
