// Reads the firm's content files (YAML, and Markdown with YAML front matter) and checks each against its
// collection's schema (content/collections.ts), with messages for the person who edited the file: the
// file and line, the field, what was found and what to write. A checked file becomes a module of plain
// data that fills its {{ tokens }} from content/site.yaml where it is read, so a page's bundle names every
// content file it shows (the dates and re-renders follow that) and the site's facts stay one change.
// One transform, three loaders: esbuild's (the page bundle), Node's (commands and tests) and Vite's (unit tests).
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import type * as esbuild from "esbuild";
import { isMap, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import type { z } from "zod";
import { collections, folders, type ImageFile, type Site, site as siteSchema } from "../content/collections.ts";
import { type Block, plainText } from "../content/markdown.ts";
import { fillTokens, TOKEN } from "../content/tokens.ts";
import { readIfExists } from "./files.ts";
import { imageSize } from "./image-modules.ts";
import { type ReadBody, readBody } from "./markdown.ts";

export const SITE_FILE = "content/site.yaml";
const TOKENS_MODULE = "content/tokens.ts";

/** Content that fails its schema: every problem found in the file, each on a line of its own. */
export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "ContentError";
  }
}

type Path = (string | number)[];

/** A content file's collection: the schema it meets, and for an entry of a folder its slug (its name). */
interface Collected {
  schema: z.ZodType;
  slug?: string;
}

/** What `file` (a project path) is a part of, or undefined for a file that is no collection's. */
export function collectionOf(file: string): Collected | undefined {
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

/** The line (from 1) where `path` is written in the document, or where the nearest field holding it is. */
function lineOf(doc: ReturnType<typeof parseDocument>, lines: LineCounter, path: Path): number {
  let node: unknown = doc.contents;
  let offset = (doc.contents as Node | null)?.range?.[0] ?? 0;
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find((item) => (item.key as { value?: unknown } | null)?.value === key);
      if (!pair) break;
      offset = (pair.key as Node).range?.[0] ?? offset;
      node = pair.value;
    } else if (isSeq(node) && typeof key === "number" && node.items[key]) {
      node = node.items[key];
      offset = (node as Node).range?.[0] ?? offset;
    } else break;
  }
  return lines.linePos(offset).line;
}

type Def = { type?: string; shape?: Record<string, z.ZodType>; element?: z.ZodType; items?: z.ZodType[]; in?: z.ZodType; innerType?: z.ZodType };
const defOf = (schema: z.ZodType | undefined): Def | undefined => (schema as unknown as { def?: Def } | undefined)?.def;

/** The schema a value meets before any transform of it (an image field's). */
function checked(schema: z.ZodType | undefined): z.ZodType | undefined {
  const def = defOf(schema);
  return def?.type === "pipe" ? checked(def.in) : schema;
}

/** The schema that describes the value at `path`, for its `what` and `hint`. */
function schemaAt(schema: z.ZodType, path: Path): z.ZodType | undefined {
  let at: z.ZodType | undefined = schema;
  for (const key of path) {
    const def = defOf(checked(at));
    if (!def) return undefined;
    if (def.type === "object") at = def.shape?.[key];
    else if (def.type === "array") at = def.element;
    else if (def.type === "tuple") at = def.items?.[key as number];
    else return undefined;
  }
  return at;
}

/** Every image field's value in checked data, with its path (content/collections.ts's image()). */
function imagesIn(schema: z.ZodType | undefined, data: unknown, path: Path = []): { path: Path; image: ImageFile & { alt: string } }[] {
  if (data === undefined || data === null) return [];
  if ((schema?.meta() as { image?: boolean } | undefined)?.image) return [{ path, image: data as ImageFile & { alt: string } }];
  const def = defOf(schema);
  if (def?.type === "pipe") return imagesIn(def.in, data, path);
  if (def?.type === "optional" || def?.type === "default" || def?.type === "nullable") return imagesIn(def.innerType, data, path);
  if (def?.type === "object" && def.shape)
    return Object.entries(def.shape).flatMap(([key, field]) => imagesIn(field, (data as Record<string, unknown>)[key], [...path, key]));
  if ((def?.type === "array" || def?.type === "tuple") && Array.isArray(data))
    return data.flatMap((item, i) => imagesIn(def.type === "array" ? def.element : def.items?.[i], item, [...path, i]));
  return [];
}

/** How a field is named in a message: its key, or for an item of a list the list's and the item's number. */
function fieldName(path: Path): string {
  const last = path.at(-1);
  if (typeof last !== "number") return last === undefined ? "the file" : String(last);
  const list = [...path].reverse().find((key) => typeof key === "string");
  return `${list ?? "the list"} item ${last + 1}`;
}

const shown = (value: unknown) => (value === undefined ? "nothing" : JSON.stringify(value));

/** One schema problem as its editor reads it. */
function explain(file: string, line: number, schema: z.ZodType, issue: z.core.$ZodIssue): string {
  const path = issue.path as Path;
  const meta = (schemaAt(schema, path)?.meta() ?? {}) as { what?: string; hint?: string };
  const advice = meta.hint ? `; ${meta.hint}` : "";
  const where = `${file}:${line}`;
  if (issue.code === "unrecognized_keys") {
    const known = Object.keys(defOf(checked(schemaAt(schema, path)))?.shape ?? {});
    return issue.keys
      .map((key) => `${where} ${key} is not a field ${path.length ? `of ${fieldName(path)}` : "here"}; remove it, or use one of ${known.join(", ")}`)
      .join("\n");
  }
  const input = (issue as { input?: unknown }).input;
  if (input === undefined && issue.code === "invalid_type") return `${where} ${fieldName(path)} is missing${advice}`;
  if (issue.code === "too_small" && Array.isArray(input))
    return `${where} ${fieldName(path)} needs at least ${issue.minimum} item${issue.minimum === 1 ? "" : "s"}`;
  if (issue.code === "too_big" && Array.isArray(input)) return `${where} ${fieldName(path)} holds at most ${issue.maximum} items`;
  return `${where} ${fieldName(path)}: ${shown(input)} is not ${meta.what ?? issue.message}${advice}`;
}

/** Every token written in the data's texts that the site's facts do not hold, with its path. */
function unknownTokens(data: unknown, known: Set<string>, path: Path = []): { token: string; path: Path }[] {
  if (typeof data === "string") return [...data.matchAll(TOKEN)].filter(([, name]) => !known.has(name)).map(([token]) => ({ token, path }));
  if (Array.isArray(data)) return data.flatMap((item, i) => unknownTokens(item, known, [...path, i]));
  if (data && typeof data === "object") return Object.entries(data).flatMap(([key, value]) => unknownTokens(value, known, [...path, key]));
  return [];
}

/** The tokens any text may hold: each text or number of the site's facts, by its path (company.name). */
export function knownTokens(schema: z.ZodType = siteSchema, prefix = ""): Set<string> {
  const def = (schema as { def?: { type?: string; shape?: Record<string, z.ZodType> } }).def;
  if (def?.type === "object" && def.shape)
    return new Set(Object.entries(def.shape).flatMap(([key, field]) => [...knownTokens(field, prefix ? `${prefix}.${key}` : key)]));
  return new Set(def?.type === "string" || def?.type === "number" || def?.type === "int" ? [prefix] : []);
}

/** A slug: what a folder's entry is called in its address. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A Markdown file's front matter (the YAML between its --- lines) and body, and the line each starts on. */
function splitMarkdown(file: string, source: string): { front: string; body: string; bodyLine: number } {
  const match = /^---\r?\n([\s\S]*?\r?\n)?---[ \t]*(?:\r?\n|$)/.exec(source);
  if (!match) throw new ContentError([`${file}:1 has no fields at its top; start it with a line ---, then its fields (title: …), then another ---`]);
  return { front: match[1] ?? "", body: source.slice(match[0].length), bodyLine: match[0].split("\n").length };
}

/** A body split at its ## headings into its sections, by name ("## Key results" is keyResults). */
function sectionsOf(blocks: ReadBody["blocks"], file: string, bodyLine: number) {
  const sections: Record<string, Block[]> = {};
  const lines: Record<string, number> = {};
  const problems: string[] = [];
  let current: Block[] | undefined;
  for (const { block, line } of blocks) {
    if ("heading" in block && block.heading === 2) {
      const name = plainText(block.text)
        .toLowerCase()
        .replace(/[^a-z0-9]+(.)?/g, (_, next: string | undefined) => (next ?? "").toUpperCase());
      current = sections[name] = [];
      lines[name] = bodyLine + line - 1;
    } else if (current) current.push(block);
    else problems.push(`${file}:${bodyLine + line - 1} the text begins before its first ## heading; start it with one, such as ## Challenge`);
  }
  return { sections, lines, problems };
}

/** A content file's data, checked against its collection's schema: throws a ContentError naming every problem. */
export function checkContent(root: string, file: string, source: string): unknown {
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
  let raw = doc.toJS();
  let bodyLines: Record<string, number> = {};
  if (markdown) {
    const read = readBody(markdown.body);
    for (const { line, text } of read.problems) problems.push(`${file}:${markdown.bodyLine + line - 1} ${text}`);
    const bodySchema = (schema as unknown as { def: { shape?: Record<string, z.ZodType> } }).def.shape?.body;
    const bySection = (bodySchema as unknown as { def?: { type?: string } } | undefined)?.def?.type === "object";
    const split = bySection ? sectionsOf(read.blocks, file, markdown.bodyLine) : undefined;
    if (split) problems.push(...split.problems);
    bodyLines = split?.lines ?? {};
    raw = { ...(raw ?? {}), body: split ? split.sections : read.blocks.map(({ block }) => block) };
  }
  const where = (path: Path) => {
    if (markdown && path[0] === "body") return bodyLines[path[1] as string] ?? markdown.bodyLine;
    return frontLine + lineOf(doc, lines, path);
  };
  // Checked as the visitor will read it: a web address may be a token ({{ newsletter.url }}).
  const facts = file === SITE_FILE ? raw : parseDocument(readFileSync(join(root, SITE_FILE), "utf8")).toJS();
  const result = schema.safeParse(fillTokens(raw, facts), { reportInput: true });
  if (!result.success) problems.push(...result.error.issues.map((issue) => explain(file, where(issue.path as Path), schema, issue)));
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
  const known = knownTokens();
  for (const { token, path } of unknownTokens(raw, known))
    problems.push(`${file}:${where(path)} ${fieldName(path)}: ${token} is not a fact of the site; use one of {{ ${[...known].join(" }}, {{ ")} }}`);
  if (problems.length) throw new ContentError(problems);
  return slug === undefined ? result.data : { slug, ...(result.data as object) };
}

/** The module a content file becomes: its checked data, its tokens filled from the site's facts. Each
 * image it names is imported, so that the image is an input of the page bundle (steps/image-modules.ts). */
export function contentModule(root: string, file: string, source: string): string {
  const checked = checkContent(root, file, source);
  const images = imagesIn(collectionOf(file)?.schema, checked);
  const site = file === SITE_FILE ? "data" : "site";
  const at = (path: Path) => `data${path.map((key) => `[${JSON.stringify(key)}]`).join("")}`;
  return [
    `import { fillTokens } from ${JSON.stringify(join(root, TOKENS_MODULE))};`,
    file === SITE_FILE ? "" : `import site from ${JSON.stringify(join(root, SITE_FILE))};`,
    ...images.map(({ image }, i) => `import image${i} from ${JSON.stringify(join(root, image.src))};`),
    `const data = ${JSON.stringify(checked)};`,
    ...images.map(({ path }, i) => `${at(path)} = { ...${at(path)}, ...image${i} };`),
    `export default fillTokens(data, ${site});`,
  ].join("\n");
}

/** A content file read and checked where no bundler is (the build's own settings): its data, tokens filled. */
export function readContent<T>(root: string, file: string): T {
  const data = checkContent(root, file, readFileSync(join(root, file), "utf8"));
  const site = file === SITE_FILE ? data : checkContent(root, SITE_FILE, readFileSync(join(root, SITE_FILE), "utf8"));
  return fillTokens(data, site as Site) as T;
}

/** Where a problem of a content file stops the page bundle, with the file's own words. */
export function contentPlugin(root: string): esbuild.Plugin {
  return {
    name: "content",
    setup(build) {
      build.onLoad({ filter: /\.(yaml|md)$/ }, async (args) => {
        const content = contentFileOf(args.path);
        if (!content) return { errors: [{ text: `${relative(root, args.path)} is not a content file; declare it in content/collections.ts` }] };
        try {
          return { contents: contentModule(content.root, content.file, await readFile(args.path, "utf8")), loader: "js", resolveDir: dirname(args.path) };
        } catch (error) {
          if (error instanceof ContentError) return { errors: error.problems.map((text) => ({ text })) };
          throw error;
        }
      });
    },
  };
}
