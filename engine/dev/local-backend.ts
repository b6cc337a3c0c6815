// The CMS's local backend (decap-server's protocol) in the dev server: it answers the CMS of this dev server only,
// touches only the files the CMS edits, each as itself (never through a link), and writes each whole (one save).
import { createHash } from "node:crypto";
import { lstat, mkdir, readdir, readFile, realpath, rm } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { basename, dirname, join, sep } from "node:path";
import { z } from "zod";
import { cmsCollections } from "../content/cms-config.ts";
import { IMAGE_FILE } from "../media/image-modules.ts";
import { writeWhole } from "../state/files.ts";

/** The largest body read: a 18 MB photograph is 24 MB as the base64 the CMS sends. */
export const BODY_LIMIT = 25 * 1024 * 1024;
const JSON_TYPE = /^application\/json\s*(;\s*charset="?utf-8"?\s*)?$/i;
/** A refusal: the status to answer, and why in plain words that name no path of the machine. */
const refusal = (status: number, message: string) => Object.assign(new Error(message), { refusedWith: status });

const collections = cmsCollections();
/** The files of *Pages and facts* (not content/redirects.yaml, which is left to developers). */
const CONTENT_FILES = new Set(collections.flatMap((collection) => collection.files?.map((file) => file.file) ?? []));
const ENTRY_FOLDERS = collections.flatMap((collection) => (collection.folder ? [collection.folder] : []));
const IMAGE_FOLDER = "art";
const NO_LINKS = "the CMS reads and writes the files in content/ and art/ themselves, never through a link, which may lead out of the project";
const KINDS = {
  content: {
    edits: (path: string) => CONTENT_FILES.has(path) || (ENTRY_FOLDERS.includes(path.slice(0, path.lastIndexOf("/"))) && path.endsWith(".md")),
    words: `the content files content/collections.ts describes (${[...CONTENT_FILES, ...ENTRY_FOLDERS.map((folder) => `${folder}/*.md`)].join(", ")})`,
  },
  image: {
    edits: (path: string) => path.startsWith(`${IMAGE_FOLDER}/`) && IMAGE_FILE.test(path),
    words: `the images in ${IMAGE_FOLDER}/ (.jpg, .jpeg, .png, .webp, .svg)`,
  },
};
type FileKind = keyof typeof KINDS;
/** A path as the CMS writes it: relative, with / between its parts, none of them empty, `.`, `..` or hidden. */
const isPlainPath = (path: string) => path.length <= 500 && path.split("/").every((part) => /^[^./\\\0][^/\\\0]*$/.test(part));
export const quoted = (sent: string, longest = 120) => JSON.stringify(sent.length > longest ? `${sent.slice(0, longest)}…` : sent);

async function cmsFile(root: string, path: string, kinds: FileKind[] = ["content", "image"]): Promise<string> {
  const edited = kinds.map((kind) => KINDS[kind].words).join(" and ");
  if (!isPlainPath(path) || !kinds.some((kind) => KINDS[kind].edits(path)))
    throw refusal(403, `${quoted(path)} is not a file the CMS may read or change here: it edits ${edited} only`);
  return ownPath(root, path, "file");
}

function orMissing<T>(missing: T) {
  return (error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? missing : Promise.reject(error));
}

/** `path` of the project as itself: no part of it is a link (a link may lead anywhere), and what exists of it
 * is, as the disk resolves it, inside its top folder. What is not there yet the write makes, as a plain file. */
async function ownPath(root: string, path: string, kind: "file" | "folder"): Promise<string> {
  const parts = path.split("/");
  let reached = root;
  for (const [i, part] of parts.entries()) {
    const next = join(reached, part);
    const stats = await lstat(next).catch(orMissing(null));
    if (!stats) break;
    const named = parts.slice(0, i + 1).join("/");
    if (stats.isSymbolicLink()) throw refusal(403, `${named} is a symbolic link: ${NO_LINKS}`);
    if (i === parts.length - 1 && (kind === "file" ? !stats.isFile() : !stats.isDirectory())) throw refusal(403, `${named} is not a ${kind}`);
    reached = next;
  }
  const project = await realpath(root);
  const top = join(project, parts[0]);
  const real = await realpath(reached);
  if (real !== project && real !== top && !real.startsWith(`${top}${sep}`)) throw refusal(403, `${quoted(path)} leads out of the project's ${parts[0]}/`);
  return join(root, path);
}

/** Why a request sent by a page of another origin (a form another site posts, a fetch from another port) is
 * refused; undefined when the CMS's own page, or no browser, sent it. */
function foreignSender(req: IncomingMessage): string | undefined {
  const own = `http://${req.headers.host?.toLowerCase()}`;
  const { origin } = req.headers;
  if (origin !== undefined && origin.toLowerCase() !== own)
    return `the CMS's backend answers the CMS at ${own}/admin/ only, not a page of ${quoted(origin, 100)}: another site's page must not change the project's files`;
  const site = req.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin")
    return `the CMS's backend answers the CMS at ${own}/admin/ only, not a request a browser sent from elsewhere (Sec-Fetch-Site: ${quoted(String(site), 100)})`;
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
async function entryOf(root: string, path: string, label?: string) {
  const bytes = await readFile(await cmsFile(root, path, ["content"])).catch(orMissing(null));
  return { data: bytes?.toString("utf8") ?? null, file: { path, label, id: bytes ? sha256(bytes) : null } };
}

async function mediaOf(root: string, path: string) {
  // An image a content file names outside art/photos/ (art/hero.svg) Decap looks for in its media folder.
  const bytes = await readFile(await cmsFile(root, path, ["image"])).catch(orMissing(null));
  if (!bytes) throw refusal(404, `${quoted(path)} is not an image of the project`);
  return { id: sha256(bytes), content: bytes.toString("base64"), encoding: "base64", path, name: basename(path) };
}

/** The plain files of a folder the CMS lists: a link among them is left out, never followed. */
async function filesIn(root: string, folder: string, kind: FileKind, matches: (name: string) => boolean): Promise<string[]> {
  const [listed, lists] =
    kind === "content"
      ? [ENTRY_FOLDERS.includes(folder), ENTRY_FOLDERS.join(", ")]
      : [isPlainPath(folder) && `${folder}/`.startsWith(`${IMAGE_FOLDER}/`), `${IMAGE_FOLDER}/ and its folders`];
  if (!listed) throw refusal(403, `${quoted(folder)} is not a folder the CMS lists: it lists ${lists}`);
  const entries = await readdir(await ownPath(root, folder, "folder"), { withFileTypes: true }).catch(orMissing([]));
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith(".") && matches(entry.name))
    .map((entry) => `${folder}/${entry.name}`)
    .sort();
}

/** Writes the files in turn, once every one of them is checked. */
async function writeAll(root: string, files: { path: string; kind: FileKind; bytes: string | Buffer }[]): Promise<void> {
  const checked = [];
  for (const { path, kind, bytes } of files) checked.push({ file: await cmsFile(root, path, [kind]), bytes });
  for (const { file, bytes } of checked) {
    await mkdir(dirname(file), { recursive: true });
    await writeWhole(file, bytes);
  }
}

async function deleteAll(root: string, paths: string[]) {
  const files = await Promise.all(paths.map((file) => cmsFile(root, file)));
  for (const file of files) await rm(file, { force: true });
  return { message: `deleted ${paths.join(", ")}` };
}

const path = z.string();
const dataFile = z.object({ path, raw: z.string() });
const asset = z.object({
  path,
  content: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: "is not base64" }),
  encoding: z.literal("base64", { error: "is not base64" }),
});
const image = (file: z.output<typeof asset>) => ({ path: file.path, kind: "image" as const, bytes: Buffer.from(file.content, "base64") });

const action =
  <Params extends z.ZodType>(params: Params, answer: (root: string, params: z.output<Params>) => Promise<unknown>) =>
  (root: string, name: string, sent: unknown) => {
    const shaped = params.safeParse(sent);
    if (!shaped.success) throw refusal(400, `${name}: ${shapeMistake("params", shaped.error)}`);
    return answer(root, shaped.data);
  };

const ACTIONS = {
  info: action(z.object({}), async (root) => ({ repo: basename(root), publish_modes: ["simple"], type: "local_fs" })),
  entriesByFolder: action(z.object({ folder: path, extension: z.literal("md", { error: "is not md" }) }), async (root, { folder }) => {
    const files = await filesIn(root, folder, "content", (name) => name.endsWith(".md"));
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
    const files = await filesIn(root, mediaFolder, "image", (name) => IMAGE_FILE.test(name));
    return Promise.all(files.map((file) => mediaOf(root, file)));
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

const KIND_WORDS: Record<string, string> = { string: "text", number: "a number", array: "a list", object: "a set of fields", boolean: "true or false" };
function shapeMistake(where: string, error: z.ZodError): string {
  const issue = error.issues[0];
  const at = [where, ...issue.path.map(String)].filter(Boolean).join(".") || "its body";
  if (issue.code === "invalid_type") return `${at} is missing or is not ${KIND_WORDS[issue.expected] ?? issue.expected}`;
  return `${at} ${issue.message}`;
}

const request = z.object({ action: z.string(), params: z.record(z.string(), z.unknown()).default({}) });

function jsonOf(body: Buffer): unknown {
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch {
    throw refusal(400, "the request's body is not JSON: the CMS's backend reads a JSON object {action, params}");
  }
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
    req.on("data", read).once("error", fail);
    req.once("end", () => done(Buffer.concat(chunks)));
  });
}

export async function answerCms(root: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "X-Content-Type-Options": "nosniff", ...headers }).end(JSON.stringify(body));
  // Told in the terminal too (it may be another site's page at work); a body left unread closes the connection.
  const refuse = (status: number, error: string, headers: Record<string, string> = { Connection: "close" }) => {
    console.error(`[dev] CMS: refused (${status}): ${error}`);
    json(status, { error }, headers);
  };
  if (req.method !== "POST") return void refuse(405, "the CMS's backend answers POST only");
  const foreign = foreignSender(req);
  if (foreign) return void refuse(403, foreign);
  const type = req.headers["content-type"] ?? "";
  if (!JSON_TYPE.test(type)) return void refuse(415, `the CMS's backend reads Content-Type: application/json only, not ${quoted(type)}`);
  const tooLarge = `the request is over ${BODY_LIMIT / 1024 / 1024} MB, the most the CMS's backend reads: upload a smaller photograph (a JPEG of at most 18 MB)`;
  const body = Number(req.headers["content-length"] ?? 0) > BODY_LIMIT ? null : await bodyOf(req, BODY_LIMIT);
  if (!body) return void refuse(413, tooLarge);
  let name = "the request";
  try {
    const asked = request.safeParse(jsonOf(body));
    if (!asked.success) throw refusal(400, `the request is not an action of the CMS: ${shapeMistake("", asked.error)}`);
    if (!Object.hasOwn(ACTIONS, asked.data.action))
      throw refusal(400, `${quoted(asked.data.action)} is not an action of the CMS's backend; it answers ${Object.keys(ACTIONS).join(", ")}`);
    name = asked.data.action;
    json(200, await ACTIONS[name as keyof typeof ACTIONS](root, name, asked.data.params));
  } catch (error) {
    if (error instanceof Error && "refusedWith" in error) return void refuse(Number(error.refusedWith), error.message, {});
    // Node's own words name the machine's paths: the terminal gets them relative to the project, the CMS none.
    const real = await realpath(root).catch(() => root);
    const message = (error as Error).message.replaceAll(`${real}/`, "").replaceAll(`${root}/`, "");
    console.error(`[dev] CMS: ${name} failed: ${message}`);
    json(500, { error: `the dev server could not do ${name}: its terminal says why` });
  }
}
