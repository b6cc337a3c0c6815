// The CMS's forms are generated from the content schema: every field of every collection is in them,
// a field added to the schema appears, and each field that holds a value names its place in the file,
// where the CMS checks it as the build does (test/unit/cms-format.test.ts).
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { caseStudyPath } from "../../components/case-studies.ts";
import { type CaseStudy, caseStudy, collections, folders } from "../../content/collections.ts";
import { CMS_FORMAT, type CmsField, cmsCollections, cmsConfig, FILE_SLUG, STATUS } from "../../engine/content/cms-config.ts";
import { PAGE_OF_FILE } from "../../engine/content/cms-pages.ts";
import { routeOf } from "../../engine/pipeline/routes.ts";
import { CMS_WIDGETS } from "../../shared/cms-widgets.ts";

type Shape = Record<string, z.ZodType>;
const defOf = (schema: z.ZodType) =>
  (schema as unknown as { def: { type: string; shape?: Shape; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType; items?: z.ZodType[] } }).def;

/** Every field's path in a schema, read from zod itself (objects, lists of objects, optional and defaulted
 * fields). A Markdown file's `body` is its text, one field, whatever sections it is read into. */
function schemaPaths(schema: z.ZodType, prefix = ""): string[] {
  if (prefix === "body.") return [];
  const def = defOf(schema);
  if (def.type === "optional" || def.type === "default") return schemaPaths(def.innerType as z.ZodType, prefix);
  if (def.type === "pipe") return schemaPaths(def.in as z.ZodType, prefix);
  if (def.type === "array") return schemaPaths(def.element as z.ZodType, prefix);
  if (def.type !== "object") return [];
  return Object.entries(def.shape ?? {}).flatMap(([key, field]) => [`${prefix}${key}`, ...schemaPaths(field, `${prefix}${key}.`)]);
}

/** Every field's path in a form (not the entry's status, which is shown, never saved). */
function formPaths(fields: CmsField[], prefix = ""): string[] {
  return fields
    .filter((field) => field.name !== STATUS)
    .flatMap((field) => [`${prefix}${field.name}`, ...formPaths(field.fields ?? [], `${prefix}${field.name}.`)]);
}

const config = cmsConfig({ name: "proxy", proxy_url: "/admin/api/v1" });
const fieldAt = (fields: CmsField[], path: string): CmsField | undefined => {
  const [name, ...rest] = path.split(".");
  const field = fields.find((candidate) => candidate.name === name);
  return rest.length ? fieldAt(field?.fields ?? [], rest.join(".")) : field;
};
const pages = config.collections.find((collection) => collection.name === "pages")?.files ?? [];
const formOf = (file: string) => pages.find((page) => page.file === file)?.fields ?? [];
const studies = config.collections.find((collection) => collection.folder === "content/case-studies");

describe("the CMS's configuration", () => {
  test.each(Object.keys(collections).filter((file) => file !== "content/redirects.yaml"))(
    "%s: the form has every field of the schema, and no other",
    (file) => {
      const schema = collections[file as keyof typeof collections];
      expect(formPaths(formOf(file)).sort()).toEqual(schemaPaths(schema).sort());
    },
  );

  test("the case studies' folder: every field of an entry, each new file an entry", () => {
    expect(studies).toMatchObject({ folder: "content/case-studies", create: true, extension: "md", format: CMS_FORMAT, slug: `{{fields.${FILE_SLUG}}}` });
    // Listed in the site's order, each with whether it is on the site.
    expect(studies?.sortable_fields?.[0]).toEqual({ field: "order", default_sort: "asc" });
    expect(studies?.summary).toBe(`{{order}}. {{$title}}{{${STATUS}}}`);
    expect(studies?.fields?.[0]).toMatchObject({ name: STATUS, widget: "status" });
    expect(formPaths(studies?.fields ?? []).sort()).toEqual(schemaPaths(folders["content/case-studies"].entry).sort());
  });

  test("a field added to the schema appears in the form, with its label, hint, place and whether it is required", () => {
    const grown = caseStudy.extend({
      sector: z
        .string()
        .regex(/^[a-z]+$/)
        .meta({ what: "a sector", hint: "write one word, such as education" }),
      region: z.string().optional(),
    });
    const [folder] = cmsCollections({}, { "content/case-studies": { entry: grown, orderBy: "order" } });
    expect(fieldAt(folder.fields ?? [], "sector")).toEqual({
      name: "sector",
      label: "Sector",
      widget: "string",
      hint: "write one word, such as education",
      check: "sector",
    });
    expect(fieldAt(folder.fields ?? [], "region")).toMatchObject({ name: "region", required: false });
  });

  test("widgets, options and defaults come from the schema", () => {
    expect(fieldAt(studies?.fields ?? [], "draft")).toMatchObject({ widget: "boolean", required: false, default: false });
    expect(fieldAt(studies?.fields ?? [], "published")).toMatchObject({ widget: "day", check: "published" });
    // A cover may be left out; once given, both its parts are required (the check says so): no "(optional)" on them.
    expect(fieldAt(studies?.fields ?? [], "cover")).toMatchObject({ required: false });
    expect(fieldAt(studies?.fields ?? [], "cover.src")).toMatchObject({ widget: "image", check: "cover.src" });
    expect(fieldAt(studies?.fields ?? [], "cover.src")?.required).toBeUndefined();
    expect(fieldAt(studies?.fields ?? [], "cover.alt")?.required).toBeUndefined();
    expect(fieldAt(studies?.fields ?? [], "body")).toMatchObject({ widget: "markdown", check: "body", modes: ["raw", "rich_text"] });
    expect(fieldAt(formOf("content/services.yaml"), "packages.price")).toMatchObject({ widget: "amount", dollars: true, check: "packages.*.price" });
    expect(fieldAt(formOf("content/services.yaml"), "packages.weeks")).toMatchObject({ widget: "amount", check: "packages.*.weeks" });
    expect(fieldAt(formOf("content/services.yaml"), "packages.weeks")?.dollars).toBeUndefined();
    expect(fieldAt(formOf("content/services.yaml"), "packages.results")).toMatchObject({ widget: "list", min: 3, max: 3 });
    const publications = fieldAt(formOf("content/bio.md"), "publications");
    expect(publications?.typeKey).toBe("kind");
    expect(publications?.types?.map((type) => type.name)).toEqual(["Article", "Whitepaper"]);
  });

  test("every widget a form names is one the site's CMS registers (browser/cms.ts)", () => {
    const widgets = (fields: CmsField[]): string[] =>
      fields.flatMap((field) => [field.widget, ...widgets([...(field.fields ?? []), ...(field.field ? [field.field] : []), ...(field.types ?? [])])]);
    const named = new Set(
      cmsCollections().flatMap((collection) => widgets([...(collection.fields ?? []), ...(collection.files ?? []).flatMap((file) => file.fields)])),
    );
    expect([...named].filter((widget) => !(CMS_WIDGETS as readonly string[]).includes(widget))).toEqual([]);
    expect(named.size).toBeGreaterThanOrEqual(8);
  });

  test("each field says what it does in the form's words, not the file's", () => {
    expect(fieldAt(studies?.fields ?? [], "link")?.hint).toContain("A study with a link has no PDF");
    expect(fieldAt(studies?.fields ?? [], "draft")?.hint).toMatch(/^switch on to keep this study off the site/);
    const hints = (fields: CmsField[]): string[] => fields.flatMap((field) => [field.hint ?? "", ...hints(field.fields ?? [])]);
    const every = cmsCollections().flatMap((collection) => hints([...(collection.fields ?? []), ...(collection.files ?? []).flatMap((file) => file.fields)]));
    expect(every.filter((hint) => /write true|remove the line|write the path/.test(hint))).toEqual([]);
  });

  test("View Live opens each entry's own page: a study's at its path, each page's content file at its page's route", () => {
    // Decap fills {{slug}} with the entry's file name.
    expect(studies?.preview_path?.replace("{{slug}}", "city-college-pilot")).toBe(caseStudyPath({ slug: "city-college-pilot" } as CaseStudy));
    for (const page of pages) {
      const shownBy = (PAGE_OF_FILE as Record<string, string>)[page.file];
      if (!shownBy) continue;
      // A page of the site (pages/ is its routes) that shows the file: it imports it.
      expect(existsSync(shownBy), `${page.file}: ${shownBy} is a page of the site`).toBe(true);
      expect(readFileSync(shownBy, "utf8")).toContain(`from "../${page.file}"`);
      expect(page.preview_path).toBe(routeOf(shownBy));
    }
    expect(pages.filter((page) => page.preview_path).map((page) => page.preview_path)).toEqual(
      expect.arrayContaining(["/", "/services", "/about", "/contact", "/bio", "/privacy", "/terms"]),
    );
    // The site's facts have no page of their own: Decap opens site_url, the home page.
    expect(pages.find((page) => page.file === "content/site.yaml")?.preview_path).toBeUndefined();
    expect(config.site_url).toBe("/");
  });
});
