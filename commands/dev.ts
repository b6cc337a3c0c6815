// npm run dev: build, serve, and on every change rebuild and reload the open browser page.
import { spawn } from "node:child_process";
import { watch } from "node:fs";
import type { ServerResponse } from "node:http";
import { readPaths } from "../build/config.ts";
import { serve } from "./serve.ts";

const { outDir, port } = readPaths();
const watched = ["build.ts", "build", "pages", "components", "islands", "content", "styles", "public", "art"];
const clients = new Set<ServerResponse>();

function rebuild(): Promise<boolean> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ["--import", "tsx", "build.ts"], { stdio: "inherit", env: { ...process.env, SITE_DEV: "1" } });
    child.on("exit", (code) => done(code === 0));
  });
}

async function main(): Promise<void> {
  if (!(await rebuild())) console.error("The first build failed; fix the error above and save, the dev server keeps watching.");
  await serve(outDir, port, (path, res) => {
    if (path !== "/__dev/events") return false;
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
    res.write(": connected\n\n");
    clients.add(res);
    res.on("close", () => clients.delete(res));
    return true;
  });
  console.log(`Dev server at http://127.0.0.1:${port}/ — watching ${watched.join(", ")}`);

  let timer: NodeJS.Timeout | undefined;
  let building = false;
  let again = false;
  const onChange = () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      if (building) {
        again = true;
        return;
      }
      building = true;
      const ok = await rebuild();
      building = false;
      if (ok) for (const client of clients) client.write("event: reload\ndata: now\n\n");
      if (again) {
        again = false;
        onChange();
      }
    }, 120);
  };
  for (const path of watched) watch(path, { recursive: true }, onChange);
}

main().catch((error: Error) => {
  console.error(`Dev server failed: ${error.message}`);
  process.exit(1);
});
