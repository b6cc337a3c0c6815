// Decap CMS's collections and fields, made from the content schema (content/collections.ts) so no field is described twice.
import type { z } from "zod";
import { collections, folders } from "../../content/collections.ts";
import type { CmsWidget } from "../../shared/cms-widgets.ts";
import { routeOf } from "../pipeline/routes.ts";
import { isPagedFile, PAGE_OF_FILE } from "./cms-pages.ts";
import { labelOf, type ZodDef, zodDef } from "./fields.ts";

export interface CmsField {
  name: string;
  label: string;
  widget: CmsWidget;
  hint?: string;
  required?: boolean;
  default?: unknown;
  /** Where the field's value is in the file: its keys, "*" for any item of a list ("packages.*.price"). */
  check?: string;
  /** A number of US dollars: the form reads "$80k" and "80,000" as 80000. */
  dollars?: boolean;
  options?: (string | number)[];
  min?: number;
  max?: number;
  fields?: CmsField[];
  field?: CmsField;
  types?: CmsField[];
  typeKey?: string;
  choose_url?: boolean;
  modes?: ("raw" | "rich_text")[];
}

export interface CmsCollection {
  name: string;
  label: string;
  label_singular?: string;
  folder?: string;
  create?: boolean;
  extension?: string;
  format?: string;
  slug?: string;
  identifier_field?: string;
  summary?: string;
  sortable_fields?: (string | { field: string; default_sort: "asc" })[];
  /** The entry's page on the site, which "View Live" opens (site_url + this). */
  preview_path?: string;
  fields?: CmsField[];
  files?: { name: string; label: string; file: string; preview_path?: string; fields: CmsField[] }[];
}

const checkOf = (def: ZodDef, kind: string) => def.checks?.find((check) => check._zod.def.check === kind)?._zod.def;

function fieldOf(name: string, schema: z.ZodType, at: string[], required = true): CmsField {
  const def = zodDef(schema);
  if (def.type === "optional") return fieldOf(name, def.innerType as z.ZodType, at, false);
  if (def.type === "default") return { ...fieldOf(name, def.innerType as z.ZodType, at, false), default: def.defaultValue };
  const meta = (schema.meta() ?? {}) as { what?: string; hint?: string; help?: string; image?: boolean };
  const help = meta.help ?? meta.hint;
  const base: CmsField = { name, label: labelOf(name), widget: "string", ...(help ? { hint: help } : {}), ...(required ? {} : { required: false }) };
  const value = { check: at.join(".") };
  if (meta.image) {
    const shape = zodDef(def.in as z.ZodType).shape ?? {};
    // An optional image is optional as a whole; once given, both its parts are required (browser/cms-checks.ts).
    const src: CmsField = { ...fieldOf("src", shape.src, [...at, "src"]), label: "Image", widget: "image", choose_url: false };
    return { ...base, widget: "object", fields: [src, fieldOf("alt", shape.alt, [...at, "alt"])] };
  }
  if (def.type === "pipe") return fieldOf(name, def.in as z.ZodType, at, required);
  if (def.type === "object") return { ...base, widget: "object", fields: fieldsOf(def.shape ?? {}, at) };
  if (def.type === "boolean") return { ...base, ...value, widget: "boolean", ...(required ? { default: false } : {}) };
  if (def.type === "number") return { ...base, ...value, widget: "amount", ...(meta.what?.includes("US dollars") ? { dollars: true } : {}) };
  const { discriminator } = def;
  if (def.type === "union" && discriminator)
    return { ...base, widget: "object", types: (def.options ?? []).map((option) => kindOf(option, discriminator, at)), typeKey: discriminator };
  const literals = def.type === "union" ? (def.options ?? []).flatMap((option) => zodDef(option).values ?? []) : def.values;
  if (def.type === "literal" || (def.type === "union" && literals?.length === def.options?.length))
    return { ...base, ...value, widget: "select", options: literals as (string | number)[] };
  if (def.type === "union") return { ...base, ...value };
  if (def.type === "array" || def.type === "tuple") {
    const item = def.type === "array" ? (def.element as z.ZodType) : (def.items as z.ZodType[])[0];
    const min = def.type === "tuple" ? def.items?.length : checkOf(def, "min_length")?.minimum;
    const max = def.type === "tuple" ? def.items?.length : checkOf(def, "max_length")?.maximum;
    const limits = { ...(min ? { min } : {}), ...(max ? { max } : {}) };
    const itemDef = zodDef(item);
    const each = [...at, "*"];
    if (itemDef.type === "object") return { ...base, widget: "list", ...limits, fields: fieldsOf(itemDef.shape ?? {}, each) };
    if (itemDef.type === "union" && itemDef.discriminator) {
      const kinds = fieldOf(name, item, each);
      return { ...base, widget: "list", ...limits, types: kinds.types, typeKey: kinds.typeKey };
    }
    return { ...base, widget: "list", ...limits, field: fieldOf(name.replace(/s$/, ""), item, each) };
  }
  // A day as its hint writes it (YYYY-MM-DD), typed as text: what is shown is what is saved.
  if (meta.what === "a day") return { ...base, ...value, widget: "day" };
  const long = (checkOf(def, "max_length")?.maximum ?? 0) > 80;
  return { ...base, ...value, ...(long ? { widget: "text" } : {}) };
}

/** An Article, a Whitepaper: the kind itself is left to the list. */
function kindOf(option: z.ZodType, discriminator: string, at: string[]): CmsField {
  const shape = zodDef(option).shape ?? {};
  const kind = String(zodDef(shape[discriminator]).values?.[0]);
  const rest = Object.fromEntries(Object.entries(shape).filter(([key]) => key !== discriminator));
  return { name: kind, label: kind, widget: "object", fields: fieldsOf(rest, at) };
}

function fieldsOf(shape: Record<string, z.ZodType>, at: string[] = []): CmsField[] {
  return Object.entries(shape).map(([name, schema]) => fieldOf(name, schema, [...at, name]));
}

function markdownFields(schema: z.ZodType): CmsField[] {
  const shape = zodDef(schema).shape ?? {};
  const front = Object.fromEntries(Object.entries(shape).filter(([key]) => key !== "body"));
  const sections = Object.keys(zodDef(shape.body).shape ?? {}).map((name) => `## ${labelOf(name)}`);
  const hint = sections.length
    ? `write it under the headings ${sections.join(", ")}; the last one's results one per line, each starting with - `
    : "write the text below the fields: ## headings, paragraphs and lists";
  // The text as typed, Markdown and all: the CMS's rich-text mode writes its own Markdown, not the writer's.
  return [...fieldsOf(front), { name: "body", label: "Text", widget: "markdown", hint, check: "body", modes: ["raw", "rich_text"] }];
}

/** The CMS's format of the firm's files (browser/cms-format.ts). */
export const CMS_FORMAT = "content";
/** What the format adds to an entry for the CMS alone, never saved. */
export const READ_FROM = "$source";
export const LISTED_TITLE = "$title";
export const STATUS = "$status";
/** Made from a new entry's title (browser/cms-site.ts). */
export const FILE_SLUG = "$slug";

const nameOf = (file: string) => file.slice(file.lastIndexOf("/") + 1).replace(/\.(yaml|md)$/, "");

export function cmsCollections(
  files: Record<string, z.ZodType> = collections,
  folderSchemas: Record<string, { entry: z.ZodType; orderBy: string }> = folders,
): CmsCollection[] {
  const folderCollections = Object.entries(folderSchemas).map(([folder, { entry, orderBy }]): CmsCollection => {
    const name = nameOf(folder);
    return {
      name,
      label: labelOf(name.replace(/-/g, " ")),
      label_singular: labelOf(name.replace(/-/g, " ").replace(/ies$/, "y").replace(/s$/, "")),
      folder,
      create: true,
      extension: "md",
      format: CMS_FORMAT,
      slug: `{{fields.${FILE_SLUG}}}`,
      identifier_field: "title",
      summary: `{{${orderBy}}}. {{${LISTED_TITLE}}}{{${STATUS}}}`,
      sortable_fields: [{ field: orderBy, default_sort: "asc" }, "title", "published"],
      preview_path: `${folder.slice("content".length)}/{{slug}}`,
      fields: [
        ...("draft" in (zodDef(entry).shape ?? {}) ? [{ name: STATUS, label: "On the site", widget: "status" as const }] : []),
        ...markdownFields(entry),
      ],
    };
  });
  const pages = Object.entries(files)
    // Decap edits a file whose top is a set of fields; the redirects are a list, and a developer's concern.
    .filter(([file]) => file !== "content/redirects.yaml")
    .map(([file, schema]) => ({
      name: nameOf(file),
      label: labelOf(nameOf(file)),
      file,
      ...(isPagedFile(file) ? { preview_path: routeOf(PAGE_OF_FILE[file]) } : {}),
      fields: file.endsWith(".md") ? markdownFields(schema) : fieldsOf(zodDef(schema).shape ?? {}),
    }));
  return [...folderCollections, { name: "pages", label: "Pages and facts", format: CMS_FORMAT, files: pages }];
}

export type CmsBackend = { name: "proxy"; proxy_url: string } | { name: "github"; repo: string; branch: string; base_url?: string };

export function cmsConfig(backend: CmsBackend) {
  return {
    backend,
    ...(backend.name === "github" ? { publish_mode: "editorial_workflow" } : {}),
    media_folder: "art/photos",
    public_folder: "art/photos",
    site_url: "/",
    collections: cmsCollections(),
  };
}
