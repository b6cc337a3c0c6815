// The dev server itself, run by commands/dev.ts in a child process: the warm site, with the dev client on every page.
import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { cmsKey, cmsScriptKept } from "../outputs/admin.ts";
import { serve } from "../outputs/serve.ts";
import { ConfigError, readConfig, readPaths } from "../pipeline/config.ts";
import { BUILD_SOURCES } from "../pipeline/sources.ts";
import { answerAdmin, keptCmsScript } from "./admin.ts";
import { DevSite, describe, log } from "./dev-site.ts";
import { quoted } from "./local-backend.ts";
import { PageChannel } from "./page-channel.ts";
import { typeChecker } from "./type-check.ts";
import { WATCHED, watchSaves } from "./watcher.ts";

// React's production build, as the build bundles it: the development build renders several times slower.
process.env.NODE_ENV ??= "production";
const CLIENT_PATH = "/__dev/client.js";
const EVENTS_PATH = "/__dev/events";
const restarts = (file: string) => file === "browser/dev-client.ts" || BUILD_SOURCES.some((source) => file === source || file.startsWith(`${source}/`));
const readByTypeCheck = (file: string) => /\.[cm]?[jt]sx?$|\.json$/.test(file);
const CLIENT_TAG = `<script type="module" async src="${CLIENT_PATH}"></script>`;
/** A page while no build has succeeded: the client puts the error over it and reloads on the fix. */
const BUILD_FAILED_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Build failed</title>${CLIENT_TAG}</head><body><h1>The site did not build</h1><p>The error is shown over this page and in the terminal; save a fix and this page reloads.</p></body></html>`;

/** Why a request for another address than the dev server's own is refused: a site whose name is made to
 * resolve to 127.0.0.1 (DNS rebinding) would otherwise read the answers as its own and post to the CMS's backend. */
function foreignHost(req: IncomingMessage): string | undefined {
  const port = req.socket.localPort;
  const host = req.headers.host?.toLowerCase() ?? "";
  if (["127.0.0.1", "localhost", "[::1]"].some((name) => host === `${name}:${port}`)) return undefined;
  return `this dev server answers at http://127.0.0.1:${port}/ and http://localhost:${port}/ only, not for the address ${quoted(host, 100)}: open it at one of those (another name leading to this machine may be another site's, set to read it)`;
}

/** Exits with `restart` when the build's own code or settings (or the dev client) change. */
async function runServer(restart: number): Promise<void> {
  const { port } = readPaths();
  // The CMS's script, when not kept (after an install), is made alongside the first build, else read after it.
  if (!cmsScriptKept(cmsKey(process.cwd()))) keptCmsScript(process.cwd()).catch(() => {});
  const channel = new PageChannel();
  const config = readConfig();
  const site = new DevSite(config, channel);
  const entryPoints = [fileURLToPath(new URL("../../browser/dev-client.ts", import.meta.url))];
  const client = (await esbuild.build({ entryPoints, bundle: true, format: "esm", target: "es2022", write: false })).outputFiles[0].text;
  const server = await serve(
    config.outDir,
    port,
    (path, res, req) => {
      const foreign = foreignHost(req);
      if (foreign) res.writeHead(403, { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" }).end(`Refused: ${foreign}\n`);
      else if (answerAdmin(process.cwd(), path, req, res, () => channel.stylesheet)) return true;
      // The events of the page at /about come from /__dev/events/about.
      else if (path === EVENTS_PATH || path.startsWith(`${EVENTS_PATH}/`)) channel.attach(res, path.slice(EVENTS_PATH.length) || "/");
      else if (path === CLIENT_PATH) res.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" }).end(client);
      else if (!site.built) res.writeHead(503, { "Content-Type": "text/html; charset=utf-8" }).end(BUILD_FAILED_PAGE);
      else return site.outputWritten(path) ?? false;
      return true;
    },
    (html) => html.replace("</head>", `${CLIENT_TAG}</head>`),
  ).catch((error: Error) => {
    throw new ConfigError(`cannot listen on port ${port} (${error.message}): set PORT to a free port, e.g. PORT=4174 npm run dev`);
  });
  const { port: listening } = server.address() as AddressInfo;
  console.log(`Dev server at http://127.0.0.1:${listening}/ (watching ${WATCHED.join(", ")}; Ctrl+C to stop)`);
  const types = typeChecker(channel);
  let pending = new Set<string>();
  let busy = false;
  let timer: NodeJS.Timeout | undefined;
  // One update at a time; saves that arrive meanwhile (even during the first build) make the next one.
  const flush = async (first = false) => {
    if (busy) return;
    busy = true;
    while (first || pending.size) {
      const files = [...pending];
      pending = new Set();
      if (files.some(restarts)) {
        log(`${describe(files)}the build's own code or settings changed: restarting`);
        process.exit(restart);
      }
      types.pause();
      await site.update(files);
      types.resume();
      // A save of a style, the art or a public file changes nothing tsc reads: no check (~0.8 CPU-s) for it.
      if (first || files.some(readByTypeCheck)) types.schedule();
      first = false;
    }
    busy = false;
  };
  watchSaves((file) => {
    pending.add(file);
    if (!busy && pending.size === 1) site.previewSave(file);
    // Saves that land together (a formatter touching many files) are one update; and a save in place is
    // reported at its first change, the file emptied: these 2 ms let its bytes land.
    clearTimeout(timer);
    timer = setTimeout(flush, 2);
  });
  await flush(true);
  keptCmsScript(process.cwd()).catch(() => {});
}

export function startServer(restart: number): void {
  runServer(restart).catch((error: Error) => {
    console.error(error instanceof ConfigError ? `Dev server: ${error.message}` : `Dev server failed: ${error.stack ?? error.message}`);
    process.exit(1);
  });
}
