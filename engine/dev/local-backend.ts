// The CMS's local backend, answered by the dev server itself (no second process): the JSON actions that
// Decap CMS's proxy backend posts (decap-server's protocol). It reads and writes only the files the CMS
// edits (engine/dev/cms-files.ts), and writes each file whole (a temporary file renamed over it), so the
// watcher sees one save and the dev server patches the open pages as it does for any save. It answers the
// CMS of this dev server alone (engine/dev/own-origin.ts), a JSON body of at most BODY_LIMIT bytes, and
// each action's params in the shape the CMS sends them; anything else is refused in plain words.
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, realpath, rm } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { basename, dirname } from "node:path";
import { z } from "zod";
import { IMAGE_FILE } from "../media/image-modules.ts";
import { writeWhole } from "../state/files.ts";
import { cmsFile, cmsFolder, type FileKind, quoted, Refused } from "./cms-files.ts";
import { foreignSender } from "./own-origin.ts";

/** The largest body read: a photograph's worth (a 18 MB photograph is 24 MB as the base64 the CMS sends). */
export const BODY_LIMIT = 25 * 1024 * 1024;
/** What the CMS's proxy backend sends: JSON, in UTF-8 when it says. */
const JSON_TYPE = /^application\/json\s*(;\s*charset="?utf-8"?\s*)?$/i;

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A file as an entry: its text and its id (the hash of its bytes), or no data when it is not there yet. */
async function entryOf(root: string, path: string, label?: string) {
  const file = await cmsFile(root, path, ["content"]);
  const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
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
  const entries = await readdir(await cmsFolder(root, folder, kind), { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith(".") && entry.name.endsWith(extension))
    .map((entry) => `${folder}/${entry.name}`)
    .sort();
}

/** A file to write: checked first, for every file of a request before any is written. */
async function writable(root: string, path: string, kind: FileKind, bytes: string | Buffer) {
  return { file: await cmsFile(root, path, [kind]), bytes };
}

/** Writes the files whole (each one's folder made first). */
async function writeAll(files: { file: string; bytes: string | Buffer }[]): Promise<void> {
  for (const { file, bytes } of files) {
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
const bytesOf = (file: z.output<typeof asset>) => Buffer.from(file.content, "base64");

/** One action: the shape of its params, and its answer. */
interface Action<Params extends z.ZodType> {
  params: Params;
  answer: (root: string, params: z.output<Params>) => Promise<unknown>;
}
const action = <Params extends z.ZodType>(params: Params, answer: Action<Params>["answer"]): Action<Params> => ({ params, answer });

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
      const files = [
        ...(await Promise.all(params.assets.map((file) => writable(root, file.path, "image", bytesOf(file))))),
        ...(await Promise.all(dataFiles.map((file) => writable(root, file.path, "content", file.raw)))),
      ];
      await writeAll(files);
      return { message: "entry persisted" };
    },
  ),
  getMedia: action(z.object({ mediaFolder: path }), async (root, { mediaFolder }) => {
    const files = await filesIn(root, mediaFolder, "image");
    return Promise.all(files.filter((file) => IMAGE_FILE.test(file)).map((file) => mediaOf(root, file)));
  }),
  getMediaFile: action(z.object({ path }), (root, params) => mediaOf(root, params.path)),
  persistMedia: action(z.object({ asset }), async (root, params) => {
    await writeAll([await writable(root, params.asset.path, "image", bytesOf(params.asset))]);
    return mediaOf(root, params.asset.path);
  }),
  deleteFile: action(z.object({ path }), (root, params) => deleteAll(root, [params.path])),
  deleteFiles: action(z.object({ paths: z.array(path) }), (root, params) => deleteAll(root, params.paths)),
  getDeployPreview: action(z.object({}), async () => null),
};
type ActionName = keyof typeof ACTIONS;

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
  return { name, answer: answerOf(ACTIONS[name as ActionName], root, name, params) };
}

/** An action's answer to these params, once they are checked against its shape. */
function answerOf<Params extends z.ZodType>(known: Action<Params>, root: string, name: string, params: unknown): () => Promise<unknown> {
  const shaped = known.params.safeParse(params);
  if (!shaped.success) throw new Refused(400, `${name}: ${shapeMistake("params", shaped.error)}`);
  return () => known.answer(root, shaped.data);
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
