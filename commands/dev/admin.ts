// The CMS at /admin/ in the dev server: its page, its configuration with the local backend (which the
// dev server answers itself, commands/dev/local-backend.ts), its bundle, and its preview's scripts and the
// site's stylesheet as they are now, under its own policy.
import { readFile } from "node:fs/promises";
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
import { answerCms } from "./local-backend.ts";

/** Where the CMS's proxy backend posts its actions. */
const BACKEND_PATH = `${ADMIN_PATH}api/v1`;
export const LOCAL_BACKEND: CmsBackend = { name: "proxy", proxy_url: BACKEND_PATH };

/** The CMS's own files (its bundle and the chunks it loads later), sent as they are: on the loopback its
 * 5.2 MB arrive sooner than gzip (1.5 MB) is made. */
const bundled = (name: string) => readFile(join(dirname(cmsScriptFile()), name));

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
  if (name === "") res.writeHead(200, { ...headers, "Content-Type": "text/html; charset=utf-8" }).end(adminPage(csp));
  else if (name === CMS_CONFIG) res.writeHead(200, { ...headers, "Content-Type": "text/yaml; charset=utf-8" }).end(adminConfig(LOCAL_BACKEND));
  else if (`${ADMIN_PATH}${name}` === BACKEND_PATH) answerCms(root, req, res);
  else if (name === PREVIEW_STYLE) res.writeHead(200, { ...headers, "Content-Type": "text/css; charset=utf-8" }).end(stylesheet());
  // Made for each request, from the files as they are: the CMS's page asks for each once.
  else if (name === PREVIEW_SCRIPT || name === PREVIEW_PAGE)
    previewScript(root, name).then(
      ({ text }) => res.writeHead(200, { ...headers, "Content-Type": "text/javascript; charset=utf-8" }).end(text),
      (error: Error) => {
        console.error(error.message);
        res.writeHead(500, { ...headers, "Content-Type": "text/plain; charset=utf-8" }).end(error.message);
      },
    );
  else if (/^[\w-]+(\.[\w-]+)*\.(js|wasm)$/.test(name))
    bundled(name).then(
      (bytes) => res.writeHead(200, { ...headers, "Content-Type": name.endsWith(".js") ? "text/javascript; charset=utf-8" : "application/wasm" }).end(bytes),
      () => res.writeHead(404, headers).end(),
    );
  else res.writeHead(404, headers).end();
  return true;
}
