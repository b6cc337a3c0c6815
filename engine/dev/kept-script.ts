// A script the dev server keeps in memory (the CMS's, engine/dev/admin.ts) and sends as a static host
// would: with an ETag (a browser that has it gets a 304 and runs the code V8 cached for it) and gzip.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { cached } from "../state/store.ts";

const gzipped = promisify(gzip);

export interface KeptScript {
  bytes: Buffer;
  etag: string;
  /** Its gzip form, once made or read (until then the script is sent as it is, never waited for). */
  gzip?: Buffer;
}

/** A script to keep; its gzip form is made in the background, or, when `onDisk` (for a script every dev
 * server sends again, as the CMS's), read from the blob made by an earlier one. */
export function keptScript(bytes: Buffer | string, { onDisk = false } = {}): KeptScript {
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
export function sendScript(req: IncomingMessage, res: ServerResponse, headers: Record<string, string>, script: KeptScript): void {
  const sent = { ...headers, "Content-Type": "text/javascript; charset=utf-8", ETag: script.etag, Vary: "Accept-Encoding" };
  if (req.headers["if-none-match"] === script.etag) {
    res.writeHead(304, sent).end();
    return;
  }
  const gzip = script.gzip && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? "")) ? script.gzip : null;
  const body = gzip ?? script.bytes;
  res.writeHead(200, { ...sent, ...(gzip ? { "Content-Encoding": "gzip" } : {}), "Content-Length": String(body.length) }).end(body);
}
