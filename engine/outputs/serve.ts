// The output folder served as a static host serves it, for npm start, the dev server and the tests: sirv
// finds the file (/services is services.html), its type, ETag and ranges; here, what sirv leaves to a host.

import { existsSync } from "node:fs";
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { Readable } from "node:stream";
import { createGzip } from "node:zlib";
import sirv from "sirv";
import { IMMUTABLE } from "./hosts/policy.ts";

/** Files named with their content hash (main.1a2b3c4d.css) never change, so a browser keeps them, as on the hosts. */
const CONTENT_HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/;
/** Text that every static host compresses; images and PDFs are compressed already. */
const COMPRESSIBLE = /^(text\/|image\/svg|application\/(json|xml))/;

/** Changes a page as it is served (the dev server adds its client); the file itself is left as built. */
type PageTransform = (html: string) => string;

/** Answers a request first (true), or says the file asked for is on its way (a promise: it is served
 * once that settles), or leaves it to the files (false). */
type Extra = (path: string, res: ServerResponse, req: IncomingMessage) => boolean | Promise<unknown>;

/**
 * sirv answers with writeHead, then streams the file into the response: both are rerouted here so the
 * answer is a host's. Text is gzipped when the browser takes it, whole (Lighthouse sees real transfer sizes), a
 * page passes through `transform` (whole, with no ETag: what is added may change while the file does not),
 * and the not-found page keeps the 404 set before sirv sends it.
 */
function asHost(req: IncomingMessage, res: ServerResponse, transform?: PageTransform): ServerResponse {
  const own = { writeHead: res.writeHead.bind(res), write: res.write.bind(res), end: res.end.bind(res) };
  // A file removed as it is opened, or replaced while it is sent (the dev server rewrites its output), ends this answer, not the server.
  res.on("pipe", (file: Readable) => file.on("error", () => res.destroy()));
  res.writeHead = ((sent: number, headers: OutgoingHttpHeaders = {}) => {
    const code = res.statusCode === 404 ? 404 : sent;
    const type = String(headers["Content-Type"] || "application/octet-stream");
    const answer: OutgoingHttpHeaders = { ...headers, "Content-Type": type, "X-Content-Type-Options": "nosniff", Vary: "Accept-Encoding" };
    let body: ((chunks: Buffer[]) => void) | undefined;
    if (transform && type.startsWith("text/html")) {
      delete answer["Content-Length"];
      delete answer.ETag;
      body = (chunks) => {
        own.writeHead(code, answer);
        own.end(transform(Buffer.concat(chunks).toString("utf8")));
      };
    } else if (code !== 206 && COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""))) {
      delete answer["Content-Length"];
      own.writeHead(code, { ...answer, "Content-Encoding": "gzip" });
      const gzip = createGzip({ level: 9 });
      gzip.on("data", (chunk: Buffer) => own.write(chunk)).on("end", () => own.end());
      body = (chunks) => gzip.end(Buffer.concat(chunks));
    } else return own.writeHead(code, code === 304 ? headers : answer);
    const chunks: Buffer[] = [];
    res.write = ((chunk: Buffer) => chunks.push(chunk) > 0) as ServerResponse["write"];
    res.end = ((chunk?: Buffer) => {
      if (chunk) chunks.push(chunk);
      body(chunks);
      return res;
    }) as ServerResponse["end"];
    return res;
  }) as ServerResponse["writeHead"];
  return res;
}

/** Serves `root` on 127.0.0.1 (port 0 picks a free one); `extra` may answer a request first. */
export function serve(root: string, port: number, extra?: Extra, transform?: PageTransform): Promise<Server> {
  // dev: each request looks at the folder as it is now (a build or the dev server rewrites it).
  const files = sirv(root, {
    dev: true,
    etag: true,
    setHeaders: (res, path) => {
      if (CONTENT_HASHED.test(path)) res.setHeader("Cache-Control", IMMUTABLE);
    },
    onNoMatch: (req, res) => {
      if (!existsSync(`${root}/404.html`)) return res.writeHead(404).end("Not found");
      req.url = "/404.html";
      delete req.headers["if-none-match"];
      res.statusCode = 404;
      files(req, res);
    },
  });
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const answer = extra?.(path, res, req);
    if (answer === true) return;
    if (answer) await Promise.allSettled([answer]);
    // One URL form, as the nginx and CloudFront recipes serve it: /services/ goes to /services.
    if (path.length > 1 && path.endsWith("/")) res.writeHead(301, { Location: path.replace(/\/+$/, "") }).end();
    else {
      // As does one removed between sirv's look at it and its read (asHost).
      try {
        files(req, asHost(req, res, transform));
      } catch {
        res.destroy();
      }
    }
  });
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => done(server));
  });
}
