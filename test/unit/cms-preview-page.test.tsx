// The CMS's preview of a page's content file (content/services.yaml…) is its page, rendered from the entry as
// the CMS holds it: the content the page gets is the build's for the file as saved, a value typed shows as
// the page shows it with the site's facts in its tokens, and what is typed so far that cannot make the page
// shows one line instead, until the next change makes it.
import { readFileSync } from "node:fs";
import { act } from "@testing-library/react";
import { beforeAll, describe, expect, test } from "vitest";
import { parse } from "yaml";
import { type EntryFields, pageContentOfEntry } from "../../browser/cms-entry.ts";
import type { DecapEntry, PreviewWindow, Template } from "../../browser/cms-preview.ts";
import { priceLabel } from "../../components/prices.ts";
import type { Services } from "../../content/collections.ts";
import site from "../../content/site.yaml";
import { PAGE_OF_FILE } from "../../engine/content/cms-pages.ts";
import { readContentFile } from "../../engine/content/read.ts";

/** A content file's entry as Decap CMS gives it: a YAML file's fields, or a Markdown file's front matter and its text as `body`. */
function fieldsOf(file: string): EntryFields {
  const source = readFileSync(file, "utf8");
  if (!file.endsWith(".md")) return parse(source);
  const [, front, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source) ?? [];
  return { ...parse(front), body };
}

/** An entry as Decap gives a preview (its data an Immutable map). */
const entryOf = (path: string, fields: EntryFields, slug = path.replace(/^.*\/|\.\w+$/g, "")): DecapEntry => ({
  get: (key: string) => ({ data: { toJS: () => fields }, path, slug })[key],
});
/** An entry as Decap reads a collection for a preview (its data plain). */
const readEntryOf = (path: string, fields: EntryFields, slug: string): DecapEntry => ({
  get: (key: string) => ({ data: fields, path, slug })[key],
});

/** A preview template with its box, as Decap renders it; `studies`: the case studies' entries it can read. */
function templateOf(entry: DecapEntry, studies: DecapEntry[] = []): Template {
  const box = document.body.appendChild(document.createElement("div"));
  return {
    props: { entry, getAsset: () => undefined, getCollection: async () => studies, document, window },
    box,
    forceUpdate() {},
  };
}

let preview: NonNullable<PreviewWindow["cmsPreviewPage"]>;
let NOT_SHOWN_YET: string;
beforeAll(async () => {
  // Its study collection's name, as engine/outputs/admin.ts defines it in the bundle.
  (globalThis as Record<string, unknown>).CMS_PREVIEW = { collection: "case-studies" };
  ({ NOT_SHOWN_YET } = await import("../../browser/cms-preview-page.tsx"));
  preview = (window as PreviewWindow).cmsPreviewPage as NonNullable<PreviewWindow["cmsPreviewPage"]>;
});

async function draw(template: Template): Promise<string> {
  await act(async () => preview.draw(template));
  return template.box?.textContent ?? "";
}

describe("the CMS's preview of a page's content file", () => {
  test.each(Object.keys(PAGE_OF_FILE))("%s: the entry as saved gives the page the build's content", (file) => {
    const built = readContentFile(process.cwd(), file, readFileSync(file, "utf8")).data;
    expect(pageContentOfEntry(fieldsOf(file), file.endsWith(".md"), site)).toEqual(built);
  });

  test("services: a price typed shows as the page shows it, and the site's facts fill its tokens", async () => {
    const fields = fieldsOf("content/services.yaml") as Services;
    const price = fields.packages[0].price === 80000 ? 81000 : 80000;
    fields.packages[0].price = price;
    fields.intro.heading = "Packages of {{ company.name }}";
    const template = templateOf(entryOf("content/services.yaml", fields));
    const text = await draw(template);
    expect(template.box?.querySelector(".package__amount")?.textContent).toBe(priceLabel(price));
    expect(text).toContain(`Packages of ${site.company.name}`);
    expect(text).not.toContain("{{");
    expect(template.box?.querySelector("main")?.hasAttribute("inert"), "the page takes no tap").toBe(true);
    preview.unmount(template);
  });

  test("an entry that cannot make its page yet shows one line, and the page again once it can", async () => {
    const fields = fieldsOf("content/services.yaml") as Services;
    const template = templateOf(entryOf("content/services.yaml", { ...fields, packages: [...fields.packages, { name: "New package" }] }));
    expect(await draw(template)).toBe(NOT_SHOWN_YET);
    template.props.entry = entryOf("content/services.yaml", fields);
    expect(await draw(template)).toContain(fields.packages[0].name);
    preview.unmount(template);
  });

  test("home: the Latest card tells of the featured study on the site, once the studies are read", async () => {
    const study = (slug: string, more: EntryFields) => {
      const fields = fieldsOf("test/fixtures/content/case-studies/fixture-product-launch.md");
      return readEntryOf(`content/case-studies/${slug}.md`, { ...fields, featured: false, draft: false, ...more }, slug);
    };
    const studies = [
      study("first", { order: 1, summary: "The first study." }),
      study("featured", { order: 2, featured: true, summary: "The featured study." }),
      study("draft", { order: 0, featured: true, draft: true, summary: "A draft." }),
    ];
    const template = templateOf(entryOf("content/home.yaml", fieldsOf("content/home.yaml")), studies);
    let drawn = false;
    template.forceUpdate = () => {
      drawn = true;
    };
    await draw(template);
    await expect.poll(() => drawn).toBe(true);
    const text = await draw(template);
    expect(text).toContain("The featured study.");
    expect(text).not.toContain("A draft.");
    expect(template.box?.querySelector('a[href="/case-studies/featured"]')).not.toBeNull();
    preview.unmount(template);
  });
});
