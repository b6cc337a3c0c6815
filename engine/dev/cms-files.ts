// The files the CMS's local backend may read, write and delete: the content files the CMS's configuration
// edits (each file of its *Pages and facts*, a folder collection's Markdown entries) and the images in
// art/, and each only as itself, never through a symbolic link. Any other path (engine/content/tokens.ts, whose
// first line the dev server would run; a link leading out of the project) is refused with 403.
import { lstat, realpath } from "node:fs/promises";
import { join, sep } from "node:path";
import { cmsCollections } from "../content/cms-config.ts";
import { IMAGE_FILE } from "../media/image-modules.ts";

/** A request the backend refuses: its status and what it says (in plain words, naming no path of the machine). */
export class Refused extends Error {
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
export type FileKind = "content" | "image";

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
  const folder = path.slice(0, path.lastIndexOf("/"));
  if (ENTRY_FOLDERS.includes(folder) && path.endsWith(".md")) return "content";
  if (path.startsWith(`${IMAGE_FOLDER}/`) && IMAGE_FILE.test(path)) return "image";
  return undefined;
}

/**
 * The file at `path` (project-relative) on disk, when the CMS may touch it as one of `kinds`: no part of the
 * path is a symbolic link (a link's target is wherever it points, so none is followed), what exists of it
 * resolves inside the project's folder, and the file, if it is there, is a plain file.
 */
export async function cmsFile(root: string, path: string, kinds: FileKind[] = ["content", "image"]): Promise<string> {
  const kind = kindOf(path);
  if (!kind || !kinds.includes(kind)) {
    throw new Refused(
      403,
      `${quoted(path)} is not a file the CMS may read or change here: it edits ${kinds.map((wanted) => EDITED[wanted]).join(" and ")} only`,
    );
  }
  return ownPath(root, path, "file");
}

/** A folder the CMS lists, as `cmsFile` checks a file: a folder collection's (`content`), or one of art/ (`image`). */
export async function cmsFolder(root: string, path: string, kind: FileKind): Promise<string> {
  const listed = kind === "content" ? ENTRY_FOLDERS.includes(path) : isPlainPath(path) && `${path}/`.startsWith(`${IMAGE_FOLDER}/`);
  if (!listed)
    throw new Refused(
      403,
      `${quoted(path)} is not a folder the CMS lists: it lists ${kind === "content" ? ENTRY_FOLDERS.join(", ") : `${IMAGE_FOLDER}/ and its folders`}`,
    );
  return ownPath(root, path, "folder");
}

/** `path` of the project as itself: neither it nor a folder on its way is a link, and what exists of it is
 * (as the disk resolves it) inside its top folder, content/ or art/. */
async function ownPath(root: string, path: string, kind: "file" | "folder"): Promise<string> {
  const parts = path.split("/");
  let reached = root;
  for (const [i, part] of parts.entries()) {
    const next = join(reached, part);
    const stats = await lstat(next).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return null;
      throw error;
    });
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
