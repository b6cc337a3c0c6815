// The CMS at /admin/ in the dev server: its page, its configuration with the local backend (which the
// dev server answers itself, engine/dev/local-backend.ts), its bundle, its own stylesheet, and its
// preview's scripts and the site's stylesheet as they are now, under its own policy. Its scripts are kept
// in memory and sent as a static host would: with an ETag (a browser that has one gets a 304 and runs the
// code V8 cached for it) and gzip.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { CmsBackend } from "../content/cms-config.ts";
import {
  ADMIN_PATH,
  adminConfig,
  adminCsp,
  adminHeaders,
  adminPage,
  adminScript,
  CMS_CONFIG,
  CMS_SCRIPT,
  CMS_STYLE,
  cmsKey,
  cmsScript,
  cmsStyle,
  PREVIEW_PAGE,
  PREVIEW_STYLE,
  SITE_SCRIPT,
} from "../outputs/admin.ts";
import { fileVersion, wholeVersion } from "../state/files.ts";
import { cached } from "../state/store.ts";
import { answerCms } from "./local-backend.ts";

const gzipped = promisify(gzip);

/** A script kept in memory, with its ETag. */
interface KeptScript {
  bytes: Buffer;
  etag: string;
  /** Its gzip form, once made or read (until then the script is sent as it is, never waited for). */
  gzip?: Buffer;
}

/** A script to keep; its gzip form is made in the background, or, when `onDisk` (for a script every dev
 * server sends again, as the CMS's), read from the blob made by an earlier one. */
function keptScript(bytes: Buffer | string, { onDisk = false } = {}): KeptScript {
  const buffer = typeof bytes === "string" ? Buffer.from(bytes) : bytes;
  const hash = createHash("sha256").update(buffer).digest("hex");
  const kept: KeptScript = { bytes: buffer, etag: `"${hash.slice(0, 32)}"` };
  const made = () => gzipped(buffer, { level: 9 });
  (onDisk ? cached("gzip", hash, "gz", made, { refresh: true }) : made()).then(
    (compressed) => {
      kept.gzip = compressed;
    },
    // Not kept: the script goes as it is.
    () => {},
  );
  return kept;
}

/** Sends a kept script with these headers: a 304 to a browser that has it, else gzip when it takes gzip
 * and that is ready, else the bytes as they are. */
function sendScript(req: IncomingMessage, res: ServerResponse, headers: Record<string, string>, script: KeptScript): void {
  const sent = { ...headers, "Content-Type": "text/javascript; charset=utf-8", ETag: script.etag, Vary: "Accept-Encoding" };
  if (req.headers["if-none-match"] === script.etag) return void res.writeHead(304, sent).end();
  const gzip = script.gzip && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? "")) ? script.gzip : null;
  const body = gzip ?? script.bytes;
  res.writeHead(200, { ...sent, ...(gzip ? { "Content-Encoding": "gzip" } : {}), "Content-Length": String(body.length) }).end(body);
}

/** Where the CMS's proxy backend posts its actions. */
const BACKEND_PATH = `${ADMIN_PATH}api/v1`;
const LOCAL_BACKEND: CmsBackend = { name: "proxy", proxy_url: BACKEND_PATH };

/** The configuration, made once: the content schema it comes from restarts the dev server when saved. */
let config: string | undefined;

/** The CMS's script, and what it was made from (cmsKey). */
let cms: { key: string; script: Promise<KeptScript> } | undefined;
/** The CMS's script, made again when browser/cms.ts or the packages installed change; the dev server
 * asks for it as it starts when it is not kept (then it is made, once per machine, ~1.3 s, alongside the
 * site's first build), else once the site is built, so that it is ready before the CMS is first opened.
 * One that failed is made again at the next request. */
export async function keptCmsScript(root: string): Promise<KeptScript> {
  const key = cmsKey(root);
  if (cms?.key !== key) {
    const script = cmsScript(root, key).then((bytes) => keptScript(bytes, { onDisk: true }));
    script.catch(() => {
      if (cms?.script === script) cms = undefined;
    });
    cms = { key, script };
  }
  return cms.script;
}

/** A preview script as it was made, and each file's version then: null for one saved while it was read
 * (or gone), so that what was made from it, perhaps from its bytes before that save, is made again. */
interface Made {
  script: KeptScript;
  versions: [file: string, version: string | null][];
}
const previews = new Map<string, Promise<Made>>();

async function make(root: string, name: string): Promise<Made> {
  const started = Date.now();
  const { text, inputs } = await adminScript(root, name);
  return { script: keptScript(text), versions: inputs.map((file) => [file, wholeVersion(file, started)]) };
}

/** A preview script, made again only when a file it was made from has changed since (or it failed). */
async function preview(root: string, name: string): Promise<KeptScript> {
  const last = previews.get(name);
  const made = await last?.catch(() => undefined);
  if (made) {
    if (made.versions.every(([file, version]) => fileVersion(file) === version)) return made.script;
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
  else if (name === CMS_STYLE) cmsStyle(root).then((text) => res.writeHead(200, { ...headers, "Content-Type": "text/css; charset=utf-8" }).end(text), failed);
  else if (name === PREVIEW_STYLE) res.writeHead(200, { ...headers, "Content-Type": "text/css; charset=utf-8" }).end(stylesheet());
  else if (name === SITE_SCRIPT || name === PREVIEW_PAGE) preview(root, name).then((script) => sendScript(req, res, headers, script), failed);
  else if (name === CMS_SCRIPT) keptCmsScript(root).then((script) => sendScript(req, res, headers, script), failed);
  else res.writeHead(404, headers).end();
  return true;
}
