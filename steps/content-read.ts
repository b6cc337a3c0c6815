// Reads one content file (YAML, or Markdown with YAML front matter) and checks it against its collection's
// schema (content/collections.ts): its data, with the site's facts in its {{ tokens }}, or a ContentError
// naming each problem with the file and line, the field, what was found and what to write; and advice
// (a summary shorter than a search result shows), printed, never an error.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Alias, isAlias, isNode, LineCounter, parseDocument, visit } from "yaml";
import type { z } from "zod";
import { collections, folders, pageFacts, site as siteSchema } from "../content/collections.ts";
import { readBody, sectionsOf } from "../content/markdown-reader.ts";
import { fillTokens, TOKEN } from "../content/tokens.ts";
import { explain, fieldName, imagesIn, lineOf, type Path, schemaAt, zodDef } from "./content-fields.ts";
import { readIfExists } from "./files.ts";
import { imageSize } from "./image-modules.ts";
import { FOLDER_INDEX, SLUG } from "./routes.ts";

export const SITE_FILE = "content/site.yaml";

/** Content that fails its schema: every problem found in the file, each on a line of its own. */
export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "ContentError";
  }
}

/** The collection `file` (a project path) is a part of: the schema it meets, and for an entry of a folder its
 * slug (its name); undefined for a file that is no collection's. */
export function collectionOf(file: string): { schema: z.ZodType; slug?: string } | undefined {
  if (file in collections) return { schema: collections[file as keyof typeof collections] };
  const folder = file.slice(0, file.lastIndexOf("/"));
  if (folder in folders && file.endsWith(".md")) return { schema: folders[folder as keyof typeof folders].entry, slug: file.slice(folder.length + 1, -3) };
  return undefined;
}

/** A content file's project and its path there ("content/services.yaml"), or undefined for a file that is
 * not content. The project is the folder holding its content/ folder: the pages may be another's (a test's). */
export function contentFileOf(path: string): { root: string; file: string } | undefined {
  const absolute = path.split("\\").join("/");
  const at = absolute.lastIndexOf("/content/");
  if (at < 0) return undefined;
  const file = absolute.slice(at + 1);
  return collectionOf(file) ? { root: absolute.slice(0, at), file } : undefined;
}

/** Every token written in the data's texts that the site's facts do not hold, with its path. */
function unknownTokens(data: unknown, known: Set<string>, path: Path = []): { token: string; path: Path }[] {
  if (typeof data === "string") return [...data.matchAll(TOKEN)].filter(([, name]) => !known.has(name)).map(([token]) => ({ token, path }));
  if (Array.isArray(data)) return data.flatMap((item, i) => unknownTokens(item, known, [...path, i]));
  if (data && typeof data === "object") return Object.entries(data).flatMap(([key, value]) => unknownTokens(value, known, [...path, key]));
  return [];
}

/** The tokens any text may hold: each text or number of the site's facts, by its path (company.name). */
function knownTokens(schema: z.ZodType = siteSchema, prefix = ""): Set<string> {
  const def = zodDef(schema);
  if (def.type === "object" && def.shape)
    return new Set(Object.entries(def.shape).flatMap(([key, field]) => [...knownTokens(field, prefix ? `${prefix}.${key}` : key)]));
  return new Set(def.type === "string" || def.type === "number" || def.type === "int" ? [prefix] : []);
}

/** What an editor's menu calls saving a file as UTF-8, for a file that is not. */
const SAVE_AS_UTF8 = "save the file as UTF-8 (in most editors: File, Save with Encoding, UTF-8) and write the character again";

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
      throw new ContentError([`${file}:${line} holds the byte ${byte} after ${JSON.stringify(before)}, which is not UTF-8 text; ${SAVE_AS_UTF8}`]);
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

/** The text of the content file `file` of `root` (contentText). */
export function readContentText(root: string, file: string): string {
  return contentText(file, readFileSync(join(root, file)));
}

/** A Markdown file's front matter (the YAML between its --- lines) and body, and the line each starts on. */
function splitMarkdown(file: string, source: string): { front: string; body: string; bodyLine: number } {
  const match = /^---\r?\n([\s\S]*?\r?\n)?---[ \t]*(?:\r?\n|$)/.exec(source);
  if (!match) throw new ContentError([`${file}:1 has no fields at its top; start it with a line ---, then its fields (title: …), then another ---`]);
  return { front: match[1] ?? "", body: source.slice(match[0].length), bodyLine: match[0].split("\n").length };
}

/** A parsed file's data, its aliases (*name) resolved; a ContentError naming the line of an alias that names
 * no value above it, or where aliases copy values so many times over (yaml's limit: 100) that reading them
 * would take the memory, the line of the first. */
function resolvedAliases(file: string, frontLine: number, doc: ReturnType<typeof parseDocument>, lines: LineCounter): unknown {
  try {
    return doc.toJS();
  } catch (error) {
    if (!(error instanceof ReferenceError)) throw error;
    const anchors = new Set<string>();
    let first: Alias | undefined;
    let unnamed: Alias | undefined;
    visit(doc, (_key, node) => {
      if (isAlias(node)) {
        first ??= node;
        if (!anchors.has(node.source)) unnamed ??= node;
      } else if (isNode(node) && node.anchor) anchors.add(node.anchor);
    });
    const lineOfNode = (node: Alias | undefined) => frontLine + lines.linePos(node?.range?.[0] ?? 0).line;
    if (unnamed)
      throw new ContentError([
        `${file}:${lineOfNode(unnamed)} cannot be read: *${unnamed.source} repeats no value named &${unnamed.source} above it; name the value it repeats &${unnamed.source}, or write the value out`,
      ]);
    throw new ContentError([
      `${file}:${lineOfNode(first)} cannot be read: its aliases${first ? `, from *${first.source} on,` : ""} repeat values more times over than a content file needs; write the values out where they belong`,
    ]);
  }
}

/** Advice on checked data: what each field's `advise` (its schema's meta) says of its value, with its path. */
function adviceOf(schema: z.ZodType | undefined, value: unknown, path: Path = []): { path: Path; text: string }[] {
  if (!schema) return [];
  const advise = (schema.meta() as { advise?: (value: unknown) => string | undefined } | undefined)?.advise;
  const own = advise?.(value);
  const found = own ? [{ path, text: own }] : [];
  if (Array.isArray(value)) return [...found, ...value.flatMap((item, i) => adviceOf(schemaAt(schema, [i], value), item, [...path, i]))];
  if (value && typeof value === "object")
    return [...found, ...Object.entries(value).flatMap(([key, item]) => adviceOf(schemaAt(schema, [key], value), item, [...path, key]))];
  return found;
}

/** The last site.yaml text read as the facts its tokens name, and those facts: each content file is
 * checked with them, and parsing the file again for each of a collection's 1,000 Markdown files took
 * two thirds of its checks (2.1 of 3.1 s). Keyed by the text, so a saved site.yaml is read anew. */
let lastSite: { source: string; facts: unknown } | undefined;

function siteFacts(source: string): unknown {
  if (lastSite?.source !== source) {
    const lines = new LineCounter();
    lastSite = { source, facts: resolvedAliases(SITE_FILE, 0, parseDocument(source, { lineCounter: lines }), lines) };
  }
  return lastSite.facts;
}

/** Where each field of a YAML content file is written, for a check made after the file's own (the
 * redirects' against the routes, steps/hosts/index.ts): a path's line, or 1 where the file is gone. */
export function yamlLines(root: string, file: string): (path: Path) => number {
  const source = readIfExists(join(root, file))?.toString("utf8");
  if (source === undefined) return () => 1;
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines });
  return (path) => lineOf(doc, lines, path);
}

/** A content file's data, checked, and the advice on it (a summary shorter than a search result shows):
 * printed, not an error. Throws a ContentError naming every problem. */
export function readContentFile(root: string, file: string, text: string): { data: unknown; advice: string[] } {
  // A byte-order mark, which some editors write at the start of a UTF-8 file, is no part of the text.
  const source = text.replace(/^\uFEFF/, "");
  const collected = collectionOf(file);
  if (!collected) throw new ContentError([`${file} is not a content file; declare it in content/collections.ts`]);
  const { schema, slug } = collected;
  const markdown = file.endsWith(".md") ? splitMarkdown(file, source) : undefined;
  const frontLine = markdown ? 1 : 0;
  const lines = new LineCounter();
  const doc = parseDocument(markdown ? markdown.front : source, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  // Each said once: yaml may report one overflow of its stack twice.
  if (doc.errors.length)
    throw new ContentError([
      ...new Set(
        doc.errors.map((error) => {
          const at = `${file}:${frontLine + lines.linePos(error.pos[0]).line} cannot be read`;
          // yaml reads each level of nesting within the last, and says so in the engine's words when there are thousands.
          if (error.message.includes("Maximum call stack size exceeded"))
            return `${at}: its lists or fields are nested thousands deep; write them with a level or two, as the file's other fields are`;
          return `${at}: ${error.message.split("\n")[0]}; check the indentation and quotes there`;
        }),
      ),
    ]);
  const problems: string[] = [];
  if (slug !== undefined && !SLUG.test(slug))
    problems.push(`${file}: its name is its page's address, so write it in lowercase letters, digits and single hyphens, such as my-study.md`);
  if (slug === FOLDER_INDEX) {
    const folder = file.slice("content".length, file.lastIndexOf("/"));
    problems.push(
      `${file}: its name is its page's address, and hosts serve a page named index at ${folder}/, another page than ${folder}; rename it, such as my-study.md`,
    );
  }
  let raw = resolvedAliases(file, frontLine, doc, lines);
  // An empty file (or one of comments only) holds nothing for its schema to name: say so, once.
  if ((raw === null || raw === undefined) && !markdown) throw new ContentError([`${file}:1 is empty; write what it holds again, as its comments describe`]);
  let bodyLines: Record<string, number> = {};
  if (markdown) {
    const read = readBody(markdown.body);
    const inFile = (line: number) => markdown.bodyLine + line - 1;
    for (const { line, text } of read.problems) problems.push(`${file}:${inFile(line)} ${text}`);
    // A text refused whole (nested past what marked can read) has no sections to call missing.
    if (read.problems.length > 0 && read.blocks.length === 0) throw new ContentError(problems);
    const bodySchema = zodDef(schema).shape?.body;
    const bySection = bodySchema !== undefined && zodDef(bodySchema).type === "object";
    const split = bySection ? sectionsOf(read.blocks) : undefined;
    for (const line of split?.before ?? [])
      problems.push(`${file}:${inFile(line)} the text begins before its first ## heading; start it with one, such as ## Challenge`);
    // Where a problem of the text is: its section's heading, or for a text in one piece its block's line.
    bodyLines = Object.fromEntries(
      split ? Object.entries(split.lines).map(([name, line]) => [name, inFile(line)]) : read.blocks.map(({ line }, i) => [i, inFile(line)]),
    );
    raw = { ...(raw ?? {}), body: split ? split.sections : read.blocks.map(({ block }) => block) };
  }
  const where = (path: Path) => {
    if (markdown && path[0] === "body") return bodyLines[path[1] as string] ?? markdown.bodyLine;
    return frontLine + lineOf(doc, lines, path);
  };
  // Checked as the visitor will read it: a web address may be a token ({{ newsletter.url }}).
  const facts = file === SITE_FILE ? raw : siteFacts(readContentText(root, SITE_FILE));
  const result = schema.safeParse(fillTokens(raw, facts as object), { reportInput: true });
  // A character the text may not hold is named where it is written, from the field's line on.
  const lineOfIssue = (issue: z.core.$ZodIssue) => {
    const line = where(issue.path as Path);
    const char = (issue as { params?: { char?: string } }).params?.char;
    const found = char ? source.split("\n").findIndex((text, i) => i >= line - 1 && text.includes(char)) : -1;
    return found >= 0 ? found + 1 : line;
  };
  if (!result.success) problems.push(...result.error.issues.map((issue) => explain(file, lineOfIssue(issue), schema, raw, issue, where)));
  // Each image's file is read for its size, which a page needs before the file is encoded.
  for (const { path, image } of result.success ? imagesIn(schema, result.data) : []) {
    const at = `${file}:${where([...path, "src"])} src`;
    const bytes = readIfExists(join(root, image.src));
    if (!bytes) problems.push(`${at}: "${image.src}" is not a file of the project; put the image there, or write the path of one that is`);
    else {
      try {
        Object.assign(image, imageSize(bytes, image.src));
      } catch (error) {
        problems.push(`${at}: ${(error as Error).message}`);
      }
    }
  }
  const known = new Set([...knownTokens(), ...(file in pageFacts ? knownTokens(pageFacts[file as keyof typeof pageFacts]) : [])]);
  // A Markdown text's token is named by its line alone: the blocks it is read into are not the writer's words.
  const named = (path: Path) => (markdown && path[0] === "body" ? "the text" : fieldName(path));
  for (const { token, path } of unknownTokens(raw, known))
    problems.push(`${file}:${where(path)} ${named(path)}: ${token} is not a fact of the site; use one of {{ ${[...known].join(" }}, {{ ")} }}`);
  if (problems.length) throw new ContentError(problems);
  const advice = adviceOf(schema, result.data).map(({ path, text }) => `${file}:${where(path)} ${fieldName(path)} ${text}`);
  return { data: slug === undefined ? result.data : { slug, ...(result.data as object) }, advice };
}
