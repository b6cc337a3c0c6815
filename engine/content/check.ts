// Checks a content file's text against its schema. Reads no file: the CMS runs the same check before it saves.
import { type Alias, isAlias, isNode, LineCounter, parseDocument, visit } from "yaml";
import type { z } from "zod";
import { collections, folders, pageFacts, site as siteSchema } from "../../content/collections.ts";
import { FOLDER_INDEX, SLUG } from "../pipeline/routes.ts";
import { explain, fieldName, imagesIn, lineOf, type Path, schemaAt, zodDef } from "./fields.ts";
import { readBody, sectionsOf } from "./markdown-reader.ts";
import { fillTokens, TOKEN } from "./tokens.ts";

export const SITE_FILE = "content/site.yaml";

/** `path`: the field the CMS shows it beside. */
export type Problem = { text: string; path?: Path };

export class ContentError extends Error {
  readonly found: Problem[];
  readonly problems: string[];
  constructor(problems: (string | Problem)[]) {
    const found = problems.map((problem) => (typeof problem === "string" ? { text: problem } : problem));
    super(found.map(({ text }) => text).join("\n"));
    this.name = "ContentError";
    this.found = found;
    this.problems = found.map(({ text }) => text);
  }
}

export function collectionOf(file: string): { schema: z.ZodType; slug?: string } | undefined {
  if (file in collections) return { schema: collections[file as keyof typeof collections] };
  const folder = file.slice(0, file.lastIndexOf("/"));
  if (folder in folders && file.endsWith(".md")) return { schema: folders[folder as keyof typeof folders].entry, slug: file.slice(folder.length + 1, -3) };
}

function unknownTokens(data: unknown, known: Set<string>, path: Path = []): { token: string; path: Path }[] {
  if (typeof data === "string") return [...data.matchAll(TOKEN)].filter(([, name]) => !known.has(name)).map(([token]) => ({ token, path }));
  if (Array.isArray(data)) return data.flatMap((item, i) => unknownTokens(item, known, [...path, i]));
  if (data && typeof data === "object") return Object.entries(data).flatMap(([key, value]) => unknownTokens(value, known, [...path, key]));
  return [];
}

function knownTokens(schema: z.ZodType = siteSchema, prefix = ""): Set<string> {
  const def = zodDef(schema);
  if (def.type === "object" && def.shape)
    return new Set(Object.entries(def.shape).flatMap(([key, field]) => [...knownTokens(field, prefix ? `${prefix}.${key}` : key)]));
  return new Set(def.type === "string" || def.type === "number" || def.type === "int" ? [prefix] : []);
}

export function splitMarkdown(file: string, source: string): { front: string; body: string; bodyLine: number } {
  const match = /^---\r?\n([\s\S]*?\r?\n)?---[ \t]*(?:\r?\n|$)/.exec(source);
  if (!match) throw new ContentError([`${file}:1 has no fields at its top; start it with a line ---, then its fields (title: …), then another ---`]);
  return { front: match[1] ?? "", body: source.slice(match[0].length), bodyLine: match[0].split("\n").length };
}

/** A ContentError names an alias of no value, or the first of aliases copied past yaml's limit. */
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

/** Every content file's check reads the site's facts: parsed once per text. */
let lastSite: { source: string; facts: unknown } | undefined;

export function siteFacts(source: string): unknown {
  if (lastSite?.source !== source) {
    const lines = new LineCounter();
    lastSite = { source, facts: resolvedAliases(SITE_FILE, 0, parseDocument(source, { lineCounter: lines }), lines) };
  }
  return lastSite.facts;
}

/** `facts` (site.yaml's, else the file's own) fill its tokens; a text that cannot be read at all throws a ContentError. */
export function checkContent(file: string, text: string, facts?: object) {
  const source = text.replace(/^\uFEFF/, "");
  const collected = collectionOf(file);
  if (!collected) throw new ContentError([`${file} is not a content file; declare it in content/collections.ts`]);
  const { schema, slug } = collected;
  const markdown = file.endsWith(".md") ? splitMarkdown(file, source) : undefined;
  const frontLine = markdown ? 1 : 0;
  const lines = new LineCounter();
  const doc = parseDocument(markdown ? markdown.front : source, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  // Each said once: yaml may report one overflow of its stack twice.
  const unread = doc.errors.map((error) => {
    const at = `${file}:${frontLine + lines.linePos(error.pos[0]).line} cannot be read`;
    if (error.message.includes("Maximum call stack size exceeded"))
      return `${at}: its lists or fields are nested thousands deep; write them with a level or two, as the file's other fields are`;
    return `${at}: ${error.message.split("\n")[0]}; check the indentation and quotes there`;
  });
  if (unread.length) throw new ContentError([...new Set(unread)]);
  const problems: Problem[] = [];
  const problem = (text: string, path?: Path) => problems.push({ text, path });
  if (slug !== undefined && !SLUG.test(slug))
    problem(`${file}: its name is its page's address, so write it in lowercase letters, digits and single hyphens, such as my-study.md`);
  if (slug === FOLDER_INDEX) {
    const folder = file.slice("content".length, file.lastIndexOf("/"));
    problem(
      `${file}: its name is its page's address, and hosts serve a page named index at ${folder}/, another page than ${folder}; rename it, such as my-study.md`,
    );
  }
  let raw = resolvedAliases(file, frontLine, doc, lines);
  if ((raw === null || raw === undefined) && !markdown) throw new ContentError([`${file}:1 is empty; write what it holds again, as its comments describe`]);
  let bodyLines: Record<string, number> = {};
  if (markdown) {
    const read = readBody(markdown.body);
    const inFile = (line: number) => markdown.bodyLine + line - 1;
    for (const { line, text } of read.problems) problem(`${file}:${inFile(line)} ${text}`, ["body"]);
    // A text refused whole (nested past what marked can read) has no sections to call missing.
    if (read.problems.length > 0 && read.blocks.length === 0) throw new ContentError(problems);
    const bodySchema = zodDef(schema).shape?.body;
    const split = bodySchema && zodDef(bodySchema).type === "object" ? sectionsOf(read.blocks) : undefined;
    for (const line of split?.before ?? [])
      problem(`${file}:${inFile(line)} the text begins before its first ## heading; start it with one, such as ## Challenge`, ["body"]);
    bodyLines = Object.fromEntries(
      split ? Object.entries(split.lines).map(([name, line]) => [name, inFile(line)]) : read.blocks.map(({ line }, i) => [i, inFile(line)]),
    );
    raw = { ...(raw ?? {}), body: split ? split.sections : read.blocks.map(({ block }) => block) };
  }
  const where = (path: Path) => (markdown && path[0] === "body" ? (bodyLines[path[1] as string] ?? markdown.bodyLine) : frontLine + lineOf(doc, lines, path));
  // Checked as the visitor will read it: a web address may be a token ({{ newsletter.url }}).
  const result = schema.safeParse(fillTokens(raw, (facts ?? raw ?? {}) as object), { reportInput: true });
  // A character the text may not hold is named on its own line, from the field's line on.
  const lineOfIssue = (issue: z.core.$ZodIssue) => {
    const line = where(issue.path as Path);
    const char = (issue as { params?: { char?: string } }).params?.char;
    const found = char ? source.split("\n").findIndex((text, i) => i >= line - 1 && text.includes(char)) : -1;
    return found >= 0 ? found + 1 : line;
  };
  if (!result.success) for (const issue of result.error.issues) problem(explain(file, lineOfIssue(issue), schema, raw, issue, where), issue.path as Path);
  const known = new Set([...knownTokens(), ...(file in pageFacts ? knownTokens(pageFacts[file as keyof typeof pageFacts]) : [])]);
  // A Markdown text's token is named by its line alone: the blocks it is read into are not the writer's words.
  const named = (path: Path) => (markdown && path[0] === "body" ? "the text" : fieldName(path));
  for (const { token, path } of unknownTokens(raw, known))
    problem(`${file}:${where(path)} ${named(path)}: ${token} is not a fact of the site; use one of {{ ${[...known].join(" }}, {{ ")} }}`, path);
  if (!result.success) return { data: undefined, problems, images: [], advice: [], where };
  const advice = adviceOf(schema, result.data).map(({ path, text }) => `${file}:${where(path)} ${fieldName(path)} ${text}`);
  const data = slug === undefined ? result.data : { slug, ...(result.data as object) };
  return { data, problems, images: imagesIn(schema, result.data), advice, where };
}
