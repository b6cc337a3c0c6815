// A content file's fields as its writer sees them: a field's line, its schema, its name in a message
// ("packages item 2"), the images the data names, and a zod issue explained for whoever edited the file.
import { isMap, isSeq, type LineCounter, type Node, type parseDocument } from "yaml";
import type { z } from "zod";
import type { ImageFile } from "../../content/collections.ts";

export type Path = (string | number)[];

/** The line where `path` is written, or where the nearest field holding it is. */
export function lineOf(doc: ReturnType<typeof parseDocument>, lines: LineCounter, path: Path): number {
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

/** What zod keeps of a schema (its `def`), as far as this and cms-config.ts read it. */
export interface ZodDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  items?: z.ZodType[];
  in?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  discriminator?: string;
  values?: unknown[];
  defaultValue?: unknown;
  checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number } } }[];
}

export const zodDef = (schema: z.ZodType): ZodDef => (schema as unknown as { def: ZodDef }).def;

const defOf = (schema: z.ZodType | undefined): ZodDef | undefined => (schema ? zodDef(schema) : undefined);

/** The schema a value meets within its wrappers: an image field's before its transform, an optional field's own. */
function checked(schema: z.ZodType | undefined): z.ZodType | undefined {
  const inner = wrapped(defOf(schema));
  return inner ? checked(inner) : schema;
}

/** A field's words (collections.ts's field()): its own or its wrapped schema's, so optional `publishAt` is "a day" too. */
function wordsOf(schema: z.ZodType | undefined): { what?: string; hint?: string } {
  for (let at = schema; at; at = wrapped(defOf(at))) {
    const meta = at.meta() as { what?: string; hint?: string } | undefined;
    if (meta?.what) return meta;
  }
  return {};
}

function mayBeLeftOut(schema: z.ZodType | undefined): boolean {
  for (let at = schema; at; at = wrapped(defOf(at))) if (["optional", "default"].includes(defOf(at)?.type ?? "")) return true;
  return false;
}

/** The option of a discriminated union that `value`'s kind names (kind: Whitepaper), else the first. */
function optionOf(def: ZodDef, value: unknown): z.ZodType {
  const options = def.options ?? [];
  const discriminator = def.discriminator ?? "";
  const kind = value && typeof value === "object" ? (value as Record<string, unknown>)[discriminator] : undefined;
  const names = (option: z.ZodType) => defOf(defOf(option)?.shape?.[discriminator])?.values ?? [];
  return options.find((option) => names(option).includes(kind)) ?? options[0];
}

export function schemaAt(schema: z.ZodType, path: Path, data: unknown): z.ZodType | undefined {
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

const isImage = (schema: z.ZodType | undefined) => Boolean((schema?.meta() as { image?: boolean } | undefined)?.image);

/** The schema a wrapper (a transform's input, optional, default, nullable) holds the value by. */
function wrapped(def: ReturnType<typeof defOf>): z.ZodType | undefined {
  if (def?.type === "pipe") return def.in;
  if (def?.type === "optional" || def?.type === "default" || def?.type === "nullable") return def.innerType;
}

/** Known once per schema, so the build walks no entry of a collection without images. */
const holding = new WeakMap<z.ZodType, boolean>();
function holdsImages(schema: z.ZodType | undefined): boolean {
  if (!schema) return false;
  let holds = holding.get(schema);
  if (holds === undefined) {
    holding.set(schema, false); // a schema that refers to itself holds none through itself
    const def = zodDef(schema);
    // The schemas its values are held by: a wrapper's, an object's fields', a list's items'.
    holds = isImage(schema) || [wrapped(def), ...Object.values(def.shape ?? {}), def.element, ...(def.items ?? [])].some(holdsImages);
    holding.set(schema, holds);
  }
  return holds;
}

export function imagesIn(schema: z.ZodType | undefined, data: unknown, path: Path = []): { path: Path; image: ImageFile & { alt: string } }[] {
  if (data === undefined || data === null || !holdsImages(schema)) return [];
  if (isImage(schema)) return [{ path, image: data as ImageFile & { alt: string } }];
  const def = defOf(schema);
  const inner = wrapped(def);
  if (inner) return imagesIn(inner, data, path);
  if (def?.type === "object" && def.shape)
    return Object.entries(def.shape).flatMap(([key, field]) => imagesIn(field, (data as Record<string, unknown>)[key], [...path, key]));
  if ((def?.type === "array" || def?.type === "tuple") && Array.isArray(data))
    return data.flatMap((item, i) => imagesIn(def.type === "array" ? def.element : def.items?.[i], item, [...path, i]));
  return [];
}

export function fieldName(path: Path): string {
  const last = path.at(-1);
  if (typeof last !== "number") return last === undefined ? "the file" : String(last);
  const list = [...path].reverse().find((key) => typeof key === "string");
  return `${list ?? "the list"} item ${last + 1}`;
}

const headingOf = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

const shown = (value: unknown) => (value === undefined ? "nothing" : JSON.stringify(value));

export function explain(file: string, line: number, schema: z.ZodType, data: unknown, issue: z.core.$ZodIssue, lineOfKey: (path: Path) => number): string {
  const path = issue.path as Path;
  const described = schemaAt(schema, path, data);
  const meta = wordsOf(described);
  const advice = meta.hint ? `; ${meta.hint}` : "";
  const where = `${file}:${line}`;
  if (issue.code === "unrecognized_keys") {
    const keys = Object.keys((defOf(checked(described))?.shape ?? {}) as object);
    // A Markdown text's sections are its ## headings; its body is no field anyone writes.
    const sections = path.length === 1 && path[0] === "body";
    const sentence = (key: string) =>
      sections
        ? `## ${headingOf(key)} is not a section of the text; name its sections ${keys.map((known) => `## ${headingOf(known)}`).join(", ")}`
        : `${key} is not a field ${path.length ? `of ${fieldName(path)}` : "here"}; remove it, or use one of ${keys.filter((known) => path.length || known !== "body").join(", ")}`;
    return issue.keys.map((key) => `${file}:${lineOfKey([...path, key])} ${sentence(key)}`).join("\n");
  }
  const params = (issue as { params?: { char?: string; alsoAt?: Path } }).params;
  if (issue.code === "custom" && params?.char) return `${where} ${fieldName(path)} ${issue.message}`;
  // A check across a list's items (two redirects from one address) names the earlier item's line too.
  if (issue.code === "custom" && params?.alsoAt) return `${file}:${lineOfKey(params.alsoAt)} and :${line} ${issue.message}`;
  // A check of a whole field (a Markdown text that must start with a heading) says what is wrong itself.
  if (issue.code === "custom" && !meta.what) return `${where} ${issue.message}`;
  // A kind no option of a union has is reported with the entry that names it: the kind is what was found.
  const discriminator = issue.code === "invalid_union" ? issue.discriminator : undefined;
  const found = (issue as { input?: unknown }).input;
  const input = discriminator && found && typeof found === "object" ? (found as Record<string, unknown>)[discriminator] : found;
  if (input === undefined && (issue.code === "invalid_type" || discriminator)) return `${where} ${fieldName(path)} is missing${advice}`;
  // A field written with nothing after its colon (or `null`) is empty.
  if (input === null && issue.code === "invalid_type")
    return `${where} ${fieldName(path)} is empty; ${meta.hint ?? "fill it in"}${mayBeLeftOut(described) ? ", or remove the line" : ""}`;
  if (issue.code === "too_small" && Array.isArray(input))
    return `${where} ${fieldName(path)} needs at least ${issue.minimum} item${issue.minimum === 1 ? "" : "s"}`;
  if (issue.code === "too_big" && Array.isArray(input)) return `${where} ${fieldName(path)} holds at most ${issue.maximum} items`;
  if (issue.code === "too_big" && typeof input === "string")
    return `${where} ${fieldName(path)} is ${input.length} characters, ${input.length - Number(issue.maximum)} more than the ${issue.maximum} it may have${advice}`;
  return `${where} ${fieldName(path)}: ${shown(input)} is not ${meta.what ?? issue.message}${advice}`;
}
