// The output folder served as a static host serves it: sirv finds the file, its type, ETag and ranges; asHost the rest.
import { existsSync } from "node:fs";
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { Readable } from "node:stream";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import sirv from "sirv";
import { IMMUTABLE } from "./hosts/policy.ts";

const CONTENT_HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/;
/** Images and PDFs are compressed already. */
const COMPRESSIBLE = /^(text\/|image\/svg|application\/(json|xml))/;
const gzipped = promisify(gzip);
type PageTransform = (html: string) => string;
/** Answers a request (true), or says the file asked for is on its way (a promise), or leaves it to the files (false). */
type Extra = (path: string, res: ServerResponse, req: IncomingMessage) => boolean | Promise<unknown>;

/** sirv's answer rerouted: text gzipped whole (as hosts send it), a page through `transform` (no ETag), the 404 page a 404. */
function asHost(req: IncomingMessage, res: ServerResponse, transform?: PageTransform): ServerResponse {
  const writeHead = res.writeHead.bind(res);
  const end = res.end.bind(res);
  // A file removed as it is opened, or replaced while it is sent, ends this answer, not the server.
  res.on("pipe", (file: Readable) => file.on("error", () => res.destroy()));
  res.writeHead = ((sent: number, headers: OutgoingHttpHeaders = {}) => {
    const code = res.statusCode === 404 ? 404 : sent;
    const type = String(headers["Content-Type"] || "application/octet-stream");
    const answer: OutgoingHttpHeaders = { ...headers, "Content-Type": type, "X-Content-Type-Options": "nosniff", Vary: "Accept-Encoding" };
    const page = transform && type.startsWith("text/html");
    const zipped = !page && code !== 206 && COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    if (!page && !zipped) return writeHead(code, code === 304 ? headers : answer);
    delete answer["Content-Length"];
    if (page) delete answer.ETag;
    else answer["Content-Encoding"] = "gzip";
    writeHead(code, answer);
    const chunks: Buffer[] = [];
    res.write = ((chunk: Buffer) => chunks.push(chunk) > 0) as ServerResponse["write"];
    res.end = ((chunk?: Buffer) => {
      if (chunk) chunks.push(chunk);
      if (page) end(transform(Buffer.concat(chunks).toString("utf8")));
      else gzipped(Buffer.concat(chunks), { level: 9 }).then(end, () => res.destroy());
      return res;
    }) as ServerResponse["end"];
    return res;
  }) as ServerResponse["writeHead"];
  return res;
}

export function serve(root: string, port: number, extra?: Extra, transform?: PageTransform): Promise<Server> {
  // dev: each request looks at the folder as it is now.
  const files = sirv(root, {
    dev: true,
    etag: true,
    setHeaders: (res, path) => CONTENT_HASHED.test(path) && res.setHeader("Cache-Control", IMMUTABLE),
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
    if (path.length > 1 && path.endsWith("/")) return res.writeHead(301, { Location: path.replace(/\/+$/, "") }).end();
    try {
      files(req, asHost(req, res, transform));
    } catch {
      res.destroy(); // a file removed between sirv's look at it and its read
    }
  });
  return new Promise((done, fail) => server.once("error", fail).listen(port, "127.0.0.1", () => done(server)));
}
