// The CMS's format of the firm's content files (CMS_FORMAT, registered by browser/cms-site.ts). A file is
// read as the build reads it: YAML with the yaml package (so 2026-12-08 stays the text it is), a Markdown
// file's fields and its text below them as `body`. It is saved by changing only what changed
// (engine/content/yaml-edit.ts): a field edited in the form is a one-line change of its file, with its comments,
// order, quoting and folding kept, and the text below a Markdown file's fields is written again only when
// it was edited. An entry as read also holds, for the CMS alone, the text it was read from, and for the
// list its title with the site's facts filled in and whether it is on the site.
import { parse, stringify } from "yaml";
import { folders, type Site } from "../content/collections.ts";
import { splitMarkdown } from "../engine/content/check.ts";
import { FILE_SLUG, LISTED_TITLE, READ_FROM, STATUS } from "../engine/content/cms-config.ts";
import { zodDef } from "../engine/content/fields.ts";
import { utcToday } from "../engine/content/publishing.ts";
import { fillTokens } from "../engine/content/tokens.ts";
import { editYaml } from "../engine/content/yaml-edit.ts";

/** An entry's fields as the CMS holds them (a Markdown file's text as `body`). */
export type EntryData = Record<string, unknown>;

/** What the CMS holds of an entry that is no field of its file. */
const FOR_THE_CMS = [READ_FROM, LISTED_TITLE, STATUS, FILE_SLUG];

const MARKDOWN = /^\uFEFF?---\r?\n/;

/** Whether the entry is on the site, as a build made `day` has it: "" when it is (and stays); else what
 * keeps it off or takes it off ("Draft", "Goes live 2026-12-20", "Comes down 2027-06-30"). */
export function statusOf(data: EntryData, day: string): string {
  if (data.draft === true) return "Draft";
  const from = typeof data.publishAt === "string" && data.publishAt ? data.publishAt : undefined;
  const until = typeof data.expiresAt === "string" && data.expiresAt ? data.expiresAt : undefined;
  const parts = [];
  if (from && from > day) parts.push(`Goes live ${from}`);
  if (until) parts.push(until > day ? `Comes down ${until}` : `Came down ${until}`);
  return parts.join(", ");
}

/** A value the form left empty: a field of the file without it. */
function withoutEmpty(value: unknown): unknown {
  if (value === "" || value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.map((item) => withoutEmpty(item) ?? null);
  if (typeof value !== "object") return value;
  const fields = Object.entries(value as EntryData)
    .map(([key, field]) => [key, withoutEmpty(field)] as const)
    .filter(([, field]) => field !== undefined);
  return fields.length ? Object.fromEntries(fields) : undefined;
}

/** A new file's fields in the order its collection's schema names them. */
function inSchemaOrder(fields: EntryData): EntryData {
  const keys = Object.keys(fields);
  for (const { entry } of Object.values(folders)) {
    const order = Object.keys(zodDef(entry).shape ?? {});
    if (keys.every((key) => order.includes(key))) return Object.fromEntries(order.filter((key) => key in fields).map((key) => [key, fields[key]]));
  }
  return fields;
}

/** A Markdown text below the fields, ending with a line break as a file's last line does. */
const asWritten = (body: string) => (body.endsWith("\n") ? body : `${body}\n`);

/** The format, given the site's facts for the titles the list shows. */
export function contentFormat(site: Site) {
  /** What the list shows of an entry beside its place: its title with the site's facts in its tokens,
   * and after it whether it is on the site (" · Draft"). */
  const listed = (data: EntryData): EntryData => {
    const status = statusOf(data, utcToday());
    return { [LISTED_TITLE]: typeof data.title === "string" ? fillTokens(data.title, site) : "", [STATUS]: status ? ` · ${status}` : "" };
  };
  return {
    fromFile(text: string): EntryData {
      const markdown = MARKDOWN.test(text) ? splitMarkdown("the file", text.replace(/^\uFEFF/, "")) : undefined;
      const fields = (parse(markdown ? markdown.front : text) ?? {}) as EntryData;
      // The text as its writer sees it, without the blank line that parts it from the fields.
      const data: EntryData = markdown ? { ...fields, body: markdown.body.replace(/^(\r?\n)+/, "") } : { ...fields };
      return { ...data, [READ_FROM]: text, ...listed(data) };
    },

    toFile(data: EntryData): string {
      const source = typeof data[READ_FROM] === "string" ? (data[READ_FROM] as string) : undefined;
      const { body, ...rest } = Object.fromEntries(Object.entries(data).filter(([key]) => !FOR_THE_CMS.includes(key)));
      const fields = (withoutEmpty(rest) ?? {}) as EntryData;
      const markdown = source === undefined ? body !== undefined : MARKDOWN.test(source);
      if (!markdown) return source === undefined ? stringify(fields, { lineWidth: 100 }) : editYaml(source, fields);
      const text = typeof body === "string" ? body : "";
      if (source === undefined) return `---\n${stringify(inSchemaOrder(fields), { lineWidth: 100 })}---\n\n${asWritten(text)}`;
      const old = splitMarkdown("the file", source.replace(/^\uFEFF/, ""));
      const opening = source.length - source.replace(/^\uFEFF?---\r?\n/, "").length;
      const between = source.slice(opening + old.front.length, source.length - old.body.length);
      // The text below the fields as it was, unless it was edited.
      const gap = /^(\r?\n)*/.exec(old.body)?.[0] || "\n";
      const unedited = old.body.slice(gap.length) === text;
      const front = old.front.trim() ? editYaml(old.front, fields) : stringify(inSchemaOrder(fields), { lineWidth: 100 });
      return source.slice(0, opening) + front + between + (unedited ? old.body : gap + asWritten(text));
    },
  };
}
