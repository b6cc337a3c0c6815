// The CMS's local backend, answered by the dev server itself (no second process): the JSON actions that
// Decap CMS's proxy backend posts (decap-server's protocol). It touches only the files the CMS edits (each
// file of its *Pages and facts*, a folder collection's Markdown entries, the images in art/), each as
// itself, never through a symbolic link; any other path (engine/content/tokens.ts, whose first line the dev
// server would run; a link leading out of the project) is refused with 403. It writes each file whole (a
// temporary file renamed over it), so the watcher sees one save. It answers the CMS of this dev server
// alone, a JSON body of at most BODY_LIMIT bytes, and each action's params in the shape the CMS sends them;
// anything else is refused in plain words.
import { createHash } from "node:crypto";
import { lstat, mkdir, readdir, readFile, realpath, rm } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { basename, dirname, join, sep } from "node:path";
import { z } from "zod";
import { cmsCollections } from "../content/cms-config.ts";
import { IMAGE_FILE } from "../media/image-modules.ts";
import { writeWhole } from "../state/files.ts";

/** The largest body read: a photograph's worth (a 18 MB photograph is 24 MB as the base64 the CMS sends). */
export const BODY_LIMIT = 25 * 1024 * 1024;
/** What the CMS's proxy backend sends: JSON, in UTF-8 when it says. */
const JSON_TYPE = /^application\/json\s*(;\s*charset="?utf-8"?\s*)?$/i;

/** A request the backend refuses: its status and what it says (in plain words, naming no path of the machine). */
class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const collections = cmsCollections();
/** The files of *Pages and facts*: content/services.yaml… (not content/redirects.yaml, left to developers). */
const CONTENT_FILES = new Set(collections.flatMap((collection) => collection.files?.map((file) => file.file) ?? []));
/** The folder collections' folders (content/case-studies), each entry a Markdown file directly in it. */
const ENTRY_FOLDERS = collections.flatMap((collection) => (collection.folder ? [collection.folder] : []));
const IMAGE_FOLDER = "art";
type FileKind = "content" | "image";

/** What the CMS edits of each kind, said in a refusal. */
const EDITED: Record<FileKind, string> = {
  content: `the content files content/collections.ts describes (${[...CONTENT_FILES, ...ENTRY_FOLDERS.map((folder) => `${folder}/*.md`)].join(", ")})`,
  image: `the images in ${IMAGE_FOLDER}/ (.jpg, .jpeg, .png, .webp, .svg)`,
};

/** A path as the CMS writes it: relative, with / between its parts, none of them empty, `.`, `..` or hidden. */
const isPlainPath = (path: string) => path.length <= 500 && path.split("/").every((part) => /^[^./\\\0][^/\\\0]*$/.test(part));

/** What a request sent, as a refusal names it: quoted, and cut to `longest` characters. */
export const quoted = (sent: string, longest = 120) => JSON.stringify(sent.length > longest ? `${sent.slice(0, longest)}…` : sent);

/** What `path` is to the CMS, or undefined when it is nothing the CMS may touch. */
function kindOf(path: string): FileKind | undefined {
  if (!isPlainPath(path)) return undefined;
  if (CONTENT_FILES.has(path)) return "content";
  if (ENTRY_FOLDERS.includes(path.slice(0, path.lastIndexOf("/"))) && path.endsWith(".md")) return "content";
  if (path.startsWith(`${IMAGE_FOLDER}/`) && IMAGE_FILE.test(path)) return "image";
  return undefined;
}

/** The file at `path` (project-relative) on disk, when the CMS may touch it as one of `kinds` (ownPath). */
async function cmsFile(root: string, path: string, kinds: FileKind[] = ["content", "image"]): Promise<string> {
  const kind = kindOf(path);
  if (!kind || !kinds.includes(kind))
    throw new Refused(
      403,
      `${quoted(path)} is not a file the CMS may read or change here: it edits ${kinds.map((wanted) => EDITED[wanted]).join(" and ")} only`,
    );
  return ownPath(root, path, "file");
}

/** A folder the CMS lists, as `cmsFile` checks a file: a folder collection's (`content`), or one of art/ (`image`). */
async function cmsFolder(root: string, path: string, kind: FileKind): Promise<string> {
  const listed = kind === "content" ? ENTRY_FOLDERS.includes(path) : isPlainPath(path) && `${path}/`.startsWith(`${IMAGE_FOLDER}/`);
  if (!listed)
    throw new Refused(
      403,
      `${quoted(path)} is not a folder the CMS lists: it lists ${kind === "content" ? ENTRY_FOLDERS.join(", ") : `${IMAGE_FOLDER}/ and its folders`}`,
    );
  return ownPath(root, path, "folder");
}

/** What is not there (ENOENT) as `missing`; any other failure as it is. */
const orMissing =
  <T>(missing: T) =>
  (error: NodeJS.ErrnoException): T => {
    if (error.code === "ENOENT") return missing;
    throw error;
  };

/** `path` of the project as itself: neither it nor a folder on its way is a link (a link's target is wherever
 * it points, so none is followed), and what exists of it is (as the disk resolves it) inside its top folder. */
async function ownPath(root: string, path: string, kind: "file" | "folder"): Promise<string> {
  const parts = path.split("/");
  let reached = root;
  for (const [i, part] of parts.entries()) {
    const next = join(reached, part);
    const stats = await lstat(next).catch(orMissing(null));
    // What is not there yet (a new entry, a new folder of photographs) is made by the write, as a plain file.
    if (!stats) break;
    const named = parts.slice(0, i + 1).join("/");
    if (stats.isSymbolicLink())
      throw new Refused(
        403,
        `${named} is a symbolic link: the CMS reads and writes the files in content/ and art/ themselves, never through a link, which may lead out of the project`,
      );
    if (i === parts.length - 1 && (kind === "file" ? !stats.isFile() : !stats.isDirectory())) throw new Refused(403, `${named} is not a ${kind}`);
    reached = next;
  }
  const project = await realpath(root);
  const top = join(project, parts[0]);
  const real = await realpath(reached);
  if (real !== project && real !== top && !real.startsWith(`${top}${sep}`)) throw new Refused(403, `${quoted(path)} leads out of the project's ${parts[0]}/`);
  return join(root, path);
}

/** Why a request to the backend sent by a page of another origin is refused (a form another site posts, a
 * fetch from another port of this machine); undefined when the CMS's own page, or no page, sent it. */
function foreignSender(req: IncomingMessage): string | undefined {
  const own = `http://${req.headers.host?.toLowerCase()}`;
  const { origin } = req.headers;
  if (origin !== undefined && origin.toLowerCase() !== own)
    return `the CMS's backend answers the CMS at ${own}/admin/ only, not a page of ${quoted(origin, 100)}: another site's page must not change the project's files`;
  // Sent by a browser, which says where from: anything but the dev server's own pages is refused.
  const site = req.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin")
    return `the CMS's backend answers the CMS at ${own}/admin/ only, not a request a browser sent from elsewhere (Sec-Fetch-Site: ${quoted(String(site), 100)})`;
  return undefined;
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A file as an entry: its text and its id (the hash of its bytes), or no data when it is not there yet. */
async function entryOf(root: string, path: string, label?: string) {
  const bytes = await readFile(await cmsFile(root, path, ["content"])).catch(orMissing(null));
  return bytes ? { data: bytes.toString("utf8"), file: { path, label, id: sha256(bytes) } } : { data: null, file: { path, label, id: null } };
}

async function mediaOf(root: string, path: string) {
  // An image a content file names outside art/photos/ (art/hero.svg) Decap looks for in its media folder.
  const bytes = await readFile(await cmsFile(root, path, ["image"])).catch((error: NodeJS.ErrnoException) => {
    throw error.code === "ENOENT" ? new Refused(404, `${quoted(path)} is not an image of the project`) : error;
  });
  return { id: sha256(bytes), content: bytes.toString("base64"), encoding: "base64", path, name: basename(path) };
}

/** The plain files of a folder the CMS lists, as project paths: a link among them is left out, never followed. */
async function filesIn(root: string, folder: string, kind: FileKind, extension = ""): Promise<string[]> {
  const entries = await readdir(await cmsFolder(root, folder, kind), { withFileTypes: true }).catch(orMissing([]));
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith(".") && entry.name.endsWith(extension))
    .map((entry) => `${folder}/${entry.name}`)
    .sort();
}

/** Writes the files whole (each one's folder made first), once every one of them is checked, in turn. */
async function writeAll(root: string, files: { path: string; kind: FileKind; bytes: string | Buffer }[]): Promise<void> {
  const checked = [];
  for (const { path, kind, bytes } of files) checked.push({ file: await cmsFile(root, path, [kind]), bytes });
  for (const { file, bytes } of checked) {
    await mkdir(dirname(file), { recursive: true });
    await writeWhole(file, bytes);
  }
}

const path = z.string();
const dataFile = z.object({ path, raw: z.string() });
const asset = z.object({
  path,
  content: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: "is not base64" }),
  encoding: z.literal("base64", { error: "is not base64" }),
});
const image = (file: z.output<typeof asset>) => ({ path: file.path, kind: "image" as const, bytes: Buffer.from(file.content, "base64") });

/** One action: its params checked against their shape (a refusal naming the first mistake), then its answer. */
const action =
  <Params extends z.ZodType>(params: Params, answer: (root: string, params: z.output<Params>) => Promise<unknown>) =>
  (root: string, name: string, sent: unknown): (() => Promise<unknown>) => {
    const shaped = params.safeParse(sent);
    if (!shaped.success) throw new Refused(400, `${name}: ${shapeMistake("params", shaped.error)}`);
    return () => answer(root, shaped.data);
  };

const ACTIONS = {
  info: action(z.object({}), async (root) => ({ repo: basename(root), publish_modes: ["simple"], type: "local_fs" })),
  entriesByFolder: action(z.object({ folder: path, extension: z.literal("md", { error: "is not md" }) }), async (root, { folder }) => {
    const files = await filesIn(root, folder, "content", ".md");
    return Promise.all(files.map((file) => entryOf(root, file)));
  }),
  entriesByFiles: action(z.object({ files: z.array(z.object({ path, label: z.string().optional() })) }), (root, { files }) =>
    Promise.all(files.map((file) => entryOf(root, file.path, file.label))),
  ),
  getEntry: action(z.object({ path }), (root, params) => entryOf(root, params.path)),
  persistEntry: action(
    z.object({ entry: dataFile.optional(), dataFiles: z.array(dataFile).optional(), assets: z.array(asset).default([]) }),
    async (root, params) => {
      const dataFiles = params.dataFiles ?? (params.entry ? [params.entry] : []);
      // The photographs first: the entry that names one is then built with it there.
      await writeAll(root, [...params.assets.map(image), ...dataFiles.map((file) => ({ path: file.path, kind: "content" as const, bytes: file.raw }))]);
      return { message: "entry persisted" };
    },
  ),
  getMedia: action(z.object({ mediaFolder: path }), async (root, { mediaFolder }) => {
    const files = await filesIn(root, mediaFolder, "image");
    return Promise.all(files.filter((file) => IMAGE_FILE.test(file)).map((file) => mediaOf(root, file)));
  }),
  getMediaFile: action(z.object({ path }), (root, params) => mediaOf(root, params.path)),
  persistMedia: action(z.object({ asset }), async (root, params) => {
    await writeAll(root, [image(params.asset)]);
    return mediaOf(root, params.asset.path);
  }),
  deleteFile: action(z.object({ path }), (root, params) => deleteAll(root, [params.path])),
  deleteFiles: action(z.object({ paths: z.array(path) }), (root, params) => deleteAll(root, params.paths)),
  getDeployPreview: action(z.object({}), async () => null),
};

async function deleteAll(root: string, paths: string[]) {
  const files = await Promise.all(paths.map((file) => cmsFile(root, file)));
  for (const file of files) await rm(file, { force: true });
  return { message: `deleted ${paths.join(", ")}` };
}

/** Each kind of value, as a refusal names it. */
const KIND_WORDS: Record<string, string> = { string: "text", number: "a number", array: "a list", object: "a set of fields", boolean: "true or false" };

/** The first thing wrong with a request's shape, in words: where in it, and what it should be. */
function shapeMistake(where: string, error: z.ZodError): string {
  const issue = error.issues[0];
  const at = [where, ...issue.path.map(String)].filter(Boolean).join(".") || "its body";
  if (issue.code === "invalid_type") return `${at} is missing or is not ${KIND_WORDS[issue.expected] ?? issue.expected}`;
  return `${at} ${issue.message}`;
}

const request = z.object({ action: z.string(), params: z.record(z.string(), z.unknown()).default({}) });

/** What the request asks, checked: a known action with its params in their shape. */
function parsedRequest(root: string, body: Buffer) {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch {
    throw new Refused(400, "the request's body is not JSON: the CMS's backend reads a JSON object {action, params}");
  }
  const asked = request.safeParse(json);
  if (!asked.success) throw new Refused(400, `the request is not an action of the CMS: ${shapeMistake("", asked.error)}`);
  const { action: name, params } = asked.data;
  if (!Object.hasOwn(ACTIONS, name))
    throw new Refused(400, `${quoted(name)} is not an action of the CMS's backend; it answers ${Object.keys(ACTIONS).join(", ")}`);
  return { name, answer: ACTIONS[name as keyof typeof ACTIONS](root, name, params) };
}

/** The body, or null as soon as it is over `limit` bytes: what was read is let go and the rest is not read. */
function bodyOf(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const read = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off("data", read).pause();
      chunks.length = 0;
      done(null);
    };
    req
      .on("data", read)
      .once("end", () => done(Buffer.concat(chunks)))
      .once("error", fail);
  });
}

/** Answers one POST of the CMS's local backend for the project at `root` (the dev server's working folder). */
export async function answerCms(root: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "X-Content-Type-Options": "nosniff", ...headers }).end(JSON.stringify(body));
  // Told in the terminal too: a refusal may be another site's page trying to change the project.
  const refused = (status: number, error: string, headers?: Record<string, string>) => {
    console.error(`[dev] CMS: refused (${status}): ${error}`);
    json(status, { error }, headers);
  };
  // A body not read is not waited for: the connection closes once the refusal is sent.
  const refuse = (status: number, error: string) => refused(status, error, { Connection: "close" });
  if (req.method !== "POST") return void refuse(405, "the CMS's backend answers POST only");
  const foreign = foreignSender(req);
  if (foreign) return void refuse(403, foreign);
  const type = req.headers["content-type"] ?? "";
  if (!JSON_TYPE.test(type)) return void refuse(415, `the CMS's backend reads Content-Type: application/json only, not ${quoted(type)}`);
  const tooLarge = `the request is over ${BODY_LIMIT / 1024 / 1024} MB, the most the CMS's backend reads: upload a smaller photograph (a JPEG of at most 18 MB)`;
  if (Number(req.headers["content-length"] ?? 0) > BODY_LIMIT) return void refuse(413, tooLarge);
  const body = await bodyOf(req, BODY_LIMIT);
  if (!body) return void refuse(413, tooLarge);
  let name = "the request";
  try {
    const asked = parsedRequest(root, body);
    name = asked.name;
    json(200, await asked.answer());
  } catch (error) {
    if (error instanceof Refused) return void refused(error.status, error.message);
    // Node's own words name the machine's paths: the terminal gets them relative to the project, the CMS none.
    const real = await realpath(root).catch(() => root);
    const message = (error as Error).message.replaceAll(`${real}/`, "").replaceAll(`${root}/`, "");
    console.error(`[dev] CMS: ${name} failed: ${message}`);
    json(500, { error: `the dev server could not do ${name}: its terminal says why` });
  }
}
