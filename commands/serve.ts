// Serves dist/ like a static host: clean URLs (/services → services.html), 404.html for misses.

import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { extname, join, normalize, resolve } from "node:path";
import { createGzip } from "node:zlib";
import { readPaths } from "../engine/pipeline/config.ts";
import { isCommand } from "./cli.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".avif": "image/avif",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".pdf": "application/pdf",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json",
};

/** The file a request path maps to, or null. Never leaves root. */
function resolveFile(root: string, urlPath: string): string | null {
  const path = normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, "");
  const base = resolve(root);
  for (const candidate of [join(base, path), join(base, `${path}.html`), join(base, path, "index.html")]) {
    if (!candidate.startsWith(base)) return null;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Files named with their content hash (main.1a2b3c4d.css) never change, so a browser keeps them, as on the hosts. */
const CONTENT_HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/;
/** Text that every static host compresses; images and PDFs are compressed already. */
const COMPRESSIBLE = new Set([".html", ".css", ".js", ".svg", ".xml", ".txt", ".json"]);

/** Changes a page as it is served (the dev server adds its client); the file itself is left as built. */
type PageTransform = (html: string) => string;

function send(req: IncomingMessage, res: ServerResponse, status: number, file: string, transform?: PageTransform): void {
  if (transform && extname(file) === ".html") {
    res.writeHead(status, { "Content-Type": TYPES[".html"], "Cache-Control": "no-cache" }).end(transform(readFileSync(file, "utf8")));
    return;
  }
  const { size, mtimeMs } = statSync(file);
  const etag = `"${size.toString(36)}-${Math.round(mtimeMs).toString(36)}"`;
  // Compressed as a host would send it, so Lighthouse and the byte budgets see real transfer sizes.
  const gzip = COMPRESSIBLE.has(extname(file)) && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
  const headers = {
    "Content-Type": TYPES[extname(file)] ?? "application/octet-stream",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": CONTENT_HASHED.test(file) ? "public, max-age=31536000, immutable" : "no-cache",
    ETag: etag,
    Vary: "Accept-Encoding",
  };
  if (status === 200 && req.headers["if-none-match"] === etag) {
    res.writeHead(304, headers).end();
    return;
  }
  res.writeHead(status, gzip ? { ...headers, "Content-Encoding": "gzip" } : headers);
  const body = createReadStream(file);
  // A file replaced or removed while it is sent (the dev server rewrites its output) ends this answer, not the server.
  body.on("error", () => res.destroy());
  if (gzip) body.pipe(createGzip({ level: 9 })).pipe(res);
  else body.pipe(res);
}

/** Answers a request first (true), or says the file asked for is on its way (a promise: it is served
 * once that settles), or leaves it to the files (false). */
type Extra = (path: string, res: ServerResponse, req: IncomingMessage) => boolean | Promise<unknown>;

/** Serves `root` on 127.0.0.1 (port 0 picks a free one); `extra` may answer a request first. */
export function serve(root: string, port: number, extra?: Extra, transform?: PageTransform): Promise<Server> {
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const answer = extra?.(path, res, req);
    if (answer === true) return;
    if (answer) await Promise.allSettled([answer]);
    // One URL form, as the nginx and CloudFront recipes serve it: /services/ goes to /services.
    if (path.length > 1 && path.endsWith("/")) {
      res.writeHead(301, { Location: path.replace(/\/+$/, "") }).end();
      return;
    }
    let file: string | null = null;
    try {
      file = resolveFile(root, path);
    } catch {
      file = null;
    }
    if (file) return send(req, res, 200, file, transform);
    const notFound = join(root, "404.html");
    if (existsSync(notFound)) return send(req, res, 404, notFound, transform);
    res.writeHead(404).end("Not found");
  });
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => done(server));
  });
}

if (isCommand(import.meta.url)) {
  const { outDir: root, port } = readPaths();
  if (!existsSync(join(root, "index.html"))) {
    console.error(`${root}/index.html not found: run npm run build first.`);
    process.exit(1);
  }
  serve(root, port)
    .then(() => console.log(`Serving ${root}/ at http://127.0.0.1:${port}/ (Ctrl+C to stop)`))
    .catch((error: Error) => {
      console.error(`Cannot serve on port ${port}: ${error.message}. Set PORT to another port.`);
      process.exit(1);
    });
}
