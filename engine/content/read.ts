// Reads a content file of the project and checks it (check.ts), with the site's facts and its images' sizes.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LineCounter, parseDocument } from "yaml";
import { imageSize } from "../media/image-modules.ts";
import { readIfExists } from "../state/files.ts";
import { ContentError, checkContent, collectionOf, SITE_FILE, siteFacts } from "./check.ts";
import { lineOf, type Path } from "./fields.ts";

export function inProject(path: string): { root: string; file: string } | undefined {
  const absolute = path.split("\\").join("/").replace(/\/$/, "");
  const at = absolute.lastIndexOf("/content/");
  return at < 0 ? undefined : { root: absolute.slice(0, at), file: absolute.slice(at + 1) };
}

export function contentFileOf(path: string): { root: string; file: string } | undefined {
  const found = inProject(path);
  return found && collectionOf(found.file) ? found : undefined;
}

/** A byte that is not UTF-8 (Latin-1's "café": 63 61 66 E9) is refused with its line, not published as "caf�". */
export function contentText(file: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    // Read again, each wrong byte (or character cut short) as one U+FFFD; a U+FFFD written as its bytes is text.
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    const byteAt = (index: number) => new TextEncoder().encode(text.slice(0, index)).length;
    const written = (at: number) => bytes[at] === 0xef && bytes[at + 1] === 0xbf && bytes[at + 2] === 0xbd;
    const index = [...text.matchAll(/\uFFFD/g)].map((match) => match.index).find((index) => !written(byteAt(index)))!;
    const lines = text.slice(0, index).split("\n");
    const before = lines[lines.length - 1].replace(/^\uFEFF/, "").slice(-20);
    const byte = bytes[byteAt(index)].toString(16).toUpperCase().padStart(2, "0");
    throw new ContentError([
      `${file}:${lines.length} holds the byte ${byte} after ${JSON.stringify(before)}, which is not UTF-8 text; save the file as UTF-8 (in most editors: File, Save with Encoding, UTF-8) and write the character again`,
    ]);
  }
}

export function readContentText(root: string, file: string): string {
  return contentText(file, readFileSync(join(root, file)));
}

/** For a check made after the file's own (the redirects' against the routes); 1 where the file is gone. */
export function yamlLines(root: string, file: string): (path: Path) => number {
  const source = readIfExists(join(root, file))?.toString("utf8");
  if (source === undefined) return () => 1;
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines });
  return (path) => lineOf(doc, lines, path);
}

export function readContentFile(root: string, file: string, text: string): { data: unknown; advice: string[] } {
  const facts = file === SITE_FILE ? undefined : (siteFacts(readContentText(root, SITE_FILE)) as object);
  const { data, problems, images, advice, where } = checkContent(file, text, facts);
  for (const { path, image } of images) {
    const at = `${file}:${where([...path, "src"])} src`;
    const bytes = readIfExists(join(root, image.src));
    try {
      if (!bytes) throw new Error(`"${image.src}" is not a file of the project; put the image there, or write the path of one that is`);
      Object.assign(image, imageSize(bytes, image.src));
    } catch (error) {
      problems.push({ text: `${at}: ${(error as Error).message}`, path });
    }
  }
  if (problems.length) throw new ContentError(problems);
  return { data, advice };
}
