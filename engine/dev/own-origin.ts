// Who the dev server answers: the pages of its own address alone. A request for another name, even one
// that leads to this machine, is refused everywhere: a site whose name is made to resolve to 127.0.0.1
// (DNS rebinding) would otherwise read the answers as its own and post to the CMS's backend. And the
// backend, which writes the project's files, also refuses a request a page of another origin sends: a form
// another site posts (a browser sends it, cookies or not), a fetch from another port of this machine.
import type { IncomingMessage } from "node:http";
import { quoted } from "./cms-files.ts";

/** The names the dev server answers to, on the port it listens on. */
const OWN_NAMES = ["127.0.0.1", "localhost", "[::1]"];

/** A header's value, as a refusal names it. */
const shown = (value: string) => quoted(value, 100);

/** Why a request for another address than the dev server's own is refused; undefined when it is for its own. */
export function foreignHost(req: IncomingMessage): string | undefined {
  const port = req.socket.localPort;
  const host = req.headers.host?.toLowerCase() ?? "";
  if (OWN_NAMES.some((name) => host === `${name}:${port}`)) return undefined;
  return `this dev server answers at http://127.0.0.1:${port}/ and http://localhost:${port}/ only, not for the address ${shown(host)}: open it at one of those (another name leading to this machine may be another site's, set to read it)`;
}

/** Why a request to the CMS's backend sent by a page of another origin is refused; undefined when the
 * CMS's own page (or no page: a program of the machine) sent it. Its Host is the dev server's own. */
export function foreignSender(req: IncomingMessage): string | undefined {
  const own = `http://${req.headers.host?.toLowerCase()}`;
  const { origin } = req.headers;
  if (origin !== undefined && origin.toLowerCase() !== own)
    return `the CMS's backend answers the CMS at ${own}/admin/ only, not a page of ${shown(origin)}: another site's page must not change the project's files`;
  // Sent by a browser, which says where from: anything but the dev server's own pages is refused.
  const site = req.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin")
    return `the CMS's backend answers the CMS at ${own}/admin/ only, not a request a browser sent from elsewhere (Sec-Fetch-Site: ${shown(String(site))})`;
  return undefined;
}
