// The CMS's configuration (Decap CMS's collections and fields), generated from the content schema
// (content/collections.ts) so that no field is described twice: each field's widget, label, hint,
// whether it is required, its pattern with the build's own words, its options and its default.
import type { z } from "zod";
import { collections, folders } from "../content/collections.ts";
import { isPagedFile, PAGE_OF_FILE } from "../shared/cms-pages.ts";
import type { CmsWidget } from "../shared/cms-widgets.ts";
import { type ZodDef, zodDef } from "./content-fields.ts";
import { routeOf } from "./routes.ts";

/** One field of a CMS form, as Decap CMS reads it. */
export interface CmsField {
  name: string;
  label: string;
  widget: CmsWidget;
  hint?: string;
  required?: boolean;
  default?: unknown;
  /** The rule a value must meet, and what the form says when it does not. */
  pattern?: [string, string];
  options?: (string | number)[];
  value_type?: "int";
  min?: number;
  max?: number;
  fields?: CmsField[];
  field?: CmsField;
  types?: CmsField[];
  typeKey?: string;
  format?: string;
  date_format?: string;
  time_format?: boolean;
  choose_url?: boolean;
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
  sortable_fields?: string[];
  /** The entry's page on the site, which "View Live" opens (site_url + this). */
  preview_path?: string;
  fields?: CmsField[];
  files?: { name: string; label: string; file: string; preview_path?: string; fields: CmsField[] }[];
}

/** Content files the CMS leaves to developers: Decap edits a file whose top is a set of fields, and the
 * redirects are a list (and a developer's concern: each one must lead to a page). */
const NOT_EDITED = new Set(["content/redirects.yaml"]);

/** "foundingYear" as a form labels it: "Founding year". */
function labelOf(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A schema's check of this kind (a length, a bound), if it has one. */
const checkOf = (def: ZodDef, kind: string) => def.checks?.find((check) => check._zod.def.check === kind)?._zod.def;

/** A rule in the form's terms: the checks of a text or a number that a pattern can say. */
function patternOf(schema: z.ZodType, def: ZodDef): string | undefined {
  const regex = def.checks?.find((check) => check._zod.def.format === "regex")?._zod.def.pattern;
  if (def.type === "string" && def.format === "url") return "^https://\\S+$";
  if (def.type === "string" && def.format === "email") return "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$";
  if (def.type === "template_literal") return (schema as unknown as { _zod: { pattern: RegExp } })._zod.pattern.source;
  if (def.type === "number") {
    const low = checkOf(def, "greater_than");
    // A whole number, and when it must be positive, one without a sign.
    return low && (low.value ?? 0) >= 0 ? "^[0-9]+$" : "^-?[0-9]+$";
  }
  if (!regex) return undefined;
  const max = checkOf(def, "max_length")?.maximum;
  // A length limit and a rule, in one pattern: the form checks one.
  return max ? `^(?=[\\s\\S]{1,${max}}$)[\\s\\S]*${regex.source.replace(/^\^/, "")}` : regex.source;
}

/** The form field for a field of the schema. */
function fieldOf(name: string, schema: z.ZodType, required = true): CmsField {
  const def = zodDef(schema);
  if (def.type === "optional") return fieldOf(name, def.innerType as z.ZodType, false);
  if (def.type === "default") return { ...fieldOf(name, def.innerType as z.ZodType, false), default: def.defaultValue };
  const meta = (schema.meta() ?? {}) as { what?: string; hint?: string; image?: boolean };
  const base: CmsField = { name, label: labelOf(name), widget: "string", ...(meta.hint ? { hint: meta.hint } : {}), ...(required ? {} : { required: false }) };
  // What the form says of a value its pattern refuses: the build's words (steps/content-fields.ts explain).
  const rule = (pattern: string | undefined): Partial<CmsField> =>
    pattern && meta.what ? { pattern: [pattern, `${name} is not ${meta.what}${meta.hint ? `; ${meta.hint}` : ""}`] } : {};
  if (meta.image) {
    const shape = zodDef(def.in as z.ZodType).shape ?? {};
    // An image that may be left out (a study's cover) asks for neither part until one is given.
    const part = (field: CmsField): CmsField => (required ? field : { ...field, required: false });
    const fields = [part({ ...fieldOf("src", shape.src), label: "Image", widget: "image", choose_url: false }), part(fieldOf("alt", shape.alt))];
    return { ...base, widget: "object", fields };
  }
  if (def.type === "pipe") return fieldOf(name, def.in as z.ZodType, required);
  if (def.type === "object") return { ...base, widget: "object", fields: fieldsOf(def.shape ?? {}) };
  if (def.type === "boolean") return { ...base, widget: "boolean", ...(required ? { default: false } : {}) };
  if (def.type === "number") {
    const low = checkOf(def, "greater_than");
    const high = checkOf(def, "less_than");
    const min = low ? (low.value as number) + (low.inclusive ? 0 : 1) : undefined;
    return {
      ...base,
      widget: "number",
      value_type: "int",
      ...(min !== undefined ? { min } : {}),
      ...(high ? { max: high.value } : {}),
      ...rule(patternOf(schema, def)),
    };
  }
  if (def.type === "union" && def.discriminator) {
    // A list of entries of several kinds (a publication: an Article or a Whitepaper), told apart by their kind.
    return { ...base, widget: "object", types: (def.options ?? []).map((option) => kindOf(option, def.discriminator as string)), typeKey: def.discriminator };
  }
  if (def.type === "union") {
    const literals = (def.options ?? []).flatMap((option) => zodDef(option).values ?? []);
    if (literals.length === def.options?.length) return { ...base, widget: "select", options: literals as (string | number)[] };
    // Either of two kinds of text (a path on this site, or a full address): one pattern for both.
    const patterns = (def.options ?? []).map((option) => patternOf(option, zodDef(option))).filter(Boolean);
    return { ...base, ...rule(patterns.map((pattern) => `(?:${pattern})`).join("|")) };
  }
  if (def.type === "literal") return { ...base, widget: "select", options: def.values as (string | number)[] };
  if (def.type === "array" || def.type === "tuple") {
    const item = def.type === "array" ? (def.element as z.ZodType) : (def.items as z.ZodType[])[0];
    const min = def.type === "tuple" ? def.items?.length : checkOf(def, "min_length")?.minimum;
    const max = def.type === "tuple" ? def.items?.length : checkOf(def, "max_length")?.maximum;
    const limits = { ...(min ? { min } : {}), ...(max ? { max } : {}) };
    const itemDef = zodDef(item);
    if (itemDef.type === "object") return { ...base, widget: "list", ...limits, fields: fieldsOf(itemDef.shape ?? {}) };
    if (itemDef.type === "union" && itemDef.discriminator) {
      const kinds = fieldOf(name, item);
      return { ...base, widget: "list", ...limits, types: kinds.types, typeKey: kinds.typeKey };
    }
    return { ...base, widget: "list", ...limits, field: fieldOf(name.replace(/s$/, ""), item) };
  }
  if (meta.what === "a day") return { ...base, widget: "datetime", format: "YYYY-MM-DD", date_format: "YYYY-MM-DD", time_format: false };
  const long = (checkOf(def, "max_length")?.maximum ?? 0) > 80;
  return { ...base, ...(long ? { widget: "text" } : {}), ...rule(patternOf(schema, def)) };
}

/** One kind of a list of several kinds: its fields, the kind itself left to the list. */
function kindOf(option: z.ZodType, discriminator: string): CmsField {
  const shape = zodDef(option).shape ?? {};
  const kind = String(zodDef(shape[discriminator]).values?.[0]);
  const rest = Object.fromEntries(Object.entries(shape).filter(([key]) => key !== discriminator));
  return { name: kind, label: kind, widget: "object", fields: fieldsOf(rest) };
}

function fieldsOf(shape: Record<string, z.ZodType>): CmsField[] {
  return Object.entries(shape).map(([name, schema]) => fieldOf(name, schema));
}

/** A Markdown file's fields: its front matter's, and its text below them as `body`. */
function markdownFields(schema: z.ZodType): CmsField[] {
  const shape = zodDef(schema).shape ?? {};
  const front = Object.fromEntries(Object.entries(shape).filter(([key]) => key !== "body"));
  // A text told in named sections (a case study's Challenge, Solution and Results) says which.
  const sections = Object.keys(zodDef(shape.body).shape ?? {}).map((name) => `## ${labelOf(name)}`);
  const hint = sections.length
    ? `write it under the headings ${sections.join(", ")}; the last one's results one per line, each starting with - `
    : "write the text below the fields: ## headings, paragraphs and lists";
  return [...fieldsOf(front), { name: "body", label: "Text", widget: "markdown", hint }];
}

const nameOf = (file: string) => file.slice(file.lastIndexOf("/") + 1).replace(/\.(yaml|md)$/, "");

/** Every collection the CMS edits, from the schema: the folders (one entry a Markdown file) and the files. */
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
      format: "frontmatter",
      slug: "{{slug}}",
      identifier_field: "title",
      summary: `{{${orderBy}}}. {{title}}`,
      sortable_fields: [orderBy, "title", "published"],
      // An entry's page is at its file's path below content/ (content/case-studies/<slug>.md is /case-studies/<slug>).
      preview_path: `${folder.slice("content".length)}/{{slug}}`,
      fields: markdownFields(entry),
    };
  });
  const pages = Object.entries(files)
    .filter(([file]) => !NOT_EDITED.has(file))
    .map(([file, schema]) => ({
      name: nameOf(file),
      label: labelOf(nameOf(file)),
      file,
      ...(isPagedFile(file) ? { preview_path: routeOf(PAGE_OF_FILE[file]) } : {}),
      fields: file.endsWith(".md") ? markdownFields(schema) : fieldsOf(zodDef(schema).shape ?? {}),
    }));
  return [...folderCollections, { name: "pages", label: "Pages and facts", files: pages }];
}

/** Where the CMS saves: the local backend of the dev server, or GitHub with a pull request per change. */
export type CmsBackend = { name: "proxy"; proxy_url: string } | { name: "github"; repo: string; branch: string; base_url?: string };

/** Decap CMS's whole configuration. Photographs go to art/photos/, and a field names them from the
 * project's folder (art/photos/x.jpg), as the schema's image fields do. */
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
