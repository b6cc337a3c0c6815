// The CMS at /admin/ in the dev server: its page, its configuration with the local backend (which the
// dev server answers itself, commands/dev/local-backend.ts), its bundle, and its preview's scripts and the
// site's stylesheet as they are now, under its own policy. Its scripts are kept in memory and sent as a
// static host sends them (commands/dev/kept-script.ts); the preview's are made again only once a file
// they were made from has changed.
import { readFile, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { dirname, join } from "node:path";
import {
  ADMIN_PATH,
  adminConfig,
  adminCsp,
  adminHeaders,
  adminPage,
  CMS_CONFIG,
  cmsScriptFile,
  PREVIEW_PAGE,
  PREVIEW_SCRIPT,
  PREVIEW_STYLE,
  previewScript,
} from "../../steps/admin.ts";
import type { CmsBackend } from "../../steps/cms-config.ts";
import { type KeptScript, keptScript, sendScript } from "./kept-script.ts";
import { answerCms } from "./local-backend.ts";

/** Where the CMS's proxy backend posts its actions. */
const BACKEND_PATH = `${ADMIN_PATH}api/v1`;
export const LOCAL_BACKEND: CmsBackend = { name: "proxy", proxy_url: BACKEND_PATH };

/** The configuration, made once: the content schema it comes from restarts the dev server when saved. */
let config: string | undefined;

/** The CMS's own files (its bundle and the chunks it loads later), read once: node_modules does not
 * change under a running server. */
const bundled = new Map<string, Promise<KeptScript>>();
function cmsFile(name: string): Promise<KeptScript> {
  let kept = bundled.get(name);
  if (!kept) {
    kept = readFile(join(dirname(cmsScriptFile()), name)).then((bytes) => keptScript(bytes, { onDisk: true }));
    kept.catch(() => bundled.delete(name));
    bundled.set(name, kept);
  }
  return kept;
}

/** A preview script as it was made, and what each file it was made from was then (size and time). */
interface Made {
  script: KeptScript;
  stamps: [file: string, stamp: string][];
}
/** A file's size and time; a file changed since `since` gets a stamp no file has, so what was made from
 * it (perhaps from its bytes before that change) is made again. */
const stampOf = (file: string, since = Number.POSITIVE_INFINITY) =>
  stat(file).then(
    ({ size, mtimeMs }) => (mtimeMs >= since ? "changed while read" : `${size}:${mtimeMs}`),
    () => "gone",
  );
const previews = new Map<string, Promise<Made>>();

async function make(root: string, name: string): Promise<Made> {
  const started = Date.now() - 1;
  const { text, inputs } = await previewScript(root, name);
  const stamps = await Promise.all(inputs.map(async (file): Promise<[string, string]> => [file, await stampOf(file, started)]));
  return { script: keptScript(text), stamps };
}

/** A preview script, made again only when a file it was made from has changed since (one that failed to
 * build is tried again at the next request). */
async function preview(root: string, name: string): Promise<KeptScript> {
  const last = previews.get(name);
  const made = await last?.catch(() => undefined);
  if (made) {
    const now = await Promise.all(made.stamps.map(([file]) => stampOf(file)));
    if (now.every((stamp, i) => stamp === made.stamps[i][1])) return made.script;
  }
  // Unless another request has started it meanwhile, make it now.
  if (previews.get(name) === last) previews.set(name, make(root, name));
  return (await (previews.get(name) as Promise<Made>)).script;
}

/** Answers a request for /admin or below it (true), or leaves it to the site (false); `stylesheet`: the site's now. */
export function answerAdmin(root: string, path: string, req: IncomingMessage, res: ServerResponse, stylesheet: () => string): boolean {
  if (path === ADMIN_PATH.slice(0, -1)) {
    res.writeHead(301, { Location: ADMIN_PATH }).end();
    return true;
  }
  if (!path.startsWith(ADMIN_PATH)) return false;
  const csp = adminCsp(LOCAL_BACKEND);
  const headers = { ...adminHeaders(csp), "X-Content-Type-Options": "nosniff" };
  const name = path.slice(ADMIN_PATH.length);
  const failed = (error: Error) => {
    console.error(error.message);
    res.writeHead(500, { ...headers, "Content-Type": "text/plain; charset=utf-8" }).end(error.message);
  };
  if (name === "") res.writeHead(200, { ...headers, "Content-Type": "text/html; charset=utf-8" }).end(adminPage(csp));
  else if (name === CMS_CONFIG) {
    config ??= adminConfig(LOCAL_BACKEND);
    res.writeHead(200, { ...headers, "Content-Type": "text/yaml; charset=utf-8" }).end(config);
  } else if (`${ADMIN_PATH}${name}` === BACKEND_PATH) answerCms(root, req, res);
  else if (name === PREVIEW_STYLE) res.writeHead(200, { ...headers, "Content-Type": "text/css; charset=utf-8" }).end(stylesheet());
  else if (name === PREVIEW_SCRIPT || name === PREVIEW_PAGE) preview(root, name).then((script) => sendScript(req, res, headers, script), failed);
  else if (/^[\w-]+(\.[\w-]+)*\.js$/.test(name))
    cmsFile(name).then(
      (script) => sendScript(req, res, headers, script),
      () => res.writeHead(404, headers).end(),
    );
  else if (/^[\w-]+\.wasm$/.test(name))
    readFile(join(dirname(cmsScriptFile()), name)).then(
      (bytes) => res.writeHead(200, { ...headers, "Content-Type": "application/wasm" }).end(bytes),
      () => res.writeHead(404, headers).end(),
    );
  else res.writeHead(404, headers).end();
  return true;
}
