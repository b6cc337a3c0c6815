// Reads the firm's content files (YAML, and Markdown with YAML front matter) and checks each against its
// collection's schema (content/collections.ts), with messages for the person who edited the file: the
// file and line, the field, what was found and what to write. A checked file becomes a module of plain
// data that fills its {{ tokens }} from content/site.yaml where it is read, so a page's bundle names every
// content file it shows (the dates and re-renders follow that) and the site's facts stay one change.
// One transform, three loaders: esbuild's (the page bundle), Node's (commands and tests) and Vite's (unit tests).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative } from "node:path";
import type * as esbuild from "esbuild";
import { isMap, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import type { z } from "zod";
import { collections, folders, type ImageFile, pageFacts, type Site, site as siteSchema } from "../content/collections.ts";
import { type Block, plainText } from "../content/markdown.ts";
import { fillTokens, TOKEN } from "../content/tokens.ts";
import { type ContentChecks, ContentError } from "./content-checks.ts";
import { readIfExists } from "./files.ts";
import { imageSize } from "./image-modules.ts";
import { type ReadBody, readBody } from "./markdown.ts";

export const SITE_FILE = "content/site.yaml";
const TOKENS_MODULE = "content/tokens.ts";

export { ContentError };

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

type Def =
  | {
      type?: string;
      shape?: Record<string, z.ZodType>;
      element?: z.ZodType;
      items?: z.ZodType[];
      in?: z.ZodType;
      innerType?: z.ZodType;
      options?: z.ZodType[];
      discriminator?: string;
      values?: unknown[];
    }
  | undefined;
const defOf = (schema: z.ZodType | undefined): Def => (schema as unknown as { def?: Def } | undefined)?.def;

/** The schema a value meets before any transform of it (an image field's). */
function checked(schema: z.ZodType | undefined): z.ZodType | undefined {
  const def = defOf(schema);
  return def?.type === "pipe" ? checked(def.in) : schema;
}

/** Which of a discriminated union's options `value` is meant to meet: the one its kind names (kind:
 * Whitepaper), or the first when it names none, whose fields the options share. */
function optionOf(def: NonNullable<Def>, value: unknown): z.ZodType {
  const options = def.options ?? [];
  const discriminator = def.discriminator ?? "";
  const kind = value && typeof value === "object" ? (value as Record<string, unknown>)[discriminator] : undefined;
  const names = (option: z.ZodType) => defOf(defOf(option)?.shape?.[discriminator])?.values ?? [];
  return options.find((option) => names(option).includes(kind)) ?? options[0];
}

/** The schema that describes the value at `path` in `data`, for its `what` and `hint`. */
function schemaAt(schema: z.ZodType, path: Path, data: unknown): z.ZodType | undefined {
  let at: z.ZodType | undefined = schema;
  let value = data;
  for (const key of path) {
    let def = defOf(checked(at));
    if (def?.type === "union" && def.discriminator) def = defOf(optionOf(def, value));
    if (!def) return undefined;
    if (def.type === "object") at = def.shape?.[key as string];
    else if (def.type === "array") at = def.element;
    else if (def.type === "tuple") at = def.items?.[key as number];
    else return undefined;
    value = value && typeof value === "object" ? (value as Record<string | number, unknown>)[key] : undefined;
  }
  const def = defOf(at);
  return def?.type === "union" && def.discriminator ? optionOf(def, value) : at;
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
function explain(file: string, line: number, schema: z.ZodType, data: unknown, issue: z.core.$ZodIssue, lineOfKey: (path: Path) => number): string {
  const path = issue.path as Path;
  const described = schemaAt(schema, path, data);
  const meta = (described?.meta() ?? {}) as { what?: string; hint?: string };
  const advice = meta.hint ? `; ${meta.hint}` : "";
  const where = `${file}:${line}`;
  if (issue.code === "unrecognized_keys") {
    // A Markdown file's body is its text, not a field anyone writes.
    const known = Object.keys((defOf(checked(described))?.shape ?? {}) as object).filter((key) => path.length || key !== "body");
    return issue.keys
      .map(
        (key) =>
          `${file}:${lineOfKey([...path, key])} ${key} is not a field ${path.length ? `of ${fieldName(path)}` : "here"}; remove it, or use one of ${known.join(", ")}`,
      )
      .join("\n");
  }
  if (issue.code === "custom" && (issue as { params?: { char?: string } }).params?.char) return `${where} ${fieldName(path)} ${issue.message}`;
  // A check of a whole field (a Markdown text that must start with a heading) says what is wrong itself.
  if (issue.code === "custom" && !meta.what) return `${where} ${issue.message}`;
  // A kind no option of a union has is reported with the entry that names it: the kind is what was found.
  const discriminator = issue.code === "invalid_union" ? issue.discriminator : undefined;
  const found = (issue as { input?: unknown }).input;
  const input = discriminator && found && typeof found === "object" ? (found as Record<string, unknown>)[discriminator] : found;
  if (input === undefined && (issue.code === "invalid_type" || discriminator)) return `${where} ${fieldName(path)} is missing${advice}`;
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

/** A content file's data, checked against its collection's schema: throws a ContentError naming every problem. */
export function checkContent(root: string, file: string, source: string): unknown {
  return readContentFile(root, file, source).data;
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
  let raw = doc.toJS();
  // An empty file (or one of comments only) holds nothing for its schema to name: say so, once.
  if ((raw === null || raw === undefined) && !markdown) throw new ContentError([`${file}:1 is empty; write what it holds again, as its comments describe`]);
  let bodyLines: Record<string, number> = {};
  if (markdown) {
    const read = readBody(markdown.body);
    for (const { line, text } of read.problems) problems.push(`${file}:${markdown.bodyLine + line - 1} ${text}`);
    const bodySchema = (schema as unknown as { def: { shape?: Record<string, z.ZodType> } }).def.shape?.body;
    const bySection = (bodySchema as unknown as { def?: { type?: string } } | undefined)?.def?.type === "object";
    const split = bySection ? sectionsOf(read.blocks, file, markdown.bodyLine) : undefined;
    if (split) problems.push(...split.problems);
    // Where a problem of the text is: its section's heading, or for a text in one piece its block's line.
    bodyLines = split?.lines ?? Object.fromEntries(read.blocks.map(({ line }, i) => [i, markdown.bodyLine + line - 1]));
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

/** readContentFile, once per file and text as far as `checks` keeps its verdicts (none: every time). */
function readChecked(root: string, file: string, source: string, checks?: ContentChecks): ReturnType<typeof readContentFile> {
  return checks ? checks.check(root, file, source, () => readContentFile(root, file, source)) : readContentFile(root, file, source);
}

/** The module a content file becomes: its checked data, its tokens filled from the site's facts. Each
 * image it names is imported, so that the image is an input of the page bundle (steps/image-modules.ts). */
export function contentModule(root: string, file: string, source: string): string {
  return contentModuleWithAdvice(root, file, source).code;
}

/** contentModule, and the advice on the file's content. */
export function contentModuleWithAdvice(root: string, file: string, source: string, checks?: ContentChecks): { code: string; advice: string[] } {
  const { data: checked, advice } = readChecked(root, file, source, checks);
  const images = imagesIn(collectionOf(file)?.schema, checked);
  const site = file === SITE_FILE ? "data" : "site";
  // Each image in the data is its field's value with the image module's spread in, written where it
  // stands: the data stays one expression, so the module stays free of side effects (below).
  const imageAt = new Map(images.map(({ image }, i) => [image as unknown, i]));
  const marker = (i: number) => `\u0000image${i}\u0000`;
  let data = JSON.stringify(checked, (_key, value) => (imageAt.has(value) ? marker(imageAt.get(value) as number) : value));
  images.forEach(({ image }, i) => {
    data = data.replace(JSON.stringify(marker(i)), `{ ...${JSON.stringify(image)}, ...image${i} }`);
  });
  const code = [
    `import { fillTokens } from ${JSON.stringify(join(root, TOKENS_MODULE))};`,
    file === SITE_FILE ? "" : `import site from ${JSON.stringify(join(root, SITE_FILE))};`,
    ...images.map(({ image }, i) => `import image${i} from ${JSON.stringify(join(root, image.src))};`),
    `const data = ${data};`,
    // Pure: a page that imports the file and uses none of it (a collection's template, whose entries come
    // through its props) keeps none of it, so the file is not one of that template's sources.
    `export default /* @__PURE__ */ fillTokens(data, ${site});`,
  ].join("\n");
  return { code, advice };
}

/** A content file read and checked where no bundler is (the build's own settings): its data, tokens filled. */
export function readContent<T>(root: string, file: string): T {
  const data = checkContent(root, file, readFileSync(join(root, file), "utf8"));
  const site = file === SITE_FILE ? data : checkContent(root, SITE_FILE, readFileSync(join(root, SITE_FILE), "utf8"));
  return fillTokens(data, site as Site) as T;
}

/** An import that may name a folder collection: its last segment is a collection folder's name. */
export const FOLDER_IMPORT = new RegExp(
  `/(${Object.keys(folders)
    .map((folder) => folder.slice(folder.lastIndexOf("/") + 1))
    .join("|")})/?$`,
);

/** A folder collection's project and path there ("content/case-studies"), or undefined for any other path. */
export function collectionFolderOf(path: string): { root: string; folder: string } | undefined {
  const absolute = path.split("\\").join("/").replace(/\/$/, "");
  const at = absolute.lastIndexOf("/content/");
  const folder = absolute.slice(at + 1);
  return at >= 0 && folder in folders ? { root: absolute.slice(0, at), folder } : undefined;
}

/** Which entries a build shows: the dev server shows drafts too; `today` (YYYY-MM-DD) decides the dated ones. */
export interface Publishing {
  drafts: boolean;
  today: string;
}

/** A build's publishing: BUILD_DATE's day, or today's (as steps/config.ts reads it), and no drafts. */
export const BUILD_PUBLISHING: Publishing = { drafts: false, today: process.env.BUILD_DATE?.trim() || new Date().toISOString().slice(0, 10) };

/** An entry a build leaves out: its file, the site path a page of it would have, and why. */
export interface Unpublished {
  file: string;
  path: string;
  reason: string;
}

/** Why an entry is not on the site on `today`, or undefined when it is. */
export function unpublishedReason(entry: { draft?: boolean; publishAt?: string; expiresAt?: string }, today: string): string | undefined {
  if (entry.draft) return "a draft";
  if (entry.publishAt && entry.publishAt > today) return `to be published on ${entry.publishAt}`;
  if (entry.expiresAt && entry.expiresAt <= today) return `taken down on ${entry.expiresAt}`;
  return undefined;
}

/** The module a folder collection becomes: each of its Markdown files' entries that `publishing` shows,
 * ordered by the collection's field; those it leaves out are added to `left`. An entry the dev server
 * shows although a build would not carries why (`unpublished`), for its page to say so. */
export function folderModule(
  root: string,
  folder: string,
  publishing: Publishing = BUILD_PUBLISHING,
  left: Unpublished[] = [],
  checks?: ContentChecks,
): string {
  const { orderBy } = folders[folder];
  const entries: string[] = [];
  const imports: string[] = [];
  for (const name of readdirSync(join(root, folder))
    .filter((file) => file.endsWith(".md"))
    .sort()) {
    const file = `${folder}/${name}`;
    let reason: string | undefined;
    try {
      reason = unpublishedReason(readChecked(root, file, readFileSync(join(root, file), "utf8"), checks).data as Record<string, never>, publishing.today);
    } catch {
      // Its own module reports what is wrong with it, in its words.
    }
    const path = `/${folder.slice(folder.lastIndexOf("/") + 1)}/${name.slice(0, -3)}`;
    if (reason && !publishing.drafts) {
      left.push({ file, path, reason });
      continue;
    }
    const i = imports.length;
    imports.push(`import entry${i} from ${JSON.stringify(join(root, file))};`);
    entries.push(reason ? `{ ...entry${i}, unpublished: ${JSON.stringify(reason)} }` : `entry${i}`);
  }
  return [
    ...imports,
    `const entries = [${entries.join(", ")}];`,
    `const by = (a, b) => (a[${JSON.stringify(orderBy)}] > b[${JSON.stringify(orderBy)}] ? 1 : a[${JSON.stringify(orderBy)}] < b[${JSON.stringify(orderBy)}] ? -1 : 0);`,
    `export default /* @__PURE__ */ entries.toSorted(by);`,
  ].join("\n");
}

/** A folder collection as a template's trace sees it: no entries. The trace asks only whether the
 * template's component uses the collection (its module then has bytes in the output); which entries
 * that reaches, the page bundle's graph says. Loading 1,000 notes' modules again for it took a second
 * pass of the content plugin over each of them. */
const UNREAD_FOLDER = "export default /* @__PURE__ */ Array.of();";

/** Where a problem of a content file stops the page bundle, with the file's own words. `checks`: the
 * verdicts kept (steps/content-checks.ts), shared with the other bundles of a load. `entries`: whether a
 * folder collection's module imports its entries (not in a template's trace: UNREAD_FOLDER). */
export function contentPlugin(
  root: string,
  publishing: Publishing = BUILD_PUBLISHING,
  left: Unpublished[] = [],
  checks?: ContentChecks,
  { entries = true } = {},
): esbuild.Plugin {
  return {
    name: "content",
    setup(build) {
      // A folder collection, imported as its folder ("../content/case-studies"): its entries, in order.
      build.onResolve({ filter: FOLDER_IMPORT }, (args) => {
        const path = isAbsolute(args.path) ? args.path : join(args.resolveDir, args.path);
        return collectionFolderOf(path) ? { path } : undefined;
      });
      build.onLoad({ filter: FOLDER_IMPORT }, (args) => {
        const folder = collectionFolderOf(args.path);
        if (!folder) return undefined;
        const contents = entries ? folderModule(folder.root, folder.folder, publishing, left, checks) : UNREAD_FOLDER;
        return { contents, loader: "js", resolveDir: args.path, watchDirs: [args.path] };
      });
      // Read in turn: for 1,000 small files, fs/promises' round trips cost more than the reads (steps/files.ts).
      build.onLoad({ filter: /\.(yaml|md)$/ }, (args) => {
        const content = contentFileOf(args.path);
        if (!content) return { errors: [{ text: `${relative(root, args.path)} is not a content file; declare it in content/collections.ts` }] };
        try {
          const { code, advice } = contentModuleWithAdvice(content.root, content.file, readFileSync(args.path, "utf8"), checks);
          return { contents: code, loader: "js", resolveDir: dirname(args.path), warnings: advice.map((text) => ({ text })) };
        } catch (error) {
          if (error instanceof ContentError) return { errors: error.problems.map((text) => ({ text })) };
          throw error;
        }
      });
    },
  };
}
