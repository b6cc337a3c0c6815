// The CMS at /admin/ in the dev server: its page, its configuration, its local backend and its scripts.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { CmsBackend } from "../content/cms-config.ts";
import * as admin from "../outputs/admin.ts";
import { fileVersion, wholeVersion } from "../state/files.ts";
import { cached } from "../state/store.ts";
import { answerCms } from "./local-backend.ts";

const gzipped = promisify(gzip);
/** A script sent as a static host sends it: with an ETag (a 304 lets the browser run the code V8 cached for it),
 * and gzip once made (never waited for). */
type KeptScript = { bytes: Buffer; etag: string; gzip?: Buffer };

/** `onDisk`: its gzip form is kept in a blob for the next dev server (the CMS's, the same every time). */
function keptScript(bytes: Buffer | string, onDisk = false): KeptScript {
  const buffer = Buffer.from(bytes);
  const hash = createHash("sha256").update(buffer).digest("hex");
  const kept: KeptScript = { bytes: buffer, etag: `"${hash.slice(0, 32)}"` };
  const made = () => gzipped(buffer, { level: 9 });
  (onDisk ? cached("gzip", hash, "gz", made, { refresh: true }) : made()).then((gzip) => Object.assign(kept, { gzip })).catch(() => {});
  return kept;
}

function sendScript(req: IncomingMessage, res: ServerResponse, headers: Record<string, string>, script: KeptScript): void {
  const sent = { ...headers, "Content-Type": "text/javascript; charset=utf-8", ETag: script.etag, Vary: "Accept-Encoding" };
  if (req.headers["if-none-match"] === script.etag) return void res.writeHead(304, sent).end();
  const gzip = script.gzip && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? "")) ? script.gzip : null;
  const body = gzip ?? script.bytes;
  res.writeHead(200, { ...sent, ...(gzip ? { "Content-Encoding": "gzip" } : {}), "Content-Length": String(body.length) }).end(body);
}

const BACKEND_PATH = `${admin.ADMIN_PATH}api/v1`;
const LOCAL_BACKEND: CmsBackend = { name: "proxy", proxy_url: BACKEND_PATH };

/** A script as made, and whether it is still what it would be made from now (else, or failed, it is made again). */
type Made = { script: KeptScript; current: () => boolean };
const scripts = new Map<string, Promise<Made>>();

async function keptScriptOf(name: string, make: () => Promise<Made>): Promise<KeptScript> {
  const last = scripts.get(name);
  const made = await last?.catch(() => undefined);
  if (made?.current()) return made.script;
  // Unless another request has started it meanwhile, make it now.
  if (scripts.get(name) === last) scripts.set(name, make());
  return (await scripts.get(name)!).script;
}

/** The CMS's script, made again when browser/cms.ts or the packages installed change (cmsKey). */
export function keptCmsScript(root: string): Promise<KeptScript> {
  const key = admin.cmsKey(root);
  const current = () => admin.cmsKey(root) === key;
  return keptScriptOf(admin.CMS_SCRIPT, async () => ({ script: keptScript(await admin.cmsScript(root, key), true), current }));
}

/** Made again when a file it was made from has changed since (one saved while it was read has no version). */
function previewScript(root: string, name: string): Promise<KeptScript> {
  return keptScriptOf(name, async () => {
    const started = Date.now();
    const { text, inputs } = await admin.adminScript(root, name);
    const versions = inputs.map((file) => [file, wholeVersion(file, started)] as const);
    return { script: keptScript(text), current: () => versions.every(([file, version]) => fileVersion(file) === version) };
  });
}

/** Answers a request for /admin or below it (true), or leaves it to the site (false); `stylesheet`: the site's now. */
export function answerAdmin(root: string, path: string, req: IncomingMessage, res: ServerResponse, stylesheet: () => string): boolean {
  if (!path.startsWith(admin.ADMIN_PATH) && path !== admin.ADMIN_PATH.slice(0, -1)) return false;
  const csp = admin.adminCsp(LOCAL_BACKEND);
  const headers = { ...admin.adminHeaders(csp), "X-Content-Type-Options": "nosniff" };
  const send = (type: string, body: string) => res.writeHead(200, { ...headers, "Content-Type": `${type}; charset=utf-8` }).end(body);
  const failed = (error: Error) => {
    console.error(error.message);
    res.writeHead(500, { ...headers, "Content-Type": "text/plain; charset=utf-8" }).end(error.message);
  };
  const name = path.slice(admin.ADMIN_PATH.length);
  if (!path.startsWith(admin.ADMIN_PATH)) res.writeHead(301, { Location: admin.ADMIN_PATH }).end();
  else if (name === "") send("text/html", admin.adminPage(csp));
  else if (name === admin.CMS_CONFIG) send("text/yaml", admin.adminConfig(LOCAL_BACKEND));
  else if (`${admin.ADMIN_PATH}${name}` === BACKEND_PATH) answerCms(root, req, res);
  else if (name === admin.CMS_STYLE) admin.cmsStyle(root).then((text) => send("text/css", text), failed);
  else if (name === admin.PREVIEW_STYLE) send("text/css", stylesheet());
  else if (name === admin.SITE_SCRIPT || name === admin.PREVIEW_PAGE) previewScript(root, name).then((script) => sendScript(req, res, headers, script), failed);
  else if (name === admin.CMS_SCRIPT) keptCmsScript(root).then((script) => sendScript(req, res, headers, script), failed);
  else res.writeHead(404, headers).end();
  return true;
}
