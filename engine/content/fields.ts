// A content file's fields as its writer sees them: line, schema, name ("packages item 2"), images, and zod's issues explained.
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

/** A schema and those its wrappers hold, outermost first: the last is what a value meets (an image field's before
 * its transform, an optional field's own). */
function unwrapped(schema: z.ZodType | undefined): z.ZodType[] {
  const chain: z.ZodType[] = [];
  for (let at = schema; at; at = wrapped(defOf(at))) chain.push(at);
  return chain;
}

/** The option `value`'s kind names (kind: Whitepaper), else the first. */
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
    let def = defOf(unwrapped(at).at(-1));
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

function wrapped(def: ReturnType<typeof defOf>): z.ZodType | undefined {
  if (def?.type === "pipe") return def.in;
  if (def?.type === "optional" || def?.type === "default" || def?.type === "nullable") return def.innerType;
}

/** Known once per schema, so the build walks no entry of a collection without images. */
const holding = new WeakMap<z.ZodType, boolean>();
function holdsImages(schema: z.ZodType | undefined): boolean {
  if (!schema) return false;
  if (!holding.has(schema)) {
    holding.set(schema, false); // a schema that refers to itself holds none through itself
    const def = zodDef(schema);
    holding.set(schema, isImage(schema) || [wrapped(def), ...Object.values(def.shape ?? {}), def.element, ...(def.items ?? [])].some(holdsImages));
  }
  return holding.get(schema) === true;
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

/** "keyResults" is "Key results", as a form labels it and a text's ## heading names it. */
export function labelOf(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function explain(file: string, line: number, schema: z.ZodType, data: unknown, issue: z.core.$ZodIssue, lineOfKey: (path: Path) => number): string {
  const path = issue.path as Path;
  const described = schemaAt(schema, path, data);
  // A field's words (collections.ts's field()): its own or its wrapped schema's, so optional `publishAt` is "a day" too.
  const meta =
    unwrapped(described)
      .map((at) => at.meta() as { what?: string; hint?: string } | undefined)
      .find((words) => words?.what) ?? {};
  const advice = meta.hint ? `; ${meta.hint}` : "";
  const where = `${file}:${line}`;
  if (issue.code === "unrecognized_keys") {
    const keys = Object.keys((defOf(unwrapped(described).at(-1))?.shape ?? {}) as object);
    // A Markdown text's sections are its ## headings; its body is no field anyone writes.
    const sections = path.length === 1 && path[0] === "body";
    const sentence = (key: string) =>
      sections
        ? `## ${labelOf(key)} is not a section of the text; name its sections ${keys.map((known) => `## ${labelOf(known)}`).join(", ")}`
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
  if (input === null && issue.code === "invalid_type")
    return `${where} ${fieldName(path)} is empty; ${meta.hint ?? "fill it in"}${unwrapped(described).some((at) => ["optional", "default"].includes(zodDef(at).type)) ? ", or remove the line" : ""}`;
  if (issue.code === "too_small" && Array.isArray(input))
    return `${where} ${fieldName(path)} needs at least ${issue.minimum} item${issue.minimum === 1 ? "" : "s"}`;
  if (issue.code === "too_big" && Array.isArray(input)) return `${where} ${fieldName(path)} holds at most ${issue.maximum} items`;
  if (issue.code === "too_big" && typeof input === "string")
    return `${where} ${fieldName(path)} is ${input.length} characters, ${input.length - Number(issue.maximum)} more than the ${issue.maximum} it may have${advice}`;
  return `${where} ${fieldName(path)}: ${input === undefined ? "nothing" : JSON.stringify(input)} is not ${meta.what ?? issue.message}${advice}`;
}
