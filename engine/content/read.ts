// Reads one content file of the project and checks it (check.ts): its bytes as UTF-8 text, the site's facts
// its {{ tokens }} name from content/site.yaml, and each image it names read for its size.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LineCounter, parseDocument } from "yaml";
import { imageSize } from "../media/image-modules.ts";
import { readIfExists } from "../state/files.ts";
import { ContentError, checkContent, collectionOf, SITE_FILE, siteFacts } from "./check.ts";
import { lineOf, type Path } from "./fields.ts";

/** A content file's project and its path there ("content/services.yaml"), or undefined for a file that is
 * not content. The project is the folder holding its content/ folder: the pages may be another's (a test's). */
export function contentFileOf(path: string): { root: string; file: string } | undefined {
  const absolute = path.split("\\").join("/");
  const at = absolute.lastIndexOf("/content/");
  if (at < 0) return undefined;
  const file = absolute.slice(at + 1);
  return collectionOf(file) ? { root: absolute.slice(0, at), file } : undefined;
}

/** The text of UTF-8 bytes (a byte-order mark dropped), or undefined where a byte is not UTF-8. */
function strictText(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** A content file's text from its bytes, read as UTF-8. A byte that is not UTF-8 (a file saved as Latin-1:
 * "café" as 63 61 66 E9) is refused with its line, not read as "caf�" and published. */
export function contentText(file: string, bytes: Uint8Array): string {
  const text = strictText(bytes);
  if (text !== undefined) return text;
  // UTF-8 holds no byte 0A within a character, so the lines are read in turn to find the first that fails.
  for (let start = 0, line = 1; ; line++) {
    const end = bytes.indexOf(0x0a, start);
    const bytesOfLine = bytes.subarray(start, end < 0 ? bytes.length : end);
    if (strictText(bytesOfLine) === undefined) {
      const at = firstWrongByte(bytesOfLine);
      const before = new TextDecoder().decode(bytesOfLine.subarray(0, at)).slice(-20);
      const byte = bytesOfLine[at].toString(16).toUpperCase().padStart(2, "0");
      throw new ContentError([
        `${file}:${line} holds the byte ${byte} after ${JSON.stringify(before)}, which is not UTF-8 text; save the file as UTF-8 (in most editors: File, Save with Encoding, UTF-8) and write the character again`,
      ]);
    }
    start = end + 1;
  }
}

/** Where the first character of a line that is not UTF-8 starts (one cut short at the end: where it starts). */
function firstWrongByte(bytes: Uint8Array): number {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let start = 0;
  for (let at = 0; at < bytes.length; at++) {
    try {
      decoder.decode(bytes.subarray(at, at + 1), { stream: true });
    } catch {
      // Wrong is the character begun before it, where that one still wanted bytes (E9 then a space); else this byte.
      const lead = bytes[start];
      const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
      return start < at && at - start < length ? start : at;
    }
    // A character starts at a byte that is not 10xxxxxx.
    if ((bytes[at] & 0xc0) !== 0x80) start = at;
  }
  return start;
}

/** The text of the content file `file` of `root`. */
export function readContentText(root: string, file: string): string {
  return contentText(file, readFileSync(join(root, file)));
}

/** Where each field of a YAML content file is written, for a check made after the file's own (the
 * redirects' against the routes, engine/outputs/hosts/index.ts): a path's line, or 1 where the file is gone. */
export function yamlLines(root: string, file: string): (path: Path) => number {
  const source = readIfExists(join(root, file))?.toString("utf8");
  if (source === undefined) return () => 1;
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines });
  return (path) => lineOf(doc, lines, path);
}

/** A content file's data, checked, and the advice on it (printed, not an error). Throws a ContentError naming every problem. */
export function readContentFile(root: string, file: string, text: string): { data: unknown; advice: string[] } {
  const facts = file === SITE_FILE ? undefined : (siteFacts(readContentText(root, SITE_FILE)) as object);
  const { data, problems, images, advice, where } = checkContent(file, text, facts);
  // Each image's file is read for its size, which a page needs before the file is encoded.
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
  if (problems.length)
    throw new ContentError(
      problems.map(({ text }) => text),
      problems,
    );
  return { data, advice };
}
