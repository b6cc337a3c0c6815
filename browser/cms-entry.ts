// A case study's entry in the CMS (its form's fields, its text as typed) as the props its page gets from a
// build: the text read by the site's own Markdown reader and split at its ## headings, the site's facts in
// its {{ tokens }}. Where the build refuses an entry, this shows what is typed so far: an empty field is
// empty on the page, a section not yet written has no blocks, and the form and the build say what is missing.
import type { CaseStudy, ImageFile, Site } from "../content/collections.ts";
import type { Block } from "../engine/content/markdown.ts";
import { readBody, sectionsOf } from "../engine/content/markdown-reader.ts";
import { unpublishedReason } from "../engine/content/publishing.ts";
import { fillTokens } from "../engine/content/tokens.ts";
import { slugOf } from "../shared/slug.ts";

/** The entry's fields as the CMS holds them: empty ones as "", null or absent; the text as `body`. */
export type EntryFields = Record<string, unknown>;

/** A field's text, trimmed ("" when empty). */
const textOf = (value: unknown): string => (typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "");
/** A field's text, or undefined when empty (an optional field left out of the file). */
const optional = (value: unknown): string | undefined => textOf(value) || undefined;

/** The list under ## Results: the page's checklist (none yet: an empty list). */
function resultsOf(blocks: Block[] | undefined): Extract<Block, { list: unknown }> {
  return blocks?.find((block): block is Extract<Block, { list: unknown }> => "list" in block) ?? { list: [], ordered: false };
}

/**
 * The study the page renders: `slug` is the entry's file name, or for a new entry the one its title gives
 * (as the CMS names the file); `imageSize` the size of an image the entry names, once known (a cover
 * whose size is not yet known is left out).
 */
export function caseStudyOfEntry(
  fields: EntryFields,
  slug: string | undefined,
  site: Site,
  imageSize: (src: string) => Omit<ImageFile, "src"> | undefined,
): CaseStudy {
  const { sections } = sectionsOf(readBody(textOf(fields.body)).blocks);
  const cover = fields.cover && typeof fields.cover === "object" ? (fields.cover as EntryFields) : {};
  const coverSrc = textOf(cover.src);
  const coverSize = coverSrc ? imageSize(coverSrc) : undefined;
  const title = textOf(fields.title);
  const study: CaseStudy = {
    slug: slug || slugOf(title),
    title,
    subtitle: textOf(fields.subtitle),
    summary: textOf(fields.summary),
    published: textOf(fields.published),
    order: Number(fields.order) || 0,
    featured: fields.featured === true,
    link: optional(fields.link),
    cover: coverSize && { src: coverSrc, alt: textOf(cover.alt), ...coverSize },
    draft: fields.draft === true,
    publishAt: optional(fields.publishAt),
    expiresAt: optional(fields.expiresAt),
    body: { challenge: sections.challenge ?? [], solution: sections.solution ?? [], results: [resultsOf(sections.results)] },
  };
  return fillTokens(study, site);
}

/** A page's content file's entry (content/services.yaml…) as its page gets the file from a build: a Markdown
 * file's text read by the site's reader, the site's facts in its tokens. Nothing is checked: a field left
 * empty is empty on the page, and the form and the build say what is missing. */
export function pageContentOfEntry(fields: EntryFields, markdown: boolean, site: Site): unknown {
  const content = markdown ? { ...fields, body: readBody(textOf(fields.body)).blocks.map(({ block }) => block) } : fields;
  return fillTokens(content, site);
}

/** The studies a build puts on the site on `today` (YYYY-MM-DD), in their order (engine/content/publishing.ts's rule). */
export function studiesOnSite(studies: CaseStudy[], today: string): CaseStudy[] {
  return studies.filter((study) => !unpublishedReason(study, today)).sort((a, b) => a.order - b.order);
}
