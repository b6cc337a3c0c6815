// The dev server itself (npm run dev, commands/dev.ts, runs it in a child process): the warm site, its
// page channel, the watcher and the type check, served with the dev client on every page.
import type { IncomingMessage } from "node:http";
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

// The pages' React is loaded from node_modules once and kept across saves: its production build, as
// the build bundles it (the development build renders several times slower; the markup is the same).
process.env.NODE_ENV ??= "production";

const CLIENT_PATH = "/__dev/client.js";
const EVENTS_PATH = "/__dev/events";
/** A save that restarts the server: the build's own code and settings, or the dev client. */
const restarts = (file: string) => file === "browser/dev-client.ts" || BUILD_SOURCES.some((source) => file === source || file.startsWith(`${source}/`));
/** A file tsc reads (code, or JSON the code imports): a save of one is type-checked again. */
const readByTypeCheck = (file: string) => /\.[cm]?[jt]sx?$|\.json$/.test(file);
/** The dev server's client, added to every page it serves (the files in dist/ are the build's own). */
const CLIENT_TAG = `<script type="module" async src="${CLIENT_PATH}"></script>`;
/** What a page shows while no build has succeeded yet: the client puts the error over it and reloads on the fix. */
const BUILD_FAILED_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Build failed</title>${CLIENT_TAG}</head><body><h1>The site did not build</h1><p>The error is shown over this page and in the terminal; save a fix and this page reloads.</p></body></html>`;

/** The names the dev server answers to, on the port it listens on. */
const OWN_NAMES = ["127.0.0.1", "localhost", "[::1]"];

/** Why a request for another address than the dev server's own is refused; undefined when it is for its own.
 * A site whose name is made to resolve to 127.0.0.1 (DNS rebinding) would otherwise read the answers as its
 * own and post to the CMS's backend. */
function foreignHost(req: IncomingMessage): string | undefined {
  const port = req.socket.localPort;
  const host = req.headers.host?.toLowerCase() ?? "";
  if (OWN_NAMES.some((name) => host === `${name}:${port}`)) return undefined;
  return `this dev server answers at http://127.0.0.1:${port}/ and http://localhost:${port}/ only, not for the address ${quoted(host, 100)}: open it at one of those (another name leading to this machine may be another site's, set to read it)`;
}

async function clientScript(): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(new URL("../../browser/dev-client.ts", import.meta.url))],
    bundle: true,
    format: "esm",
    target: "es2022",
    write: false,
  });
  return result.outputFiles[0].text;
}

/** Serves the site and rebuilds it on every save; exits with `restart` when the build's own code or settings change. */
async function runServer(restart: number): Promise<void> {
  const { port } = readPaths();
  // After an install (or with no .cache) the CMS's script is made now, alongside the first build: made
  // after it, it kept the first /admin/ waiting. One already kept is read after the build (below).
  if (!cmsScriptKept(cmsKey(process.cwd()))) keptCmsScript(process.cwd()).catch(() => {});
  const channel = new PageChannel();
  const config = readConfig();
  const site = new DevSite(config, channel);
  const client = await clientScript();
  const withClient = (html: string) => html.replace("</head>", `${CLIENT_TAG}</head>`);
  const server = await serve(
    config.outDir,
    port,
    (path, res, req) => {
      // Only for its own address: no page, event or file of the project goes to another name (DNS rebinding).
      const foreign = foreignHost(req);
      if (foreign) res.writeHead(403, { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" }).end(`Refused: ${foreign}\n`);
      // The CMS at /admin/, with the dev server as its local backend: it answers before the site's files.
      else if (answerAdmin(process.cwd(), path, req, res, () => channel.currentStylesheet)) return true;
      // The events of the page at /about come from /__dev/events/about.
      else if (path === EVENTS_PATH || path.startsWith(`${EVENTS_PATH}/`)) channel.attach(res, path.slice(EVENTS_PATH.length) || "/");
      else if (path === CLIENT_PATH) res.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" }).end(client);
      else if (!site.built) res.writeHead(503, { "Content-Type": "text/html; charset=utf-8" }).end(BUILD_FAILED_PAGE);
      // A page's social card is drawn after the page is written, its PDF printed: a request for either waits until it is.
      else return site.cardWritten(path) ?? site.outputWritten(path) ?? false;
      return true;
    },
    withClient,
  ).catch((error: Error) => {
    throw new ConfigError(`cannot listen on port ${port} (${error.message}): set PORT to a free port, e.g. PORT=4174 npm run dev`);
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  console.log(`Dev server at http://127.0.0.1:${actualPort}/ (watching ${WATCHED.join(", ")}; Ctrl+C to stop)`);

  const types = typeChecker(channel);
  let pending = new Set<string>();
  let busy = false;
  let firstBuild = true;
  let timer: NodeJS.Timeout | undefined;
  // One update at a time; saves that arrive meanwhile (even during the first build) make the next one.
  const flush = async () => {
    if (busy) return;
    busy = true;
    while (firstBuild || pending.size) {
      const first = firstBuild;
      firstBuild = false;
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
    }
    busy = false;
  };

  const saved = (file: string) => {
    pending.add(file);
    // A style partial's save is previewed at once (DevSite.previewSave), while no update runs and when it
    // is the only save waiting (each preview is the last stylesheet with one partial replaced).
    if (!busy && pending.size === 1) site.previewSave(file);
    // Saves that land together (a formatter touching many files) are one update. And a save in place is
    // reported at its first change, the file emptied: without these 2 ms the update read it empty (an
    // art save failed the build, "no size", until the second look) where its bytes had not landed yet.
    clearTimeout(timer);
    timer = setTimeout(flush, 2);
  };
  watchSaves(saved);
  await flush();
  // The CMS's script is in memory before /admin/ is first opened (a failure shows then).
  keptCmsScript(process.cwd()).catch(() => {});
}

/** The server, its failure told as a developer reads it. */
export function startServer(restart: number): void {
  runServer(restart).catch((error: Error) => {
    console.error(error instanceof ConfigError ? `Dev server: ${error.message}` : `Dev server failed: ${error.stack ?? error.message}`);
    process.exit(1);
  });
}
