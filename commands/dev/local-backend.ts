// The CMS's local backend, answered by the dev server itself (no second process): the JSON actions that
// Decap CMS's proxy backend posts (decap-server's protocol). It reads and writes the project's content/
// and art/ folders only, and writes each file whole (a temporary file renamed over it), so the watcher
// sees one save and the dev server patches the open pages as it does for any save.
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, realpath, rm } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { basename, dirname, join, normalize, sep } from "node:path";
import { writeWhole } from "../../steps/files.ts";

/** The folders the CMS may read and write: what the firm edits. */
const EDITABLE = ["content", "art"];

/** A request the backend refuses: its status and what it says. */
class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A path the CMS names, checked: relative, inside content/ or art/, and (through any link) inside the project. */
async function confined(root: string, path: unknown): Promise<string> {
  const name = typeof path === "string" ? normalize(path).split(sep).join("/") : "";
  if (!name || name.startsWith("/") || name.split("/").includes("..") || !EDITABLE.some((folder) => name.startsWith(`${folder}/`)))
    throw new Refused(403, `${String(path)} is not a file the CMS may change: it edits ${EDITABLE.map((folder) => `${folder}/`).join(" and ")} only`);
  const real = await realpath(root);
  let parent = join(root, dirname(name));
  // The nearest folder that exists, as the disk resolves it, must be the project's.
  for (;;) {
    try {
      parent = await realpath(parent);
      break;
    } catch {
      parent = dirname(parent);
    }
  }
  if (parent !== real && !parent.startsWith(`${real}${sep}`)) throw new Refused(403, `${name} leads out of the project`);
  return join(root, name);
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A file as an entry: its text and its id (the hash of its bytes), or no data when it is missing. */
async function entryOf(root: string, path: string, label?: string) {
  try {
    const bytes = await readFile(await confined(root, path));
    return { data: bytes.toString("utf8"), file: { path, label, id: sha256(bytes) } };
  } catch (error) {
    if (error instanceof Refused) throw error;
    return { data: null, file: { path, label, id: null } };
  }
}

async function mediaOf(root: string, path: string) {
  const bytes = await readFile(await confined(root, path));
  return { id: sha256(bytes), content: bytes.toString("base64"), encoding: "base64", path, name: basename(path) };
}

/** The files of a folder with this extension, `depth` folders deep, as project paths. */
async function filesIn(root: string, folder: string, extension: string, depth: number): Promise<string[]> {
  if (depth <= 0) return [];
  const entries = await readdir(await confined(root, `${folder}/.`), { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? filesIn(root, `${folder}/${entry.name}`, extension, depth - 1)
        : entry.name.endsWith(extension) && !entry.name.startsWith(".")
          ? [`${folder}/${entry.name}`]
          : [],
    ),
  );
  return nested.flat();
}

/** Writes a file of the project whole (its folder made first). */
async function write(root: string, path: string, bytes: string | Buffer): Promise<void> {
  const target = await confined(root, path);
  await mkdir(dirname(target), { recursive: true });
  await writeWhole(target, bytes);
}

interface Asset {
  path: string;
  content: string;
  encoding: BufferEncoding;
}
type Params = Record<string, unknown>;

/** What one action answers. */
async function answer(root: string, action: string, params: Params): Promise<unknown> {
  switch (action) {
    case "info":
      return { repo: basename(root), publish_modes: ["simple"], type: "local_fs" };
    case "entriesByFolder": {
      const files = await filesIn(root, String(params.folder), String(params.extension ?? ""), Number(params.depth ?? 1));
      return Promise.all(files.map((path) => entryOf(root, path)));
    }
    case "entriesByFiles":
      return Promise.all((params.files as { path: string; label?: string }[]).map((file) => entryOf(root, file.path, file.label)));
    case "getEntry":
      return entryOf(root, String(params.path));
    case "persistEntry": {
      const entry = params.entry as { path: string; raw: string } | undefined;
      const dataFiles = (params.dataFiles as { path: string; raw: string }[] | undefined) ?? (entry ? [entry] : []);
      const assets = (params.assets as Asset[] | undefined) ?? [];
      // The photos first: the entry that names one is then built with it there.
      for (const asset of assets) await write(root, asset.path, Buffer.from(asset.content, asset.encoding));
      for (const file of dataFiles) await write(root, file.path, file.raw);
      return { message: "entry persisted" };
    }
    case "getMedia": {
      const files = await filesIn(root, String(params.mediaFolder), "", 1);
      return Promise.all(files.map((path) => mediaOf(root, path)));
    }
    case "getMediaFile":
      return mediaOf(root, String(params.path));
    case "persistMedia": {
      const asset = params.asset as Asset;
      await write(root, asset.path, Buffer.from(asset.content, asset.encoding));
      return mediaOf(root, asset.path);
    }
    case "deleteFile":
    case "deleteFiles": {
      const paths = action === "deleteFile" ? [String(params.path)] : (params.paths as string[]);
      for (const path of paths) await rm(await confined(root, path), { force: true });
      return { message: `deleted ${paths.join(", ")}` };
    }
    case "getDeployPreview":
      return null;
    default:
      throw new Refused(422, `unknown action ${action}`);
  }
}

/** Answers one POST of the CMS's local backend for the project at `root`. */
export async function answerCms(root: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const json = (status: number, body: unknown) => res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
  if (req.method !== "POST") return void json(405, { error: "the CMS's backend answers POST only" });
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const { action, params } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { action: string; params?: Params };
    json(200, await answer(root, action, params ?? {}));
  } catch (error) {
    const status = error instanceof Refused ? error.status : 500;
    console.error(`[dev] CMS: ${(error as Error).message}`);
    json(status, { error: (error as Error).message });
  }
}
