// Reads one content file (YAML, or Markdown with YAML front matter) and checks it against its collection's
// schema (content/collections.ts): its data, with the site's facts in its {{ tokens }}, or a ContentError
// naming each problem with the file and line, the field, what was found and what to write; and advice
// (a summary shorter than a search result shows), printed, never an error.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LineCounter, parseDocument } from "yaml";
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

/** A Markdown file's front matter (the YAML between its --- lines) and body, and the line each starts on. */
function splitMarkdown(file: string, source: string): { front: string; body: string; bodyLine: number } {
  const match = /^---\r?\n([\s\S]*?\r?\n)?---[ \t]*(?:\r?\n|$)/.exec(source);
  if (!match) throw new ContentError([`${file}:1 has no fields at its top; start it with a line ---, then its fields (title: …), then another ---`]);
  return { front: match[1] ?? "", body: source.slice(match[0].length), bodyLine: match[0].split("\n").length };
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
  if (lastSite?.source !== source) lastSite = { source, facts: parseDocument(source).toJS() };
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
export function readContentFile(root: string, file: string, source: string): { data: unknown; advice: string[] } {
  const collected = collectionOf(file);
  if (!collected) throw new ContentError([`${file} is not a content file; declare it in content/collections.ts`]);
  const { schema, slug } = collected;
  const markdown = file.endsWith(".md") ? splitMarkdown(file, source) : undefined;
  const frontLine = markdown ? 1 : 0;
  const lines = new LineCounter();
  const doc = parseDocument(markdown ? markdown.front : source, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length)
    throw new ContentError(
      doc.errors.map(
        (error) =>
          `${file}:${frontLine + lines.linePos(error.pos[0]).line} cannot be read: ${error.message.split("\n")[0]}; check the indentation and quotes there`,
      ),
    );
  const problems: string[] = [];
  if (slug !== undefined && !SLUG.test(slug))
    problems.push(`${file}: its name is its page's address, so write it in lowercase letters, digits and single hyphens, such as my-study.md`);
  if (slug === FOLDER_INDEX) {
    const folder = file.slice("content".length, file.lastIndexOf("/"));
    problems.push(
      `${file}: its name is its page's address, and hosts serve a page named index at ${folder}/, another page than ${folder}; rename it, such as my-study.md`,
    );
  }
  let raw = doc.toJS();
  // An empty file (or one of comments only) holds nothing for its schema to name: say so, once.
  if ((raw === null || raw === undefined) && !markdown) throw new ContentError([`${file}:1 is empty; write what it holds again, as its comments describe`]);
  let bodyLines: Record<string, number> = {};
  if (markdown) {
    const read = readBody(markdown.body);
    const inFile = (line: number) => markdown.bodyLine + line - 1;
    for (const { line, text } of read.problems) problems.push(`${file}:${inFile(line)} ${text}`);
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
  const facts = file === SITE_FILE ? raw : siteFacts(readFileSync(join(root, SITE_FILE), "utf8"));
  const result = schema.safeParse(fillTokens(raw, facts), { reportInput: true });
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
